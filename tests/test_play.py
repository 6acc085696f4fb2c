"""RULES.md §3 step 7 (play, trumps, marriages) and the §6.2 play conventions."""
import pytest

from thousand import Conventions, IllegalAction
from thousand.play import trick_winner, playable_mask
from thousand.cards import card, mask_of, parse_cards
from thousand_helpers import game_with, PLAYS_A
from test_bidding import ACES, ACES_TALON

# Deal A (dealer 0): seat 1 declarer at 100 with hearts + 9D KD, seat 2 spades + JD TD,
# seat 0 clubs + QD AD.
SET_A = ["pass", "pass", "give AD 0", "give TD 2", "contract 100"]

# Deal T (dealer 0): after the set-up seat 1 holds KH QH AH AS TS 9C JC AD, seat 2 TH JH 9H QS JS 9S AC 9D,
# seat 0 KC TC QC JD QD KD KS TD.
T_HANDS = ["KC TC QC JD QD KD KS".split(), "KH QH AH AS TS 9C JC".split(), "TH JH 9H QS JS 9S AC".split()]
T_TALON = "9D TD AD".split()
SET_T = ["pass", "pass", "give 9D 2", "give TD 0", "contract 100",
         "play AS", "play 9S", "play KS",           # seat 1 wins
         "meld KH", "play 9H", "play JD"]           # hearts trump (seat 1's)


def legal_set(g):
    return set(g.legal_actions())


def test_s3_7_declarer_leads_first_no_trumps_at_start():
    """§3.7: the declarer leads the first trick; there are no trumps at the start of a deal."""
    g = game_with(SET_A)
    assert g.phase == "play" and g.current_seat == 1 and g.view(1)["trump"] is None
    assert legal_set(g) == {"play " + c for c in "AH TH KH QH JH 9H 9D KD".split()}


def test_s3_7_no_declaration_without_a_trick():
    """§3.7: the right to declare needs a trick taken (meld_on_first_lead off)."""
    g = game_with(SET_A)
    assert not any(a.startswith("meld") for a in g.legal_actions())
    with pytest.raises(IllegalAction, match="trick"):
        g.apply("meld KH")


def test_s6_2_meld_on_first_lead():
    """§6.2 meld_on_first_lead: may declare without having taken a trick."""
    g = game_with(SET_A, conventions=Conventions(meld_on_first_lead=True))
    assert {"meld KH", "meld QH"} <= legal_set(g)
    g.apply("meld QH")
    assert g.view(0)["trump"] == "H" and g.deal.meld_points == [0, 100, 0]


def test_s3_7_marriage_declared_value_credited_and_lead_is_trump():
    """§3.7: declaring credits the value to the leader; the suit is trump from this trick on."""
    g = game_with(SET_A + PLAYS_A[:3])
    assert g.current_seat == 1 and {"meld KH", "meld QH"} <= legal_set(g)
    g.apply("meld KH")
    v = g.view(2)
    assert v["trump"] == "H" and v["meld_points"] == [0, 100, 0]
    assert [(m["seat"], m["suit"], m["value"]) for m in v["melds"]] == [(1, "H", 100)]


def test_s3_7_must_follow_suit():
    g = game_with(SET_A + PLAYS_A[:6] + ["play KD"])
    assert g.current_seat == 2
    assert legal_set(g) == {"play JD", "play TD"}
    with pytest.raises(IllegalAction, match="follow suit"):
        g.apply("play AS")


def test_s3_7_cannot_follow_must_trump_highest_trump_wins():
    """§3.7: no card of the led suit → a trump if he has one; a trick is won by the highest trump."""
    g = game_with(SET_A + PLAYS_A[:9])              # seat 0 won trick 3 with AD
    assert g.current_seat == 0 and g.deal.tricks[-1][2] == 0
    g.apply("play AC")
    assert legal_set(g) == {"play TH", "play QH", "play JH", "play 9H"}
    with pytest.raises(IllegalAction, match="trump"):
        g.apply("play 9D")
    g.apply("play 9H")
    # seat 2: no clubs, no trumps → any card
    assert legal_set(g) == {"play AS", "play TS", "play KS", "play QS", "play TD"}
    g.apply("play TD")
    assert g.deal.tricks[-1][2] == 1 and g.current_seat == 1     # the winner leads next


def test_s3_7_highest_card_of_led_suit_wins_without_trump():
    """§3.7: with no trump, the highest card of the suit led wins; other suits never win."""
    g = game_with(SET_A + ["play KH", "play AS", "play AC"])
    assert g.deal.tricks[-1][2] == 1 and g.deal.card_points == [0, 26, 0]
    assert trick_winner([(0, card("9S")), (1, card("AH")), (2, card("TS"))], -1) == 2
    assert trick_winner([(0, card("9S")), (1, card("9H")), (2, card("AS"))], 3) == 1
    assert trick_winner([(0, card("9S")), (1, card("9H")), (2, card("TH"))], 3) == 2


