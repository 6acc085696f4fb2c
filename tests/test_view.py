"""Game.view / Game.deal_view: what a seat may know (RULES.md §3; issue 2 `view(seat)`)."""
import json

from thousand import Game
from thousand.bots import make_bot


def _play_deals(k, seed=3):
    g = Game.new(seed=seed)
    bots = [make_bot("normal", seed=i) for i in range(3)]
    while len(g.sheet) < k:
        s = g.current_seat
        g.apply(bots[s].choose(g.view(s)))
    return g


def test_deal_view_shows_a_finished_deal_as_it_ended():
    g = _play_deals(2)
    v = g.deal_view(0, 1)
    json.dumps(v)
    assert v["phase"] == "done" and v["current_seat"] is None and v["legal"] == []
    assert v["deal_number"] == 0 and len(v["tricks"]) in (0, 8)
    d0 = g.deals[0]
    assert v["declarer"] == d0.declarer and v["contract"] == d0.contract
    if v["tricks"]:
        assert v["last_trick"]["winner"] == d0.tricks[-1][2]
        # every card of a played deal is in its tricks, none in hands
        assert sum(len(t["cards"]) for t in v["tricks"]) == 24 and v["hand"] == []


def test_deal_view_of_the_current_deal_is_the_view():
    g = _play_deals(1)
    cur = g.deal.number
    assert g.deal_view(cur, 0) == g.view(0)


def test_s6_5_the_view_shows_each_seats_concessions_and_falls_a_starting_positions_counted():
    """§6.5 concede_limit_three and §6.5a three_barrels_zero count per game, from a starting
    position on (RULES.md §9 "start"): every seat sees the counts, so a bot can tell whether
    a talon it bids for could be conceded (the sheet alone misses the start's)."""
    from thousand import Conventions
    from thousand_helpers import game_with
    start = {"scores": [0, 0, 0], "bolts": [0, 0, 0], "barrel": [None, None, None],
             "concessions": [0, 2, 1], "falls": [2, 0, 0]}
    conv = Conventions(concede_limit_three=True, three_barrels_zero=True)
    g = game_with(["pass", "pass"], start=start, conventions=conv)
    for seat in range(3):
        v = g.view(seat)
        assert v["concessions"] == [0, 2, 1]
        assert [b["falls"] for b in v["barrel"]] == [2, 0, 0]
    g.apply("give AD 0")
    g.apply("give TD 2")
    g.apply("concede")                  # seat 1's third concession: the last free one
    assert g.view(0)["concessions"] == [0, 3, 1]
