"""Open-hand (perfect-information) solver for the play phase of a 3-player deal.

Rules: RULES.md §3 step 7 and the play conventions of §6.2 (``must_beat``,
``meld_on_first_lead``, ``ace_marriage``, ``no_lead_foreign_trump``, ``must_lead_trump``), taken
from the engine's ``thousand.play`` — who may lead (``lead_order``), follow (``follow_order``),
declare (``meld_cards``, ``may_declare``, ``meld_trump``, ``meld_value``) and win a trick
(``beats``, ``winning_card``).  The search reads them from tables built from those functions at
import; the API's ``legal_moves`` and ``play`` call them directly.

The *value* of a position is the number of points the declarer will still collect from
here on: the card points of every trick he wins (all three cards, including cards already
lying in the trick in progress) plus the marriages he declares from now on.  The declarer
maximises it; the two defenders cooperate to minimise it.

Public API
----------
``PlayRules``                 the five play conventions (``PlayRules.from_conventions(obj)``)
``PlayState``                 an immutable position (hands as 24-bit masks, see below)
``make_state(...)``           build a ``PlayState`` from readable card names (tests, tools)
``legal_moves(state)``        moves of the player to move, as ``(card, declare)`` pairs
``play(state, move)``         -> ``(next_state, declarer_points_gained_by_this_move)``
``solve_value(state)``        exact value (int)
``declarer_reaches(state, t)`` zero-window test: can the declarer still collect >= t?
``best_moves(state)``         ``[(move, value)]`` for every legal move, best first for the mover
``moves_reaching(state, t)``  ``[(move, bool)]``: does the declarer collect >= t after that move?
``Solver(declarer, rules)``   the same as methods, keeping a transposition table between calls
                              (reuse one per deal / per PIMC decision: the table is keyed on the
                              full position, so different sampled worlds can share it)
``bench_solver(...)``         timing of full 8-trick searches from the first lead

A move is ``(card, declare)``; ``declare`` is True only for a lead that declares a marriage
(K or Q of a suit whose other half the leader holds) or the ace marriage (an ace, with
``ace_marriage`` on and all four aces in hand).

Implementation: fail-soft alpha-beta over whole tricks (the three plies of a trick are nested
loops in one function call) with a transposition table at trick boundaries storing lower/upper
bounds of future points; exact values by zero-window tests that bisect the interval still
open (``Solver.driver``).  All search state is plain ints and bitmasks.  Run the benchmark with
``python -m thousand.bots.solver [N] [--talon]``.
"""
from __future__ import annotations

import dataclasses
import random
import statistics
import time
from dataclasses import dataclass, field

from thousand.cards import (
    ACE_MARRIAGE_VALUE,
    ACES_MASK,
    FULL_MASK,
    POINTS,
    SUIT_MASK,
    SUITS,
    cards_of,
    mask_of,
    name as card_name,
    parse_cards,
)
from thousand.play import (beats, follow_mask, follow_order, lead_mask, lead_order,
                           may_declare, meld_cards, meld_trump, meld_value, winning_card)

__all__ = [
    "PlayRules", "PlayState", "Solver", "SearchLimit", "make_state", "legal_moves", "play",
    "solve_value", "declarer_reaches", "best_moves", "moves_reaching", "bench_solver",
    "deal_for_bench",
]

# ---------------------------------------------------------------------------------------------
# tables: the rules of play of ``thousand.play`` (the engine's), tabulated at import
# ---------------------------------------------------------------------------------------------

