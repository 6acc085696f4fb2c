"""The table, driven by mouse clicks like a player (issue 3)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "py") not in sys.path:
    sys.path.insert(0, str(ROOT / "py"))

pytestmark = pytest.mark.e2e

FAST = json.dumps({"speed": "instant", "level": "normal", "lang": "ru"})


def fast_settings(page, extra: dict | None = None):
    """Settings (instant bots) in localStorage before any page script runs."""
    s = {"speed": "instant", "level": "normal", "lang": "ru", **(extra or {})}
    page.add_init_script(
        f"if (!localStorage.getItem('thousand.settings')) "
        f"localStorage.setItem('thousand.settings', {json.dumps(json.dumps(s))});")


def state(page) -> dict:
    return page.evaluate("""() => { const t = document.getElementById('table');
        return {phase: t.dataset.phase, turn: t.dataset.turn, human: t.dataset.humanTurn,
                deal: t.dataset.deal, actions: +t.dataset.actions,
                overlay: (document.querySelector('#overlay-root .dialog') || {}).id || null}; }""")


def settled(page, timeout=30_000):
    """Wait until the engine has answered the human's last request (html[data-busy] is set
    from the click until the reply is drawn)."""
    page.wait_for_selector("html:not([data-busy])", state="attached", timeout=timeout)


def wait_human_or_overlay(page, timeout=30_000):
    page.wait_for_function("""() => { const t = document.getElementById('table');
        return t.dataset.humanTurn === 'true' || t.dataset.phase === 'over'
            || document.querySelector('#overlay-root .dialog'); }""", timeout=timeout)


def human_step(page, seen: set, bid_high=False) -> None:
    """One human decision (or closing the deal summary), clicking like a player."""
    wait_human_or_overlay(page)
    st = state(page)
    if st["overlay"] == "dialog-summary":
        seen.add("summary")
        page.click("#btn-next-deal")
        return
    if st["overlay"] == "dialog-over" or st["phase"] == "over":
        seen.add("over")
        return
    if st["overlay"] == "dialog-meld":
        seen.add("meld")
        page.click("#btn-meld")
        return
    ph = st["phase"]
    seen.add(ph)
    if ph == "bidding":
        assert page.locator("#bid-range").count() == 0 or page.inner_text("#bid-range")
        if bid_high and page.locator("#btn-bid-min").count():
            page.click("#btn-bid-min")
        else:
            page.click("#btn-pass")
    elif ph == "giving":
        assert page.locator("#talon [data-card]").count() == 3  # the talon is shown
        page.click("#hand [data-legal='true'] >> nth=0")
        give = page.locator("[data-action='give']:not([disabled])").first
        give.click()
    elif ph == "contract":
        assert page.inner_text("#contract-range")
        if page.locator("#btn-concede").count():
            assert page.inner_text("#concede-cost")
        page.click("#btn-contract")
    elif ph == "play":
        page.click("#hand [data-legal='true'] >> nth=0")
    else:
        raise AssertionError(f"unexpected phase {ph}")



def my_play_turn(st, page) -> bool:
    """The human is to play a card and no dialog is open."""
    return st["phase"] == "play" and st["human"] == "true" and not st["overlay"]


def play_until(page, done, seen: set | None = None, limit: int = 400, **step) -> dict:
    """Let the human answer every prompt (human_step) until done(state, page) holds;
    returns that state, or fails the test after `limit` steps."""
    seen = set() if seen is None else seen
    for _ in range(limit):
        wait_human_or_overlay(page)
        st = state(page)
        if done(st, page):
            return st
        human_step(page, seen, **step)
    pytest.fail(f"never reached the wanted state in {limit} steps (seen {sorted(seen)})")

def test_full_deal_through_every_phase(page, site_url, open_table):
    fast_settings(page)
    # seed 7: the human is first hand (sits on 100); he keeps raising by the minimum
    open_table(page, site_url + "#seed=7")
    assert page.locator("#table").get_attribute("data-phase") in ("bidding", "giving")
    assert page.locator("[data-seat='0']").count() == 1
    assert page.locator("[data-seat='1']").count() == 1 and page.locator("[data-seat='2']").count() == 1
    seen: set = set()
    for _ in range(400):
        human_step(page, seen, bid_high=True)
        if {"bidding", "giving", "contract", "play", "summary"} <= seen:
            break
    assert {"bidding", "giving", "contract", "play", "summary"} <= seen, seen
    # the score sheet lists the deal
    page.click("[data-action='sheet']")
    assert page.locator("#sheet-table tbody tr").count() >= 1
    page.click("#dialog-sheet [data-action='close']")


def test_illegal_card_says_why(page, site_url, open_table):
    fast_settings(page)
    open_table(page, site_url + "#seed=11")
    seen: set = set()
    for _ in range(300):
        wait_human_or_overlay(page)
        st = state(page)
        if st["phase"] == "play" and st["human"] == "true" and not st["overlay"]:
            illegal = page.locator("#hand [data-legal='false']")
            if illegal.count():
                illegal.first.click()
                settled(page)
                msg = page.inner_text("#message")
                assert msg.startswith("Так нельзя"), msg
                return
        human_step(page, seen)
    pytest.skip("no illegal card came up")


def finished_game_record(want_last_seat=0):
    """A whole game played by the engine's bots whose last action belongs to seat 0."""
    from thousand import Game
    from thousand.bots import make_bot
    for seed in range(1, 200):
        g = Game.new(names=["Вы", "Бот 1", "Бот 2"], first_dealer=2, seed=seed)
        bots = [make_bot("easy", seed=seed * 3 + s) for s in range(3)]
        last = None
        for _ in range(20000):
            if g.finished:
                break
            last = g.current_seat
            g.apply(bots[last].choose(g.view(last)))
        if g.finished and last == want_last_seat and g.winner is not None:
            return g.to_record(), g
    raise AssertionError("no suitable game found")


