"""Play of the tricks, RULES.md §3 step 7, §6.2 and §7.

The declarer leads the first trick (first hand when nobody declares, `two_mode=draw`); the
winner of a trick leads the next; each playing seat adds one card clockwise.  Who may lead,
follow and declare what is ``thousand.play``.  With a stock (`two_mode=draw`, §7) the winner
of a trick, then the others clockwise, draw one card each while it lasts, and while it lasts
any card may be played.  The deal is played out when every playing hand is empty.
"""
from __future__ import annotations

from .. import actions as A
from ..cards import (ACES_MASK, SUIT_MASK, POINTS,
                     KING, QUEEN, ACE, cards_of)
from ..errors import rule
from .base import Step
from ..play import (follow_mask, lead_mask, meld_cards, winning_card, meld_trump, meld_value,
                    may_declare as _may_declare)

PHASE = "play"
KINGS = sum(1 << (s * 6 + KING) for s in range(4))
PLAY, MELD = A.PLAY, A.MELD


def active(game, d) -> bool:
    return True


def start(game, d) -> None:
    if not d.layout.bidding:
        d.note_four_nines()         # no giving: the hands as dealt (§6.2 four_nines_bonus)
    d.leader = d.declarer if d.declarer >= 0 else d.playing[0]
    d.turn = d.leader


def may_declare(game, d, seat: int) -> bool:
    return _may_declare(d.tricks_taken[seat] > 0, game.conv.meld_on_first_lead)


def trump_owner(d) -> int:
    for seat, suit in reversed(d.melds):
        if suit < 4:
            return seat
    return -1


def lead_ok(game, d, seat: int) -> int:
    """Cards the seat may lead without declaring."""
    conv = game.conv
    if d.stock or d.trump < 0 or not (conv.must_lead_trump or conv.no_lead_foreign_trump):
        return d.hands[seat]
    return lead_mask(d.hands[seat], d.trump, trump_owner(d) == seat, conv.must_lead_trump,
                     conv.no_lead_foreign_trump)


def legal(game, d) -> list[int]:
    seat = d.turn
    hand = d.hands[seat]
    if d.trick:
        if d.stock:                       # while the stock lasts, any card (§7 draw)
            return [PLAY + c for c in cards_of(hand)]
        m = follow_mask(hand, d.trick_cards, d.trump, game.conv.must_beat)
        return [PLAY + c for c in cards_of(m)]
    ok = lead_ok(game, d, seat)
    out = [PLAY + c for c in cards_of(ok)]
    conv = game.conv
    if (hand & (hand << 1) & KINGS or (conv.ace_marriage and hand & ACES_MASK == ACES_MASK)) \
            and may_declare(game, d, seat):
        out.extend([MELD + c for c in meld_cards(hand, ok, conv.ace_marriage)])
    return out


def apply(game, d, move: int) -> None:
    seat = d.turn
    if move >= MELD:
        c = move - MELD
        d.meld_at.append(len(d.tricks))
        d.meld_points[seat] += meld_value(c)
        d.melds.append((seat, 4 if c % 6 == ACE else c // 6))
        d.trump = meld_trump(c, d.trump)
    else:
        c = move - PLAY
    d.hands[seat] &= ~(1 << c)
    trick = d.trick
    cards = d.trick_cards
    if not trick:
        d.leader = seat
    trick.append((seat, c))
    cards.append(c)
    if len(trick) < len(d.playing):
        d.turn = d.nxt[seat]
        return
    w = trick[winning_card(cards, d.trump)][0]
    d.tricks_taken[w] += 1
    d.card_points[w] += sum([POINTS[x] for x in cards])
    d.tricks.append((d.leader, trick, w))
    d.trick = []
    d.trick_cards = []
    d.leader = w
    d.turn = w
    if d.stock:
        drawn = []
        s = w
        for _ in d.playing:
            if d.stock:
                x = d.stock.pop(0)
                d.hands[s] |= 1 << x
                drawn.append((s, x))
            s = d.nxt[s]
        d.draws.append(drawn)
    if not d.hands[w]:
        d.outcome = "played"


def finished(game, d) -> bool:
    return d.outcome == "played"


def why(game, d, move: int):
    seat = d.turn
    if not A.PLAY <= move < A.DISCARD:
        return rule("play_expected", "3.7", "cards are being played: 'play CARD' or 'meld CARD'")
    c = move - (A.MELD if move >= A.MELD else A.PLAY)
    hand = d.hands[seat]
    if not hand >> c & 1:
        return rule("card_not_held", "3.7", "that card is not in the player's hand")
    if move >= A.MELD:
        if d.trick:
            return rule("meld_not_on_lead", "3.7", "only the player on lead may declare a marriage")
        if not may_declare(game, d, seat):
            return rule("meld_without_trick", "3.7",
                        "no right to declare: he has not taken a trick yet (meld_on_first_lead off)")
        if c % 6 == ACE:
            if not game.conv.ace_marriage:
                return rule("ace_marriage_off", "6.2", "ace_marriage is off at this table")
            return rule("ace_marriage_needs_aces", "3.7", "the ace marriage needs all four aces in hand")
        if c % 6 not in (KING, QUEEN):
            return rule("meld_needs_king_or_queen", "3.7", "a marriage is declared by leading its king or queen")
        return rule("meld_needs_both", "3.7", "declaring needs both the king and the queen of that suit")
    if d.trick:
        led = d.trick[0][1] // 6
        if hand & SUIT_MASK[led]:
            if c // 6 != led:
                return rule("must_follow_suit", "3.7", "must follow suit")
            return rule("must_beat", "6.2", "must_beat: must beat the trick when able")
        if d.trump >= 0 and hand & SUIT_MASK[d.trump] and c // 6 != d.trump:
            return rule("must_trump", "3.7", "cannot follow suit, so must play a trump")
        return rule("must_beat", "6.2", "must_beat: must beat the trick when able")
    if game.conv.must_lead_trump:
        return rule("must_lead_trump", "6.2", "must_lead_trump: must lead a trump while holding one")
    return rule("no_lead_foreign_trump", "6.2",
                "no_lead_foreign_trump: may not lead a trump declared by someone else")


STEP = Step.of(__name__, "3.7", ("play", "meld"), judged="card")
