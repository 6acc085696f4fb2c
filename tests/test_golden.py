"""RULES.md §6.6 the golden round (золотой кон).

The records golden_no_make_replayed and golden_no_make_reset hold the doubling and the
replay of a round in which nobody made 120; these hold who declares, what is hidden, and
the switches golden_can_raise, golden_double_bolts, concede_on_golden and double_only.
"""
import json
from pathlib import Path

import pytest

from thousand import Conventions, Game, IllegalAction
from thousand_helpers import game_with, cards_in, TALON, record

GOLDEN = {"preset": "classic", "golden_round": "on"}
RECORDS = Path(__file__).parent / "records"


def first_golden_deal_of(name):
    """Deal 1 of a record in tests/records (its cards and actions)."""
    return json.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))["deals"][0]


def test_s6_6_first_hand_is_declarer_at_120_without_bidding():
    g = game_with([], conventions=GOLDEN)          # dealer 0: first hand is seat 1
    v = g.view(1)
    assert g.phase == "giving" and g.current_seat == 1
    assert v["declarer"] == 1 and v["contract"] == 120 and v["bids"] == []
    assert v["golden_deal"] == 1 and v["doubled"]
    assert v["golden"] == {"mode": "on", "left": 3, "made": False}


def test_s3_4_s6_6_golden_talon_is_not_shown_and_gives_are_face_down():
    g = game_with(["give AD 0"], conventions=GOLDEN)
    assert sorted(g.view(1)["talon"]) == sorted(TALON)
    for s in (0, 2):
        assert g.view(s)["talon"] is None
    assert g.view(0)["gives"][0]["card"] == "AD"       # the receiver sees his card
    assert g.view(2)["gives"][0]["card"] is None       # the other opponent does not
    assert not {"AD", "TD", "KD"} & cards_in(g.view(2))


def test_s6_6_the_120_cannot_be_raised_unless_golden_can_raise():
    g = game_with(["give AD 0", "give TD 2"], conventions=GOLDEN)
    assert g.legal_actions() == ["contract 120", "concede"]
    with pytest.raises(IllegalAction) as e:
        g.apply("contract 125")
    assert e.value.code == "golden_contract_fixed"
    g = game_with(["give AD 0", "give TD 2"], conventions=dict(GOLDEN, golden_can_raise=True))
    legal = g.legal_actions()
    # first hand holds the hearts marriage: 120 + 100 (§6.1)
    assert "contract 125" in legal and "contract 220" in legal and "contract 225" not in legal


@pytest.mark.parametrize("on_golden, may", [(False, False), (True, True)])
def test_s6_5_concede_on_golden_with_a_free_concession(on_golden, may):
    conv = dict(GOLDEN, concede_penalty="none", concede_on_golden=on_golden)
    g = game_with(["give AD 0", "give TD 2"], conventions=conv)
    assert ("concede" in g.legal_actions()) == may


def test_s6_6_golden_double_bolts_and_the_penalty_counts_double():
    """Deal 1 of golden_no_make_reset: seat 2 takes no trick.  With golden_double_bolts his
    bolt counts two (§5.3): 1 + 2 = 3, the third bolt costs the penalty doubled (§6.6
    "penalties ... count double"): −240, and the count is back to 0."""
    spec = first_golden_deal_of("golden_no_make_reset")
    conv = dict(GOLDEN, golden_double_bolts=True)
    g = Game.from_record(record([spec], conv, {"scores": [0, 0, 0], "bolts": [0, 0, 1]}))
    row = g.sheet[0]
    assert row["points"] == [84, 36, 0]
    assert row["delta"] == [170, -240, -240] and g.bolts == [0, 0, 0]


def test_s6_6_penalty_doubles_without_golden_double_bolts():
    spec = first_golden_deal_of("golden_no_make_reset")
    g = Game.from_record(record([spec], GOLDEN, {"scores": [0, 0, 0], "bolts": [0, 0, 2]}))
    assert g.sheet[0]["delta"] == [170, -240, -240] and g.bolts == [0, 0, 0]
    g = Game.from_record(record([spec], GOLDEN, {"scores": [0, 0, 0], "bolts": [0, 0, 1]}))
    assert g.sheet[0]["delta"] == [170, -240, 0] and g.bolts == [0, 0, 2]


def _concede_each_deal(g, deals):
    """Let each deal's declarer give his cards and concede; return (dealer, declarer,
    golden_deal, doubled) per deal."""
    out = []
    for _ in range(deals):
        while g.phase == "bidding":
            g.apply("pass")
        v = g.view(g.current_seat)
        out.append((v["dealer"], v["declarer"], v["golden_deal"], v["doubled"]))
        while g.phase == "giving":
            g.apply(g.legal_actions()[0])
        g.apply("concede")
    return out


def test_s6_6_the_round_is_one_deal_per_player_and_replayed_when_nobody_made_120():
    """Four players (all_play): four golden deals, each first hand declares once; nobody made
    120, so the round starts again with the fifth deal."""
    conv = Conventions(players=4, golden_round="on")
    g = Game.new(conv, seed=5, first_dealer=0)
    got = _concede_each_deal(g, 5)
    assert got == [(0, 1, 1, True), (1, 2, 2, True), (2, 3, 3, True), (3, 0, 4, True),
                   (0, 1, 1, True)]
    # every conceded golden deal: the declarer −120×2, each opponent 60×2
    assert g.sheet[0]["delta"] == [120, -240, 120, 120]


def test_s6_6_double_only_bids_normally_doubles_three_deals_and_never_replays():
    g = Game.new(Conventions(golden_round="double_only"), seed=11, first_dealer=0)
    assert g.phase == "bidding" and g.current_seat == 2        # first hand sits on 100
    got = _concede_each_deal(g, 4)
    assert [x[3] for x in got] == [True, True, True, False]
    assert [x[1] for x in got] == [1, 2, 0, 1]                 # the forced bidder at 100
    # conceded at 100: −100×2, half of 100 to each, ×2; the fourth deal plain
    assert [r["delta"] for r in g.sheet] == [[100, -200, 100], [100, 100, -200],
                                            [-200, 100, 100], [50, -100, 50]]
    assert g.view(0)["golden"] is None
