"""Bidding (торговля), RULES.md §3 step 3, with §6.1 and the barrel rules of §4.1.

The forced bidder sits on 100 without speaking; bidding goes clockwise from the
seat after him.  A player bids higher or passes; a pass is final.  Bidding ends
when every seat except the high bidder has passed.  If nobody bid, the forced
bidder is declarer at 100 ("на сотне").
"""
from __future__ import annotations

from . import actions as A
from .cards import MARRIAGE_MASK, MARRIAGE_VALUE, ACES_MASK, ACE_MARRIAGE_VALUE


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
    cap = hand_cap(conv, mask)
    first = next_multiple(floor, step)
    if no_jump:
        values = [first]
    else:
        values = list(range(first, conv.max_bid + 1, step))
    values = [v for v in values if v <= cap and v <= conv.max_bid]
    if on_barrel:
        values = [v for v in values if v >= need]
        if floor < need <= conv.max_bid and need not in values:
            values.insert(0, need)      # he may always jump straight to need (§4.1)
    return values


def start(game, d) -> None:
    """Set up the bidding: forced bidder, silent players, automatic barrel talon."""
    conv = game.conv
    n = d.n
    d.forced = d.dealer if conv.forced_bidder == "dealer" else (d.dealer + 1) % n
    d.high_bid = 100
    d.bidder = d.forced
    if conv.barrel_bidding == "auto":
        order = [(d.forced + 1 + i) % n for i in range(n)]
        on = [s for s in order if game.on_barrel[s]]
        if on:
            d.auto_barrel = True
            d.high_bid = conv.need
            d.bidder = on[0]
            finish(game, d)
            return
    if conv.silence_below != "off":
        for s in range(n):
            if game.scores[s] < conv.silence_below:
                d.passed[s] = True   # skipped as if he passed; no action recorded
    d.turn = d.forced
    _advance(game, d)


def _advance(game, d) -> None:
    n = d.n
    if all(d.passed[s] for s in range(n) if s != d.bidder):
        finish(game, d)
        return
    s = (d.turn + 1) % n
    while d.passed[s]:
        s = (s + 1) % n
    d.turn = s


def finish(game, d) -> None:
    d.declarer = d.bidder
    d.contract = d.high_bid
    d.at_100 = d.bid_count == 0 and not d.auto_barrel
    game.take_talon(d)


def legal(game, d) -> list[int]:
    seat = d.turn
    conv = game.conv
    bids = allowed_values(conv, d.hands[seat], d.high_bid, game.on_barrel[seat], conv.need,
                          conv.no_jump_bids)
    return [A.PASS] + [A.BID + v for v in bids]


def apply(game, d, move: int) -> None:
    seat = d.turn
    if move == A.PASS:
        d.passed[seat] = True
    else:
        d.high_bid = move - A.BID
        d.bidder = seat
        d.bid_count += 1
    _advance(game, d)


def why_illegal(game, d, move: int) -> str:
    conv = game.conv
    seat = d.turn
    if not (move == A.PASS or A.BID <= move < A.CONTRACT):
        return "in bidding only 'bid N' or 'pass' (§3.3)"
    v = move - A.BID
    need = conv.need
    if v <= d.high_bid:
        return f"a bid must be higher than {d.high_bid} (§3.3)"
    if v > conv.max_bid:
        return f"bids are at most max_bid {conv.max_bid} (§3.3, §6.1)"
    if game.on_barrel[seat] and v < need:
        return f"on the barrel his bids may not be below {need} (§4.1)"
    if v % conv.bid_step and not (game.on_barrel[seat] and v == need):
        return f"bids are multiples of bid_step {conv.bid_step} (§3.3, §6.1)"
    if conv.no_jump_bids and v != next_multiple(d.high_bid, conv.bid_step):
        return "no_jump_bids: each raise is exactly one step (§6.1)"
    cap = hand_cap(conv, d.hands[seat])
    if v > cap:
        return f"bid_cap={conv.bid_cap}: this hand may bid at most {cap} (§3.3, §6.1)"
    return "not a legal bid now (§3.3)"
