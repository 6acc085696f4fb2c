"""Tests of the open-hand play solver (thousand.bots.solver).

The reference is a plain minimax written independently from the solver: positions as lists
of card sets, the rules of RULES.md §3.7 / §6.2 spelled out move by move, no pruning, no table.
"""
from __future__ import annotations

import random

import pytest

from thousand.cards import (
    ACE_MARRIAGE_VALUE,
    MARRIAGE_VALUE,
    POINTS,
    card,
    cards_of,
    mask_of,
    rank_of,
    suit_of,
)
from thousand.bots.solver import (
    PlayRules,
    PlayState,
    Solver,
    best_moves,
    declarer_reaches,
    deal_for_bench,
    legal_moves,
    make_state,
    moves_reaching,
    play,
    solve_value,
)

QUEEN, KING, ACE = 2, 3, 5

# ---------------------------------------------------------------------------------------------
# brute-force reference
# ---------------------------------------------------------------------------------------------


class Pos:
    """A readable position: hands are sets of card ints; trick is a list of (seat, card)."""

    def __init__(self, hands, declarer, leader, trick, trump, owner, taken, rules):
        self.hands = [set(h) for h in hands]
        self.declarer = declarer
        self.leader = leader
        self.trick = list(trick)
        self.trump = trump  # None or suit
        self.owner = owner
        self.taken = set(taken)
        self.rules = rules

    @classmethod
    def from_state(cls, st: PlayState) -> "Pos":
        trick = [((st.leader + i) % 3, c) for i, c in enumerate(st.trick)]
        return cls([cards_of(h) for h in st.hands], st.declarer, st.leader, trick,
                   None if st.trump < 0 else st.trump,
                   None if st.trump_owner < 0 else st.trump_owner,
                   [s for s in range(3) if st.taken >> s & 1], st.rules)

    def to_state(self) -> PlayState:
        return PlayState(
            hands=tuple(mask_of(h) for h in self.hands), declarer=self.declarer,
            leader=self.leader, trick=tuple(c for _, c in self.trick),
            trump=-1 if self.trump is None else self.trump,
            trump_owner=-1 if self.owner is None else self.owner,
            taken=sum(1 << s for s in self.taken), rules=self.rules)

    def copy(self) -> "Pos":
        p = Pos(self.hands, self.declarer, self.leader, self.trick, self.trump, self.owner,
                self.taken, self.rules)
        return p

    def seat_to_move(self) -> int:
        return (self.leader + len(self.trick)) % 3


def trick_winner(trick, trump):
    """Seat that wins the (partial) trick: highest trump, else highest card of the led suit."""
    led = suit_of(trick[0][1])
    trumps = [(rank_of(c), s) for s, c in trick if trump is not None and suit_of(c) == trump]
    if trumps:
        return max(trumps)[1]
    return max((rank_of(c), s) for s, c in trick if suit_of(c) == led)[1]


def ref_moves(pos: Pos):
    seat = pos.seat_to_move()
    hand = pos.hands[seat]
    r = pos.rules
    moves = []
    if not pos.trick:
        trumps = {c for c in hand if pos.trump is not None and suit_of(c) == pos.trump}

        def plain_lead_ok(c):
            if trumps and r.must_lead_trump and c not in trumps:
                return False
            if (trumps and r.no_lead_foreign_trump and pos.owner != seat
                    and len(trumps) < len(hand) and c in trumps):
                return False
            return True

        has_right = r.meld_on_first_lead or seat in pos.taken
        for c in hand:
            if plain_lead_ok(c):
                moves.append((c, False))
            if has_right and rank_of(c) in (QUEEN, KING):
                other = suit_of(c) * 6 + (KING if rank_of(c) == QUEEN else QUEEN)
                if other in hand:
                    moves.append((c, True))  # the new trump is his own: always allowed
            if (has_right and r.ace_marriage and rank_of(c) == ACE and plain_lead_ok(c)
                    and sum(1 for x in hand if rank_of(x) == ACE) == 4):
                moves.append((c, True))
    else:
        led = suit_of(pos.trick[0][1])
        allowed = [c for c in hand if suit_of(c) == led]
        if not allowed and pos.trump is not None:
            allowed = [c for c in hand if suit_of(c) == pos.trump]
        if not allowed:
            allowed = list(hand)
        if r.must_beat:
            beating = [c for c in allowed
                       if trick_winner(pos.trick + [(seat, c)], pos.trump) == seat]
            if beating:
                allowed = beating
        moves = [(c, False) for c in allowed]
    return sorted(moves)


