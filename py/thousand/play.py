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
from .cards import (SUIT_MASK, FULL_MASK, MARRIAGE_MASK, MARRIAGE_VALUE, ACES_MASK,
                    ACE_MARRIAGE_VALUE, KING, QUEEN, ACE)


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


def follow_order(led: int, best: int, trump: int, must_beat: bool) -> tuple:
    """The follow rule as masks in order of precedence: a follower plays from the first mask
    that meets his hand (the last one is every card).  `led` is the suit led, `best` the card
    winning the trick so far.  Follow suit, else trump, else anything; with `must_beat`, each
    of the first two beats the trick when it can.  The engine and the open-hand solver both
    read the rule from here (the solver tabulates it at import)."""
    key = (led, best, trump, must_beat)
    order = _FOLLOW_ORDER.get(key)
    if order is None:
        masks = [SUIT_MASK[led]]
        if 0 <= trump != led:
            masks.append(SUIT_MASK[trump])
        if must_beat:
            winners = 0
            for c in range(24):
                if beats(c, best, led, trump):
                    winners |= 1 << c
            masks = [m for x in masks for m in (x & winners, x)]
        order = _FOLLOW_ORDER[key] = tuple(m for m in masks if m) + (FULL_MASK,)
    return order


_FOLLOW_ORDER: dict = {}


def follow_mask(hand: int, trick_cards, trump: int, must_beat: bool) -> int:
    """Cards a follower may play to a trick of `trick_cards` (at least one card)."""
    led = trick_cards[0] // 6
    best = trick_cards[winning_card(trick_cards, trump)] if must_beat else -1
    order = (_FOLLOW_ORDER.get((led, best, trump, must_beat))
             or follow_order(led, best, trump, must_beat))
    for m in order:
        m &= hand
        if m:
            return m
    return hand


def playable_mask(hand: int, trick, trump: int, must_beat: bool) -> int:
    """follow_mask for a trick given as [(seat, card), ...]."""
    return follow_mask(hand, [c for _, c in trick], trump, must_beat)


def lead_order(trump: int, trump_is_his: bool, must_lead_trump: bool,
               no_lead_foreign_trump: bool) -> tuple:
    """The lead rule as masks in order of precedence, like `follow_order` (§6.2
    `must_lead_trump`: a trump while he holds one; `no_lead_foreign_trump`: not a trump
    someone else declared while he holds another card).  A declaring lead is always allowed,
    see `meld_cards`."""
    if trump >= 0:
        if must_lead_trump:
            return (SUIT_MASK[trump], FULL_MASK)
        if no_lead_foreign_trump and not trump_is_his:
            return (FULL_MASK & ~SUIT_MASK[trump], FULL_MASK)
    return (FULL_MASK,)


def lead_mask(hand: int, trump: int, trump_is_his: bool, must_lead_trump: bool,
              no_lead_foreign_trump: bool) -> int:
    """Cards the leader may lead without declaring."""
    for m in lead_order(trump, trump_is_his, must_lead_trump, no_lead_foreign_trump):
        if hand & m:
            return hand & m
    return hand


def may_declare(has_taken_a_trick: bool, meld_on_first_lead: bool) -> bool:
    """The right to declare a marriage: a trick taken (or `meld_on_first_lead`, §6.2)."""
    return has_taken_a_trick or meld_on_first_lead


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


def meld_trump(card: int, trump: int) -> int:
    """The trump after a lead of `card` that declares: a marriage makes its suit trump, the
    ace marriage changes nothing."""
    return trump if card % 6 == ACE else card // 6


def meld_value(card: int) -> int:
    """What a lead of `card` that declares is worth to the leader."""
    return ACE_MARRIAGE_VALUE if card % 6 == ACE else MARRIAGE_VALUE[card // 6]
