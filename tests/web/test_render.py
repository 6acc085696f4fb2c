"""Renderers are functions of (view, UI state, language): checked on real engine views."""
import copy

import pytest

from thousand import Game, accessible_name, card
from thousand.web import i18n
from thousand.web.render_dialogs import overlay
from thousand.web.render_table import table
from thousand.web.ui_state import UIState

SETTINGS = {"lang": "ru", "names": ["Вы", "Бот 1", "Бот 2"], "level": "normal", "speed": "instant",
            "rules": "classic"}


def ui(**kw):
    u = UIState(dict(SETTINGS))
    u.ready = True
    for k, v in kw.items():
        setattr(u, k, v)
    return u


def human_turn_game(phase, seed=7):
    g = Game.new(names=["Вы", "Бот 1", "Бот 2"], first_dealer=2, seed=seed)
    for _ in range(500):
        if g.phase == phase and g.current_seat == 0:
            return g
        g.apply(g.legal_actions()[0] if g.phase != "bidding" or g.current_seat != 0
                else ("bid 105" if "bid 105" in g.legal_actions() else "pass"))
    pytest.skip(f"no human turn in {phase}")


def test_english_card_names_agree_with_the_engine():
    for code in [r + s for r in "9JQKTA" for s in "SCDH"]:
        assert i18n.card_name("en", code) == accessible_name(card(code), "en")


def test_russian_card_names_are_words_with_the_cases_a_sentence_needs():
    """Screen readers read "Дама червей", not "Дама ♥" (issue 9); "отдать Даму червей"."""
    assert i18n.card_name("ru", "QH") == "Дама червей"
    assert i18n.card_name("ru", "TD") == "Десятка бубён"
    assert i18n.card_name("ru", "JC", "acc") == "Валета треф"
    assert i18n.card_name("uk", "AS") == "Туз пік"
    assert i18n.card_name("pl", "QH", "acc") == "Damę kier"
    for lang in i18n.LANG_CODES:
        for code in [r + s for r in "9JQKTA" for s in "SCDH"]:
            name = i18n.card_name(lang, code)
            assert not any(g in name for g in "♠♣♦♥"), name


def test_play_turn_marks_exactly_the_legal_cards():
    g = human_turn_game("play")
    v = g.view(0)
    t = table(v, ui(), "ru")
    assert t.attrs["data-phase"] == "play" and t.attrs["data-human-turn"] == "true"
    legal = {a.split()[1] for a in v["legal"] if a.split()[0] in ("play", "meld")}
    marks = {n.attrs["data-card"]: n.attrs.get("data-legal")
             for n in t.by_id("hand").find(lambda n: "data-card" in n.attrs)}
    assert set(marks) == set(v["hand"])
    assert {c for c, m in marks.items() if m == "true"} == legal
    assert {c for c, m in marks.items() if m == "false"} == set(v["hand"]) - legal


def test_not_ready_or_blocked_table_accepts_nothing():
    v = human_turn_game("play").view(0)
    for u in (ui(ready=False), ui(blocked=True), ui(busy=True)):
        t = table(v, u, "ru")
        assert t.attrs["data-human-turn"] == "false"
        assert not t.find(lambda n: n.attrs.get("data-legal") == "true")


# table -> the human's turns that game (seed 1, random moves) must reach
TABLES = {"classic": set(), "classic,blind=on,unblind=on,golden_round=on": {"blind", "unblind"},
          "classic,redeal_low_hand=60": {"redeal"}, "two": set(),
          "two,two_mode=two_talons": {"talon", "discard"}, "two,two_mode=dead_hand": set(),
          "two,two_mode=draw": set(), "four": set(), "four,four_mode=dealer_sits_out": set(),
          "classic,players=5": set(), "classic,players=6": set()}


