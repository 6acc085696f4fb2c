"""Bidding model for the hard bot: expected declarer points from a 7-card hand.

A linear formula over a few hand features whose weights were fitted by
``scripts/calibrate_bidding.py`` against the open-hand solver (the hand takes the
talon, gives its two cheapest cards, and the exact value of the play is
computed).  The weights live in ``bidding_coeffs.py``, written by that script.
"""
from __future__ import annotations

from ..cards import SUIT_MASK, MARRIAGE_MASK, MARRIAGE_VALUE, POINTS, ACE, TEN, cards_of

FEATURE_NAMES = ("one", "card_points", "aces", "guarded_tens", "marriage_value",
                 "marriages", "longest_suit", "marriage_with_ace")

# Bid only while the expected value clears the next bid by this many sd.  Taking the
# contract from a forced bidder with a middling hand is a poor trade: the defenders gain
# when he fails.  Duplicate trials of 120 deals, hard against normal (seed 77): -0.2 gave
# +11.7 per deal, +0.3 gave +14.6, +0.6 gave +12.3.
MARGIN_SD = 0.3


def features(mask: int) -> list[float]:
    pts = sum(POINTS[c] for c in cards_of(mask))
    aces = tens = mval = mcount = longest = 0
    for s in range(4):
        suit = mask & SUIT_MASK[s]
        a = suit >> (s * 6 + ACE) & 1
        aces += a
        tens += a and (suit >> (s * 6 + TEN) & 1)
        if suit & MARRIAGE_MASK[s] == MARRIAGE_MASK[s]:
            mval += MARRIAGE_VALUE[s]
            mcount += 1
        longest = max(longest, bin(suit).count("1"))
    return [1.0, pts, aces, tens, mval, mcount, longest, mval if aces else 0]


def predict(hand_mask: int) -> tuple[float, float]:
    """(expected open-hand declarer points with the talon, residual sd)."""
    from . import bidding_coeffs as k
    f = features(hand_mask)
    return sum(a * b for a, b in zip(k.WEIGHTS, f)), k.SD
