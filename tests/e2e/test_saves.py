"""Saves in the browser (issue 12): the game as a file and back, a full localStorage, old
saves, and the request that the browser keep the storage."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from test_table import (fast_settings, human_step, my_play_turn, play_until, settled, state,
                        wait_human_or_overlay)

pytestmark = pytest.mark.e2e

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "saves"


def open_settings(page):
    page.click("[data-action='settings']")
    page.wait_for_selector("#dialog-settings #btn-export")


def export(page, tmp_path, click="#dialog-settings #btn-export") -> Path:
    with page.expect_download() as info:
        page.click(click)
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    return path


def hand(page):
    return page.eval_on_selector_all("#hand [data-card]", "els => els.map(e => e.dataset.card)")


def saved(page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('thousand.save')"))


def test_export_and_import_in_another_browser(browser, site_url, open_table, tmp_path):
    one = browser.new_context()
    a = one.new_page()
    fast_settings(a)
    open_table(a, site_url + "#seed=5")
    st = play_until(a, my_play_turn, limit=300)      # a few tricks into the first deal
    open_settings(a)
    path = export(a, tmp_path)
    assert path.name.startswith("thousand-") and path.suffix == ".json"
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["format"].startswith("thousand/")
    assert sum(len(d["actions"]) for d in record["deals"]) == st["actions"]
    want_hand = hand(a)
    one.close()
    # another browser (a context of its own: its own storage), with a game of its own
    two = browser.new_context()
    b = two.new_page()
    fast_settings(b)
    open_table(b, site_url + "#seed=9")
    open_settings(b)
    b.set_input_files("#import-file", str(path))
    b.wait_for_selector("[data-notice='import-ok']")
    settled(b)
    assert state(b)["actions"] == st["actions"] and hand(b) == want_hand
    assert state(b)["human"] == "true"
    s = saved(b)
    assert s["v"] == 2 and s["record"]["deals"] == record["deals"]
    two.close()


def test_a_bad_file_says_why_and_changes_nothing(page, site_url, open_table, tmp_path):
    fast_settings(page)
    open_table(page, site_url + "#seed=7")
    wait_human_or_overlay(page)
    before = state(page)
    save = page.evaluate("localStorage.getItem('thousand.save')")
    bad = tmp_path / "not-a-game.json"
    bad.write_text(json.dumps({"format": "thousand/1", "deals": [{"seed": 3, "actions": ["bid 999"]}]}))
    open_settings(page)
    page.set_input_files("#import-file", str(bad))
    notice = page.locator("[data-notice='import']")
    notice.wait_for()
    text = notice.inner_text()
    assert text.startswith("Файл не загружен") and "bid 999" in text and "не изменилась" in text
    assert state(page)["actions"] == before["actions"] and state(page)["human"] == "true"
    assert page.evaluate("localStorage.getItem('thousand.save')") == save
    # a file that is not JSON at all
    garbage = tmp_path / "photo.json"
    garbage.write_bytes(b"\xff\xd8\xff\xe0 not json")
    open_settings(page)
    page.set_input_files("#import-file", str(garbage))
    page.wait_for_function("document.querySelector(\"[data-notice='import']\").textContent.includes('JSON')")
    assert page.evaluate("localStorage.getItem('thousand.save')") == save
    # and the game goes on
    human_step(page, set())
    settled(page)
    assert state(page)["actions"] > before["actions"]


FILL = """() => {
    // fill localStorage until not one more character fits (binary search on a filler)
    let lo = 0, hi = 16 * 1024 * 1024;
    while (lo < hi) {
        const mid = Math.ceil((lo + hi) / 2);
        try { localStorage.setItem('test.filler', 'x'.repeat(mid)); lo = mid; }
        catch (e) { hi = mid - 1; }
    }
    localStorage.setItem('test.filler', 'x'.repeat(lo));
    return lo; }"""


def test_full_storage_keeps_the_game_in_memory_and_exportable(page, site_url, open_table, tmp_path):
    fast_settings(page)
    open_table(page, site_url + "#seed=11")
    assert page.evaluate(FILL) > 1000
    seen: set = set()
    # first the save drops its view (only there for an instant repeat visit) and keeps the game
    before = sum(len(d["actions"]) for d in saved(page)["record"]["deals"])
    for _ in range(60):
        if "view" not in saved(page):
            break
        human_step(page, seen)
        settled(page)
    assert "view" not in saved(page)
    assert page.locator("[data-notice='quota']").count() == 0
    assert sum(len(d["actions"]) for d in saved(page)["record"]["deals"]) > before
    page.evaluate(FILL)                       # full again: now the record itself cannot grow
    for _ in range(60):                       # the save grows with every move: it soon fails
        if page.locator("[data-notice='quota']").count():
            break
        human_step(page, seen)
        settled(page)
    notice = page.locator("[data-notice='quota']")
    assert notice.count() == 1 and notice.inner_text().startswith("Память браузера заполнена")
    # the game goes on in memory
    n = state(page)["actions"]
    assert sum(len(d["actions"]) for d in saved(page)["record"]["deals"]) < n
    human_step(page, seen)
    settled(page)
    play_until(page, lambda st, pg: st["actions"] > n or st["overlay"] is not None)
    # exported from memory: the position on the table
    path = export(page, tmp_path, click="[data-notice='quota'] [data-action='export']")
    record = json.loads(path.read_text(encoding="utf-8"))
    assert sum(len(d["actions"]) for d in record["deals"]) == state(page)["actions"]
    # room again: the next move is saved and the notice goes
    page.evaluate("localStorage.removeItem('test.filler')")
    play_until(page, lambda st, pg: pg.locator("[data-notice='quota']").count() == 0)
    settled(page)
    assert sum(len(d["actions"]) for d in saved(page)["record"]["deals"]) == state(page)["actions"]


def test_a_save_of_the_table_before_issue_13_resumes(page, site_url, open_table):
    raw = (FIXTURES / "75d28b0-v1" / "save-play.json").read_text(encoding="utf-8")
    fast_settings(page)
    page.add_init_script(f"if (!sessionStorage.getItem('x')) {{ sessionStorage.setItem('x', 1);"
                         f" localStorage.setItem('thousand.save', {json.dumps(raw)}); }}")
    open_table(page, site_url)
    settled(page)
    record = json.loads(raw)["record"]
    assert state(page)["actions"] == sum(len(d["actions"]) for d in record["deals"])
    assert page.locator("[data-notice]").count() == 0
    human_step(page, set())
    settled(page)
    s = saved(page)
    assert s["v"] == 2 and s["saved"] > 1.7e12 and s["record"]["deals"][0] == record["deals"][0]


def test_the_table_asks_the_browser_to_keep_its_storage(page, site_url, open_table):
    page.add_init_script("""if (navigator.storage && navigator.storage.persist) {
        const ask = navigator.storage.persist.bind(navigator.storage);
        window.__persistAsked = 0;
        navigator.storage.persist = () => { window.__persistAsked += 1; return ask(); }; }""")
    fast_settings(page)
    open_table(page, site_url)
    page.wait_for_selector("html[data-storage]", state="attached")
    assert page.evaluate("document.documentElement.dataset.storage") in ("persisted", "not-persisted")
    assert page.evaluate("window.__persistAsked") <= 1
    assert page.evaluate("navigator.storage.persisted()") == (
        page.evaluate("document.documentElement.dataset.storage") == "persisted")