def ref_play(pos: Pos, move):
    """Return (new position, points credited to the declarer by this move)."""
    c, declare = move
    seat = pos.seat_to_move()
    p = pos.copy()
    p.hands[seat].remove(c)
    gain = 0
    if declare:
        if rank_of(c) == ACE:
            if seat == p.declarer:
                gain += ACE_MARRIAGE_VALUE
        else:
            p.trump = suit_of(c)
            p.owner = seat
            if seat == p.declarer:
                gain += MARRIAGE_VALUE[suit_of(c)]
    p.trick.append((seat, c))
    if len(p.trick) == 3:
        w = trick_winner(p.trick, p.trump)
        if w == p.declarer:
            gain += sum(POINTS[x] for _, x in p.trick)
        p.taken.add(w)
        p.leader = w
        p.trick = []
    return p, gain


def ref_value(pos: Pos, memo: dict | None = None) -> int:
    """Plain minimax.  ``memo`` (optional) caches values by the whole position."""
    if not pos.trick and not pos.hands[pos.leader]:
        return 0
    if memo is not None:
        key = (tuple(frozenset(h) for h in pos.hands), pos.leader, tuple(pos.trick),
               pos.trump, pos.owner, frozenset(pos.taken))
        if key in memo:
            return memo[key]
    vals = []
    for mv in ref_moves(pos):
        nxt, gain = ref_play(pos, mv)
        vals.append(gain + ref_value(nxt, memo))
    v = max(vals) if pos.seat_to_move() == pos.declarer else min(vals)
    if memo is not None:
        memo[key] = v
    return v


def ref_move_values(pos: Pos):
    out = {}
    for mv in ref_moves(pos):
        nxt, gain = ref_play(pos, mv)
        out[mv] = gain + ref_value(nxt)
    return out


# ---------------------------------------------------------------------------------------------
# random endgames
# ---------------------------------------------------------------------------------------------

RULE_SETS = [
    PlayRules(),
    PlayRules(must_beat=True),
    PlayRules(meld_on_first_lead=True),
    PlayRules(ace_marriage=True),
    PlayRules(no_lead_foreign_trump=True),
    PlayRules(must_lead_trump=True),
    PlayRules(must_beat=True, meld_on_first_lead=True, ace_marriage=True,
              no_lead_foreign_trump=True),
    PlayRules(must_beat=True, ace_marriage=True, must_lead_trump=True),
]


def random_endgame(rng: random.Random, rules: PlayRules, n: int) -> Pos:
    """n tricks left; random trump, owner, rights, declarer, leader; 0-2 cards already led.

    The trump suit, if any, has lost its K or Q (it was declared).  Marriages are made common
    so that declarations happen often; sometimes one hand gets all four aces."""
    deck = list(range(24))
    trump = rng.choice([None, None, 0, 1, 2, 3])
    if trump is not None:
        deck.remove(trump * 6 + rng.choice([QUEEN, KING]))
    hands = [[], [], []]
    if rules.ace_marriage and n >= 4 and rng.random() < 0.5:
        aces = [s * 6 + ACE for s in range(4)]
        hands[rng.randrange(3)].extend(aces)
        for a in aces:
            deck.remove(a)
    # sometimes plant a marriage
    for _ in range(rng.randrange(3)):
        s = rng.randrange(4)
        seat = rng.randrange(3)
        kq = [s * 6 + QUEEN, s * 6 + KING]
        if all(x in deck for x in kq) and len(hands[seat]) <= n - 2:
            hands[seat].extend(kq)
            for x in kq:
                deck.remove(x)
    rng.shuffle(deck)
    for seat in range(3):
        while len(hands[seat]) < n:
            hands[seat].append(deck.pop())
    taken = [s for s in range(3) if rng.random() < 0.6]
    declarer = rng.randrange(3)
    if rng.random() < 0.6:  # often the strongest hand declares: fewer zero values
        declarer = max(range(3), key=lambda s: sum(rank_of(c) ** 2 for c in hands[s]))
    pos = Pos(hands, declarer, rng.randrange(3), [], trump,
              None if trump is None else rng.randrange(3), taken, rules)
    for _ in range(rng.choice([0, 0, 1, 2])):
        pos, _ = ref_play(pos, rng.choice(ref_moves(pos)))
    return pos


def _endgames(seed, count, sizes):
    rng = random.Random(seed)
    out = []
    for i in range(count):
        rules = RULE_SETS[i % len(RULE_SETS)]
        out.append(random_endgame(rng, rules, rng.choice(sizes)))
    return out


