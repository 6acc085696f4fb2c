"""RULES.md §8 presets: each is the set of values §8 names, and a whole game under each runs
to its end with the normal bots (§4.2: a barrel win, or §4 end_at_minus_1000)."""
import pytest

from thousand import Conventions, Game
from thousand.bots import make_bot

# §8, written out from RULES.md
PRESETS = {
    "classic": {},
    "table000": {"target": 1001, "round_need": False, "ace_marriage": True,
                 "barrel_failed_contract": "minus_bid_if_raised",
                 "barrel_freezes_opponents": True, "concede_penalty": "bid",
                 "concede_award": "half_bid", "dump_555": True, "dump_minus_555": True,
                 "end_at_minus_1000": True},
    "club001": {"redeal_two_nines_talon": True, "redeal_low_talon": 5,
                "redeal_four_nines_after": True, "three_barrels_zero": True},
    "site002": {"forced_bidder": "dealer", "bid_cap": "any_marriage",
                "bolt_on": "zero_points", "concede_award": "split_120",
                "concede_penalty": "none"},
    "polish": {"bid_step": 10, "must_beat": True},
    "two": {"players": 2, "two_mode": "eleven", "concede_award": "sixty"},
    "four": {"players": 4, "four_mode": "all_play"},
}
TABLES = [(p, {}) for p in PRESETS] + [("club001", {"players": 4})]


@pytest.mark.parametrize("name", PRESETS)
def test_s8_preset_values(name):
    conv = Conventions.from_preset(name)
    default = Conventions()
    for field, value in PRESETS[name].items():
        assert getattr(conv, field) == value, field
    # everything else as classic (the table of §6), club001's 4-player mode aside (below)
    for f in Conventions.catalog():
        if f["id"] not in PRESETS[name] and (name, f["id"]) != ("club001", "four_mode"):
            assert getattr(conv, f["id"]) == getattr(default, f["id"]), f["id"]


def test_s8_club001_with_four_players_is_dealer_sits_out():
    conv = Conventions.from_preset("club001", players=4)
    assert conv.four_mode == "dealer_sits_out"
    assert Conventions.from_preset("four").four_mode == "all_play"
    g = Game.new(conv, seed=1)
    v = g.view(0)
    assert v["sitting_out"] == v["dealer"] and len(v["playing"]) == 3


@pytest.mark.parametrize("name, extra", TABLES, ids=[f"{p}{'-4' if e else ''}" for p, e in TABLES])
def test_s8_a_whole_game_under_each_preset_ends(name, extra):
    conv = Conventions.from_preset(name, **extra)
    g = Game.new(conv, seed=7)
    bots = [make_bot("normal", seed=i) for i in range(conv.players)]
    while not g.finished and len(g.sheet) < 600:
        s = g.current_seat
        g.apply(bots[s].choose(g.view(s)))
    assert g.finished and g.phase == "over" and g.legal_actions() == []
    last = g.sheet[-1]
    if g.winner is not None and any(e["kind"] == "barrel_win" for e in last["events"]):
        assert g.scores[g.winner] >= conv.target                  # §4.2
    else:
        assert conv.end_at_minus_1000 and min(g.scores) <= -1000  # §4
    # §4 the score sheet: each score is the sum of its deltas
    for s in range(conv.players):
        assert sum(r["delta"][s] for r in g.sheet) == g.scores[s]
