"""The talon (прикуп), RULES.md §3 step 4 and §7.  The declarer takes it — with two talons
(`two_mode=two_talons`) he first picks one of the two piles (``talon 0``/``talon 1``), the
other stays face down.  It is shown to everybody unless hidden: taken at 100 under
`hide_talon_at_100`, in a blind game under `blind_hide_talon`, in the golden round.  The
cards he will give are face down (§3.5) with `give_face_down`, in a blind game, in the
golden round and when the talon was hidden at 100."""
from __future__ import annotations

from .. import actions as A
from ..errors import rule
from .base import Step

PHASE = "talon"


def active(game, d) -> bool:
    return bool(d.layout.talons)


def start(game, d) -> None:
    d.turn = d.declarer
    if len(d.layout.talons) == 1:
        take(game, d, 0)


def take(game, d, pile: int) -> None:
    conv = game.conv
    hidden_at_100 = conv.hide_talon_at_100 and d.at_100
    d.talon_pile = pile
    d.talon_public = not (hidden_at_100 or d.golden or (d.blind and conv.blind_hide_talon))
    d.gives_face_down = conv.give_face_down or hidden_at_100 or d.blind or d.golden
    for c in d.cards.talons[pile]:
        d.hands[d.declarer] |= 1 << c


def legal(game, d) -> list[int]:
    return [A.TALON + i for i in range(len(d.layout.talons))]


def apply(game, d, move: int) -> None:
    take(game, d, move - A.TALON)


def finished(game, d) -> bool:
    return d.talon_pile >= 0


def why(game, d, move: int):
    return rule("pick_talon", "7", "the declarer now takes one of the two talons: 'talon 0' "
                "or 'talon 1'")


STEP = Step.of(__name__, "3.4", ("talon",), judged="decision")
