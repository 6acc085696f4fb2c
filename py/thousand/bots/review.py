"""Deal review (разбор, issue 11): where a seat lost points in a deal.

For each card the seat played, the open-hand solver values every legal card with all hands
open: the value of the best card and of the card played, in the declarer's points still to
come, and what the choice cost the seat (0 when it was one of the best); `outcome_changed`
says whether it turned a made contract into a failed one (or back, for a defender).  The
seat's bidding, giving and contract decisions are judged by the hard bot's estimate from
the seat's own view — what was known then — and labelled as estimates.

    review(record, deal=0, seat=0) -> {"deal", "seat", "cards": [...], "decisions": [...],
                                       "summary": {"mistakes", "points_lost"}}

The solver plays three seats, so the card review needs a table where three seats play
(3 players, or 4 with the dealer sitting out); elsewhere only the decisions are judged.
"""
from __future__ import annotations

import copy

from ..errors import RecordError
from ..game import Game
from .hard import HardBot, SolverSeats, conventions_of, play_state, searchable, _move_of
from .solver import PlayRules, Solver

DECISIONS = ("bidding", "giving", "contract", "discard", "talon", "blind", "unblind", "redeal")


def _replay_until(record: dict, deal: int) -> tuple[Game, list]:
    """The game at the start of deal `deal` (0-based) and that deal's actions."""
    if not isinstance(record, dict) or not isinstance(record.get("deals"), list):
        raise RecordError("a game record with deals", "bad_record_field", field="deals")
    deals = record["deals"]
    if not (type(deal) is int and 0 <= deal < len(deals)):
        raise RecordError(f"no deal {deal + 1 if type(deal) is int else deal} in the record",
                          "bad_record_field", field="deal")
    head = copy.deepcopy(record)
    actions = list(deals[deal].get("actions", []))
    head["deals"] = deals[:deal] + [dict(deals[deal], actions=[])]
    return Game.from_record(head), actions


def review(record: dict, deal: int, seat: int, worlds: int = 8, seed: int = 0,
           progress=None) -> dict:
    """Review `seat`'s play in deal `deal` of `record` (see the module's docstring)."""
    g, actions = _replay_until(record, deal)
    if not (type(seat) is int and 0 <= seat < g.n):
        raise RecordError(f"no seat {seat}", "bad_record_field", field="seat")
    cards, decisions = [], []
    for i, act in enumerate(actions):
        if g.deal is None or g.deal.number != deal:
            break
        if g.current_seat == seat:
            v = g.view(seat)
            if v["phase"] == "play" and searchable(v):
                cards.append(_judge_card(g, v, act))
            elif v["phase"] in DECISIONS and len(v["legal"]) > 1:
                # a fresh adviser per decision: the same answer as a hard bot of this seed
                hint = HardBot(seed, worlds=worlds).hint(v)
                decisions.append({"index": i, "phase": v["phase"], "played": act,
                                  "suggested": hint["action"], "agrees": hint["action"] == act,
                                  "estimate": hint.get("estimate"), "kind": "estimate"})
        if progress:
            progress(i + 1, len(actions))
        g.apply(act)
    mistakes = sorted((c for c in cards if c["cost"] > 0), key=lambda c: -c["cost"])
    return {"deal": deal, "seat": seat, "cards": cards, "decisions": decisions,
            "mistakes": mistakes,
            "summary": {"mistakes": len(mistakes), "points_lost": sum(c["cost"] for c in cards),
                        "card_review": bool(cards) or not actions,
                        "decisions_differing": sum(not d["agrees"] for d in decisions)}}


def _judge_card(g: Game, v: dict, act: str) -> dict:
    """The solver's values of every legal card in this (open) position."""
    d = g.deal
    conv = conventions_of(v)
    rules = PlayRules.from_conventions(conv)
    seats = SolverSeats(v)
    st = play_state(v, d.hands, rules, seats)
    decl = v["declarer"]
    solver = Solver(seats[decl], rules)
    values = {mv: val for mv, val in solver.best_moves(st)}
    so_far = v["card_points"][decl] + v["meld_points"][decl]
    target = v["contract"] - so_far
    sign = 1 if v["seat"] == decl else -1          # the declarer wants more, defenders less
    best = max(sign * x for x in values.values()) * sign
    played = values[_move_of(act)]
    best_actions = sorted(a for a in v["legal"] if values[_move_of(a)] == best)
    return {"trick": len(v["tricks"]) + 1, "played": act, "value_played": played,
            "value_best": best, "best": best_actions, "cost": sign * (best - played),
            "outcome_changed": (best >= target) != (played >= target),
            "declarer_points_so_far": so_far}


def main_review(args) -> int:
    """`python -m thousand review RECORD --deal N --seat S`: the review as JSON."""
    import json
    import sys
    from ..__main__ import read_json
    from ..errors import ThousandError
    try:
        record = read_json(args.file)
        out = review(record, args.deal - 1, args.seat, worlds=args.worlds)
    except (ValueError, ThousandError) as e:
        print(f"review: {e}", file=sys.stderr)
        return 2
    print(json.dumps(out, ensure_ascii=False))
    return 0


__all__ = ["review", "main_review"]
