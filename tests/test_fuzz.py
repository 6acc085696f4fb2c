"""Fuzzing the edges (issue 12, item 6; docs/record-format.md): hostile records, JSON texts,
saves and rules codes.  Whatever goes in, only the engine's own errors come out
(IllegalAction, RecordError, ConventionError, each with a code, params that are JSON and a
one-line message), and whatever is accepted is a working game whose record replays to the
same state.

The records fuzzed are mutations of real ones: every record in tests/records/, and games of
random legal play at every player count and layout of RULES.md §7 (seeded deals and deals
with their cards written out, some from a starting position), mutated by wrong types
everywhere, deleted and added keys and entries, other cards and actions, huge numbers,
unicode, deep nesting; and whole JSON texts: random bytes, byte mutations of real records,
deep and unbalanced nesting.  A sweep also puts every wrong type into every field of a
dozen records (one per layout), so no field is left to chance.

The default run tries 100–600 cases per fuzzer, 2,000 in all (derandomized: the same cases
every run), and the sweep about 17,000 records; ``-m slow`` tries 100 times as many cases
(122,000, drawn afresh each time) and sweeps every base record.
"""
import copy
import json
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from thousand import Conventions, Game, IllegalAction, RecordError, ConventionError, schema
from thousand import challenge
from thousand.scoresheet import ScoreSheet
from thousand.deal import cards_to_spec
from thousand.layout import LAYOUTS
from thousand_helpers import random_conventions
from test_properties import random_start

ENGINE_ERRORS = (IllegalAction, RecordError, ConventionError)
RECORDS = Path(__file__).parent / "records"

_COMMON = dict(deadline=None, database=None,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                      HealthCheck.filter_too_much])


def fast(n):
    return settings(max_examples=n, derandomize=True, **_COMMON)


def slow(n):
    return settings(max_examples=n, **_COMMON)


@pytest.fixture
def slow_only(request):
    # a command-line -m (e.g. -m 'not e2e') replaces the default -m 'not slow'
    expr = request.config.getoption("markexpr") or ""
    if "slow" not in expr or "not slow" in expr:
        pytest.skip("long fuzz run: use -m slow")


# ---- the records to mutate ---------------------------------------------------------------
def _conventions_for(layout, rng):
    while True:
        conv = random_conventions(rng, layout.players)
        if conv.layout == layout:
            return conv
        # the mode is drawn at random: set it, and draw again if the set is impossible
        try:
            conv = conv.replace(two_mode=layout.mode if layout.players == 2 else conv.two_mode,
                                four_mode=layout.mode if layout.players == 4 else conv.four_mode)
        except ConventionError:
            continue
        if conv.layout == layout:
            return conv


def _played(layout, seed: int) -> dict:
    """A game of random legal play on `layout`: a few deals, the last one unfinished, some
    deals with their cards written out, sometimes from a starting position."""
    rng = random.Random(seed)
    conv = _conventions_for(layout, rng)
    g = Game(conv, first_dealer=rng.randrange(conv.players), seed=rng.randrange(1 << 30))
    start = random_start(rng, conv)
    if start:
        g.set_start(start)
    g._next_deal()
    for _ in range(rng.randrange(20, 160)):
        if g.finished or g.deal is None:
            break
        g.push(rng.choice(g.legal_moves()))
    rec = g.to_record()
    for d, spec in zip(g.deals, rec["deals"]):
        if rng.random() < 0.5:
            spec.pop("seed", None)
            spec.update(cards_to_spec(d.cards, g.layout))
    return rec


RECORD_NAMES = [p.stem for p in sorted(RECORDS.glob("*.json"))]


def _base_records() -> list:
    out = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(RECORDS.glob("*.json"))]
    for i, lay in enumerate(LAYOUTS):
        out += [_played(lay, 1000 * i + k) for k in range(3)]
    return out


BASES = _base_records()


