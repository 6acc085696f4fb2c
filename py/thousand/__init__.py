"""Thousand (Тысяча): rules engine, bots and records.  See RULES.md."""
from .cards import card, name, parse_cards, format_cards, accessible_name
from .conventions import Conventions, PRESETS, SUPPORTED_PRESETS
from .errors import IllegalAction, ConventionError, RecordError, ThousandError
from .game import Game, FORMAT
from .layout import Layout

__all__ = ["Game", "Conventions", "Layout", "PRESETS", "SUPPORTED_PRESETS", "IllegalAction",
           "ConventionError", "RecordError", "ThousandError", "FORMAT", "card", "name",
           "parse_cards", "format_cards", "accessible_name"]
