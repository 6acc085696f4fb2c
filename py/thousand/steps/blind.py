"""The blind declaration (игра втёмную), RULES.md §6.7: before anybody has looked at his
cards, first hand may declare a blind game — he is then declarer at 120, which cannot be
raised.  ``pass`` declines.  Not offered in a deal without bidding (golden round, automatic
barrel), with `blind_not_on_barrel` while anyone is on the barrel, to a first hand who is
silent (§6.1), nor to a first hand on the barrel whose need is above 120."""
from __future__ import annotations

from .. import actions as A
from ..errors import rule
from .base import Step
from .common import silent

PHASE = "blind"
CONTRACT = 120


def active(game, d) -> bool:
    conv = game.conv
    fh = d.playing[0]
    if conv.blind != "on" or d.auto:
        return False
    if conv.blind_not_on_barrel and any(game.on_barrel):
        return False
    if silent(game, fh) or (game.on_barrel[fh] and conv.need > CONTRACT):
        return False
    return True


def start(game, d) -> None:
    d.looked = False            # nobody has looked at his cards yet
    d.turn = d.playing[0]


def legal(game, d) -> list[int]:
    return [A.PASS, A.BLIND]


def apply(game, d, move: int) -> None:
    if move == A.BLIND:
        d.bids.append((d.turn, move))
        d.blind = True
        d.blind_declarer = d.turn
        d.declarer = d.turn
        d.contract = CONTRACT
    d.looked = True


def finished(game, d) -> bool:
    return d.looked


def why(game, d, move: int):
    return rule("blind_window", "6.7",
                "first hand now declares a blind game or not: 'blind' or 'pass'")


STEP = Step.of(__name__, "6.7", ("blind", "pass"), window=True, judged="decision")