def test_the_bases_cover_every_layout_and_replay():
    modes = set()
    for rec in BASES:
        try:
            g = Game.from_record(rec)
        except IllegalAction:
            assert "error" in rec["expected"]      # the records that must be rejected
            continue
        modes.add(g.layout.mode)
    assert modes == {lay.mode for lay in LAYOUTS}


# ---- hostile values ------------------------------------------------------------------------
CARDS = [r + s for s in "SCDH" for r in "9JQKTA"]
TEXTS = (["", " ", "AS", "10H", "Q♥", "XX", "as", "pass", "PASS ", "bid 105", "bid 1105",
          "contract 120", "concede", "play AS", "meld KH", "give AS 1", "give AS 6",
          "give AS dead", "talon 1", "talon 2", "discard 9S", "redeal", "blind", "unblind",
          "classic", "table000", "thousand/1", "off", "on", "\ud800", "\x00", "a\nb", "Вы",
          "🂡", "x" * 41, "x" * 5000, "1105", "true", "null", "-1", "1e3"]
         + ["play " + c for c in CARDS[:6]])
NUMBERS = [0, 1, -1, 2, 3, 5, 6, 7, 100, 120, 880, 1000, 1105, 2 ** 31, 2 ** 63, -2 ** 63,
           10 ** 30, 10 ** 400]
FLOATS = [0.0, -0.0, 1.0, 3.0, 1105.0, 0.5, float("nan"), float("inf"), float("-inf"), 1e300]


def _deep(depth: int, inner=None):
    v = inner
    for i in range(depth):
        v = [v] if i % 2 else {"a": v}
    return v


scalars = st.one_of(
    st.none(), st.booleans(), st.sampled_from(NUMBERS), st.integers(-10 ** 6, 10 ** 6),
    st.sampled_from(FLOATS), st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(TEXTS), st.text(max_size=12),
    st.sampled_from(["\ud800", "\udfff", "a\udc80b", "\ud83c\udca1", "\ufeff", "\u202e",
                     "\u0301", "\x85", "\u2028"]))
hostile = st.one_of(
    scalars,
    st.lists(scalars, max_size=5),
    st.dictionaries(st.one_of(st.sampled_from(["seed", "hands", "talon", "actions", "preset",
                                               "scores", "barrel", "x"]), st.text(max_size=5)),
                    scalars, max_size=4),
    st.builds(_deep, st.sampled_from([5, 19, 20, 21, 60, 1500]), scalars),
    st.sampled_from([[CARDS[:7]] * 3, CARDS, ["pass"] * 401, [None] * 3, [[]] * 3,
                     list(range(24)), tuple(CARDS[:3]), {"preset": []}, b"AS", {1: 2}, set()])
    .map(copy.deepcopy))            # fresh each time: a later mutation may change it in place


# ---- mutations -------------------------------------------------------------------------------
def _paths(v, path=()):
    """Every place in a record (iteratively: a mutated record may be deep)."""
    out, todo = [], [(path, v)]
    while todo:
        p, x = todo.pop()
        out.append(p)
        if len(p) < 8:
            if isinstance(x, dict):
                todo += [(p + (k,), y) for k, y in x.items()]
            elif isinstance(x, list):
                todo += [(p + (i,), y) for i, y in enumerate(x)]
    return out


def _get(v, path):
    for k in path:
        v = v[k]
    return v


def _swap_type(x, draw):
    if type(x) is int:
        small = -10 ** 300 < x < 10 ** 300      # float() and str() of it work
        return draw(st.sampled_from([bool(x % 2), [x], -x, x + 1, x * 10 ** 20]
                                    + ([float(x), str(x)] if small else [])))
    if isinstance(x, str):
        return draw(st.sampled_from([[x], x.upper(), x.lower(), f" {x} ", x + x, x[:-1],
                                     {"text": x}, None, x.encode("utf-8", "replace")]))
    if isinstance(x, list):
        return draw(st.sampled_from([{str(i): y for i, y in enumerate(x)}, x[:1], x * 2, [x],
                                     tuple(x), x[::-1], []]))
    if isinstance(x, dict):
        return draw(st.sampled_from([list(x.values()), list(x), {}, [x]]))
    return draw(hostile)


