"""A declarer without bidding.

GOLDEN (RULES.md §6.6 `golden_round=on`): in each deal of the golden round first hand is
declarer at 120 (on the barrel at need, when that is more, §4.1).
BARREL (§4.1 `barrel_bidding=auto`): a player on the barrel takes the talon at `need` and
nobody bids; with two on the barrel, the first of them in bidding order (from the seat
after the forced bidder).
"""
from __future__ import annotations

from .automatic import Automatic

GOLDEN_CONTRACT = 120


class Golden(Automatic):
    PHASE = "bidding"
    SECTION = "6.6"

    def active(self, game, d) -> bool:
        return d.auto == "golden" and d.declarer < 0

    def start(self, game, d) -> None:
        d.declarer = d.playing[0]
        # on the barrel a contract is never below need (§4.1)
        d.contract = max(GOLDEN_CONTRACT, game.conv.need) if game.on_barrel[d.declarer] \
            else GOLDEN_CONTRACT


class Barrel(Automatic):
    PHASE = "bidding"
    SECTION = "4.1"

    def active(self, game, d) -> bool:
        return d.auto == "barrel" and d.declarer < 0

    def start(self, game, d) -> None:
        d.declarer = barrel_declarer(game, d)
        d.contract = game.conv.need


def barrel_declarer(game, d) -> int:
    """The first seat on the barrel in bidding order, or -1."""
    seat = d.nxt[d.forced]
    for _ in d.playing:
        if game.on_barrel[seat]:
            return seat
        seat = d.nxt[seat]
    return -1


GOLDEN = Golden()
BARREL = Barrel()
