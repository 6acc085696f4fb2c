"""The record schema: one typed parse of everything that enters the engine from outside.

``docs/record-format.md`` documents it field by field (next to RULES.md §9).  Whatever
comes from a file, a save or a link goes through here before the engine sees it:

    loads(data)             JSON text or bytes -> value, within the size, depth and number
                            limits (the CLI's files, the table's saves)
    read_record(value)      a record (any Python value) -> Record, every field checked
                            (``Game.from_record`` calls it)
    read_start(value, conv) the optional starting position
    read_conventions(value) the record's conventions object
    read_names(value, n), read_seat(value, n, field), read_seed(value, field)
                            the fields ``Game(...)`` takes from its callers
    code_text(value)        a share link's rules code, before ``Conventions.read_code``
                            reads its parts

Every problem is an engine error: RecordError (ConventionError for the conventions and
the rules code) whose ``code`` names the problem (``bad_type``, ``bad_value``, ``too_long``,
``unknown_key``, ``missing``, ``bad_card``, ``bad_deal_shape``, ``bad_deal_cards``,
``bad_format``, ``not_json``, ``not_utf8``, ``too_large``, ``too_deep``, ``duplicate_key``,
``number_too_long``) and whose ``params["field"]`` names the field as a path
(``deals[2].hands[1][0]``; ``deal`` is then the deal's number, from 1).  No other exception
comes out of these functions, for any value.

JSON's types are taken exactly: ``true`` is not the number 1 and ``1105.0`` is not a whole
number (Python's bool is an int and 1105.0 == 1105: both are refused where a whole number is
expected).  In the record, a deal and the start, an optional field that is ``null`` is the
same as an absent one (in the conventions null is refused).  Score sheets
(``scoresheet.ScoreSheet.from_json``) read their header, and challenge links
(``challenge.decode``) their JSON, through these functions too.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from itertools import accumulate

from .cards import card as parse_card, CardError
from .errors import ConventionError, RecordError, shown
from .scoring import THIRD

FORMAT = "thousand/1"

# ---- limits (docs/record-format.md) ------------------------------------------------------
MAX_JSON_BYTES = 5_000_000   # a record or save as text (a 2000-deal record: about 1 MB)
MAX_DEPTH = 20               # arrays/objects inside each other (a record needs 5)
MAX_CONTAINERS = 200_000     # arrays and objects in one text (a 2000-deal record: ~25,000)
MAX_NUMBER_DIGITS = 30       # digits of a JSON integer (no field takes a longer one)
MAX_DEALS = 2000             # a game of Thousand is never this long
MAX_ACTIONS = 400            # actions in one deal (a deal has at most about 100)
MAX_ACTION_TEXT = 40         # characters of one action ("give AS dead" is 12)
MAX_NAME = 40                # characters of a player's name
MAX_SEED = 2 ** 63           # seeds are whole numbers 0 <= seed < 2**63
MAX_SCORE = 100_000          # |score| in a starting position
MAX_COUNT = 10_000           # concessions, falls in a starting position
MAX_CODE = 2000              # characters of a share link's rules code
MAX_CODE_PROBLEMS = 20       # problems reported for one rules code

RECORD_KEYS = ("format", "conventions", "names", "first_dealer", "seed", "start", "deals")
NOTE_KEYS = ("comment", "expected", "working")    # annotations the engine does not read
DEAL_KEYS = ("seed", "hands", "talon", "dead", "stock", "actions")
START_KEYS = ("scores", "bolts", "barrel", "concessions", "falls")


# ---- the parsed record ---------------------------------------------------------------------
@dataclass(frozen=True)
class DealCards:
    """A deal's cards as given in a record, as card ints: a hand per seat (a sitting-out
    dealer's is empty), the talon pile(s), the dead hand, the stock in drawing order.  The
    §7 sizes and the deck are checked; which seat sits out is checked when the deal starts
    (``deal.explicit_cards``: it depends on the dealer)."""
    hands: tuple
    talons: tuple
    dead: tuple = ()
    stock: tuple = ()


@dataclass(frozen=True)
class DealRecord:
    seed: int | None            # the deal's cards from a seed (RULES.md §9) ...
    cards: DealCards | None     # ... or given
    actions: tuple              # §9 action texts, checked for type and length only
    number: int = 0             # index in the record's deals


@dataclass(frozen=True)
class Record:
    conventions: object         # a Conventions
    names: list | None          # None: the default names
    first_dealer: int
    seed: int | None
    start: dict | None          # the keys given, values checked (read_start)
    deals: tuple


# ---- errors ---------------------------------------------------------------------------------
_DEAL_PATH = re.compile(r"^deals\[(\d+)\](?:\.actions\[(\d+)\])?\.?")


def _human(field: str) -> str:
    """deals[2].actions[5] -> "deal 3, action 5"; deals[0].hands[1] -> "deal 1, hands[1]"."""
    m = _DEAL_PATH.match(field)
    if not m:
        return field
    out = f"deal {int(m[1]) + 1}"
    if m[2] is not None:
        out += f", action {m[2]}"
    rest = field[m.end():]
    return f"{out}, {rest}" if rest else out


def _error(field: str, code: str, text: str, **params) -> RecordError:
    m = _DEAL_PATH.match(field)
    if m:
        params.setdefault("deal", int(m[1]) + 1)
        if m[2] is not None:
            params.setdefault("index", int(m[2]))
    return RecordError(f"{_human(field)}: {text}", code, field=field, **params)


_KIND = {str: "a text", int: "a whole number", float: "a number with a fraction",
         bool: "true/false", list: "a list", dict: "an object", type(None): "null"}


def _kind(v) -> str:
    return _KIND.get(type(v), f"a {type(v).__name__}")


def _described(v) -> str:
    """"the text 'abc'", "1105.0", "true", "null", "a list (3 entries)"."""
    return f"the text {shown(v)}" if isinstance(v, str) else shown(v)


def _type(field: str, v, expected: str) -> RecordError:
    """`expected` is one of: object, list, text, integer."""
    want = {"object": "an object", "list": "a list", "text": "a text",
            "integer": "a whole number"}.get(expected, expected)
    return _error(field, "bad_type", f"{want} expected, not {_described(v)}",
                  expected=expected, got=_kind(v))


# ---- primitives -----------------------------------------------------------------------------
def _obj(v, field: str, keys: tuple, ignored: tuple = ()) -> dict:
    if not isinstance(v, dict):
        raise _type(field, v, "object")
    for k in v:
        if k not in keys and k not in ignored:
            raise _error(field, "unknown_key", f"unknown key {shown(k)} (known: "
                         f"{', '.join(keys)})", key=shown(k))
    return v


def _list(v, field: str, limit: int) -> list:
    if not isinstance(v, list):
        raise _type(field, v, "list")
    if len(v) > limit:
        raise _error(field, "too_long", f"at most {limit} entries, not {len(v)}", limit=limit)
    return v


def _int(v, field: str, low: int, high: int) -> int:
    """A whole number low <= v < high; never a bool, never a float."""
    if type(v) is not int:
        raise _type(field, v, "integer")
    if not low <= v < high:
        raise _error(field, "bad_value", f"{shown(v)} is not in {low}..{high - 1}",
                     low=low, high=high - 1, value=shown(v))
    return v


def _text(v, field: str, limit: int) -> str:
    if not isinstance(v, str):
        raise _type(field, v, "text")
    if len(v) > limit:
        raise _error(field, "too_long", f"at most {limit} characters, not {len(v)}",
                     limit=limit)
    bad = next((c for c in v if c < " " or c == "\x7f" or "\ud800" <= c <= "\udfff"), None)
    if bad is not None:
        raise _error(field, "bad_value", f"{shown(v)} contains the character U+{ord(bad):04X}",
                     value=shown(v))
    return v


def read_seed(v, field: str = "seed") -> int:
    return _int(v, field, 0, MAX_SEED)


def read_seat(v, players: int, field: str) -> int:
    return _int(v, field, 0, players)


def read_names(v, players: int) -> list | None:
    """A list of one name per seat, or None (absent: the default names)."""
    if v is None:
        return None
    _list(v, "names", players)
    if len(v) != players:
        raise _error("names", "bad_value", f"{players} names expected (one per seat), "
                     f"not {len(v)}", players=players)
    return [_text(x, f"names[{i}]", MAX_NAME) for i, x in enumerate(v)]


def read_cards(v, field: str, limit: int = 24) -> list[int]:
    """A list of card texts ("QH", "10H", "Q♥") -> card ints."""
    _list(v, field, limit)
    out = []
    for i, c in enumerate(v):
        if not isinstance(c, str):
            raise _error(f"{field}[{i}]", "bad_card", f"a card is a text such as 'QH', not "
                         f"{_described(c)}", card=shown(c), expected="text", got=_kind(c))
        try:
            out.append(parse_card(c))
        except CardError as e:
            raise _error(f"{field}[{i}]", "bad_card", str(e), card=shown(c)) from None
    return out


# ---- the record -----------------------------------------------------------------------------
def read_record(value) -> Record:
    """Check a record (any Python value, e.g. from json.loads) against the schema."""
    rec = _obj(value, "record", RECORD_KEYS, NOTE_KEYS)
    fmt = rec.get("format")
    if fmt is not None and not isinstance(fmt, str):
        raise _type("format", fmt, "text")
    if fmt is not None and fmt != FORMAT:
        raise RecordError(f"unknown record format {shown(fmt)} (this engine reads {FORMAT})",
                          "bad_format", field="format", format=shown(fmt))
    conv = read_conventions(rec.get("conventions"))
    n = conv.players
    names = read_names(rec.get("names"), n)
    first = rec.get("first_dealer")
    first = 0 if first is None else read_seat(first, n, "first_dealer")
    seed = rec.get("seed")
    seed = None if seed is None else read_seed(seed)
    start = rec.get("start")
    start = None if start is None else read_start(start, conv)
    deals = rec.get("deals")
    if deals is None:
        raise _error("deals", "missing", "a record needs a list of deals")
    _list(deals, "deals", MAX_DEALS)
    lay = conv.layout
    return Record(conv, names, first, seed, start,
                  tuple(read_deal(i, d, lay) for i, d in enumerate(deals)))


def read_conventions(value):
    """A record's (or score sheet's) "conventions": an object {"preset", ...fields}, or
    None (absent: classic) -> Conventions."""
    from .conventions import Conventions
    if value is None:
        return Conventions()
    if not isinstance(value, dict):
        raise _type("conventions", value, "object")
    try:
        return Conventions.from_dict(value)
    except ConventionError as e:
        raise e.prefixed("conventions") from None


def read_deal(i: int, value, layout) -> DealRecord:
    f = f"deals[{i}]"
    d = _obj(value, f, DEAL_KEYS)
    seed = d.get("seed")
    has_cards = any(d.get(k) is not None for k in ("hands", "talon", "dead", "stock"))
    if seed is not None and has_cards:
        raise _error(f"{f}.seed", "bad_value", "either a seed or the cards, not both")
    if seed is None and not has_cards:
        raise _error(f"{f}.seed", "missing", "a deal needs its cards (hands, talon) or a seed")
    cards = None
    if seed is not None:
        seed = read_seed(seed, f"{f}.seed")
    else:
        cards = read_deal_cards(d, f, layout)
    acts = d.get("actions")
    acts = [] if acts is None else _list(acts, f"{f}.actions", MAX_ACTIONS)
    actions = tuple(_action(a, f"{f}.actions[{j}]") for j, a in enumerate(acts))
    return DealRecord(seed, cards, actions, i)


def _action(v, field: str) -> str:
    """An action is a §9 text (the engine's integer encoding never crosses the API); its
    words are read, and checked against the rules, when it is replayed."""
    if not isinstance(v, str):
        raise _error(field, "bad_action", f"an action is a text in §9 notation, not "
                     f"{_described(v)}", expected="text", got=_kind(v))
    if len(v) > MAX_ACTION_TEXT:
        raise _error(field, "too_long", f"an action has at most {MAX_ACTION_TEXT} characters",
                     limit=MAX_ACTION_TEXT)
    return v


def read_deal_cards(d: dict, f: str, layout) -> DealCards:
    n = layout.players
    hands_v = d.get("hands")
    if hands_v is None:
        raise _error(f"{f}.hands", "missing", "the hands are missing (or give a seed)")
    _list(hands_v, f"{f}.hands", n)
    if len(hands_v) != n:
        raise _error(f"{f}.hands", "bad_deal_shape", f"one list of cards per seat ({n} seats)",
                     players=n)
    hands = tuple(tuple(read_cards(h, f"{f}.hands[{s}]", layout.hand))
                  for s, h in enumerate(hands_v))
    talon_v = d.get("talon")
    if len(layout.talons) > 1:
        if talon_v is None:
            raise _error(f"{f}.talon", "missing", f"{len(layout.talons)} talon piles expected")
        _list(talon_v, f"{f}.talon", len(layout.talons))
        if len(talon_v) != len(layout.talons) or not all(isinstance(p, list) for p in talon_v):
            raise _error(f"{f}.talon", "bad_deal_shape",
                         f"{len(layout.talons)} talon piles (lists of cards) expected")
        talons = tuple(tuple(read_cards(p, f"{f}.talon[{k}]", size))
                       for k, (p, size) in enumerate(zip(talon_v, layout.talons)))
    elif layout.talons:
        talons = (tuple(read_cards([] if talon_v is None else talon_v, f"{f}.talon",
                                   layout.talons[0])),)
    else:
        if talon_v is not None and talon_v != []:
            raise _error(f"{f}.talon", "bad_deal_shape", "this table has no talon (§7)")
        talons = ()
    dead, stock = (tuple(read_cards([] if d.get(k) is None else d[k], f"{f}.{k}", size))
                   for k, size in (("dead", layout.dead), ("stock", layout.stock)))
    # the §7 sizes that do not depend on the dealer, then the deck
    sizes = {layout.hand, 0} if layout.dealer_sits_out else {layout.hand}
    for s, h in enumerate(hands):
        if len(h) not in sizes:
            raise _error(f"{f}.hands[{s}]", "bad_deal_shape",
                         f"{layout.hand} cards expected (§7), not {len(h)}", expected=layout.hand)
    for k, (p, size) in enumerate(zip(talons, layout.talons)):
        if len(p) != size:
            where = f"{f}.talon[{k}]" if len(layout.talons) > 1 else f"{f}.talon"
            raise _error(where, "bad_deal_shape", f"{size} cards expected (§7), not {len(p)}",
                         expected=size)
    for name, got, want in (("dead", dead, layout.dead), ("stock", stock, layout.stock)):
        if len(got) != want:
            raise _error(f"{f}.{name}", "bad_deal_shape",
                         f"{want} cards expected (§7), not {len(got)}", expected=want)
    every = [c for h in hands for c in h] + [c for p in talons for c in p] + list(dead) + list(stock)
    if sorted(every) != sorted(layout.deck):
        raise _error(f"{f}.hands", "bad_deal_cards",
                     f"the cards must be the {len(layout.deck)}-card deck, each exactly once")
    return DealCards(hands, talons, dead, stock)


def read_start(value, conv) -> dict:
    """A starting position {"scores", "bolts", "barrel", "concessions", "falls"} (each a
    list with one entry per seat; absent keys are zeros, and no one on the barrel) ->
    the same keys, checked against the conventions."""
    n = conv.players
    st = _obj(value, "start", START_KEYS)
    out = {}

    def ints(key, low, high, step=1):
        v = st.get(key)
        if v is None:
            return [0] * n
        _list(v, f"start.{key}", n)
        if len(v) != n:
            raise _error(f"start.{key}", "bad_value", f"{n} values expected (one per seat)",
                         players=n)
        vals = [_int(x, f"start.{key}[{s}]", low, high) for s, x in enumerate(v)]
        for s, x in enumerate(vals):
            if x % step:
                raise _error(f"start.{key}[{s}]", "bad_value", f"{x} is not a multiple of {step}",
                             value=shown(x), step=step)
        out[key] = vals
        return vals
    scores = ints("scores", -MAX_SCORE, MAX_SCORE + 1, 5)
    ints("bolts", 0, THIRD)                 # the third bolt is paid at once (§5.3)
    ints("concessions", 0, MAX_COUNT)
    ints("falls", 0, MAX_COUNT)
    barrel = st.get("barrel")
    if barrel is None:
        barrel = [None] * n
    else:
        _list(barrel, "start.barrel", n)
        if len(barrel) != n:
            raise _error("start.barrel", "bad_value", f"{n} values expected (one per seat: "
                         "null, or the attempts used on the barrel)", players=n)
        for s, b in enumerate(barrel):
            if b is not None:
                _int(b, f"start.barrel[{s}]", 0, conv.barrel_deals)
        out["barrel"] = list(barrel)
    for s in range(n):
        if barrel[s] is not None and scores[s] != conv.barrel_at:
            raise _error(f"start.scores[{s}]", "bad_value", f"seat {s} on the barrel must have "
                         f"score {conv.barrel_at}", seat=s, barrel_at=conv.barrel_at)
        if barrel[s] is None and scores[s] >= conv.barrel_at:
            raise _error(f"start.barrel[{s}]", "bad_value", f"seat {s} at {scores[s]} must be "
                         f"on the barrel (§4.1)", seat=s, barrel_at=conv.barrel_at)
    return {k: out[k] for k in START_KEYS if k in out}


# ---- a share link's rules code --------------------------------------------------------------
def code_text(value) -> tuple[str, list]:
    """A rules code (``classic,target=1001``) before its parts are read: (the text to read,
    problems).  Not a text: nothing to read; too long: its first MAX_CODE characters."""
    if not isinstance(value, str):
        return "", [ConventionError(f"a rules code is a text, not {_kind(value)}", "bad_type",
                                    field="rules", expected="text", got=_kind(value))]
    if len(value) > MAX_CODE:
        return value[:MAX_CODE], [ConventionError(
            f"the rules code is longer than {MAX_CODE} characters", "code_too_long",
            field="rules", limit=MAX_CODE)]
    return value, []


# ---- JSON text ------------------------------------------------------------------------------
_BRACKETS = b"[]{}"
_NOT_BRACKETS = bytes(b for b in range(256) if b not in _BRACKETS)
_STEP = [0] * 256
_STEP[ord("[")] = _STEP[ord("{")] = 1
_STEP[ord("]")] = _STEP[ord("}")] = -1


def _json_error(what: str, code: str, text: str, **params) -> RecordError:
    return RecordError(f"{what}: {text}", code, field=what, **params)


def _outside_strings(text: str) -> str:
    """The text with every JSON string taken out, in one pass over its quotes (a quote
    inside a string is escaped by an odd run of backslashes just before it)."""
    outside = []
    inside = False
    for piece in text.split('"'):
        if not inside:
            outside.append(piece)
            inside = True            # the quote after this piece opens a string
        elif (len(piece) - len(piece.rstrip("\\"))) % 2 == 0:
            inside = False           # ... and this one closes it
    return "".join(outside)


def _check_shape(text: str, what: str) -> None:
    """Nesting depth and number of arrays/objects, counted outside strings before parsing
    (so no parser ever recurses deeply or builds millions of objects).  Linear in the text."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return
    # the brackets alone, as bytes (translate deletes the rest in C: no big lists)
    brackets = _outside_strings(text).encode("utf-8", "surrogatepass").translate(
        None, _NOT_BRACKETS)
    opened = brackets.count(b"[") + brackets.count(b"{")
    if opened > MAX_CONTAINERS:
        raise _json_error(what, "too_large", f"more than {MAX_CONTAINERS} arrays and objects",
                          limit=MAX_CONTAINERS)
    if brackets and max(accumulate(map(_STEP.__getitem__, brackets))) > MAX_DEPTH:
        raise _json_error(what, "too_deep", f"JSON nested more than {MAX_DEPTH} deep",
                          limit=MAX_DEPTH)


def _parse_int(s: str) -> int:
    if len(s) > MAX_NUMBER_DIGITS + (s[0] == "-"):
        raise RecordError(f"a number of {len(s)} digits (at most {MAX_NUMBER_DIGITS})",
                          "number_too_long", limit=MAX_NUMBER_DIGITS)
    return int(s)


def _parse_constant(s: str):
    raise RecordError(f"{s} is not JSON", "not_json", token=s)


def _object(pairs: list) -> dict:
    d = dict(pairs)
    if len(d) != len(pairs):
        seen = set()
        dup = next(k for k, _ in pairs if k in seen or seen.add(k))
        raise RecordError(f"the key {shown(dup)} appears twice in one object", "duplicate_key",
                          key=shown(dup))
    return d


def loads(data, what: str = "record"):
    """JSON text (str, or UTF-8 bytes) -> value, within MAX_JSON_BYTES, MAX_DEPTH,
    MAX_CONTAINERS and MAX_NUMBER_DIGITS; NaN/Infinity and repeated keys are refused.
    Any problem: RecordError (``params["field"]`` is `what`)."""
    if isinstance(data, (bytes, bytearray, memoryview)):
        data = bytes(data)
        if len(data) > MAX_JSON_BYTES:
            raise _json_error(what, "too_large", f"larger than {MAX_JSON_BYTES} bytes",
                              limit=MAX_JSON_BYTES)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise _json_error(what, "not_utf8", f"not UTF-8 text (byte {e.start})",
                              offset=e.start) from None
    elif isinstance(data, str):
        if len(data) > MAX_JSON_BYTES:
            raise _json_error(what, "too_large", f"longer than {MAX_JSON_BYTES} characters",
                              limit=MAX_JSON_BYTES)
        text = data
    else:
        raise _json_error(what, "bad_type", f"JSON text expected, not {_kind(data)}",
                          expected="text", got=_kind(data))
    if text.startswith("\ufeff"):
        text = text[1:]              # a byte-order mark, as some editors write
    _check_shape(text, what)
    try:
        return json.loads(text, parse_int=_parse_int, parse_constant=_parse_constant,
                          object_pairs_hook=_object)
    except RecordError as e:
        raise e.prefixed(what, field=what) from None
    except json.JSONDecodeError as e:
        raise _json_error(what, "not_json", f"not JSON ({e.msg}, line {e.lineno} column "
                          f"{e.colno})", line=e.lineno, column=e.colno) from None
    except RecursionError:          # not reached after _check_shape; kept as a guard
        raise _json_error(what, "too_deep", "JSON nested too deeply", limit=MAX_DEPTH) from None


__all__ = ["loads", "read_record", "read_conventions", "read_start", "read_names", "read_seat", "read_seed",
           "read_cards", "code_text", "Record", "DealRecord", "DealCards", "FORMAT"]
