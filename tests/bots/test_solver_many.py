"""The search for four to six playing seats (RULES.md §7: 4 all playing, 5, 6) against plain
minimax over the solver's move generation (thousand.play's rules): random positions under
every play convention of §6.2 — values, zero-window tests and move values — with a trick in
progress, trumps already named, and the right to declare taken or not."""
import random

import pytest

from thousand.bots.solver import PlayRules, PlayState, Solver, legal_moves, play
from thousand_helpers import minimax, play_rule_sets

RULE_SETS = play_rule_sets()


def random_position(rng: random.Random, seats: int, cards: int, rules: PlayRules) -> PlayState:
    """`cards` each, dealt so that marriages (and, with ace_marriage, the four aces) occur;
    with a trick in progress the seats still to play to it hold one card more."""
    deck = list(range(24))
    rng.shuffle(deck)
    if rules.ace_marriage and rng.random() < 0.4 and cards >= 4:
        aces = [5, 11, 17, 23]
        deck = aces + [c for c in deck if c not in aces]
    elif rng.random() < 0.5:
        s = rng.randrange(4)
        pair = [s * 6 + 2, s * 6 + 3]          # the queen and the king of one suit
        deck = pair + [c for c in deck if c not in pair]
    leader = rng.randrange(seats)
    in_trick = rng.randrange(seats) if rng.random() < 0.4 else 0
    hands = [0] * seats
    i = 0
    for k in range(seats):
        seat = (leader + k) % seats
        size = cards + (1 if in_trick else 0)
        hands[seat] = sum(1 << c for c in deck[i:i + size])
        i += size
    trump = rng.choice([-1, -1, 0, 1, 2, 3])
    st = PlayState(hands=tuple(hands), declarer=rng.randrange(seats), leader=leader,
                   trump=trump, trump_owner=rng.randrange(seats) if trump >= 0 else -1,
                   taken=rng.randrange(1 << seats), rules=rules)
    for _ in range(in_trick):
        st, _ = play(st, rng.choice(legal_moves(st)))
    return st


@pytest.mark.parametrize("seats", [4, 5, 6])
@pytest.mark.parametrize("seed", range(6))
def test_many_seat_values_match_minimax(seats, seed):
    rng = random.Random(seats * 100 + seed)
    rules = RULE_SETS[seed % len(RULE_SETS)]
    for _ in range(4):
        st = random_position(rng, seats, rng.choice([2, 3] if seats > 4 else [2, 3, 4]), rules)
        st.check()
        want = minimax(st)
        s = Solver(st.declarer, rules, seats=seats)
        assert s.solve_value(st) == want, st.describe()
        for t in (want - 7, want, want + 1, want + 12):
            assert Solver(st.declarer, rules, seats=seats).declarer_reaches(st, t) == (want >= t)
        for mv, v in s.best_moves(st):
            nxt, g = play(st, mv)
            assert v == g + minimax(nxt), (st.describe(), mv)


def test_a_four_player_deal_is_solved_whole():
    """Four playing seats after the talon and the gives (§7: 6 cards each, 24 in play): the
    exact value, and zero-window tests either side of it agree."""
    rng = random.Random(4)
    for _ in range(3):
        deck = list(range(24))
        rng.shuffle(deck)
        st = PlayState(hands=tuple(sum(1 << c for c in deck[6 * i:6 * i + 6]) for i in range(4)),
                       declarer=0, leader=0)
        s = Solver(0, st.rules, seats=4)
        v = s.solve_value(st)
        assert 0 <= v <= 120 + 100
        assert s.declarer_reaches(st, v) and not s.declarer_reaches(st, v + 1)