def _walk(rec, draw):
    """A place found by walking down from the top, stopping on the way now and then: the
    record's own fields get as much attention as the hundreds of cards and actions."""
    path, x = (), rec
    while isinstance(x, (dict, list)) and x and (not path or draw(st.integers(0, 2))):
        k = draw(st.sampled_from(list(x) if isinstance(x, dict) else range(len(x))))
        path, x = path + (k,), x[k]
    return path


def mutate(rec, draw):
    """One mutation somewhere in the record (in place, on a deep copy)."""
    if draw(st.booleans()):
        path = _walk(rec, draw)
    else:
        path = draw(st.sampled_from(_paths(rec)))
    op = draw(st.sampled_from(["replace", "swap", "delete", "add", "duplicate", "card",
                               "action", "swap"]))
    if not path:
        if op == "replace":
            return draw(st.sampled_from([[rec], "the record as a text", None, {"record": rec}]))
        if op != "add":
            return rec
        rec, path = [rec], (0,)           # add to the top: through a holder, undone below
        holder = rec
    else:
        holder = None
    parent, key = _get(rec, path[:-1]), path[-1]
    x = parent[key]
    if op == "replace":
        parent[key] = draw(hostile)
    elif op == "swap":
        parent[key] = _swap_type(x, draw)
    elif op == "delete":
        del parent[key]
    elif op == "add":
        if isinstance(x, dict):
            x[draw(st.sampled_from(["x", "seed", "hands", "talon", "dead", "stock", "comment",
                                    "format", "scores", "preset", "target", "start",
                                    "conventions", "names", "first_dealer", "deals",
                                    "actions", "barrel"]))] = draw(hostile)
        elif isinstance(x, list):
            x.insert(draw(st.integers(0, len(x))), draw(hostile))
        else:
            parent[key] = draw(hostile)
    elif op == "duplicate" and isinstance(parent, list):
        parent.insert(key, x)           # the same object twice: nothing mutates it later
    elif op == "card" and isinstance(x, str):
        parent[key] = draw(st.sampled_from(CARDS + ["XX", "10S", "♠A", "A"]))
    elif op == "action" and isinstance(x, str):
        parent[key] = draw(st.sampled_from(TEXTS))
    return holder[0] if holder is not None else rec


def copied(rec):
    return json.loads(json.dumps(rec))


# ---- the property ----------------------------------------------------------------------------
def check_error(e):
    assert isinstance(e, ENGINE_ERRORS), repr(e)
    assert e.code and isinstance(e.code, str) and isinstance(e.params, dict)
    msg = str(e)
    assert msg and "\n" not in msg and "\r" not in msg
    json.dumps(e.to_json())                  # what crosses to a client is JSON
    msg.encode("utf-8")                      # and printable (no lone surrogate)


def check_game(g):
    """An accepted record: its record replays to the same state, and the game goes on."""
    rec = g.to_record()
    back = Game.from_record(json.loads(json.dumps(rec)))
    assert back.state_key() == g.state_key() and back.sheet == g.sheet
    assert json.loads(json.dumps(back.to_record())) == json.loads(json.dumps(rec))
    assert Conventions.from_code(g.conv.to_code()) == g.conv     # its rules can be shared
    for seat in range(g.n):
        json.dumps(g.view(seat))
    legal = g.legal_actions()
    if legal:
        g.apply(legal[0])


def replay(value):
    """Game.from_record(value): only engine errors, or a working game."""
    try:
        g = Game.from_record(value)
    except ENGINE_ERRORS as e:
        check_error(e)
        return None
    check_game(g)
    return g


def replay_text(data):
    """What the CLI and a save do: schema.loads, then the record."""
    try:
        value = schema.loads(data)
    except RecordError as e:
        check_error(e)
        return None
    return replay(value)


