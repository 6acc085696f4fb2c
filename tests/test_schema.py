"""The record schema (docs/record-format.md, next to RULES.md §9): every bad input is one of
the engine's errors, naming the problem (.code) and the field (.params), never a bare Python
error; and nothing bad is silently accepted.

The first block is issue 12's list "Bad input crashes the engine with bare Python errors",
case by case (each failed on the code before the schema: a bare AttributeError, TypeError
or ValueError, or the record was accepted).
"""
import copy
import json
from pathlib import Path

import pytest

from thousand import Conventions, Game, IllegalAction, RecordError, ConventionError
from thousand_helpers import record, deal_spec, deal_a_actions

RECORDS = Path(__file__).parent / "records"
ENGINE_ERRORS = (IllegalAction, RecordError, ConventionError)


def load(name):
    return json.loads((RECORDS / name).read_text(encoding="utf-8"))


def refused(rec, err=RecordError):
    """Game.from_record(rec) raises `err` (one of the engine's errors); returns it."""
    with pytest.raises(ENGINE_ERRORS) as e:
        Game.from_record(rec)
    assert isinstance(e.value, err), repr(e.value)
    assert e.value.code and str(e.value)
    return e.value


# ---- issue 12: "Bad input crashes the engine" ------------------------------------------------
def test_i12_a_card_that_is_not_a_string_is_a_record_error():
    """§9 cards are texts: [1, 2, ...] crashed in cards.card (AttributeError: 'int' ... strip)."""
    rec = {"deals": [{"hands": [[1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14],
                                [15, 16, 17, 18, 19, 20, 21]], "talon": [22, 23, 0]}]}
    e = refused(rec)
    assert e.code == "bad_card" and e.params["field"] == "deals[0].hands[0][0]"
    assert e.params["deal"] == 1 and "deal 1" in str(e)


@pytest.mark.parametrize("action", [None, [], {}, ["pass"], {"action": "pass"}, 1105, 1105.0,
                                    True, 0])
def test_i12_an_action_that_is_not_a_string_is_a_record_error(action):
    """§9 actions are texts: null, a list or an object crashed in the steps (TypeError), and a
    number was taken as the engine's internal move (1105 = "bid 105"), also 1105.0."""
    e = refused({"deals": [{"seed": 1, "actions": [action]}]})
    assert e.code == "bad_action"
    assert e.params["field"] == "deals[0].actions[0]" and e.params["index"] == 0


def test_i12_a_decimal_action_before_a_legal_one_is_refused():
    """[1105.0, "pass"]: stored as a legal move, then a TypeError."""
    e = refused({"deals": [{"seed": 1, "actions": [1105.0, "pass"]}]})
    assert e.code == "bad_action" and "1105.0" in str(e)


@pytest.mark.parametrize("move", [1105, 1105.0, 0, True, None, ["pass"]])
def test_i12_apply_takes_only_text(move):
    """The internal integer encoding never crosses the API: Game.apply(1105) is not 'bid 105'."""
    g = Game.new(seed=1)
    before = g.state_key()
    with pytest.raises(IllegalAction) as e:
        g.apply(move)
    assert e.value.code == "unreadable_action"
    assert g.state_key() == before


@pytest.mark.parametrize("names,code", [(5, "bad_type"), ("abc", "bad_type"), ({"a": 1}, "bad_type"),
                                        (["A", "B"], "bad_value"), (["A", "B", 3], "bad_type")])
def test_i12_names_must_be_a_list_of_texts(names, code):
    """{"names": 5} crashed (TypeError) and "abc" became three players."""
    e = refused({"names": names, "deals": []})
    assert e.code == code and e.params["field"].startswith("names")


@pytest.mark.parametrize("preset", [[], {}, 5, None, True])
def test_i12_a_preset_that_is_not_a_name_is_a_convention_error(preset):
    """{"conventions": {"preset": []}} crashed (TypeError: unhashable type)."""
    e = refused({"conventions": {"preset": preset}, "deals": []}, ConventionError)
    assert e.params["field"] == "preset"


