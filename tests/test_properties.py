"""Property tests over random games: random legal play under random in-scope conventions
(RULES.md §1, §3, §5, §9).  Kept small (max_examples) so the default run stays fast;
the long fuzz run is behind @pytest.mark.slow."""
import json
import random

import pytest
from hypothesis import given, settings, strategies as st, HealthCheck

from thousand import Game, IllegalAction, Conventions
from thousand import actions as A
from thousand.cards import cards_of, name, MARRIAGE_VALUE, ACE_MARRIAGE_VALUE
from thousand.deal import BIDDING, PLAY
from thousand_helpers import random_conventions

ALL_CARDS = set(range(24))
# every action int the engine knows: pass/concede/redeal/blind/unblind, gives, plays, melds, bids, contracts
UNIVERSE = ([A.PASS, A.CONCEDE, A.REDEAL, A.BLIND, A.UNBLIND]
            + [A.give(c, s) for c in range(24) for s in range(3)]
            + [A.play(c) for c in range(24)] + [A.meld(c) for c in range(24)]
            + [A.bid(v) for v in range(100, 305, 1)] + [A.contract(v) for v in range(95, 305, 1)])


def random_start(rng: random.Random, conv: Conventions):
    """A random legal starting position (some seats near or on the barrel), or None."""
    if rng.random() < 0.4:
        return None
    at = conv.barrel_at
    scores, barrel = [], []
    for _ in range(3):
        r = rng.random()
        if r < 0.25:
            scores.append(at); barrel.append(rng.randrange(conv.barrel_deals))
        elif r < 0.5:
            scores.append(at - 5 * rng.randrange(1, 30)); barrel.append(None)
        else:
            scores.append(5 * rng.randrange(-190, 170)); barrel.append(None)
    return {"scores": scores, "bolts": [rng.randrange(3) for _ in range(3)], "barrel": barrel,
            "concessions": [rng.randrange(4) for _ in range(3)], "falls": [rng.randrange(3) for _ in range(3)]}


def new_game(seed: int) -> tuple[Game, random.Random]:
    rng = random.Random(seed)
    conv = random_conventions(rng)
    g = Game(conv, first_dealer=rng.randrange(3), seed=rng.randrange(1 << 30))
    st_ = random_start(rng, conv)
    if st_:
        g.set_start(st_)
    g._next_deal()
    return g, rng


def check_cards(g: Game):
    """Every card is somewhere exactly once: hands, the talon before it is taken, tricks."""
    d = g.deal
    if d is None or g.finished:
        return
    places = []
    for h in d.hands:
        places += cards_of(h)
    if d.phase == BIDDING:
        places += d.talon_cards
    for _, t, _ in d.tricks:
        places += [c for _, c in t]
    places += [c for _, c in d.trick]
    assert sorted(places) == sorted(ALL_CARDS)


def hidden_from(g: Game, seat: int) -> set[str]:
    """Cards in other seats' hands that `seat` may not know."""
    d = g.deal
    public = set()
    if d.phase != BIDDING and d.talon_public:
        public |= set(d.talon_cards)
    for c, to in d.gives:
        if not d.gives_face_down or seat in (to, d.declarer):
            public.add(c)
    if seat == d.declarer and d.phase != BIDDING:
        public |= set(d.talon_cards)
    out = set()
    for o in range(3):
        if o != seat:
            out |= {name(c) for c in cards_of(d.hands[o]) if c not in public}
    return out


def strings_in(x):
    if isinstance(x, str):
        yield x
        yield from x.split()
    elif isinstance(x, dict):
        for k, v in x.items():
            yield from strings_in(k)
            yield from strings_in(v)
    elif isinstance(x, (list, tuple)):
        for v in x:
            yield from strings_in(v)


def check_views(g: Game):
    if g.deal is None:
        return
    for seat in range(3):
        v = g.view(seat)
        json.dumps(v)                                     # JSON-serialisable
        leaked = hidden_from(g, seat) & set(strings_in(v))
        assert not leaked, f"view({seat}) shows {leaked}"


