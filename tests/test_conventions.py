"""RULES.md §6 conventions as data, §8 presets, the share-link codec; impossible combinations refused."""
import pytest

from thousand import Conventions, ConventionError, Game, PRESETS


def test_s6_defaults_are_the_catalog_defaults():
    c = Conventions()
    assert (c.players, c.target, c.barrel_at, c.penalty) == (3, 1000, 880, 120)
    assert (c.forced_bidder, c.bid_step, c.max_bid, c.bid_cap) == ("first_hand", 5, 300, "marriages")
    assert not c.win_above_target and not c.no_jump_bids and c.silence_below == "off"
    assert c.end_at_minus_1000
    assert not any([c.meld_on_first_lead, c.ace_marriage, c.must_beat, c.no_lead_foreign_trump,
                    c.must_lead_trump, c.hide_talon_at_100, c.give_face_down, c.round_declarer,
                    c.four_nines_bonus])
    assert (c.bolt_on, c.bolts_mode, c.no_bolt_on_own_game) == ("no_tricks", "total", False)
    assert c.dump_555 and not c.dump_minus_555 and not c.three_barrels_zero
    assert c.concede_allowed and (c.concede_award, c.concede_penalty) == ("half_bid", "bid")
    assert not c.concede_limit_three and not c.concede_third_penalty and not c.concede_on_barrel
    assert c.concede_when_anyone_on_barrel
    assert (c.barrel_deals, c.barrel_bidding, c.round_need) == (3, "normal", True)
    assert c.barrel_failed_contract == "attempt" and c.barrel_knockoff and c.barrel_simultaneous
    assert not c.barrel_freezes_opponents and not c.settlement


@pytest.mark.parametrize("changes,need", [
    ({}, 120),                                                    # §4.1: 1000 − 880
    ({"target": 1001}, 125),                                      # 121 rounded up (round_need)
    ({"target": 1001, "round_need": False}, 121),                 # seed 000: exact
    ({"win_above_target": True}, 125),                            # §6.1: 125
    ({"win_above_target": True, "barrel_at": 900}, 105),          # §6.1: 105
    ({"barrel_at": 900}, 100),                                    # §4.1: 100 with barrel at 900
])
def test_s4_1_need(changes, need):
    assert Conventions(**changes).need == need


# ---- §8 presets ---------------------------------------------------------------
def test_s8_classic_is_every_default():
    assert Conventions.from_preset("classic") == Conventions()


def test_s8_table000():
    c = Conventions.from_preset("table000")
    assert c.target == 1001 and c.round_need is False and c.need == 121
    assert c.ace_marriage and c.barrel_failed_contract == "minus_bid_if_raised"
    assert c.barrel_freezes_opponents and c.concede_penalty == "bid" and c.concede_award == "half_bid"
    assert c.dump_555 and c.dump_minus_555 and c.end_at_minus_1000


def test_s8_site002():
    c = Conventions.from_preset("site002")
    assert (c.forced_bidder, c.bid_cap, c.bolt_on) == ("dealer", "any_marriage", "zero_points")
    assert (c.concede_award, c.concede_penalty) == ("split_120", "none")


def test_s8_polish():
    c = Conventions.from_preset("polish")
    assert c.bid_step == 10 and c.must_beat
    assert c.replace(bid_step=5, must_beat=False) == Conventions()


def test_s8_two_and_four():
    """§8: `two` — 2 players, two_mode=eleven, concede_award=sixty; `four` — 4 players, all_play."""
    two = Conventions.from_preset("two")
    assert (two.players, two.two_mode, two.concede_award) == (2, "eleven", "sixty")
    four = Conventions.from_preset("four")
    assert (four.players, four.four_mode) == (4, "all_play")


def test_s8_club001_values_are_recorded():
    """§8 club001: the three redeals, three_barrels_zero; with 4 players the dealer sits out."""
    c = Conventions.from_preset("club001")
    assert c.redeal_two_nines_talon and c.redeal_low_talon == 5
    assert c.redeal_four_nines_after and c.three_barrels_zero
    assert c.replace(players=4).layout.dealer_sits_out
    assert not c.layout.dealer_sits_out and c.layout.players == 3


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_s8_every_preset_is_accepted_and_round_trips(preset):
    c = Conventions.from_preset(preset)
    assert Conventions.from_code(c.to_code()) == c and c.to_code() == preset


@pytest.mark.parametrize("changes", [
    {"players": 2}, {"players": 4}, {"players": 5}, {"players": 6},
    {"players": 2, "two_mode": "draw"}, {"players": 4, "four_mode": "dealer_sits_out"},
    {"redeal_four_nines_dealt": True}, {"redeal_low_hand": 14}, {"redeal_low_talon": 5},
    {"redeal_two_nines_talon": True}, {"redeal_four_nines_after": True}, {"redeal_only_at_100": True},
    {"golden_round": "on"}, {"golden_round": "double_only"}, {"golden_double_bolts": True},
    {"golden_reset": True}, {"golden_can_raise": True}, {"concede_on_golden": True},
    {"blind": "on"}, {"blind_hide_talon": True}, {"blind_not_on_barrel": True},
    {"blind_allow_concede": True}, {"blind_max_240": True}, {"blind_double_bolts": True},
    {"unblind": True}, {"unblind_takes_talon": True}, {"fail_by": "shortfall"},
])
def test_s6_3_s6_6_s6_7_s7_conventions_are_accepted(changes):
    """§6.3 redeals, §6.6 golden round, §6.7 blind game, §6.4 fail_by and every player count
    of §7 are accepted, in code and in a record, and survive the codec."""
    c = Conventions(**changes)
    assert Conventions.from_code(c.to_code()) == c
    g = Game.from_record({"format": "thousand/1", "conventions": c.to_dict(), "deals": []})
    assert g.conv == c