@pytest.mark.parametrize("code", [5, None, [], {}, b"classic", 1.5, True])
def test_i12_a_rules_code_that_is_not_a_text_is_a_convention_error(code):
    """Conventions.from_code(5) crashed (AttributeError); from_code(None) gave classic."""
    with pytest.raises(ConventionError) as e:
        Conventions.from_code(code)
    assert e.value.code == "bad_type" and e.value.params["field"] == "rules"
    conv, problems = Conventions.read_code(code)
    assert conv == Conventions() and [p.code for p in problems] == ["bad_type"]


@pytest.mark.parametrize("field,value", [
    ("first_dealer", True), ("first_dealer", 1.0), ("first_dealer", "1"), ("first_dealer", 3),
    ("seed", True), ("seed", 7.0), ("seed", -1), ("seed", "7"), ("seed", 2 ** 63),
])
def test_i12_seats_and_seeds_are_whole_numbers_not_bools(field, value):
    """first_dealer: true was taken as seat 1, seed: true as a seed (bool is an int in Python)."""
    rec = record([deal_spec(["pass"])])
    rec[field] = value
    e = refused(rec)
    assert e.params["field"] == field and e.code in ("bad_type", "bad_value")


@pytest.mark.parametrize("seed", [True, False, 7.0, "7", -3])
def test_i12_a_deal_seed_is_a_whole_number(seed):
    e = refused({"deals": [{"seed": seed, "actions": []}]})
    assert e.params["field"] == "deals[0].seed"


@pytest.mark.parametrize("conventions", [[], "classic", 5, True, [["preset", "classic"]]])
def test_i12_conventions_must_be_an_object(conventions):
    """conventions: [] was taken as classic."""
    e = refused({"conventions": conventions, "deals": []})
    assert e.code == "bad_type" and e.params["field"] == "conventions"


def _xx_deal():
    d = deal_spec([])
    d["hands"][0][0] = "XX"
    return d


@pytest.mark.parametrize("extra,code", [
    ({"seed": 3}, "game_over"), (deal_spec([]), "game_over"),
    ({"seed": 3, "actions": ["pass"]}, "game_over"), (_xx_deal(), "bad_card")],
    ids=["seeded", "cards", "with_an_action", "XX"])
def test_i12_deals_after_the_game_is_over_are_refused(extra, code):
    """barrel_win.json ends with seat 1's win (§4.2); a deal after it was silently dropped by
    to_record, even with cards like "XX"."""
    rec = load("barrel_win.json")
    assert Game.from_record(rec).finished
    rec["deals"].append(extra)
    e = refused(rec)
    assert e.code == code and e.params["deal"] == len(rec["deals"])


# ---- more holes: types taken exactly, sizes, names, unknown keys -----------------------------
@pytest.mark.parametrize("conv", [
    {"silence_below": -100.0}, {"players": 3.0}, {"players": True}, {"target": 1000.0},
    {"penalty": 120.0}, {"redeal_low_hand": True}, {"redeal_low_hand": 14.0},
    {"ace_marriage": 1}, {"ace_marriage": "on"}, {"bid_step": "5"}, {"blind": False},
    {"target": 10 ** 5000}, {"penalty": 10 ** 5000}, {"silence_below": 10 ** 5000},
    {"colour": "red"}, {"two_mode": ["eleven"]}, {"target": None},
])
def test_s9_convention_values_are_exactly_of_their_kind(conv):
    """A float equal to a value (silence_below -100.0 was accepted, and its rules code could
    not be read back), a bool for a number, a number of 5000 digits (ValueError from str())."""
    e = refused({"conventions": {"preset": "classic", **conv}, "deals": []}, ConventionError)
    assert e.code in ("bad_value", "unknown_convention")
    assert e.params["field"] == next(iter(conv))[:40]


