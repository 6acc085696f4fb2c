"""The engine's error types: one for illegal actions, one for bad conventions."""


class IllegalAction(ValueError):
    """An action that the rules forbid now.  The message names the rule (RULES.md section)."""


class ConventionError(ValueError):
    """A conventions value, preset or share-link code that cannot be used; names the field."""


class RecordError(ValueError):
    """A game record that cannot be read (bad JSON shape, unknown format, bad cards)."""