# ---------------------------------------------------------------------------------------------
# solver == brute force
# ---------------------------------------------------------------------------------------------


def test_legal_moves_match_reference():
    for pos in _endgames(11, 400, (1, 2, 3, 4, 5, 6)):
        st = pos.to_state()
        assert legal_moves(st) == ref_moves(pos), st.describe()
        for mv in legal_moves(st):
            nxt, g = play(st, mv)
            rnxt, rg = ref_play(pos, mv)
            assert g == rg and nxt == rnxt.to_state()


@pytest.mark.parametrize("seed", range(4))
def test_value_matches_brute_force(seed):
    solvers = {}
    for pos in _endgames(100 + seed, 250, (1, 2, 3, 3, 4, 4)):
        st = pos.to_state()
        want = ref_value(pos)
        # a fresh solver, and one shared by every position with the same declarer and rules
        # (checks that the transposition-table key captures the whole position)
        assert solve_value(st) == want, st.describe()
        shared = solvers.setdefault((st.declarer, st.rules), Solver(st.declarer, st.rules))
        assert shared.solve_value(st) == want, st.describe()
        for t in {want - 1, want, want + 1, want + 7, 0, 60}:
            assert shared.declarer_reaches(st, t) == (want >= t), (st.describe(), t)


def test_shared_table_sees_owner_rights_and_trump():
    """One Solver over positions that differ only in trump owner, rights or trump suit."""
    rng = random.Random(21)
    for rules in (PlayRules(no_lead_foreign_trump=True), PlayRules(), PlayRules(must_beat=True),
                  PlayRules(ace_marriage=True, must_lead_trump=True)):
        for pos in [random_endgame(rng, rules, rng.choice((3, 4))) for _ in range(4)]:
            solver = Solver(pos.declarer, rules)
            for trump in (None, 0, 3):
                for owner in (0, 1, 2):
                    for taken in ((), (0,), (1, 2), (0, 1, 2)):
                        p = pos.copy()
                        p.trump = trump
                        p.owner = None if trump is None else owner
                        p.taken = set(taken)
                        st = p.to_state()
                        assert solver.solve_value(st) == ref_value(p, {}), st.describe()


