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

    def prefixed(self, prefix: str, **params) -> "ThousandError":
        """The same error with a location (e.g. "deal 2, action 5 'pass'") in front, and
        the location's params (e.g. deal=2, index=5) added."""
        e = type(self)(f"{prefix}: {self}", self.code, **self.params)
        e.params.setdefault("where", prefix)
        for k, v in params.items():
            e.params.setdefault(k, v)
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


def shown(v, limit: int = 40) -> str:
    """A short text of any value for a message or a param: strings quoted and escaped
    (repr: no newline, no lone surrogate gets through), at most `limit` characters of them;
    other values by kind.  Never fails and never does much work, whatever `v` is (a number of
    a million digits, a list nested a thousand deep)."""
    if isinstance(v, str):
        return repr(v[:limit]) + ("…" if len(v) > limit else "")
    if v is None:
        return "null"
    if v is True or v is False:
        return "true" if v else "false"
    if type(v) is int:
        return str(v) if -10 ** 18 < v < 10 ** 18 else f"a number of {v.bit_length()} bits"
    if type(v) is float:
        return repr(v)
    if isinstance(v, list):
        return f"a list ({len(v)} entries)"
    if isinstance(v, dict):
        return "an object"
    return f"a {type(v).__name__}"


def rule(code: str, section: str, text: str, **params) -> IllegalAction:
    """An IllegalAction for a broken rule: text "… (§section)", code and params."""
    return IllegalAction(f"{text} (§{section})" if section else text, code,
                         section=section, **params)
