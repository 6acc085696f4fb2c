"""Actions as small ints inside the engine, §9 text notation at the edges.

    pass            0            concede        1
    redeal          2            blind          3          unblind   4
    give CARD SEAT  100 + 24*SEAT + CARD        (SEAT 6 = the dead hand: "give CARD dead")
    play CARD       300 + CARD   meld CARD      400 + CARD
    discard CARD    500 + CARD   talon N        600 + N
    bid N           1000 + N     contract N     2000 + N

The integer encoding never crosses the API: records, clients and bots speak text
(``parse``/``to_text``); ``Game.push`` takes ints for simulations.
"""
from __future__ import annotations

from .cards import card as parse_card, name as card_name, CardError
from .errors import IllegalAction, shown

PASS = 0
CONCEDE = 1
REDEAL = 2
BLIND = 3
UNBLIND = 4
GIVE = 100
PLAY = 300
MELD = 400
DISCARD = 500
TALON = 600
BID = 1000
CONTRACT = 2000

DEAD = 6          # the receiver index of the dead hand in a give
MAX_SEATS = 6

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


def discard(c: int) -> int:
    return DISCARD + c


def talon(n: int) -> int:
    return TALON + n


def to_text(a: int) -> str:
    s = _TEXT_CACHE.get(a)
    if s is None:
        s = _TEXT_CACHE[a] = _to_text(a)
    return s


_WORD_OF = {PASS: "pass", CONCEDE: "concede", REDEAL: "redeal", BLIND: "blind",
            UNBLIND: "unblind"}
_WORDS = {v: k for k, v in _WORD_OF.items()}


def _to_text(a: int) -> str:
    if a in _WORD_OF:
        return _WORD_OF[a]
    if a >= CONTRACT:
        return f"contract {a - CONTRACT}"
    if a >= BID:
        return f"bid {a - BID}"
    if a >= TALON:
        return f"talon {a - TALON}"
    if a >= DISCARD:
        return f"discard {card_name(a - DISCARD)}"
    if a >= MELD:
        return f"meld {card_name(a - MELD)}"
    if a >= PLAY:
        return f"play {card_name(a - PLAY)}"
    if a >= GIVE:
        seat, c = divmod(a - GIVE, 24)
        return f"give {card_name(c)} {'dead' if seat == DEAD else seat}"
    raise ValueError(a)


VERBS = ("bid N, pass, give CARD SEAT, give CARD dead, contract N, concede, play CARD, "
         "meld CARD, redeal, blind, unblind, talon N, discard CARD")


def parse(text) -> int:
    """Read an action in §9 notation; anything else raises IllegalAction (code
    ``unreadable_action``), whatever its type."""
    if not isinstance(text, str):
        raise IllegalAction(f"an action is a text in §9 notation, not {shown(text)}",
                            "unreadable_action", section="9", action=shown(text))
    words = text.split() if len(text) <= 40 else []
    if not words:
        raise IllegalAction(f"cannot read action {text[:40]!r} (§9 notation)",
                            "unreadable_action", section="9", action=text[:40])
    verb = words[0].lower()
    try:
        if verb in _WORDS and len(words) == 1:
            return _WORDS[verb]
        if verb in ("bid", "contract") and len(words) == 2:
            n = _number(words[1])
            if not 0 < n < 1000:
                raise ValueError
            return (BID if verb == "bid" else CONTRACT) + n
        if verb in ("play", "meld", "discard") and len(words) == 2:
            base = {"play": PLAY, "meld": MELD, "discard": DISCARD}[verb]
            return base + parse_card(words[1])
        if verb == "talon" and len(words) == 2:
            n = _number(words[1])
            if not 0 <= n < 2:
                raise ValueError
            return TALON + n
        if verb == "give" and len(words) == 3:
            to = words[2].lower()
            # a seat 0..5, or the word "dead": the dead hand's index (6) is internal
            seat = DEAD if to == "dead" else _number(to)
            if not (to == "dead" or 0 <= seat < MAX_SEATS):
                raise ValueError
            return give(parse_card(words[1]), seat)
    except (ValueError, CardError) as e:
        detail = f": {e}" if isinstance(e, CardError) else ""
        raise IllegalAction(f"cannot read action {text!r}{detail} (§9 notation)",
                            "unreadable_action", section="9", action=text) from None
    raise IllegalAction(f"unknown action {text!r} (§9: {VERBS})", "unreadable_action",
                        section="9", action=text)


def _number(w: str) -> int:
    """A plain decimal number: "105", not "1e2", "+5", "٣" or "1_0"."""
    if not (w.isascii() and w.isdigit()) or len(w) > 4:
        raise ValueError(w)
    return int(w)
