"""The simple bots: random-legal (for tests) and "easy".

"easy" is the frozen ``normal1`` heuristic (``normal1.py``) with deliberate slips and
optimistic bidding, so its strength stays comparable across versions of the normal bot.
``HeuristicBot``, ``hand_strength`` and ``keep_score_of`` are normal1's, re-exported for the
modules that use them (the hard bot's fallback and giving candidates, the protocol's
fallback).
"""
from __future__ import annotations

import random

from .normal1 import HeuristicBot, hand_strength, keep_score_of  # noqa: F401 (re-exported)


class RandomBot:
    """Plays a uniformly random legal action."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, view: dict) -> str:
        return self.rng.choice(view["legal"])


class EasyBot(HeuristicBot):
    """The "easy" level: the heuristic with deliberate slips and optimistic bidding."""

    slip = 0.2
    optimism = 15.0
