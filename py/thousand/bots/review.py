"""Deal review (разбор, issue 11): where a seat lost points in a deal.

For each card the seat played, the open-hand solver values every legal card with all hands
open: the value of the best card and of the card played, in the declarer's points still to
come, and what the choice cost the seat (0 when it was one of the best); `outcome_changed`
says whether it turned a made contract into a failed one (or back, for a defender).  The
seat's bidding, giving and contract decisions are judged by the hard bot's estimate from
the seat's own view — what was known then — and labelled as estimates.

    review(record, deal=0, seat=0) -> {"deal", "seat", "cards": [...], "decisions": [...],
                                       "mistakes": [...], "hands": [...],
                                       "summary": {"mistakes", "points_lost"}}

`Review` does the same one judged decision at a time (the table's worker, with progress);
review() is that loop run to the end, so both give the same answer.

The card review needs a table the solver can search (hard.searchable: anybody bids and
there is no stock: every table but ``two_mode=draw``); there only the decisions are judged.
"""
from __future__ import annotations

import copy

from ..cards import cards_of, name
from ..errors import RecordError
from ..game import Game
from .hard import HardBot, SolverSeats, conventions_of, play_state, searchable, _move_of
from .solver import PlayRules, Solver


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


class Review:
    """A review done one judged decision at a time (the table's worker runs it in steps
    between requests, so the page can show progress and the player can cancel).

        r = Review(record, deal, seat)
        while not r.finished:
            r.step()                 # replays up to the next judged decision and judges it
            r.done, r.total          # judged decisions so far, of all to judge
        r.result()                   # what review() returns

    A judged decision is a card the seat played where the solver can search, or a bidding,
    giving, contract… decision with more than one legal action."""

    def __init__(self, record: dict, deal: int, seat: int, worlds: int = 8, seed: int = 0):
        self.g, self.actions = _replay_until(record, deal)
        if not (type(seat) is int and 0 <= seat < self.g.n):
            raise RecordError(f"no seat {seat}", "bad_record_field", field="seat")
        self.deal, self.seat, self.worlds, self.seed = deal, seat, worlds, seed
        self.cards, self.decisions = [], []
        self.hands = None          # every seat's cards when the play began (the deal is over)
        self._solvers = {}         # one solver per deal: its table serves every later trick
        self.i = 0                 # the next action of the deal to replay
        self.done = 0
        dry, _ = _replay_until(record, deal)
        self.total = 0
        for act in self.actions:
            if dry.deal is None or dry.deal.number != deal:
                break
            if self._kind(dry) is not None:
                self.total += 1
            dry.apply(act)

    def _kind(self, g: Game):
        """"card", "decision" or None: is the action now on turn one the review judges?"""
        if g.current_seat != self.seat:
            return None
        judged = g.deal.step.JUDGED          # what the step says the review judges in it
        if judged is None:
            return None
        v = g.view(self.seat)
        if judged == "card" and searchable(v):
            return "card"
        if judged == "decision" and len(v["legal"]) > 1:
            return "decision"
        return None

    @property
    def finished(self) -> bool:
        g = self.g
        return self.i >= len(self.actions) or g.deal is None or g.deal.number != self.deal

    def step(self, progress=None) -> bool:
        """Replay up to and through the next judged decision; True once the review is done."""
        g, seat = self.g, self.seat
        while not self.finished:
            i, act = self.i, self.actions[self.i]
            if self.hands is None and g.view(seat)["phase"] == "play":
                self.hands = [[name(c) for c in cards_of(m)] for m in g.deal.hands]
            kind = self._kind(g)
            if kind == "card":
                self.cards.append(_judge_card(g, g.view(seat), act, self._solvers))
            elif kind == "decision":
                v = g.view(seat)
                # a fresh adviser per decision: the same answer as a hard bot of this seed
                hint = HardBot(self.seed, worlds=self.worlds).hint(v)
                self.decisions.append({"index": i, "phase": v["phase"], "played": act,
                                       "suggested": hint["action"],
                                       "agrees": hint["action"] == act,
                                       "estimate": hint.get("estimate"), "kind": "estimate"})
            if progress:
                progress(i + 1, len(self.actions))
            g.apply(act)
            self.i += 1
            if kind is not None:
                self.done += 1
                if self.done < self.total:
                    break       # after the last judged decision the rest is replayed at once
        return self.finished

    def result(self) -> dict:
        cards = self.cards
        mistakes = sorted((c for c in cards if c["cost"] > 0), key=lambda c: -c["cost"])
        return {"deal": self.deal, "seat": self.seat, "cards": cards, "decisions": self.decisions,
                "mistakes": mistakes, "hands": self.hands,
                "summary": {"mistakes": len(mistakes), "points_lost": sum(c["cost"] for c in cards),
                            "card_review": bool(cards) or not self.actions,
                            "decisions_differing": sum(not d["agrees"] for d in self.decisions)}}


def review(record: dict, deal: int, seat: int, worlds: int = 8, seed: int = 0,
           progress=None) -> dict:
    """Review `seat`'s play in deal `deal` of `record` (see the module's docstring)."""
    r = Review(record, deal, seat, worlds, seed)
    while not r.step(progress):
        pass
    return r.result()


def _judge_card(g: Game, v: dict, act: str, solvers: dict | None = None) -> dict:
    """The solver's values of every legal card in this (open) position.  `solvers` keeps a
    solver per declarer seat and rules for the deal's later cards (its transposition table
    holds exact values of positions, which stay true for the rest of the deal)."""
    d = g.deal
    conv = conventions_of(v)
    rules = PlayRules.from_conventions(conv)
    seats = SolverSeats(v)
    st = play_state(v, d.hands, rules, seats)
    decl = v["declarer"]
    key = (seats[decl], repr(rules), len(seats.order))
    solver = solvers.get(key) if solvers is not None else None
    if solver is None:
        solver = Solver(seats[decl], rules, seats=len(seats.order))
        if solvers is not None:
            solvers[key] = solver
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


__all__ = ["Review", "review"]