# ---- the fuzzers -----------------------------------------------------------------------------
def _record_mutations(data):
    rec = copied(data.draw(st.sampled_from(BASES), label="base"))
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        rec = mutate(rec, data.draw)
    replay(rec)


def _hostile_records(data):
    """Records made of hostile values in every field (not mutations of a real one)."""
    keys = ["conventions", "names", "first_dealer", "seed", "start", "deals"]
    rec = {k: data.draw(hostile) for k in data.draw(st.lists(st.sampled_from(keys),
                                                             unique=True, max_size=6))}
    if data.draw(st.integers(0, 4)) == 0:      # now and then the annotations, a wrong key
        rec[data.draw(st.sampled_from(["format", "comment", "expected", "x"]))] = \
            data.draw(hostile)
    if data.draw(st.booleans()):
        rec["deals"] = data.draw(st.lists(st.one_of(
            hostile, st.fixed_dictionaries({}, optional={
                "seed": st.one_of(st.integers(-5, 2 ** 64), hostile), "hands": hostile,
                "talon": hostile, "dead": hostile, "stock": hostile,
                "actions": st.one_of(st.lists(st.sampled_from(TEXTS), max_size=6), hostile)})),
            max_size=3))
    replay(rec)


def _json_texts(data):
    """JSON text: random bytes, byte mutations of real records, deep/unbalanced nesting."""
    kind = data.draw(st.sampled_from(["bytes", "mutated", "mutated", "nesting", "text"]))
    if kind == "bytes":
        text = data.draw(st.binary(max_size=200))
    elif kind == "text":
        text = data.draw(st.text(alphabet='[]{}":,0123456789.eE-+ \\ntrufalsn\ud800é',
                                 max_size=200))
    elif kind == "nesting":
        depth = data.draw(st.sampled_from([1, 5, 19, 20, 21, 22, 999, 1000, 1001, 100_000]))
        opener = data.draw(st.sampled_from(["[", "{\"a\":", "[{\"b\":"]))
        closer = {"[": "]", "{\"a\":": "}", "[{\"b\":": "}]"}[opener]
        close = data.draw(st.sampled_from([depth, depth - 1, 0]))
        text = '{"deals": ' + opener * depth + "1" + closer * close + "}"
    else:
        raw = bytearray(json.dumps(data.draw(st.sampled_from(BASES))).encode())
        for _ in range(data.draw(st.integers(1, 4))):
            if not raw:
                break
            i = data.draw(st.integers(0, len(raw) - 1))
            op = data.draw(st.sampled_from(["flip", "insert", "delete", "truncate"]))
            if op == "flip":
                raw[i] = data.draw(st.integers(0, 255))
            elif op == "insert":
                raw[i:i] = data.draw(st.sampled_from([b"[", b"{", b'"', b"\\", b",", b"\xff",
                                                      b"NaN", b"1e999", b"9" * 40, b"\\ud800"]))
            elif op == "delete":
                del raw[i]
            else:
                del raw[i:]
        text = bytes(raw)
    replay_text(text)


def _saves(data):
    """A save of the table: the web's envelope around a record, as text (web/store.py).  The
    engine's part: schema.loads, then the record."""
    rec = copied(data.draw(st.sampled_from(BASES)))
    if data.draw(st.booleans()):
        rec = mutate(rec, data.draw)
    env = {"v": 1, "game_id": "g", "tab": "t", "rev": 3, "saved": 0.0, "record": rec}
    if data.draw(st.booleans()):
        env = mutate(env, data.draw)
    try:
        text = json.dumps(env)
    except (TypeError, ValueError, RecursionError):
        return                          # not representable as JSON (a tuple key, a set)
    try:
        value = schema.loads(text, "save")
    except RecordError as e:
        check_error(e)
        return
    if isinstance(value, dict) and "record" in value:
        replay(value["record"])


