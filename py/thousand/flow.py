"""A deal as an explicit list of steps, worked out from the conventions when it starts.

    dealing → [blind] → [redeal: dealt] → [unblind] → bidding | golden | barrel
            → talon → [redeal: talon] → giving | discard → [redeal: after] → contract
            → play → scoring

A step in [brackets] is in the list only when its convention is on; any step may still
find, when it is reached, that it has nothing to do in this deal (``active``) — bidding
after a blind declaration, say.  With `two_mode=draw` nobody declares: dealing, play,
scoring.  ``Game`` drives the list (``Game._advance``).
"""
from __future__ import annotations

from .steps import (auto_declarer, bidding, blind, contract, dealing, discard, giving,
                    playing, redeal, scoring, talon, unblind)


def steps_for(game, d) -> list:
    """The steps of deal `d` (and its automatic declarer, `d.auto`)."""
    conv = game.conv
    d.forced = bidding.forced_bidder(conv, d)
    if d.golden:
        d.auto = "golden"
    elif conv.barrel_bidding == "auto" and any(game.on_barrel[s] for s in d.playing):
        d.auto = "barrel"
    key = (id(conv), d.auto)
    hit = _CACHE.get(key)
    if hit is None or hit[0] is not conv:
        if len(_CACHE) > 512:
            _CACHE.clear()
        hit = _CACHE[key] = (conv, tuple(_steps(conv, d.layout, d.auto)))
    return hit[1]


_CACHE: dict = {}    # (id(conventions), auto) -> (conventions, steps): the same for every deal


def _steps(conv, lay, auto: str) -> list:
    if not lay.bidding:
        return [dealing.STEP, *_window(redeal.DEALT, conv), playing.STEP, scoring.STEP]
    declare = {"golden": auto_declarer.GOLDEN,
               "barrel": auto_declarer.BARREL}.get(auto, bidding.STEP)
    steps = [dealing.STEP]
    if conv.blind == "on" and not auto:
        steps.append(blind.STEP)
    steps += _window(redeal.DEALT, conv)
    if conv.blind == "on" and conv.unblind and not auto:
        steps.append(unblind.STEP)
    steps += [declare, talon.STEP, *_window(redeal.TALON, conv),
              discard.STEP if lay.discards else giving.STEP, *_window(redeal.AFTER, conv),
              contract.STEP, playing.STEP, scoring.STEP]
    return steps


def _window(w, conv) -> list:
    return [w] if w.opens(conv) else []


# Every step a deal may have, in the order of a deal (the longest list above).
ALL = (dealing.STEP, blind.STEP, redeal.DEALT, unblind.STEP, bidding.STEP,
       auto_declarer.GOLDEN, auto_declarer.BARREL, talon.STEP, redeal.TALON, giving.STEP,
       discard.STEP, redeal.AFTER, contract.STEP, playing.STEP, scoring.STEP)


def phase_table() -> list[dict]:
    """The phases a player can be asked in, in the order of a deal, each once, with what
    it means (``Step.meaning``): what the worker's ``hello`` tells the table."""
    out, seen = [], set()
    for step in ALL:
        if step.VERBS and step.PHASE not in seen:
            seen.add(step.PHASE)
            out.append(step.meaning())
    return out


def owners_of(verb: str) -> list:
    """The steps whose phase offers `verb`, in a deal's order."""
    return [step for step in ALL if verb in step.VERBS]
