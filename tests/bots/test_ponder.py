"""Pondering (issue 43 item 3): a card decision searched before it is asked goes on from
there, and pondering changes how many worlds are solved, never which or how they count."""
import random

from hypothesis import example, given, settings, strategies as st, HealthCheck

from thousand.game import Game
from thousand.bots import make_bot
from thousand.bots.hard import (HardBot, MAX_THOUGHTS, _view_key, conventions_of,
                                 mask_of, parse_card)


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


def _bid_positions(seed: int, count: int, close: bool = True) -> list:
    """Bidding views the hard bot's rule calls a close call (or, with close=False, does
    not), from games the normal bots bid in, one game per seed from `seed` on."""
    out = []
    judge = HardBot(0)
    for k in range(seed, seed + 200):
        g = Game.new(seed=k)
        bots = [make_bot("normal", seed=k + s) for s in range(3)]
        for _ in range(20):
            s = g.current_seat
            v = g.view(s)
            if v["phase"] != "bidding" or g.finished:
                break
            window = judge.bid_window(v, v["legal"])
            if window is not None and judge.close(window) == close:
                out.append(v)
                if len(out) >= count:
                    return out
            g.apply(bots[s].choose(v))
    raise AssertionError("too few bidding positions")


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10_000), slice_nodes=st.integers(100, 3_000))
def test_a_close_bid_pondered_in_slices_values_the_worlds_the_decision_would_draw(
        seed, slice_nodes):
    """The bidding's close calls are pondered too (the human's bidding turn, the table's
    pause): whatever slices the pondering was cut into (a slice may stop inside a world's
    tests: its search goes on from the test it stopped in, capped as one test), it ends, and
    it valued the worlds a bot that never pondered draws, as many, in the same order."""
    for view in _bid_positions(seed % 500, 1):
        hand = mask_of(parse_card(c) for c in view["hand"])
        plain = HardBot(seed, worlds=6)
        plain._seed_decision(view)
        want = plain.bidding_values(view, hand, conventions_of(view))
        pondering = HardBot(seed, worlds=6)
        slices = 0
        while pondering.ponder(view, nodes=slice_nodes) and slices < 2_000:
            slices += 1
        th = pondering._thoughts[_view_key(view)]
        assert slices < 2_000 and th.pending is None
        assert len(th.vals) == len(want) == 6
        assert th.rng.getstate() == plain.rng.getstate()        # the same draws
        assert th.nodes > 0


def test_a_close_bid_pondered_at_once_bids_as_a_bot_that_never_pondered():
    """Pondered to the end in one go (no slice stops a test), the decision is the very search
    the bot makes when asked: the same bid, the same estimate."""
    for i, view in enumerate(_bid_positions(40, 4)):
        plain = HardBot(i, worlds=8)
        want = plain.choose(view)
        bot = HardBot(i, worlds=8)
        assert bot.ponder(view) is False            # every world valued: nothing more to add
        assert bot.choose(view) == want
        assert bot.last_estimate == plain.last_estimate
        assert bot.pondered_nodes > 0 and bot.nodes == bot.pondered_nodes  # nothing on top


def test_a_pondered_close_bid_searches_its_own_quota_on_top_and_values_more_worlds():
    """On a node quota, what was pondered adds to the bid's own search: more worlds."""
    for i, view in enumerate(_bid_positions(21, 4)):
        hand = mask_of(parse_card(c) for c in view["hand"])
        conv = conventions_of(view)
        plain = HardBot(i, nodes=4_000)
        plain._seed_decision(view)
        want = len(plain.bidding_values(view, hand, conv))
        bot = HardBot(i, nodes=4_000)
        bot.ponder(view, nodes=80_000)
        bot._seed_decision(view)
        got = bot.bidding_values(view, hand, conv, bot._thoughts.pop(_view_key(view)))
        assert len(got) > want
        assert bot.pondered_nodes > 0


def test_only_the_card_play_and_the_close_bids_are_pondered():
    """A bid the model decides at once, and the other decisions, have nothing to ponder."""
    for view in _bid_positions(4, 3, close=False):
        assert HardBot(0).ponder(view, nodes=1_000) is False
    g = Game.new(seed=4)
    bots = [make_bot("normal", seed=4 + s) for s in range(3)]
    seen = set()
    for _ in range(60):
        v = g.view(g.current_seat)
        if v["phase"] not in ("bidding", "play") and len(v["legal"]) > 1:
            seen.add(v["phase"])
            assert HardBot(0).ponder(v, nodes=1_000) is False
        if v["phase"] == "play":
            break
        g.apply(bots[g.current_seat].choose(v))
    assert "contract" in seen
