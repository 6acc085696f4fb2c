"""RULES.md §1 Cards."""
import pytest

from thousand import cards as C


def test_s1_24_cards_four_suits_six_ranks_low_to_high():
    """§1: 24 cards, ranks from low to high 9 J Q K 10 A."""
    assert len(C.DECK) == 24
    assert [C.name(c) for c in C.DECK[:6]] == ["9S", "JS", "QS", "KS", "TS", "AS"]
    assert {C.name(c)[1] for c in C.DECK} == set("SCDH")
    # within a suit a higher rank has a higher int (used by trick comparison)
    assert C.card("AH") > C.card("TH") > C.card("KH") > C.card("QH") > C.card("JH") > C.card("9H")


def test_s1_card_points_suit_30_deck_120():
    """§1: 9 = 0, J = 2, Q = 3, K = 4, 10 = 10, A = 11; a suit 30; the deck 120."""
    assert [C.POINTS[C.card(t)] for t in ("9S", "JS", "QS", "KS", "TS", "AS")] == [0, 2, 3, 4, 10, 11]
    for s in "SCDH":
        assert C.points_of(C.parse_cards([r + s for r in "9JQKTA"])) == 30
    assert C.points_of(C.DECK) == 120


def test_s1_marriage_values():
    """§1: ♠ 40, ♣ 60, ♦ 80, ♥ 100; ace marriage 200."""
    assert C.MARRIAGE_VALUE == (40, 60, 80, 100)
    assert C.ACE_MARRIAGE_VALUE == 200
    m = C.mask_of(C.parse_cards("KS QS KH QH 9D"))
    assert C.marriages_in(m) == [0, 3]
    assert C.marriages_in(C.mask_of(C.parse_cards("KS QC"))) == []


@pytest.mark.parametrize("text,expected", [
    ("TH", "TH"), ("10H", "TH"), ("QS", "QS"), ("Q♥", "QH"), ("A♠", "AS"), ("9♦", "9D"),
    ("K♣", "KC"), ("th", "TH"), ("10♥", "TH"),
])
def test_s1_notation_parsing(text, expected):
    """§1: rank 9 J Q K T A, suit S C D H; parsers also accept 10H and suit symbols."""
    assert C.name(C.card(text)) == expected


@pytest.mark.parametrize("bad", ["", "1H", "TX", "AAH", "H", "11S"])
def test_s1_bad_notation_is_refused(bad):
    with pytest.raises(C.CardError):
        C.card(bad)


def test_s1_notation_round_trip_for_every_card():
    for c in C.DECK:
        assert C.card(C.name(c)) == c
    assert C.parse_cards("AS TS") == [C.card("AS"), C.card("TS")]
    assert C.format_cards([C.card("AS"), C.card("TH")]) == "AS TH"


def test_accessible_names():
    assert C.accessible_name(C.card("QH"), "ru") == "Дама ♥"
    assert C.accessible_name(C.card("QH"), "en") == "Queen of hearts"
