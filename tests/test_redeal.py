"""RULES.md §6.3 redeals (пересдача): the action `redeal` is offered to the seat that
qualifies, at the moment the convention names, and to nobody else.

The records redeal_*.json hold a redeal under every condition and what follows it (the
same dealer deals again, no barrel attempt); these hold the moments, the seats and the
views.  Dealer 0 throughout: first hand is seat 1, then seats 2 and 0.
"""
import pytest

from thousand import Game, IllegalAction
from thousand_helpers import game_with, cards, deal_spec, record, role_hands

C = {"preset": "classic"}

# seat 2 is dealt all four nines
FOUR_NINES = [cards("AC TC KC QC JC AD TD"), cards("AH TH KH QH JH AS TS"),
              cards("9H 9S 9C 9D KS QS JS")]
FOUR_NINES_TALON = cards("KD QD JD")
# seat 2 holds 9 points (9H 9S 9C JS QS JC JD); talon KD QD 9D
LOW = [cards("AC TC KC QC KS AD TD"), cards("AH TH KH QH JH AS TS"),
       cards("9H 9S 9C JS QS JC JD")]
LOW_TALON = cards("KD QD 9D")
# first hand holds 9S 9C 9D, the talon 9H KD QD
NINES_IN_TALON = [cards("AC TC KC QC JC AD TD"), cards("AH TH KH QH 9S 9C 9D"),
                  cards("AS TS KS QS JS JD JH")]


def assert_offered_only_to(g, seat, reasons):
    assert g.phase == "redeal"
    v = g.view(seat)
    assert v["current_seat"] == seat and sorted(v["legal"]) == ["pass", "redeal"]
    assert v["redeal_reasons"] == reasons
    for s in range(g.n):
        if s != seat:
            w = g.view(s)
            # the others see that a redeal may be asked for, not who may ask (it would say
            # something about his hand)
            assert w["current_seat"] is None and w["legal"] == [] and "redeal_reasons" not in w


def test_s6_3_four_nines_dealt_offered_before_bidding():
    g = game_with([], hands=FOUR_NINES, talon=FOUR_NINES_TALON,
                  conventions=dict(C, redeal_four_nines_dealt=True))
    assert_offered_only_to(g, 2, ["redeal_four_nines_dealt"])
    assert g.view(1)["bids"] == []
    g.apply("pass")
    assert g.phase == "bidding" and g.current_seat == 2


def test_s6_3_convention_off_no_window():
    g = game_with([], hands=FOUR_NINES, talon=FOUR_NINES_TALON)
    assert g.phase == "bidding"
    with pytest.raises(IllegalAction) as e:
        g.apply("redeal")
    assert e.value.code


def test_s6_3_a_redeal_has_the_same_dealer_deal_again():
    conv = dict(C, redeal_four_nines_dealt=True)
    again = deal_spec([], hands=role_hands(0))
    g = Game.from_record(record([deal_spec(["redeal"], FOUR_NINES, FOUR_NINES_TALON), again], conv))
    assert g.sheet[-1]["outcome"] == "redeal" and g.sheet[-1]["redeal_by"] == 2
    assert g.sheet[-1]["delta"] == [0, 0, 0] and g.scores == [0, 0, 0]
    v = g.view(0)
    assert v["deal_number"] == 1 and v["dealer"] == 0 and v["first_hand"] == 1
    assert g.phase == "bidding" and g.current_seat == 2


def test_s6_3_low_hand_is_judged_after_the_giving():
    conv = dict(C, redeal_low_hand=14)
    # seat 2 has 9 points: before the giving nobody is asked
    g = game_with(["pass", "pass"], hands=LOW, talon=LOW_TALON, conventions=conv)
    assert g.phase == "giving"
    # given 9D he still has 9: offered after the giving, before the contract
    g = game_with(["pass", "pass", "give 9D 2", "give QD 0"], hands=LOW, talon=LOW_TALON,
                  conventions=conv)
    assert_offered_only_to(g, 2, ["redeal_low_hand"])
    g.apply("pass")
    assert g.phase == "contract" and g.current_seat == 1
    # given the AS (11) he holds 20 points after the giving: nobody is asked
    g = game_with(["pass", "pass", "give AS 2", "give QD 0"], hands=LOW, talon=LOW_TALON,
                  conventions=conv)
    assert g.phase == "contract"


def test_s6_3_low_hand_any_player_each_asked_clockwise():
    """With N = 25 both opponents hold less after the giving (12 and 24): seat 2 is asked
    first (clockwise from first hand), he declines, then seat 0, who asks."""
    hands = [cards("9D JH KS KC QC QD KD"), cards("AH TH KH QH AS TS AC"),
             cards("9H 9S 9C JS QS JC JD")]
    g = game_with(["pass", "pass", "give QH 2", "give KH 0"], hands=hands,
                  talon=cards("TC AD TD"), conventions=dict(C, redeal_low_hand=25))
    assert_offered_only_to(g, 2, ["redeal_low_hand"])
    g.apply("pass")
    assert_offered_only_to(g, 0, ["redeal_low_hand"])
    g.apply("redeal")
    assert g.sheet[-1]["outcome"] == "redeal" and g.sheet[-1]["redeal_by"] == 0


