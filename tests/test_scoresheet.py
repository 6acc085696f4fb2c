"""The score sheet of a game played with real cards (issue 11 item 3): deals entered as
summaries are scored by the same scoring.score_deal as the engine's own (RULES.md §4–§6).
The sheet reproduces the engine's score sheet of every replay record and of random games
under random conventions at every player count, from the deal summaries alone."""
import json
import random
from pathlib import Path

import pytest

from thousand import Conventions, Game, RecordError
from thousand.cards import points_of
from thousand.scoresheet import ScoreSheet
from thousand_helpers import random_conventions

RECORDS = sorted((Path(__file__).parent / "records").glob("*.json"))
KEYS = ("declarer", "contract", "outcome", "delta", "scores", "bolts", "bolted", "barrel",
        "events")


def entry_of(g: Game, number: int) -> dict:
    """What a player writes down for deal `number` of a game: the declarer, the contract,
    a concession, the card points and marriages, who took no trick, four nines, the sitter."""
    d = g.deals[number]
    row = g.sheet[number]
    n = g.n
    if row["outcome"] == "redeal":
        return {"redeal": True, "declarer": row["declarer"], "contract": row["contract"]}
    decl = row["declarer"]
    points = list(d.card_points)
    if decl is not None:
        points[decl] += points_of(d.discards)           # two talons: they count for him
    melds = [[] for _ in range(n)]
    for seat, suit in d.melds:
        melds[seat].append("SCDHA"[suit])
    e = {"declarer": decl, "contract": row["contract"], "conceded": row["outcome"] == "conceded",
         "blind": d.blind, "points": points, "marriages": melds,
         "no_trick": [s in d.playing and d.tricks_taken[s] == 0 for s in range(n)],
         "four_nines": [s for s in range(n) if d.had_nines[s]]}
    if rng_drop(number) and decl is not None and not d.layout.dead and len(d.layout.talons) < 2:
        e["points"][decl] = None                         # derived from the others'
    sitting = [s for s in range(n) if s not in d.playing]
    if sitting:
        talon = d.cards.talons[0]
        suits = [s for s in range(4) if all(c in talon for c in (s * 6 + 2, s * 6 + 3))]
        e["sitter"] = {"talon_points": points_of(talon), "marriage": "SCDH"[suits[0]] if suits else None}
    return e


def rng_drop(number: int) -> bool:
    return number % 2 == 0


def sheet_of(g: Game) -> ScoreSheet:
    sheet = ScoreSheet(g.conv, list(g.names), g.first_dealer, g.start)
    for i in range(len(g.sheet)):
        sheet.add(entry_of(g, i))
    return sheet


def same_rows(sheet: ScoreSheet, g: Game):
    assert len(sheet.rows) == len(g.sheet)
    for a, b in zip(sheet.rows, g.sheet):
        assert {k: a[k] for k in KEYS} == {k: b[k] for k in KEYS}


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_sheet_reproduces_every_replay_record(path):
    rec = json.loads(path.read_text(encoding="utf-8"))
    if "error" in rec.get("expected", {}):
        pytest.skip("an illegal record")
    g = Game.from_record(rec)
    same_rows(sheet_of(g), g)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", range(6))
def test_sheet_reproduces_random_games(players, seed):
    rng = random.Random(seed * 7 + players)
    conv = random_conventions(rng, players)
    g = Game.new(conv, seed=seed, first_dealer=seed % players)
    while not g.finished and len(g.sheet) < 40:
        g.push(rng.choice(g.legal_moves()))
    sheet = sheet_of(g)
    same_rows(sheet, g)
    assert sheet.scores == g.scores and sheet.standing.finished == g.finished
    # and it survives its own JSON form (saved, exported, a link)
    again = ScoreSheet.from_json(json.loads(json.dumps(sheet.to_json())))
    assert again.rows == sheet.rows


def test_undo_and_edit_rescore_everything_after():
    """§5: editing deal 1 changes every running total after it; undo drops the last deal."""
    conv = Conventions()
    sheet = ScoreSheet(conv, ["A", "B", "C"])
    sheet.add({"declarer": 1, "contract": 120, "points": [20, None, 10], "marriages": [[], ["H"], []]})
    # deal 2: C declares 100 and takes the other 100 card points: made
    sheet.add({"declarer": 2, "contract": 100, "points": [10, 10, None], "marriages": [[], [], []]})
    assert sheet.rows[0]["delta"] == [20, 120, 10] and sheet.scores == [30, 130, 110]
    sheet.edit(0, {"declarer": 1, "contract": 120, "conceded": True})
    # conceded 120: −120, opponents half of 120 each (§5.4); then deal 2 as before
    assert sheet.rows[0]["delta"] == [60, -120, 60] and sheet.scores == [70, -110, 160]
    sheet.undo()
    assert len(sheet.rows) == 1 and sheet.scores == [60, -120, 60]


@pytest.mark.parametrize("entry,word", [
    ({"declarer": 5, "contract": 120}, "declarer"),
    ({"declarer": 1, "contract": 123}, "contract"),
    ({"declarer": 1, "contract": 120, "points": [60, None, 70]}, "add up"),
    ({"declarer": 1, "contract": 120, "marriages": [["H"], ["H"], []]}, "once"),
    ({"declarer": 1, "contract": 120, "marriages": [["X"], [], []]}, "suit"),
    ({"declarer": 1, "contract": 120, "colour": 1}, "colour"),
    ("pass", "object"),
])
def test_bad_entries_are_refused_and_change_nothing(entry, word):
    sheet = ScoreSheet(Conventions(), ["A", "B", "C"])
    sheet.add({"declarer": 1, "contract": 100, "points": [0, None, 0]})
    before = json.dumps(sheet.to_json())
    with pytest.raises(RecordError, match=word):
        sheet.add(entry)
    assert json.dumps(sheet.to_json()) == before


