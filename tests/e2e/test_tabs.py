"""Two tabs on one game (issue 12): the tab that owns the game is the only one that writes it,
and a takeover is immediate and final, also while both tabs play at full speed."""
from __future__ import annotations

import json

import pytest

from test_table import fast_settings, human_step, settled

pytestmark = pytest.mark.e2e

# Plays the human's seat in the page itself, as fast as the table accepts input: on every
# change of the page it answers whatever the table asks (bid pass, give, contract, the first
# legal card, the deal summary, a new game at game over).  window.__autoplay = false stops it.
AUTOPLAY = """
window.__autoplay = true;
addEventListener('DOMContentLoaded', () => {
  const q = (s) => document.querySelector(s);
  const click = (s) => { const e = q(s); if (e && !e.disabled) { e.click(); return true; } return false; };
  const step = () => {
    const html = document.documentElement, t = q('#table');
    if (!window.__autoplay || !t || html.dataset.ready !== 'true' || html.dataset.busy
        || html.dataset.blocked === 'true') return;
    if (click('#overlay-root #btn-next-deal') || click('#overlay-root #btn-meld')
        || click('#overlay-root #btn-new-game-over')) return;
    if (t.dataset.humanTurn !== 'true') return;
    const phase = t.dataset.phase;
    if (phase === 'bidding') click('#btn-pass');
    else if (phase === 'contract') click('#btn-contract');
    else if (phase === 'play') click("#hand [data-legal='true']");
    else if (phase === 'giving') {
      if (!q("[data-action='give']:not([disabled])")) click("#hand [data-legal='true']");
      click("[data-action='give']:not([disabled])");
    } else click('#btn-pass');
  };
  new MutationObserver(step).observe(document.documentElement,
    {subtree: true, childList: true, attributes: true});
  step();
});
"""

# Every value the save takes, in the order the browser's storage applies them, as seen by a
# third document of the same origin that plays no game (storage events reach every other
# document): [writer tab, rev, action count].
OBSERVE = """() => { window.__saves = [];
  addEventListener('storage', (e) => {
    if (e.key !== 'thousand.save' || !e.newValue) return;
    const d = JSON.parse(e.newValue);
    window.__saves.push([d.tab, d.rev, d.view ? d.view.action_count : -1]);
  }); }"""


def blocked(page) -> bool:
    return page.evaluate("document.documentElement.dataset.blocked") == "true"


def tab_id(page):
    return page.evaluate("document.documentElement.dataset.tab")


def saves(observer) -> list:
    return observer.evaluate("window.__saves")


def segments(seq: list) -> list:
    """The writers in the order they wrote, consecutive writes of one tab as one."""
    out = []
    for tab, _rev, _n in seq:
        if not out or out[-1] != tab:
            out.append(tab)
    return out


def test_two_tabs_at_full_speed_twenty_takeovers(context, site_url, open_table):
    observer = context.new_page()
    observer.goto(site_url + "web/manifest.webmanifest")
    observer.evaluate(OBSERVE)
    a = context.new_page()
    fast_settings(a)
    a.add_init_script(AUTOPLAY)
    open_table(a, site_url + "#seed=3")
    observer.wait_for_function("window.__saves.length >= 3")      # A plays
    b = context.new_page()
    fast_settings(b)
    b.add_init_script(AUTOPLAY)
    open_table(b, site_url)                    # the newest tab plays: B takes the game from A
    owner, other = b, a
    changes = 1
    for i in range(21):
        # the takeover holds: the old owner stops, the new one plays on and writes
        try:
            owner.wait_for_selector("html[data-blocked=false]:not([data-busy])", state="attached")
            other.wait_for_selector("html[data-blocked=true]", state="attached")
        except Exception:
            pytest.fail(f"takeover {i}: not taken over (new owner blocked: {blocked(owner)}, "
                        f"old owner blocked: {blocked(other)}; writers so far {segments(saves(observer))})")
        assert not blocked(owner), f"takeover {i}: the new owner is blocked again"
        assert other.locator("[data-notice='other-tab'] [data-action='take-over']").count() == 1
        n = len(saves(observer))
        observer.wait_for_function(f"window.__saves.length >= {n + 3}")
        assert not blocked(owner), f"takeover {i}: the owner was blocked while it played"
        if i == 20:
            break
        other.click("[data-notice='other-tab'] [data-action='take-over']")   # while owner plays
        owner, other = other, owner
        changes += 1
    # stop both players; the owner's bots finish their turn and save it
    for p in (a, b):
        p.evaluate("window.__autoplay = false")
    owner.wait_for_function("""() => { const t = document.getElementById('table');
        return !document.documentElement.dataset.busy && (t.dataset.humanTurn === 'true'
            || document.querySelector('#overlay-root .dialog')); }""")
    actions = int(owner.get_attribute("#table", "data-actions"))
    observer.wait_for_function(f"window.__saves.length && window.__saves.at(-1)[2] === {actions}")
    seq = saves(observer)
    writers = segments(seq)
    # every ownership change shows as one change of writer, and nothing else: a tab never
    # wrote after it had lost the game
    assert len(writers) == changes + 1, (len(writers), changes, writers)
    # within one owner's turn at the table its revisions rise and the game only moves on
    for x, y in zip(seq, seq[1:]):
        if x[0] == y[0] and y[2] >= x[2]:
            assert y[1] > x[1], (x, y)
        elif x[0] == y[0]:
            assert y[2] == 0 and y[1] == 1, (x, y)        # a new game after game over
    # the save is the owner's game
    saved = json.loads(owner.evaluate("localStorage.getItem('thousand.save')"))
    assert saved["tab"] == tab_id(owner) and saved["tab"] != tab_id(other)
    assert saved["view"]["action_count"] == actions
    assert blocked(other) and not blocked(owner)


NO_LOCKS = "Object.defineProperty(Navigator.prototype, 'locks', {get: () => undefined});"


def test_without_web_locks_a_token_decides_who_writes(context, site_url, open_table):
    """A browser without navigator.locks (e.g. plain http on a LAN address): the owner's id
    in localStorage["thousand.owner"], checked before every write (persist.TokenOwner)."""
    a = context.new_page()
    b = context.new_page()
    for p in (a, b):
        p.add_init_script(NO_LOCKS)
        fast_settings(p)
    open_table(a, site_url + "#seed=3")
    assert a.evaluate("window.thousandOwner === undefined && navigator.locks === undefined")
    assert a.evaluate("localStorage.getItem('thousand.owner')") == tab_id(a)
    open_table(b, site_url)
    a.wait_for_selector("html[data-blocked=true]", state="attached")
    assert a.evaluate("localStorage.getItem('thousand.owner')") == tab_id(b) and not blocked(b)
    b.wait_for_function("""() => { const t = document.getElementById('table');
        return t.dataset.humanTurn === 'true' || document.querySelector('#overlay-root .dialog'); }""")
    a.click("[data-notice='other-tab'] [data-action='take-over']")
    b.wait_for_selector("html[data-blocked=true]", state="attached")
    a.wait_for_selector("html[data-blocked=false]:not([data-busy])", state="attached")
    assert a.evaluate("localStorage.getItem('thousand.owner')") == tab_id(a)
    human_step(a, set())                   # A plays on and saves; B, stopped, does not
    settled(a)
    a.wait_for_function("JSON.parse(localStorage.getItem('thousand.save')).tab === document.documentElement.dataset.tab")
    assert blocked(b)
