"""A step that decides nothing by itself asking: no moves, finished once started."""
from __future__ import annotations

from ..errors import rule
from .base import Step


class Automatic(Step):
    """Asks nobody (VERBS empty): its phase is never seen waiting."""
    PHASE = "automatic"
    SECTION = ""

    def active(self, game, d) -> bool:
        return True

    def start(self, game, d) -> None:
        raise NotImplementedError

    def legal(self, game, d) -> list[int]:
        return []

    def apply(self, game, d, move: int) -> None:
        raise self.why(game, d, move)

    def finished(self, game, d) -> bool:
        return True

    def why(self, game, d, move):
        return rule("no_move_expected", self.SECTION, "nobody is to move now")
