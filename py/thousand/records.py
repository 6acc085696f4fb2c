"""Game records (RULES.md §9): writing a game as JSON and replaying one.

A record fully determines a game: the conventions, the names, the first dealer, and per
deal its cards (a seed, or the hands, talon pile(s), dead hand and stock in text notation)
and its actions in §9 text.  Optional additions: ``"seed"`` (where further deals come from)
and ``"start"`` (a starting position: scores, bolts, barrel attempts, concessions, falls).
Every problem raises the engine's RecordError / ConventionError / IllegalAction naming
where it is; nothing else comes out of ``from_record`` for any JSON value.
"""
from __future__ import annotations

import copy

from . import actions as A
from .conventions import Conventions
from .deal import cards_to_spec
from .errors import IllegalAction, RecordError

FORMAT = "thousand/1"
MAX_DEALS = 2000            # a game of Thousand is never this long
MAX_ACTIONS = 400           # actions in one deal (a 2-player deal has about 40)
START_KEYS = ("scores", "bolts", "barrel", "concessions", "falls")


def _is_int(x) -> bool:
    return type(x) is int


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


def set_start(g, start: dict) -> None:
    """Begin from a position instead of 0: {"scores": [...], "bolts": [...], "barrel":
    [attempts or null per seat], "concessions": [...], "falls": [...]}."""
    n = g.n
    conv = g.conv
    if not isinstance(start, dict):
        raise RecordError("start must be an object", "bad_record_field", field="start")
    unknown = sorted(k for k in start if k not in START_KEYS)
    if unknown:
        raise RecordError(f"start: unknown key {str(unknown[0])[:40]!r}", "bad_record_field",
                          field="start", key=str(unknown[0])[:40])

    def ints(key, ok):
        v = start.get(key, [0] * n)
        if not (isinstance(v, list) and len(v) == n and all(_is_int(x) and ok(x) for x in v)):
            raise RecordError(f"start.{key}: {n} values expected", "bad_record_field",
                              field=f"start.{key}")
        return list(v)
    scores = ints("scores", lambda x: x % 5 == 0 and abs(x) < 100_000)
    bolts = ints("bolts", lambda x: 0 <= x < 3)
    concessions = ints("concessions", lambda x: 0 <= x < 10_000)
    falls = ints("falls", lambda x: 0 <= x < 10_000)
    barrel = start.get("barrel", [None] * n)
    if not (isinstance(barrel, list) and len(barrel) == n
            and all(b is None or (_is_int(b) and 0 <= b < conv.barrel_deals) for b in barrel)):
        raise RecordError("start.barrel: per seat null (not on the barrel) or attempts used",
                          "bad_record_field", field="start.barrel")
    for s in range(n):
        if barrel[s] is not None and scores[s] != conv.barrel_at:
            raise RecordError(f"start: seat {s} on the barrel must have score {conv.barrel_at}",
                              "bad_record_field", field="start.scores", seat=s)
        if barrel[s] is None and scores[s] >= conv.barrel_at:
            raise RecordError(f"start: seat {s} at {scores[s]} must be on the barrel",
                              "bad_record_field", field="start.barrel", seat=s)
    g.start = copy.deepcopy(start)
    st = g.standing
    st.scores, st.bolts, st.concessions, st.falls = scores, bolts, concessions, falls
    st.on_barrel = [b is not None for b in barrel]
    st.attempts = [b or 0 for b in barrel]


def _deal_spec(i: int, spec) -> dict:
    where = f"deal {i + 1}"
    if not isinstance(spec, dict):
        raise RecordError(f"{where}: a deal is an object", "bad_record_field", field="deals")
    unknown = [k for k in spec if k not in ("seed", "hands", "talon", "dead", "stock", "actions")]
    if unknown:
        raise RecordError(f"{where}: unknown key {str(unknown[0])[:40]!r}", "bad_record_field",
                          field="deals", key=str(unknown[0])[:40])
    if "hands" not in spec:
        if not (_is_int(spec.get("seed")) and 0 <= spec["seed"] < 2 ** 63):
            raise RecordError(f"{where}: needs hands and talon, or a seed (a whole number)",
                              "bad_record_field", field="deals.seed")
    elif "seed" in spec:
        raise RecordError(f"{where}: either a seed or the cards, not both", "bad_record_field",
                          field="deals.seed")
    acts = spec.get("actions", [])
    if not isinstance(acts, list) or len(acts) > MAX_ACTIONS:
        raise RecordError(f"{where}: actions must be a list (at most {MAX_ACTIONS})",
                          "bad_record_field", field="deals.actions")
    for j, act in enumerate(acts):
        if not isinstance(act, str):
            raise RecordError(f"{where}, action {j}: an action is a text in §9 notation",
                              "bad_action", field="deals.actions", deal=i + 1, index=j)
    return spec


def from_record(cls, record):
    """Replay a record into a new game of class `cls`."""
    if not isinstance(record, dict):
        raise RecordError("a game record is a JSON object", "bad_record_field", field="record")
    fmt = record.get("format", FORMAT)
    if fmt != FORMAT:
        raise RecordError(f"unknown record format {str(fmt)[:40]!r} (this engine reads {FORMAT})",
                          "bad_format", format=str(fmt)[:40])
    conv_d = record.get("conventions", {"preset": "classic"})
    if conv_d is None:
        conv_d = {}
    conv = Conventions.from_dict(conv_d)
    deals = record.get("deals")
    if not isinstance(deals, list) or len(deals) > MAX_DEALS:
        raise RecordError("a record needs a list of deals", "bad_record_field", field="deals")
    seed = record.get("seed")
    if seed is not None and not (_is_int(seed) and 0 <= seed < 2 ** 63):
        raise RecordError("seed must be a whole number", "bad_record_field", field="seed")
    first = record.get("first_dealer", 0)
    g = cls(conv, record.get("names"), first, seed)
    if record.get("start") is not None:
        set_start(g, record["start"])
    specs = [_deal_spec(i, s) for i, s in enumerate(deals)]
    g._pending = [dict(s) for s in specs]
    try:
        g._next_deal()
        for i, spec in enumerate(specs):
            for j, act in enumerate(spec.get("actions", [])):
                where = f"deal {i + 1}, action {j} {act[:40]!r}"
                if g.finished:
                    raise IllegalAction(f"{where}: the game is already over", "game_over",
                                        deal=i + 1, index=j)
                if g.deal is None or g.deal.number != i:
                    raise IllegalAction(f"{where}: deal {i + 1} has already ended",
                                        "deal_over", deal=i + 1, index=j)
                try:
                    g.apply(act)
                except IllegalAction as e:
                    raise e.prefixed(where) from None
            last = i + 1 == len(specs)
            if not last and (g.finished or g.deal is None or g.deal.number == i):
                if g.finished:
                    raise RecordError(f"deal {i + 2}: the game was already over", "game_over",
                                      deal=i + 2)
                raise RecordError(f"deal {i + 1} is not finished but more deals follow",
                                  "deal_unfinished", deal=i + 1)
    except RecordError as e:
        if "deal" in e.params:
            raise
        raise RecordError(f"deal {len(g.deals) + 1}: {e}", e.code, **e.params) from None
    return g


def replay_summary(g) -> dict:
    """The CLI's replay output: each finished deal's points and the running scores."""
    keys = ("dealer", "declarer", "contract", "outcome", "points", "delta", "scores", "bolts")
    return {"deals": [{k: row[k] for k in keys} for row in g.sheet],
            "scores": list(g.scores), "finished": g.finished, "winner": g.winner}


__all__ = ["FORMAT", "to_record", "from_record", "set_start", "replay_summary"]
