"""The rules of play, RULES.md §3 step 7 and §6.2, as pure functions on cards and masks:
who may lead what, who must follow with what, which marriages a lead may declare, and who
wins a trick.  The play step (``steps/playing.py``), the bots and the solver all use these.

Follow suit if you can; else trump if you can; else anything (`must_beat`: and beat the
trick when you can).  The highest trump wins, else the highest card of the suit led.  A
player on lead with the right (a trick taken, or `meld_on_first_lead`) who holds K and Q of
a suit may declare the marriage by leading one of them: its value is his, and the suit is
trump from this trick on.
"""
from __future__ import annotations

from .cards import cards_of as _cards
from .cards import SUIT_MASK, MARRIAGE_MASK, ACES_MASK, KING, QUEEN, ACE


def beats(a: int, b: int, led: int, trump: int) -> bool:
    """Does card a beat card b (b currently winning a trick whose led suit is `led`)?"""
    sa, sb = a // 6, b // 6
    if sa == sb:
        return a > b
    return sa == trump


def winning_card(cards, trump: int) -> int:
    """Index (in play order) of the card that wins (so far) a trick of `cards`."""
    led = cards[0] // 6
    best_i, best = 0, cards[0]
    for i in range(1, len(cards)):
        c = cards[i]
        if beats(c, best, led, trump):
            best_i, best = i, c
    return best_i


def trick_winner(trick, trump: int) -> int:
    """The seat that wins a trick [(seat, card), ...] (complete or so far)."""
    return trick[winning_card([c for _, c in trick], trump)][0]


def follow_mask(hand: int, trick_cards, trump: int, must_beat: bool) -> int:
    """Cards a follower may play to a trick of `trick_cards` (at least one card)."""
    led = trick_cards[0] // 6
    follow = hand & SUIT_MASK[led]
    if follow:
        allowed = follow
    elif trump >= 0 and hand & SUIT_MASK[trump]:
        allowed = hand & SUIT_MASK[trump]
    else:
        return hand
    if must_beat:
        best = trick_cards[winning_card(trick_cards, trump)]
        winners = 0
        for c in _cards(allowed):
            if beats(c, best, led, trump):
                winners |= 1 << c
        if winners:
            return winners
    return allowed


def playable_mask(hand: int, trick, trump: int, must_beat: bool) -> int:
    """follow_mask for a trick given as [(seat, card), ...]."""
    return follow_mask(hand, [c for _, c in trick], trump, must_beat)


def lead_mask(hand: int, trump: int, trump_is_his: bool, must_lead_trump: bool,
              no_lead_foreign_trump: bool) -> int:
    """Cards the leader may lead without declaring (§6.2 `must_lead_trump`,
    `no_lead_foreign_trump`; a declaring lead is always allowed, see `meld_cards`)."""
    if trump >= 0:
        tm = hand & SUIT_MASK[trump]
        if must_lead_trump and tm:
            return tm
        if no_lead_foreign_trump and tm and hand & ~SUIT_MASK[trump] and not trump_is_his:
            return hand & ~SUIT_MASK[trump]
    return hand


def meld_cards(hand: int, lead_ok: int, ace_marriage: bool) -> list[int]:
    """Cards whose lead declares a marriage (K or Q with the other half in hand; an ace
    with all four aces when `ace_marriage` is on and the ace may be led).  Declaring makes
    the led card a trump of the leader's own, so the lead restrictions never forbid it."""
    out = []
    for s in range(4):
        mm = MARRIAGE_MASK[s]
        if hand & mm == mm:
            out.append(s * 6 + QUEEN)
            out.append(s * 6 + KING)
    if ace_marriage and hand & ACES_MASK == ACES_MASK:
        for s in range(4):
            c = s * 6 + ACE
            if lead_ok >> c & 1:
                out.append(c)
    return out
