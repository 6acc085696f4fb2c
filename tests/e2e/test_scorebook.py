"""The score sheet for a live game in the browser (issue 11 item 3): a three-deal real game
with a barrel entry, entered with the mouse and keyboard, scored by the engine in the
worker; undo and edit; the #sheet= link opened in a fresh context; a hostile link is inert;
the print stylesheet prints only the sheet.  Statistics (item 4): the dialog opens."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from test_table import (fast_settings, finished_game_record, save_envelope, settled, state,
                        wait_human_or_overlay)

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "py") not in sys.path:
    sys.path.insert(0, str(ROOT / "py"))

from thousand import Conventions  # noqa: E402
from thousand.scoresheet import ScoreSheet  # noqa: E402

pytestmark = pytest.mark.e2e

NAMES = ["Аня", "Борис", "Вера"]
START = [800, 0, 0]
# (declarer, contract, {seat: card points}, {seat: marriages}, made?) and the same deal as
# the engine's ScoreSheet entry
DEALS = [
    (0, 100, {1: 10, 2: 10}, {}, "made",
     {"declarer": 0, "contract": 100, "points": [None, 10, 10]}),
    (1, 120, {0: 30, 2: 0}, {1: ["H"]}, "made",
     {"declarer": 1, "contract": 120, "points": [30, None, 0], "marriages": [[], ["H"], []]}),
    (2, 140, {0: 40, 1: 40}, {}, "failed",
     {"declarer": 2, "contract": 140, "points": [40, 40, None]}),
]


def engine(entries) -> ScoreSheet:
    sheet = ScoreSheet(Conventions(), NAMES, 0, {"scores": START, "barrel": [None] * 3})
    for e in entries:
        sheet.add(e)
    return sheet


def totals(page) -> list:
    return page.eval_on_selector_all("#sheet-table tfoot td.num", "els => els.map(e => +e.textContent)")


def rows(page) -> int:
    return page.locator("#sheet-table [data-deal-row]").count()


def stored(page):
    raw = page.evaluate("localStorage.getItem('thousand.sheet')")
    return None if raw is None else json.loads(raw)["sheet"]


def open_scorebook(page):
    wait_human_or_overlay(page)
    page.click("[data-action='settings']")
    page.click("#btn-scorebook")
    page.wait_for_selector("#dialog-scorebook")


def enter(page, decl, contract, points, melds, result, deal):
    page.wait_for_selector(f"#sb-form[data-deal='{deal}']")
    page.select_option("#sb-declarer", str(decl))
    page.fill("#sb-contract", str(contract))
    page.select_option("#sb-result", result)
    for s, p in points.items():
        page.fill(f"#sb-points-{s}", str(p))
    for s, ms in melds.items():
        for m in ms:
            page.check(f"#sb-meld-{s}-{m}")
    if deal == 1:
        page.press("#sb-contract", "Enter")        # Enter in a number adds the deal too
    else:
        page.click("#sb-btn-add")
    settled(page)


def test_a_live_game_with_a_barrel_entry_undo_edit_link_and_print(browser, site_url, open_table):
    one = browser.new_context()
    page = one.new_page()
    fast_settings(page)
    open_table(page, site_url + "#seed=7")
    open_scorebook(page)
    page.wait_for_selector("#sb-setup")
    for i, name in enumerate(NAMES):
        page.fill(f"#set-name-{i}", name)
    for i, x in enumerate(START):
        page.fill(f"#sb-start-{i}", str(x))
    game_save = page.evaluate("localStorage.getItem('thousand.save')")
    page.click("#sb-btn-start")
    page.wait_for_selector("#sb-form[data-deal='0']")
    assert page.input_value("#sb-declarer") == "1"          # first hand, after the dealer
    # deal 1: the sum check by its field first (130 of 120), then the real deal
    page.select_option("#sb-declarer", "0")
    page.fill("#sb-points-1", "70")
    page.fill("#sb-points-2", "60")
    assert page.text_content("#sb-points-sum") == "Очки в картах: 130 из 120"
    assert page.text_content("#sb-derived") == "—"
    page.click("#sb-btn-add")
    settled(page)
    assert page.text_content("#err-sb-points") == "Очки в картах дают в сумме 130, а в колоде 120"
    assert rows(page) == 0
    for i, (decl, contract, points, melds, result, _) in enumerate(DEALS):
        enter(page, decl, contract, points, melds, result, i)
        assert page.locator(".field-error").count() == 0, page.inner_text("#sb-form")
    page.wait_for_selector("#sb-form[data-deal='3']")
    want = engine([d[5] for d in DEALS])
    assert rows(page) == 3 and totals(page) == want.scores
    # the barrel entry: Аня reached 900 and sits on the barrel at 880 (§4.1)
    assert want.rows[0]["scores"][0] == 880 and want.rows[0]["barrel"][0]["on"]
    assert page.locator("[data-deal-row='0'] .barrel-mark").count() == 1
    assert page.locator("[data-deal-row='0'] [data-event='barrel_sit']").count() == 1
    assert page.locator("[data-deal-row='1'] .bolts").count() == 1        # Вера's bolt
    assert ScoreSheet.from_json(stored(page)).rows == want.rows
    assert page.evaluate("localStorage.getItem('thousand.save')") == game_save
    # undo the last deal, then edit the first: Аня failed her 100 — everything after it
    # is scored again (no barrel any more)
    page.click("#sb-btn-undo")
    page.wait_for_function("document.querySelectorAll('#sheet-table [data-deal-row]').length === 2")
    assert totals(page) == engine([d[5] for d in DEALS[:2]]).scores
    page.click("#sb-edit-0")
    page.wait_for_selector("#sb-form[data-editing='0']")
    assert page.input_value("#sb-points-1") == "10"
    page.select_option("#sb-result", "failed")
    page.fill("#sb-points-1", "60")
    page.fill("#sb-points-2", "40")
    page.click("#sb-btn-add")
    page.wait_for_selector("#sb-form[data-deal='2']:not([data-editing])")
    edited = engine([{"declarer": 0, "contract": 100, "points": [None, 60, 40]}, DEALS[1][5]])
    assert totals(page) == edited.scores and ScoreSheet.from_json(stored(page)).rows == edited.rows
    assert page.locator("[data-deal-row='0'] .barrel-mark").count() == 0
    # print: only the sheet (the print stylesheet)
    page.emulate_media(media="print")
    assert page.is_hidden("#table") and page.is_hidden("#sb-form") and page.is_visible("#sheet-table")
    page.emulate_media(media="screen")
    # the link, opened in a fresh context (its own storage)
    page.click("#sb-btn-share")
    page.wait_for_selector("#sb-share-url")
    url = page.input_value("#sb-share-url")
    assert url.startswith(site_url) and "#sheet=1" in url
    sheet = stored(page)
    one.close()
    two = browser.new_context()
    other = two.new_page()
    fast_settings(other)
    open_table(other, url)
    other.wait_for_selector("#dialog-scorebook #sheet-table")
    other.wait_for_selector("[data-notice='sheet-ok']", state="attached")
    assert totals(other) == edited.scores and stored(other) == sheet
    assert other.locator("#sheet-table [data-deal-row]").count() == 2
    two.close()


HOSTILE_SHEET_LINKS = ["1" + "A" * 200, "%F0%9F%92%A3" * 50, "1" + "_" * 70000,
                       "1eNrLSM3JyVcozy/KSQEAGgQEXQ"]


def test_a_hostile_sheet_link_shows_a_notice_and_changes_nothing(browser, site_url, open_table):
    """Each link opened as a page load: the first in a fresh context (a friend's first visit),
    the others as repeat visits of the same browser, whose storage must stay untouched."""
    ctx = browser.new_context()
    page = ctx.new_page()
    fast_settings(page)
    for hostile in HOSTILE_SHEET_LINKS:
        page.goto("about:blank")
        open_table(page, site_url + "#sheet=" + hostile)
        notice = page.locator("[data-notice='sheet-link']")
        notice.wait_for()
        assert len(notice.inner_text()) < 300, hostile[:40]
        assert page.evaluate("localStorage.getItem('thousand.sheet')") is None, hostile[:40]
        assert page.locator("#dialog-scorebook").count() == 0, hostile[:40]
        wait_human_or_overlay(page)                    # the table plays on as ever
        assert page.get_attribute("#table", "data-phase") not in (None, "none"), hostile[:40]
    ctx.close()


def test_a_game_that_ends_is_in_the_statistics(page, site_url, open_table):
    """Item 4: the summary of a game is recorded when it ends (stats.game_summary of the
    human's seat), once, and the dialog shows it with its bar in the chart."""
    from thousand.stats import aggregate, game_summary
    record, final = finished_game_record()
    last = record["deals"][-1]["actions"].pop()   # the human's last card ends the game
    fast_settings(page)
    page.add_init_script("if (!sessionStorage.getItem('once')) { sessionStorage.setItem('once', 1); "
                         f"localStorage.setItem('thousand.save', {json.dumps(save_envelope(record))}); }}")
    open_table(page, site_url)
    assert state(page)["human"] == "true"
    page.click(f"#hand [data-card='{last.split()[1]}']")
    if state(page)["overlay"] == "dialog-meld":
        page.click("#btn-play-plain" if last.startswith("play") else "#btn-meld")
    page.wait_for_selector("#dialog-over")
    page.wait_for_function("(localStorage.getItem('thousand.stats') || '').length > 2")
    want = aggregate([game_summary(final, 0, "normal")])
    page.reload()                                 # the finished game again: not recorded twice
    page.wait_for_selector("html[data-ready=true]", state="attached")
    page.wait_for_selector("#dialog-over")
    page.click("#btn-new-game-over")
    settled(page)
    wait_human_or_overlay(page)
    page.click("[data-action='settings']")
    page.click("#btn-stats")
    page.wait_for_selector("#stats-body[data-status='done']")
    figures = dict(page.eval_on_selector_all(
        "#stats-figures tr", "rows => rows.map(r => [r.dataset.stat, r.cells[1].textContent])"))
    assert figures["games"] == "1" and len(json.loads(page.evaluate("localStorage.getItem('thousand.stats')"))) == 1
    assert figures["points_per_deal"] == str(want["points_per_deal"]).removesuffix(".0")
    assert figures["bolts"] == str(want["bolts"])
    assert page.locator("#stats-chart rect").count() == 1
    assert page.get_attribute("#stats-chart rect", "data-won") == ("true" if final.winner == 0 else "false")
    assert page.locator("#stats-levels tr[data-level='normal']").count() == 1


def test_statistics_open_in_a_dialog(page, site_url, open_table):
    fast_settings(page)
    open_table(page, site_url + "#seed=7")
    wait_human_or_overlay(page)
    page.click("[data-action='settings']")
    page.click("#btn-stats")
    page.wait_for_selector("#stats-body[data-status='done']")
    assert page.is_visible("#stats-empty")          # no finished game in a fresh browser


def test_the_sheet_as_a_file_opens_in_another_browser(browser, site_url, open_table, tmp_path):
    one = browser.new_context()
    page = one.new_page()
    fast_settings(page)
    open_table(page, site_url + "#seed=7")
    open_scorebook(page)
    page.wait_for_selector("#sb-setup")
    for i, x in enumerate(START):
        page.fill(f"#sb-start-{i}", str(x))
    page.click("#sb-btn-start")
    enter(page, *DEALS[0][:5], 0)
    page.wait_for_selector("#sb-form[data-deal='1']")
    with page.expect_download() as info:
        page.click("#sb-btn-export")
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    assert path.name.startswith("thousand-sheet-") and json.loads(path.read_text()) == stored(page)
    want = totals(page)
    one.close()
    two = browser.new_context()
    other = two.new_page()
    fast_settings(other)
    open_table(other, site_url + "#seed=9")
    open_scorebook(other)
    other.wait_for_selector("#sb-setup")           # nothing stored in this browser
    other.click("#sb-btn-start")                   # a sheet of its own first
    other.wait_for_selector("#sb-form[data-deal='0']")
    other.set_input_files("#sb-import-file", str(path))
    other.wait_for_selector("#sb-form[data-deal='1']")
    assert totals(other) == want and stored(other) == json.loads(path.read_text())
    two.close()