def test_s6_3_low_talon_only_the_declarer_after_taking():
    hands = [cards("AC TC KC QC JC QD 9D"), cards("AH TH KH QH JH 9H AS"),
             cards("TS KS QS 9S AD TD KD")]
    conv = dict(C, redeal_low_talon=5)
    g = game_with(["bid 105", "pass"], hands=hands, talon=cards("9C JD JS"), conventions=conv)
    assert g.phase == "bidding"              # nothing is offered before the talon is taken
    g.apply("pass")
    assert_offered_only_to(g, 2, ["redeal_low_talon"])
    g.apply("pass")
    assert g.phase == "giving" and g.current_seat == 2
    # a talon of exactly N points (JD QS 9C = 5) is not below N
    g = game_with(["bid 105", "pass", "pass"], hands=[cards("AC TC KC QC JC 9D JS"),
                  cards("AH TH KH QH JH 9H AS"), cards("TS KS 9S AD TD KD QD")],
                  talon=cards("JD QS 9C"), conventions=conv)
    assert g.phase == "giving"


def test_s6_3_two_nines_in_the_talon_only_the_declarer():
    hands = [cards("AC TC KC QC JC QD AD"), cards("AH TH KH QH JH 9H KD"),
             cards("AS TS KS QS JS 9S JD")]
    g = game_with(["pass", "pass"], hands=hands, talon=cards("9D 9C TD"),
                  conventions=dict(C, redeal_two_nines_talon=True))
    assert_offered_only_to(g, 1, ["redeal_two_nines_talon"])


def test_s6_3_redeal_only_at_100():
    hands = [cards("AC TC KC QC JC JD 9D"), cards("AH TH KH QH JH 9H AS"),
             cards("TS KS QS JS AD TD KD")]
    conv = dict(C, redeal_two_nines_talon=True, redeal_only_at_100=True)
    g = game_with(["bid 105", "pass", "pass"], hands=hands, talon=cards("9S 9C QD"),
                  conventions=conv)
    assert g.phase == "giving"               # taken after bidding: no redeal
    # the same talon at 100 (seat 2 now first hand: dealer 1)
    hands1 = [hands[2], hands[0], hands[1]]
    g = game_with(["pass", "pass"], hands=hands1, talon=cards("9S 9C QD"), conventions=conv,
                  dealer=1)
    assert_offered_only_to(g, 2, ["redeal_two_nines_talon"])


def test_s6_3_four_nines_after_taking_the_talon():
    conv = dict(C, redeal_four_nines_after=True, redeal_four_nines_dealt=True)
    # dealt three nines: nothing before bidding; the fourth comes with the talon
    g = game_with([], hands=NINES_IN_TALON, talon=cards("9H KD QD"), conventions=conv)
    assert g.phase == "bidding"
    g = game_with(["pass", "pass"], hands=NINES_IN_TALON, talon=cards("9H KD QD"),
                  conventions=conv)
    assert g.phase == "giving"               # asked after the giving, not on taking
    g.apply("give KD 2")
    g.apply("give QD 0")
    assert_offered_only_to(g, 1, ["redeal_four_nines_after"])
    # giving a nine away: no longer four after the giving
    g = game_with(["pass", "pass", "give 9S 2", "give QD 0"], hands=NINES_IN_TALON,
                  talon=cards("9H KD QD"), conventions=conv)
    assert g.phase == "contract"


def test_s6_3_four_nines_after_receiving():
    hands = [cards("AC TC KC QC JC AD TD"), cards("AH TH KH QH JH 9H AS"),
             cards("9S 9C 9D TS KS QS JS")]
    g = game_with(["pass", "pass", "give 9H 2", "give JD 0"], hands=hands,
                  talon=cards("KD QD JD"), conventions=dict(C, redeal_four_nines_after=True))
    assert_offered_only_to(g, 2, ["redeal_four_nines_after"])


def test_s6_3_several_reasons_at_one_moment():
    g = game_with(["pass", "pass", "give 9H 2", "give JD 0"],
                  hands=[cards("AC TC KC QC JC AD TD"), cards("AH TH KH QH JH 9H AS"),
                         cards("9S 9C 9D JS QS KS TS")],
                  talon=cards("KD QD JD"),
                  conventions=dict(C, redeal_four_nines_after=True, redeal_low_hand=30))
    # seat 2 after the giving: 9S 9C 9D 9H JS QS KS TS = 19 points and four nines
    assert_offered_only_to(g, 2, ["redeal_low_hand", "redeal_four_nines_after"])


def test_s6_3_no_four_nines_with_five_players():
    """§7: five players play without nines, so four nines are never dealt."""
    from thousand import Conventions, Game
    for seed in range(30):
        g = Game.new(Conventions(players=5, redeal_four_nines_dealt=True), seed=seed)
        assert g.phase == "bidding"


def test_s6_3_s7_a_sitting_out_dealer_is_never_asked():
    """§7 dealer_sits_out: the resting dealer holds no cards (0 points) but plays no hand, so
    redeal_low_hand never asks him; after this giving seats 2 and 3 hold 32 and 51 points."""
    import json
    from pathlib import Path
    from thousand_helpers import table_game
    rec = json.loads((Path(__file__).parent / "records" / "four_dealer_sits_out_half.json").read_text())
    deal = rec["deals"][0]
    conv = dict(rec["conventions"], redeal_low_hand=14)
    g = table_game(deal["hands"], deal["talon"], deal["actions"][:4], conv)
    assert g.phase == "contract" and g.current_seat == 1
    conv["redeal_low_hand"] = 33                     # now seat 2 (32) is asked, still not seat 0
    g = table_game(deal["hands"], deal["talon"], deal["actions"][:4], conv)
    assert_offered_only_to(g, 2, ["redeal_low_hand"])
