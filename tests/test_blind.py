"""RULES.md §6.7 the blind game (игра втёмную) and unblinding (растемнение).

The records blind_failed, blind_made, blind_made_capped, unblind and unblind_takes_talon
hold the scoring; these hold who may act when, what the views show, and the switches.
Dealer 0 throughout, so first hand is seat 1.
"""
import pytest

from thousand import IllegalAction
from thousand_helpers import game_with, cards_in, cards, role_hands, TALON

BLIND = {"preset": "classic", "blind": "on"}
UNBLIND = dict(BLIND, unblind=True)

# seat 1 (first hand) spades + JD, seat 2 hearts + 9D, seat 0 clubs + QD (both marriages)
G_HANDS = [cards("AC TC KC QC JC 9C QD"), cards("AS TS KS QS JS 9S JD"),
           cards("AH TH KH QH JH 9H 9D")]
# nobody but seat 1 holds a marriage: seat 2 has QH and QD without their kings, seat 0 KC and
# KH without their queens
NO_MARRIAGE = [cards("AC TC KC JC 9C KH QS"), cards("AS TS KS JS 9S JD QC"),
               cards("AH TH QH JH 9H 9D QD")]
# only seat 0 holds a marriage (clubs): seat 0 and seat 1 swap QS and QC
ONLY_SEAT_0 = [cards("AC TC KC JC 9C KH QC"), cards("AS TS KS JS 9S JD QS"),
               cards("AH TH QH JH 9H 9D QD")]


def test_s6_7_blind_is_offered_to_first_hand_before_anybody_has_looked():
    g = game_with([], hands=G_HANDS, conventions=BLIND)
    v = g.view(1)
    assert v["phase"] == "blind" and v["current_seat"] == 1
    assert sorted(v["legal"]) == ["blind", "pass"]
    for s in range(3):
        w = g.view(s)
        # nobody has looked at his cards: no view names a single card, not even one's own
        assert w["hand"] is None and cards_in(w) == set()
        if s != 1:
            assert w["legal"] == []


def test_s6_7_after_declining_the_cards_are_looked_at_and_bidding_is_normal():
    g = game_with(["pass"], hands=G_HANDS, conventions=BLIND)
    assert g.phase == "bidding" and g.current_seat == 2     # first hand sits on 100
    assert sorted(g.view(0)["hand"]) == sorted(G_HANDS[0])
    assert not g.view(1)["blind"]
    with pytest.raises(IllegalAction) as e:
        g.apply("blind")
    assert e.value.code


def test_s6_7_only_first_hand_may_declare_blind_and_only_once():
    g = game_with([], hands=G_HANDS, conventions=BLIND)
    assert g.current_seat == 1
    g.apply("blind")
    assert g.view(1)["blind"] and g.view(1)["declarer"] == 1 and g.view(1)["contract"] == 120
    with pytest.raises(IllegalAction):
        g.apply("blind")


def test_s6_7_blind_out_of_its_moment_cites_the_blind_rule():
    g = game_with(["pass"], hands=G_HANDS, conventions=BLIND)
    with pytest.raises(IllegalAction) as e:
        g.apply("blind")
    assert e.value.params.get("section") == "6.7"


def test_s6_7_blind_contract_is_120_and_cannot_be_raised():
    # seat 1's spades marriage would allow 160 (§6.1), but a blind contract stays 120
    g = game_with(["blind", "give AD 2", "give TD 0"], hands=G_HANDS, conventions=BLIND)
    assert g.phase == "contract" and g.legal_actions() == ["contract 120"]
    with pytest.raises(IllegalAction) as e:
        g.apply("contract 125")
    assert e.value.code == "blind_contract_fixed"


def test_s6_7_blind_allow_concede_conceded_blind_costs_240():
    conv = dict(BLIND, blind_allow_concede=True)
    g = game_with(["blind", "give AD 2", "give TD 0"], hands=G_HANDS, conventions=conv)
    assert "concede" in g.legal_actions()
    g.apply("concede")
    # §6.7 "Failed or conceded: −240"; the opponents get half of 120 each (§5.4)
    assert g.sheet[-1]["outcome"] == "conceded" and g.sheet[-1]["delta"] == [60, -240, 60]


def test_s6_7_without_blind_allow_concede_no_concession():
    g = game_with(["blind", "give AD 2", "give TD 0"], hands=G_HANDS, conventions=BLIND)
    with pytest.raises(IllegalAction):
        g.apply("concede")


