"""RULES.md §4.1 barrel and §4.2 winning, §6.5a barrel conventions (the records in tests/records/barrel_*.json
cover entry, cap, attempts, falls, knock-off, simultaneous entry and the win; these add the switches)."""
import pytest

from thousand import Conventions, IllegalAction
from thousand_helpers import game_with, deal_a_actions

Z = [0, 0, 0]


def start(scores, barrel=(None, None, None), **kw):
    return dict({"scores": list(scores), "bolts": Z, "barrel": list(barrel)}, **kw)


def test_s4_1_sitting_down_attempts_start_next_deal():
    """§4.1: attempts count from the deal after the one in which he sat down."""
    g = game_with(deal_a_actions(), start=start([0, 800, 0]))
    assert g.scores[1] == 880 and g.on_barrel[1] and g.barrel_attempts[1] == 0


def test_s4_1_nobody_wins_without_the_barrel_first():
    g = game_with(deal_a_actions("contract 190"), start=start([0, 800, 0]))
    assert not g.finished and g.scores == [15, 880, 15] and g.on_barrel[1]


def test_s6_5a_barrel_knockoff_off():
    g = game_with(deal_a_actions(), start=start([0, 800, 880], (None, None, 0)),
                  conventions=Conventions(barrel_knockoff=False))
    assert g.scores == [15, 880, 880] and g.on_barrel == [False, True, True]
    assert g.barrel_attempts == [0, 0, 1]


def test_s6_5a_barrel_simultaneous_off_both_sit():
    g = game_with(deal_a_actions(), start=start([870, 700, 870]),
                  conventions=Conventions(barrel_simultaneous=False))
    assert g.scores == [880, 800, 880] and g.on_barrel == [True, False, True]


def test_s6_5a_simultaneous_is_not_a_fall_for_three_barrels_zero():
    g = game_with(deal_a_actions(), start=start([870, 700, 870], falls=[2, 0, 2]),
                  conventions=Conventions(three_barrels_zero=True))
    assert g.scores == [760, 800, 760]


def test_s6_5a_knockoff_is_a_fall_for_three_barrels_zero():
    g = game_with(deal_a_actions(), start=start([0, 800, 880], (None, None, 0), falls=[0, 0, 2]),
                  conventions=Conventions(three_barrels_zero=True))
    assert g.scores == [15, 880, 0]


def test_s6_5a_freeze_only_at_exactly_need():
    """§6.5a barrel_freezes_opponents: only when the barrel declarer plays exactly need."""
    conv = Conventions(barrel_freezes_opponents=True)
    g = game_with(deal_a_actions("contract 125"), start=start([0, 880, 0], (None, 0, None)), conventions=conv)
    assert g.finished and g.winner == 1 and g.scores == [15, 1005, 15]
    g = game_with(deal_a_actions("contract 120"), start=start([0, 880, 0], (None, 0, None)), conventions=conv)
    assert g.scores == [0, 1000, 0]


def test_s6_5a_freeze_also_stops_bolts():
    # deal S from the records: the opponents take no trick; at exactly need they get no bolt
    from test_replay import load
    from pathlib import Path
    from thousand import Game
    rec = load(Path(__file__).parent / "records" / "third_bolt_total.json")
    rec["conventions"] = {"preset": "classic", "barrel_freezes_opponents": True}
    rec["start"] = {"scores": [0, 880, 0], "bolts": [2, 1, 1], "barrel": [None, 0, None]}
    g = Game.from_record(rec)
    assert g.finished and g.winner == 1 and g.bolts == [2, 1, 1] and g.scores == [0, 1000, 0]


def test_s4_1_win_above_target_need_125():
    """§6.1 win_above_target: the barrel contract must be 125 (121 rounded up)."""
    conv = Conventions(win_above_target=True)
    acts = deal_a_actions("contract 120")
    with pytest.raises(IllegalAction, match="125"):
        game_with(acts, start=start([0, 880, 0], (None, 0, None)), conventions=conv)
    g = game_with(deal_a_actions("contract 125"), start=start([0, 880, 0], (None, 0, None)), conventions=conv)
    assert g.winner == 1 and g.scores[1] == 1005


