"""The hard bot: Perfect Information Monte Carlo over the open-hand solver.

Play, giving, contract and concession: draw the hidden cards consistently with everything
the seat has seen (``sampler``), weighted by what the others' bids, gives and undeclared
marriages say about their hands (``inference``), solve each world with open cards
(``solver``), and choose the action that is best on average.  The declarer's gives search
the pairs of cards the careful normal bot would most rather give away (``GIVE_PAIRS``).
Bidding uses a hand evaluation calibrated offline by the solver (``bidding_model``), with a
small search for close calls.

The objective is the game: every outcome of a contract decision is scored by the engine's
own ``scoring.score_deal`` from the standing in the view, and valued as the seat's change
minus the mean change of the others, plus ``WIN_VALUE`` when the deal ends the game (won by
him, or lost to another: on the barrel, against a barrel player, at −1000...).  In play the
declarer maximises his chance to make the contract and then his points; a defender the
chance to defeat it, and among the cards that defeat it most often keeps those worth most of
his own points with the two others against him (``DEFENCE_POINTS``), then plays the one the
careful normal bot would (``DEFENCE_DEFER``): the open-hand defence values only the
defenders' total, for a partner who sees every card.

Time: a decision does not begin a world that the mean time of the worlds it solved says would
end past its ``budget`` (seconds; the budget is a limit, not a point to pass), stops its search
wherever it is at ``STOP_SHARE`` × the budget (``Solver.deadline``), and never searches more
than ``node_budget`` solver nodes (``Solver.node_limit``): the limit is a count, the same on
every machine (the harness's ``nodes``/``worlds`` decide by counts alone, without the clock),
and ``NODE_BUDGET`` is calibrated so that it fits 1.5 s in the browser's worker when that
runs at its usual speed (``python -m thousand bench --bot hard --slowest`` prints the
real times of the slowest decisions found over random deals).  A world whose search would
pass the limit is dropped; with no world solved the decision falls back to the bidding model
or the normal bot's choice.  What one decision searched serves the next where that one sees
the same hidden cards: the declarer's gives leave their worlds (with the gives applied) and
solver to his contract (``GIVE_CARRY``), the second give, which plays the pair the first one
chose, spends its own quota on the contract's tests over them (``PLAN_AHEAD``), the contract
its own to his first lead
(``_carried``); the solver's table keeps its bounds, the count of nodes starts again.  Each
decision draws from its own seed (``DECISION_SEEDS``), so what one decision drew does not move
the next one's worlds.

The solver plays any number of seats (two-handed, three-handed, and one search for four to
six); the table's playing seats map onto the solver's seats 0..n-1 in clockwise order
(``SolverSeats``).  The hard bot searches the play and the contract wherever anybody bids
(every table of RULES.md §7 but ``two_mode=draw``), the gives at two and three playing seats,
and the bidding at three, where its bidding model was fitted (``SEARCHED_BY_SEATS``).
Elsewhere (the other bidding and gives, the draw game, the windows of the other rules:
redeal, blind, unblind, two talons) it plays the choices of the careful normal bot
(``normal.NormalBot``), which reads every table from its layout.
"""
from __future__ import annotations

import dataclasses
import json
import math
import random
import time

from ..cards import (card as parse_card, name, POINTS, MARRIAGE_MASK, MARRIAGE_VALUE,
                     cards_of, mask_of)
from ..conventions import of_view as conventions_of
from ..scoring import DealSummary, Standing, multipliers, score_deal
from .baseline import keep_score_of as _keep_score
from . import bidding_model, inference
from .normal import Ctx as NormalCtx, lone_forced_bid
from .sampler import observe, worlds, sample_worlds, all_worlds
from .solver import Solver, PlayRules, PlayState, SearchLimit

CLOSE_CALL = 0.5        # search the bid when the next bid is within this many sd of the limit
# The bidding model's error variance on a hand's mean value at a close call, for ``bid_blend``
# (on): scripts/measure_bid_search.py finds the model 8.8-10.5 points off (rms) and the search
# at the table's thinking 9.6-10.5, their blend 6.9; paired on the 3,000 deals the blend
# gained +0.16 a deal (95% CI -0.21 .. +0.52) before the calibrated contracts and +0.14
# (-0.24 .. +0.53) with them (scripts/trial_bidding.py, docs/measurements.md).
MODEL_VAR = 100.0
# Raising a lone forced bid: when only the forced bidder's 100 stands, a pass may be worth more
# than defending an ordinary contract, since a forced bidder left alone with a weak hand
# concedes (each defender collects half the bid) or fails it.  The bidding model values only
# the declarer's side; the careful normal bot's rule weighs declaring at the next bid against
# what that pass is worth (``normal.NormalBot._defend``).  ``forced_veto`` (a trial option)
# raises a lone forced bid only when both rules bid.  Off: on the 3,000 deals at the
# table's thinking it changed 239 and gained +0.10 a deal (95% CI -0.35 .. +0.54), as many
# good raises lost as failed ones saved (scripts/trial_bidding.py, docs/measurements.md).
FORCED_VETO = False
# Bidding by the careful normal bot's rule altogether (``careful_bidding``, a trial option):
# at worlds 8 it gained +1.93 a deal (paired, 600 deals), at 75,000 nodes it looked -0.23
# (docs/measurements.md, "The bidding by the careful bot's rule").
CAREFUL_BIDDING = False
# Solver nodes one decision may search.  CPython spends 5-7.5 microseconds a node on the
# decisions that search most (python -m thousand bench --bot hard --slowest 60), the
# browser's Pyodide about 1.7 times as long: 100,000 nodes are at most ~1.1 s there, and the
# table's time budget (0.8 s) usually stops a decision well before.
NODE_BUDGET = 100_000
# A decision thinking by the clock (``budget``, the table and the hint) also stops its search
# at this share of the budget, wherever the search is (``Solver.deadline``): one world's
# search can run up to the node limit, which a slower device, or the browser's worker on a
# busy machine, spends in more than 1.5 s (scripts/bench_bot_web.py found 2.6 s).  Decisions
# by worlds or nodes (the harness) have no deadline: their results do not depend on time.
STOP_SHARE = 1.4
# The table's thinking as a node count, for the harness (deterministic where seconds are not),
# measured where the table thinks: the same seeded hard-vs-hard game in the browser's worker
# on its 0.8 s budget and in CPython on a node quota (scripts/bench_bot_web.py
# --cpython-nodes N prints the mean nodes of a decision by phase for both).  The browser's
# decisions searched 9,400-11,200 nodes on average in play, 21,000-27,600 for a contract,
# 2,700-3,700 in the bidding (three runs, 2026-12-03); a quota of 20,000 gives 9,417 / 23,605 /
# 2,739, 25,000 gives 10,619 / 27,041 / 2,048.  The earlier 75,000 (derived from a node rate
# on play decisions alone, and a factor of 1.7 for Pyodide) searched 18,913 / 70,532 / 8,153: a
# bot twice to three times as thoughtful as the table's.  The hint thinks 1.0 s (HINT_BUDGET),
# in proportion.
TABLE_NODES = 22_000
HINT_NODES = 27_500
WIN_VALUE = 600         # a game won (or lost to another) this deal, in points of score change
DEFENDER_MELD_SHARE = 0.5   # how much of a defender's marriage he gets to declare, on average
CANDIDATE_WORLDS = 4    # worlds drawn uniformly per world solved, to weigh by the evidence
MAX_CANDIDATES = 400    # at most this many (about 20 ms of weighing in CPython)
# A defender may play the careful normal bot's choice among the cards that defeat the contract
# in at most this share of the worlds less often than the best: the open-hand defence assumes a
# partner who sees every card and values only the defenders' total; the normal bot keeps its
# own points and counts the cards for a real partner.  See the trials in docs/measurements.md.
DEFENCE_DEFER = 0.0      # the normal choice among the cards that defeat it most often
# Of a card decision's quota, the share its make counts may spend when a tie-break on the
# points may follow (the declarer's, and a defender's with DEFENCE_DEFER below 0); a deferring
# defender runs no tie-break and counts with DEFENCE_SHARE of it (1.0 changed one deal in 300
# at the table's thinking: his counts reach max_worlds first; docs/measurements.md).
TIE_BREAK_SHARE = 0.6
DEFENCE_SHARE = 0.6
# A deferring defender's choice among the cards that defeat the contract most often: first by
# his own open-hand points against the two others (``defence_points``), then the careful
# bot's card among the best of them.  On at the tables where it was measured: paired on the
# issue's 3,000 deals at the table's thinking, +1.47 a deal (95% CI +1.22 .. +1.71; +1.09,
# +1.68, +1.63 on the three thousands; as defender +1.22 .. +1.54), docs/measurements.md.
DEFENCE_POINTS = True
DEFENCE_POINTS_SEATS = (3,)     # playing seats it is measured at (four to six: not yet)
# a card decision stops searching a move once the best beats it clearly (``_race``): the sign
# test's z (0: every move in every world) and the fewest worlds that can decide it.  On the
# first tricks it solves about a third more worlds in the same nodes; paired on the issue's
# first 1,000 deals at the table's thinking it changed 27 of them, +0.07 (-0.49 .. +0.64)
RACE_Z = 2.0
RACE_MIN = 4
# The giving counts the worlds where each pair of gives still makes the bid.  Where several
# pairs make it in every world solved (a safe bid: the counts cannot choose), ``give_points``
# N (a trial option) lets the quota left compare the first N of them, in the keep-score
# order, by the declarer's mean open-hand value (``bracket_value`` on the ladder above the
# bid).  Off: on the first 1,000 deals at the table's thinking, N = 4 changed 144 and
# lost 1.11 a deal (95% CI -2.30 .. +0.08; as declarer -1.28, -2.34 .. -0.22): the pair the
# open hands value most led to raised contracts that failed (make rate 57.3% against 58.4%,
# mean contract 122.6 against 121.6; scripts/trial_hard.py, docs/measurements.md)
GIVE_POINTS = 0
# The declarer's gives leave their worlds and solver to his contract decision (``give`` and
# ``_give_carried``): the worlds with the chosen gives are the contract's positions, whose
# test at the bid the gives' counts already searched, so the contract solves more of them in
# the same nodes (282 against 238 over ten deals, tests/bots/test_hard_carry.py).  Paired on
# deals 0 .. 999 of seed 2026 at 22,000 nodes: +0.13 a deal (95% CI -1.45 .. +1.70), inside
# the noise; on, as the contract's carry to the first lead is, for the same reason.
GIVE_CARRY = True
# The contracts value their chance of being made by the hint's map less this many log-odds
# (``contract_shift``).  The map says how often the contracts the bot named were made; over
# every contract it might name it rates the raises too well: paired on the first
# 1,000 deals at the table's thinking (scripts/trial_contract.py), 0.3 gained +0.39 a deal
# (95% CI +0.02 .. +0.76; 34 deals changed), docs/measurements.md.  The hint still shows the
# map's chance: that is what its advice makes.
CONTRACT_SHIFT = 0.3
# The declarer's first give often leaves most of its quota (a safe bid: every pair makes it in
# the 200 worlds within a tenth of the nodes).  ``give_ahead`` (a trial option) spends the rest
# on the contract decision that follows: the contract's ladder tests on the worlds the gives
# carry to it, whose bounds the solver's table keeps, so the contract re-reads those worlds for
# a few nodes each and spends its own quota on more worlds (a fifth more on average, twice as
# many after a safe bid).  Off: paired on the first 1,000 deals at the table's thinking
# it changed 110 deals for -0.22 a deal (95% CI -1.04 .. +0.60), and it would make every first
# give think its whole budget in the browser (docs/measurements.md).
GIVE_AHEAD = False
# The declarer's second give plays the pair the first one chose and so searches nothing:
# ``plan_ahead`` spends its quota (in the browser its budget, within the table's pace of the
# give, 800 ms) the same way on the contract's tests, so the contract solves about twice the
# worlds.  Paired on the first 2,000 deals at the table's thinking with decision seeds:
# +0.53 a deal (95% CI -0.05 .. +1.11; +0.54 and +0.52 on the two halves); the browser's p95
# stayed at 0.81 s (docs/measurements.md).
PLAN_AHEAD = True
# Each decision draws its worlds from its own seed: the bot's seed, the deal, the number of
# actions so far and the seat (``decision_seeds``), instead of one random stream through the
# game.  A trial that changes how many worlds one decision draws or solves then leaves every
# later decision's draws as they were, so its paired figure holds the change, not the luck of
# new draws (about +-0.9 a deal on 1,000 deals against +-1.8 with one stream); and the same
# decision in the same game is decided alike however it was reached.
DECISION_SEEDS = True
# A close call in the bidding searches with this share of the decision's quota (or budget).
BID_SEARCH_SHARE = 0.5
# The declarer's gives are valued by his expected score against the others in each world
# (``give_value``): the contract made or failed, as the counts say, and the marriages the gives
# complete in a defender's hand (DEFENDER_MELD_SHARE of them, as the contract reads them).
# Off: the gives count the worlds that make the bid and break ties by the keep order.  Paired
# on the first 1,000 deals at the table's thinking it lost 1.20 a deal (95% CI -1.99 ..
# -0.41; as declarer -1.11): valued at the bid, a safe bid's gives keep a defender from a
# marriage by giving away the cards a raised contract needed (docs/measurements.md).
GIVE_VALUE = False
# The declarer's first give (to two defenders) searches the GIVE_PAIRS pairs of cards the
# careful normal bot's hand estimate would most rather give away, each either way round, and
# breaks ties in that order (``give_pairs``; 0: every pair of the four cards the keep score
# rates cheapest, ties to the cheapest).  The keep score rates a marriage half dearer than any
# ace, so the old candidates never gave a small marriage away whole to keep a lone ace, and
# the old tie-break kept no eye on a raise.  Paired at the table's thinking, 8 candidates for
# 12: +1.61 a deal (95% CI +0.14 .. +3.08) on the first 1,000 deals and +0.58 (-1.00 ..
# +2.17) on the next 1,000, +1.10 (+0.02 .. +2.18) over the 2,000, +1.15 (+0.25 .. +2.05) over
# the 3,000; six pairs against four, -0.43 (-0.96 .. +0.10) on the first 1,000
# (docs/measurements.md).
GIVE_PAIRS = 4


