"""Cards (RULES.md §1): small ints for speed, text notation at the edges.

A card is an int 0..23: ``suit * 6 + rank``.  Suits in notation order
S, C, D, H (0..3); ranks from low to high 9, J, Q, K, T, A (0..5).  This is
also the order of the deck used by seeded deals (RULES.md §9).  A hand is a
bitmask with bit ``card`` set.
"""
from __future__ import annotations

SUITS = "SCDH"
RANKS = "9JQKTA"
SUIT_SYMBOLS = {"♠": "S", "♣": "C", "♦": "D", "♥": "H", "♤": "S", "♧": "C", "♢": "D", "♡": "H"}
SUIT_GLYPH = "♠♣♦♥"
RANK_POINTS = (0, 2, 3, 4, 10, 11)
MARRIAGE_VALUE = (40, 60, 80, 100)  # by suit S, C, D, H
ACE_MARRIAGE_VALUE = 200
QUEEN, KING, TEN, ACE = 2, 3, 4, 5
NINE = 0

DECK = tuple(range(24))
DECK_NO_NINES = tuple(c for c in DECK if c % 6 != 0)   # 5 players (RULES.md §7)
POINTS = tuple(RANK_POINTS[c % 6] for c in DECK)
FULL_MASK = (1 << 24) - 1
SUIT_MASK = tuple(0b111111 << (6 * s) for s in range(4))
ACES_MASK = sum(1 << (s * 6 + ACE) for s in range(4))
NINES_MASK = sum(1 << (s * 6 + NINE) for s in range(4))
MARRIAGE_MASK = tuple((1 << (s * 6 + KING)) | (1 << (s * 6 + QUEEN)) for s in range(4))


class CardError(ValueError):
    """A card in text notation could not be read."""


def suit_of(card: int) -> int:
    return card // 6


def rank_of(card: int) -> int:
    return card % 6


def card(text: str) -> int:
    """Parse ``AS``, ``TH``, ``10H``, ``Q♥`` … into a card int."""
    if not isinstance(text, str):
        raise CardError(f"a card is a text such as 'QH', not {type(text).__name__}")
    t = text.strip().upper()
    if not t:
        raise CardError("empty card")
    suit = SUIT_SYMBOLS.get(t[-1], t[-1])
    rank = t[:-1]
    if rank == "10":
        rank = "T"
    if len(rank) != 1 or rank not in RANKS or suit not in SUITS:
        raise CardError(f"not a card: {text[:12]!r} (ranks 9 J Q K T A, suits S C D H)")
    return SUITS.index(suit) * 6 + RANKS.index(rank)


def name(c: int) -> str:
    return RANKS[c % 6] + SUITS[c // 6]


def parse_cards(text: str | list) -> list[int]:
    items = text.split() if isinstance(text, str) else list(text)
    return [card(x) for x in items]


def format_cards(cards) -> str:
    return " ".join(name(c) for c in cards)


def mask_of(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


_HALF = tuple(tuple(c for c in range(12) if m >> c & 1) for m in range(4096))
_HALF_HI = tuple(tuple(c + 12 for c in t) for t in _HALF)


def cards_of(mask: int) -> list[int]:
    """The cards of a hand mask, lowest first (two table look-ups: this is hot)."""
    return list(_HALF[mask & 4095] + _HALF_HI[mask >> 12])


def points_of(cards) -> int:
    return sum(POINTS[c] for c in cards)


def mask_points(mask: int) -> int:
    return sum(POINTS[c] for c in cards_of(mask))


def marriages_in(mask: int) -> list[int]:
    """Suits whose K and Q are both in the hand."""
    return [s for s in range(4) if mask & MARRIAGE_MASK[s] == MARRIAGE_MASK[s]]


def sort_key(c: int) -> tuple[int, int]:
    """Display order: suits S C D H, high rank first."""
    return (c // 6, -(c % 6))


RANK_NAMES_EN = ("Nine", "Jack", "Queen", "King", "Ten", "Ace")
RANK_NAMES_RU = ("Девятка", "Валет", "Дама", "Король", "Десятка", "Туз")
SUIT_NAMES_EN = ("spades", "clubs", "diamonds", "hearts")


def accessible_name(c: int, lang: str = "ru") -> str:
    """"Дама ♥" / "Queen of hearts" (issue 3's card labels)."""
    if lang == "ru":
        return f"{RANK_NAMES_RU[c % 6]} {SUIT_GLYPH[c // 6]}"
    return f"{RANK_NAMES_EN[c % 6]} of {SUIT_NAMES_EN[c // 6]}"