CODE_ALPHABET = ("abcdefghijklmnopqrstuvwxyz_=,0123456789-" + "ONFTRUE" + " %é\ud800\n")
CODE_PARTS = ([f.name for f in Conventions.__dataclass_fields__.values()]
              + ["classic", "table000", "two", "four", "on", "off", "=", ",", "x"])


def _rules_codes(data):
    """Rules codes of share links: random text, parts of real codes, mutations of valid ones;
    read_code never raises and keeps what it can, from_code raises only ConventionError."""
    kind = data.draw(st.sampled_from(["text", "parts", "mutated", "valid", "type"]))
    rng = random.Random(data.draw(st.integers(0, 2 ** 32 - 1)))
    if kind == "text":
        code = data.draw(st.text(alphabet=CODE_ALPHABET, max_size=80))
    elif kind == "parts":
        code = "".join(data.draw(st.lists(st.sampled_from(CODE_PARTS), max_size=12)))
    elif kind == "type":
        code = data.draw(hostile)
    else:
        conv = random_conventions(rng)
        code = conv.to_code()
        assert Conventions.from_code(code) == conv              # a valid code round-trips
        assert Conventions.from_dict(copied(conv.to_dict())) == conv
        if kind == "mutated":
            parts = code.split(",")
            for _ in range(data.draw(st.integers(1, 3))):
                i = data.draw(st.integers(0, len(parts) - 1))
                parts[i] = data.draw(st.sampled_from(
                    [parts[i].upper(), parts[i] + "0", parts[i].replace("=", "=-"), "",
                     parts[i].split("=")[0], parts[i] + "=on", "x=1", parts[i] * 2,
                     parts[i].replace("on", "true"), parts[i] + "\ud800"]))
            code = ",".join(parts)
    conv, problems = Conventions.read_code(code)
    assert isinstance(conv, Conventions) and len(problems) <= schema.MAX_CODE_PROBLEMS + 2
    for e in problems:
        check_error(e)
    assert Conventions.from_code(conv.to_code()) == conv         # what was kept is a code
    try:
        strict = Conventions.from_code(code)
    except ConventionError as e:
        check_error(e)
        assert problems
    else:
        assert strict == conv and not problems
    # and as a record's conventions
    replay({"conventions": conv.to_dict(), "deals": [{"seed": 1, "actions": ["pass"]}]})


def _valid_records(data):
    """Random legal play at every player count: a valid record replays to the same state,
    through its JSON text too."""
    lay = data.draw(st.sampled_from(LAYOUTS))
    rec = _played(lay, data.draw(st.integers(0, 2 ** 32 - 1)))
    g = Game.from_json(json.dumps(rec))
    check_game(g)
    assert Game.from_record(rec).state_key() == Game.from_json(json.dumps(rec)).state_key()


def _cli_files(data):
    """python -m thousand replay on hostile files, in-process: exit 0 or 2, one line."""
    import contextlib
    import io
    from thousand.__main__ import main
    text = data.draw(st.binary(max_size=100))
    if data.draw(st.booleans()):
        try:
            text = json.dumps(mutate(copied(data.draw(st.sampled_from(BASES))), data.draw),
                              default=str).encode()
        except RecursionError:
            pass                        # nested too deep for json.dumps itself
    with tempfile.NamedTemporaryFile(suffix=".json") as f:
        f.write(text)
        f.flush()
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            rc = main(["replay", f.name])
    if rc == 0:
        json.loads(out.getvalue())
    else:
        assert rc == 2 and out.getvalue() == ""
        line = err.getvalue()
        assert line.startswith("replay: ") and line.count("\n") == 1
        line.encode("utf-8")


