"""Discarding, RULES.md §7 `two_mode=two_talons`: after taking a talon the declarer lays off
`layout.discards` (2) cards of his choice, face down; their points count for him (§7,
*assumption*)."""
from __future__ import annotations

from .. import actions as A
from ..cards import cards_of
from ..errors import rule
from .base import Step

PHASE = "discard"


def active(game, d) -> bool:
    return d.layout.discards > 0


def start(game, d) -> None:
    d.turn = d.declarer


def legal(game, d) -> list[int]:
    return [A.DISCARD + c for c in cards_of(d.hands[d.declarer])]


def apply(game, d, move: int) -> None:
    c = move - A.DISCARD
    d.hands[d.declarer] &= ~(1 << c)
    d.discards.append(c)


def finished(game, d) -> bool:
    return len(d.discards) >= d.layout.discards


def why(game, d, move: int):
    if not A.DISCARD <= move < A.TALON:
        return rule("discard_expected", "7", "the declarer now lays off two cards: "
                    "'discard CARD'")
    return rule("discard_card_not_held", "7", "the declarer can only lay off a card he holds")


STEP = Step.of(__name__, "7", ("discard",), judged="decision")
