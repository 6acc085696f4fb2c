"""Bidding (торговля), RULES.md §3 step 3, with §6.1 and the barrel rules of §4.1.

The forced bidder (`forced_bidder`: first hand, or the dealer when he plays) sits on 100
without speaking; bidding goes clockwise from the seat after him.  A player bids higher or
passes; a pass is final.  Bidding ends when every playing seat but the high bidder has
passed.  If nobody bid, the forced bidder is declarer at 100 ("на сотне").  After an
unblinding (§6.7) it goes on from the unblinder's 125.
"""
from __future__ import annotations

from .. import actions as A
from ..cards import MARRIAGE_MASK, MARRIAGE_VALUE, ACES_MASK, ACE_MARRIAGE_VALUE
from ..errors import rule
from .base import Step
from .common import silent

PHASE = "bidding"


def hand_cap(conv, mask: int) -> int:
    """The highest bid or contract `bid_cap` allows for a hand (§6.1)."""
    if conv.bid_cap == "none":
        return conv.max_bid
    marriages = sum(MARRIAGE_VALUE[s] for s in range(4)
                    if mask & MARRIAGE_MASK[s] == MARRIAGE_MASK[s])
    if conv.ace_marriage and mask & ACES_MASK == ACES_MASK:
        marriages += ACE_MARRIAGE_VALUE
    if conv.bid_cap == "any_marriage":
        return conv.max_bid if marriages else 120
    return min(conv.max_bid, 120 + marriages)


def next_multiple(x: int, step: int) -> int:
    """The smallest multiple of `step` above x."""
    return (x // step + 1) * step


def allowed_values(conv, mask: int, floor: int, on_barrel: bool, need: int,
                   no_jump: bool) -> list[int]:
    """Bids (or contracts) above `floor` that this hand may name."""
    step = conv.bid_step
    cap = min(hand_cap(conv, mask), conv.max_bid)
    first = next_multiple(floor, step)
    values = [first] if no_jump else list(range(first, conv.max_bid + 1, step))
    values = [v for v in values if v <= cap]
    if on_barrel:
        values = [v for v in values if v >= need]
        if floor < need <= conv.max_bid and need not in values:
            values.insert(0, need)      # he may always jump straight to need (§4.1)
    return values


def forced_bidder(conv, d) -> int:
    if conv.forced_bidder == "dealer" and d.dealer in d.playing:
        return d.dealer
    return d.playing[0]


def active(game, d) -> bool:
    return d.declarer < 0


def start(game, d) -> None:
    if d.unblinder < 0:
        d.high_bid = 100
        d.bidder = d.forced
    for s in d.playing:
        if silent(game, s):
            d.passed[s] = True   # skipped as if he passed; no action is recorded for him
    d.turn = d.bidder
    _advance(game, d)


def _advance(game, d) -> None:
    passed = d.passed
    if all(passed[s] for s in d.playing if s != d.bidder):
        d.declarer = d.bidder
        d.contract = d.high_bid
        d.at_100 = d.bid_count == 0
        return
    s = d.nxt[d.turn]
    while passed[s]:
        s = d.nxt[s]
    d.turn = s


def legal(game, d) -> list[int]:
    seat = d.turn
    conv = game.conv
    bids = allowed_values(conv, d.hands[seat], d.high_bid, game.on_barrel[seat], conv.need,
                          conv.no_jump_bids)
    return [A.PASS] + [A.BID + v for v in bids]


def apply(game, d, move: int) -> None:
    d.bids.append((d.turn, move))
    if move == A.PASS:
        d.passed[d.turn] = True
    else:
        d.high_bid = move - A.BID
        d.bidder = d.turn
        d.bid_count += 1
    _advance(game, d)


def finished(game, d) -> bool:
    return d.declarer >= 0


def why(game, d, move: int):
    conv = game.conv
    seat = d.turn
    if not (move == A.PASS or A.BID <= move < A.CONTRACT):
        return rule("bidding_only_bid_or_pass", "3.3", "in bidding only 'bid N' or 'pass'")
    v = move - A.BID
    need = conv.need
    if v <= d.high_bid:
        return rule("bid_not_higher", "3.3", f"a bid must be higher than {d.high_bid}",
                    high_bid=d.high_bid)
    if v > conv.max_bid:
        return rule("bid_above_max", "6.1", f"bids are at most max_bid {conv.max_bid}",
                    max_bid=conv.max_bid)
    if game.on_barrel[seat] and v < need:
        return rule("barrel_bid_below_need", "4.1",
                    f"on the barrel his bids may not be below {need}", need=need)
    if v % conv.bid_step and not (game.on_barrel[seat] and v == need):
        return rule("bid_not_multiple", "6.1",
                    f"bids are multiples of bid_step {conv.bid_step}", step=conv.bid_step)
    if conv.no_jump_bids and v != next_multiple(d.high_bid, conv.bid_step):
        return rule("no_jump_bids", "6.1", "no_jump_bids: each raise is exactly one step",
                    next=next_multiple(d.high_bid, conv.bid_step))
    cap = hand_cap(conv, d.hands[seat])
    return rule("bid_cap", "6.1", f"bid_cap={conv.bid_cap}: this hand may bid at most {cap}",
                cap=cap, mode=conv.bid_cap)


def choices(game, d, seat: int, moves: list) -> dict:
    """The lowest and highest bid the seat may make (None when it may only pass)."""
    values = [m - A.BID for m in moves if A.BID <= m < A.CONTRACT]
    return {"bid_min": min(values) if values else None,
            "bid_max": max(values) if values else None}


STEP = Step.of(__name__, "3.3", ("bid", "pass"), judged="decision")