def test_s3_4_s6_7_talon_shown_in_a_blind_game_unless_blind_hide_talon():
    g = game_with(["blind"], hands=G_HANDS, conventions=BLIND)
    assert g.phase == "giving"
    for s in range(3):
        assert sorted(g.view(s)["talon"]) == sorted(TALON)
    g = game_with(["blind"], hands=G_HANDS, conventions=dict(BLIND, blind_hide_talon=True))
    assert sorted(g.view(1)["talon"]) == sorted(TALON)
    for s in (0, 2):
        assert g.view(s)["talon"] is None
        assert not set(TALON) & cards_in(g.view(s))


def test_s3_5_blind_gives_are_face_down():
    g = game_with(["blind", "give AD 2", "give TD 0"], hands=G_HANDS,
                  conventions=dict(BLIND, blind_hide_talon=True))
    assert [x["card"] for x in g.view(1)["gives"]] == ["AD", "TD"]
    assert [x["card"] for x in g.view(2)["gives"]] == ["AD", None]
    assert [x["card"] for x in g.view(0)["gives"]] == [None, "TD"]
    assert "TD" not in cards_in(g.view(2)) and "AD" not in cards_in(g.view(0))


def test_s6_7_blind_not_on_barrel():
    start = {"scores": [0, 0, 880], "bolts": [0, 0, 0], "barrel": [None, None, 0]}
    g = game_with([], hands=G_HANDS, conventions=dict(BLIND, blind_not_on_barrel=True), start=start)
    assert g.phase == "bidding" and "blind" not in g.legal_actions()
    g = game_with([], hands=G_HANDS, conventions=BLIND, start=start)
    assert g.phase == "blind"


def test_s6_6_s6_7_no_blind_declaration_in_the_golden_round():
    """In the golden round first hand is declarer at 120 without bidding (§6.6): there is
    nothing to declare blind."""
    g = game_with([], hands=G_HANDS, conventions=dict(BLIND, golden_round="on"))
    assert g.phase == "giving" and g.current_seat == 1


def test_s5_3_s6_7_third_bolt_of_a_blind_declarer_costs_the_plain_penalty():
    # seat 1 plays blind with nines and jacks and takes no trick at all: -240 for the failed
    # blind game, and his third bolt costs penalty = 120 (§5.3), not doubled
    hands = [cards("AD TD KD AH TH KH QH"), cards("9S 9C 9D 9H JS JC JD"),
             cards("AS TS KS AC TC KC QD")]
    plays = ["play 9S", "play AS", "play QC",        # seat 2 wins
             "play AC", "play QH", "play 9C",        # seat 2 leads; order 2, 0, 1
             "play TC", "play KH", "play JC",
             "play KC", "play TH", "play 9H",
             "play TS", "play AH", "play JS",
             "play KS", "play KD", "play 9D",
             "play QS", "play TD", "play JD",
             "play QD", "play AD", "play JH"]        # seat 0 wins the last
    acts = ["blind", "give QS 2", "give QC 0", "contract 120"] + plays
    start = {"scores": [0, 0, 0], "bolts": [0, 2, 0]}
    g = game_with(acts, hands=hands, talon=cards("JH QS QC"), conventions=BLIND, start=start)
    row = g.sheet[-1]
    # seat 2: 104 -> 105; seat 0: 16 -> 15
    assert row["points"] == [16, 0, 104] and row["outcome"] == "failed"
    assert row["delta"] == [15, -240 - 120, 105] and g.bolts == [0, 0, 0]


def test_s6_7_unblind_is_offered_only_to_a_player_with_a_marriage():
    g = game_with(["blind"], hands=ONLY_SEAT_0, conventions=UNBLIND)
    assert g.phase == "unblind" and g.current_seat == 0
    assert sorted(g.view(0)["legal"]) == ["pass", "unblind"]
    # the others see the window, but not who is asked (holding a marriage is news)
    for s in (1, 2):
        assert g.view(s)["current_seat"] is None and g.view(s)["legal"] == []
    g.apply("pass")
    assert g.phase == "giving" and g.current_seat == 1 and g.view(1)["blind"]


def test_s6_7_nobody_with_a_marriage_nobody_is_asked():
    g = game_with(["blind"], hands=NO_MARRIAGE, conventions=UNBLIND)
    assert g.phase == "giving" and g.current_seat == 1
    with pytest.raises(IllegalAction):
        g.apply("unblind")


