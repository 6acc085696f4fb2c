"""Scoring around the barrel where RULES.md was updated for issue 12: §5.3 a barrel player's
in-a-row bolt count, §4.1/§6.2 frozen opponents and the four-nines bonus, §4.1 a barrel
player who concedes at 100.  The first test of each pair failed on the engine before the
fix (commit 75d28b0)."""
from thousand import Conventions
from thousand_helpers import game_with, PLAYS_A


def start(scores, barrel, bolts=(0, 0, 0)):
    return {"scores": list(scores), "bolts": list(bolts), "barrel": list(barrel)}


# ---- §5.3 bolts_mode=in_a_row on the barrel ----------------------------------------------
def test_s5_3_a_deal_without_a_bolt_ends_a_barrel_players_streak():
    """§5.3: "a player on the barrel gets no bolt, but a deal that would have given him none
    (by bolt_on) still sets his in-a-row count back to 0".  Deal A with dealer 2: first hand
    (seat 0) declares at 100; seat 1, on the barrel with two bolts in a row, takes the
    QD 9D TD trick.  (The count stayed 2: it was frozen on the barrel.)"""
    acts = ["pass", "pass", "give AD 2", "give TD 1", "contract 100"] + PLAYS_A
    g = game_with(acts, start=start([0, 880, 0], [None, 0, None], bolts=[0, 2, 0]),
                  conventions=Conventions(bolts_mode="in_a_row"), dealer=2)
    row = g.sheet[-1]
    assert row["declarer"] == 0 and row["points"][1] == 13
    assert g.on_barrel[1] and g.scores[1] == 880
    assert g.bolts[1] == 0


def test_s5_3_a_deal_that_would_bolt_him_leaves_his_count():
    """§5.3: "... and one that would have given him one leaves it as it was": deal S (the
    declarer, seat 1, takes every trick); seat 0 on the barrel keeps 2, no penalty."""
    from test_replay import load
    from pathlib import Path
    from thousand import Game
    rec = load(Path(__file__).parent / "records" / "third_bolt_total.json")
    rec["conventions"] = {"preset": "classic", "bolts_mode": "in_a_row"}
    rec["start"] = start([880, 0, 0], [0, None, None], bolts=[2, 1, 1])
    g = Game.from_record(rec)
    assert g.sheet[-1]["points"] == [0, 220, 0]
    assert g.bolts == [2, 0, 2] and g.scores[0] == 880 and g.on_barrel[0]   # seat 1: streak over


# ---- §4.1/§6.2 frozen opponents get no four-nines bonus ----------------------------------
# Dealer 0; seat 1 (first hand) on the barrel declares at exactly need (120) and gives 9H to
# seat 2, who then holds the four nines; seat 0 gets JD.
NINES_HANDS = ["AC TC KC QC JC AD TD".split(),
               "AH TH KH QH JH 9H AS".split(),
               "9S 9C 9D JS QS KS TS".split()]
NINES_TALON = "KD QD JD".split()
NINES_ACTIONS = ["pass", "pass", "give 9H 2", "give JD 0", "contract 120"]


def nines_deal(**conv):
    g = game_with(NINES_ACTIONS, hands=NINES_HANDS, talon=NINES_TALON,
                  start=start([0, 880, 0], [None, 0, None]),
                  conventions=Conventions(four_nines_bonus=True, **conv))
    d = g.deal
    while g.deal is d and not g.finished:       # the play does not matter: the first legal card
        g.apply(g.legal_actions()[0])
    return g.sheet[-1]


def test_s4_1_frozen_opponents_get_no_four_nines_bonus():
    """§4.1 barrel_freezes_opponents: at exactly need "the opponents score neither points,
    bolts, concession awards nor the four-nines bonus that deal"; §6.2 four_nines_bonus.
    (Seat 2 got +120.)"""
    row = nines_deal(barrel_freezes_opponents=True)
    assert row["declarer"] == 1 and row["contract"] == 120
    assert row["delta"][0] == 0 and row["delta"][2] == 0
    assert not [e for e in row["events"] if e["kind"] == "four_nines"]


def test_s6_2_without_the_freeze_the_holder_of_four_nines_gets_120():
    """The same deal without barrel_freezes_opponents: seat 2 scores his points and +120."""
    from thousand.scoring import round5
    row = nines_deal()
    assert [e["seat"] for e in row["events"] if e["kind"] == "four_nines"] == [2]
    assert row["delta"][2] == round5(row["points"][2]) + 120


# ---- §4.1 a barrel player conceding at 100 concedes need ---------------------------------
CONCEDE_AT_100 = ["pass", "pass", "give AD 0", "give TD 2", "concede"]


def test_s4_1_a_barrel_player_conceding_at_100_gives_the_award_of_need():
    """§4.1: "when he concedes at 100, the conceded contract is need for everything — the
    freeze, the opponents' award and a fall"; §5.4 half_bid: need 120 -> 60 each.  (Each got
    50, half of 100.)"""
    g = game_with(CONCEDE_AT_100, start=start([0, 880, 0], [None, 0, None]))
    row = g.sheet[-1]
    assert row["outcome"] == "conceded" and row["contract"] == 120
    assert row["delta"] == [60, 0, 60] and g.on_barrel[1] and g.barrel_attempts[1] == 1


def test_s4_1_a_barrel_player_conceding_at_100_freezes_the_opponents():
    """§4.1 with barrel_freezes_opponents: the conceded contract is need, so the opponents
    stand still.  (They got 50 each: the freeze compared 100 with need.)"""
    g = game_with(CONCEDE_AT_100, start=start([0, 880, 0], [None, 0, None]),
                  conventions=Conventions(barrel_freezes_opponents=True))
    assert g.sheet[-1]["delta"] == [0, 0, 0] and g.scores == [0, 880, 0]
