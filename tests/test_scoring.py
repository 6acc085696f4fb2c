"""RULES.md §5 scoring a deal, §6.4 bolts, §5.4/§6.5 concessions, §4 game end."""
import pytest

from thousand import Conventions
from thousand.scoring import round5, concession_award
from thousand_helpers import game_with, deal_a_actions

Z = {"bolts": [0, 0, 0], "barrel": [None, None, None]}


@pytest.mark.parametrize("x,y", [(17, 15), (18, 20), (22, 20), (23, 25), (26, 25), (29, 30),
                                 (0, 0), (1, 0), (2, 0), (3, 5), (4, 5), (5, 5), (120, 120), (161, 160)])
def test_s5_1_rounding(x, y):
    """§5.1: remainder 1–2 rounds down, 3–4 up."""
    assert round5(x) == y


@pytest.mark.parametrize("award,bid,each", [
    ("half_bid", 115, 60), ("half_bid", 100, 50), ("half_bid", 105, 55), ("half_bid", 120, 60),
    ("half_bid", 125, 65), ("sixty", 105, 60), ("sixty", 200, 60), ("split_120", 150, 60),
])
def test_s5_4_concession_award(award, bid, each):
    """§5.4: half_bid rounds the contract up to 10 and halves it; sixty; split_120 among the opponents."""
    assert concession_award(Conventions(concede_award=award), bid, 2) == each


# Deal W (dealer 0): seat 1 at 100 holds the four nines and four jacks after giving QS and QC,
# and takes no trick; seat 2 wins 7 tricks (111), seat 0 the last (KD over QD: 9).
W_HANDS = ["AH TH KH QH AD TD KD".split(), "9S 9C 9D 9H JS JC JD".split(), "AS TS KS AC TC KC QD".split()]
W_TALON = "JH QS QC".split()
W_ACTIONS = ["pass", "pass", "give QS 2", "give QC 0", "contract 100",
             "play 9S", "play AS", "play QC",
             "play TS", "play AH", "play JS",
             "play KS", "play TH", "play 9C",
             "play QS", "play KH", "play 9D",
             "play AC", "play QH", "play JC",
             "play TC", "play AD", "play 9H",
             "play KC", "play TD", "play JD",
             "play QD", "play KD", "play JH"]


def w_game(**conv):
    return game_with(W_ACTIONS, hands=W_HANDS, talon=W_TALON, conventions=Conventions(**conv))


def test_s5_1_s5_2_s5_3_declarer_without_a_trick():
    """§5.2 failed: −contract; §5.1 others rounded (9 → 10, 111 → 110); §5.3 a bolt for no trick."""
    row = w_game().sheet[-1]
    assert row["points"] == [9, 0, 111] and row["outcome"] == "failed"
    assert row["delta"] == [10, -100, 110] and row["bolts"] == [0, 1, 0]


def test_s6_4_no_bolt_on_own_game():
    row = w_game(no_bolt_on_own_game=True).sheet[-1]
    assert row["bolts"] == [0, 0, 0] and row["delta"] == [10, -100, 110]


def test_s6_2_four_nines_bonus():
    """§6.2 four_nines_bonus: +120 for four nines held after the giving; not part of the contract."""
    row = w_game(four_nines_bonus=True).sheet[-1]
    assert row["outcome"] == "failed" and row["delta"] == [10, 20, 110]


def test_s6_2_round_declarer():
    """§5.2/§6.2 round_declarer: 119 is rounded to 120 before comparing, so 120 is made."""
    from test_replay import load
    from pathlib import Path
    rec = load(Path(__file__).parent / "records" / "perehval.json")
    rec["conventions"] = {"preset": "classic", "round_declarer": True}
    from thousand import Game
    row = Game.from_record(rec).sheet[-1]
    assert row["outcome"] == "made" and row["delta"] == [160, 120, 0]


def test_s5_2_made_scores_contract_not_points():
    row = game_with(deal_a_actions("contract 150")).sheet[-1]
    assert row["points"][1] == 190 and row["delta"][1] == 150


def test_s6_4_bolts_mode_none():
    """§6.4 bolts_mode=none: bolts are recorded but cost nothing."""
    from test_replay import load
    from pathlib import Path
    rec = load(Path(__file__).parent / "records" / "third_bolt_total.json")
    rec["conventions"] = {"preset": "classic", "bolts_mode": "none"}
    from thousand import Game
    row = Game.from_record(rec).sheet[-1]
    assert row["bolts"] == [3, 1, 2] and row["delta"] == [0, 120, 0]


def test_s6_5_concede_third_penalty():
    """§6.5 concede_third_penalty: every third concession also costs the penalty."""
    start = dict(Z, scores=[0, 0, 0], concessions=[0, 2, 0])
    g = game_with(["pass", "pass", "give AD 0", "give TD 2", "concede"], start=start,
                  conventions=Conventions(concede_third_penalty=True))
    assert g.sheet[-1]["delta"] == [50, -220, 50]