@pytest.mark.parametrize("changes,words", [
    ({"players": 2, "two_mode": "draw", "golden_round": "on"}, ("golden_round", "two_mode")),
    ({"players": 2, "two_mode": "draw", "blind": "on"}, ("blind", "two_mode")),
])
def test_s7_draw_mode_has_no_declarer_for_a_golden_or_blind_game(changes, words):
    """§7 draw: nobody declares, so neither the golden round's declarer (§6.6) nor a blind
    declarer (§6.7) can exist: refused naming both fields."""
    with pytest.raises(ConventionError) as e:
        Conventions(**changes)
    assert all(w in str(e.value) for w in words) and e.value.code == "incompatible"
    assert Conventions(players=2, two_mode="draw", golden_round="double_only").golden_round == "double_only"


def test_s6_2_must_lead_trump_and_no_lead_foreign_trump_exclusive():
    with pytest.raises(ConventionError, match="must_lead_trump"):
        Conventions(must_lead_trump=True, no_lead_foreign_trump=True)


@pytest.mark.parametrize("changes,word", [
    ({"target": 999}, "target"), ({"bid_step": 7}, "bid_step"), ({"penalty": 33}, "penalty"),
    ({"penalty": 0}, "penalty"), ({"bid_cap": "lots"}, "bid_cap"), ({"silence_below": -50}, "silence_below"),
    ({"must_beat": "yes"}, "must_beat"), ({"bolts_mode": "never"}, "bolts_mode"),
    ({"barrel_at": 850}, "barrel_at"),
])
def test_s6_bad_values_refused_naming_the_field(changes, word):
    with pytest.raises(ConventionError, match=word):
        Conventions(**changes)


# ---- share-link codec -----------------------------------------------------------
def test_codec_classic_is_just_the_preset():
    assert Conventions().to_code() == "classic"
    assert Conventions.from_code("classic") == Conventions()
    assert Conventions.from_code("") == Conventions()


def test_codec_preset_plus_changed_fields():
    c = Conventions.from_code("classic,target=1001,ace_marriage=on,silence_below=-100,penalty=150")
    assert c.target == 1001 and c.ace_marriage and c.silence_below == -100 and c.penalty == 150
    assert c.preset == "classic"
    code = c.to_code()
    assert code.startswith("classic,")
    assert set(code.split(",")[1:]) == {"target=1001", "ace_marriage=on", "silence_below=-100",
                                        "penalty=150"}


def test_codec_change_relative_to_preset():
    c = Conventions.from_code("table000,ace_marriage=off")
    assert c.preset == "table000" and not c.ace_marriage and c.target == 1001
    assert c.to_code() == "table000,ace_marriage=off"
    assert Conventions.from_code("table000").to_code() == "table000"


@pytest.mark.parametrize("code", [
    "classic", "table000", "site002", "polish",
    "classic,must_beat=on,bid_step=10", "polish,must_beat=off",
    "classic,silence_below=0", "classic,silence_below=-1000,end_at_minus_1000=off",
    "site002,concede_award=sixty,bolts_mode=in_a_row",
    "classic,barrel_bidding=auto,barrel_failed_contract=minus_bid,barrel_at=900,win_above_target=on",
])
def test_codec_round_trips_exactly(code):
    c = Conventions.from_code(code)
    assert Conventions.from_code(c.to_code()) == c
    assert Conventions.from_code(c.to_code()).to_code() == c.to_code()
    assert Conventions.from_dict(c.to_dict()) == c
    assert Conventions.from_dict(c.to_dict()).preset == c.preset


def test_codec_round_trips_random_conventions():
    import random
    from thousand_helpers import random_conventions
    rng = random.Random(5)
    for _ in range(200):
        c = random_conventions(rng)
        back = Conventions.from_code(c.to_code())
        assert back == c
        assert back.to_code() == c.to_code()


@pytest.mark.parametrize("code,word", [
    ("classic,colour=red", "colour"),
    ("nosuch", "nosuch"),
    ("classic,target=abc", "target"),
    ("classic,must_beat=maybe", "must_beat"),
    ("classic,target=1002", "target"),
    ("classic,bid_cap=all", "bid_cap"),
    ("classic,penalty", "penalty"),
])
def test_codec_unknown_key_or_bad_value_names_it(code, word):
    with pytest.raises(ConventionError, match=word):
        Conventions.from_code(code)


def test_codec_lenient_reports_problems_and_keeps_the_rest():
    c, problems = Conventions.from_code_lenient("classic,target=1001,colour=red")
    assert c.target == 1001
    assert len(problems) == 1 and "colour" in problems[0]


def test_from_dict_unknown_key_named():
    with pytest.raises(ConventionError, match="colour"):
        Conventions.from_dict({"preset": "classic", "colour": "red"})
    with pytest.raises(ConventionError, match="unknown preset"):
        Conventions.from_dict({"preset": "bogus"})


def test_catalog_lists_every_field_with_section():
    cat = Conventions.catalog()
    ids = {e["id"] for e in cat}
    assert {"players", "must_beat", "barrel_knockoff", "golden_round", "blind"} <= ids
    sections = {e["id"]: e["section"] for e in cat}
    assert sections["must_beat"] == "6.2" and sections["barrel_knockoff"] == "6.5a"
    assert all(e["label_en"] and e["label_ru"] for e in cat)
    assert next(e for e in cat if e["id"] == "two_mode")["values"] == ["eleven", "two_talons", "dead_hand", "draw"]
