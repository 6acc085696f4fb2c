"""RULES.md §7 (other player counts) row by row, and §9's seeded deal for each of them.

Every row of the §7 table is written out below from RULES.md (not read from the engine's
layout): cards per hand, the talon pile(s), the dead hand, the stock, who gets a card from
the declarer, the tricks, whether the dealer sits out, the deck (no nines with 5 players).
A deal of each row is then played with random legal moves and held to it.
"""
import json
import random
from pathlib import Path

import pytest

from thousand import Conventions, Game, IllegalAction
from thousand_helpers import cards_in, record, table_game, game_with, cards

SUITS, RANKS = "SCDH", "9JQKTA"
DECK = [r + s for s in SUITS for r in RANKS]                  # §9 notation order
DECK_NO_NINES = [c for c in DECK if c[0] != "9"]

# conventions, hand, talon piles, dead hand, stock, gets a card from the declarer, tricks,
# deck, dealer sits out                                                                  §7
ROWS = {
    "eleven": ({"players": 2, "two_mode": "eleven"}, 11, [2], 0, 0, "opponent", 12, DECK, False),
    "two_talons": ({"players": 2, "two_mode": "two_talons"}, 10, [2, 2], 0, 0, "nobody", 10, DECK, False),
    "dead_hand": ({"players": 2, "two_mode": "dead_hand"}, 7, [3], 7, 0, "opponent+dead", 8, DECK, False),
    "draw": ({"players": 2, "two_mode": "draw"}, 6, [], 0, 12, None, 12, DECK, False),
    "three": ({"players": 3}, 7, [3], 0, 0, "opponent", 8, DECK, False),
    "all_play": ({"players": 4, "four_mode": "all_play"}, 5, [4], 0, 0, "opponent", 6, DECK, False),
    "dealer_sits_out": ({"players": 4, "four_mode": "dealer_sits_out"}, 7, [3], 0, 0, "opponent", 8, DECK, True),
    "five": ({"players": 5}, 3, [5], 0, 0, "opponent", 4, DECK_NO_NINES, False),
    "six": ({"players": 6}, 3, [6], 0, 0, "opponent", 4, DECK, False),
}


def conv_of(row):
    return Conventions.from_dict(dict(ROWS[row][0], preset="classic"))


def playing_seats(n, dealer, sits_out):
    seats = [(dealer + 1 + i) % n for i in range(n)]
    return seats[:-1] if sits_out else seats


def documented_deal(row, seed, dealer):
    """§9 by hand: shuffle the deck in notation order (20 cards without nines for 5 players)
    with random.Random(seed).shuffle, then blocks: each seat dealt cards from first hand
    clockwise, the dead hand, the talon pile(s), the stock."""
    spec, hand, talons, dead, stock, _, _, deck, sits = ROWS[row]
    n = spec["players"]
    deck = list(deck)
    random.Random(seed).shuffle(deck)
    hands = [[] for _ in range(n)]
    i = 0
    for s in playing_seats(n, dealer, sits):
        hands[s], i = deck[i:i + hand], i + hand
    dead_cards, i = deck[i:i + dead], i + dead
    piles = []
    for size in talons:
        piles.append(deck[i:i + size])
        i += size
    return hands, dead_cards, piles, deck[i:i + stock]


@pytest.mark.parametrize("row", ROWS)
@pytest.mark.parametrize("seed", [3, 1234])
def test_s7_s9_seeded_deal_follows_the_documented_block_order(row, seed):
    n = ROWS[row][0]["players"]
    dealer = seed % n
    hands, dead, piles, stock = documented_deal(row, seed, dealer)
    rec = record([{"seed": seed, "actions": []}], dict(ROWS[row][0], preset="classic"),
                 first_dealer=dealer)
    g = Game.from_record(rec)
    for s in range(n):
        assert sorted(g.view(s)["hand"]) == sorted(hands[s]), f"seat {s}"
    fh = (dealer + 1) % n
    if row == "draw":
        # the stock in drawing order: after the first trick its winner draws stock[0], the
        # other stock[1]
        g.apply(g.legal_actions()[0])
        g.apply(g.legal_actions()[0])
        w = g.view(0)["tricks"][0]["winner"]
        assert stock[0] in g.view(w)["hand"] and stock[1] in g.view(1 - w)["hand"]
        return
    passes = ["pass"] * (len(playing_seats(n, dealer, ROWS[row][8])) - 1)  # first hand at 100
    for k, pile in enumerate(piles):
        take = [f"talon {k}"] if row == "two_talons" else []
        h = Game.from_record(dict(rec, deals=[{"seed": seed, "actions": passes + take}]))
        assert sorted(h.view(fh)["talon"]) == sorted(pile)
    # the dead hand is what is left: the partition of the deck is exact
    seen = sum(hands, []) + sum(piles, []) + dead + stock
    assert sorted(seen) == sorted(ROWS[row][7])