def test_s3_7_follower_playing_marriage_card_declares_nothing():
    g = game_with(SET_A + ["play AH"])
    assert not any(a.startswith("meld") for a in g.legal_actions())     # seat 2 holds KS QS
    with pytest.raises(IllegalAction, match="on lead"):
        g.apply("meld KS")


def test_s3_7_leading_king_without_right_declares_nothing_and_breaks_the_marriage():
    g = game_with(SET_A + ["play KH", "play JS", "play JC"])
    assert g.view(0)["trump"] is None and g.deal.meld_points == [0, 0, 0]
    assert g.current_seat == 1 and not any(a.startswith("meld") for a in g.legal_actions())
    with pytest.raises(IllegalAction, match="king and the queen"):
        g.apply("meld QH")


def test_s3_7_ace_marriage():
    """§3.7/§6.2 ace_marriage: a player on lead with the right holding four aces declares by leading
    an ace: +200, no change of trump."""
    conv = Conventions(ace_marriage=True, meld_on_first_lead=True)
    acts = ["bid 105", "pass", "pass", "give 9S 0", "give 9C 1", "contract 105"]
    g = game_with(acts, hands=ACES, talon=ACES_TALON, conventions=conv)
    assert g.current_seat == 2
    assert {"meld AS", "meld AC", "meld AD", "meld AH", "meld KH", "meld QH"} <= legal_set(g)
    g.apply("meld AD")
    assert g.deal.meld_points == [0, 0, 200] and g.view(0)["trump"] is None
    assert [(m["seat"], m["suit"], m["value"]) for m in g.view(0)["melds"]] == [(2, "A", 200)]
    assert g.current_seat == 0 and len(legal_set(g)) == 8   # seat 0: no ♦, no trump: any card
    g.apply("play 9S")
    assert legal_set(g) == {"play JD", "play QD", "play KD", "play TD"}      # seat 1 follows ♦
    # without the convention an ace is just a card
    g = game_with(acts, hands=ACES, talon=ACES_TALON, conventions=Conventions(meld_on_first_lead=True))
    assert "meld AS" not in legal_set(g)
    with pytest.raises(IllegalAction, match="ace_marriage"):
        g.apply("meld AS")


def test_s6_2_must_beat():
    """§6.2 must_beat: a follower must beat the trick if he can."""
    g = game_with(SET_A + PLAYS_A[:6] + ["play KD"], conventions=Conventions(must_beat=True))
    assert legal_set(g) == {"play TD"}              # JD would not beat KD
    with pytest.raises(IllegalAction, match="must_beat"):
        g.apply("play JD")
    g.apply("play TD")
    assert legal_set(g) == {"play AD"}              # QD would not beat TD
    # cannot beat: any card of the led suit
    hand = mask_of(parse_cards("9D JD AS"))
    assert playable_mask(hand, [(0, card("AD"))], -1, True) == mask_of(parse_cards("9D JD"))
    # cannot follow: must trump, and beat a trump already in the trick if he can
    hand = mask_of(parse_cards("9H AH AS"))
    assert playable_mask(hand, [(0, card("AC")), (1, card("TH"))], 3, True) == mask_of(parse_cards("AH"))


def test_s6_2_no_lead_foreign_trump():
    """§6.2: may not lead a trump declared by someone else while holding other cards."""
    acts = SET_T + ["play 9C", "play AC", "play QC"]          # seat 2 wins with AC
    g = game_with(acts, hands=T_HANDS, talon=T_TALON)
    assert g.current_seat == 2 and {"play TH", "play JH"} <= legal_set(g)
    g = game_with(acts, hands=T_HANDS, talon=T_TALON, conventions=Conventions(no_lead_foreign_trump=True))
    assert legal_set(g) == {"play QS", "play JS", "play 9D"}
    with pytest.raises(IllegalAction, match="no_lead_foreign_trump"):
        g.apply("play TH")
    # the declarer of the trump may lead it
    g = game_with(SET_T, hands=T_HANDS, talon=T_TALON, conventions=Conventions(no_lead_foreign_trump=True))
    assert {"play AH", "play QH"} <= legal_set(g)


def test_s6_2_must_lead_trump():
    """§6.2 must_lead_trump: must lead a trump when holding one."""
    g = game_with(SET_T, hands=T_HANDS, talon=T_TALON, conventions=Conventions(must_lead_trump=True))
    assert g.current_seat == 1 and legal_set(g) == {"play AH", "play QH"}
    with pytest.raises(IllegalAction, match="must_lead_trump"):
        g.apply("play 9C")


def test_s3_7_eight_tricks_then_scored():
    g = game_with(SET_A + PLAYS_A)
    assert len(g.deals[0].tricks) == 8 and len(g.sheet) == 1
    assert g.deals[0].card_points == [17, 90, 13]
    with pytest.raises(IllegalAction):
        g.apply("play AH")
