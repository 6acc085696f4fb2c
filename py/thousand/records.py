"""Game records (RULES.md §9): writing a game as JSON and replaying one.

A record fully determines a game: the conventions, the names, the first dealer, and per
deal its cards (a seed, or the hands, talon pile(s), dead hand and stock in text notation)
and its actions in §9 text.  Optional additions: ``"seed"`` (where further deals come from)
and ``"start"`` (a starting position: scores, bolts, barrel attempts, concessions, falls).
The record is checked against the schema (``thousand.schema``, docs/record-format.md)
before the engine sees it; every problem raises the engine's RecordError /
ConventionError / IllegalAction naming the field or the deal and action; nothing else
comes out of ``from_record`` for any value.
"""
from __future__ import annotations

import copy

from . import actions as A
from . import schema
from .deal import cards_to_spec
from .errors import IllegalAction, RecordError

FORMAT = schema.FORMAT


def to_record(g) -> dict:
    deals = []
    for d in g.deals:
        spec = {"seed": d.seed} if d.seed is not None else cards_to_spec(d.cards, g.layout)
        spec["actions"] = [A.to_text(m) for m in d.actions]
        deals.append(spec)
    rec = {"format": FORMAT, "conventions": g.conv.to_dict(), "names": list(g.names),
           "first_dealer": g.first_dealer, "deals": deals}
    if g.seed is not None:
        rec["seed"] = g.seed
    if g.start is not None:
        rec["start"] = copy.deepcopy(g.start)
    return rec


def set_start(g, start) -> None:
    """Begin from a position instead of 0: {"scores": [...], "bolts": [...], "barrel":
    [attempts or null per seat], "concessions": [...], "falls": [...]} (schema.read_start)."""
    start = schema.read_start(start, g.conv)
    _begin_at(g, start)


def _begin_at(g, start: dict) -> None:
    n = g.n
    g.start = copy.deepcopy(start)
    st = g.standing
    st.scores = list(start.get("scores", [0] * n))
    st.bolts = list(start.get("bolts", [0] * n))
    st.concessions = list(start.get("concessions", [0] * n))
    st.falls = list(start.get("falls", [0] * n))
    barrel = start.get("barrel", [None] * n)
    st.on_barrel = [b is not None for b in barrel]
    st.attempts = [b or 0 for b in barrel]


def from_record(cls, record):
    """Replay a record into a new game of class `cls`: the record is checked against the
    schema first (schema.read_record), then its actions are played in order."""
    rec = schema.read_record(record)
    g = cls(rec.conventions, rec.names, rec.first_dealer, rec.seed)
    if rec.start is not None:
        _begin_at(g, rec.start)
    deals = rec.deals
    g._pending = list(deals)
    g._next_deal()
    for i, spec in enumerate(deals):
        for j, act in enumerate(spec.actions):
            where = f"deal {i + 1}, action {j} {act!r}"
            if g.finished:
                raise IllegalAction(f"{where}: the game is already over", "game_over",
                                    deal=i + 1, index=j)
            if g.deal is None or g.deal.number != i:
                raise IllegalAction(f"{where}: deal {i + 1} has already ended",
                                    "deal_over", deal=i + 1, index=j)
            try:
                g.apply(act)
            except IllegalAction as e:
                raise e.prefixed(where, deal=i + 1, index=j) from None
        if i + 1 < len(deals) and (g.finished or g.deal is None or g.deal.number == i):
            if g.finished:
                raise RecordError(f"deal {i + 2}: the game was already over", "game_over",
                                  deal=i + 2)
            raise RecordError(f"deal {i + 1} is not finished but more deals follow",
                              "deal_unfinished", deal=i + 1)
    return g


def replay_summary(g) -> dict:
    """The CLI's replay output: each finished deal's points and the running scores."""
    keys = ("dealer", "declarer", "contract", "outcome", "points", "delta", "scores", "bolts")
    return {"deals": [{k: row[k] for k in keys} for row in g.sheet],
            "scores": list(g.scores), "finished": g.finished, "winner": g.winner}


def from_json(cls, data):
    """A record as JSON text or UTF-8 bytes (a file, a save) -> a replayed game; the text is
    read within the schema's limits (size, nesting, numbers)."""
    return from_record(cls, schema.loads(data, "record"))


__all__ = ["FORMAT", "to_record", "from_record", "from_json", "set_start", "replay_summary"]
