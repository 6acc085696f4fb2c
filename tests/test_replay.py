"""Replays of the hand-written records in tests/records/ (RULES.md §9).

Each record carries "expected": the key figures worked out by hand from RULES.md
(see its "comment"): per deal declarer, contract, outcome, points, delta, scores and
bolts — and, where a rule needs them, the score-sheet fields events, doubled, blind and
redeal_by —, the final scores, finished/winner, the barrel state (attempts used or null
per seat) and the golden round's state (§6.6: mode, deals left, made; null when over),
or "error" for a record that must be rejected.  Any player count (§7).  "working" (not read
by the engine) shows the hand computation trick by trick: "T3 2:9D 0:TD 1:JD -> 0 (12)" is
trick 3, seat 2 leads 9D, seat 0 plays TD, seat 1 JD, seat 0 wins 12 card points; "mKH" is
a lead declaring the marriage.
"""
import json
from pathlib import Path

import pytest

from thousand import Game, IllegalAction
from thousand.__main__ import replay_summary

RECORDS = sorted((Path(__file__).parent / "records").glob("*.json"))


def load(path):
    return json.loads(path.read_text(encoding="utf-8"))


def test_there_are_records():
    assert len(RECORDS) >= 20


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_record_replays_to_hand_computed_figures(path):
    rec = load(path)
    exp = rec["expected"]
    if "error" in exp:
        with pytest.raises(IllegalAction) as e:
            Game.from_record(rec)
        msg = str(e.value)
        err = exp["error"]
        assert f"deal {err['deal']}" in msg
        assert f"action {err['action']}" in msg
        assert err["text"] in msg
        return
    g = Game.from_record(rec)
    n = len(rec["names"])
    out = replay_summary(g)
    assert len(out["deals"]) == len(exp["deals"])
    for i, (got, want) in enumerate(zip(out["deals"], exp["deals"])):
        row = g.sheet[i]            # the score sheet has what the CLI summary leaves out
        for k, v in want.items():
            have = got[k] if k in got else row[k]
            assert have == v, f"deal {i + 1} {k}: {have} != {v}"
    for k in ("scores", "finished", "winner"):
        if k in exp:
            assert out[k] == exp[k], k
    if "barrel" in exp:
        got = [g.barrel_attempts[s] if g.on_barrel[s] else None for s in range(n)]
        assert got == exp["barrel"]
    if "golden" in exp:
        assert g.view(0)["golden"] == exp["golden"]
    # §4 score sheet: every score is the start plus the sum of the deltas
    start = (rec.get("start") or {}).get("scores", [0] * n)
    for s in range(n):
        assert start[s] + sum(r["delta"][s] for r in out["deals"]) == out["scores"][s]


def test_perehval_trump_changes_at_the_second_marriage():
    """§3.7 перехвал: after seat 0 declares clubs, clubs are trump; seat 0's QC beats 9H of the old trump."""
    rec = load(Path(__file__).parent / "records" / "perehval.json")
    deal = rec["deals"][0]
    # replay up to the end of trick 4 (5 set-up actions + 12 plays) and look at the deal
    rec["deals"] = [dict(deal, actions=deal["actions"][:17])]
    g = Game.from_record(rec)
    v = g.view(0)
    assert v["trump"] == "C"
    assert [m["seat"] for m in v["melds"]] == [1, 0]
    assert [m["suit"] for m in v["melds"]] == ["H", "C"]
    assert [t["winner"] for t in v["tricks"]] == [1, 1, 0, 0]
    assert v["meld_points"] == [60, 100, 0]


def test_seeded_record_matches_documented_shuffle():
    """§9: the hands of a "seed" deal are random.Random(seed).shuffle of the notation-order deck."""
    rec = load(Path(__file__).parent / "records" / "seeded.json")
    rec["deals"] = [dict(rec["deals"][0], actions=[])]
    g = Game.from_record(rec)
    assert sorted(g.view(1)["hand"]) == sorted("AS 9H TH KD JC QD AH".split())
    assert sorted(g.view(2)["hand"]) == sorted("KH 9C JH JD TD QC 9S".split())
    assert sorted(g.view(0)["hand"]) == sorted("KC AC KS AD QS JS QH".split())
