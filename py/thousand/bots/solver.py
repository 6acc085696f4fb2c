"""Open-hand (perfect-information) solver for the play phase of a 3-player deal.

Rules implemented: RULES.md §3 step 7 and the play conventions of §6.2
(``must_beat``, ``meld_on_first_lead``, ``ace_marriage``, ``no_lead_foreign_trump``,
``must_lead_trump``).

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

Interpretations where the rules text is silent:

* ``must_lead_trump`` / ``no_lead_foreign_trump`` are judged against the trump as it stands
  *after* the lead's declaration: leading K/Q while declaring is always allowed (the led card is
  then a trump of the leader's own).  An ace-marriage lead changes no trump, so its ace must be a
  card the leader may lead anyway.
* ``must_beat``: among the cards allowed by follow-suit / must-trump, if any would make the
  player the current winner of the trick, he must play one of those (any of them).

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
    MARRIAGE_VALUE,
    POINTS,
    SUIT_MASK,
    SUITS,
    cards_of,
    mask_of,
    name as card_name,
    parse_cards,
)

__all__ = [
    "PlayRules", "PlayState", "Solver", "make_state", "legal_moves", "play",
    "solve_value", "declarer_reaches", "best_moves", "moves_reaching", "bench_solver",
    "deal_for_bench",
]

# ---------------------------------------------------------------------------------------------
# tables
# ---------------------------------------------------------------------------------------------

_QUEENS = sum(1 << (s * 6 + 2) for s in range(4))
_KINGS = sum(1 << (s * 6 + 3) for s in range(4))
_NEXT = (1, 2, 0)
_SUIT = tuple(c // 6 for c in range(24))
_RANK = tuple(c % 6 for c in range(24))


def _pts12_table():
    t = [0] * 4096
    for m in range(4096):
        t[m] = sum(POINTS[c] for c in range(12) if m >> c & 1)
    return tuple(t)


def _marr12_table(first_suit):
    """Sum of marriage values of the suits (first_suit, first_suit+1) fully held in 12 bits."""
    t = [0] * 4096
    for m in range(4096):
        v = 0
        for k in range(2):
            kq = (1 << (k * 6 + 2)) | (1 << (k * 6 + 3))
            if m & kq == kq:
                v += MARRIAGE_VALUE[first_suit + k]
        t[m] = v
    return tuple(t)


_PTS12 = _pts12_table()
_MARR_LO = _marr12_table(0)
_MARR_HI = _marr12_table(2)


def _mask_points(m: int) -> int:
    return _PTS12[m & 4095] + _PTS12[m >> 12]


def _beats_table():
    """_BEATS[trump + 1][card]: mask of the cards that beat ``card`` when it is winning."""
    out = []
    for t in range(-1, 4):
        row = []
        for c in range(24):
            s = c // 6
            higher = SUIT_MASK[s] & ~((2 << c) - 1)
            if t >= 0 and s != t:
                higher |= SUIT_MASK[t]
            row.append(higher)
        out.append(tuple(row))
    return tuple(out)


_BEATS = _beats_table()
# for the lead ordering: cards of a suit above ``card``
_ABOVE = tuple(SUIT_MASK[c // 6] & ~((2 << c) - 1) for c in range(24))

INF = 10 ** 6


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

    hands      three 24-bit masks (seat 0, 1, 2), cards still held
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
        return (self.leader + len(self.trick)) % 3

    @property
    def tricks_left(self) -> int:
        """Tricks still to be completed, the one in progress included."""
        return bin(self.hands[self.leader]).count("1") + (1 if self.trick else 0)

    def check(self) -> None:
        """Raise ValueError if the position is inconsistent."""
        h = self.hands
        if len(h) != 3 or (h[0] & h[1]) or (h[0] & h[2]) or (h[1] & h[2]):
            raise ValueError("hands must be three disjoint masks")
        for c in self.trick:
            if any(x >> c & 1 for x in h):
                raise ValueError(f"{card_name(c)} is both in the trick and in a hand")
        if len(self.trick) > 2:
            raise ValueError("a trick in progress holds at most 2 cards")
        n = self.tricks_left
        for k in range(3):
            want = n - 1 if k < len(self.trick) else n
            if bin(h[(self.leader + k) % 3]).count("1") != want:
                raise ValueError("hand sizes do not match the trick in progress")

    def describe(self) -> str:
        def hand(m):
            return " ".join(card_name(c) for c in sorted(cards_of(m), key=lambda c: (c // 6, -c)))
        parts = [f"{s}{'*' if s == self.declarer else ''}: {hand(self.hands[s])}" for s in range(3)]
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
# move generation for the API (the search inlines the same logic)
# ---------------------------------------------------------------------------------------------

def _lead_mask(hand, seat, trump, owner, rules):
    """Cards that may be led without a declaration."""
    if trump >= 0:
        tm = hand & SUIT_MASK[trump]
        if tm:
            if rules.must_lead_trump:
                return tm
            if rules.no_lead_foreign_trump and owner != seat and hand != tm:
                return hand & ~tm
    return hand


def _follow_mask(hand, led_suit, trump, win_card, must_beat):
    m = hand & SUIT_MASK[led_suit]
    if not m:
        m = hand & SUIT_MASK[trump] if trump >= 0 else 0
        if not m:
            m = hand
    if must_beat:
        b = m & _BEATS[trump + 1][win_card]
        if b:
            return b
    return m


def _winner(trick, leader, trump):
    """(winning card, winning seat) of the cards played so far."""
    wc, ws = trick[0], leader
    for k in range(1, len(trick)):
        c = trick[k]
        if _BEATS[trump + 1][wc] >> c & 1:
            wc, ws = c, (leader + k) % 3
    return wc, ws


def legal_moves(state: PlayState) -> list:
    """Legal moves of the player to move: ``[(card, declare)]``."""
    seat = state.to_move
    hand = state.hands[seat]
    r = state.rules
    out = []
    if not state.trick:
        lm = _lead_mask(hand, seat, state.trump, state.trump_owner, r)
        right = r.meld_on_first_lead or (state.taken >> seat & 1)
        for c in cards_of(lm):
            out.append((c, False))
        if right:
            for s in range(4):
                kq = (1 << (s * 6 + 2)) | (1 << (s * 6 + 3))
                if hand & kq == kq:
                    out.append((s * 6 + 2, True))
                    out.append((s * 6 + 3, True))
            if r.ace_marriage and hand & ACES_MASK == ACES_MASK:
                for c in cards_of(lm & ACES_MASK):
                    out.append((c, True))
    else:
        wc, _ = _winner(state.trick, state.leader, state.trump)
        m = _follow_mask(hand, _SUIT[state.trick[0]], state.trump, wc, r.must_beat)
        out = [(c, False) for c in cards_of(m)]
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
        if _RANK[c] == 5:  # ace marriage
            if seat == state.declarer:
                gain += ACE_MARRIAGE_VALUE
        else:
            trump, owner = _SUIT[c], seat
            if seat == state.declarer:
                gain += MARRIAGE_VALUE[_SUIT[c]]
    trick = state.trick + (c,)
    if len(trick) < 3:
        return PlayState(tuple(hands), state.declarer, state.leader, trick, trump, owner,
                         state.taken, state.rules), gain
    _, ws = _winner(trick, state.leader, trump)
    if ws == state.declarer:
        gain += sum(POINTS[x] for x in trick)
    return PlayState(tuple(hands), state.declarer, ws, (), trump, owner,
                     state.taken | (1 << ws), state.rules), gain


def _max_future(state: PlayState) -> int:
    """Upper bound on the value: every remaining point plus the declarer's marriages."""
    allm = state.hands[0] | state.hands[1] | state.hands[2]
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
    ``self.nodes`` counts trick-boundary positions visited (for benchmarks).
    """

    def __init__(self, declarer: int = 0, rules: PlayRules = DEFAULT_RULES, max_tt: int = 400_000):
        self.declarer = declarer
        self.rules = rules
        self.max_tt = max_tt
        self.tt = {}
        # how exact values are found: "bisect" (zero-window tests bisecting the open
        # interval), "mtdf" (classic MTD(f)) or "full" (one full-window search)
        self.driver = "bisect"
        self._hands = [0, 0, 0]
        self._search = _make_search(self)

    @property
    def nodes(self) -> int:
        return self._counter[0]

    def clear(self) -> None:
        """Forget the transposition table (the search holds this very dict: never rebind it)."""
        self.tt.clear()

    # -- primitives -------------------------------------------------------------------------
    def _check(self, state):
        if state.declarer != self.declarer or state.rules != self.rules:
            raise ValueError("this Solver was made for another declarer or rules")
        if len(self.tt) > self.max_tt:
            self.tt.clear()

    def _boundary(self, hands, leader, trump, owner, taken, alpha, beta):
        H = self._hands
        H[0], H[1], H[2] = hands
        return self._search(leader, trump, owner, taken, alpha, beta)

    def _value(self, state, alpha, beta):
        """Fail-soft alpha-beta value of any position (trick in progress allowed)."""
        if not state.trick:
            return self._boundary(state.hands, state.leader, state.trump, state.trump_owner,
                                  state.taken, alpha, beta)
        maxing = state.to_move == self.declarer
        best = -INF if maxing else INF
        for mv in legal_moves(state):
            nxt, g = play(state, mv)
            v = g + self._value(nxt, alpha - g, beta - g)
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

    def best_moves(self, state: PlayState) -> list:
        """Exact value of every legal move, best first for the player to move."""
        self._check(state)
        out = []
        guess = None
        for mv in legal_moves(state):
            nxt, g = play(state, mv)
            v = g + self._mtdf(nxt, None if guess is None else guess - g)
            guess = v
            out.append((mv, v))
        maxing = state.to_move == self.declarer
        out.sort(key=lambda x: -x[1] if maxing else x[1])
        return out

    def moves_reaching(self, state: PlayState, target: int) -> list:
        """For every legal move: can the declarer still collect >= target after it?"""
        self._check(state)
        out = []
        for mv in legal_moves(state):
            nxt, g = play(state, mv)
            t = target - g
            ok = True if t <= 0 else self._value(nxt, t - 1, t) >= t
            out.append((mv, ok))
        return out


def _make_search(solver: Solver):
    """Build the recursive trick-boundary search as a closure (fast local lookups)."""
    H = solver._hands
    tt = solver.tt
    decl = solver.declarer
    rules = solver.rules
    must_beat = rules.must_beat
    meld_first = rules.meld_on_first_lead
    ace_flag = rules.ace_marriage
    nlft = rules.no_lead_foreign_trump
    mlt = rules.must_lead_trump
    PTS12, MARR_LO, MARR_HI = _PTS12, _MARR_LO, _MARR_HI
    BEATS, SM, NEXT, SUIT, RANK, P = _BEATS, SUIT_MASK, _NEXT, _SUIT, _RANK, POINTS
    ABOVE = _ABOVE
    MV = MARRIAGE_VALUE
    QUEENS = _QUEENS
    ACES = ACES_MASK
    AMV = ACE_MARRIAGE_VALUE
    counter = [0]

    def follow_order(hand, ls, t, wc, ws, me, nxt_hand, nxt_seat):
        """Legal follows of ``me`` ordered best-first for its side.

        wc/ws: winning card and seat so far; nxt_hand/nxt_seat: the player still to play
        (nxt_seat = -1 when ``me`` plays last)."""
        m = hand & SM[ls]
        if not m:
            if t >= 0:
                m = hand & SM[t]
            if not m:
                m = hand
        brow = BEATS[t + 1]
        if must_beat:
            b = m & brow[wc]
            if b:
                m = b
        if not (m & (m - 1)):
            return (m.bit_length() - 1,)
        my_decl = me == decl
        scored = []
        while m:
            c = m.bit_length() - 1
            m ^= 1 << c
            if brow[wc] >> c & 1:
                w, wcard = me, c
            else:
                w, wcard = ws, wc
            win = (w == decl) == my_decl
            if win and nxt_seat >= 0 and (nxt_seat == decl) != my_decl:
                # can the last player take it over?
                f = nxt_hand & SM[ls]
                if not f:
                    if t >= 0:
                        f = nxt_hand & SM[t]
                    if not f:
                        f = nxt_hand
                if f & brow[wcard]:
                    win = False
            scored.append(((100 + P[c]) if win else (50 - P[c] - RANK[c]), c))
        scored.sort(reverse=True)
        return [c for _, c in scored]

    def search(leader, trump, owner, taken, alpha, beta):
        h0 = H[0]
        h1 = H[1]
        h2 = H[2]
        A = H[leader]
        if not A:
            return 0
        allm = h0 | h1 | h2
        hd = H[decl]
        ub = PTS12[allm & 4095] + PTS12[allm >> 12]
        marr = MARR_LO[hd & 4095] + MARR_HI[hd >> 12]
        ub += marr
        if ace_flag and hd & ACES == ACES:
            ub += AMV
        if ub <= alpha:
            return ub
        if beta <= 0:
            return 0
        if leader == decl and (meld_first or taken >> decl & 1):
            # lower bound: he can declare his best marriage right now
            kq = (A >> 1) & A & QUEENS
            lb = MV[SUIT[kq.bit_length() - 1]] if kq else 0
            if ace_flag and A & ACES == ACES:
                lb = AMV
            if lb >= beta:
                return lb
        p1 = NEXT[leader]
        p2 = NEXT[p1]
        B = H[p1]
        C = H[p2]
        if not (A & (A - 1)):
            # last trick: everything is forced
            c0 = A.bit_length() - 1
            c1 = B.bit_length() - 1
            c2 = C.bit_length() - 1
            brow = BEATS[trump + 1]
            wc, ws = c0, leader
            if brow[wc] >> c1 & 1:
                wc, ws = c1, p1
            if brow[wc] >> c2 & 1:
                ws = p2
            return P[c0] + P[c1] + P[c2] if ws == decl else 0
        counter[0] += 1
        # -- transposition table ----------------------------------------------------------
        if meld_first:
            rk = 0
        else:
            rk = 0
            for s in (0, 1, 2):
                if taken >> s & 1:
                    hs = H[s]
                    if (hs >> 1) & hs & QUEENS or (ace_flag and hs & ACES == ACES):
                        rk |= 1 << s
        key = h0 | (h1 << 24) | (h2 << 48) | (leader << 72) | ((trump + 1) << 74) | (rk << 77)
        if nlft and trump >= 0:
            key |= (owner + 1) << 80
        e = tt.get(key)
        if e is not None:
            # entry packed in one int: lower | upper << 10 | (best lead + 1) << 20
            lo = e & 1023
            hi = (e >> 10) & 1023
            bm = (e >> 20) - 1
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        else:
            lo, hi, bm = 0, ub, -1
        a0, b0 = alpha, beta

        # -- lead moves (card + 32 * declare) -----------------------------------------------
        others = B | C
        lead_decl = leader == decl
        lm = A
        if trump >= 0:
            tm = A & SM[trump]
            if tm:
                if mlt:
                    lm = tm
                elif nlft and owner != leader and A != tm:
                    lm = A ^ tm
        right = meld_first or (taken >> leader & 1)
        scored = []
        aces_decl = right and ace_flag and A & ACES == ACES
        m = lm
        while m:
            c = m.bit_length() - 1
            m ^= 1 << c
            if aces_decl and RANK[c] == 5:
                # declaring the ace marriage never hurts the declarer and changes nothing
                # for the defenders' search, so only the declaring lead is searched
                mv = c + 32
                sc = 1000
            else:
                mv = c
                if not (others & ABOVE[c]):
                    sc = 300 + P[c]
                else:
                    sc = 100 - P[c] - RANK[c]
            if mv == bm:
                sc = 10000
            scored.append((sc, mv))
        if right:
            kq = (A >> 1) & A & QUEENS
            while kq:
                q = kq.bit_length() - 1
                kq ^= 1 << q
                v = MV[SUIT[q]]
                for mv in (q + 32, q + 33):
                    scored.append((10000 if mv == bm else 250 + v // 10, mv))
        scored.sort(reverse=True)

        x = A & (A - 1)
        last_next = not (x & (x - 1))  # A holds exactly two cards
        max0 = lead_decl
        max1 = p1 == decl
        max2 = p2 == decl
        best0 = -INF if max0 else INF
        bestmv = -1
        for _, mv in scored:
            c0 = mv & 31
            bonus = 0
            t = trump
            o = owner
            if mv & 32:
                if RANK[c0] == 5:
                    if lead_decl:
                        bonus = AMV
                else:
                    t = SUIT[c0]
                    o = leader
                    if lead_decl:
                        bonus = MV[t]
            H[leader] = A ^ (1 << c0)
            ls = SUIT[c0]
            brow = BEATS[t + 1]
            pts0 = P[c0]
            # ---- second player -------------------------------------------------------------
            a1, b1 = alpha, beta
            best1 = -INF if max1 else INF
            for c1 in follow_order(B, ls, t, c0, leader, p1, C, p2):
                H[p1] = B ^ (1 << c1)
                if brow[c0] >> c1 & 1:
                    wc1, ws1 = c1, p1
                else:
                    wc1, ws1 = c0, leader
                pts1 = pts0 + P[c1]
                # ---- third player ----------------------------------------------------------
                a2, b2 = a1, b1
                best2 = -INF if max2 else INF
                for c2 in follow_order(C, ls, t, wc1, ws1, p2, 0, -1):
                    H[p2] = C ^ (1 << c2)
                    ws = p2 if brow[wc1] >> c2 & 1 else ws1
                    g = bonus + (pts1 + P[c2] if ws == decl else 0)
                    if b2 <= g:
                        v = g  # the future is worth >= 0: enough already (fail-soft)
                    elif last_next:
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
                        v = g + search(ws, t, o, taken | (1 << ws), a2 - g, b2 - g)
                    if max2:
                        if v > best2:
                            best2 = v
                            if v > a2:
                                a2 = v
                                if a2 >= b2:
                                    break
                    else:
                        if v < best2:
                            best2 = v
                            if v < b2:
                                b2 = v
                                if a2 >= b2:
                                    break
                H[p2] = C
                v = best2
                if max1:
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
            H[p1] = B
            v = best1
            if max0:
                if v > best0:
                    best0 = v
                    bestmv = mv
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            else:
                if v < best0:
                    best0 = v
                    bestmv = mv
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
        H[leader] = A
        v = best0
        if v <= a0:
            if v < hi:
                hi = v
        elif v >= b0:
            if v > lo:
                lo = v
        else:
            lo = hi = v
        tt[key] = lo | (hi << 10) | ((bestmv + 1) << 20)
        return v

    solver._counter = counter
    return search


# ---------------------------------------------------------------------------------------------
# module-level convenience (a fresh Solver per call)
# ---------------------------------------------------------------------------------------------

def _solver_for(state, solver):
    return solver if solver is not None else Solver(state.declarer, state.rules)


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