def save_envelope(record: dict) -> str:
    return json.dumps({"v": 1, "game_id": "test", "tab": "test", "rev": 1, "saved": 0,
                       "record": record})


def test_game_finished_to_its_end(page, site_url, open_table):
    record, final = finished_game_record()
    last = record["deals"][-1]["actions"].pop()   # the human's last card is left to click
    # settlement is display only (§6.5a): switching it on changes no action of the game
    record["conventions"] = dict(record["conventions"], settlement=True)
    fast_settings(page)
    page.add_init_script(f"localStorage.setItem('thousand.save', {json.dumps(save_envelope(record))});")
    open_table(page, site_url)
    st = state(page)
    assert st["phase"] == "play" and st["human"] == "true"
    page.click(f"#hand [data-card='{last.split()[1]}']")
    if state(page)["overlay"] == "dialog-meld":
        page.click("#btn-play-plain" if last.startswith("play") else "#btn-meld")
    page.wait_for_selector("#dialog-over")
    assert page.locator("#table").get_attribute("data-phase") == "over"
    assert page.locator("#winner").get_attribute("data-winner") == str(final.winner)
    owed = page.eval_on_selector_all("#settlement li", "els => els.map(e => e.textContent)")
    if final.winner is not None:
        w = final.winner
        assert len(owed) == 2
        assert sorted(int(t.rsplit(":", 1)[1]) for t in owed) == sorted(
            final.scores[w] - final.scores[s] for s in range(3) if s != w)
    # the sheet shows every deal with its bolts as / marks where there are any
    assert page.locator("#dialog-over #sheet-table tbody tr").count() == len(final.sheet)
    if any(any(r["bolts"]) for r in final.sheet):
        assert "/" in page.inner_text("#dialog-over #sheet-table")
    page.click("#btn-new-game-over")
    settled(page)
    assert page.locator("#table").get_attribute("data-phase") in ("bidding", "giving")


