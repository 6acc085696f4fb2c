"""RULES.md §3 steps 4–6: talon, giving, contract; the right to concede (§5.4, §6.5)."""
import pytest

from thousand import Conventions, IllegalAction
from thousand_helpers import game_with, TALON

START0 = {"scores": [0, 0, 0], "bolts": [0, 0, 0], "barrel": [None, None, None]}


def contracts(g):
    return [int(a.split()[1]) for a in g.legal_actions() if a.startswith("contract")]


def test_s3_4_talon_hidden_in_bidding_then_taken_and_shown():
    """§3.4: the declarer takes the talon; it is shown to everybody."""
    g = game_with(["pass"])
    assert all(g.view(s)["talon"] is None for s in range(3))
    g.apply("pass")
    assert len(g.view(1)["hand"]) == 10
    for s in range(3):
        assert sorted(g.view(s)["talon"]) == sorted(TALON)


def test_s6_2_hide_talon_at_100():
    """§3.4/§6.2 hide_talon_at_100: a talon taken at 100 without bidding is shown only to the
    declarer, and the cards he gives go face down (§3.5)."""
    g = game_with(["pass", "pass", "give AD 0", "give TD 2"], conventions=Conventions(hide_talon_at_100=True))
    assert g.view(0)["talon"] is None and g.view(2)["talon"] is None
    assert sorted(g.view(1)["talon"]) == sorted(TALON)
    assert [x["card"] for x in g.view(0)["gives"]] == ["AD", None]
    assert [x["card"] for x in g.view(2)["gives"]] == [None, "TD"]
    assert [x["card"] for x in g.view(1)["gives"]] == ["AD", "TD"]


def test_s6_2_hide_talon_at_100_not_after_bidding():
    g = game_with(["bid 105", "pass", "pass"], conventions=Conventions(hide_talon_at_100=True))
    assert g.deal.declarer == 2
    assert sorted(g.view(0)["talon"]) == sorted(TALON)


def test_s3_5_give_face_up_by_default():
    """§3.5: one card to each opponent, face up; then everybody holds 8."""
    g = game_with(["pass", "pass", "give AD 0", "give TD 2"])
    for s in range(3):
        assert [x["card"] for x in g.view(s)["gives"]] == ["AD", "TD"]
        assert len(g.view(s)["hand"]) == 8
    assert "AD" in g.view(0)["hand"] and "TD" in g.view(2)["hand"]
    assert g.phase == "contract"


def test_s6_2_give_face_down():
    """§6.2 give_face_down: a given card is seen only by its receiver (and the giver)."""
    g = game_with(["pass", "pass", "give AD 0", "give TD 2"], conventions=Conventions(give_face_down=True))
    assert [x["card"] for x in g.view(0)["gives"]] == ["AD", None]
    assert [x["card"] for x in g.view(2)["gives"]] == [None, "TD"]


@pytest.mark.parametrize("bad,why", [
    ("give AD 1", "does not receive"),      # to himself
    ("give AS 0", "holds"),                 # a card he does not hold
    ("play AH", "give"),
])
def test_s3_5_illegal_gives(bad, why):
    g = game_with(["pass", "pass"])
    with pytest.raises(IllegalAction, match=why):
        g.apply(bad)


def test_s3_5_one_card_to_each_opponent():
    g = game_with(["pass", "pass", "give AD 0"])
    with pytest.raises(IllegalAction, match="already received"):
        g.apply("give TD 0")
    assert all(a.endswith(" 2") for a in g.legal_actions())


def test_s3_6_contract_winning_bid_or_higher_within_cap():
    """§3.6: the winning bid, or a higher multiple of 5 within bid_cap for the hand now held."""
    g = game_with(["pass", "pass", "give AD 0", "give TD 2"])
    assert contracts(g) == list(range(100, 221, 5))        # ♥ marriage: 120 + 100
    for bad in ("contract 95", "contract 225", "contract 103"):
        with pytest.raises(IllegalAction):
            g.apply(bad)
    g.apply("contract 135")
    assert g.phase == "play" and g.deal.contract == 135 and g.current_seat == 1