class SolverSeats:
    """The table's playing seats as the solver's seats 0, 1, ... (clockwise order)."""

    def __init__(self, view: dict):
        self.order = sorted(view["playing"])
        self.index = {s: i for i, s in enumerate(self.order)}

    def __getitem__(self, seat: int) -> int:
        return self.index[seat]

    def hands(self, world) -> tuple:
        """Per-table-seat hand masks → the solver's."""
        return tuple(world[s] for s in self.order)


def searchable(view: dict) -> bool:
    """Can the solver play this table?  Any table with bidding and no stock: 3 players, 4
    (either mode), 5, 6, and 2 with eleven, two talons or a dead hand."""
    layout = view["layout"]
    return bool(layout["bidding"]) and not layout.get("stock")


def two_handed(view: dict) -> bool:
    return len(view["playing"]) == 2


def two_seat_worlds(k, count: int, rng: random.Random) -> list:
    """Worlds of a table of two: the opponent's hand drawn from the cards he may hold
    (everything unseen but the dead hand, the other talon or the discards may be elsewhere);
    every one of them when there are at most `count`."""
    opp = next(s for s in k.playing if s != k.seat)
    allowed = k.allowed(opp)
    need = k.need(opp)
    free = cards_of(allowed)
    base = list(k.hands_known)
    if need <= 0 or need > len(free):
        return [base]
    if math.comb(len(free), need) <= count:
        import itertools
        out = []
        for pick in itertools.combinations(free, need):
            w = list(base)
            w[opp] |= mask_of(pick)
            out.append(w)
        return out
    out = []
    for _ in range(count):
        w = list(base)
        w[opp] |= mask_of(rng.sample(free, need))
        out.append(w)
    return out


SEARCHED = ("play", "giving", "contract", "bidding")
# the phases searched by the number of playing seats; elsewhere the normal bot chooses.  The
# bidding model is fitted at three seats.  At four to six the normal bot's gives did better
# than the search's (200 duplicate deals at `four`, seed 2026, worlds 8, hard − normal1:
# +9.80 with its gives, +7.60 with gives that make the bid most often, +6.66 with gives
# valued by their best contract): with three defenders seeing each other's cards the open-hand
# values of a give are too pessimistic to rank them.
SEARCHED_BY_SEATS = {2: ("play", "giving", "contract"), 3: SEARCHED}
SEARCHED_MANY = ("play", "contract")


def play_state(view: dict, hands, rules: PlayRules, seats: SolverSeats | None = None) -> PlayState:
    """The solver's position for a play-phase view and one world (hand masks per table seat)."""
    seats = seats or SolverSeats(view)
    trick = view["trick"]
    leader = trick[0][0] if trick else view["seat"]
    trump = "SCDH".index(view["trump"]) if view["trump"] else -1
    owner = -1
    for m in view["melds"]:
        if m["suit"] != "A":
            owner = seats[m["seat"]]
    taken = 0
    for s in view["playing"]:
        if view["tricks_taken"][s]:
            taken |= 1 << seats[s]
    return PlayState(hands=seats.hands(hands), declarer=seats[view["declarer"]],
                     leader=seats[leader], trick=tuple(parse_card(c) for _, c in trick),
                     trump=trump, trump_owner=owner, taken=taken, rules=rules)


def _move_of(action: str):
    verb, c = action.split()[:2]
    return parse_card(c), verb == "meld"


# ---- the game situation --------------------------------------------------------------------

def standing_of(view: dict, conv) -> Standing:
    """The standing before this deal, as scoring reads it, from the view alone."""
    golden = view.get("golden") or {}
    return Standing(scores=list(view["scores"]), bolts=list(view["bolts"]),
                    on_barrel=[b["on"] for b in view["barrel"]],
                    attempts=[b["attempts"] for b in view["barrel"]],
                    falls=[b["falls"] for b in view["barrel"]],
                    concessions=list(view["concessions"]), golden_left=golden.get("left", 0),
                    golden_made=golden.get("made", False))


def _copy(st: Standing) -> Standing:
    return Standing(list(st.scores), list(st.bolts), list(st.on_barrel), list(st.attempts),
                    list(st.falls), list(st.concessions), st.finished, st.winner,
                    st.golden_left, st.golden_made)


