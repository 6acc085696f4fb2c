"""The hard bot's bidding over a lone forced bid (issue 10 item 1, points first; RULES.md §3
step 3: the forced bidder sits on 100, and left alone he may concede it, §5.4, each defender
collecting half the bid): with ``forced_veto`` the hard bot raises the forced bidder's 100,
when nobody else has bid, only if the careful normal bot's rule, which weighs declaring
against what that pass is worth, would bid too; everywhere else it bids by its own rule.  A
trial option, off by default (``hard.FORCED_VETO``: at the table's thinking it was a wash)."""
import random

from thousand.bots.hard import HardBot, lone_forced_bid
from thousand.bots.normal import NormalBot
from thousand.conventions import Conventions
from thousand.game import Game


def first_turns(n_deals: int, seed: int) -> list:
    """Each seat's first bidding view with a choice, the earlier seats bidding as the careful
    normal bot does, over seeded deals of three players."""
    rng = random.Random(seed)
    out = []
    for _ in range(n_deals):
        g = Game.new(Conventions(), seed=rng.randrange(1 << 30), first_dealer=rng.randrange(3))
        bot = NormalBot(0)
        seen = set()
        while g.view(g.current_seat)["phase"] == "bidding":
            v = g.view(g.current_seat)
            if v["seat"] not in seen and len(v["legal"]) > 1:
                seen.add(v["seat"])
                out.append(v)
            g.apply(bot.choose(v))
    return out


TURNS = first_turns(40, seed=11)


def test_a_lone_forced_bid_is_the_forced_bidders_100_with_only_passes_besides():
    lone = [v for v in TURNS if lone_forced_bid(v)]
    assert lone and len(lone) < len(TURNS)
    for v in TURNS:
        others = [a for s, a in v["bids"] if s != v["seat"]]
        expected = v["seat"] != v["forced_bidder"] and all(a == "pass" for a in others)
        assert lone_forced_bid(v) == expected
    assert not any(lone_forced_bid(v) for v in TURNS if v["seat"] == v["forced_bidder"])


def test_the_hard_bot_raises_a_lone_forced_bid_only_where_the_careful_rule_would():
    careful = NormalBot(0)
    vetoed = 0
    for i, v in enumerate(TURNS):
        on = HardBot(i, worlds=2, forced_veto=True).choose(v)
        off = HardBot(i, worlds=2, forced_veto=False).choose(v)
        if lone_forced_bid(v) and careful.bid(v, v["legal"]) == "pass":
            assert on == "pass", v["bids"]
            vetoed += on != off
        else:
            assert on == off
    # the veto changed some decisions: the hard bot's own rule would have raised these
    assert vetoed > 0
