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


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_card_names_agree_with_the_engine(lang):
    for code in [r + s for r in "9JQKTA" for s in "SCDH"]:
        assert i18n.card_name(lang, code) == accessible_name(card(code), lang)


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


def test_seats_follow_the_number_of_names():
    """Four players (issue 8): the renderer needs nothing but the view's lists."""
    v = copy.deepcopy(Game.new(seed=3).view(0))
    for key in ("scores", "bolts", "hand_sizes", "tricks_taken"):
        v[key] = v[key] + [0]
    v["names"] = v["names"] + ["Ann"]
    v["barrel"] = v["barrel"] + [{"on": False, "attempts": 0}]
    t = table(v, ui(settings=dict(SETTINGS, names=[])), "en")
    seats = sorted(int(n.attrs["data-seat"]) for n in t.find(lambda n: "data-seat" in n.attrs))
    assert seats == [0, 1, 2, 3]
    assert "Ann" in t.all_text()


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