_NEXT = (1, 2, 0)          # the solver's seats 0, 1, 2 in clockwise order
_SUIT = tuple(c // 6 for c in range(24))
_RANK = tuple(c % 6 for c in range(24))
_ACE = 5


def _pts12_table():
    t = [0] * 4096
    for m in range(4096):
        t[m] = sum(POINTS[c] for c in range(12) if m >> c & 1)
    return tuple(t)


def _meld_tables(shift):
    """For the 12 bits of suits (shift // 6, shift // 6 + 1) of a hand: the mask of the cards
    whose lead declares a marriage (``play.meld_cards``), the sum of the values of those
    marriages (one declaration each), and the value of the best of them."""
    leads, total, best = [], [], []
    for m in range(4096):
        h = m << shift
        cards = meld_cards(h, h, False)
        worth = {c // 6: meld_value(c) for c in cards}
        leads.append(sum(1 << c for c in cards))
        total.append(sum(worth.values()))
        best.append(max(worth.values(), default=0))
    return tuple(leads), tuple(total), tuple(best)


_PTS12 = _pts12_table()
_MELD_LO, _MARR_LO, _BEST_LO = _meld_tables(0)
_MELD_HI, _MARR_HI, _BEST_HI = _meld_tables(12)


def _mask_points(m: int) -> int:
    return _PTS12[m & 4095] + _PTS12[m >> 12]


def _marriage_leads(hand: int) -> int:
    """Mask of the cards whose lead declares a marriage (K and Q of the suits held whole)."""
    return _MELD_LO[hand & 4095] | _MELD_HI[hand >> 12]


def _beats_table():
    """_BEATS[trump + 1][card]: mask of the cards that beat ``card`` when it is winning
    (``play.beats``)."""
    return tuple(tuple(sum(1 << a for a in range(24) if beats(a, b, b // 6, t))
                       for b in range(24)) for t in range(-1, 4))


_BEATS = _beats_table()
# for the lead ordering: cards of a suit above ``card``
_ABOVE = tuple(SUIT_MASK[c // 6] & ~((2 << c) - 1) for c in range(24))
_FOLLOW: dict = {}


def _follow_table(must_beat: bool) -> tuple:
    """_follow_table(mb)[trump + 1][led suit * 24 + winning card]: ``play.follow_order``, the
    masks a follower plays from (the first that meets his hand)."""
    t = _FOLLOW.get(must_beat)
    if t is None:
        t = _FOLLOW[must_beat] = tuple(
            tuple(follow_order(led, best if must_beat else -1, trump, must_beat)
                  for led in range(4) for best in range(24))
            for trump in range(-1, 4))
    return t


def _lead_table(rules) -> tuple:
    """[trump + 1][1 if the trump is the leader's own]: ``play.lead_order``."""
    return tuple(tuple(lead_order(trump, bool(his), rules.must_lead_trump,
                                  rules.no_lead_foreign_trump) for his in (0, 1))
                 for trump in range(-1, 4))


def _first_met(hand: int, order) -> int:
    """The cards of ``hand`` in the first mask of ``order`` that meets it."""
    for m in order:
        m &= hand
        if m:
            return m
    return 0


# a declaring lead's value and the trump it names (-1: none, the ace marriage)
_DECL_VALUE = tuple(meld_value(c) for c in range(24))
_DECL_TRUMP = tuple(meld_trump(c, -1) for c in range(24))
_RANKS = tuple(sum(1 << (su * 6 + r) for su in range(4)) for r in range(6))   # cards by rank
_RANK_POINTS = tuple(POINTS[r] for r in range(6))


def _rule_tables(rules) -> tuple:
    """What every search reads from the play conventions: the follow and lead tables, whether
    the lead rule depends on whose trump it is (then the trump's owner is part of the
    position: no_lead_foreign_trump), the right to declare without / with a trick taken, and
    whether that right varies (meld_on_first_lead)."""
    lead = _lead_table(rules)
    right = (may_declare(False, rules.meld_on_first_lead),
             may_declare(True, rules.meld_on_first_lead))
    owner_matters = any(foreign != his_own for foreign, his_own in lead)
    return _follow_table(rules.must_beat), lead, owner_matters, right, right[0] != right[1]


INF = 10 ** 6


class SearchLimit(Exception):
    """A search stopped at the solver's ``node_limit`` or ``deadline``."""


# With a deadline, the clock is read every this many nodes (about 10 ms of Pyodide), at the
# same comparison as the node limit: the search's hot path does no more work.
CLOCK_EVERY = 1024


class _Limits:
    """A solver's node limit and deadline, and the node count (``armed[0]``, the list the
    search compares every node with) at which the search next stops to check them.  Its own
    object, so that the search's closures hold it and not the solver (no reference cycle
    keeps a solver's table alive after the solver is dropped)."""
    __slots__ = ("armed", "node_limit", "deadline")

    def __init__(self):
        self.armed = [INF * INF]
        self.node_limit: int | None = None
        self.deadline: float | None = None

    def arm(self, n: int, every: int = CLOCK_EVERY) -> None:
        """Check next after `every` more nodes (a new limit or deadline: 0, the next node,
        so a deadline already past stops at once)."""
        stop = INF * INF if self.node_limit is None else self.node_limit
        self.armed[0] = stop if self.deadline is None else min(stop, n + every)

    def over(self, n: int) -> bool:
        """Would node n pass the node limit, or is the deadline past?"""
        return (self.node_limit is not None and n > self.node_limit) or (
            self.deadline is not None and time.perf_counter() > self.deadline)

    def checkpoint(self, n: int) -> None:
        """Node n passed the armed count: stop the search (SearchLimit) at the node limit or
        past the deadline, else arm the next check."""
        if self.over(n):
            raise SearchLimit(n)
        self.arm(n)


# ---------------------------------------------------------------------------------------------
# rules and state
# ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class PlayRules:
    """The conventions of RULES.md §6.2 that affect the play phase."""

    must_beat: bool = False
    meld_on_first_lead: bool = False
    ace_marriage: bool = False
    no_lead_foreign_trump: bool = False
    must_lead_trump: bool = False

    def __post_init__(self):
        if self.no_lead_foreign_trump and self.must_lead_trump:
            raise ValueError("must_lead_trump cannot be on together with no_lead_foreign_trump")

    @classmethod
    def from_conventions(cls, conv) -> "PlayRules":
        """Take the fields of any conventions object (attributes or a mapping)."""
        get = conv.get if isinstance(conv, dict) else (lambda k, d: getattr(conv, k, d))
        return cls(**{f: bool(get(f, False)) for f in cls.__dataclass_fields__})


DEFAULT_RULES = PlayRules()


@dataclass(frozen=True)
class PlayState:
    """A play-phase position.

    hands      three 24-bit masks (seat 0, 1, 2), cards still held (two for a table of two:
               ``Solver(..., seats=2)``)
    declarer   the declarer's seat
    leader     the seat that led (or is to lead) the current trick
    trick      cards already played to the current trick, in play order from ``leader``
    trump      current trump suit 0..3, or -1 (already updated by a declaration on this lead)
    trump_owner seat that declared the current trump (-1: none); used by no_lead_foreign_trump
    taken      bitmask of seats that have taken at least one trick (the right to declare)
    rules      PlayRules
    """

    hands: tuple
    declarer: int = 0
    leader: int = 0
    trick: tuple = ()
    trump: int = -1
    trump_owner: int = -1
    taken: int = 0
    rules: PlayRules = field(default=DEFAULT_RULES)

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % len(self.hands)

    @property
    def tricks_left(self) -> int:
        """Tricks still to be completed, the one in progress included."""
        return bin(self.hands[self.leader]).count("1") + (1 if self.trick else 0)

    def check(self) -> None:
        """Raise ValueError if the position is inconsistent."""
        h = self.hands
        n_seats = len(h)
        if not 2 <= n_seats <= 6 or any(h[i] & h[j] for i in range(n_seats)
                                        for j in range(i + 1, n_seats)):
            raise ValueError("hands must be two to six disjoint masks")
        for c in self.trick:
            if any(x >> c & 1 for x in h):
                raise ValueError(f"{card_name(c)} is both in the trick and in a hand")
        if len(self.trick) >= n_seats:
            raise ValueError("a trick in progress holds fewer cards than there are seats")
        n = self.tricks_left
        for k in range(n_seats):
            want = n - 1 if k < len(self.trick) else n
            if bin(h[(self.leader + k) % n_seats]).count("1") != want:
                raise ValueError("hand sizes do not match the trick in progress")

    def describe(self) -> str:
        def hand(m):
            return " ".join(card_name(c) for c in sorted(cards_of(m), key=lambda c: (c // 6, -c)))
        parts = [f"{s}{'*' if s == self.declarer else ''}: {hand(self.hands[s])}"
                 for s in range(len(self.hands))]
        t = SUITS[self.trump] if self.trump >= 0 else "-"
        tr = " ".join(card_name(c) for c in self.trick)
        return (f"{' | '.join(parts)} | lead {self.leader} trick [{tr}] trump {t} "
                f"(owner {self.trump_owner}) taken {self.taken:03b}")


def make_state(hands, declarer=0, leader=None, trick=(), trump=None, trump_owner=None,
               taken=(), rules=None, **flags) -> PlayState:
    """Build a PlayState from readable input.

    hands: three strings ("AS TS KH") or lists of card names; trick: card names in play order;
    trump: None / "H" / 3; taken: iterable of seats that have taken a trick (or an int mask);
    rules: a PlayRules, or give the flags as keywords (``must_beat=True`` ...).
    ``leader`` defaults to the declarer.
    """
    masks = tuple(mask_of(parse_cards(h)) for h in hands)
    trick_cards = tuple(parse_cards(trick))
    if trump is None:
        t = -1
    elif isinstance(trump, str):
        t = SUITS.index(trump.upper())
    else:
        t = int(trump)
    if isinstance(taken, int):
        tk = taken
    else:
        tk = 0
        for s in taken:
            tk |= 1 << s
    if rules is None:
        rules = PlayRules(**flags)
    elif flags:
        rules = dataclasses.replace(rules, **flags)
    st = PlayState(
        hands=masks, declarer=declarer, leader=declarer if leader is None else leader,
        trick=trick_cards, trump=t,
        trump_owner=-1 if trump_owner is None else trump_owner,
        taken=tk, rules=rules)
    st.check()
    return st


# ---------------------------------------------------------------------------------------------
# move generation for the API: ``thousand.play``'s functions (the search uses their tables)
# ---------------------------------------------------------------------------------------------

def legal_moves(state: PlayState) -> list:
    """Legal moves of the player to move: ``[(card, declare)]``."""
    seat = state.to_move
    hand = state.hands[seat]
    r = state.rules
    if state.trick:
        m = follow_mask(hand, state.trick, state.trump, r.must_beat)
        return [(c, False) for c in cards_of(m)]
    lm = lead_mask(hand, state.trump, state.trump_owner == seat, r.must_lead_trump,
                   r.no_lead_foreign_trump)
    out = [(c, False) for c in cards_of(lm)]
    if may_declare(bool(state.taken >> seat & 1), r.meld_on_first_lead):
        out += [(c, True) for c in meld_cards(hand, lm, r.ace_marriage)]
    out.sort()
    return out


def play(state: PlayState, move) -> tuple:
    """Apply a legal move: returns ``(next_state, declarer_gain)``."""
    c, dec = move
    seat = state.to_move
    if (c, bool(dec)) not in legal_moves(state):
        raise ValueError(f"illegal move {card_name(c)}{' (declare)' if dec else ''}")
    hands = list(state.hands)
    hands[seat] &= ~(1 << c)
    gain = 0
    trump, owner = state.trump, state.trump_owner
    if dec:
        if seat == state.declarer:
            gain += meld_value(c)
        declared = meld_trump(c, -1)          # -1: a declaration that names no trump
        if declared >= 0:
            trump, owner = declared, seat
    trick = state.trick + (c,)
    if len(trick) < len(hands):
        return PlayState(tuple(hands), state.declarer, state.leader, trick, trump, owner,
                         state.taken, state.rules), gain
    ws = (state.leader + winning_card(trick, trump)) % len(hands)
    if ws == state.declarer:
        gain += sum(POINTS[x] for x in trick)
    return PlayState(tuple(hands), state.declarer, ws, (), trump, owner,
                     state.taken | (1 << ws), state.rules), gain


def _max_future(state: PlayState) -> int:
    """Upper bound on the value: every remaining point plus the declarer's marriages."""
    allm = 0
    for h in state.hands:
        allm |= h
    hd = state.hands[state.declarer]
    ub = _mask_points(allm) + sum(POINTS[c] for c in state.trick)
    ub += _MARR_LO[hd & 4095] + _MARR_HI[hd >> 12]
    if state.rules.ace_marriage and hd & ACES_MASK == ACES_MASK:
        ub += ACE_MARRIAGE_VALUE
    return ub


# ---------------------------------------------------------------------------------------------
# the search
# ---------------------------------------------------------------------------------------------

class Solver:
    """Alpha-beta solver for one declarer seat and one set of rules.

    The transposition table (``self.tt``) maps a trick-boundary position to its lower and
    upper bounds and best lead, packed in one int (about 100 bytes an entry); it stays valid
    across calls for the same declarer and rules, whatever the hands, and is cleared before a
    call when it holds more than ``max_tt`` entries.  A full 8-trick exact solve typically
    stores 1,000-30,000 entries.
    ``self.nodes`` counts trick-boundary positions visited; ``self.node_limit`` (None: no
    limit) stops a search that would visit more: it raises ``SearchLimit``, and the table
    keeps only what finished searches stored, so the solver stays usable.  The limit is what
    keeps a bot's decision within its time (work per node is bounded; see ``hard.py``).
    ``self.deadline`` (a ``time.perf_counter()`` value; None: none) stops a search the same
    way once the clock passes it, read every ``CLOCK_EVERY`` nodes: the node limit is a count,
    the same on every machine, and a slow machine can still pass the time it stands for.
    """

    def __init__(self, declarer: int = 0, rules: PlayRules = DEFAULT_RULES, max_tt: int = 400_000,
                 seats: int = 3):
        self.declarer = declarer
        self.seats = seats
        self.rules = rules
        self.max_tt = max_tt
        self.tt = {}
        # how exact values are found: "bisect" (zero-window tests bisecting the open
        # interval), "mtdf" (classic MTD(f)) or "full" (one full-window search)
        self.driver = "bisect"
        self._hands = [0] * seats
        self._limits = _Limits()        # node limit, deadline, the next node count to check
        self._sure = {}
        self._search = (_make_search2 if seats == 2 else _make_search if seats == 3
                        else _make_search_many)(self)

    @property
    def nodes(self) -> int:
        return self._counter[0]

    @property
    def node_limit(self) -> int | None:
        return self._limits.node_limit

    @node_limit.setter
    def node_limit(self, n: int | None) -> None:
        self._limits.node_limit = n
        self._limits.arm(self.nodes, 0)

    @property
    def deadline(self) -> float | None:
        return self._limits.deadline

    @deadline.setter
    def deadline(self, t: float | None) -> None:
        self._limits.deadline = t
        self._limits.arm(self.nodes, 0)

    def spent(self) -> bool:
        """Would the next node stop the search (the node limit reached, the deadline past)?"""
        return self._limits.over(self.nodes + 1)

    def restart(self) -> None:
        """Count nodes from 0 again, keeping the table: a new decision that reuses what an
        earlier one searched (its limits are counted from here)."""
        self._counter[0] = 0
        self._limits.arm(0, 0)

    def clear(self) -> None:
        """Forget the transposition table (the search holds this very dict: never rebind it)."""
        self.tt.clear()
        self._sure.clear()

    def __del__(self):
        # The search closure recurses, so it and its cells are a reference cycle that only
        # Python's cyclic collector frees, and the cells hold the table: empty it now, or a
        # dropped decision's table (up to ``max_tt`` entries) lives until the collector runs.
        if "_sure" in self.__dict__:        # not a solver whose __init__ failed
            self.clear()

    # -- primitives -------------------------------------------------------------------------
    def _check(self, state):
        if state.declarer != self.declarer or state.rules != self.rules \
                or len(state.hands) != self.seats:
            raise ValueError("this Solver was made for another declarer, rules or table")
        if len(self.tt) > self.max_tt:
            self.clear()

    def _boundary(self, hands, leader, trump, owner, taken, alpha, beta):
        self._hands[:] = hands
        return self._search(leader, trump, owner, taken, alpha, beta)

    def _value(self, state, alpha, beta):
        """Fail-soft alpha-beta value of any position (trick in progress allowed)."""
        return self._within(list(state.hands), state.leader, state.trick, state.trump,
                            state.trump_owner, state.taken, alpha, beta)

    def _within(self, hands, leader, trick, trump, owner, taken, alpha, beta):
        """``_value`` on the position's parts: the follows still due in the trick in progress
        (``hands`` is changed and restored), then the trick-boundary search.  The moves, their
        order and the nodes counted are those of ``legal_moves`` and ``play`` applied one by
        one, without a position object or a legality check per move: a follow is legal by
        ``follow_mask``, the engine's rule, and declares nothing."""
        c = self._counter
        c[0] += 1                 # a position inside a trick counts as a node too
        if c[0] > self._limits.armed[0]:
            self._limits.checkpoint(c[0])
        if not trick:
            return self._boundary(hands, leader, trump, owner, taken, alpha, beta)
        n = len(hands)
        seat = (leader + len(trick)) % n
        decl = self.declarer
        maxing = seat == decl
        hand = hands[seat]
        last = len(trick) + 1 == n
        best = -INF if maxing else INF
        for card in cards_of(follow_mask(hand, trick, trump, self.rules.must_beat)):
            hands[seat] = hand & ~(1 << card)
            t = trick + (card,)
            if last:
                ws = (leader + winning_card(t, trump)) % n
                g = sum(POINTS[x] for x in t) if ws == decl else 0
                v = g + self._within(hands, ws, (), trump, owner, taken | (1 << ws),
                                     alpha - g, beta - g)
            else:
                v = self._within(hands, leader, t, trump, owner, taken, alpha, beta)
            if maxing:
                if v > best:
                    best = v
                    if best > alpha:
                        alpha = best
            else:
                if v < best:
                    best = v
                    if best < beta:
                        beta = best
            if alpha >= beta:
                break
        hands[seat] = hand
        return best

    def _mtdf(self, state, guess=None):
        """Exact value by a sequence of zero-window tests.

        Plain MTD(f) creeps one point per test when fail-soft bounds are weak (they often
        are: card points come in small steps), so the test points bisect the interval still
        open, starting from ``guess`` when given."""
        lo, hi = 0, _max_future(state)
        mode = self.driver
        if mode == "full":
            return self._value(state, -1, hi + 1)
        g = None if guess is None else min(max(guess, lo), hi)
        while lo < hi:
            if g is not None:
                beta = g + 1 if g == lo else g
                g = None if mode == "bisect" else g
            else:
                beta = (lo + hi + 1) // 2
            v = self._value(state, beta - 1, beta)
            if v < beta:
                hi = v
            else:
                lo = v
            if mode == "mtdf":
                g = v
        return lo

    # -- API --------------------------------------------------------------------------------
    def solve_value(self, state: PlayState, guess: int | None = None) -> int:
        self._check(state)
        return self._mtdf(state, guess)

    def declarer_reaches(self, state: PlayState, target: int) -> bool:
        self._check(state)
        if target <= 0:
            return True
        return self._value(state, target - 1, target) >= target

    def best_moves(self, state: PlayState, moves=None) -> list:
        """Exact value of every legal move (or of `moves`), best first for the player to move."""
        self._check(state)
        out = []
        guess = None
        for mv in legal_moves(state) if moves is None else moves:
            nxt, g = play(state, mv)
            v = g + self._mtdf(nxt, None if guess is None else guess - g)
            guess = v
            out.append((mv, v))
        maxing = state.to_move == self.declarer
        out.sort(key=lambda x: -x[1] if maxing else x[1])
        return out

    def moves_reaching(self, state: PlayState, target: int, moves=None) -> list:
        """For every legal move (or every one of `moves`): can the declarer still collect
        >= target after it?"""
        self._check(state)
        out = []
        for mv in legal_moves(state) if moves is None else moves:
            nxt, g = play(state, mv)
            t = target - g
            ok = True if t <= 0 else self._value(nxt, t - 1, t) >= t
            out.append((mv, ok))
        return out


# follow_moves' sort keys: score * 32 + card, a follow that wins for its side scored by its
# points, one that does not by how cheap it is
_WIN_KEY = tuple((100 + POINTS[c]) << 5 | c for c in range(24))
_LOSE_KEY = tuple((50 - POINTS[c] - c % 6) << 5 | c for c in range(24))


def _make_search(solver: Solver):
    """Build the recursive trick-boundary search as a closure (fast local lookups).

    ``search(leader, trump, owner, taken, alpha, beta)`` is the fail-soft alpha-beta value (the
    declarer's future points) of a position at a trick boundary whose hands are in ``H``
    (``owner``: the seat that declared the trump; ``taken``: a bit per seat that has taken a
    trick).  One call searches one whole trick: the three plies — the leader's card, the
    second hand's, the third hand's — are nested loops, and the next trick boundary recurses.
    The rules come from ``thousand.play`` through the tables built at import.
    """
    H = solver._hands
    tt = solver.tt
    decl = solver.declarer
    rules = solver.rules
    ace_flag = rules.ace_marriage
    FOLLOW, LEAD, owner_matters, RIGHT, rights_vary = _rule_tables(rules)
    PTS12, MARR_LO, MARR_HI, BEST_LO, BEST_HI = _PTS12, _MARR_LO, _MARR_HI, _BEST_LO, _BEST_HI
    MELD_LO, MELD_HI = _MELD_LO, _MELD_HI
    BEATS, NEXT, RANK, P, SM = _BEATS, _NEXT, _RANK, POINTS, SUIT_MASK
    ABOVE = _ABOVE
    DECL_VALUE, DECL_TRUMP = _DECL_VALUE, _DECL_TRUMP
    ACES = ACES_MASK
    AMV = ACE_MARRIAGE_VALUE
    first_met = _first_met
    # the lead rule restricts nothing: the declarer may lead his masters in any order
    free_leads = all(order == (FULL_MASK,) for row in LEAD for order in row)
    RANKS, RANK_POINTS = _RANKS, _RANK_POINTS
    WIN_KEY, LOSE_KEY = _WIN_KEY, _LOSE_KEY
    counter = [0]
    limit = solver._limits.armed
    checkpoint = solver._limits.checkpoint
    sure_memo = solver._sure          # sure_points by position (cleared with the table)

    def cheapest(h, k):
        """The points of the k cheapest cards of hand h (points rise with the rank)."""
        pts = 0
        for r in (0, 1, 2, 3, 4, 5):
            f = (h & RANKS[r]).bit_count()
            if f >= k:
                return pts + k * RANK_POINTS[r]
            pts += f * RANK_POINTS[r]
            k -= f
        return pts

    def sure_points(mine, b, c, trump, right):
        """Points the declarer on lead is sure of: he leads his masters (cards no defender can
        beat: above the defenders' cards of the suit, and outside the trump no more of them
        than a defender who could ruff can follow), on which the defenders drop at least
        their cheapest cards; or he leads the masters outside a marriage and then declares
        it (with the right: a trick taken before), its K and Q winning too when nobody holds
        a higher card of the suit."""
        theirs = b | c
        masters = 0
        for s in (0, 1, 2, 3):
            m = mine & SM[s]
            if not m:
                continue
            x = theirs & SM[s]
            if x:
                m = m >> x.bit_length() << x.bit_length()
                if not m:
                    continue
            if trump >= 0 and s != trump:
                n = m.bit_count()
                tm = SM[trump]
                if b & tm:
                    f = (b & SM[s]).bit_count()
                    if f < n:
                        n = f
                if c & tm:
                    f = (c & SM[s]).bit_count()
                    if f < n:
                        n = f
                while m.bit_count() > n:
                    m &= m - 1              # keep the n highest
            masters |= m
        best = 0
        if masters:
            k = masters.bit_count()
            best = PTS12[masters & 4095] + PTS12[masters >> 12] + cheapest(b, k) + cheapest(c, k)
        kq = MELD_LO[mine & 4095] | MELD_HI[mine >> 12]
        while kq:
            q = kq & -kq                    # the queen of a whole marriage, then its king
            kq ^= q | q << 1
            pair = q | q << 1
            s = (q.bit_length() - 1) // 6
            before = masters & ~pair
            k = before.bit_count()
            if not (right or k):
                continue
            x = theirs & SM[s]
            if not x or x.bit_length() <= q.bit_length():
                before |= pair              # nobody can beat the Q as a trump of its suit
            k = before.bit_count()
            v = (PTS12[before & 4095] + PTS12[before >> 12] + cheapest(b, k) + cheapest(c, k)
                 + DECL_VALUE[q.bit_length() - 1])
            if v > best:
                best = v
        return best

    def follow_moves(hand, base, brow, frow, win_card, win_seat, me, next_hand, next_seat):
        """Legal follows of ``me`` ordered best-first for its side.

        base: the led suit * 24; brow/frow: the rows of _BEATS and of the follow table for
        the trump; win_card/win_seat: the card winning so far and its seat; next_hand/next_seat:
        the player still to play (next_seat = -1 when ``me`` plays last).  A follow that wins
        the trick for its side (and the last player cannot take over) comes first, the most
        points first; then the others, the cheapest first.  Each is sorted as one int, its
        score * 32 + card (``WIN_KEY``, ``LOSE_KEY``), as the pair (score, card) would be."""
        order = frow[base + win_card]
        m = hand & order[0]
        if not m:
            m = first_met(hand, order)
        if not (m & (m - 1)):
            return (m.bit_length() - 1,)
        my_decl = me == decl
        foe_last = next_seat >= 0 and (next_seat == decl) != my_decl
        beaten = brow[win_card]
        # the trick as it stands, if ``me`` does not beat it: his side's, and does it stay so?
        held = (win_seat == decl) == my_decl
        if held and foe_last:
            f = next_hand & order[0]            # ``order``: the follow rule on win_card
            if not f:
                f = first_met(next_hand, order)
            held = not f & beaten
        scored = []
        while m:
            c = m.bit_length() - 1
            m ^= 1 << c
            if beaten >> c & 1:
                win = True
                if foe_last:
                    # can the last player take it over?
                    order = frow[base + c]
                    f = next_hand & order[0]
                    if not f:
                        f = first_met(next_hand, order)
                    if f & brow[c]:
                        win = False
            else:
                win = held
            scored.append(WIN_KEY[c] if win else LOSE_KEY[c])
        scored.sort(reverse=True)
        return [k & 31 for k in scored]

    def search(leader, trump, owner, taken, alpha, beta):
        h0 = H[0]
        h1 = H[1]
        h2 = H[2]
        lead_hand = H[leader]
        if not lead_hand:
            return 0
        allm = h0 | h1 | h2
        hd = H[decl]
        # upper bound: every card point left and the declarer's marriages
        ub = PTS12[allm & 4095] + PTS12[allm >> 12] + MARR_LO[hd & 4095] + MARR_HI[hd >> 12]
        if ace_flag and hd & ACES == ACES:
            ub += AMV
        if ub <= alpha:
            return ub
        if beta <= 0:
            return 0
        right = RIGHT[taken >> leader & 1]
        second = NEXT[leader]
        third = NEXT[second]
        second_hand = H[second]
        third_hand = H[third]
        if leader == decl:
            lb = 0
            if right:
                # lower bound: he can declare his best marriage right now
                lb = BEST_LO[lead_hand & 4095]
                x = BEST_HI[lead_hand >> 12]
                if x > lb:
                    lb = x
                if ace_flag and lead_hand & ACES == ACES:
                    lb = AMV
            if lb < beta and free_leads:
                skey = (lead_hand | (second_hand << 24) | (third_hand << 48)
                        | ((trump + 1) << 72) | (right << 75))
                x = sure_memo.get(skey)
                if x is None:
                    x = sure_memo[skey] = sure_points(lead_hand, second_hand, third_hand,
                                                      trump, right)
                if x > lb:
                    lb = x
            if lb >= beta:
                return lb
        if not (lead_hand & (lead_hand - 1)):
            # last trick: everything is forced
            c0 = lead_hand.bit_length() - 1
            c1 = second_hand.bit_length() - 1
            c2 = third_hand.bit_length() - 1
            brow = BEATS[trump + 1]
            wc, ws = c0, leader
            if brow[wc] >> c1 & 1:
                wc, ws = c1, second
            if brow[wc] >> c2 & 1:
                ws = third
            return P[c0] + P[c1] + P[c2] if ws == decl else 0
        n = counter[0] + 1
        counter[0] = n
        if n > limit[0]:
            checkpoint(n)
        # -- transposition table ----------------------------------------------------------
        # The key: the three hands, the leader, the trump, the seats that may declare a
        # marriage they hold (when the right depends on a trick taken) and, when the lead
        # rule depends on it, the trump's owner.
        rights = 0
        if rights_vary:
            for s in (0, 1, 2):
                if RIGHT[taken >> s & 1]:
                    hs = H[s]
                    if MELD_LO[hs & 4095] | MELD_HI[hs >> 12] or (ace_flag and hs & ACES == ACES):
                        rights |= 1 << s
        key = (h0 | (h1 << 24) | (h2 << 48) | (leader << 72) | ((trump + 1) << 74)
               | (rights << 77))
        if owner_matters and trump >= 0:
            key |= (owner + 1) << 80
        e = tt.get(key)
        if e is not None:
            # entry packed in one int: lower | upper << 10 | (best lead + 1) << 20
            lo = e & 1023
            hi = (e >> 10) & 1023
            best_lead = (e >> 20) - 1
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        else:
            lo, hi, best_lead = 0, ub, -1
        alpha0, beta0 = alpha, beta

        # -- lead moves (card + 32 * declare), ordered -----------------------------------------
        others = second_hand | third_hand
        order = LEAD[trump + 1][owner == leader]
        lm = lead_hand & order[0]
        if not lm:
            lm = first_met(lead_hand, order)
        ace_leads = 0
        if right and ace_flag and lead_hand & ACES == ACES:
            # declaring the ace marriage never hurts the declarer and changes nothing for the
            # defenders' search, so only the declaring lead of an ace is searched
            for c in meld_cards(lead_hand, lm, True):
                if RANK[c] == _ACE:
                    ace_leads |= 1 << c
        scored = []
        m = lm
        while m:
            c = m.bit_length() - 1
            m ^= 1 << c
            if ace_leads >> c & 1:
                mv = c + 32
                sc = 1000
            else:
                mv = c
                if not (others & ABOVE[c]):
                    sc = 300 + P[c]
                else:
                    sc = 100 - P[c] - RANK[c]
            if mv == best_lead:
                sc = 10000
            scored.append(sc << 6 | mv)     # score * 64 + move: sorts as the pair would
        if right:
            m = MELD_LO[lead_hand & 4095] | MELD_HI[lead_hand >> 12]
            while m:
                c = m.bit_length() - 1
                m ^= 1 << c
                mv = c + 32
                scored.append((10000 if mv == best_lead else 250 + DECL_VALUE[c] // 10) << 6 | mv)
        scored.sort(reverse=True)

        x = lead_hand & (lead_hand - 1)
        next_is_last = not (x & (x - 1))  # the leader holds exactly two cards
        leader_maxes = leader == decl      # who maximises at each ply: the declarer
        second_maxes = second == decl
        third_maxes = third == decl
        best0 = -INF if leader_maxes else INF
        best_mv = -1
        for mv in scored:
            mv &= 63
            c0 = mv & 31
            bonus = 0
            t = trump
            o = owner
            if mv & 32:
                if leader_maxes:
                    bonus = DECL_VALUE[c0]
                if DECL_TRUMP[c0] >= 0:
                    t = DECL_TRUMP[c0]
                    o = leader
            H[leader] = lead_hand ^ (1 << c0)
            base = _SUIT[c0] * 24
            brow = BEATS[t + 1]
            frow = FOLLOW[t + 1]
            pts0 = P[c0]
            # ---- second hand -------------------------------------------------------------
            alpha1, beta1 = alpha, beta
            best1 = -INF if second_maxes else INF
            for c1 in follow_moves(second_hand, base, brow, frow, c0, leader, second,
                                   third_hand, third):
                H[second] = second_hand ^ (1 << c1)
                if brow[c0] >> c1 & 1:
                    wc1, ws1 = c1, second
                else:
                    wc1, ws1 = c0, leader
                pts1 = pts0 + P[c1]
                # ---- third hand ----------------------------------------------------------
                alpha2, beta2 = alpha1, beta1
                best2 = -INF if third_maxes else INF
                for c2 in follow_moves(third_hand, base, brow, frow, wc1, ws1, third, 0, -1):
                    H[third] = third_hand ^ (1 << c2)
                    ws = third if brow[wc1] >> c2 & 1 else ws1
                    g = bonus + (pts1 + P[c2] if ws == decl else 0)
                    if beta2 <= g:
                        v = g  # the future is worth >= 0: enough already (fail-soft)
                    elif next_is_last:
                        # the next trick is the last one: everything is forced
                        x0 = H[ws]
                        m1 = NEXT[ws]
                        x1 = H[m1]
                        m2 = NEXT[m1]
                        x2 = H[m2]
                        x0 = x0.bit_length() - 1
                        x1 = x1.bit_length() - 1
                        x2 = x2.bit_length() - 1
                        w = ws
                        wc = x0
                        if brow[wc] >> x1 & 1:
                            wc = x1
                            w = m1
                        if brow[wc] >> x2 & 1:
                            w = m2
                        v = g + P[x0] + P[x1] + P[x2] if w == decl else g
                    else:
                        v = g + search(ws, t, o, taken | (1 << ws), alpha2 - g, beta2 - g)
                    if third_maxes:
                        if v > best2:
                            best2 = v
                            if v > alpha2:
                                alpha2 = v
                                if alpha2 >= beta2:
                                    break
                    else:
                        if v < best2:
                            best2 = v
                            if v < beta2:
                                beta2 = v
                                if alpha2 >= beta2:
                                    break
                H[third] = third_hand
                v = best2
                if second_maxes:
                    if v > best1:
                        best1 = v
                        if v > alpha1:
                            alpha1 = v
                            if alpha1 >= beta1:
                                break
                else:
                    if v < best1:
                        best1 = v
                        if v < beta1:
                            beta1 = v
                            if alpha1 >= beta1:
                                break
            H[second] = second_hand
            v = best1
            if leader_maxes:
                if v > best0:
                    best0 = v
                    best_mv = mv
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            else:
                if v < best0:
                    best0 = v
                    best_mv = mv
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
        H[leader] = lead_hand
        v = best0
        if v <= alpha0:
            if v < hi:
                hi = v
        elif v >= beta0:
            if v > lo:
                lo = v
        else:
            lo = hi = v
        tt[key] = lo | (hi << 10) | ((best_mv + 1) << 20)
        return v

    solver._counter = counter
    return search


def _make_search2(solver: Solver):
    """The two-handed search (a table of two, RULES.md §7): ``_make_search`` with two plies per
    trick — the leader's card and the follower's — the same tables of ``thousand.play`` and the
    same bounds (the leader's sure points: for the declarer a lower bound, for his opponent
    card points the declarer cannot get)."""
    H = solver._hands
    tt = solver.tt
    decl = solver.declarer
    rules = solver.rules
    ace_flag = rules.ace_marriage
    FOLLOW, LEAD, owner_matters, RIGHT, rights_vary = _rule_tables(rules)
    PTS12, MARR_LO, MARR_HI, BEST_LO, BEST_HI = _PTS12, _MARR_LO, _MARR_HI, _BEST_LO, _BEST_HI
    MELD_LO, MELD_HI = _MELD_LO, _MELD_HI
    BEATS, RANK, P, SM = _BEATS, _RANK, POINTS, SUIT_MASK
    ABOVE = _ABOVE
    DECL_VALUE, DECL_TRUMP = _DECL_VALUE, _DECL_TRUMP
    ACES = ACES_MASK
    AMV = ACE_MARRIAGE_VALUE
    first_met = _first_met
    free_leads = all(order == (FULL_MASK,) for row in LEAD for order in row)
    RANKS, RANK_POINTS = _RANKS, _RANK_POINTS
    counter = [0]
    limit = solver._limits.armed
    checkpoint = solver._limits.checkpoint
    sure_memo = solver._sure

    def cheapest(h, k):
        pts = 0
        for r in (0, 1, 2, 3, 4, 5):
            f = (h & RANKS[r]).bit_count()
            if f >= k:
                return pts + k * RANK_POINTS[r]
            pts += f * RANK_POINTS[r]
            k -= f
        return pts

    def masters_of(mine, theirs, trump):
        """The leader's cards the other hand cannot beat (outside the trump, no more than it
        can follow while it holds a trump)."""
        masters = 0
        for s in (0, 1, 2, 3):
            m = mine & SM[s]
            if not m:
                continue
            x = theirs & SM[s]
            if x:
                m = m >> x.bit_length() << x.bit_length()
                if not m:
                    continue
            if trump >= 0 and s != trump and theirs & SM[trump]:
                n = x.bit_count()
                while m.bit_count() > n:
                    m &= m - 1
            masters |= m
        return masters

    def sure_points(mine, theirs, trump, right, marriages):
        """Card points the leader is sure of (his masters and the cheapest cards dropped on
        them), and with `marriages` his best marriage declared after them (see
        ``_make_search``'s sure_points)."""
        masters = masters_of(mine, theirs, trump)
        best = 0
        if masters:
            k = masters.bit_count()
            best = PTS12[masters & 4095] + PTS12[masters >> 12] + cheapest(theirs, k)
        if not marriages:
            return best
        kq = MELD_LO[mine & 4095] | MELD_HI[mine >> 12]
        while kq:
            q = kq & -kq
            kq ^= q | q << 1
            pair = q | q << 1
            s = (q.bit_length() - 1) // 6
            before = masters & ~pair
            if not (right or before):
                continue
            x = theirs & SM[s]
            if not x or x.bit_length() <= q.bit_length():
                before |= pair
            k = before.bit_count()
            v = (PTS12[before & 4095] + PTS12[before >> 12] + cheapest(theirs, k)
                 + DECL_VALUE[q.bit_length() - 1])
            if v > best:
                best = v
        return best

    def search(leader, trump, owner, taken, alpha, beta):
        lead_hand = H[leader]
        if not lead_hand:
            return 0
        other = 1 - leader
        other_hand = H[other]
        allm = lead_hand | other_hand
        hd = H[decl]
        ub = PTS12[allm & 4095] + PTS12[allm >> 12] + MARR_LO[hd & 4095] + MARR_HI[hd >> 12]
        if ace_flag and hd & ACES == ACES:
            ub += AMV
        if ub <= alpha:
            return ub
        if beta <= 0:
            return 0
        right = RIGHT[taken >> leader & 1]
        if free_leads:
            skey = (lead_hand | (other_hand << 24) | ((trump + 1) << 48) | (right << 51)
                    | ((leader == decl) << 52))
            x = sure_memo.get(skey)
            if x is None:
                x = sure_memo[skey] = sure_points(lead_hand, other_hand, trump, right,
                                                  leader == decl)
            if leader == decl:
                if x >= beta:
                    return x
            else:
                ub -= x
                if ub <= alpha:
                    return ub
        if leader == decl and right:
            lb = BEST_LO[lead_hand & 4095]
            x = BEST_HI[lead_hand >> 12]
            if x > lb:
                lb = x
            if ace_flag and lead_hand & ACES == ACES:
                lb = AMV
            if lb >= beta:
                return lb
        if not (lead_hand & (lead_hand - 1)):
            c0 = lead_hand.bit_length() - 1
            c1 = other_hand.bit_length() - 1
            ws = other if BEATS[trump + 1][c0] >> c1 & 1 else leader
            return P[c0] + P[c1] if ws == decl else 0
        n = counter[0] + 1
        counter[0] = n
        if n > limit[0]:
            checkpoint(n)
        rights = 0
        if rights_vary:
            for s in (0, 1):
                if RIGHT[taken >> s & 1]:
                    hs = H[s]
                    if MELD_LO[hs & 4095] | MELD_HI[hs >> 12] or (ace_flag and hs & ACES == ACES):
                        rights |= 1 << s
        key = H[0] | (H[1] << 24) | (leader << 48) | ((trump + 1) << 49) | (rights << 52)
        if owner_matters and trump >= 0:
            key |= (owner + 1) << 54
        e = tt.get(key)
        if e is not None:
            lo = e & 1023
            hi = (e >> 10) & 1023
            best_lead = (e >> 20) - 1
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        else:
            lo, hi, best_lead = 0, ub, -1
        alpha0, beta0 = alpha, beta
        order = LEAD[trump + 1][owner == leader]
        lm = lead_hand & order[0]
        if not lm:
            lm = first_met(lead_hand, order)
        ace_leads = 0
        if right and ace_flag and lead_hand & ACES == ACES:
            for c in meld_cards(lead_hand, lm, True):
                if RANK[c] == _ACE:
                    ace_leads |= 1 << c
        scored = []
        m = lm
        while m:
            c = m.bit_length() - 1
            m ^= 1 << c
            if ace_leads >> c & 1:
                mv = c + 32
                sc = 1000
            else:
                mv = c
                sc = 300 + P[c] if not (other_hand & ABOVE[c]) else 100 - P[c] - RANK[c]
            if mv == best_lead:
                sc = 10000
            scored.append((sc, mv))
        if right:
            m = MELD_LO[lead_hand & 4095] | MELD_HI[lead_hand >> 12]
            while m:
                c = m.bit_length() - 1
                m ^= 1 << c
                mv = c + 32
                scored.append((10000 if mv == best_lead else 250 + DECL_VALUE[c] // 10, mv))
        scored.sort(reverse=True)
        next_is_last = not ((lead_hand & (lead_hand - 1)) & ((lead_hand & (lead_hand - 1)) - 1))
        leader_maxes = leader == decl
        other_maxes = not leader_maxes
        best0 = -INF if leader_maxes else INF
        best_mv = -1
        for _, mv in scored:
            c0 = mv & 31
            bonus = 0
            t = trump
            o = owner
            if mv & 32:
                if leader_maxes:
                    bonus = DECL_VALUE[c0]
                if DECL_TRUMP[c0] >= 0:
                    t = DECL_TRUMP[c0]
                    o = leader
            H[leader] = lead_hand ^ (1 << c0)
            brow = BEATS[t + 1]
            forder = FOLLOW[t + 1][_SUIT[c0] * 24 + c0]
            f = other_hand & forder[0]
            if not f:
                f = first_met(other_hand, forder)
            follows = []
            while f:
                c = f.bit_length() - 1
                f ^= 1 << c
                win = brow[c0] >> c & 1
                follows.append(((100 + P[c]) if win else (50 - P[c] - RANK[c]), c))
            follows.sort(reverse=True)
            a1, b1 = alpha, beta
            best1 = -INF if other_maxes else INF
            pts0 = P[c0]
            for _, c1 in follows:
                H[other] = other_hand ^ (1 << c1)
                ws = other if brow[c0] >> c1 & 1 else leader
                g = bonus + (pts0 + P[c1] if ws == decl else 0)
                if b1 <= g:
                    v = g
                elif next_is_last:
                    x0 = H[ws].bit_length() - 1
                    x1 = H[1 - ws].bit_length() - 1
                    w = 1 - ws if brow[x0] >> x1 & 1 else ws
                    v = g + P[x0] + P[x1] if w == decl else g
                else:
                    v = g + search(ws, t, o, taken | (1 << ws), a1 - g, b1 - g)
                if other_maxes:
                    if v > best1:
                        best1 = v
                        if v > a1:
                            a1 = v
                            if a1 >= b1:
                                break
                else:
                    if v < best1:
                        best1 = v
                        if v < b1:
                            b1 = v
                            if a1 >= b1:
                                break
            H[other] = other_hand
            v = best1
            if leader_maxes:
                if v > best0:
                    best0 = v
                    best_mv = mv
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            else:
                if v < best0:
                    best0 = v
                    best_mv = mv
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
        H[leader] = lead_hand
        v = best0
        if v <= alpha0:
            if v < hi:
                hi = v
        elif v >= beta0:
            if v > lo:
                lo = v
        else:
            lo = hi = v
        tt[key] = lo | (hi << 10) | ((best_mv + 1) << 20)
        return v

    solver._counter = counter
    return search


def _make_search_many(solver: Solver):
    """The search for tables where four to six seats play (RULES.md §7: 4 with all playing,
    5, 6): one trick per call as in ``_make_search``, with the followers' plies a recursion
    over the seats after the leader (``follow``) instead of nested loops; the same tables of
    ``thousand.play``, the same transposition table at trick boundaries, and the same upper
    bound (every point still out plus the declarer's marriages).  The declarer maximises, the
    defenders — every other seat — cooperate to minimise.  Hands are small there (6 cards at
    four, 4 at five and six), so it needs no sure-points bound."""
    H = solver._hands
    n_seats = solver.seats
    tt = solver.tt
    decl = solver.declarer
    rules = solver.rules
    ace_flag = rules.ace_marriage
    FOLLOW, LEAD, owner_matters, RIGHT, rights_vary = _rule_tables(rules)
    PTS12, MARR_LO, MARR_HI = _PTS12, _MARR_LO, _MARR_HI
    MELD_LO, MELD_HI = _MELD_LO, _MELD_HI
    BEATS, RANK, P, SUIT = _BEATS, _RANK, POINTS, _SUIT
    ABOVE = _ABOVE
    DECL_VALUE, DECL_TRUMP = _DECL_VALUE, _DECL_TRUMP
    ACES = ACES_MASK
    AMV = ACE_MARRIAGE_VALUE
    first_met = _first_met
    SEATS = tuple(range(n_seats))
    counter = [0]
    limit = solver._limits.armed
    checkpoint = solver._limits.checkpoint

    def follow(k, leader, led, win_card, win_seat, pts, trump, owner, taken, alpha, beta):
        """Value of the trick in progress from its k-th card on (k = 1 .. seats - 1): the
        card points `pts` already in it, `win_card` of `win_seat` winning so far."""
        seat = (leader + k) % n_seats
        hand = H[seat]
        brow = BEATS[trump + 1]
        f = first_met(hand, FOLLOW[trump + 1][led * 24 + win_card])
        moves = []
        while f:
            c = f.bit_length() - 1
            f ^= 1 << c
            wins = brow[win_card] >> c & 1
            moves.append(((100 + P[c]) if wins else (50 - P[c] - RANK[c]), c))
        moves.sort(reverse=True)
        maxing = seat == decl
        best = -INF if maxing else INF
        last = k == n_seats - 1
        for _, c in moves:
            H[seat] = hand ^ (1 << c)
            if brow[win_card] >> c & 1:
                wc, ws = c, seat
            else:
                wc, ws = win_card, win_seat
            if last:
                g = pts + P[c] if ws == decl else 0
                v = g + search(ws, trump, owner, taken | (1 << ws), alpha - g, beta - g)
            else:
                v = follow(k + 1, leader, led, wc, ws, pts + P[c], trump, owner, taken,
                           alpha, beta)
            if maxing:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            elif v < best:
                best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        H[seat] = hand
        return best

    def search(leader, trump, owner, taken, alpha, beta):
        lead_hand = H[leader]
        if not lead_hand:
            return 0
        allm = 0
        for h in H:
            allm |= h
        hd = H[decl]
        ub = PTS12[allm & 4095] + PTS12[allm >> 12] + MARR_LO[hd & 4095] + MARR_HI[hd >> 12]
        if ace_flag and hd & ACES == ACES:
            ub += AMV
        if ub <= alpha:
            return ub
        if beta <= 0:
            return 0
        n = counter[0] + 1
        counter[0] = n
        if n > limit[0]:
            checkpoint(n)
        right = RIGHT[taken >> leader & 1]
        rights = 0
        if rights_vary:
            for s in SEATS:
                if RIGHT[taken >> s & 1]:
                    hs = H[s]
                    if MELD_LO[hs & 4095] | MELD_HI[hs >> 12] or (ace_flag and hs & ACES == ACES):
                        rights |= 1 << s
        key = leader | ((trump + 1) << 3) | (rights << 6)
        if owner_matters and trump >= 0:
            key |= (owner + 1) << 12
        for s in SEATS:
            key = key << 24 | H[s]
        e = tt.get(key)
        if e is not None:
            lo = e & 1023
            hi = (e >> 10) & 1023
            best_lead = (e >> 20) - 1
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        else:
            lo, hi, best_lead = 0, ub, -1
        alpha0, beta0 = alpha, beta
        lm = first_met(lead_hand, LEAD[trump + 1][owner == leader])
        others = allm & ~lead_hand
        scored = []
        m = lm
        while m:
            c = m.bit_length() - 1
            m ^= 1 << c
            sc = 300 + P[c] if not (others & ABOVE[c]) else 100 - P[c] - RANK[c]
            scored.append((10000 if c == best_lead else sc, c))
        if right:
            for c in meld_cards(lead_hand, lm, ace_flag):
                mv = c + 32
                scored.append((10000 if mv == best_lead else 250 + DECL_VALUE[c] // 10, mv))
        scored.sort(reverse=True)
        maxing = leader == decl
        best = -INF if maxing else INF
        best_mv = -1
        for _, mv in scored:
            c0 = mv & 31
            bonus = 0
            t, o = trump, owner
            if mv & 32:
                if DECL_TRUMP[c0] >= 0:
                    t, o = DECL_TRUMP[c0], leader
                if maxing:
                    bonus = DECL_VALUE[c0]
            H[leader] = lead_hand ^ (1 << c0)
            v = bonus + follow(1, leader, SUIT[c0], c0, leader, P[c0], t, o, taken,
                               alpha - bonus, beta - bonus)
            if maxing:
                if v > best:
                    best, best_mv = v, mv
                    if v > alpha:
                        alpha = v
            elif v < best:
                best, best_mv = v, mv
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        H[leader] = lead_hand
        v = best
        if v <= alpha0:
            if v < hi:
                hi = v
        elif v >= beta0:
            if v > lo:
                lo = v
        else:
            lo = hi = v
        tt[key] = lo | (hi << 10) | ((best_mv + 1) << 20)
        return v

    solver._counter = counter
    return search


# ---------------------------------------------------------------------------------------------
# module-level convenience (a fresh Solver per call)
# ---------------------------------------------------------------------------------------------

def _solver_for(state, solver):
    return solver if solver is not None else Solver(state.declarer, state.rules,
                                                    seats=len(state.hands))


def solve_value(state: PlayState, solver: Solver | None = None) -> int:
    """Exact number of points the declarer still collects with best play on both sides."""
    return _solver_for(state, solver).solve_value(state)


def declarer_reaches(state: PlayState, target: int, solver: Solver | None = None) -> bool:
    """Can the declarer still collect at least ``target`` points (zero-window test)?"""
    return _solver_for(state, solver).declarer_reaches(state, target)


def best_moves(state: PlayState, solver: Solver | None = None) -> list:
    """``[((card, declare), value)]`` for every legal move, best first for the mover."""
    return _solver_for(state, solver).best_moves(state)


def moves_reaching(state: PlayState, target: int, solver: Solver | None = None) -> list:
    """``[((card, declare), bool)]``: can the declarer reach ``target`` after each move?"""
    return _solver_for(state, solver).moves_reaching(state, target)


# ---------------------------------------------------------------------------------------------
# benchmark
# ---------------------------------------------------------------------------------------------

def deal_for_bench(seed: int, rules: PlayRules = DEFAULT_RULES, talon: bool = False) -> PlayState:
    """A full deal for benchmarks: seat 0 declares and leads, 8 cards each, no trump, no tricks.

    ``talon=False``: the 24 cards shuffled by ``random.Random(seed)`` are dealt 8/8/8.
    ``talon=True``: a stronger declarer, closer to real play: the shuffled deck is dealt
    7/7/7 + talon 3 as in RULES.md §9, seat 0 takes the talon and gives its two cheapest cards
    outside its marriages to seats 1 and 2.
    """
    deck = list(range(24))
    random.Random(seed).shuffle(deck)
    if not talon:
        return PlayState(hands=tuple(mask_of(deck[8 * i:8 * i + 8]) for i in range(3)),
                         declarer=0, leader=0, rules=rules)
    mine = deck[0:7] + deck[21:24]
    hm = mask_of(mine)
    in_marriage = {c for c in mine if _RANK[c] in (2, 3) and hm >> (c ^ 1) & 1}
    give = sorted((c for c in mine if c not in in_marriage), key=lambda c: (POINTS[c], c))[:2]
    hands = (hm & ~mask_of(give), mask_of(deck[7:14] + give[:1]), mask_of(deck[14:21] + give[1:]))
    return PlayState(hands=hands, declarer=0, leader=0, rules=rules)


def bench_solver(n_deals: int = 20, seed: int = 1, target: int = 100,
                 rules: PlayRules = DEFAULT_RULES, talon: bool = False, out=print) -> dict:
    """Time full 8-trick open-hand searches from the first lead over seeded deals.

    For each deal (``deal_for_bench(seed + i)``: seat 0 declarer on lead, 8 cards each, no
    trump, nobody has a trick), each with a fresh Solver: a zero-window test
    ``declarer_reaches(target)``; zero-window tests at the exact value v and at v + 1 (the
    hardest thresholds); the exact value; ``best_moves`` (exact value of every first lead).
    Times are CPU seconds of this process (``time.process_time``), robust to a busy machine.
    Prints medians and maxima; returns them in a dict.
    """
    clock = time.process_time
    runs = {"zw_target": [], "zw_v": [], "zw_v1": [], "exact": [], "best_moves": []}
    vals, nodes = [], []

    def timed(name, fn):
        s = Solver(0, rules)
        t0 = clock()
        r = fn(s)
        runs[name].append(clock() - t0)
        return r, s

    for i in range(n_deals):
        st = deal_for_bench(seed + i, rules, talon)
        timed("zw_target", lambda s: s.declarer_reaches(st, target))
        v, s = timed("exact", lambda s: s.solve_value(st))
        vals.append(v)
        nodes.append(s.nodes)
        timed("zw_v", lambda s: s.declarer_reaches(st, v))
        timed("zw_v1", lambda s: s.declarer_reaches(st, v + 1))
        timed("best_moves", lambda s: s.best_moves(st))
    res = {k: {"median": statistics.median(x), "max": max(x)} for k, x in runs.items()}
    res["values"] = vals
    res["exact_nodes_median"] = statistics.median(nodes)
    labels = {
        "zw_target": f"zero-window, target {target}",
        "zw_v": "zero-window at the exact value v",
        "zw_v1": "zero-window at v + 1",
        "exact": "exact value",
        "best_moves": "best_moves (every first lead)",
    }
    kind = "7/7/7 + talon, declarer gives 2" if talon else "8/8/8"
    out(f"solver bench: {n_deals} deals ({kind}), seeds {seed}..{seed + n_deals - 1}, "
        f"8 tricks, declarer seat 0 on lead, CPU time")
    for k, label in labels.items():
        out(f"  {label:34s} median {res[k]['median'] * 1000:8.1f} ms   "
            f"max {res[k]['max'] * 1000:8.1f} ms")
    out(f"  exact value: median {res['exact_nodes_median']:.0f} trick nodes; values {vals}")
    return res


if __name__ == "__main__":  # pragma: no cover
    import sys

    argv = sys.argv[1:]
    bench_solver(n_deals=int(next((a for a in argv if a.isdigit()), 20)), talon="--talon" in argv)