def test_reload_mid_trick_resumes(page, site_url, open_table):
    fast_settings(page)
    open_table(page, site_url + "#seed=5")
    play_until(page, lambda st, pg: my_play_turn(st, pg)
               and pg.locator("#trick:not(.done) [data-card]").count() > 0)
    before = page.evaluate("""() => ({hand: [...document.querySelectorAll('#hand [data-card]')].map(e => e.dataset.card),
        trick: [...document.querySelectorAll('#trick [data-card]')].map(e => e.dataset.card),
        actions: document.getElementById('table').dataset.actions})""")
    page.reload()
    page.wait_for_selector("html[data-ready=true]", state="attached")
    after = page.evaluate("""() => ({hand: [...document.querySelectorAll('#hand [data-card]')].map(e => e.dataset.card),
        trick: [...document.querySelectorAll('#trick [data-card]')].map(e => e.dataset.card),
        actions: document.getElementById('table').dataset.actions})""")
    assert after == before
    assert state(page)["human"] == "true"


def test_share_link_sets_conventions(page, site_url, open_table):
    fast_settings(page)
    open_table(page, site_url + "#rules=classic,target=1001,ace_marriage=on")
    rules = page.locator("#table").get_attribute("data-rules")
    assert "target=1001" in rules and "ace_marriage=on" in rules
    # the settings dialog makes a link carrying them
    page.click("[data-action='settings']")
    assert page.locator("#conv-ace_marriage").is_checked()
    page.click("#btn-share")
    url = page.input_value("#share-url")
    assert "#rules=" in url and "ace_marriage%3Don" in url.replace("=on", "%3Don")


def test_broken_share_link_shows_notice(page, site_url, open_table):
    fast_settings(page)
    evil = "classic,bogus=1,target=999,<img src=x onerror=alert(1)>"
    open_table(page, site_url + "#rules=" + evil)
    notice = page.locator("[data-notice='link']")
    assert notice.count() == 1
    text = notice.inner_text()
    # the unknown key as the link wrote it; a known one by its label, in Russian
    assert "«bogus»" in text and "Игра до" in text and "target" not in text
    assert page.locator("img").count() == 0          # never injected as HTML
    assert page.locator("#table").get_attribute("data-phase") in ("bidding", "giving")  # opens normally
    assert page.locator("#table").get_attribute("data-rules") == "classic"


def test_corrupted_save_shows_message_and_keeps_backup(page, site_url, open_table):
    fast_settings(page)
    bad = '{"v": 1, "record": {"format": "thousand/1", "deals": [{"seed": 3, "actions": ["bid 999"]}]}}'
    page.add_init_script(
        f"if (!sessionStorage.getItem('x')) {{ sessionStorage.setItem('x', 1);"
        f" localStorage.setItem('thousand.save', {json.dumps(bad)}); }}")
    open_table(page, site_url)
    notice = page.locator("[data-notice='corrupt']")
    assert notice.count() == 1
    assert "thousand.save.backup" in notice.inner_text()
    assert page.evaluate("localStorage.getItem('thousand.save.backup')") == bad
    notice.locator("[data-action='new-game']").click()
    settled(page)
    assert page.locator("#table").get_attribute("data-phase") in ("bidding", "giving")
    assert page.evaluate("localStorage.getItem('thousand.save.backup')") == bad


def test_future_save_is_kept(page, site_url, open_table):
    fast_settings(page)
    future = json.dumps({"v": 99, "record": {}})
    page.add_init_script(f"localStorage.setItem('thousand.save', {json.dumps(future)});")
    open_table(page, site_url)
    assert page.locator("[data-notice='future']").count() == 1
    assert page.evaluate("localStorage.getItem('thousand.save.backup')") == future


