"""The engine's error types.  Each carries a stable ``code`` and ``params`` that a client
(the table) translates into the player's language, and an English message (``str(e)``)
that names the rule broken with its RULES.md section, for the CLI and logs.

    try:
        game.apply("play 9S")
    except IllegalAction as e:
        e.code      # "must_follow_suit"
        e.params    # {"section": "3.7"}
        str(e)      # "must follow suit (§3.7)"
"""
from __future__ import annotations


class ThousandError(ValueError):
    """Base of the engine's errors: a message, a code and its parameters."""

    def __init__(self, message: str, code: str = "", **params):
        super().__init__(message)
        self.code = code or self.default_code
        self.params = params

    default_code = "error"

    def to_json(self) -> dict:
        """{"code", "params", "message"}: what crosses to a client."""
        return {"code": self.code, "params": dict(self.params), "message": str(self)}

    def prefixed(self, prefix: str) -> "ThousandError":
        """The same error with a location (e.g. "deal 2, action 5 'pass'") in front."""
        e = type(self)(f"{prefix}: {self}", self.code, **self.params)
        e.params.setdefault("where", prefix)
        return e


class IllegalAction(ThousandError):
    """An action that the rules forbid now.  The message names the rule (RULES.md section)."""

    default_code = "illegal"


class ConventionError(ThousandError):
    """A conventions value, preset or share-link code that cannot be used; names the field."""

    default_code = "bad_convention"


class RecordError(ThousandError):
    """A game record that cannot be read (bad JSON shape, unknown format, bad cards)."""

    default_code = "bad_record"


def rule(code: str, section: str, text: str, **params) -> IllegalAction:
    """An IllegalAction for a broken rule: text "… (§section)", code and params."""
    return IllegalAction(f"{text} (§{section})" if section else text, code,
                         section=section, **params)
