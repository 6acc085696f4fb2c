"""RULES.md §3 step 3 (bidding), §6.1 table conventions, §4.1 bidding on the barrel."""
import pytest

from thousand import Conventions, IllegalAction
from thousand_helpers import game_with

# dealer 0: seat 1 (first hand) is forced at 100; seat 2 speaks first.  Role hands:
# seat 1 hearts + 9D (♥ marriage 100), seat 2 spades + JD (♠ 40), seat 0 clubs + QD (♣ 60).
# ACES: seat 2 holds the four aces; seat 0 ♠ and ♣ marriages; seat 1 ♦ marriage.
ACES = ["JS QS KS TS JC QC KC".split(), "TC JD QD KD TD 9H JH".split(), "AS AC AD AH 9S 9C 9D".split()]
ACES_TALON = "QH KH TH".split()


def bids_of(g):
    return [int(a.split()[1]) for a in g.legal_actions() if a.startswith("bid ")]


def test_s3_3_forced_bidder_first_hand_and_first_speaker():
    """§3.3: first hand (seat after the dealer) sits on 100; bidding starts with the seat after him."""
    g = game_with([])
    assert g.phase == "bidding" and g.current_seat == 2
    assert g.view(2)["forced_bidder"] == 1 and g.view(2)["high_bid"] == 100
    assert "pass" in g.legal_actions()
    assert min(bids_of(g)) == 105


def test_s3_3_dealer_forced_bidder_convention():
    """§6.1 forced_bidder=dealer (seed 002): the dealer sits on 100; the seat after him speaks first."""
    g = game_with([], conventions=Conventions(forced_bidder="dealer"))
    assert g.view(1)["forced_bidder"] == 0 and g.current_seat == 1
    g.apply("pass"); g.apply("pass")
    assert g.phase == "giving" and g.deal.declarer == 0 and g.deal.contract == 100


def test_s3_3_nobody_bids_forced_bidder_declarer_at_100():
    """§3.3: if nobody bids, the forced bidder is declarer at 100 ("на сотне")."""
    g = game_with(["pass", "pass"])
    assert g.phase == "giving" and g.current_seat == 1
    assert g.deal.declarer == 1 and g.deal.contract == 100 and g.deal.at_100


def test_s3_3_clockwise_pass_is_final_forced_bidder_may_raise():
    """§3.3: clockwise; a pass is final; the forced bidder bids when his turn comes round and may raise."""
    g = game_with(["bid 105"])
    assert g.current_seat == 0
    g.apply("pass")
    assert g.current_seat == 1            # the forced bidder, his turn has come round
    assert 110 in bids_of(g)
    g.apply("bid 110")
    assert g.current_seat == 2            # seat 0 passed: skipped for good
    g.apply("bid 115")
    assert g.current_seat == 1
    g.apply("pass")
    assert g.phase == "giving" and g.deal.declarer == 2 and g.deal.contract == 115
    assert not g.deal.at_100


def test_s3_3_bids_multiples_of_5_and_higher():
    """§3.3: a higher bid, a multiple of bid_step 5."""
    g = game_with(["bid 110"])
    with pytest.raises(IllegalAction, match="higher"):
        g.apply("bid 110")
    with pytest.raises(IllegalAction, match="multiple"):
        g.apply("bid 112")
    assert bids_of(g)[:3] == [115, 120, 125]


def test_s3_3_max_bid_300():
    """§3.3/§6.1: bids are at most 300 (bid_cap none: anything up to max_bid)."""
    g = game_with([], conventions=Conventions(bid_cap="none"))
    assert bids_of(g) == list(range(105, 301, 5))
    with pytest.raises(IllegalAction, match="300"):
        g.apply("bid 305")


def test_s6_1_bid_step_10():
    g = game_with([], conventions=Conventions(bid_step=10))
    assert bids_of(g)[:3] == [110, 120, 130]
    with pytest.raises(IllegalAction, match="bid_step"):
        g.apply("bid 105")


def test_s6_1_bid_cap_marriages():
    """§3.3/§6.1 bid_cap=marriages: at most 120 + the marriages held (♠ 40 → 160, ♣ 60 → 180)."""
    g = game_with([])
    assert max(bids_of(g)) == 160          # seat 2: spades marriage
    with pytest.raises(IllegalAction, match="bid_cap"):
        g.apply("bid 165")
    g.apply("bid 160")
    assert max(bids_of(g)) == 180          # seat 0: clubs marriage
    g.apply("pass")
    assert max(bids_of(g)) == 220          # seat 1: hearts marriage


def test_s6_1_bid_cap_two_marriages_and_no_marriage():
    g = game_with([], hands=ACES, talon=ACES_TALON)
    assert max(bids_of(g)) == 120          # seat 2: four aces count nothing without ace_marriage
    g.apply("pass")
    assert max(bids_of(g)) == 220          # seat 0: ♠ 40 + ♣ 60


def test_s6_2_ace_marriage_counts_in_bid_cap():
    """§6.1: the ace marriage (200) is included in bid_cap when ace_marriage is on."""
    g = game_with([], hands=ACES, talon=ACES_TALON, conventions=Conventions(ace_marriage=True))
    assert max(bids_of(g)) == 300          # min(max_bid 300, 120 + 200)