def play_random_deal(g, rng, check=None):
    """Random legal actions to the end of the current deal; `check(g)` after each."""
    d = len(g.sheet)
    while len(g.sheet) == d:
        g.apply(rng.choice(g.legal_actions()))
        if check and len(g.sheet) == d:
            check(g)


@pytest.mark.parametrize("row", ROWS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_s7_layout_row(row, seed):
    spec, hand, talons, dead, stock, gets, tricks, deck, sits = ROWS[row]
    n = spec["players"]
    dealer = seed % n
    g = Game.new(conv_of(row), seed=seed * 101, first_dealer=dealer)
    playing = playing_seats(n, dealer, sits)
    v = g.view(playing[0])
    assert v["playing"] == playing and v["first_hand"] == playing[0]
    assert v["sitting_out"] == (dealer if sits else None)
    assert v["hand_sizes"] == [hand if s in playing else 0 for s in range(n)]
    assert v["talons"] == talons and v["dead_size"] == dead and v["stock_size"] == stock
    dealt = [c for s in range(n) for c in g.view(s)["hand"]]
    assert len(set(dealt)) == len(dealt) == hand * len(playing)
    assert set(dealt) <= set(deck)             # 5 players: never a nine
    rng = random.Random(seed)
    if gets is None:
        # two_mode=draw: no bidding, no talon; first hand leads at once
        assert g.phase == "play" and g.current_seat == playing[0]
    else:
        while g.phase == "bidding":
            g.apply("pass")
        decl = playing[0]
        assert g.view(decl)["declarer"] == decl
        if row == "two_talons":
            assert sorted(g.legal_actions()) == ["talon 0", "talon 1"]
            g.apply("talon 1")
            assert g.phase == "discard" and len(g.view(decl)["hand"]) == hand + 2
            g.apply(rng.choice(g.legal_actions()))
            g.apply(rng.choice(g.legal_actions()))
            assert g.view(decl)["discard_count"] == 2
        else:
            assert g.phase == "giving"
            want = {str(s) for s in playing if s != decl} | ({"dead"} if "dead" in gets else set())
            assert {a.split()[2] for a in g.legal_actions()} == want
            for _ in want:
                g.apply(rng.choice(g.legal_actions()))
        # after the giving (or laying off) every hand holds one card per trick
        assert [len(g.view(s)["hand"]) for s in playing] == [tricks] * len(playing)
        assert g.phase == "contract"
        g.apply(g.legal_actions()[0])

    def never_the_sitter(g):
        assert g.current_seat in playing
    play_random_deal(g, rng, never_the_sitter)
    end = g.deal_view(0, playing[0])
    assert len(end["tricks"]) == tricks
    assert all(len(t["cards"]) == len(playing) for t in end["tricks"])
    played = [c for t in end["tricks"] for _, c in t["cards"]]
    assert len(set(played)) == len(played) and set(played) <= set(deck)
    # what was not played: the dead hand (and the card given to it), the unchosen pile,
    # the laid-off cards
    away = dead + (1 if gets and "dead" in gets else 0) + (2 + 2 if row == "two_talons" else 0)
    assert len(played) == len(deck) - away


def test_s7_five_players_play_without_nines():
    for seed in range(20):
        g = Game.new(conv_of("five"), seed=seed)
        while g.phase == "bidding":
            g.apply("pass")
        fh = g.current_seat
        seen = set(g.view(fh)["hand"]) | set(g.view(fh)["talon"])
        for s in range(5):
            seen |= set(g.view(s)["hand"])
        assert len(seen) == 20 and not any(c[0] == "9" for c in seen)


# ---- actions that only some tables have (§9) --------------------------------------------

def test_s9_give_to_the_dead_hand_only_with_dead_hand():
    g = game_with(["pass", "pass"])                          # three players
    with pytest.raises(IllegalAction) as e:
        g.apply("give AD dead")
    assert e.value.code == "give_not_opponent"
    rec = json.loads((Path(__file__).parent / "records" / "two_dead_hand.json").read_text())
    deal = rec["deals"][0]
    g = table_game(deal["hands"], deal["talon"], ["pass"], rec["conventions"], dead=deal["dead"])
    legal = g.legal_actions()
    assert "give KD dead" in legal and "give KD 0" in legal
    g.apply("give KD dead")
    with pytest.raises(IllegalAction) as e:
        g.apply("give AD dead")                              # one card to the dead hand
    assert e.value.code == "give_twice"
    assert g.legal_actions() == [a for a in g.legal_actions() if a.endswith(" 0")]


def test_s9_talon_and_discard_only_with_two_talons():
    g = game_with(["pass", "pass"])
    for bad in ("talon 0", "discard AD"):
        with pytest.raises(IllegalAction):
            g.apply(bad)
    rec = json.loads((Path(__file__).parent / "records" / "two_talons_shortfall.json").read_text())
    deal = rec["deals"][0]
    g = table_game(deal["hands"], deal["talon"], ["pass"], rec["conventions"])
    with pytest.raises(IllegalAction):
        g.apply("discard AH")                                # first the pile
    g.apply("talon 0")
    assert sorted(g.legal_actions()) == sorted(f"discard {c}" for c in g.view(1)["hand"])
    with pytest.raises(IllegalAction) as e:
        g.apply("discard AC")                                # the opponent's card
    assert e.value.code == "discard_card_not_held"
    with pytest.raises(IllegalAction):
        g.apply("give AH 0")                                 # two talons: no giving


# ---- what the views hide (§7 + the view's promise) ---------------------------------------

def _all_views(g):
    return [g.view(s) for s in range(g.n)]


def test_s7_the_dead_hand_is_never_shown():
    for seed in range(4):
        hands, dead, piles, _ = documented_deal("dead_hand", seed, 0)
        g = Game.from_record(record([{"seed": seed, "actions": []}], dict(ROWS["dead_hand"][0])))

        def check(g):
            for v in _all_views(g):
                assert not set(dead) & cards_in(v)
                assert v["dead_size"] in (7, 8)
        check(g)
        play_random_deal(g, random.Random(seed), check)
        for s in range(2):
            assert not set(dead) & cards_in(g.deal_view(0, s))


def test_s7_two_talons_the_other_pile_and_the_discards_stay_hidden():
    for seed in range(4):
        hands, _, piles, _ = documented_deal("two_talons", seed, 0)
        g = Game.from_record(record([{"seed": seed, "actions": []}], dict(ROWS["two_talons"][0])))
        g.apply("pass")
        for v in _all_views(g):
            assert not (set(piles[0]) | set(piles[1])) & cards_in(v)     # before the choice
        g.apply("talon 0")
        own = [c for c in hands[1] if c in g.view(1)["hand"]]
        g.apply(f"discard {own[0]}")
        g.apply(f"discard {own[1]}")
        laid = {own[0], own[1]}
        assert set(g.view(1)["discards"]) == laid and g.view(0)["discards"] is None

        def check(g):
            for v in _all_views(g):
                assert not set(piles[1]) & cards_in(v)          # the pile not taken
            assert not laid & cards_in(g.view(0))               # the opponent never sees them
        check(g)
        play_random_deal(g, random.Random(seed), check)
        assert not laid & cards_in(g.deal_view(0, 0))
        assert not set(piles[1]) & cards_in(g.deal_view(0, 1))


def test_s7_draw_the_stock_and_the_other_hand_stay_hidden():
    for seed in range(4):
        g = Game.from_record(record([{"seed": seed, "actions": []}], dict(ROWS["draw"][0])))

        def check(g):
            hands = [set(g.view(s)["hand"]) for s in range(2)]
            played = {c for t in g.view(0)["tricks"] for _, c in t["cards"]} | \
                     {c for _, c in g.view(0)["trick"]}
            stock = set(DECK) - hands[0] - hands[1] - played
            assert len(stock) == g.view(0)["stock_size"]
            for s in range(2):
                assert not (stock | hands[1 - s]) & cards_in(g.view(s))
        check(g)
        play_random_deal(g, random.Random(seed), check)


def test_s7_draw_any_card_while_the_stock_lasts_then_follow_and_trump():
    rec = json.loads((Path(__file__).parent / "records" / "two_draw.json").read_text())
    deal = rec["deals"][0]
    acts = deal["actions"]

    def at(k):
        return table_game(deal["hands"], None, acts[:k], rec["conventions"], stock=deal["stock"])
    g = at(1)                              # seat 1 led AH; seat 0 holds only spades
    assert g.current_seat == 0 and len(g.legal_actions()) == 6
    g = at(2)                              # after the trick: the winner draws first
    assert "AC" in g.view(1)["hand"] and "TC" in g.view(0)["hand"]
    assert g.view(0)["stock_size"] == 10
    g = at(15)                             # trick 8: stock empty, seat 1 led TH, spades trump
    assert g.view(0)["stock_size"] == 0
    assert sorted(g.legal_actions()) == ["play AS", "play KS", "play TS"]
    with pytest.raises(IllegalAction) as e:
        g.apply("play JD")
    assert e.value.code == "must_trump"
    g = at(0)
    assert g.phase == "play" and g.current_seat == 1
    with pytest.raises(IllegalAction):
        g.apply("pass")                    # nobody bids in two_mode=draw


def test_s7_dealer_sits_out_gets_nothing_and_is_never_asked():
    rec = json.loads((Path(__file__).parent / "records" / "four_dealer_sits_out_half.json").read_text())
    deal = rec["deals"][0]
    g = table_game(deal["hands"], deal["talon"], [], rec["conventions"])
    v = g.view(0)
    assert v["hand"] == [] and v["sitting_out"] == 0 and v["playing"] == [1, 2, 3]
    assert v["forced_bidder"] == 1 and g.current_seat == 2
    assert cards_in(v) == set()            # the sitter sees no hand and no talon yet


# ---- §5.4 concessions at the other tables ------------------------------------------------

def _record_deal(name, k=0):
    rec = json.loads((Path(__file__).parent / "records" / f"{name}.json").read_text())
    return rec, rec["deals"][k]


@pytest.mark.parametrize("award, each", [("half_bid", 50), ("sixty", 60), ("split_120", 40)])
def test_s5_4_four_players_concession(award, each):
    """§5.4: half of the contract (rounded up to 10) to each opponent "whatever the number of
    opponents"; split_120: 120 split equally among the three."""
    rec, deal = _record_deal("four_all_play", 1)         # seat 2 concedes at 100
    conv = dict(rec["conventions"], concede_award=award)
    g = table_game(deal["hands"], deal["talon"], deal["actions"], conv, dealer=1)
    assert g.sheet[-1]["delta"] == [each, each, -100, each]


def test_s5_4_five_players_split_120():
    rec, deal = _record_deal("five_players")
    acts = deal["actions"][:8] + ["concede"]             # 4 passes, 4 gives, then concede
    assert acts[-2] == "give JC 0"
    conv = dict(rec["conventions"], concede_award="split_120", concede_penalty="none")
    g = table_game(deal["hands"], deal["talon"], acts, conv)
    assert g.sheet[-1]["delta"] == [30, 0, 30, 30, 30]


def test_s5_4_dealer_sits_out_the_award_goes_to_the_two_opponents():
    rec, deal = _record_deal("four_dealer_sits_out_half")
    acts = deal["actions"][:4] + ["concede"]
    conv = dict(rec["conventions"], concede_award="split_120")
    g = table_game(deal["hands"], deal["talon"], acts, conv)
    d = g.sheet[-1]["delta"]
    assert d[1:] == [-100, 60, 60]          # the sitter (seat 0) is no opponent