@pytest.mark.parametrize("name", ["x" * 41, "\ud800", "a\nb", "a\x00", "\x7f"])
def test_s9_names_are_short_printable_texts(name):
    """A name of a million characters or with a lone surrogate (which cannot be saved as
    UTF-8) was accepted."""
    e = refused({"names": [name, "B", "C"], "deals": []})
    assert e.params["field"] == "names[0]" and "\n" not in str(e)


def test_s9_names_may_be_any_unicode_up_to_40():
    g = Game.from_record({"names": ["Вы", "Bot ♠", "x" * 40], "deals": []})
    assert g.names == ["Вы", "Bot ♠", "x" * 40]


@pytest.mark.parametrize("key", ["convention", "deal", "first_deler", "Names"])
def test_s9_unknown_record_keys_are_refused(key):
    """A typo like "convention" silently gave classic."""
    rec = record([deal_spec(["pass"])])
    rec[key] = rec.get(key + "s", 0)
    e = refused(rec)
    assert e.code == "unknown_key" and e.params["field"] == "record"


def test_s9_comment_and_expected_are_annotations():
    rec = record([deal_spec(["pass"])])
    rec.update(comment="x", expected={"anything": [1, [2, [3]]]}, working=[{"deal": 1}])
    g = Game.from_record(rec)
    assert "comment" not in g.to_record() and "expected" not in g.to_record()


@pytest.mark.parametrize("mutate,field,code", [
    (lambda r: r["deals"][0].update(colour=1), "deals[0]", "unknown_key"),
    (lambda r: r["deals"][0].update(seed=5), "deals[0].seed", "bad_value"),
    (lambda r: r["deals"][0].update(actions="pass"), "deals[0].actions", "bad_type"),
    (lambda r: r["deals"][0].update(actions=["pass"] * 401), "deals[0].actions", "too_long"),
    (lambda r: r["deals"][0].update(actions=["pass " * 9]), "deals[0].actions[0]", "too_long"),
    (lambda r: r["deals"][0].update(talon="AD TD KD"), "deals[0].talon", "bad_type"),
    (lambda r: r["deals"][0].update(talon=["AD", "TD"]), "deals[0].talon", "bad_deal_shape"),
    (lambda r: r["deals"][0].update(dead=["AD"]), "deals[0].dead", "too_long"),
    (lambda r: r["deals"][0]["hands"].append([]), "deals[0].hands", "too_long"),
    (lambda r: r["deals"][0]["hands"][1].append("9D"), "deals[0].hands[1]", "too_long"),
    (lambda r: r["deals"][0]["hands"][1].__setitem__(0, ["AS"]), "deals[0].hands[1][0]", "bad_card"),
    (lambda r: r["deals"][0]["hands"][1].__setitem__(0, "ZZ"), "deals[0].hands[1][0]", "bad_card"),
    (lambda r: r["deals"][0]["hands"][1].__setitem__(0, "AS"), "deals[0].hands", "bad_deal_cards"),
    (lambda r: r.update(deals=[{}]), "deals[0].seed", "missing"),
    (lambda r: r.update(deals=[[]]), "deals[0]", "bad_type"),
    (lambda r: r.update(deals={"0": {}}), "deals", "bad_type"),
    (lambda r: r.update(deals=[{"seed": 1}] * 2001), "deals", "too_long"),
    (lambda r: r.pop("deals"), "deals", "missing"),
    (lambda r: r.update(format=1), "format", "bad_type"),
    (lambda r: r.update(format="thousand/2"), "format", "bad_format"),
    (lambda r: r.update(start=[0, 0, 0]), "start", "bad_type"),
    (lambda r: r.update(start={"scores": [0, 0, True]}), "start.scores[2]", "bad_type"),
    (lambda r: r.update(start={"scores": [0, 0, 5.0]}), "start.scores[2]", "bad_type"),
    (lambda r: r.update(start={"scores": [0, 0, 10 ** 400]}), "start.scores[2]", "bad_value"),
    (lambda r: r.update(start={"scores": [0, 0, 3]}), "start.scores[2]", "bad_value"),
    (lambda r: r.update(start={"scores": [0, 0]}), "start.scores", "bad_value"),
    (lambda r: r.update(start={"bolts": [0, 3, 0]}), "start.bolts[1]", "bad_value"),
    (lambda r: r.update(start={"barrel": [None, True, None], "scores": [0, 880, 0]}),
     "start.barrel[1]", "bad_type"),
    (lambda r: r.update(start={"barrel": [None, 3, None], "scores": [0, 880, 0]}),
     "start.barrel[1]", "bad_value"),
    (lambda r: r.update(start={"scores": [0, 900, 0]}), "start.barrel[1]", "bad_value"),
    (lambda r: r.update(start={"falls": [0, 0, -1]}), "start.falls[2]", "bad_value"),
    (lambda r: r.update(start={"x": 1}), "start", "unknown_key"),
])
def test_s9_every_field_is_checked_and_named(mutate, field, code):
    r = record([deal_spec(["pass"])])
    mutate(r)
    e = refused(r)
    assert (e.code, e.params["field"]) == (code, field), str(e)
    assert "\n" not in str(e)