def _sheets_and_challenges():
    """Score sheets (issue 11: a game played with real cards, kept by the table) and deal
    challenge links of games of random legal play on every layout."""
    from test_scoresheet import sheet_of
    sheets, challenges = [], []
    for i, lay in enumerate(LAYOUTS):
        rng = random.Random(77 + i)
        g = Game(_conventions_for(lay, rng), seed=rng.randrange(1 << 30))
        g._next_deal()
        while len(g.sheet) < 2 and not g.finished:
            g.push(rng.choice(g.legal_moves()))
        sheets.append(sheet_of(g).to_json())
        seat = g.layout.playing(g.deals[0].dealer)[0]
        challenges.append(challenge.make(g, 0, seat, "normal", "Вы"))
        explicit = challenge.make(g, 0, seat, "hard")
        explicit["deal"] = cards_to_spec(g.deals[0].cards, g.layout)
        challenges.append(explicit)
    return sheets, challenges


SHEETS, CHALLENGES = _sheets_and_challenges()


def _score_sheets(data):
    """A score sheet's JSON (as the table stores it), mutated: only engine errors, or a
    sheet whose JSON reads back to the same rows."""
    js = copied(data.draw(st.sampled_from(SHEETS)))
    for _ in range(data.draw(st.integers(1, 3))):
        js = mutate(js, data.draw)
    try:
        sheet = ScoreSheet.from_json(js)
    except ENGINE_ERRORS as e:
        check_error(e)
        return
    back = ScoreSheet.from_json(json.loads(json.dumps(sheet.to_json())))
    assert back.rows == sheet.rows


def _challenge_links(data):
    """Deal challenge links (#challenge=TEXT): mutated challenges, and texts that are not
    one; decode raises only engine errors, and what it accepts starts a game."""
    ch = copied(data.draw(st.sampled_from(CHALLENGES)))
    for _ in range(data.draw(st.integers(0, 3))):
        ch = mutate(ch, data.draw)
    kind = data.draw(st.sampled_from(["encoded", "encoded", "text", "value", "cut"]))
    if kind == "value":
        text = data.draw(hostile)
    elif kind == "text":
        text = data.draw(st.text(max_size=80))
    else:
        try:
            text = challenge.encode(ch)
        except (TypeError, ValueError, RecursionError):
            return                          # not JSON (a tuple key, a set): no such link
        if kind == "cut":
            text = text[:data.draw(st.integers(0, len(text)))]
    try:
        got = challenge.decode(text)
    except ENGINE_ERRORS as e:
        check_error(e)
        return
    check_game(challenge.start(got))


# ---- wrong types everywhere, systematically -------------------------------------------------
WRONG = [None, True, False, 0, -1, 1, 7, 1.0, 3.0, -100.0, 2 ** 63, 10 ** 400, float("nan"),
         "", "x", "AS", "pass", "off", "\ud800", [], [None], [[]], {}, {"x": 1}]
DEEP = _deep(1500)


def _field_paths(rec):
    """Every place in a record except the second and later entries of a deal's lists (cards,
    actions) and the annotations: the fields a schema has to check."""
    out = []
    for p in _paths(rec):
        if p[:1] in (("expected",), ("comment",), ("working",)):
            continue
        if p[:1] == ("deals",) and any(isinstance(k, int) and k > 0 for k in p[2:]):
            continue
        if p[:1] == ("deals",) and len(p) > 1 and p[1] not in (0, len(rec["deals"]) - 1):
            continue
        out.append(p)
    return out


SMALL_WRONG = [None, True, 1.0, "x", [], {}, 10 ** 400]
TOP_KEYS = schema.RECORD_KEYS + schema.NOTE_KEYS + challenge.KEYS + ("x",)
INNER_KEYS = schema.DEAL_KEYS + schema.START_KEYS + ("declarer", "contract", "points", "x")


