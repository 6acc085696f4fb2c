"""Deal challenge links (issue 11 item 2): the link carries the deal exactly, and a hostile
link is refused with the engine's own error."""
import base64
import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from thousand import Game, RecordError
from thousand.challenge import make, encode, decode, start
from thousand_helpers import random_conventions, record, deal_spec, deal_a_actions


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_challenge_round_trips_the_deal_exactly(players):
    rng = random.Random(players)
    conv = random_conventions(rng, players)
    g = Game.new(conv, seed=3, first_dealer=1 % players)
    while len(g.sheet) < 2 and not g.finished:
        g.push(rng.choice(g.legal_moves()))
    number = len(g.sheet) - 1
    seat = g.deals[number].playing[0]
    ch = decode(encode(make(g, number, seat, "hard", "Аня")))
    fresh = start(ch)
    d, orig = fresh.deal, g.deals[number]
    assert (d.dealer, d.cards.hands, d.cards.talons, d.cards.dead, d.cards.stock) == \
        (orig.dealer, orig.cards.hands, orig.cards.talons, orig.cards.dead, orig.cards.stock)
    assert ch["result"] == g.sheet[number]["delta"][seat] and ch["name"] == "Аня"
    assert fresh.conv == g.conv


def test_explicit_cards_travel_too():
    g = Game.from_record(record([deal_spec(deal_a_actions())]))
    ch = decode(encode(make(g, 0, 1, "normal")))
    assert "hands" in ch["deal"] and start(ch).deal.cards.hands == g.deals[0].cards.hands


def _b64(obj) -> str:
    raw = obj if isinstance(obj, bytes) else json.dumps(obj).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


GOOD = {"v": 1, "rules": "classic", "dealer": 0, "seat": 1, "level": "hard",
        "deal": {"seed": 7}, "result": 120, "name": "x"}


@pytest.mark.parametrize("bad", [
    "", "!!!", "a" * 5000, _b64(b"\xff\xfe"), _b64([1, 2]), _b64({**GOOD, "v": 2}),
    _b64({**GOOD, "rules": "classic,players=9"}), _b64({**GOOD, "seat": 3}),
    _b64({**GOOD, "seat": True}), _b64({**GOOD, "level": "god"}), _b64({**GOOD, "deal": {"seed": "7"}}),
    _b64({**GOOD, "deal": {"hands": [["AS"] * 7] * 3, "talon": ["AS", "AS", "AS"]}}),
    _b64({**GOOD, "deal": {"seed": 7, "actions": ["pass"]}}), _b64({**GOOD, "extra": 1}),
    _b64({**GOOD, "result": 1.5}), _b64({**GOOD, "name": "x" * 100}), _b64("[" * 5000),
    _b64({**GOOD, "rules": "four,four_mode=dealer_sits_out", "dealer": 1, "seat": 1}),
])
def test_hostile_challenges_are_refused(bad):
    with pytest.raises(RecordError) as e:
        decode(bad)
    assert e.value.code == "bad_challenge"
    assert decode(_b64(GOOD))["deal"] == {"seed": 7}


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=300) | st.binary(max_size=300).map(_b64))
def test_any_text_gives_a_challenge_or_the_engines_error(text):
    try:
        decode(text)
    except RecordError:
        pass


@pytest.mark.parametrize("players,code", [(3, "classic"), (4, "four,four_mode=dealer_sits_out"),
                                          (2, "two,two_mode=dead_hand"), (5, "classic,players=5")])
def test_a_table_that_seats_its_player_elsewhere_turns_the_deal(players, code):
    """The web table always seats its player at seat 0: a challenge for another seat is
    turned round the table — the same hand for the player, the same cards for the others in
    the same order after him, and the dealer as many places away as before (RULES §7)."""
    from thousand import Conventions
    conv = Conventions.from_code(code)
    g = Game.new(conv, seed=11, first_dealer=0)
    seat = g.deals[0].playing[1]
    ch = decode(encode(make(g, 0, seat, "normal")))
    turned = start(ch, seat=0)
    d, orig = turned.deals[0], g.deals[0]
    n = players
    for s in range(n):
        assert d.cards.hands[s] == orig.cards.hands[(s + seat) % n]
    assert (d.dealer - 0) % n == (orig.dealer - seat) % n
    assert (d.cards.talons, d.cards.dead, d.cards.stock) == \
        (orig.cards.talons, orig.cards.dead, orig.cards.stock)
    assert [(s - 0) % n for s in d.playing] == [(s - seat) % n for s in orig.playing]
    assert start(ch, seat=seat).deals[0].cards.hands == orig.cards.hands