class Outcomes:
    """Values of a deal's possible outcomes for one seat: its score change minus the mean
    change of the others, plus WIN_VALUE if the deal ends the game with him the winner
    (minus it if another wins), all by ``scoring.score_deal``."""

    def __init__(self, view: dict, conv):
        self.view, self.conv = view, conv
        self.me = view["seat"]
        self.n = len(view["names"])
        self.standing = standing_of(view, conv)
        decl = view.get("declarer")
        self.mult, self.bolt_mult = multipliers(conv, self.n, bool(view.get("doubled")),
                                                bool(view.get("blind")), decl)
        self.playing = [s in view["playing"] for s in range(self.n)]
        talon = view.get("talon") or []
        self.sitter = sum(POINTS[parse_card(c)] for c in talon)
        self.golden = bool(view.get("golden_deal")) and conv.golden_round == "on"
        self._cache: dict = {}

    def value(self, summary: DealSummary) -> float:
        st = _copy(self.standing)
        row = score_deal(self.conv, st, summary)
        d = row["delta"]
        others = [d[s] for s in range(self.n) if s != self.me]
        u = d[self.me] - sum(others) / len(others)
        if st.finished and st.winner is not None:
            u += WIN_VALUE if st.winner == self.me else -WIN_VALUE
        return u

    def _summary(self, decl, contract, outcome, points, tricks) -> DealSummary:
        for s in range(self.n):
            if not self.playing[s]:
                points[s] = self.sitter
        return DealSummary(declarer=decl, contract=contract, outcome=outcome, points=points,
                           tricks=tricks, playing=list(self.playing),
                           multiplier=list(self.mult), bolt_multiplier=self.bolt_mult,
                           blind=bool(self.view.get("blind")), golden=self.golden,
                           doubled=bool(self.view.get("doubled")))

    def played(self, decl: int, contract: int, decl_points: int, defender_points) -> float:
        """The declarer collects `decl_points` (cards and marriages); the defenders (seat ->
        points) the rest."""
        key = (decl, contract, decl_points, tuple(sorted(defender_points.items())))
        u = self._cache.get(key)
        if u is None:
            points = [0] * self.n
            tricks = [0] * self.n
            points[decl] = decl_points
            tricks[decl] = 1 if decl_points > 0 else 0
            for s, p in defender_points.items():
                points[s] = p
                tricks[s] = 1 if p > 0 else 0
            u = self._cache[key] = self.value(
                self._summary(decl, contract, "played", points, tricks))
        return u

    def conceded(self, decl: int, contract: int) -> float:
        if self.standing.on_barrel[decl]:
            contract = max(contract, self.conv.need)
        return self.value(self._summary(decl, contract, "conceded", [0] * self.n,
                                        [0] * self.n))


def discard_points(view: dict) -> int:
    """The card points of the declarer's discards (two talons, §7: they count for him), as
    far as this seat has seen them."""
    return sum(POINTS[parse_card(c)] for c in view.get("discards") or ())


def _marriages(mask: int) -> int:
    return sum(MARRIAGE_VALUE[s] for s in range(4)
               if mask & MARRIAGE_MASK[s] == MARRIAGE_MASK[s])


def split_points(world, decl: int, defenders, value: int) -> tuple:
    """(declarer's points, {defender: points}) for an open-hand value: the declarer's value
    counts his cards and the marriages he holds; the defenders share the other card points
    and score part of their own marriages."""
    mine = _marriages(world[decl])
    cards = max(0, min(120, value - mine)) if value >= mine else max(0, min(120, value))
    rest = 120 - cards
    out = {}
    for s in defenders:
        out[s] = round(rest / len(defenders) + DEFENDER_MELD_SHARE * _marriages(world[s]))
    return value, out


# the contract decision tests the contracts it may name and these steps below the lowest;
# the bidding search a ladder of values: zero-window tests, far cheaper than exact values
LOWER_STEPS = (20, 40, 60, 80)
TEST_SHARE = 16         # a ladder test may use 1/16 of the decision's nodes
BID_LADDER = tuple(range(20, 301, 10))


def contract_ladder(values) -> list:
    """The values a contract decision tests each world at: the contracts it may name and, below
    the lowest, LOWER_STEPS (what a failed contract leaves the defenders)."""
    low = min(values)
    return sorted(set(values) | {low - d for d in LOWER_STEPS if low - d > 0})


def foreseen_contracts(view: dict, conv, hand: int) -> list:
    """The contracts the declarer will be offered after his gives leave him `hand` (the
    engine's ``steps.contract.offered_contracts`` from what his view shows), for a decision
    that thinks ahead of the contract."""
    from ..steps.contract import offered_contracts
    golden = bool(view.get("golden_deal")) and conv.golden_round == "on"   # §6.6's 120
    return offered_contracts(conv, hand, view["contract"], view["barrel"][view["seat"]]["on"],
                             bool(view.get("blind")), golden)


def bracket_value(solver: Solver, st: PlayState, ladder, test_nodes: int | None = None,
                  progress: list | None = None) -> float:
    """The declarer's open-hand value, to within the step of `ladder` around it, by a binary
    search of zero-window tests: whether it reaches each value of the ladder, and the middle
    of the step it lies in (half the first step below the ladder).  A test that would search
    more than `test_nodes` nodes counts as not reached (the safe side for the declarer: near
    a strong hand's value a proof can take a hundred times more nodes than far from it);
    ``SearchLimit`` still stops the whole decision at the solver's own node limit or past its
    deadline (a test cut by the clock says nothing about the value: the world is dropped).
    `progress` ([lo, hi, nodes the test under way has spent], begun as [0, len(ladder), 0])
    is where the search stands: a search a limit stopped goes on from it, the tests it
    answered kept and the one it stopped in capped at `test_nodes` in all (pondering in
    slices values a world as one search at once would, but for the solver's table)."""
    if progress is None:
        progress = [0, len(ladder), 0]   # ladder[:lo] reached, ladder[hi:] not
    total = solver.node_limit
    while progress[0] < progress[1]:
        lo, hi, spent = progress
        mid = (lo + hi) // 2
        begun = solver.nodes
        if test_nodes is not None:
            cap = begun + test_nodes - spent
            solver.node_limit = cap if total is None else min(total, cap)
        try:
            ok = solver.declarer_reaches(st, ladder[mid])
        except SearchLimit:
            solver.node_limit = total
            if solver.spent():      # the decision's own limit or its deadline, not the cap
                progress[2] += solver.nodes - begun
                raise
            ok = False
        finally:
            solver.node_limit = total
        progress[:] = [mid + 1, hi, 0] if ok else [lo, mid, 0]
    lo = progress[0]
    if lo == 0:
        return ladder[0] / 2
    if lo == len(ladder):
        return ladder[-1]
    return (ladder[lo - 1] + ladder[lo] - 1) / 2


# ---- honest advice: the hint's make probability, calibrated ----------------------------------

def calibration_features(raw: float, worlds: int, view: dict) -> list:
    """Terms of the calibration map: the log-odds of the open-hand fraction (kept off 0 and 1
    by half a world), that scaled by the share of tricks still to play, and the seat's side."""
    n = max(int(worlds), 1)
    p = min(max(raw, 0.5 / (n + 1)), 1 - 0.5 / (n + 1))
    x = math.log(p / (1 - p))
    total = view["layout"]["tricks"] or 1
    left = (total - len(view.get("tricks") or ())) / total
    return [1.0, x, x * left, 1.0 if view["seat"] == view.get("declarer") else 0.0]


def calibrated(phase: str, raw: float, worlds: int, view: dict,
               weights: list | None = None, shift: float = 0.0) -> float:
    """The chance the declarer really makes his contract, from the open-hand fraction of
    worlds (``scripts/calibrate_hint.py --fit`` writes the map; raw where it has none).  The
    map was fitted at tables of three, where the worlds are a sample of thousands; at a table
    of two the bot sees every card but a few and usually solves every world there is (often
    one), so the fraction stays as it is: one certain world is not an 87% chance.  ``weights``:
    another map's (a trial's) instead of the hint's; ``shift``: the map's chance moved by this
    many log-odds (``shifted``; the contracts' CONTRACT_SHIFT)."""
    if two_handed(view):
        return raw
    p = calibrated_of_features(phase, calibration_features(raw, worlds, view), weights)
    if p is None:
        return raw
    return shifted(p, shift) if shift else p


def _logistic(z: float) -> float:
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def shifted(p: float, logit: float) -> float:
    """The probability `p` moved by `logit` in log-odds (kept off 0 and 1)."""
    p = min(max(p, 1e-9), 1 - 1e-9)
    return _logistic(math.log(p / (1 - p)) + logit)


def calibrated_of_features(phase: str, x: list, weights: list | None = None) -> float | None:
    """The calibration map (``weights``, else the hint's) at these features (None where the
    phase has no map)."""
    w = weights
    if w is None:
        try:
            from .hint_calibration import WEIGHTS
        except ImportError:      # pragma: no cover - the generated module is part of the tree
            return None
        w = WEIGHTS.get(phase)
    if w is None:
        return None
    return _logistic(sum(a * b for a, b in zip(w, x)))


