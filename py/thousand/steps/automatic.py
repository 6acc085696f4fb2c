"""A step that decides nothing by itself asking: no moves, finished once started (the
``Step`` defaults: no legal moves, finished, a move refused)."""
from __future__ import annotations

from ..errors import rule
from .base import Step


class Automatic(Step):
    """Asks nobody (VERBS empty): its phase is never seen waiting."""
    PHASE = "automatic"
    SECTION = ""

    def start(self, game, d) -> None:
        raise NotImplementedError

    def why(self, game, d, move):
        return rule("no_move_expected", self.SECTION, "nobody is to move now")
