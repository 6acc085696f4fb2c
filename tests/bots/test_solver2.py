"""The two-handed search (a table of two, RULES.md §7) against plain minimax over the
solver's move generation (thousand.play's rules): random endgames under every play
convention of §6.2, values, zero-window tests and move values."""
import random

import pytest

from thousand.bots.solver import PlayRules, PlayState, Solver, play
from thousand_helpers import minimax, play_rule_sets

RULE_SETS = play_rule_sets()


def random_position(rng: random.Random, cards: int, rules: PlayRules) -> PlayState:
    deck = list(range(24))
    rng.shuffle(deck)
    if rules.ace_marriage and rng.random() < 0.4:
        aces = [5, 11, 17, 23]
        rest = [c for c in deck if c not in aces]
        deck = aces + rest[:cards - 4] + rest[cards - 4:]
    hands = [sum(1 << c for c in deck[:cards]), sum(1 << c for c in deck[cards:2 * cards])]
    if rng.random() < 0.5:
        hands.reverse()
    trump = rng.choice([-1, -1, 0, 1, 2, 3])
    owner = rng.choice([0, 1]) if trump >= 0 else -1
    trick = ()
    leader = rng.choice([0, 1])
    if rng.random() < 0.3:
        # a trick in progress: the leader has led one card
        c = next(x for x in range(24) if hands[leader] >> x & 1)
        hands[leader] &= ~(1 << c)
        hands[1 - leader] &= ~(1 << next(x for x in range(24) if hands[1 - leader] >> x & 1))
        hands[1 - leader] |= 0
        trick = (c,)
        # keep the follower one card more than the leader
        spare = next(x for x in range(24) if not any(h >> x & 1 for h in hands) and x != c)
        hands[1 - leader] |= 1 << spare
    return PlayState(hands=tuple(hands), declarer=rng.choice([0, 1]), leader=leader,
                     trick=trick, trump=trump, trump_owner=owner, taken=rng.randrange(4),
                     rules=rules)


@pytest.mark.parametrize("seed", range(12))
def test_two_handed_values_match_minimax(seed):
    rng = random.Random(seed)
    rules = RULE_SETS[seed % len(RULE_SETS)]
    checked = 0
    for _ in range(8):
        st = random_position(rng, rng.choice([3, 4, 5]), rules)
        st.check()
        want = minimax(st)
        s = Solver(st.declarer, rules, seats=2)
        assert s.solve_value(st) == want, st.describe()
        for t in (want - 7, want, want + 1, want + 12):
            assert Solver(st.declarer, rules, seats=2).declarer_reaches(st, t) == (want >= t)
        for mv, v in s.best_moves(st):
            nxt, g = play(st, mv)
            assert v == g + minimax(nxt)
        checked += 1
    assert checked == 8


def test_a_full_two_player_deal_is_solved():
    """12 cards each, the whole deck (two_mode=eleven after the gives): exact and consistent
    with the zero-window tests around it."""
    rng = random.Random(3)
    deck = list(range(24))
    rng.shuffle(deck)
    st = PlayState(hands=(sum(1 << c for c in deck[:12]), sum(1 << c for c in deck[12:])),
                   declarer=0, leader=0)
    s = Solver(0, PlayRules(), seats=2)
    v = s.solve_value(st)
    assert 0 <= v <= 120 + 240
    assert s.declarer_reaches(st, v) and not s.declarer_reaches(st, v + 1)
