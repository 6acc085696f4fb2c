"""The Hint button, the deal summary over the finished deal, and the Russian forms for "you"."""
from __future__ import annotations

import re

import pytest

from test_table import fast_settings, human_step, my_play_turn, play_until, state, wait_human_or_overlay

pytestmark = pytest.mark.e2e


def reach_play_turn(page):
    return play_until(page, my_play_turn, limit=300)


def test_hint_recommends_a_legal_card(page, site_url, open_table):
    fast_settings(page)
    open_table(page, site_url + "#seed=5")
    reach_play_turn(page)
    legal = set(page.eval_on_selector_all("#hand [data-legal='true']",
                                          "els => els.map(e => e.dataset.card)"))
    page.click("[data-action='hint']")
    page.wait_for_selector("#hint-text[data-hint-action]", timeout=30_000)
    action = page.get_attribute("#hint-text", "data-hint-action")
    verb, card = action.split()[:2]
    assert verb in ("play", "meld") and card in legal, (action, legal)
    text = page.inner_text("#hint-text")
    assert re.match(r"Сыграйте [♠♣♦♥](9|10|В|Д|К|Т)", text), text   # Russian faces: В Д К Т
    assert re.search(r"контракт (выполняется|срывается) в (\d+ из \d+|\d+%) раскладов", text), text
    # the recommended card is highlighted, and only that one
    hinted = page.eval_on_selector_all("#hand [data-hint='true']", "els => els.map(e => e.dataset.card)")
    assert hinted == [card]
    # playing it clears the hint
    n = state(page)["actions"]
    page.click(f"#hand [data-card='{card}']")
    if state(page)["overlay"] == "dialog-meld":
        page.click("#btn-meld" if verb == "meld" else "#btn-play-plain")
    page.wait_for_function(f"+document.getElementById('table').dataset.actions > {n}")
    assert page.locator("#hand [data-hint='true']").count() == 0


def test_summary_shows_finished_deal_and_sheet_returns_to_it(page, site_url, open_table):
    fast_settings(page)
    open_table(page, site_url + "#seed=7")
    play_until(page, lambda st, pg: st["overlay"] == "dialog-summary")
    st = state(page)
    # behind the summary: the finished deal, nobody thinking, no bot moving
    assert st["phase"] == "done"
    assert page.get_attribute("#table", "data-showing") == "finished-deal"
    assert "думает" not in page.inner_text("#table")
    actions = st["actions"]
    outcome = page.inner_text("#dialog-summary .outcome")
    assert "Вы не добрал " not in outcome and "Вы сыграл " not in outcome
    # the score sheet from the summary, closed: back to the summary, still paused
    page.click("#dialog-summary [data-action='sheet']")
    page.wait_for_selector("#dialog-sheet")
    # no bot is on its way behind the sheet (tests/web/test_controller.py checks that no bot
    # request is made at all): nobody thinking, nothing played
    assert "думает" not in page.inner_text("#table")
    assert state(page)["actions"] == actions
    page.click("#dialog-sheet [data-action='close']")
    page.wait_for_selector("#dialog-summary")
    assert state(page)["phase"] == "done"
    page.click("#btn-next-deal")
    page.wait_for_function("document.getElementById('table').dataset.phase !== 'done'")
    assert state(page)["overlay"] is None


def test_human_forms_in_russian(page, site_url, open_table):
    """Seed 7, the human raising by the minimum: he declares; texts use "вы"."""
    fast_settings(page)
    open_table(page, site_url + "#seed=7")
    seen: set = set()
    for _ in range(400):
        wait_human_or_overlay(page)
        st = state(page)
        if st["overlay"] == "dialog-summary":
            break
        if page.locator("#contract-info").count():
            info = page.inner_text("#contract-info")
            assert not info.startswith("Играет Вы"), info
        human_step(page, seen, bid_high=True)
    outcome = page.inner_text("#dialog-summary .outcome")
    if outcome.startswith("Вы"):
        assert re.match(r"Вы (сыграли|не добрали|расписали) \d+", outcome), outcome


def test_settings_explain_conventions(page, site_url, open_table):
    fast_settings(page)
    open_table(page, site_url)
    page.click("[data-action='settings']")
    row = page.locator("[data-conv='must_beat']")
    assert row.locator(".conv-text").inner_text() == "Обязательно перебивать"
    # the id is for tools (data-conv), never shown to the player (issue 9)
    assert "must_beat" not in row.inner_text()
    assert page.locator("#dialog-settings .conv-id").count() == 0