def test_move_values_match_brute_force():
    for pos in _endgames(7, 300, (2, 3, 4)):
        st = pos.to_state()
        ref = ref_move_values(pos)
        got = best_moves(st)
        assert {mv: v for mv, v in got} == ref, st.describe()
        vals = [v for _, v in got]
        if st.to_move == st.declarer:
            assert vals == sorted(vals, reverse=True)
        else:
            assert vals == sorted(vals)
        t = sorted(ref.values())[len(ref) // 2]
        assert dict(moves_reaching(st, t)) == {mv: v >= t for mv, v in ref.items()}


def test_ace_marriage_endgames():
    """Five tricks left, one hand holding all four aces (ace_marriage on)."""
    rng = random.Random(5)
    rules_list = [PlayRules(ace_marriage=True),
                  PlayRules(ace_marriage=True, must_beat=True, must_lead_trump=True),
                  PlayRules(ace_marriage=True, meld_on_first_lead=True, no_lead_foreign_trump=True)]
    seen_declare = 0
    values = []
    for i in range(30):
        rules = rules_list[i % 3]
        deck = [c for c in range(24) if rank_of(c) != ACE]
        rng.shuffle(deck)
        holder = rng.randrange(3)
        hands = [deck[0:5], deck[5:10], deck[10:15]]
        hands[holder] = [s * 6 + ACE for s in range(4)] + deck[15:16]
        trump = rng.choice([None, 1, 3])
        declarer = holder if i % 3 else rng.randrange(3)
        pos = Pos(hands, declarer, holder if i % 2 else rng.randrange(3), [], trump,
                  None if trump is None else rng.randrange(3),
                  [s for s in range(3) if rng.random() < 0.7], rules)
        st = pos.to_state()
        seen_declare += any(d and rank_of(c) == ACE for c, d in legal_moves(st))
        assert solve_value(st) == ref_value(pos, {}), st.describe()
        if i % 4 == 1:  # one table across the rights of the ace holder
            solver = Solver(pos.declarer, rules)
            for taken in ((), (holder,), (0, 1, 2)):
                p = pos.copy()
                p.taken = set(taken)
                assert solver.solve_value(p.to_state()) == ref_value(p, {}), p.to_state().describe()
        values.append(ref_value(pos, {}))
    assert seen_declare >= 5
    assert sum(v >= 200 for v in values) >= 5  # the declarer did declare the ace marriage


def test_no_lead_foreign_trump_after_declarations():
    """Declarations inside the search change the trump's owner (no_lead_foreign_trump)."""
    rng = random.Random(77)
    rules = PlayRules(no_lead_foreign_trump=True)
    for _ in range(80):
        pos = random_endgame(rng, rules, 4)
        pos.taken = {0, 1, 2}
        assert solve_value(pos.to_state()) == ref_value(pos), pos.to_state().describe()


# ---------------------------------------------------------------------------------------------
# hand-made examples
# ---------------------------------------------------------------------------------------------


def test_no_declaration_without_a_trick_values():
    # declarer leads KH (wins 4 + 0 + 0), then QH (wins 3 + 2 + 2): 11 points, no marriage
    st = make_state(["KH QH", "9S JS", "9C JC"], declarer=0)
    assert solve_value(st) == 4 + 3 + 0 + 2 + 0 + 2
    # with a trick already taken he declares hearts: +100
    st2 = make_state(["KH QH", "9S JS", "9C JC"], declarer=0, taken=[0])
    assert (card("KH"), True) in legal_moves(st2)
    assert solve_value(st2) == 100 + 11
    # meld_on_first_lead lifts the requirement
    st3 = make_state(["KH QH", "9S JS", "9C JC"], declarer=0, meld_on_first_lead=True)
    assert solve_value(st3) == 111
    # a marriage card played while following declares nothing
    st4 = make_state(["9S JS", "KH QH", "9C JC"], declarer=1, leader=0, taken=[0, 1, 2])
    assert all(not d for _, d in legal_moves(play(st4, (card("9S"), False))[0]))


def test_perehval_second_marriage_replaces_trump():
    # spades are trump (declared by seat 1).  Declarer (seat 0) leads and declares hearts:
    # hearts become trump, so his AH/TH/.. beat seat 1's spades afterwards.
    st = make_state(["KH QH AD", "AS TS 9D", "AC TC JD"], declarer=0, trump="S",
                    trump_owner=1, taken=[0, 1])
    vals = dict(best_moves(st))
    # declaring hearts: KH and QH are the only trumps left and AD the top diamond, so the
    # declarer takes all three tricks: 100 + every card (62)
    assert vals[(card("KH"), True)] == vals[(card("QH"), True)] == 162
    # not declaring: spades stay trump; seat 1 ruffs everything it can
    assert vals[(card("KH"), False)] < vals[(card("KH"), True)] - 100
    assert solve_value(st) == 162


def test_later_declaration_by_a_defender_replaces_trump():
    # Hearts trump (declarer's).  Seat 1 wins the trick with AD and then declares spades.
    st = make_state(["9D TH 9H", "AD KS QS", "JD 9C AC"], declarer=0, leader=1,
                    taken=[0, 1, 2], trump="H", trump_owner=0)
    vals = dict(best_moves(st))
    assert (card("KS"), True) in vals and (card("QS"), True) in vals
    assert vals == ref_move_values(Pos.from_state(st))


def test_declaration_makes_the_declarer_owner_of_the_trump():
    # seat 2 declares hearts over seat 1's diamonds; under no_lead_foreign_trump seat 1
    # (declarer) may then no longer lead his hearts while he holds a diamond
    st = make_state(["TC JH 9H", "KD AH TH", "JC KH QH"], declarer=1, leader=2, trump="D",
                    trump_owner=1, taken=[0, 1, 2], no_lead_foreign_trump=True)
    assert solve_value(st) == ref_value(Pos.from_state(st)) == 36
    assert dict(best_moves(st)) == ref_move_values(Pos.from_state(st))
    nxt, _ = play(st, (card("KH"), True))
    assert (nxt.trump, nxt.trump_owner) == (3, 2)


def test_ace_marriage():
    hands = ["AS AC AD AH", "9S 9C 9D 9H", "JS JC JD JH"]
    st = make_state(hands, declarer=0, taken=[0], ace_marriage=True)
    moves = legal_moves(st)
    assert (card("AS"), True) in moves and (card("AS"), False) in moves
    # 200 + every card: 44 + 8
    assert solve_value(st) == 200 + 44 + 8
    # without the convention, or without the right: no 200
    assert solve_value(make_state(hands, declarer=0, taken=[0])) == 52
    assert solve_value(make_state(hands, declarer=0, ace_marriage=True)) == 52
    # the trump is unchanged by the ace marriage
    nxt, g = play(st, (card("AH"), True))
    assert g == 200 and nxt.trump == -1


def test_must_beat():
    # seat 1 may play 9S or AS under TS; with must_beat only AS
    st = make_state(["9C", "9S AS", "JS KC"], declarer=0, trick=["TS"])
    assert legal_moves(st) == [(card("9S"), False), (card("AS"), False)]
    stb = make_state(["9C", "9S AS", "JS KC"], declarer=0, trick=["TS"], must_beat=True)
    assert legal_moves(stb) == [(card("AS"), False)]
    assert solve_value(stb) == ref_value(Pos.from_state(stb))
    # must_beat with trumps: seat 2, void in spades, must ruff, and must overruff QH
    hands = ["AS 9C", "QH TC", "9H AH"]
    for must_beat, want in ((False, ["9H", "AH"]), (True, ["AH"])):
        st2 = make_state(hands, declarer=0, trump="H", trump_owner=1, must_beat=must_beat)
        nxt, _ = play(st2, (card("AS"), False))
        nxt, _ = play(nxt, (card("QH"), False))
        assert legal_moves(nxt) == [(card(c), False) for c in want]
    # a player who cannot win plays anything allowed
    st3 = make_state(["AS 9C", "QH TC", "9H JC"], declarer=0, trump="H", trump_owner=1,
                     must_beat=True)
    nxt, _ = play(play(st3, (card("AS"), False))[0], (card("QH"), False))
    assert legal_moves(nxt) == [(card("9H"), False)]


def test_must_beat_changes_the_value():
    # Declarer leads TS; seat 1 holds 9S AS.  Without must_beat seat 1 may duck with 9S
    # and keep AS; with must_beat it has to spend AS at once.
    hands = ["TS KS", "9S AS", "JC QC"]
    free = make_state(hands, declarer=0)
    forced = make_state(hands, declarer=0, must_beat=True)
    assert solve_value(free) == ref_value(Pos.from_state(free))
    assert solve_value(forced) == ref_value(Pos.from_state(forced))


def test_lead_restrictions():
    # hearts are trump, declared by seat 2.  Seat 0 holds TH and 9C.
    base = dict(declarer=0, trump="H", trump_owner=2, taken=[0, 1, 2])
    hands = ["TH 9C", "AC 9H", "JC QH"]
    assert legal_moves(make_state(hands, **base)) == [(card("9C"), False), (card("TH"), False)]
    assert legal_moves(make_state(hands, no_lead_foreign_trump=True, **base)) == [
        (card("9C"), False)]
    assert legal_moves(make_state(hands, must_lead_trump=True, **base)) == [
        (card("TH"), False)]
    # own trump: no restriction from no_lead_foreign_trump
    own = dict(base, trump_owner=0)
    assert len(legal_moves(make_state(hands, no_lead_foreign_trump=True, **own))) == 2
    # only trumps in hand: he may lead them
    assert legal_moves(make_state(["TH AH", "AC 9H", "JC QH"], no_lead_foreign_trump=True,
                                  **base)) == [(card("TH"), False), (card("AH"), False)]
    # a declaring lead is allowed under must_lead_trump (it is a trump of his own)
    st = make_state(["TH KS QS", "AC 9H 9S", "JC QH TS"], must_lead_trump=True, **base)
    assert legal_moves(st) == [(card("QS"), True), (card("KS"), True), (card("TH"), False)]
    with pytest.raises(ValueError):
        PlayRules(no_lead_foreign_trump=True, must_lead_trump=True)


def test_helpers():
    st = make_state(["AS TS", "QS", "JS 9S"], declarer=2, leader=1, trick=["KS"])
    assert st.to_move == 2 and st.tricks_left == 2
    with pytest.raises(ValueError):
        make_state(["AS TS", "KS", "JS 9S"], declarer=0)  # wrong sizes
    with pytest.raises(ValueError):
        make_state(["AS TS", "AS QS", "JS 9S"], declarer=0)  # not disjoint
    assert PlayRules.from_conventions({"must_beat": True, "target": 1000}) == PlayRules(
        must_beat=True)
    st = deal_for_bench(3)
    assert [bin(h).count("1") for h in st.hands] == [8, 8, 8]


def test_full_deals_consistent():
    """Full 8-trick deals: exact value agrees with zero-window tests around it, and
    best_moves' best value equals the position's value."""
    for seed in range(3):
        st = deal_for_bench(seed)
        s = Solver(0, st.rules)
        v = s.solve_value(st)
        assert declarer_reaches(st, v)
        assert not Solver(0, st.rules).declarer_reaches(st, v + 1)
        assert best_moves(st, s)[0][1] == v


def test_a_deadline_stops_the_search_and_leaves_the_solver_usable():
    """Solver.deadline (hard.py's clock limit, issue 10 item 8): past it, a search stops with
    SearchLimit at the next clock reading (CLOCK_EVERY nodes); the table keeps only finished
    searches, so the same solver then finds the exact value; a deadline not reached changes
    neither the value nor the nodes searched."""
    import time
    from thousand.bots.solver import CLOCK_EVERY, SearchLimit
    for seed in range(3):
        st = deal_for_bench(seed)
        free = Solver(0, st.rules)
        v = free.solve_value(st)
        assert free.nodes > 2 * CLOCK_EVERY            # a search the clock can cut
        late = Solver(0, st.rules)
        late.deadline = time.perf_counter() + 3600
        assert late.solve_value(st) == v and late.nodes == free.nodes
        cut = Solver(0, st.rules)
        cut.deadline = time.perf_counter() - 1
        with pytest.raises(SearchLimit):
            cut.solve_value(st)
        assert cut.nodes <= CLOCK_EVERY + 1
        cut.deadline = None
        assert cut.solve_value(st) == v


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_dropped_solver_is_freed_at_once(seats):
    """A solver's search closures hold its limits, not the solver: no reference cycle keeps
    the solver alive until Python's cyclic collector runs (its table: the next test)."""
    import gc
    import weakref
    s = Solver(0, seats=seats)
    s.node_limit = 1000
    s.deadline = 1e18
    ref = weakref.ref(s)
    gc.disable()
    try:
        del s
        assert ref() is None
    finally:
        gc.enable()


def test_a_dropped_solver_frees_its_table_at_once():
    """The search closure recurses, so it is in a reference cycle with its cells, and those
    hold the transposition table: dropping a solver must still free the table at once, not
    when Python's cyclic collector gets to it (in the browser's worker the cycles of dropped
    decisions' tables piled up: the WebAssembly memory grew to 187 MB in 14 deals)."""
    import gc
    import tracemalloc
    st = deal_for_bench(0)
    gc.collect()
    gc.disable()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        s = Solver(0, st.rules)
        s.solve_value(st)
        held = tracemalloc.get_traced_memory()[0] - before
        entries = len(s.tt)
        del s
        left = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
        gc.enable()
    assert entries > 1000 and held > 100_000          # a table worth freeing
    assert left < held / 10, (held, left)


def _api_value(solver: Solver, state, alpha, beta):
    """The solver's value of a position inside a trick as it was before the fast path: each
    follow by ``legal_moves`` and ``play`` (a new position, a legality check), one node per
    position, the trick-boundary search at the boundary."""
    solver._counter[0] += 1
    if not state.trick:
        return solver._boundary(state.hands, state.leader, state.trump, state.trump_owner,
                                state.taken, alpha, beta)
    maxing = state.to_move == solver.declarer
    best = -10 ** 6 if maxing else 10 ** 6
    for mv in legal_moves(state):
        nxt, g = play(state, mv)
        v = g + _api_value(solver, nxt, alpha - g, beta - g)
        if maxing:
            best = max(best, v)
            alpha = max(alpha, best)
        else:
            best = min(best, v)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best


@pytest.mark.parametrize("seed", range(2))
def test_the_fast_path_inside_a_trick_searches_what_the_moves_one_by_one_did(seed):
    """Inside a trick the solver follows by ``follow_mask`` on the hands' masks instead of
    ``legal_moves``/``play`` per move: the same values and the same nodes counted for every
    window, so a decision's node quota buys the same search (and the harness's figures stay)
    in less time."""
    rng = random.Random(300 + seed)
    inside = 0
    for pos in _endgames(300 + seed, 200, (2, 3, 4, 5, 6)):
        st = pos.to_state()
        inside += bool(st.trick)
        for alpha in (rng.randrange(-5, 60), 0, 40):
            beta = alpha + rng.choice((1, 1, 15, 200))
            fast, ref = Solver(st.declarer, st.rules), Solver(st.declarer, st.rules)
            v = fast._value(st, alpha, beta)
            w = _api_value(ref, st, alpha, beta)
            assert (v, fast.nodes) == (w, ref.nodes), (st.describe(), alpha, beta)
    assert inside > 50