def test_s6_7_both_with_marriages_are_asked_clockwise():
    g = game_with(["blind"], hands=G_HANDS, conventions=UNBLIND)
    assert g.current_seat == 2
    g.apply("pass")
    assert g.current_seat == 0 and g.phase == "unblind"


def test_s6_7_unblinding_cancels_the_blind_game_and_bidding_goes_on_from_125():
    g = game_with(["blind", "unblind"], hands=G_HANDS, conventions=UNBLIND)
    v = g.view(0)
    assert not v["blind"] and v["unblinder"] == 2 and v["high_bid"] == 125
    assert g.phase == "bidding" and g.current_seat == 0
    legal = g.legal_actions()
    # seat 0 holds clubs (cap 180): he may pass or bid above 125
    assert "pass" in legal and "bid 130" in legal and "bid 125" not in legal
    assert "bid 185" not in legal


def test_s6_7_the_blind_declarer_bids_normally_after_unblinding():
    g = game_with(["blind", "unblind", "pass"], hands=G_HANDS, conventions=UNBLIND)
    assert g.current_seat == 1 and "bid 130" in g.legal_actions()
    g.apply("bid 130")
    g.apply("pass")         # seat 2, the unblinder
    assert g.phase == "giving" and g.view(1)["declarer"] == 1
    # an unblinded game is an open game: the talon is shown and the gives are face up
    assert sorted(g.view(0)["talon"]) == sorted(TALON)
    g.apply("give AD 2")
    assert g.view(0)["gives"][0]["card"] == "AD"


def test_s6_7_unblind_takes_talon():
    g = game_with(["blind", "unblind"], hands=G_HANDS,
                  conventions=dict(UNBLIND, unblind_takes_talon=True))
    v = g.view(2)
    assert g.phase == "giving" and g.current_seat == 2
    assert v["declarer"] == 2 and v["contract"] == 125 and not v["blind"]
    g.apply("give 9D 0")
    g.apply("give TD 1")
    # seed 001: "он также может повысить ставку" — the contract may be raised (hearts: 220)
    legal = g.legal_actions()
    assert "contract 125" in legal and "contract 220" in legal and "contract 120" not in legal


def test_s6_7_unblind_off_no_window():
    g = game_with(["blind"], hands=role_hands(0), conventions=BLIND)
    assert g.phase == "giving"


def test_s6_7_failed_blind_is_240_also_with_fail_by_shortfall():
    """§6.7 "Failed or conceded: −240" names the blind game's loss outright; §6.4 fail_by is
    the general rule for a failed contract.  The blind_failed record's deal: 11 points."""
    import json
    from pathlib import Path
    from thousand import Game
    rec = json.loads((Path(__file__).parent / "records" / "blind_failed.json").read_text())
    rec["conventions"]["fail_by"] = "shortfall"
    g = Game.from_record(rec)
    assert g.sheet[0]["outcome"] == "failed" and g.sheet[0]["delta"] == [90, -240, 20]


def _blind_made_record():
    import json
    from pathlib import Path
    return json.loads((Path(__file__).parent / "records" / "blind_made.json").read_text())


def test_s4_1_s4_2_a_blind_game_made_on_the_barrel_wins_with_the_contract():
    """First hand on the barrel (need 120) plays blind and makes it: §4.2 his score becomes
    his old score plus the contract, 880 + 120 = 1000 (not twice his points)."""
    from thousand import Game
    rec = _blind_made_record()
    rec["start"] = {"scores": [0, 880, 0], "bolts": [0, 0, 0], "barrel": [None, 0, None]}
    g = Game.from_record(rec)
    assert g.finished and g.winner == 1 and g.scores == [0, 1000, 15]


def test_s4_1_s6_7_no_blind_for_a_barrel_player_whose_need_is_above_120():
    """§4.1: a barrel player's contract is never below need; with target 1001 played exact
    (need 121) a blind 120 is not his to declare."""
    conv = dict(BLIND, target=1001, round_need=False)
    start = {"scores": [0, 880, 0], "bolts": [0, 0, 0], "barrel": [None, 0, None]}
    g = game_with([], hands=G_HANDS, conventions=conv, start=start)
    assert g.phase == "bidding" and "blind" not in g.legal_actions()