def test_s9_null_is_the_same_as_absent():
    r = record([deal_spec(["pass"])])
    r.update(seed=None, start=None, names=None, first_dealer=None, format=None)
    r["deals"][0].update(actions=None, dead=None)
    g = Game.from_record(r)
    assert g.names == ["You", "Bot 1", "Bot 2"] and g.deal.actions == [] and g.seed is None


def test_s7_a_sitting_out_dealer_holds_the_empty_hand():
    """four_mode=dealer_sits_out: the empty hand must be the dealer's (§7, §9)."""
    conv = Conventions(players=4, four_mode="dealer_sits_out")
    g = Game.new(conv, seed=5, first_dealer=0)
    rec = g.to_record()
    assert rec["deals"][0].get("hands") is None      # seeded: write its cards out
    from thousand.deal import cards_to_spec
    spec = cards_to_spec(g.deal.cards, g.layout)
    assert spec["hands"][0] == []
    good = dict(rec, deals=[dict(spec, actions=[])])
    assert Game.from_record(good).deal.hands == g.deal.hands
    wrong = copy.deepcopy(good)
    wrong["deals"][0]["hands"][0], wrong["deals"][0]["hands"][2] = spec["hands"][2], []
    e = refused(wrong)
    assert e.code == "bad_deal_shape" and e.params["field"] == "deals[0].hands[0]"


# ---- actions: text only, the dead hand by name --------------------------------------------
def test_s9_give_to_the_dead_hand_is_spelled_dead():
    """The dead hand's internal index (6) is not a seat: "give 9S 6" was played as
    "give 9S dead" (two_mode=dead_hand, §7)."""
    g = Game.new(Conventions(players=2, two_mode="dead_hand"), seed=3)
    while g.phase != "giving":
        g.apply(g.legal_actions()[0])
    dead = next(a for a in g.legal_actions() if a.endswith(" dead"))
    with pytest.raises(IllegalAction) as e:
        g.apply(dead.replace("dead", "6"))
    assert e.value.code == "unreadable_action"
    g.apply(dead)


# ---- the rules code -----------------------------------------------------------------------
def test_s8_from_code_errors_carry_the_first_problem():
    with pytest.raises(ConventionError) as e:
        Conventions.from_code("classic,colour=red,target=7")
    assert e.value.code == "unknown_convention" and e.value.params["field"] == "colour"
    assert [p["code"] for p in e.value.params["problems"]] == ["unknown_convention", "bad_value"]


def test_s8_a_field_given_twice_keeps_the_first():
    conv, problems = Conventions.read_code("classic,target=1001,target=1000")
    assert conv.target == 1001 and [p.code for p in problems] == ["duplicate"]