def test_s3_6_winning_bid_always_allowed_even_above_new_cap():
    """§3.6: the winning bid itself is always allowed; raising is limited by the hand now held."""
    # seat 2 bids 160 on his ♠ marriage, then gives away QS: cap now 120, yet 160 stands
    g = game_with(["bid 160", "pass", "pass", "give QS 0", "give AD 1"])
    assert contracts(g) == [160]


def test_s3_6_talon_marriage_raises_the_cap():
    """§3.6: bid_cap is for the hand he now holds (talon included)."""
    hands = ["AC TC KC QC JC 9C QD".split(), "AH TH KH QH JH 9H 9D".split(), "AS TS QS JS 9S JD AD".split()]
    g = game_with(["bid 105", "pass", "pass"], hands=hands, talon="KS TD KD".split())
    assert g.deal.declarer == 2
    g.apply("give TD 0"); g.apply("give 9S 1")
    assert max(contracts(g)) == 160          # ♠ marriage completed by KS from the talon: 120 + 40


# ---- §5.4/§6.5 the right to concede ------------------------------------------------
SET_UP = ["pass", "pass", "give AD 0", "give TD 2"]


def test_s5_4_concede_allowed_by_default():
    g = game_with(SET_UP)
    assert "concede" in g.legal_actions()
    g.apply("concede")
    assert g.sheet[-1]["outcome"] == "conceded" and len(g.sheet) == 1


def test_s6_5_concede_allowed_off():
    g = game_with(SET_UP, conventions=Conventions(concede_allowed=False))
    assert "concede" not in g.legal_actions()
    with pytest.raises(IllegalAction, match="concede_allowed"):
        g.apply("concede")


def test_s6_5_concede_when_anyone_on_barrel_off():
    start = {"scores": [880, 0, 0], "bolts": [0, 0, 0], "barrel": [0, None, None]}
    g = game_with(SET_UP, start=start, conventions=Conventions(concede_when_anyone_on_barrel=False))
    assert "concede" not in g.legal_actions()
    g = game_with(SET_UP, start=start)
    assert "concede" in g.legal_actions()


@pytest.mark.parametrize("penalty,on_barrel_ok,may", [
    ("none", False, False), ("none", True, True), ("bid", False, True), ("bolt", False, True),
])
def test_s6_5_concede_on_barrel(penalty, on_barrel_ok, may):
    """§6.5 concede_on_barrel: with concede_penalty=none the barrel player may concede only when it is on;
    with a penalty he always may."""
    start = {"scores": [0, 880, 0], "bolts": [0, 0, 0], "barrel": [None, 0, None]}
    conv = Conventions(concede_penalty=penalty, concede_on_barrel=on_barrel_ok)
    g = game_with(SET_UP, start=start, conventions=conv)
    assert ("concede" in g.legal_actions()) == may


def test_s6_5_concede_limit_three():
    """§6.5 concede_limit_three: at most three concessions per player per game, and they cost nothing."""
    conv = Conventions(concede_limit_three=True)
    g = game_with(SET_UP, conventions=conv,
                  start={"scores": [0, 0, 0], "bolts": [0, 0, 0], "barrel": [None] * 3, "concessions": [0, 3, 0]})
    assert "concede" not in g.legal_actions()
    with pytest.raises(IllegalAction, match="three"):
        g.apply("concede")
    g = game_with(SET_UP + ["concede"], conventions=conv,
                  start={"scores": [0, 0, 0], "bolts": [0, 0, 0], "barrel": [None] * 3, "concessions": [0, 2, 0]})
    assert g.sheet[-1]["delta"] == [50, 0, 50]


def test_s3_6_concede_only_instead_of_the_contract():
    g = game_with(["pass", "pass", "give AD 0"])
    with pytest.raises(IllegalAction):
        g.apply("concede")
    g = game_with(SET_UP + ["contract 100"])
    with pytest.raises(IllegalAction):
        g.apply("concede")