@pytest.mark.parametrize("code", sorted(TABLES))
def test_every_table_renders_in_every_phase(code):
    """Every player count and phase of the engine (§7, §6.3, §6.6, §6.7) draws without a
    crash: one seat box per seat, and the human's word choices (blind, redeal, unblind, the
    talon piles) each have a button whose data-action/data-value is that legal action."""
    import random
    from thousand import Conventions
    from thousand.web.intents import INTENTS
    from thousand.web.render_table import CARD_VERBS, PHASE_CONTROLS
    conv = Conventions.from_code(code)
    g = Game.new(conventions=conv, seed=1)
    rnd = random.Random(5)
    n = conv.players
    phases, turns = set(), set()
    last_phase = None
    for _ in range(1000):
        if g.finished:
            break
        v = g.view(0)
        new_phase = v["phase"] != last_phase
        last_phase = v["phase"]
        phases.add(v["phase"])
        if v["current_seat"] == 0:
            turns.add(v["phase"])
        u = ui(settings=dict(SETTINGS, names=[]))
        t = table(v, u, "ru")
        assert t.attrs["data-seats"] == str(n)
        assert sorted(int(x.attrs["data-seat"]) for x in t.find(lambda x: "data-seat" in x.attrs)) \
            == list(range(n))
        for kind in ("sheet", "last", "over") if new_phase else ():   # the dialogs once a phase
            overlay(v, ui(overlay=kind), "en")
        if v["current_seat"] == 0 and v["phase"] not in PHASE_CONTROLS:
            words = {a for a in v["legal"] if a.split()[0] not in CARD_VERBS}
            buttons = t.find(lambda x: x.tag == "button" and x.attrs.get("id", "").startswith("btn-")
                             and x.attrs.get("data-action") in INTENTS and x.attrs.get("id") != "btn-hint")
            made = {b.attrs["data-action"] + (" " + b.attrs["data-value"] if b.attrs.get("data-value") else "")
                    for b in buttons}
            assert made == words, (v["phase"], made, words)
        g.apply(rnd.choice(g.legal_actions()))
    assert "play" in phases and TABLES[code] <= turns, turns


def test_giving_offers_one_button_per_opponent_not_given_yet():
    g = human_turn_game("giving")
    v = g.view(0)
    t = table(v, ui(selected=v["hand"][0]), "ru")
    gives = t.find(lambda n: n.attrs.get("data-action") == "give")
    assert sorted(int(b.attrs["data-to"]) for b in gives) == [1, 2]
    g.apply(v["legal"][0])
    v2 = g.view(0)
    t2 = table(v2, ui(selected=v2["hand"][0]), "ru")
    left = [int(b.attrs["data-to"]) for b in t2.find(lambda n: n.attrs.get("data-action") == "give")]
    assert left == [s for s in (1, 2) if s != int(v["legal"][0].split()[2])]


def test_english_table_and_dialogs():
    g = human_turn_game("play")
    v = g.view(0)
    u = ui(lang="en", overlay="sheet", settings=dict(SETTINGS, lang="en"))
    assert "Your turn" in table(v, u, "en").all_text()
    o = overlay(v, u, "en")
    assert o.by_id("dialog-sheet") is not None and o.by_id("sheet-table") is not None


def test_summary_keeps_the_finished_deal_on_the_table():
    g = Game.new(seed=5, first_dealer=2)
    while not g.sheet:
        g.apply(g.legal_actions()[0])
    v = g.view(0)
    row = g.sheet[-1]
    u = ui(overlay="summary", summary={"row": row, "view": g.deal_view(row["deal"], 0)})
    t = table(v, u, "ru")
    assert t.attrs["data-phase"] == "done" and t.attrs["data-showing"] == "finished-deal"
    o = overlay(v, u, "ru")
    assert o.by_id("btn-next-deal") is not None
    assert o.by_id("dialog-summary").all_text().count(str(row["scores"][0])) >= 1


def settings_ui(conv):
    from thousand.web.service import Service
    import json
    u = ui(overlay="settings")
    u.catalog = json.loads(Service().handle('{"op": "hello"}'))
    u.draft = {"conv": conv, "names": ["a", "b", "c"], "level": "normal", "speed": "instant",
               "lang": "ru", "error": ""}
    return u


