"""Play of the 8 tricks, RULES.md §3 step 7 and §6.2.

Follow suit if you can; else trump if you can; else anything (`must_beat`: and
beat the trick when you can).  The highest trump wins, else the highest card of
the suit led.  A player on lead with the right (a trick taken, or
`meld_on_first_lead`) who holds K and Q of a suit may declare the marriage by
leading one of them: its value is his, and the suit is trump from this trick on.
"""
from __future__ import annotations

from . import actions as A
from .cards import cards_of as _cards
from .cards import (SUIT_MASK, MARRIAGE_MASK, MARRIAGE_VALUE, ACES_MASK,
                    ACE_MARRIAGE_VALUE, POINTS, KING, QUEEN, ACE)



def beats(a: int, b: int, led: int, trump: int) -> bool:
    """Does card a beat card b (b currently winning a trick whose led suit is `led`)?"""
    sa, sb = a // 6, b // 6
    if sa == sb:
        return a > b
    if sa == trump:
        return True
    return False


def trick_winner(trick, trump: int) -> int:
    """The seat that wins a complete trick [(seat, card), ...]."""
    led = trick[0][1] // 6
    best_seat, best = trick[0]
    for seat, c in trick[1:]:
        if beats(c, best, led, trump):
            best_seat, best = seat, c
    return best_seat


def playable_mask(hand: int, trick, trump: int, must_beat: bool) -> int:
    """Cards a follower may play (the trick has at least one card)."""
    led = trick[0][1] // 6
    follow = hand & SUIT_MASK[led]
    if follow:
        allowed = follow
    elif trump >= 0 and hand & SUIT_MASK[trump]:
        allowed = hand & SUIT_MASK[trump]
    else:
        return hand
    if must_beat:
        best = trick[0][1]
        for _, c in trick[1:]:
            if beats(c, best, led, trump):
                best = c
        winners = 0
        for c in _cards(allowed):
            if beats(c, best, led, trump):
                winners |= 1 << c
        if winners:
            return winners
    return allowed


def may_declare(game, d, seat: int) -> bool:
    return d.tricks_taken[seat] > 0 or game.conv.meld_on_first_lead


def lead_mask(game, d, seat: int) -> int:
    """Cards the leader may lead (§6.2 `no_lead_foreign_trump`, `must_lead_trump`)."""
    hand = d.hands[seat]
    t = d.trump
    if t >= 0:
        conv = game.conv
        tm = hand & SUIT_MASK[t]
        if conv.must_lead_trump and tm:
            return tm
        if conv.no_lead_foreign_trump and tm and hand & ~SUIT_MASK[t]:
            owner = _trump_owner(d)
            if owner != seat:
                return hand & ~SUIT_MASK[t]
    return hand


def _trump_owner(d) -> int:
    for seat, suit in reversed(d.melds):
        if suit < 4:
            return seat
    return -1


def legal(game, d) -> list[int]:
    seat = d.turn
    hand = d.hands[seat]
    if d.trick:
        return [A.PLAY + c for c in _cards(playable_mask(hand, d.trick, d.trump, game.conv.must_beat))]
    m = lead_mask(game, d, seat)
    out = [A.PLAY + c for c in _cards(m)]
    if may_declare(game, d, seat):
        for s in range(4):
            mm = MARRIAGE_MASK[s]
            if hand & mm == mm:
                # declaring makes the led card a trump of his own, so the lead
                # restrictions of §6.2 (judged after the declaration) never forbid it
                out.append(A.MELD + s * 6 + QUEEN)
                out.append(A.MELD + s * 6 + KING)
        if game.conv.ace_marriage and hand & ACES_MASK == ACES_MASK:
            for s in range(4):
                c = s * 6 + ACE
                if m >> c & 1:
                    out.append(A.MELD + c)
    return out


def apply(game, d, move: int) -> None:
    seat = d.turn
    if move >= A.MELD:
        c = move - A.MELD
        d.meld_at.append(len(d.tricks))
        if c % 6 == ACE:
            d.meld_points[seat] += ACE_MARRIAGE_VALUE
            d.melds.append((seat, 4))
        else:
            s = c // 6
            d.meld_points[seat] += MARRIAGE_VALUE[s]
            d.melds.append((seat, s))
            d.trump = s
    else:
        c = move - A.PLAY
    d.hands[seat] &= ~(1 << c)
    trick = d.trick
    if not trick:
        d.leader = seat
    trick.append((seat, c))
    if len(trick) < d.n:
        d.turn = (seat + 1) % d.n
        return
    w = trick_winner(trick, d.trump)
    d.tricks_taken[w] += 1
    d.card_points[w] += POINTS[trick[0][1]] + POINTS[trick[1][1]] + POINTS[trick[2][1]]
    d.tricks.append((d.leader, trick, w))
    d.trick = []
    d.leader = w
    d.turn = w
    if not d.hands[w]:
        d.outcome = "played"
        game.end_deal(d)


def why_illegal(game, d, move: int) -> str:
    seat = d.turn
    if not A.PLAY <= move < A.BID:
        return "cards are being played: 'play CARD' or 'meld CARD' (§3.7)"
    c = move - (A.MELD if move >= A.MELD else A.PLAY)
    hand = d.hands[seat]
    if not hand >> c & 1:
        return "that card is not in the player's hand"
    if move >= A.MELD:
        if d.trick:
            return "only the player on lead may declare a marriage (§3.7)"
        if not may_declare(game, d, seat):
            return "no right to declare: he has not taken a trick yet (§3.7, meld_on_first_lead off)"
        if c % 6 == ACE:
            if not game.conv.ace_marriage:
                return "ace_marriage is off at this table (§6.2)"
            return "the ace marriage needs all four aces in hand (§3.7)"
        if c % 6 not in (KING, QUEEN):
            return "a marriage is declared by leading its king or queen (§3.7)"
        return "declaring needs both the king and the queen of that suit (§3.7)"
    if d.trick:
        led = d.trick[0][1] // 6
        if hand & SUIT_MASK[led]:
            if c // 6 != led:
                return "must follow suit (§3.7)"
            return "must_beat: must beat the trick when able (§6.2)"
        if d.trump >= 0 and hand & SUIT_MASK[d.trump]:
            if c // 6 != d.trump:
                return "cannot follow suit, so must play a trump (§3.7)"
        return "must_beat: must beat the trick when able (§6.2)"
    if game.conv.must_lead_trump:
        return "must_lead_trump: must lead a trump while holding one (§6.2)"
    return "no_lead_foreign_trump: may not lead a trump declared by someone else (§6.2)"