def calibrated_points(phase: str, raw: float) -> float:
    """The points a declarer really collects for an open-hand estimate (bidding: the model's
    mean over talons; contract: the mean over worlds), by the fitted line where there is one."""
    try:
        from .hint_calibration import POINTS
    except ImportError:          # pragma: no cover
        return raw
    line = POINTS.get(phase)
    return raw if line is None else line[0] + line[1] * raw


def bid_value(model: float, values: list, model_var: float = MODEL_VAR) -> float:
    """A hand's mean open-hand value from the bidding model's mean and the values of the
    worlds a search solved, each weighed by the inverse of its error variance (the search's:
    the variance of its worlds over their number; one world tells little)."""
    n = len(values)
    if n < 2:
        return model
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) / n
    w = model_var / (model_var + var)
    return w * mean + (1 - w) * model


def _race(live: list, makes: dict, beat: dict, used: int, sign: int, z: float) -> list:
    """The moves still worth searching after `used` worlds: a move is dropped when the leader
    (the most worlds for this side, ``makes``) reached the target in clearly more of the
    worlds where the two differ than it did (``beat[a, b]``: the worlds where a reached it
    and b did not; a sign test at `z`, and at least RACE_MIN worlds more).  Every move is
    searched in the same worlds until it is dropped, so the comparison is paired."""
    if used < RACE_MIN:
        return live
    lead = max(live, key=lambda a: sign * makes[a])
    keep = []
    for a in live:
        if a != lead:
            ahead, behind = (beat[lead, a], beat[a, lead]) if sign > 0 else \
                (beat[a, lead], beat[lead, a])
            d = ahead - behind
            if d >= RACE_MIN and d > z * math.sqrt(ahead + behind):
                continue
        keep.append(a)
    return keep


def _after_gives(w: list, me: int, gives) -> list:
    """World `w` (the hands before the gives, by seat) once the declarer `me` has given each
    card of `gives` ((card, to whom), ...)."""
    hands = list(w)
    for c, to in gives:
        hands[me] &= ~(1 << c)
        hands[to] |= 1 << c
    return hands


def _first_lead(w: list, me: int, seats: "SolverSeats", rules: PlayRules) -> PlayState:
    """The declarer `me` leading the first trick with the hands of world `w` (by seat)."""
    return PlayState(hands=seats.hands(w), declarer=seats[me], leader=seats[me], rules=rules)


def _given(w: list, me: int, gives, seats: "SolverSeats", rules: PlayRules) -> PlayState:
    """The first lead of world `w` once the declarer `me` has given `gives`."""
    return _first_lead(_after_gives(w, me, gives), me, seats, rules)


def _estimate(phase: str, view: dict, worlds: int, raw: float, **extra) -> dict:
    return {"worlds": worlds, "make_probability": round(calibrated(phase, raw, worlds, view), 4),
            "open_hand_make_probability": raw, **extra}


MAX_THOUGHTS = 8   # positions a bot keeps its pondering for (the human's cards: one each)


