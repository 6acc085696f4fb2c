"""Actions as small ints inside the engine, §9 text notation at the edges.

    pass            0          concede        1
    bid N           1000 + N   contract N     2000 + N
    give CARD SEAT  100 + 24*SEAT + CARD
    play CARD       300 + CARD meld CARD      400 + CARD
"""
from __future__ import annotations

from .cards import card as parse_card, name as card_name, CardError
from .errors import IllegalAction

PASS = 0
CONCEDE = 1
REDEAL = 2
BLIND = 3
UNBLIND = 4
GIVE = 100
PLAY = 300
MELD = 400
BID = 1000
CONTRACT = 2000

_TEXT_CACHE: dict[int, str] = {}


def bid(n: int) -> int:
    return BID + n


def contract(n: int) -> int:
    return CONTRACT + n


def give(c: int, seat: int) -> int:
    return GIVE + 24 * seat + c


def play(c: int) -> int:
    return PLAY + c


def meld(c: int) -> int:
    return MELD + c


def to_text(a: int) -> str:
    s = _TEXT_CACHE.get(a)
    if s is None:
        s = _to_text(a)
        _TEXT_CACHE[a] = s
    return s


def _to_text(a: int) -> str:
    if a == PASS:
        return "pass"
    if a == CONCEDE:
        return "concede"
    if a == REDEAL:
        return "redeal"
    if a == BLIND:
        return "blind"
    if a == UNBLIND:
        return "unblind"
    if a >= CONTRACT:
        return f"contract {a - CONTRACT}"
    if a >= BID:
        return f"bid {a - BID}"
    if a >= MELD:
        return f"meld {card_name(a - MELD)}"
    if a >= PLAY:
        return f"play {card_name(a - PLAY)}"
    if a >= GIVE:
        seat, c = divmod(a - GIVE, 24)
        return f"give {card_name(c)} {seat}"
    raise ValueError(a)


_WORDS = {"pass": PASS, "concede": CONCEDE, "redeal": REDEAL, "blind": BLIND, "unblind": UNBLIND}


def parse(text: str) -> int:
    """Read an action in §9 notation; a malformed one raises IllegalAction."""
    if not isinstance(text, str):
        raise IllegalAction(f"not an action: {text!r}")
    words = text.strip().split()
    if not words:
        raise IllegalAction("empty action")
    verb = words[0].lower()
    try:
        if verb in _WORDS and len(words) == 1:
            return _WORDS[verb]
        if verb in ("bid", "contract") and len(words) == 2:
            n = int(words[1])
            if not 0 < n < 1000:
                raise ValueError
            return (BID if verb == "bid" else CONTRACT) + n
        if verb in ("play", "meld") and len(words) == 2:
            return (PLAY if verb == "play" else MELD) + parse_card(words[1])
        if verb == "give" and len(words) == 3:
            seat = int(words[2])
            if not 0 <= seat < 6:
                raise ValueError
            return give(parse_card(words[1]), seat)
    except (ValueError, CardError) as e:
        detail = f": {e}" if isinstance(e, CardError) else ""
        raise IllegalAction(f"cannot read action {text!r}{detail} (§9 notation)") from None
    raise IllegalAction(f"unknown action {text!r} (§9: bid N, pass, give CARD SEAT, "
                        "contract N, concede, play CARD, meld CARD)")