def test_settings_offer_every_player_count_and_only_its_variants():
    """Every preset and player count the engine plays is offered (issue 9 seats 2-6 around
    the table); the §7 variant of a count only with that count."""
    from thousand import PRESETS, Conventions
    u = settings_ui({"preset": "classic"})
    o = overlay(None, u, "ru")
    offered = [x.attrs["value"] for x in o.by_id("set-preset").find(lambda x: x.tag == "option")]
    assert offered == list(PRESETS)
    counts = [x.attrs["value"] for x in o.by_id("conv-players").find(lambda x: x.tag == "option")]
    assert counts == ["2", "3", "4", "5", "6"]
    rows = {x.attrs["data-conv"] for x in o.find(lambda x: "data-conv" in x.attrs)}
    want = {i["id"] for i in Conventions.catalog() if i["section"] != "7"}
    assert rows == want
    for conv, extra in (({"preset": "two"}, {"two_mode"}), ({"preset": "four"}, {"four_mode"}),
                        ({"preset": "four", "four_mode": "dealer_sits_out"}, {"four_mode", "sitter_marriage"}),
                        ({"preset": "classic", "players": 5}, set())):
        u = settings_ui(conv)
        o = overlay(None, u, "en")
        rows = {x.attrs["data-conv"] for x in o.find(lambda x: "data-conv" in x.attrs)}
        assert rows == want | extra, conv
        # one name field per player
        names = [x for x in o.find(lambda x: x.attrs.get("id", "").startswith("set-name-"))]
        assert len(names) == Conventions.from_preset(conv["preset"], **{k: v for k, v in conv.items()
                                                                           if k != "preset"}).players


def test_threshold_field_reads_empty_as_off():
    from thousand.web import intents

    class C:
        pass
    c = C()
    c.ui = settings_ui({"preset": "classic"})
    intents.field(c, "conv-redeal_low_hand", "60")
    assert c.ui.draft["conv"]["redeal_low_hand"] == 60
    intents.field(c, "conv-redeal_low_hand", "")
    assert c.ui.draft["conv"]["redeal_low_hand"] == "off"
    o = overlay(None, c.ui, "ru")
    assert o.by_id("conv-redeal_low_hand").props["value"] == ""


@pytest.mark.parametrize("lang,you,other", [
    ("ru", "Раздача 1 · сдаёте вы", "Раздача 2 · сдаёт Бот 1"),
    ("en", "Deal 1 · you deal", "Deal 2 · Bot 1 deals"),
])
def test_the_deal_line_names_the_dealer_in_the_right_person(lang, you, other):
    """"сдаёт Вы" was a grammar slip (issue 9): the human deals in the second person."""
    g = Game.new(names=["Вы", "Бот 1", "Бот 2"], first_dealer=0, seed=3)
    u = ui(lang=lang) if lang == "ru" else UIState(dict(SETTINGS, lang="en", names=["", "", ""]))
    u.ready = True
    assert table(g.view(0), u, lang).by_id("deal-info").text == you
    while len(g.sheet) < 1:
        g.apply(g.legal_actions()[0] if "pass" not in g.legal_actions() else "pass")
    assert table(g.view(0), u, lang).by_id("deal-info").text == other


@pytest.mark.parametrize("lang", ["ru", "en", "uk", "pl"])
def test_the_concession_line_is_the_engines_preview(lang):
    """RULES §5.4, §4.1: the line beside "Concede" says what conceding does — one figure for
    the opponents when they get the same, else each by name (one on the barrel gets 0), and
    the third concession's penalty in the declarer's own figure."""
    from thousand.web.i18n import Text
    from thousand.web.render_table import concede_text
    t = Text(lang, ["Вы", "Бот 1", "Бот 2"])
    same = {"seat": 0, "playing": [0, 1, 2], "concede_cost": {
        "delta": [-220, 50, 50], "declarer": -220, "bolt": False, "opponents": 50}}
    assert concede_text(same, t) == t("concede_cost", me="-220", opp="+50")
    apart = {"seat": 0, "playing": [0, 1, 2], "concede_cost": {
        "delta": [-100, 0, 50], "declarer": -100, "bolt": False, "opponents": None}}
    text = concede_text(apart, t)
    assert "Бот 1 0" in text and "Бот 2 +50" in text and "-100" in text
    bolt = {"seat": 0, "playing": [0, 1, 2], "concede_cost": {
        "delta": [-120, 50, 50], "declarer": -120, "bolt": True, "opponents": 50}}
    assert t("concede_you_bolt") in concede_text(bolt, t) and "-120" in concede_text(bolt, t)
