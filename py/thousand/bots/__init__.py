"""Bots.  Every bot sees only ``Game.view(seat)`` and answers one action in §9 notation.

    bot = make_bot("normal", seed=1)
    action = bot.choose(game.view(seat))
"""
from __future__ import annotations

from .baseline import RandomBot, HeuristicBot, EasyBot

LEVELS = ("random", "easy", "normal", "normal1", "hard")
# what the table's settings offer, in their order (normal1, the frozen previous normal bot,
# only where a challenge names it); the worker's hello sends it to the table
TABLE_LEVELS = ("easy", "normal", "hard", "random")


def make_bot(level: str, seed: int = 0, **options):
    if level == "random":
        return RandomBot(seed)
    if level == "easy":
        return EasyBot(seed)
    if level == "normal":
        from .normal import NormalBot
        return NormalBot(seed)
    if level == "normal1":
        return HeuristicBot(seed)       # the normal bot as frozen in normal1.py
    if level == "hard":
        from .hard import HardBot
        return HardBot(seed, **options)
    if level.startswith("cmd:"):
        from .protocol import ProcessBot
        return ProcessBot(level[4:], **options)
    raise ValueError(f"unknown bot level {level!r} (one of {', '.join(LEVELS)} or cmd:COMMAND)")


def hint(view: dict, budget: float = 1.0, seed: int = 0) -> dict:
    """The hard bot's recommended action for this view and its estimate:
    {"action": "play AS", "estimate": {...} or None}.  Only the view is used."""
    from .hard import HardBot
    return HardBot(seed, budget=budget).hint(view)


__all__ = ["make_bot", "hint", "RandomBot", "HeuristicBot", "EasyBot", "LEVELS", "TABLE_LEVELS"]
