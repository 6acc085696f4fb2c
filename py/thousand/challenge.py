"""Deal challenge links (issue 11 item 2): "play this deal" for a friend.

A challenge carries the conventions, the deal (its seed or its cards in §9 notation), who
dealt, the seat the sender played, the bot level, and the sender's result, so that the
receiver plays the very same cards from the same seat against the same bots and both
results can be shown side by side (the duplicate idea, for two friends).

    text = encode(challenge)          # for a link: #challenge=TEXT (URL-safe)
    ch = decode(text)                 # checked; a bad or hostile text raises RecordError
    game = start(ch)                  # a fresh game whose first deal is that deal

The text is base64url of a small JSON object; decoding checks its size, its shape and
every field before anything reaches the engine, and the deal is dealt once to prove it.
"""
from __future__ import annotations

import base64
import binascii
import json

from . import schema
from .conventions import Conventions
from .errors import ConventionError, RecordError, ThousandError
from .bots import LEVELS
from .game import Game

VERSION = 1
MAX_TEXT = 4000
KEYS = ("v", "rules", "dealer", "seat", "level", "deal", "result", "name")


def _bad(text: str, **params) -> RecordError:
    return RecordError(f"challenge link: {text}", "bad_challenge", **params)


def make(game: Game, number: int, seat: int, level: str, name: str = "") -> dict:
    """The challenge of deal `number` of `game` as played by `seat`: the deal's cards and the
    seat's change in it (its score-sheet row), from a fresh game."""
    d = game.deals[number]
    spec = {"seed": d.seed} if d.seed is not None else \
        {k: v for k, v in game.to_record()["deals"][number].items() if k != "actions"}
    result = game.sheet[number]["delta"][seat] if number < len(game.sheet) else None
    return {"v": VERSION, "rules": game.conv.to_code(), "dealer": d.dealer, "seat": seat,
            "level": level, "deal": spec, "result": result, "name": name[:40]}


def encode(ch: dict) -> str:
    raw = json.dumps(ch, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def decode(text) -> dict:
    """A challenge from its link text, every field checked (RecordError otherwise)."""
    if not isinstance(text, str) or not text or len(text) > MAX_TEXT:
        raise _bad(f"expected a text of at most {MAX_TEXT} characters")
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        ch = schema.loads(raw, "challenge")     # the JSON limits of records (depth, NaN, ...)
    except (binascii.Error, ValueError):
        raise _bad("not a challenge (unreadable)") from None
    if not isinstance(ch, dict) or ch.get("v") != VERSION:
        raise _bad(f"not a challenge of version {VERSION}")
    unknown = [k for k in ch if k not in KEYS]
    if unknown:
        raise _bad(f"unknown field {str(unknown[0])[:40]!r}", field=str(unknown[0])[:40])
    if not isinstance(ch.get("rules"), str):
        raise _bad("rules: a rules code", field="rules")
    try:
        conv = Conventions.from_code(ch["rules"])
    except ConventionError as e:
        raise _bad(f"rules: {e}", field="rules") from None
    n = conv.players
    for key in ("dealer", "seat"):
        if not (type(ch.get(key)) is int and 0 <= ch[key] < n):
            raise _bad(f"{key}: a seat 0..{n - 1}", field=key)
    if ch.get("level") not in LEVELS:
        raise _bad(f"level: one of {', '.join(LEVELS)}", field="level")
    result = ch.get("result")
    if result is not None and not (type(result) is int and abs(result) <= 10_000):
        raise _bad("result: a whole number of points", field="result")
    name = ch.get("name", "")
    if not (isinstance(name, str) and len(name) <= 40):
        raise _bad("name: a text of at most 40 characters", field="name")
    if not isinstance(ch.get("deal"), dict) or "actions" in ch["deal"]:
        raise _bad("deal: a seed or the cards", field="deal")
    if ch["seat"] not in conv.layout.playing(ch["dealer"]):
        raise _bad("seat: that seat does not play this deal", field="seat")
    try:
        start(ch)              # the deal must be dealt: proves the cards are one deck
    except ThousandError as e:
        raise _bad(f"deal: {e}", field="deal") from None
    return ch


def start(ch: dict, seat: int | None = None) -> Game:
    """A fresh game whose first (and only) deal is the challenge's deal.  With `seat`, the
    table is turned so that the challenge's seat sits there (a table that always seats its
    player at one place): the same cards, dealer and bots, each seat moved by the same
    number of places (the deal then travels as its cards)."""
    conv = Conventions.from_code(ch["rules"])
    record = {"conventions": conv.to_dict(),
              "first_dealer": ch["dealer"], "deals": [dict(ch["deal"], actions=[])]}
    if seat is None or seat == ch["seat"]:
        return Game.from_record(record)
    from .deal import cards_to_spec
    g = Game.from_record(record)
    n = g.n
    shift = (ch["seat"] - seat) % n               # the new seat s is the old seat s + shift
    spec = cards_to_spec(g.deals[0].cards, g.deals[0].layout)
    spec["hands"] = [spec["hands"][(s + shift) % n] for s in range(n)]
    record.update(first_dealer=(ch["dealer"] - shift) % n, deals=[dict(spec, actions=[])])
    return Game.from_record(record)


__all__ = ["make", "encode", "decode", "start", "VERSION"]
