"""Dealing, RULES.md §3 step 1, §7 and §9: the cards go to the seats that play (each
``layout.hand`` cards; a dealer who sits out gets none), the dead hand, the talon pile(s)
and the stock.  The cards themselves come from a seed or the record (``thousand.deal``)."""
from __future__ import annotations

from ..cards import mask_of
from .automatic import Automatic


class Dealing(Automatic):
    PHASE = "dealing"
    SECTION = "3.1"

    def start(self, game, d) -> None:
        d.hands = list(d.cards.hands)
        d.dead = mask_of(d.cards.dead)
        d.stock = list(d.cards.stock)


STEP = Dealing()
