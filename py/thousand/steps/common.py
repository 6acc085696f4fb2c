"""Small facts several steps ask about a seat (RULES.md §4.1, §6.1)."""
from __future__ import annotations

from ..cards import MARRIAGE_MASK, ACES_MASK


def silent(game, seat: int) -> bool:
    """`silence_below`: a player whose score is below it is skipped in bidding (§6.1)."""
    below = game.conv.silence_below
    return below != "off" and game.scores[seat] < below


def has_marriage(conv, hand: int) -> bool:
    """K and Q of one suit (or, with `ace_marriage`, all four aces) in the hand."""
    if any(hand & m == m for m in MARRIAGE_MASK):
        return True
    return conv.ace_marriage and hand & ACES_MASK == ACES_MASK
