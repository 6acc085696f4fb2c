"""What a step of a deal is: the one place that says what each phase means.

Every step (``thousand.steps``) is a ``Step``: the functions the game drives it by, and what
its phase means to everybody who reads it — ``Game`` (which rule a move breaks), ``view``
(whose turn is private, the helpers a player on turn gets), the deal review (which decisions
it judges) and, through the worker's ``hello`` (``flow.phase_table``), the table:

    PHASE       the phase id a client sees while the step waits for a player
    SECTION     the RULES.md section the step implements
    VERBS       the §9 action verbs a player may use in it ("bid", "pass", ...)
    PRIVATE     only the seat on turn learns that it is on turn: the others see the phase,
                not who is asked (being asked says something about a hand: §6.3, §6.7)
    WINDOW      a yes/no offer ("redeal"/"blind"/"unblind" or "pass") that comes and goes:
                its verbs are refused as "not available now" in any other phase
    JUDGED      what the deal review judges in it: "decision" (a choice before the play),
                "card" (the play), or None

    active(game, d) -> bool     does the step take part in this deal now?  (else skipped)
    start(game, d)              it is reached: set up, and name the seat on turn
    legal(game, d) -> [int]     the moves of the seat on turn
    apply(game, d, move)        one legal move
    finished(game, d) -> bool   nothing more to decide here
    why(game, d, move)          the IllegalAction saying which rule a move breaks
    choices(game, d, seat, moves) -> dict   helpers for the seat on turn's view (ranges,
                                the preview of a concession, redeal reasons)

A step written as a module of functions becomes one with ``Step.of(module, ...)``; a step
with several moments (the redeal windows) or none to ask about (``Automatic``) subclasses it.
"""
from __future__ import annotations

import sys

FUNCTIONS = ("active", "start", "legal", "apply", "finished", "why", "choices")


class Step:
    PHASE = ""
    SECTION = ""
    VERBS: tuple = ()
    PRIVATE = False
    WINDOW = False
    JUDGED: str | None = None

    def active(self, game, d) -> bool:
        return True

    def start(self, game, d) -> None:
        pass

    def legal(self, game, d) -> list[int]:
        return []

    def apply(self, game, d, move: int) -> None:
        raise self.why(game, d, move)

    def finished(self, game, d) -> bool:
        return True

    def why(self, game, d, move: int):
        raise NotImplementedError

    def choices(self, game, d, seat: int, moves: list) -> dict:
        return {}

    def meaning(self) -> dict:
        """What the phase means, as JSON (the worker's ``hello`` sends it to the table)."""
        return {"phase": self.PHASE, "section": self.SECTION, "verbs": list(self.VERBS),
                "private": self.PRIVATE, "window": self.WINDOW, "judged": self.JUDGED}

    def __repr__(self) -> str:
        return f"<step {self.PHASE} §{self.SECTION}>"

    @classmethod
    def of(cls, module_name: str, section: str, verbs: tuple, *, private: bool = False,
           window: bool = False, judged: str | None = None) -> "Step":
        """The step a module of functions (`PHASE` and the functions above) is."""
        module = sys.modules[module_name]
        step = cls()
        step.PHASE = module.PHASE
        step.SECTION, step.VERBS = section, tuple(verbs)
        step.PRIVATE, step.WINDOW, step.JUDGED = private, window, judged
        for name in FUNCTIONS:
            fn = getattr(module, name, None)
            if fn is not None:
                setattr(step, name, fn)        # the module's function itself: no extra call
        return step
