"""RULES.md §9 game records: the seeded shuffle, record shape, round trips, start positions, errors."""
import json
import random

import pytest

from thousand import Game, IllegalAction, RecordError, ConventionError
from thousand.deal import seeded_deal
from thousand.cards import name
from thousand_helpers import record, deal_spec, deal_a_actions, game_with

NOTATION_DECK = [r + s for s in "SCDH" for r in "9JQKTA"]


def documented_shuffle(seed):
    deck = list(NOTATION_DECK)
    random.Random(seed).shuffle(deck)
    return deck


@pytest.mark.parametrize("seed", [0, 1, 7, 42, 2024, 123456789])
@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_s9_seeded_deal_is_the_documented_shuffle(seed, dealer):
    """§9: random.Random(N).shuffle of the notation-order deck; first hand gets cards 0–6,
    the next seat clockwise 7–13, the dealer 14–20, the talon 21–23."""
    deck = documented_shuffle(seed)
    g = Game.from_record(record([{"seed": seed, "actions": []}], first_dealer=dealer))
    first = (dealer + 1) % 3
    for i in range(3):
        seat = (first + i) % 3
        assert sorted(g.view(seat)["hand"]) == sorted(deck[7 * i: 7 * i + 7])
    assert [name(c) for c in g.deal.talon_cards] == deck[21:24]
    hands, talon = seeded_deal(seed, first)
    assert [name(c) for c in talon] == deck[21:24]


def test_s9_notation_order_deck():
    assert NOTATION_DECK[:7] == ["9S", "JS", "QS", "KS", "TS", "AS", "9C"]
    from thousand.cards import DECK
    assert [name(c) for c in DECK] == NOTATION_DECK


def test_s9_record_shape_and_round_trip():
    g = game_with(deal_a_actions())
    rec = g.to_record()
    assert rec["format"] == "thousand/1" and rec["conventions"] == {"preset": "classic"}
    assert rec["names"] == ["A", "B", "C"] and rec["first_dealer"] == 0
    assert rec["deals"][0]["actions"] == deal_a_actions()
    assert sorted(rec["deals"][0]["talon"]) == sorted(["AD", "TD", "KD"])
    back = Game.from_record(json.loads(json.dumps(rec)))
    assert back.state_key() == g.state_key() and back.sheet == g.sheet


def test_s9_new_game_is_deterministic_and_round_trips():
    a, b = Game.new(seed=11), Game.new(seed=11)
    for _ in range(40):
        assert a.legal_actions() == b.legal_actions()
        act = a.legal_actions()[-1]
        a.apply(act); b.apply(act)
    assert a.state_key() == b.state_key()
    assert Game.from_record(a.to_record()).state_key() == a.state_key()


def test_s9_start_position_round_trips():
    st = {"scores": [0, 880, 100], "bolts": [1, 0, 2], "barrel": [None, 1, None]}
    g = game_with(["pass"], start=st)
    rec = g.to_record()
    assert rec["start"] == st
    assert Game.from_record(rec).state_key() == g.state_key()


@pytest.mark.parametrize("mutate,err,word", [
    (lambda r: r.update(format="thousand/9"), RecordError, "format"),
    (lambda r: r.update(deals="x"), RecordError, "deals"),
    (lambda r: r["deals"][0]["hands"][0].__setitem__(0, "XX"), RecordError, "card"),
    (lambda r: r["deals"][0]["hands"][0].__setitem__(0, "AH"), RecordError, "once"),
    (lambda r: r["deals"][0]["hands"][0].pop(), RecordError, "7 cards"),
    (lambda r: r.update(conventions={"preset": "classic", "colour": 1}), ConventionError, "colour"),
    (lambda r: r.update(start={"scores": [0, 0, 0], "bolts": [0, 0, 0], "barrel": [None, None, None], "x": 1}),
     RecordError, "x"),
    (lambda r: r.update(start={"scores": [3, 0, 0]}), RecordError, "scores"),
    (lambda r: r.update(first_dealer=3), RecordError, "first_dealer"),
    (lambda r: r["deals"].__setitem__(0, {"actions": []}), RecordError, "seed"),
])
def test_s9_bad_records_are_refused_naming_the_problem(mutate, err, word):
    r = record([deal_spec(["pass"])])
    mutate(r)
    with pytest.raises(err, match=word):
        Game.from_record(r)


def test_s9_unfinished_deal_followed_by_another_is_refused():
    r = record([deal_spec(["pass"]), deal_spec([], dealer=1)])
    with pytest.raises(RecordError, match="not finished"):
        Game.from_record(r)


def test_s9_actions_after_the_deal_ended_are_refused():
    r = record([deal_spec(["pass", "pass", "give AD 0", "give TD 2", "concede", "pass"])])
    with pytest.raises(IllegalAction, match="deal 1, action 5"):
        Game.from_record(r)


def test_s9_actions_after_game_over_are_refused():
    st = {"scores": [0, 880, 0], "bolts": [0, 0, 0], "barrel": [None, 0, None]}
    r = record([deal_spec(deal_a_actions("contract 120")), deal_spec(["pass"], dealer=1)], start=st)
    with pytest.raises(RecordError, match="over"):
        Game.from_record(r)
    r = record([deal_spec(deal_a_actions("contract 120") + ["pass"])], start=st)
    with pytest.raises(IllegalAction, match="over"):
        Game.from_record(r)


@pytest.mark.parametrize("text", ["", "bid", "bid x", "play ZZ", "give AS", "give AS 9", "jump", 5.5])
def test_s9_unreadable_actions_raise_illegal_action(text):
    g = game_with([])
    with pytest.raises(IllegalAction):
        g.apply(text)


@pytest.mark.parametrize("text", ["redeal", "blind", "unblind", "talon 0", "discard AS", "give AS dead"])
def test_s9_actions_of_conventions_that_are_off_are_illegal(text):
    g = game_with([])
    with pytest.raises(IllegalAction) as e:
        g.apply(text)
    assert e.value.code and e.value.params["section"]


def test_s9_action_text_round_trip():
    from thousand import actions as A
    for m in [A.PASS, A.CONCEDE, A.bid(105), A.contract(300), A.give(5, 2), A.play(0), A.meld(23)]:
        assert A.parse(A.to_text(m)) == m
    assert A.parse("play 10H") == A.parse("play TH") == A.parse("play T♥")