def play_random(g: Game, rng: random.Random, max_deals: int, every_step=True):
    """Random legal play; checks the per-step invariants.  Returns the start scores."""
    start = list(g.scores)
    while not g.finished and g.deal is not None and len(g.sheet) < max_deals:
        d = g.deal
        legal = g.legal_moves()
        assert legal, "a running game always has a legal action"
        # a random illegal action raises IllegalAction (never another exception) and changes nothing
        key = g.state_key()
        for _ in range(2):
            bad = rng.choice(UNIVERSE)
            if bad not in legal:
                with pytest.raises(IllegalAction):
                    g.apply(bad)
                with pytest.raises(IllegalAction):
                    g.apply(A.to_text(bad))
                assert g.state_key() == key
        m = rng.choice(legal)
        seat = g.current_seat
        before = list(d.meld_points)
        leading = d.phase == PLAY and not d.trick
        g.apply(A.to_text(m) if rng.random() < 0.5 else m)     # every legal action applies
        if A.MELD <= m < A.BID:
            # marriage points only to the leader of the declaring trick
            assert leading
            c = m - A.MELD
            value = ACE_MARRIAGE_VALUE if c % 6 == 5 else MARRIAGE_VALUE[c // 6]
            assert d.meld_points[seat] == before[seat] + value
            assert all(d.meld_points[s] == before[s] for s in range(3) if s != seat)
        elif d.phase != "done" or d is g.deal:
            assert d.meld_points == before
        if d.phase == "done" and d.outcome != "conceded":
            assert sum(d.card_points) == 120
            assert len(d.tricks) == 8
            for s, _suit in d.melds:
                assert d.meld_points[s] > 0
        if every_step:
            check_cards(g)
            check_views(g)
    return start


def check_sheet(g: Game, start):
    for s in range(3):
        assert g.scores[s] == start[s] + sum(r["delta"][s] for r in g.sheet)
    prev = list(start)
    for r in g.sheet:
        assert [p + dl for p, dl in zip(prev, r["delta"])] == r["scores"]
        prev = r["scores"]
    if g.finished and g.winner is not None and not g.conv.end_at_minus_1000:
        assert g.scores[g.winner] >= g.conv.target


def check_round_trip(g: Game):
    rec = g.to_record()
    json.dumps(rec)
    back = Game.from_record(json.loads(json.dumps(rec)))
    assert back.state_key() == g.state_key()
    assert back.sheet == g.sheet


SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.integers(0, 2**32 - 1))
def test_random_games_keep_the_invariants(seed):
    g, rng = new_game(seed)
    start = play_random(g, rng, max_deals=6)
    check_sheet(g, start)
    check_round_trip(g)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 80))
def test_round_trip_mid_deal(seed, steps):
    """to_record → from_record gives the same state (Game.state_key()) at any point."""
    g, rng = new_game(seed)
    for _ in range(steps):
        if g.finished or g.deal is None:
            break
        g.push(rng.choice(g.legal_moves()))
    check_round_trip(g)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_whole_games_end_and_sheet_adds_up(seed):
    """Whole games (fast path: push, no per-step view checks) end, and scores equal the sum of deltas."""
    g, rng = new_game(seed)
    start = list(g.scores)
    while not g.finished and len(g.sheet) < 400:
        d = g.deal
        g.push(rng.choice(g.legal_moves()))
        if d.phase == "done" and d.outcome != "conceded":
            assert sum(d.card_points) == 120
    check_sheet(g, start)
    check_round_trip(g)


@pytest.mark.slow
def test_fuzz_thousands_of_games(request):
    # a command-line -m (e.g. -m 'not e2e') replaces the default -m 'not slow': run only on request
    if "slow" not in (request.config.getoption("markexpr") or "") or "not slow" in request.config.getoption("markexpr"):
        pytest.skip("long fuzz run: use -m slow")
    for seed in range(3000):
        g, rng = new_game(seed)
        start = play_random(g, rng, max_deals=10, every_step=(seed % 10 == 0))
        check_sheet(g, start)
        check_round_trip(g)