def test_s4_1_barrel_900_need_100():
    conv = Conventions(barrel_at=900)
    g = game_with(deal_a_actions("contract 100"), start=start([0, 900, 0], (None, 0, None)), conventions=conv)
    assert g.finished and g.winner == 1 and g.scores == [15, 1000, 15]


def test_s4_1_penalty_convention_sets_the_fall():
    g = game_with(deal_a_actions(), start=start([0, 800, 880], (None, None, 0)),
                  conventions=Conventions(penalty=100))
    assert g.scores == [15, 880, 780]


def test_s4_1_start_must_be_consistent():
    from thousand import RecordError
    with pytest.raises(RecordError):
        game_with([], start=start([0, 870, 0], (None, 0, None)))
    with pytest.raises(RecordError):
        game_with([], start=start([0, 900, 0]))


def test_s5_5_sheet_events_name_what_happened():
    """§5.5 (3)–(4): the score sheet row lists the barrel, bolt and dump-truck events as data
    the UI can translate: {"kind", "seat", "value"} (+ "why" for a fall)."""
    import json
    from pathlib import Path
    from thousand import Game
    rec_dir = Path(__file__).parent / "records"

    def events(name):
        rec = json.loads((rec_dir / f"{name}.json").read_text(encoding="utf-8"))
        return Game.from_record(rec).sheet[-1]["events"]

    ko = events("barrel_knockoff")
    sit = [e for e in ko if e["kind"] == "barrel_sit"]
    fall = [e for e in ko if e["kind"] == "barrel_fall"]
    assert len(sit) == 1 and sit[0]["value"] == 880
    assert len(fall) == 1 and fall[0]["why"] == "knocked_off" and fall[0]["value"] == 760
    assert fall[0]["seat"] != sit[0]["seat"]
    assert [e["kind"] for e in events("third_bolt_total")] == ["third_bolt"]
    assert events("third_bolt_total")[0]["value"] == -120
    assert [(e["kind"], e["value"]) for e in events("dump_555")] == [("dump_truck", 555)]


def test_s4_2_settlement_each_loser_owes_the_difference():
    """§4.2 / §6.5a settlement (display only): the winner receives from each loser the
    difference of their scores (one point a stake, assumption); nothing when off."""
    import json
    from pathlib import Path
    from thousand import Game
    rec = json.loads((Path(__file__).parent / "records" / "barrel_win.json").read_text("utf-8"))
    g = Game.from_record(rec)
    assert g.finished and g.winner is not None and g.settlement() == []
    rec["conventions"] = dict(rec.get("conventions") or {"preset": "classic"}, settlement=True)
    g = Game.from_record(rec)
    w = g.winner
    debts = {d["from"]: d["points"] for d in g.settlement()}
    assert set(debts) == {s for s in range(3) if s != w}
    for s, pts in debts.items():
        assert pts == g.scores[w] - g.scores[s] > 0


def test_s4_1_freeze_applies_to_a_concession_at_100_whose_contract_is_need():
    """§4.1: "when he concedes at 100, the conceded contract is need for everything — the
    freeze, the opponents' award and a fall": at exactly need the opponents are frozen, so
    they get no award; the deal is a used attempt."""
    conv = Conventions(barrel_freezes_opponents=True)
    g = game_with(["pass", "pass", "give AD 0", "give TD 2", "concede"],
                  start=start([0, 880, 0], (None, 0, None)), conventions=conv)
    row = g.sheet[-1]
    assert row["outcome"] == "conceded" and row["contract"] == 120
    assert row["delta"] == [0, 0, 0] and g.on_barrel[1] and g.barrel_attempts[1] == 1
