"""Issue 11 in the browser: the deal review ("Разбор") and the deal challenge link."""
from __future__ import annotations

import json
import re

import pytest

from test_table import fast_settings, play_until, state, wait_human_or_overlay

pytestmark = pytest.mark.e2e


def summary_open(st, page):
    return st["overlay"] == "dialog-summary"


def hand(page) -> list:
    return sorted(page.eval_on_selector_all("#hand [data-card]", "els => els.map(e => e.dataset.card)"))


def saved_record(page):
    raw = page.evaluate("localStorage.getItem('thousand.save')")
    return json.loads(raw)["record"] if raw else None


def test_review_a_deal_summary_line_and_values_per_card(page, site_url, open_table):
    fast_settings(page)
    open_table(page, site_url + "#seed=6")
    play_until(page, summary_open)
    actions = state(page)["actions"]
    # every text the progress line takes, seen by a MutationObserver (no polling, no sleep)
    page.evaluate("""() => { window.reviewProgress = [];
        new MutationObserver(() => { const p = document.getElementById('review-progress');
            if (p && window.reviewProgress.at(-1) !== p.textContent)
                window.reviewProgress.push(p.textContent); })
        .observe(document.body, {subtree: true, childList: true, characterData: true,
                                 attributes: true}); }""")
    page.click("#btn-review")
    page.wait_for_selector("#dialog-review")
    page.wait_for_selector("#review[data-status='done']", timeout=60_000)
    seen = page.evaluate("window.reviewProgress")
    steps = [re.fullmatch(r"Разбор: (\d+) из (\d+)", x) for x in seen if x != "Разбор: начинаю…"]
    assert steps and all(steps), seen
    total = int(steps[0].group(2))
    assert [int(m.group(1)) for m in steps] == list(range(total)), seen
    line = page.inner_text("#review-summary")
    assert re.fullmatch(r"Ошибок в розыгрыше нет|\d+ ошиб(ка|ки|ок), −\d+ очк(о|а|ов)", line), line
    mistakes = int(page.get_attribute("#review-summary", "data-mistakes"))
    cards = page.eval_on_selector_all("[data-review-card]", """els => els.map(e => ({
        card: e.dataset.reviewCard, best: +e.dataset.valueBest, played: +e.dataset.valuePlayed,
        cost: +e.dataset.cost, text: e.textContent}))""")
    assert cards, "no card of the human was judged"
    for c in cards:
        assert c["cost"] >= 0 and c["cost"] == abs(c["best"] - c["played"]), c
        assert (c["cost"] == 0) == ("один из лучших ходов" in c["text"]), c
        assert str(c["played"]) in c["text"]
    assert mistakes == sum(c["cost"] > 0 for c in cards)
    assert total == len(cards) + page.locator("#review-decisions li").count()   # one step each
    if mistakes:
        worst = max(c["cost"] for c in cards)
        assert int(page.get_attribute("#review-worst", "data-cost")) == worst
        assert page.inner_text("#review-worst").startswith("Самая дорогая ошибка")
    # Russian words only: no English, no raw message id
    assert not re.search(r"[A-Za-z]{3,}|review_|challenge_", page.inner_text("#dialog-review"))
    # all hands open: each of the three seats shows its cards before the first trick
    assert page.locator("[data-review-trick='1'] [data-hand-seat]").count() == 3
    # the bots waited behind the review; closing goes back to the summary
    assert state(page)["actions"] == actions
    page.click("#dialog-review [data-action='close']")
    page.wait_for_selector("#dialog-summary")


def test_challenge_link_played_in_a_fresh_context_shows_both_results(page, site_url, open_table,
                                                                     new_context):
    fast_settings(page)
    open_table(page, site_url + "#seed=9")
    wait_human_or_overlay(page)
    sender_hand = hand(page)
    play_until(page, summary_open)
    sent = int(page.inner_text("#summary-table [data-summary-seat='0'] .delta").replace("+", ""))
    page.click("#btn-challenge")
    page.wait_for_selector("#challenge-url")
    url = page.input_value("#challenge-url")
    assert "#challenge=" in url
    assert page.inner_text("#challenge-status") in ("Ссылка скопирована", "Скопируйте ссылку ниже")

    friend = new_context().new_page()
    fast_settings(friend)
    open_table(friend, site_url + "#seed=4")          # the friend's own game first
    wait_human_or_overlay(friend)
    own = saved_record(friend)
    own_actions = state(friend)["actions"]
    friend.goto("about:blank")
    open_table(friend, url)
    friend.wait_for_selector("[data-notice='challenge-pending']")
    assert state(friend)["actions"] == own_actions       # nothing replaced before he says so
    assert not re.search(r"[A-Za-z]{3,}|challenge_", friend.inner_text("[data-notice='challenge-pending']"))
    friend.click("[data-notice='challenge-pending'] [data-action='challenge-start']")
    friend.wait_for_selector("#table[data-challenge='true']")
    wait_human_or_overlay(friend)
    assert hand(friend) == sender_hand                   # the very same cards
    play_until(friend, summary_open)
    results = friend.eval_on_selector_all("[data-challenge-result]", """els => Object.fromEntries(
        els.map(e => [e.dataset.challengeResult, +e.dataset.points]))""")
    mine = int(friend.inner_text("#summary-table [data-summary-seat='0'] .delta").replace("+", ""))
    assert results == {"sender": sent, "you": mine}
    assert not re.search(r"[A-Za-z]{3,}|challenge_", friend.inner_text("#dialog-summary"))
    assert saved_record(friend) == own                   # the challenge never touched the save
    friend.click("#btn-challenge-back")
    friend.wait_for_selector("#table:not([data-challenge])")
    friend.wait_for_function(f"+document.getElementById('table').dataset.actions === {own_actions}")
    assert saved_record(friend) == own


def test_a_hostile_challenge_link_is_inert(page, site_url, open_table):
    fast_settings(page)
    open_table(page, site_url + "#seed=4")
    wait_human_or_overlay(page)
    own, st = saved_record(page), state(page)
    for text in ("garbage!!", "eyJ2IjoxLCJydWxlcyI6ImNsYXNzaWMifQ", "%E0%A4%A"):
        page.goto("about:blank")
        open_table(page, site_url + "#challenge=" + text)
        page.wait_for_selector("[data-notice='challenge-bad']")
        notice = page.inner_text("[data-notice='challenge-bad'] .notice-text")
        assert notice.startswith("Ссылка на раздачу не принята: "), notice
        assert page.locator("[data-notice='challenge-pending']").count() == 0
        assert page.locator("#table[data-challenge]").count() == 0
        assert state(page)["actions"] == st["actions"] and saved_record(page) == own
