"""The careful normal bot bids on the right to concede only where it has it (RULES.md §5.4,
§6.5): a talon bid for in the hope of a good one may be conceded if it is not — unless the
table, the barrel, a blind game or three free concessions used say it may not."""
import dataclasses
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from thousand import Conventions, Game
from thousand.bots import make_bot
from thousand.bots.match import fresh_deal
from thousand.bots.normal import Ctx, NormalBot
from thousand_helpers import random_conventions

# six seats, concede_limit_three with split_120 and fail_by=shortfall: a concession costs its
# declarer nothing and each opponent gets 20-25, and the careful bots bid 160 and more on
# their three cards for the six-card talon (a hypothesis example of tests/bots/test_bots.py)
SIX_FREE = 45946281


def _bidding_view(seed: int, bid: int):
    """The first view of the game at SIX_FREE's table where the seat on turn would bid `bid`."""
    rng = random.Random(seed)
    conv = random_conventions(rng, 6)
    assert conv.concede_limit_three and conv.players == 6
    g = Game.new(conv, seed=seed, first_dealer=seed % 6)
    bots = [make_bot("normal", seed=seed + i) for i in range(6)]
    while True:
        seat = g.current_seat
        view = g.view(seat)
        action = bots[seat].choose(view)
        if action == f"bid {bid}":
            return view, bots[seat]
        g.apply(action)


def test_s6_5_no_bid_on_a_free_concession_when_the_three_are_used():
    """The seat that bid 160 on a weak hand (its chance of making it about 8%) because a
    bad talon could be conceded for nothing passes the same hand once its three free
    concessions are used: it would have to play the talon, whatever it is."""
    view, bot = _bidding_view(SIX_FREE, 160)
    me = view["seat"]
    assert bot.choose(view) == "bid 160"
    used = dict(view, concessions=[3 if s == me else 0 for s in range(6)])
    assert bot.choose(used) == "pass"
    others = dict(view, concessions=[0 if s == me else 3 for s in range(6)])
    assert bot.choose(others) == "bid 160"          # the others' counts are theirs


def _start(rng: random.Random, conv) -> dict:
    """A starting position (RULES.md §9 "start") where the right to concede varies: each
    seat's concessions 0..4, some seats on the barrel."""
    n = conv.players
    barrel = [rng.randrange(conv.barrel_deals) if rng.random() < 0.25 else None
              for _ in range(n)]
    scores = [conv.barrel_at if b is not None else 5 * rng.randrange(-40, conv.barrel_at // 5)
              for b in barrel]
    return {"scores": scores, "barrel": barrel,
            "concessions": [rng.randrange(5) for _ in range(n)]}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 1 << 30), players=st.sampled_from([3, 4, 6]))
def test_the_bidding_floor_is_there_exactly_where_the_declarer_may_concede(seed, players):
    """At the contract decision of a deal from a random position (concessions used, barrels)
    under random conventions (free concessions, blind games, golden rounds...), the bot's
    concession value is None exactly when the engine's legal actions hold no "concede":
    the bidding reads the same rule from the view."""
    rng = random.Random(seed)
    conv = random_conventions(rng, players)
    if rng.random() < 0.5:
        conv = dataclasses.replace(conv, concede_limit_three=True)
    g = fresh_deal(conv, seed, seed % players, {"start": _start(rng, conv), "golden_left": 0,
                                                "golden_made": False})
    bots = [make_bot("normal", seed=seed + i) for i in range(players)]
    while not g.sheet:
        seat = g.current_seat
        view = g.view(seat)
        if view["phase"] == "contract":
            value = NormalBot()._concede_value(view, Ctx(view), view["contract"])
            assert (value is None) == ("concede" not in view["legal"]), view["legal"]
        g.apply(bots[seat].choose(view))


def _contract_view(code: str):
    """The first contract decision with "concede" legal at a table of rules code `code`."""
    conv = Conventions.from_code(code)
    for seed in range(50):
        g = Game.new(conv, seed=seed, first_dealer=0)
        bots = [make_bot("normal", seed=seed + i) for i in range(conv.players)]
        while not g.sheet:
            view = g.view(g.current_seat)
            if view["phase"] == "contract" and "concede" in view["legal"]:
                return view
            g.apply(bots[g.current_seat].choose(view))
    raise AssertionError(f"no concession offered at {code}")


def test_s5_4_a_presets_own_concession_rules_are_what_the_bot_counts():
    """§5.4, §8: the `two` preset concedes 60 to the opponent, site002 split_120 at no cost to
    the declarer; the view's conventions list only what differs from the preset, and the bot
    read the classic table's values in their place.  Its value of conceding is the engine's
    cost of it (``concede_cost``), and table000's ace marriage counts in its estimate."""
    for code in ("classic", "two", "site002", "table000"):
        view = _contract_view(code)
        ctx = Ctx(view)
        cost = view["concede_cost"]
        assert not cost["bolt"]
        want = cost["declarer"] - cost["opponents"] * ctx.opponents / ctx.others
        assert NormalBot()._concede_value(view, ctx, view["contract"]) == want, code
        assert sum(cost["delta"]) - cost["declarer"] == cost["opponents"] * ctx.opponents
    assert Ctx(_contract_view("table000")).ace_marriage