def _view_key(view: dict) -> str:
    """One decision's position, as text: a pondered thought is used only for this very view."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


class PlayThought:
    """A card decision's search so far: its worlds and solver, how many worlds are solved
    (``used``), and per move how many of them it reaches the target in (``makes``) and
    beats each other move in (``beat``, for the race); the moves still searched
    (``live``), and the solver nodes spent before the decision was asked (``nodes``)."""

    def __init__(self, view, legal, rules, seats, target, ws, solver, tolerance, share,
                 sign, race):
        self.view, self.rules, self.seats = view, rules, seats
        self.target, self.ws, self.solver = target, ws, solver
        self.tolerance, self.share, self.sign, self.race = tolerance, share, sign, race
        self.moves = {a: _move_of(a) for a in legal}
        self.makes = {a: 0 for a in legal}
        self.live = list(legal)
        self.beat = {(a, b): 0 for a in legal for b in legal if a != b} if race else None
        self.used = 0
        self.nodes = 0


class BidThought:
    """A close call's bidding search so far (``HardBot.bidding_values``): the stream its
    worlds are drawn from, the world a limit stopped it in (``pending``: a first lead after
    the gives and its ``bracket_value`` progress), the value of each world solved
    (``vals``), and the solver nodes spent before the decision was asked (``nodes``)."""

    def __init__(self, view, hand, rules, seats, solver, ev, rng):
        self.view, self.hand, self.rules, self.seats = view, hand, rules, seats
        self.solver, self.ev, self.rng = solver, ev, rng
        self.others = [s for s in view["playing"] if s != view["seat"]]
        self.size = view["layout"]["hand"]
        self.tsize = view["layout"]["talons"][0]
        self.unseen = [c for c in range(24) if not hand >> c & 1]
        self.pending = None
        self.vals: list = []
        self.nodes = 0


class HardBot:
    """Search-based player.

    budget       seconds per decision (play, giving, contract): as many worlds as fit;
    worlds       a fixed number of worlds per decision instead (deterministic: matches, tests);
    nodes        or as many worlds as fit in this many solver nodes per decision (deterministic
                 like ``worlds``, and it thinks as the table does: TABLE_NODES, HINT_NODES);
    node_budget  the most solver nodes one decision searches, whatever the budget or worlds;
    inference    weigh the worlds by the others' bids, gives and marriages (else uniform);
    calibrate_contracts  value contracts by the calibrated chance of making them (the hint's
                 map) instead of the open-hand fraction; on since the paired trials of
                 scripts/trial_contract.py (docs/measurements.md);
    forced_veto  raise a lone forced bid only where the careful normal bot would (a trial
                 option, off: FORCED_VETO);
    close_call   search the bid when the next bid is within this many sd of the limit
                 (None: CLOSE_CALL);
    bid_blend    at a close call, weigh the search's mean with the model's by their error
                 variances (``bid_value``) instead of taking the search's alone (on since
                 the paired trials of scripts/trial_bidding.py: MODEL_VAR);
    contract_shift  the calibrated contracts' chance, less this many log-odds (None:
                 CONTRACT_SHIFT; 0: the hint's map as it is);
    contract_map the calibration map's weights the calibrated contracts read (a trial option:
                 a map fitted against other opponents; None: the hint's, hint_calibration);
    race         a card decision stops searching the moves the best one clearly beats in the
                 same worlds (the z of the sign test, ``_race``; None: RACE_Z, 0: never);
    give_points  how many of the pairs of gives that make the bid in every world the quota
                 left compares by the declarer's points (a trial option, off: GIVE_POINTS);
    phase_scale  {phase: factor}: that phase's decisions think `factor` times as long (its
                 node quota, or its seconds), the others as given (a trial option: where
                 is thinking worth most?);
    give_carry   the declarer's gives leave their worlds and solver to his contract (None:
                 GIVE_CARRY);
    give_ahead   and the rest of the gives' quota searches the contract's tests on them
                 (None: GIVE_AHEAD);
    bid_share    the share of the decision's quota a close call in the bidding searches
                 with (None: BID_SEARCH_SHARE);
    raise_shift  a contract above the bid, valued by a chance less this many log-odds more
                 than ``contract_shift`` (a trial option: 0);
    careful_bidding  bid by the careful normal bot's rule (declaring at the next bid against
                 what a pass is worth) instead of the model and its close-call search (a
                 trial option: None is CAREFUL_BIDDING);
    plan_ahead   the second give, which plays the first one's plan, spends its own quota on
                 the contract's tests ahead (a trial option: None is PLAN_AHEAD);
    decision_seeds  each decision draws its worlds from its own seed (the bot's seed, the deal,
                 the number of actions so far, the seat) instead of the bot's one random
                 stream (None: DECISION_SEEDS);
    give_value   the declarer's gives valued by his expected score against the others, the
                 defenders' marriages they complete included, instead of by the count of
                 worlds that make the bid (None: GIVE_VALUE);
    declarer_defer  the declarer plays the careful bot's card among those that make the
                 contract in the most worlds, counting with the whole quota and breaking no tie
                 on the points (a trial option, off: paired on the issue's first 1,000 deals it
                 lost 0.96 a deal, 95% CI -1.88 .. -0.05, as defender -0.73: the points
                 tie-break keeps the defenders' points down; docs/measurements.md);
    give_pairs   the first give searches the pairs of cards the careful bot would most
                 rather give away, this many (None: GIVE_PAIRS; 0: the pairs of the four
                 cards the keep score rates cheapest);
    defence_points  a deferring defender first keeps, among the cards that defeat the
                 contract most often, those that collect him the most of his own points in
                 the open hands with the two others playing against him (``_own_points``;
                 None is DEFENCE_POINTS, at DEFENCE_POINTS_SEATS).
    """

    def __init__(self, seed: int = 0, budget: float = 0.5, worlds: int | None = None,
                 max_worlds: int = 200, min_worlds: int = 3, node_budget: int | None = NODE_BUDGET,
                 inference: bool = True, calibrate_contracts: bool = True,
                 bid_margin: float | None = None, nodes: int | None = None,
                 defence_defer: float | None = None, forced_veto: bool | None = None,
                 close_call: float | None = None, bid_blend: bool = True,
                 contract_map: list | None = None, race: float | None = None,
                 give_points: int | None = None, phase_scale: dict | None = None,
                 give_carry: bool | None = None, contract_shift: float | None = None,
                 give_ahead: bool | None = None, bid_share: float | None = None,
                 raise_shift: float = 0.0, careful_bidding: bool | None = None,
                 decision_seeds: bool | None = None, plan_ahead: bool | None = None,
                 give_value: bool | None = None, give_pairs: int | None = None,
                 declarer_defer: bool = False, defence_points: bool | None = None):
        self.rng = random.Random(seed)
        self.seed = seed
        self.decision_seeds = DECISION_SEEDS if decision_seeds is None else decision_seeds
        self.budget = self._budget = budget
        self.fixed = worlds
        self.quota = self._quota = None if worlds else nodes
        self.phase_scale = dict(phase_scale or {})
        self.max_worlds = worlds or max_worlds
        self.min_worlds = min_worlds
        self.node_budget = node_budget
        self.inference = inference
        self.calibrate_contracts = calibrate_contracts
        self.bid_margin = bid_margin        # None: bidding_model.MARGIN_SD
        self.defence_defer = defence_defer  # None: DEFENCE_DEFER; below 0: never defer
        self.forced_veto = FORCED_VETO if forced_veto is None else forced_veto
        self.close_call = CLOSE_CALL if close_call is None else close_call
        self.bid_blend = bid_blend
        self.contract_map = contract_map
        self.contract_shift = CONTRACT_SHIFT if contract_shift is None else contract_shift
        self.raise_shift = raise_shift
        self.careful_bidding = CAREFUL_BIDDING if careful_bidding is None else careful_bidding
        self.race = race            # None: RACE_Z; 0: every move in every world
        self.give_points = GIVE_POINTS if give_points is None else give_points
        self.give_carry = GIVE_CARRY if give_carry is None else give_carry
        self.give_ahead = GIVE_AHEAD if give_ahead is None else give_ahead
        self.plan_ahead = PLAN_AHEAD if plan_ahead is None else plan_ahead
        self.give_value = GIVE_VALUE if give_value is None else give_value
        self.give_pairs = GIVE_PAIRS if give_pairs is None else give_pairs
        self.declarer_defer = declarer_defer
        self.defence_points = DEFENCE_POINTS if defence_points is None else defence_points
        self.bid_share = BID_SEARCH_SHARE if bid_share is None else bid_share
        self.last_estimate: dict | None = None
        self.nodes = 0              # solver nodes of the last decision (its pondering included)
        self.pondered_nodes = 0     # of which searched before it was asked (``ponder``)
        # pondered card decisions by position (``ponder``; ``_view_key``), oldest first
        self._thoughts: dict = {}
        # the second card of the pair of gives the first give chose: (the hand it leaves,
        # the card, to whom, the estimate); played if the next give finds that hand
        self._give_plan: tuple | None = None
        # the contract decision's worlds and solver, for the declarer's first lead: the
        # same observation, so the same worlds, and their positions already searched
        # (``_carried``): (deal number, seat, the observation, worlds, solver)
        self._carry: tuple | None = None
        # the gives' worlds and solver, for the contract decision (``_give_carried``):
        # (deal number, seat, the hand the gives leave, worlds after the gives, solver)
        self._give_carry: tuple | None = None
        # where the hard bot does not search (SEARCHED_BY_SEATS, the draw game, the windows
        # of the other rules) and when no world was solved: the careful normal bot
        from .normal import NormalBot
        self.fallback = NormalBot(seed)

    def set_budget(self, budget: float) -> None:
        """Seconds per decision from the next one on (the table gives its pause)."""
        self._budget = budget

    # ---- entry point -----------------------------------------------------------------------
    def choose(self, view: dict) -> str:
        legal = view["legal"]
        self.last_estimate = None
        self.nodes = 0
        self.pondered_nodes = 0
        self._carry, carry = None, self._carry
        phase = view["phase"]
        if phase not in ("play", "bidding"):
            self._thoughts.clear()          # a card or bid decision takes its own
        if phase not in ("giving", "contract"):
            self._give_carry = None         # its table is not kept past the deal's contract
        if len(legal) == 1:
            return legal[0]
        self._seed_decision(view)
        scale = self.phase_scale.get(phase, 1.0)
        self.budget = self._budget * scale
        self.quota = self._quota and int(self._quota * scale)
        searched = SEARCHED_BY_SEATS.get(len(view["playing"]), SEARCHED_MANY)
        if phase not in searched or not searchable(view):
            return self.fallback.choose(view)
        if phase == "play":
            return self.play(view, legal, carry)
        if phase == "giving":
            return self.give(view, legal)
        if phase == "contract":
            return self.contract(view, legal)
        return self.bid(view, legal)

    def _seed_decision(self, view: dict) -> None:
        """Each decision's own random stream (``decision_seeds``): the same worlds whenever
        it is searched, asked or pondered."""
        if self.decision_seeds:
            self.rng = random.Random(f"{self.seed}:{view.get('deal_number')}:"
                                     f"{view.get('action_count')}:{view['seat']}")

    def _solver(self, declarer: int, rules: PlayRules, seats: int = 3) -> Solver:
        return self._enlist(Solver(declarer, rules, seats=seats))

    def _enlist(self, s: Solver) -> Solver:
        """The decision's limits on a solver, whose nodes count toward it (``_over``)."""
        s.node_limit = self.node_budget
        s.deadline = self._deadline
        self._solvers.append(s)
        return s

    def _carried(self, carry: tuple | None, view: dict, k, declarer: int,
                 rules: PlayRules) -> tuple | None:
        """The worlds and solver an earlier decision left, if this one sees what that one
        left them for: the same deal and seat and `k` (the contract's carry to the first
        lead: the observation; the gives' to the contract: the hand they left).  Its worlds
        were drawn from the evidence this decision would draw from, so they are as good a
        sample as fresh ones, and the solver's table already holds bounds on their positions
        from the earlier tests: this decision solves more worlds in the same nodes.  The
        solver counts this decision's nodes from 0."""
        if carry is None:
            return None
        deal, seat, known, ws, solver = carry
        if (deal, seat, known) != (view.get("deal_number"), view["seat"], k) \
                or solver.declarer != declarer or solver.rules != rules:
            return None
        solver.restart()
        return ws, self._enlist(solver)

    def _give_carried(self, view: dict, declarer: int, rules: PlayRules) -> tuple | None:
        """The worlds and solver the declarer's gives left (``give``) for this contract
        decision, if it follows them (``_carried``, by the hand they left).  Their worlds were
        drawn from what the contract sees too (the bidding and the talon; the gives are his
        own), with the chosen gives applied; the table holds bounds on their first leads
        from the gives' tests at the bid."""
        carry, self._give_carry = self._give_carry, None
        hand = mask_of(parse_card(c) for c in view["hand"])
        return self._carried(carry, view, hand, declarer, rules)

    def _test_nodes(self) -> int | None:
        """Nodes one zero-window test of the contract or bidding ladder may search."""
        return None if self.node_budget is None else self.node_budget // TEST_SHARE

    def _begin(self) -> None:
        self._t0 = time.perf_counter()
        self._deadline = (None if self.fixed or self.quota
                          else self._t0 + STOP_SHARE * self.budget)
        self._solvers: list = []

    def _end(self) -> None:
        self.nodes = sum(s.nodes for s in self._solvers)

    def _over(self, share: float = 1.0, used: int = 0, since: float | None = None) -> bool:
        """Is this share of the decision's budget spent (solver nodes with ``nodes``, else
        seconds)?  By the clock, with the `used` worlds solved since `since` (a
        ``time.perf_counter()`` value), the next world is counted in at their mean time: the
        budget is a limit, and a world that would end past it is not begun."""
        if self.quota:
            return sum(s.nodes for s in self._solvers) > share * self.quota
        now = time.perf_counter()
        ahead = (now - since) / used if used and since is not None else 0.0
        return now - self._t0 + ahead > share * self.budget

    def _done(self, used: int, share: float = 1.0, since: float | None = None,
              fresh: int | None = None) -> bool:
        """Enough worlds for this decision (`used` solved, `fresh` of them since `since`:
        all of them unless some were pondered; see ``_over``)?"""
        if self.fixed:
            return used >= self.fixed
        return used >= self.min_worlds and self._over(share, used if fresh is None else fresh,
                                                      since)

    def _draws(self, view: dict, k, count: int, exhaustive: bool = True) -> list:
        """Worlds to solve, in order: with ``inference``, draws in proportion to the evidence
        (sampling importance resampling over CANDIDATE_WORLDS × `count` uniform worlds, or over
        all of them when there are fewer); else the uniform worlds.  A table of two: the
        opponent's possible hands (often one: everything is seen)."""
        if two_handed(view):
            return two_seat_worlds(k, count, self.rng)
        ev = inference.Evidence(view, conventions_of(view)) if self.inference else None
        if ev is None or not (ev.events or ev.gives or ev.tricks):
            return worlds(k, count, self.rng) if exhaustive else sample_worlds(k, count, self.rng)
        pool = min(MAX_CANDIDATES, count * CANDIDATE_WORLDS)
        cands = all_worlds(k, limit=pool) if exhaustive else None
        if cands is None:
            cands = sample_worlds(k, pool, self.rng)
        weights = [ev.likelihood(w) for w in cands]
        if sum(weights) <= 0:
            return cands[:count]
        return self.rng.choices(cands, weights=weights, k=count)

    def hint(self, view: dict) -> dict:
        """The recommended action and its estimate (for the human's Hint button)."""
        action = self.choose(view)
        return {"action": action, "estimate": self.last_estimate}

    # ---- play ------------------------------------------------------------------------------
    def _state(self, view: dict, hands, rules: PlayRules,
               seats: SolverSeats | None = None) -> PlayState:
        return play_state(view, hands, rules, seats)

    def _play_thought(self, view: dict, legal: list[str], carry: tuple | None) -> "PlayThought":
        """A card decision's search, begun: its worlds (carried, or drawn from the evidence)
        and solver, and what it counts per move."""
        conv = conventions_of(view)
        rules = PlayRules.from_conventions(conv)
        me, decl = view["seat"], view["declarer"]
        target = (view["contract"] - view["card_points"][decl] - view["meld_points"][decl]
                  - discard_points(view))
        k = observe(view)
        seats = SolverSeats(view)
        got = self._carried(carry, view, k, seats[decl], rules)
        if got is not None:
            ws, solver = got
        else:
            ws = self._draws(view, k, self.max_worlds)
            solver = self._solver(seats[decl], rules, len(seats.order))
        defer = DEFENCE_DEFER if self.defence_defer is None else self.defence_defer
        # a deferring side plays the careful bot's card among those within `tolerance` (a
        # share of the worlds) of the best count, and runs no tie-break on the points
        if me != decl:
            tolerance = defer if defer >= 0 else None
            share = DEFENCE_SHARE if tolerance is not None else TIE_BREAK_SHARE
        else:
            tolerance = 0.0 if self.declarer_defer else None
            share = 1.0 if tolerance is not None else TIE_BREAK_SHARE
        race = RACE_Z if self.race is None else self.race
        return PlayThought(view, legal, rules, seats, target, ws, solver, tolerance, share,
                           1 if me == decl else -1, race)

    def _search_worlds(self, th: "PlayThought", enough) -> None:
        """Solve th's worlds from the next unsolved one on, counting which moves reach the
        target in each, until ``enough()`` after a world, the worlds run out, or the solver's
        limits stop it (``SearchLimit`` propagates: the world it stopped in is not counted
        and is searched again next time, from the bounds the table kept)."""
        moves = th.moves
        while th.used < len(th.ws):
            st = self._state(th.view, th.ws[th.used], th.rules, th.seats)
            res = dict(th.solver.moves_reaching(st, th.target, [moves[a] for a in th.live]))
            made = [a for a in th.live if res[moves[a]]]
            for a in made:
                th.makes[a] += 1
            th.used += 1
            if th.race and len(th.live) > 1:
                missed = [b for b in th.live if not res[moves[b]]]
                for a in made:
                    for b in missed:
                        th.beat[a, b] += 1
                th.live = _race(th.live, th.makes, th.beat, th.used, th.sign, th.race)
            if enough():
                return

    def play(self, view: dict, legal: list[str], carry: tuple | None = None) -> str:
        self._begin()
        th = self._thoughts.pop(_view_key(view), None)
        self._thoughts.clear()
        if th is not None:                  # pondered: this very view, so these legal cards
            th.solver.restart()             # this decision's own limits count from here
            self._enlist(th.solver)
        else:
            th = self._play_thought(view, legal, carry)
        start = th.used
        since = time.perf_counter()
        try:
            self._search_worlds(th, lambda: self._done(th.used, th.share, since, th.used - start))
        except SearchLimit:
            pass
        used, solver, moves, sign = th.used, th.solver, th.moves, th.sign
        self.pondered_nodes = th.nodes
        if not used:
            self._end()
            return self.fallback.choose(view)
        makes, values, nval = th.makes, dict.fromkeys(legal, 0), 0
        legal = th.live
        best_make = max(sign * makes[a] for a in legal)
        if th.tolerance is not None:
            near = [a for a in legal if best_make - sign * makes[a] <= th.tolerance * used]
            if (sign < 0 and self.defence_points and len(near) > 1 and not solver.spent()
                    and len(th.seats.order) in DEFENCE_POINTS_SEATS):
                near = self._own_points(th, near)
            tied = [self.fallback.play(view, near)]
        else:
            tied = [a for a in legal if sign * makes[a] == best_make]
        if len(tied) > 1 and not solver.spent():
            values, nval = self._point_values(th, solver, tied)
        best = max(tied, key=lambda a: (sign * values[a], -POINTS[moves[a][0]] * sign))
        self._end()
        self.nodes += th.nodes
        self.last_estimate = _estimate("play", view, used, makes[best] / used,
                                       declarer_points_left=values[best] / nval if nval else None)
        return best

    def _point_values(self, th: "PlayThought", solver: Solver, cands: list[str]) -> tuple:
        """(each of `cands`' open-hand values summed over th's solved worlds, how many worlds
        were valued): the points `solver`'s declarer (the deal's, or the seat it was made
        for) collects from here on, until the decision's budget is spent (half of a fixed
        count of worlds; by the quota or the clock at least two) or its limit stops it."""
        values, n, since = dict.fromkeys(cands, 0), 0, time.perf_counter()
        try:
            for w in th.ws[:th.used]:
                st = self._state(th.view, w, th.rules, th.seats)
                if st.declarer != solver.declarer:
                    st = dataclasses.replace(st, declarer=solver.declarer)
                got = dict(solver.best_moves(st, [th.moves[a] for a in cands]))
                for a in cands:
                    values[a] += got[th.moves[a]]
                n += 1
                if ((n >= self.fixed // 2) if self.fixed
                        else (n >= 2 and self._over(1.0, n, since))):
                    break
        except SearchLimit:
            pass
        return values, n

    def _own_points(self, th: "PlayThought", near: list[str]) -> list[str]:
        """Of a defender's cards `near` (they defeat the contract equally often), those whose
        mean open-hand value is the highest over th's solved worlds when the value is his own
        points (his cards and the marriages he declares) and the declarer and the other
        defender play to keep them down: the relative score counts a defender's own points,
        where the contract's search values only the defenders' total.  The quota left after
        the make counts (``DEFENCE_SHARE``); with no world valued, `near` as it is."""
        own = self._solver(th.seats[th.view["seat"]], th.rules, len(th.seats.order))
        values, n = self._point_values(th, own, near)
        if not n:
            return near
        top = max(values.values())
        return [a for a in near if values[a] == top]

    # ---- thinking before being asked -------------------------------------------------------
    def ponder(self, view: dict, until: float | None = None, nodes: int | None = None) -> bool:
        """Think on the decision at `view` (this bot's turn, perhaps a position that may come)
        until the ``time.perf_counter()`` value `until` or for `nodes` solver nodes, and keep
        what was found: ``choose`` on the same view goes on from there, so its own budget
        adds to this.  The card play and the bidding's close calls are thought on ahead (the
        decisions whose search is a list of worlds that can stop after any one); the worlds
        are the ones the decision would draw (each decision's own seed), so pondering
        changes how many are solved, never which.  Returns whether more thinking would add
        to it (False: nothing to think on, or every world is solved or one move is left)."""
        legal = view.get("legal") or []
        phase = view.get("phase")
        if (phase not in ("play", "bidding") or len(legal) < 2 or not self.decision_seeds
                or phase not in SEARCHED_BY_SEATS.get(len(view["playing"]), SEARCHED_MANY)
                or not searchable(view)):
            return False
        key = _view_key(view)
        th = self._thoughts.get(key)
        self._begin()                   # its solver's limits are this slice's, set below
        if th is None:
            self._seed_decision(view)
            th = self._thought(view, legal)
            if th is None:
                return False
            while len(self._thoughts) >= MAX_THOUGHTS:
                self._thoughts.pop(next(iter(self._thoughts)))
            self._thoughts[key] = th
        th.solver.restart()
        th.solver.node_limit = nodes
        th.solver.deadline = until
        if isinstance(th, BidThought):
            search = self._search_bids
            def more(): return len(th.vals) < self.max_worlds         # noqa: E704
        else:
            search = self._search_worlds
            goal = min(len(th.ws), self.fixed or len(th.ws))
            def more(): return th.used < goal and len(th.live) > 1    # noqa: E704
        try:
            search(th, lambda: not more())
        except SearchLimit:
            pass
        th.nodes += th.solver.nodes
        th.solver.node_limit, th.solver.deadline = self.node_budget, None
        return more()

    def _thought(self, view: dict, legal: list[str]):
        """A search to ponder at `view`: the card decision's, or the bidding's where the bid
        is a close call (else None: the model decides at once)."""
        if view["phase"] == "play":
            return self._play_thought(view, legal, self._carry)
        if self.careful_bidding:
            return None
        window = self.bid_window(view, legal)
        if window is None or not self.close(window):
            return None
        hand = mask_of(parse_card(c) for c in view["hand"])
        return self._bid_thought(view, hand, conventions_of(view))

    # ---- giving ----------------------------------------------------------------------------
    def give(self, view: dict, legal: list[str]) -> str:
        if two_handed(view):
            return self._give_two(view, legal)
        self._begin()
        conv = conventions_of(view)
        rules = PlayRules.from_conventions(conv)
        me = view["seat"]
        hand = mask_of(parse_card(c) for c in view["hand"])
        done = {g["to"] for g in view["gives"]}
        receivers = [s for s in view["playing"] if s != me and s not in done]
        plan, self._give_plan = self._give_plan, None
        if len(receivers) == 1 and plan is not None and plan[0] == hand \
                and f"give {name(plan[1])} {plan[2]}" in legal:
            # the second give of the pair the first one chose (the hand is as it left it):
            # one decision, not two searches of the same question
            self.last_estimate = plan[3]
            if self.plan_ahead:
                self._plan_ahead(view, rules)
            return f"give {name(plan[1])} {plan[2]}"
        if len(receivers) == 2 and self.give_pairs:
            cands = self._careful_pairs(view, hand, receivers)
            rank = {cand: i for i, cand in enumerate(cands)}     # ties: the careful order
        else:
            cheap = sorted(cards_of(hand), key=lambda c: _keep_score(hand, c))[:4]
            if len(receivers) == 1:
                # the second give, not planned here: the first card is already decided
                cands = [((c, receivers[0]),) for c in cheap]
            else:
                a, b = receivers
                cands = [((c1, a), (c2, b)) for c1 in cheap for c2 in cheap if c1 != c2]
            # ties: the cheapest cards
            rank = {cand: sum(_keep_score(hand, c) for c, _ in cand) for cand in cands}
        k = observe(view)
        # worlds for the defenders' hands (before receiving the remaining gifts)
        wl = self._draws(view, k, self.max_worlds, exhaustive=False)
        target = view["contract"]
        seats = SolverSeats(view)
        solver = self._solver(seats[me], rules, len(seats.order))
        if self.give_value:
            worth = self._give_worth(view, conv, me, target, seats, solver, rules)
            total, used = self._tally(wl, cands, worth, zero=(0, 0.0))
            score = {cand: t[0] for cand, t in total.items()}
            utility = {cand: t[1] for cand, t in total.items()}
        else:
            score, used = self._tally(wl, cands, lambda w, cand: solver.declarer_reaches(
                _given(w, me, cand, seats, rules), target))
            utility = score
        order = sorted(cands, key=lambda cand: (-utility[cand], rank[cand]))
        best = order[0] if used else None
        if used and score[best] == used and self.give_points:
            sure = [cand for cand in order if score[cand] == used][:self.give_points]
            if len(sure) > 1:
                best = self._give_points(view, sure, wl, seats, solver, rules, target) or best
        if not used:
            self._end()
            return self.fallback.choose(view)
        c, to = best[0]
        if self.give_carry:
            after = [_after_gives(w, me, best) for w in wl]
            self._give_carry = (view.get("deal_number"), me, after[0][me], after, solver)
            if self.give_ahead:
                self._contract_ahead(view, conv, after, seats, solver, rules)
        self._end()
        self.last_estimate = _estimate("giving", view, used, score[best] / used)
        if len(best) == 2:
            self._give_plan = (hand & ~(1 << c), *best[1], self.last_estimate)
        return f"give {name(c)} {to}"

    def _plan_ahead(self, view: dict, rules: PlayRules) -> None:
        """The second give plays the first one's plan and searches nothing for it: its own
        quota (budget) goes to the contract decision that follows (``plan_ahead``), the
        contract's ladder tests on the worlds the gives carry to it (``_contract_ahead``)."""
        carry = self._give_carry
        if carry is None or self.fixed:
            return
        self._begin()
        seats = SolverSeats(view)
        # the carry is the gives' own (its key, the hand they leave, is taken as it is)
        got = self._carried(carry, view, carry[2], seats[view["seat"]], rules)
        if got is not None:
            after, solver = got
            self._contract_ahead(view, conventions_of(view), after, seats, solver, rules)
        self._end()

    def _contract_ahead(self, view: dict, conv, after: list, seats, solver: Solver,
                        rules: PlayRules) -> None:
        """The rest of the gives' quota spent ahead on the contract decision (``GIVE_AHEAD``):
        its ladder tests on the worlds the gives carry to it, in the order it reads them, until
        the quota (or budget) is spent; the solver's table keeps their bounds.  Not with a
        fixed number of worlds: the contract solves as many."""
        if self.fixed or solver.spent() or self._over():
            return
        me = view["seat"]
        ladder = contract_ladder(foreseen_contracts(view, conv, after[0][me]) or
                                 [view["contract"]])
        done = 0
        since = time.perf_counter()
        try:
            for w in after:
                bracket_value(solver, _first_lead(w, me, seats, rules), ladder,
                              self._test_nodes())
                done += 1
                if self._over(1.0, done, since):
                    break
        except SearchLimit:
            pass

    def _careful_pairs(self, view: dict, hand: int, receivers: list) -> list:
        """``give_pairs`` N: the N pairs of cards the careful normal bot's hand estimate
        would most rather give away (the first N of ``NormalBot.lay_offs``, the ranking its own
        give takes its best from), each to the two receivers either way round."""
        ctx = NormalCtx(view)
        ctx.receivers = len(receivers)
        a, b = receivers
        return [g for _, (c1, c2) in self.fallback.lay_offs(hand, ctx)[:self.give_pairs]
                for g in (((c1, a), (c2, b)), ((c2, a), (c1, b)))]

    def _give_worth(self, view: dict, conv, me: int, target: int, seats, solver: Solver,
                    rules: PlayRules):
        """``give_value``: of a pair of gives in a world, (1 if the declarer still makes the
        bid, else 0; his score change against the others'), the defenders scoring an even share
        of the card points he leaves and DEFENDER_MELD_SHARE of the marriages they hold once
        the gives are made."""
        out = Outcomes(view, conv)
        defenders = [s for s in view["playing"] if s != me]
        share = (120 - target) / len(defenders)

        def worth(w, cand):
            after = _after_gives(w, me, cand)
            made = solver.declarer_reaches(_first_lead(after, me, seats, rules), target)
            defp = {s: round(share + DEFENDER_MELD_SHARE * _marriages(after[s]))
                    for s in defenders}
            return (1 if made else 0), out.played(me, target, target if made else target - 1,
                                                  defp)
        return worth

    def _give_points(self, view: dict, cands: list, wl: list, seats, solver: Solver,
                     rules: PlayRules, target: int):
        """Of pairs of gives that made the bid in every world, the one whose declarer collects
        most on average (his open-hand value to within the ladder's step above the bid), over
        the same worlds while the decision's quota lasts; None if no world was finished.
        Points over the bid are what a raised contract can ask for, and what the defenders
        do not collect."""
        if solver.spent() or not self.fixed and self._over():
            return None                 # the counts spent the decision's limit or quota
        me = view["seat"]
        ladder = [target] + [v for v in BID_LADDER if v > target]
        limit = solver.node_limit
        if self.quota:
            # a world ends within the share of the quota the clock's deadline allows the
            # table (STOP_SHARE): a ladder of a safe hand's tests can cost far more than
            # the counts did, and the harness thinks no more than the table
            cap = int(STOP_SHARE * self.quota)
            solver.node_limit = cap if limit is None else min(limit, cap)
        try:
            total, used = self._tally(wl, cands, lambda w, cand: bracket_value(
                solver, _given(w, me, cand, seats, rules), ladder, self._test_nodes()))
        finally:
            solver.node_limit = limit
        if not used:
            return None
        return max(cands, key=lambda cand: total[cand])   # ties: the first, in keep order

    def _tally(self, wl: list, cands: list, value, zero=0) -> tuple[dict, int]:
        """Each candidate's total of ``value(world, candidate)`` (None: not counted; a tuple is
        totalled item by item from `zero`) over the worlds of `wl` in order, until the decision
        has enough (``_done``); a world the decision's limit cut is dropped whole.  Returns
        (totals, worlds solved)."""
        total = {cand: zero for cand in cands}
        add = ((lambda t, v: tuple(a + b for a, b in zip(t, v))) if isinstance(zero, tuple)
               else (lambda t, v: t + v))
        used = 0
        since = time.perf_counter()
        try:
            for w in wl:
                got = {}
                for cand in cands:
                    v = value(w, cand)
                    if v is not None:
                        got[cand] = v
                for cand, v in got.items():
                    total[cand] = add(total[cand], v)
                used += 1
                if self._done(used, since=since):
                    break
        except SearchLimit:
            pass
        return total, used

    def _give_two(self, view: dict, legal: list[str]) -> str:
        """A table of two: every legal give (to the opponent or the dead hand), each valued
        by the declarer's open-hand value on a ladder of 10 points in every world."""
        self._begin()
        conv = conventions_of(view)
        rules = PlayRules.from_conventions(conv)
        me = view["seat"]
        hand = mask_of(parse_card(c) for c in view["hand"])
        k = observe(view)
        wl = self._draws(view, k, self.max_worlds)
        seats = SolverSeats(view)
        solver = self._solver(seats[me], rules, 2)

        def value(w, a):
            _, cs, to = a.split()
            c = parse_card(cs)
            hands = list(w)
            hands[me] &= ~(1 << c)
            if to != "dead":
                hands[int(to)] |= 1 << c
            hs = seats.hands(hands)
            if bin(hs[0]).count("1") != bin(hs[1]).count("1"):
                return None             # more gives to come: judged on the next one
            st = PlayState(hands=hs, declarer=seats[me], leader=seats[me], rules=rules)
            return bracket_value(solver, st, BID_LADDER, self._test_nodes())
        score, used = self._tally(wl, legal, value)
        self._end()
        if not used or not any(score.values()):
            return self.fallback.choose(view)
        best = max(legal, key=lambda a: (score[a], -_keep_score(hand, parse_card(a.split()[1]))))
        self.last_estimate = {"worlds": used, "mean_points": round(score[best] / used, 1)}
        return best

    # ---- contract and concession ---------------------------------------------------------------
    def contract(self, view: dict, legal: list[str]) -> str:
        self._begin()
        conv = conventions_of(view)
        rules = PlayRules.from_conventions(conv)
        me = view["seat"]
        k = observe(view)
        seats = SolverSeats(view)
        got = self._give_carried(view, seats[me], rules)
        if got is not None:
            wl, solver = got
        else:
            wl = self._draws(view, k, self.max_worlds)
            solver = self._solver(seats[me], rules, len(seats.order))
        contracts = {a: int(a.split()[1]) for a in legal if a.startswith("contract")}
        ladder = contract_ladder(list(contracts.values()) or [view["contract"]])
        vals = []
        since = time.perf_counter()
        try:
            for w in wl:
                vals.append((w, bracket_value(solver, _first_lead(w, me, seats, rules), ladder,
                                              self._test_nodes())))
                if self._done(len(vals), since=since):
                    break
        except SearchLimit:
            pass
        self._end()
        if not vals:
            return self.fallback.choose(view)
        out = Outcomes(view, conv)
        defenders = [s for s in view["playing"] if s != me]
        extra = discard_points(view)
        splits = [split_points(w, me, defenders, v + extra) for w, v in vals]
        options = {a: self._contract_value(out, me, c, splits, view)
                   for a, c in contracts.items()}
        if "concede" in legal:
            options["concede"] = out.conceded(me, view["contract"])
        best = max(options, key=lambda a: (options[a], a == "concede"))
        c = contracts.get(best, view["contract"])
        raw = sum(v >= c for _, v in vals) / len(vals)
        mean = sum(v for _, v in vals) / len(vals)
        self.last_estimate = _estimate("contract", view, len(vals), raw,
                                       expected=round(options[best], 1),
                                       mean_points=round(calibrated_points("contract", mean), 1),
                                       open_hand_points=round(mean, 1))
        if best == "concede":
            # conceded, the contract is certainly not made: at the lowest contract he might
            # have made it with the open-hand fraction above
            self.last_estimate.update(make_probability=0.0, open_hand_make_probability=0.0,
                                      if_played=_estimate("contract", view, len(vals), raw))
        else:
            self._carry = (view.get("deal_number"), me, k, wl, solver)
        return best

    def _contract_value(self, out: Outcomes, me: int, c: int, splits, view: dict) -> float:
        """The expected value of playing contract c over the solved worlds; with
        ``calibrate_contracts``, made and failed weighted by the calibrated chance of making
        it (the open-hand fraction is pessimistic: real defenders cannot see each other)."""
        n = len(splits)
        if not self.calibrate_contracts:
            return sum(out.played(me, c, dp, defp) for dp, defp in splits) / n
        raw = sum(dp >= c for dp, _ in splits) / n
        shift = self.contract_shift + (self.raise_shift if c > view["contract"] else 0.0)
        p = calibrated("contract", raw, n, view, self.contract_map, -shift)
        made = sum(out.played(me, c, max(dp, c), defp) for dp, defp in splits) / n
        failed = sum(out.played(me, c, min(dp, c - 1), defp) for dp, defp in splits) / n
        return p * made + (1 - p) * failed

    # ---- bidding -----------------------------------------------------------------------------
    def bid(self, view: dict, legal: list[str]) -> str:
        thought = self._thoughts.pop(_view_key(view), None)     # pondered: this very view
        self._thoughts.clear()
        if self.careful_bidding:
            return self.fallback.bid(view, legal)
        window = self.bid_window(view, legal)
        if window is None:
            return "pass"
        nxt, mean, limit, sd = window
        conv = conventions_of(view)
        hand = mask_of(parse_card(c) for c in view["hand"])
        offset = limit - mean
        if self.close(window):
            # a close call: search — sample talons and opponents' hands, take the talon,
            # give two cards, and solve each world with open cards
            values = self.bidding_values(view, hand, conv, thought)
            if values:
                mean = (bid_value(mean, values) if self.bid_blend
                        else sum(values) / len(values))
                limit = mean + offset
        self.last_estimate = {"expected_points": round(calibrated_points("bidding", mean), 1),
                              "open_hand_points": round(mean, 1), "limit": round(limit, 1)}
        if nxt <= limit:
            if self.forced_veto and lone_forced_bid(view) \
                    and self.fallback.bid(view, legal) == "pass":
                return "pass"
            return f"bid {nxt}"
        return "pass"

    def bid_window(self, view: dict, legal: list[str]) -> tuple | None:
        """(the next bid, the bidding model's mean, the limit, its sd) for this bidding turn,
        None when no bid is legal.  The bid is made when the next bid is within the limit;
        within ``close_call`` sd of it a search of the hand replaces the model's mean."""
        bids = sorted(int(a.split()[1]) for a in legal if a.startswith("bid"))
        if not bids:
            return None
        hand = mask_of(parse_card(c) for c in view["hand"])
        mean, sd = bidding_model.predict(hand)
        limit = inference.bid_limit(hand, view["seat"], view)
        if self.bid_margin is not None:
            limit += (bidding_model.MARGIN_SD - self.bid_margin) * sd
        return bids[0], mean, limit, sd

    def close(self, window: tuple) -> bool:
        """Is this bidding turn (``bid_window``) a close call, one the search decides?"""
        nxt, _, limit, sd = window
        return abs(nxt - limit) <= self.close_call * sd

    def bidding_values(self, view: dict, hand: int, conv,
                       thought: "BidThought | None" = None) -> list[float]:
        """The declarer's open-hand value in each bidding world solved within the search's
        share of the decision: a talon and the others' hands drawn by the evidence, the talon
        taken, the two cheapest cards given.  With `thought` (this very view, pondered:
        ``ponder``), the worlds it solved count and the search goes on from its next one."""
        self._begin()
        if thought is None:
            thought = self._bid_thought(view, hand, conv)
        else:
            thought.solver.restart()        # this decision's own limits count from here
            self._enlist(thought.solver)
        start = len(thought.vals)
        since = time.perf_counter()
        try:
            self._search_bids(thought, lambda: self._done(
                len(thought.vals), self.bid_share, since, len(thought.vals) - start))
        except SearchLimit:
            pass
        self._end()
        self.nodes += thought.nodes
        self.pondered_nodes = thought.nodes
        return thought.vals

    def _bid_thought(self, view: dict, hand: int, conv) -> "BidThought":
        """A close call's search, begun: its solver and the stream it draws worlds from (the
        decision's own: ``_seed_decision``)."""
        rules = PlayRules.from_conventions(conv)
        seats = SolverSeats(view)
        solver = self._solver(seats[view["seat"]], rules, len(seats.order))
        ev = inference.Evidence(view, conv) if self.inference else None
        if ev is not None and not ev.events:
            ev = None
        return BidThought(view, hand, rules, seats, solver, ev, self.rng)

    def _search_bids(self, th: "BidThought", enough) -> None:
        """Value th's worlds from the one drawn last (if a limit stopped it) on, until
        ``enough()`` after a world or max_worlds; ``SearchLimit`` propagates and the world
        it stopped in is kept, to be valued again next time from the bounds the table kept."""
        me, others = th.view["seat"], th.others
        while len(th.vals) < self.max_worlds:
            if th.pending is None:
                hands, talon = self._bidding_world(th.view, th.hand, th.unseen, others,
                                                   th.size, th.tsize, th.ev, th.rng)
                mine = th.hand | mask_of(talon)
                give = sorted(cards_of(mine), key=lambda c: _keep_score(mine, c))[:len(others)]
                hands[me] = mine & ~mask_of(give)
                for i, s in enumerate(others):
                    hands[s] |= 1 << give[i]
                th.pending = (_first_lead(hands, me, th.seats, th.rules),
                              [0, len(BID_LADDER), 0])
            th.vals.append(bracket_value(th.solver, th.pending[0], BID_LADDER,
                                         self._test_nodes(), th.pending[1]))
            th.pending = None
            if enough():
                return

    def _bidding_world(self, view, hand, unseen, others, size, tsize, ev, rng):
        """A talon and the others' hands as dealt; with evidence, one of CANDIDATE_WORLDS
        uniform deals drawn in proportion to how well it explains their bids."""
        draws = []
        for _ in range(CANDIDATE_WORLDS if ev is not None else 1):
            rng.shuffle(unseen)
            talon = unseen[:tsize]
            hands = [0] * len(view["names"])
            for i, s in enumerate(others):
                hands[s] = mask_of(unseen[tsize + i * size: tsize + (i + 1) * size])
            draws.append((hands, talon))
        if ev is None:
            return draws[0]
        weights = [ev.likelihood(h) for h, _ in draws]
        if sum(weights) <= 0:
            return draws[0]
        return rng.choices(draws, weights=weights, k=1)[0]
