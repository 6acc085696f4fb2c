"""Giving (снос), RULES.md §3 step 5 and §7: the declarer gives one card of his choice to
each opponent (and, with `two_mode=dead_hand`, one to the dead hand), in any order."""
from __future__ import annotations

from .. import actions as A
from ..cards import cards_of
from ..errors import rule
from .base import Step
from ..layout import DEAD

PHASE = "giving"


def active(game, d) -> bool:
    return bool(d.layout.receivers(d.declarer, d.playing))


def start(game, d) -> None:
    d.queue = list(d.layout.receivers(d.declarer, d.playing))    # who still gets a card
    d.turn = d.declarer


def legal(game, d) -> list[int]:
    out = []
    cards = cards_of(d.hands[d.declarer])
    for to in d.queue:
        base = A.GIVE + 24 * to
        out.extend([base + c for c in cards])
    return out


def apply(game, d, move: int) -> None:
    to, c = divmod(move - A.GIVE, 24)
    d.hands[d.declarer] &= ~(1 << c)
    d.receive(to, c)
    d.gives.append((c, to))
    d.queue.remove(to)


def finished(game, d) -> bool:
    return not d.queue


def why(game, d, move: int):
    if not A.GIVE <= move < A.PLAY:
        return rule("give_expected", "3.5",
                    "the declarer now gives one card to each opponent: 'give CARD SEAT'")
    to, c = divmod(move - A.GIVE, 24)
    if not d.hands[d.declarer] >> c & 1:
        return rule("give_card_not_held", "3.5", "the declarer can only give a card he holds")
    if to not in d.layout.receivers(d.declarer, d.playing):
        where = "the dead hand" if to == DEAD else f"seat {to}"
        return rule("give_not_opponent", "3.5", f"{where} does not receive a card from the "
                    "declarer", seat="dead" if to == DEAD else to)
    return rule("give_twice", "3.5", f"{'the dead hand' if to == DEAD else f'seat {to}'} has "
                "already received a card (one card to each)", seat="dead" if to == DEAD else to)


STEP = Step.of(__name__, "3.5", ("give",), judged="decision")
