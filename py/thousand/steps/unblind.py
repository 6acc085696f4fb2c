"""Unblinding (растемнение), RULES.md §6.7 `unblind`: after a blind declaration every other
player who holds a marriage may, in turn clockwise, bid 125 (``unblind``), cancelling the
blind game; normal bidding then goes on from 125 — or, with `unblind_takes_talon`, he takes
the talon at 125 without further bidding.  ``pass`` declines."""
from __future__ import annotations

from .. import actions as A
from ..errors import rule
from .base import Step
from .common import silent, has_marriage

PHASE = "unblind"
BID = 125


def _candidates(game, d) -> list[int]:
    return [s for s in d.playing if s != d.declarer and not silent(game, s)
            and has_marriage(game.conv, d.hands[s])]


def active(game, d) -> bool:
    return d.blind and game.conv.unblind and bool(_candidates(game, d))


def start(game, d) -> None:
    d.queue = _candidates(game, d)
    d.turn = d.queue[0]


def legal(game, d) -> list[int]:
    return [A.PASS, A.UNBLIND]


def apply(game, d, move: int) -> None:
    seat = d.queue.pop(0)
    if move == A.UNBLIND:
        d.bids.append((seat, move))
        d.queue = []
        d.blind = False
        d.unblinder = seat
        d.bid_count = 1
        if game.conv.unblind_takes_talon:
            d.declarer, d.contract = seat, BID
        else:
            d.declarer = -1
            d.high_bid, d.bidder = BID, seat
    elif d.queue:
        d.turn = d.queue[0]


def finished(game, d) -> bool:
    return not d.queue


def why(game, d, move: int):
    return rule("unblind_window", "6.7",
                "a player with a marriage may now unblind at 125: 'unblind' or 'pass'")


STEP = Step.of(__name__, "6.7", ("unblind", "pass"), private=True, window=True, judged="decision")