DEEP = [[[]]]
for _ in range(1500):
    DEEP = [DEEP]


MADE = {"declarer": 1, "contract": 120, "points": [20, None, 10], "marriages": [[], ["H"], []]}


@pytest.mark.parametrize("change,word", [
    ({"conceded": DEEP}, "conceded"), ({"conceded": 1}, "conceded"),
    ({"blind": DEEP}, "blind"), ({"blind": True}, "blind"),            # blind is off
    ({"redeal": True, "declarer": None, "contract": 0, "points": DEEP}, "points"),
    ({"redeal": "yes"}, "redeal"),
])
def test_entry_values_that_were_kept_unchecked_are_refused(change, word):
    """Issue 12 (the fuzz sweep): a flag that was not exactly true was taken as false and the
    entry kept as given, so a value nested 1,500 deep later crashed to_json/from_json
    (RecursionError in deepcopy); a redeal's other keys were not read at all."""
    sheet = ScoreSheet(Conventions(), ["A", "B", "C"])
    entry = dict(MADE, **change)
    if change.get("redeal") is True:
        entry = change
    assert ScoreSheet(Conventions(), ["A", "B", "C"]).add(dict(MADE))     # the entry is fine
    with pytest.raises(RecordError, match=word):
        sheet.add(entry)
    assert sheet.entries == []


def test_from_json_refuses_what_a_record_refuses():
    """The header goes through the record schema: conventions [] is not classic; a start
    nested 1,500 deep is refused before it is copied; a sitting-out seat's points are checked;
    nobody declares with two_mode=draw, so no contract."""
    for data in ({"conventions": [], "deals": []}, {"start": DEEP, "deals": []},
                 {"start": {"scores": DEEP}, "deals": []}):
        with pytest.raises(RecordError):
            ScoreSheet.from_json(data)
    conv = Conventions(players=4, four_mode="dealer_sits_out")
    sheet = ScoreSheet(conv, ["A", "B", "C", "D"])
    dealer_sits = {"declarer": 1, "contract": 100, "points": [0, None, 30, 20],
                   "sitter": {"talon_points": 0, "marriage": None}}
    ScoreSheet(conv, ["A", "B", "C", "D"]).add(dict(dealer_sits))
    with pytest.raises(RecordError, match="sits out"):
        sheet.add(dict(dealer_sits, points=[DEEP, None, 30, 20]))
    draw = ScoreSheet(Conventions(players=2, two_mode="draw"), ["A", "B"])
    draw.add({"points": [60, 60]})
    with pytest.raises(RecordError, match="contract"):
        draw.add({"contract": float("nan"), "points": [60, 60]})


# ---- the #sheet= link (issue 11 item 3: exported as a link, validated like every link) ------
from hypothesis import given, settings, strategies as st  # noqa: E402
import base64  # noqa: E402
import zlib  # noqa: E402


def test_link_round_trips_a_sheet_exactly():
    g = Game.from_record(json.loads(RECORDS[0].read_text(encoding="utf-8")))
    sheet = sheet_of(g)
    text = sheet.to_link()
    assert text.startswith("1") and all(c.isalnum() or c in "-_" for c in text)
    again = ScoreSheet.from_link(text)
    assert again.to_json() == sheet.to_json() and again.rows == sheet.rows


def _packed(obj_text: bytes) -> str:
    return "1" + base64.urlsafe_b64encode(zlib.compress(obj_text)).decode().rstrip("=")


@pytest.mark.parametrize("text,code", [
    ("", "bad_sheet_link"), ("2abc", "bad_sheet_link"), ("1" + "A" * 70_000, "bad_sheet_link"),
    ("1!!!", "bad_sheet_link"), ("1" + base64.urlsafe_b64encode(b"not deflate").decode(), "bad_sheet_link"),
    # a zip bomb: 50 MB of spaces inflate past the limit and are refused, not read
    (_packed(b" " * 50_000_000), "bad_sheet_link"),
    (_packed(b"[" * 5000), "too_deep"),
    (_packed(json.dumps({"format": "thousand-sheet/1", "names": ["A", "B", "C"],
                         "deals": [{"declarer": 9, "contract": 120}]}).encode()), "bad_sheet_entry"),
])
def test_a_hostile_link_is_a_record_error(text, code):
    with pytest.raises(RecordError) as e:
        ScoreSheet.from_link(text)
    assert e.value.code == code


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_any_text_is_a_sheet_or_a_record_error(text):
    try:
        ScoreSheet.from_link("1" + text)
    except RecordError:
        pass


JSONS = st.recursive(st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=8),
                     lambda kids: st.lists(kids, max_size=4) | st.dictionaries(
                         st.sampled_from(["format", "names", "deals", "conventions", "start",
                                          "first_dealer", "declarer", "contract", "points"]),
                         kids, max_size=5), max_leaves=30)


@settings(max_examples=200, deadline=None)
@given(JSONS)
def test_a_link_packing_any_json_is_a_sheet_or_an_engine_error(value):
    """A hostile link built by hand (valid base64 and deflate, any JSON inside) reaches only
    the checks of a saved sheet: an engine error with a code, never a Python one."""
    from thousand.errors import ThousandError
    try:
        sheet = ScoreSheet.from_link(_packed(json.dumps(value).encode()))
    except ThousandError as e:
        assert e.code
    else:
        assert ScoreSheet.from_link(sheet.to_link()).rows == sheet.rows