def test_s5_4_concession_on_barrel_is_an_attempt():
    """§4.1: a conceded contract on the barrel is just a used attempt; opponents get the award,
    on the conceded contract, which for a barrel player is need (120 → 60 each), never the 100
    he sat on (RULES.md §4.1 as updated)."""
    start = {"scores": [0, 880, 0], "bolts": [0, 0, 0], "barrel": [None, 0, None]}
    g = game_with(["pass", "pass", "give AD 0", "give TD 2", "concede"], start=start)
    assert g.sheet[-1]["delta"] == [60, 0, 60]
    assert g.sheet[-1]["contract"] == 120
    assert g.on_barrel[1] and g.barrel_attempts[1] == 1


def test_s5_4_on_barrel_defender_gets_no_concession_award():
    """§4.1 (assumption): on the barrel no points from a concession by someone else."""
    start = {"scores": [880, 0, 0], "bolts": [0, 0, 0], "barrel": [0, None, None]}
    g = game_with(["pass", "pass", "give AD 0", "give TD 2", "concede"], start=start)
    assert g.sheet[-1]["delta"] == [0, -100, 50]


def test_s4_end_at_minus_1000_highest_wins():
    start = dict(Z, scores=[100, -900, 0])
    g = game_with(deal_a_actions("contract 195"), start=start)
    assert g.finished and g.winner == 0 and g.scores == [115, -1095, 15]
    assert g.phase == "over" and g.legal_actions() == []


def test_s4_end_at_minus_1000_tie_means_no_single_winner():
    start = dict(Z, scores=[0, -900, 0])
    g = game_with(deal_a_actions("contract 195"), start=start)
    assert g.finished and g.winner is None and g.scores == [15, -1095, 15]


def test_s4_end_at_minus_1000_off_game_goes_on():
    start = dict(Z, scores=[100, -900, 0])
    g = game_with(deal_a_actions("contract 195"), start=start, conventions=Conventions(end_at_minus_1000=False))
    assert not g.finished and g.scores == [115, -1095, 15]


def test_s6_2_four_nines_bonus_also_in_a_conceded_deal():
    """§6.2 four_nines_bonus; seed 001: "вне зависимости от результата раунда" — a
    concession after the giving still pays the bonus to the holder of the four nines."""
    acts = ["pass", "pass", "give QS 2", "give QC 0", "concede"]
    row = game_with(acts, hands=W_HANDS, talon=W_TALON,
                    conventions=Conventions(four_nines_bonus=True)).sheet[-1]
    # seat 1 (declarer at 100) holds 9S 9C 9D 9H after giving: −100 + 120; opponents 50 each
    assert row["outcome"] == "conceded" and row["delta"] == [50, 20, 50]


def test_s6_5_concede_limit_three_makes_the_third_concession_free_too():
    """§6.5 concede_limit_three: his concessions "cost him nothing", so the
    concede_third_penalty does not apply to them either (assumption for the pair)."""
    start = dict(Z, scores=[0, 0, 0], concessions=[0, 2, 0])
    g = game_with(["pass", "pass", "give AD 0", "give TD 2", "concede"], start=start,
                  conventions=Conventions(concede_third_penalty=True, concede_limit_three=True))
    assert g.sheet[-1]["delta"] == [50, 0, 50]


def test_s4_1_minus_bid_concession_at_100_on_the_barrel_costs_need():
    """§4.1 barrel_failed_contract=minus_bid: a barrel player declarer at 100 who concedes
    fails a contract of at least `need` (his contract may not be below it): 880 − 120."""
    start = {"scores": [0, 880, 0], "bolts": [0, 0, 0], "barrel": [None, 0, None]}
    g = game_with(["pass", "pass", "give AD 0", "give TD 2", "concede"], start=start,
                  conventions=Conventions(barrel_failed_contract="minus_bid",
                                          concede_penalty="bid"))
    assert g.scores[1] == 760 and not g.on_barrel[1]


# ---- §6.1 penalty: one amount for every penalty of the rules -----------------------------

def _record(name):
    import json
    from pathlib import Path
    return json.loads((Path(__file__).parent / "records" / f"{name}.json").read_text())


def test_s6_1_penalty_is_the_cost_of_the_third_bolt():
    """third_bolt_total with penalty=150: seat 0's third bolt costs 150 (§5.3)."""
    from thousand import Game
    rec = _record("third_bolt_total")
    rec["conventions"]["penalty"] = 150
    g = Game.from_record(rec)
    assert g.sheet[0]["delta"] == [-150, 120, 0] and g.bolts == [0, 1, 2]


def test_s6_1_penalty_sets_the_simultaneous_entry_score():
    """barrel_simultaneous with penalty=100: both go to 880 − 100 (§4.1)."""
    from thousand import Game
    rec = _record("barrel_simultaneous")
    rec["conventions"]["penalty"] = 100
    assert Game.from_record(rec).scores == [780, 800, 780]


def test_s6_1_penalty_is_the_cost_of_every_third_concession():
    start = dict(Z, concessions=[0, 2, 0])
    g = game_with(["pass", "pass", "give AD 0", "give TD 2", "concede"], start=start,
                  conventions=Conventions(concede_third_penalty=True, penalty=150))
    assert g.sheet[-1]["delta"] == [50, -250, 50]


def test_s6_1_penalty_must_be_a_positive_multiple_of_5():
    import pytest
    from thousand import ConventionError
    for bad in (0, -120, 123):
        with pytest.raises(ConventionError) as e:
            Conventions(penalty=bad)
        assert e.value.code == "bad_value"