def test_s8_a_long_code_reports_at_most_20_problems():
    conv, problems = Conventions.read_code(",".join(f"x{i}=1" for i in range(500)))
    assert conv == Conventions() and len(problems) == 21
    assert problems[0].code == "code_too_long" and problems[-1].code == "too_many_problems"


@pytest.mark.parametrize("code", ["classic,silence_below=-100", "table000", "two,target=1001"])
def test_s8_codes_round_trip_through_records(code):
    conv = Conventions.from_code(code)
    g = Game.from_record({"conventions": conv.to_dict(), "deals": []})
    assert g.conv == conv and Conventions.from_code(g.conv.to_code()) == conv


# ---- JSON text (schema.loads) -------------------------------------------------------------
from thousand import schema  # noqa: E402


@pytest.mark.parametrize("text,code", [
    ("[" * 1000 + "]" * 1000, "too_deep"),
    ('{"deals": ' + "[" * 21 + "]" * 21 + "}", "too_deep"),
    ('{"a": "' + "[" * 5000 + '", "deals": []}', None),       # brackets in a string are text
    ('{"a": "\\"' + "[" * 50 + '"}', None),                    # an escaped quote
    ('{"a": "\\\\"' + ", \"b\": " + "[" * 50 + "]" * 50 + "}", "too_deep"),
    ("{not json", "not_json"),
    ('{"seed": NaN}', "not_json"), ('{"seed": Infinity}', "not_json"),
    ('{"seed": ' + "9" * 31 + "}", "number_too_long"),
    ('{"seed": 1, "seed": 2}', "duplicate_key"),
    ("[" + "[]," * 200_001 + "[]]", "too_large"),
])
def test_s9_json_text_limits(text, code):
    if code is None:
        assert isinstance(schema.loads(text), dict)
        return
    with pytest.raises(RecordError) as e:
        schema.loads(text)
    assert e.value.code == code


def test_s9_json_bytes_size_and_encoding():
    with pytest.raises(RecordError) as e:
        schema.loads(b"{}" + b" " * schema.MAX_JSON_BYTES)
    assert e.value.code == "too_large"
    with pytest.raises(RecordError) as e:
        schema.loads(b'{"names": ["\xff"]}')
    assert e.value.code == "not_utf8" and e.value.params["offset"] == 12
    assert schema.loads("\ufeff{}".encode()) == {}
    with pytest.raises(RecordError) as e:
        schema.loads(None)
    assert e.value.code == "bad_type"


def test_s9_from_json_replays_a_record_file():
    text = (RECORDS / "rounding.json").read_bytes()
    assert Game.from_json(text).sheet == Game.from_record(json.loads(text)).sheet


def test_s9_json_depth_scan_is_linear_in_a_text_full_of_quotes():
    """A text of escaped quotes and no closing one: a regular expression for strings would
    retry at every quote and take hours here (the scan takes a fraction of a second)."""
    text = '{"a": "' + '\\"' * 1_000_000 + "[" * 30
    with pytest.raises(RecordError) as e:
        schema.loads(text)
    assert e.value.code == "not_json"       # the brackets are inside the unclosed string


def test_s9_valid_records_are_unchanged_by_the_schema():
    """Every record in tests/records replays, and its to_record replays to the same state."""
    for path in sorted(RECORDS.glob("*.json")):
        rec = load(path.name)
        if "error" in rec.get("expected", {}):
            continue
        g = Game.from_record(rec)
        back = Game.from_record(json.loads(json.dumps(g.to_record())))
        assert back.state_key() == g.state_key() and back.sheet == g.sheet, path.name


def test_s9_deal_a_still_replays_through_from_json():
    rec = record([deal_spec(deal_a_actions())])
    g = Game.from_json(json.dumps(rec))
    assert g.sheet[0]["delta"] == [15, 100, 15]
