"""Pondering (issue 43 item 3): a card decision searched before it is asked goes on from
there, and pondering changes how many worlds are solved, never which or how they count."""
import random

from hypothesis import example, given, settings, strategies as st, HealthCheck

from thousand.game import Game
from thousand.bots import make_bot
from thousand.bots.hard import HardBot, MAX_THOUGHTS


def _play_positions(seed: int, count: int = 3) -> list:
    """Views of seats on turn in the play (more than one legal card), from a game the normal
    bots play."""
    g = Game.new(seed=seed)
    bots = [make_bot("normal", seed=seed + s) for s in range(3)]
    out = []
    for _ in range(600):
        if g.finished or len(out) >= count:
            break
        s = g.current_seat
        v = g.view(s)
        if v["phase"] == "play" and len([a for a in v["legal"] if a.startswith("play")]) > 1:
            out.append(v)
        g.apply(bots[s].choose(v))
    return out


@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10_000), slice_nodes=st.integers(50, 3_000))
@example(seed=142, slice_nodes=59)
def test_a_decision_pondered_in_slices_of_any_size_decides_and_counts_as_one_searched_at_once(
        seed, slice_nodes):
    """Fixed worlds: whatever slices the pondering was cut into (a slice that stops inside a
    world searches it again next time), the decision plays the card, with the same estimate,
    that a bot which never pondered plays.  No decision node limit: a pondered decision
    counts its own nodes from when it is asked, so where the plain one ran out of them
    (seed 142: past NODE_BUDGET, no points tie-break) the pondered one would still have
    some, by design (its own quota on top)."""
    for view in _play_positions(seed, 2):
        plain = HardBot(seed, worlds=10, node_budget=None)
        want = plain.choose(view)
        pondering = HardBot(seed, worlds=10, node_budget=None)
        slices = 0
        while pondering.ponder(view, nodes=slice_nodes) and slices < 500:
            slices += 1
        assert pondering.choose(view) == want
        assert pondering.last_estimate == plain.last_estimate
        if plain.nodes:
            assert pondering.pondered_nodes > 0


def test_a_pondered_decision_searches_its_own_quota_on_top_and_solves_more_worlds():
    """On a node quota, what was pondered adds to the decision's own search."""
    more = 0
    for view in _play_positions(3, 6):
        plain = HardBot(1, nodes=4_000)
        plain.choose(view)
        bot = HardBot(1, nodes=4_000)
        bot.ponder(view, nodes=8_000)
        bot.choose(view)
        assert bot.nodes >= bot.pondered_nodes
        assert bot.last_estimate["worlds"] >= plain.last_estimate["worlds"]
        more += bot.last_estimate["worlds"] > plain.last_estimate["worlds"]
    assert more >= 1


def test_a_position_that_does_not_come_is_not_used_and_thoughts_are_bounded():
    views = _play_positions(11, MAX_THOUGHTS + 3)
    bot = HardBot(2, worlds=6)
    for v in views[:-1]:
        bot.ponder(v, nodes=500)
    assert len(bot._thoughts) <= MAX_THOUGHTS
    last = views[-1]
    plain = HardBot(2, worlds=6)
    assert bot.choose(last) == plain.choose(last)
    assert bot.pondered_nodes == 0            # nothing pondered for this one
    assert not bot._thoughts                  # a decision forgets the positions that did not come


def test_only_the_card_play_is_pondered():
    g = Game.new(seed=4)
    v = g.view(g.current_seat)
    assert v["phase"] == "bidding"
    assert HardBot(0).ponder(v, nodes=1_000) is False