@pytest.mark.parametrize("vp", [(360, 740), (740, 360), (1280, 800)])
def test_no_horizontal_overflow(page, site_url, open_table, vp):
    page.set_viewport_size({"width": vp[0], "height": vp[1]})
    fast_settings(page)
    open_table(page, site_url + "#seed=7")
    seen: set = set()
    for _ in range(60):
        over = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert over <= 0, f"horizontal overflow of {over}px in phase {state(page)['phase']}"
        small = page.evaluate("""() => [...document.querySelectorAll('#table button, #table select')]
            .filter(e => e.offsetParent && (e.getBoundingClientRect().height < 43.5 || e.getBoundingClientRect().width < 43.5))
            .map(e => e.outerHTML.slice(0, 80))""")
        assert not small, small
        if "play" in seen:
            break
        human_step(page, seen, bid_high=True)
    page.click("[data-action='settings']")
    over = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert over <= 0


def test_cards_have_accessible_names(page, site_url, open_table):
    fast_settings(page)
    open_table(page, site_url)
    labels = page.eval_on_selector_all("#hand [data-card]", "els => els.map(e => e.getAttribute('aria-label'))")
    assert labels and all(labels)
    assert any(lbl.split()[0] in ("Туз", "Король", "Дама", "Валет", "Десятка", "Девятка") for lbl in labels)


def test_settings_language_and_rules_apply(page, site_url, open_table):
    fast_settings(page)
    open_table(page, site_url + "#seed=7")
    page.click("[data-action='settings']")
    page.select_option("#set-lang", "en")
    page.select_option("#set-preset", "polish")          # redraws the rules for the preset
    assert page.locator("#conv-must_beat").is_checked()
    page.check("#conv-ace_marriage")
    page.fill("#set-name-0", "Ann")
    page.click("#btn-apply-new")
    settled(page)
    rules = page.locator("#table").get_attribute("data-rules")
    assert rules.startswith("polish") and "ace_marriage=on" in rules
    assert page.evaluate("document.documentElement.lang") == "en"
    assert "Ann" in page.inner_text("[data-seat='0'] .seat-name")
    labels = page.eval_on_selector_all("#hand [data-card]", "els => els.map(e => e.getAttribute('aria-label'))")
    assert all(" of " in lbl for lbl in labels)


def test_keyboard_plays_a_card(page, site_url, open_table):
    fast_settings(page)
    open_table(page, site_url + "#seed=5")
    st = play_until(page, my_play_turn, limit=300)
    n = st["actions"]
    page.focus("#hand [data-legal='true'] >> nth=0")
    page.keyboard.press("Enter")
    if state(page)["overlay"] == "dialog-meld":
        page.keyboard.press("Enter")                    # the dialog focuses "declare"
    page.wait_for_function(f"+document.getElementById('table').dataset.actions > {n}")


def test_invalid_number_in_settings_then_share_says_why(page, site_url, open_table):
    """On the table before issue 13 this sequence crashed the renderer (a lead's note); now
    the settings say what is wrong, share nothing, and share once the number is right."""
    fast_settings(page)
    open_table(page, site_url)
    page.click("[data-action='settings']")
    page.wait_for_selector("#conv-penalty")
    label = page.inner_text("[data-conv='penalty'] .conv-text")
    assert label and "penalty" not in label
    for bad in ("7", "", "-5", "99999999999999999999"):
        page.fill("#conv-penalty", bad)
        # the errors change as the field is typed, not when a click on Share blurs it (that
        # moved the button between press and release: the click was lost)
        assert page.locator("#err-conv-penalty").count() == 1
        assert page.locator("#settings-error").count() == 0
        page.click("#btn-share")
        page.wait_for_selector("#settings-error")
        # by the field, and by the buttons naming the field, in the player's language
        why = page.inner_text("#err-conv-penalty")
        assert why and label in page.inner_text("#settings-error")
        assert page.locator("#share-url").count() == 0
        settled(page)
    page.fill("#conv-penalty", "50")
    page.click("#btn-share")
    page.wait_for_selector("#share-url")
    assert "penalty" in page.input_value("#share-url")
    assert page.locator("#settings-error").count() == 0
    assert page.evaluate("document.documentElement.dataset.bootError") is None