def test_s6_1_bid_cap_any_marriage_and_none():
    g = game_with([], hands=ACES, talon=ACES_TALON, conventions=Conventions(bid_cap="any_marriage"))
    assert max(bids_of(g)) == 120          # no marriage: 120
    g.apply("pass")
    assert max(bids_of(g)) == 300          # some marriage: anything
    g = game_with([], hands=ACES, talon=ACES_TALON, conventions=Conventions(bid_cap="none"))
    assert max(bids_of(g)) == 300


def test_s6_1_no_jump_bids():
    g = game_with(["bid 105"], conventions=Conventions(no_jump_bids=True))
    assert bids_of(g) == [110]
    with pytest.raises(IllegalAction, match="no_jump_bids"):
        g.apply("bid 120")


def test_s6_1_silence_below_skips_player_without_action():
    """§6.1 silence_below: a player below it is skipped as if he passed; no action is recorded."""
    start = {"scores": [-150, 0, 0], "bolts": [0, 0, 0], "barrel": [None, None, None]}
    g = game_with(["pass"], conventions=Conventions(silence_below=-100), start=start)
    # seat 2 passed; seat 0 is silent; bidding ends with the forced bidder at 100
    assert g.phase == "giving" and g.deal.declarer == 1 and g.deal.contract == 100
    assert g.to_record()["deals"][0]["actions"] == ["pass"]
    assert g.view(0)["bids"] == [[2, "pass"]]


def test_s6_1_silence_below_forced_bidders_100_stands():
    start = {"scores": [0, -500, 0], "bolts": [0, 0, 0], "barrel": [None, None, None]}
    g = game_with(["pass", "pass"], conventions=Conventions(silence_below=-300), start=start)
    assert g.deal.declarer == 1 and g.deal.contract == 100


def test_s6_1_silence_off_same_score_speaks():
    start = {"scores": [-150, 0, 0], "bolts": [0, 0, 0], "barrel": [None, None, None]}
    g = game_with(["pass"], start=start)
    assert g.phase == "bidding" and g.current_seat == 0


def test_s3_3_only_bid_or_pass_in_bidding():
    g = game_with([])
    for bad in ("play AS", "contract 120", "give AD 1", "concede"):
        with pytest.raises(IllegalAction):
            g.apply(bad)


# ---- §4.1 bidding on the barrel -------------------------------------------------
BARREL2 = {"scores": [0, 0, 880], "bolts": [0, 0, 0], "barrel": [None, None, 0]}


def test_s4_1_barrel_bids_not_below_need():
    g = game_with([], start=BARREL2)        # seat 2 on the barrel, need 120
    assert min(bids_of(g)) == 120
    with pytest.raises(IllegalAction, match="barrel"):
        g.apply("bid 105")


def test_s4_1_barrel_may_jump_to_need_despite_no_jump_bids():
    g = game_with([], start=BARREL2, conventions=Conventions(no_jump_bids=True))
    assert bids_of(g) == [120]


def test_s4_1_bid_cap_never_forbids_need():
    """§4.1: need 125 (win_above_target) is allowed even where bid_cap gives 120."""
    g = game_with(["pass"], hands=ACES, talon=ACES_TALON,
                  conventions=Conventions(win_above_target=True),
                  start={"scores": [880, 0, 0], "bolts": [0, 0, 0], "barrel": [0, None, None]})
    # seat 0 (♠+♣ marriages, cap 220) — check seat 1 via a hand without enough marriages instead
    assert min(bids_of(g)) == 125
    g2 = game_with([], hands=ACES, talon=ACES_TALON, conventions=Conventions(win_above_target=True),
                   start={"scores": [0, 0, 880], "bolts": [0, 0, 0], "barrel": [None, None, 0]})
    assert bids_of(g2) == [125]            # seat 2: no marriage (cap 120), yet need 125 is allowed


def test_s4_1_forced_barrel_player_at_100_contract_at_least_need():
    """§4.1: as forced bidder his 100 stands; declarer at 100, his contract must be ≥ need."""
    g = game_with(["pass", "pass"], start={"scores": [0, 880, 0], "bolts": [0, 0, 0],
                                           "barrel": [None, 0, None]})
    assert g.deal.declarer == 1 and g.deal.contract == 100
    g.apply("give AD 0"); g.apply("give TD 2")
    cs = [int(a.split()[1]) for a in g.legal_actions() if a.startswith("contract")]
    assert min(cs) == 120 and 100 not in cs
    with pytest.raises(IllegalAction, match="120"):
        g.apply("contract 100")


def test_s4_1_barrel_bidding_auto():
    """§4.1 barrel_bidding=auto: the barrel player takes the talon at need, nobody bids."""
    g = game_with([], conventions=Conventions(barrel_bidding="auto"), start=BARREL2)
    assert g.phase == "giving" and g.current_seat == 2
    assert g.deal.declarer == 2 and g.deal.contract == 120
    assert g.view(0)["bids"] == []


def test_s4_1_barrel_bidding_auto_two_on_barrel_first_in_bidding_order():
    """§4.1: with two on the barrel, the first of them in bidding order (from the seat after the forced bidder)."""
    conv = Conventions(barrel_bidding="auto", barrel_knockoff=False)
    g = game_with([], conventions=conv, start={"scores": [880, 0, 880], "bolts": [0, 0, 0],
                                                 "barrel": [0, None, 0]})
    assert g.deal.declarer == 2