def _every_wrong_type(rec, load=None) -> int:
    """Put each wrong value into each field of `rec` (and delete it), and add each absent key
    of the format at the top and one level down; `load` each (default: replay a record)."""
    load = load or replay
    n = 0
    for path in _field_paths(rec):
        if not path:
            continue
        x = _get(rec, path)
        extra = [float(x), str(x), bool(x % 2)] if type(x) is int and abs(x) < 10 ** 300 else []
        extra += [[x], x.upper(), " " + x] if isinstance(x, str) else []
        for w in WRONG + extra + [DEEP]:
            r = copied(rec)
            _get(r, path[:-1])[path[-1]] = w
            load(r)
            n += 1
        r = copied(rec)
        del _get(r, path[:-1])[path[-1]]
        load(r)
    for path in [p for p in _field_paths(rec) if len(p) <= 2]:
        d = _get(rec, path)
        if not isinstance(d, dict):
            continue
        for k in (TOP_KEYS if not path else INNER_KEYS):
            if k in d:
                continue
            for w in SMALL_WRONG + [DEEP]:
                r = copied(rec)
                _get(r, path)[k] = w
                load(r)
                n += 1
    return n


def load_sheet(js):
    try:
        sheet = ScoreSheet.from_json(js)
    except ENGINE_ERRORS as e:
        check_error(e)
        return
    assert ScoreSheet.from_json(json.loads(json.dumps(sheet.to_json()))).rows == sheet.rows


def load_challenge(ch):
    try:
        text = challenge.encode(ch)
    except (RecursionError, ValueError):
        return                  # json.dumps cannot write it (too deep, NaN): no such link
    try:
        got = challenge.decode(text)
    except ENGINE_ERRORS as e:
        check_error(e)
        return
    check_game(challenge.start(got))


# three hand-written records (a start on the barrel, seeded deals, table000) and one played
# game per layout of §7
SWEEP_BASES = ([RECORD_NAMES.index(n) for n in ("barrel_win", "seeded", "table000_barrel_121")]
               + [len(RECORD_NAMES) + 3 * k for k in range(len(LAYOUTS))])


@pytest.mark.parametrize("i", SWEEP_BASES)
def test_every_field_with_every_wrong_type(i):
    """Each field of a base record (top level, conventions, start, the first and last deal)
    replaced by each wrong type, or deleted, and each absent key added with one: only
    engine errors, or a working game."""
    assert _every_wrong_type(BASES[i]) > 100


@pytest.mark.parametrize("i", range(len(LAYOUTS)))
def test_every_score_sheet_field_with_every_wrong_type(i):
    assert _every_wrong_type(SHEETS[i], load_sheet) > 100


@pytest.mark.parametrize("i", [0, 7, 12])     # seeded and with cards, three layouts
def test_every_challenge_field_with_every_wrong_type(i):
    assert _every_wrong_type(CHALLENGES[i], load_challenge) > 100


@pytest.mark.slow
@pytest.mark.parametrize("i", range(len(BASES)))
def test_every_field_with_every_wrong_type_slow(i, slow_only):
    _every_wrong_type(BASES[i])


@pytest.mark.slow
def test_every_challenge_field_with_every_wrong_type_slow(slow_only):
    for ch in CHALLENGES:
        _every_wrong_type(ch, load_challenge)


# cases per fuzzer in the default run (derandomized); -m slow runs 100 times as many
FUZZERS = {"record_mutations": (_record_mutations, 600), "hostile_records": (_hostile_records, 300),
           "json_texts": (_json_texts, 300), "saves": (_saves, 200),
           "rules_codes": (_rules_codes, 400), "valid_records": (_valid_records, 100),
           "cli_files": (_cli_files, 100), "score_sheets": (_score_sheets, 200),
           "challenge_links": (_challenge_links, 200)}


def _make(fn, n, slow_run=False):
    inner = (slow if slow_run else fast)(n)(given(st.data())(fn))
    if not slow_run:
        return inner

    def test(slow_only):
        inner()
    return pytest.mark.slow(test)


for _name, (_fn, _n) in FUZZERS.items():
    globals()[f"test_fuzz_{_name}"] = _make(_fn, _n)
    globals()[f"test_fuzz_{_name}_slow"] = _make(_fn, 100 * _n, slow_run=True)
