"""PWA: after a first visit the game loads and plays with the server gone."""
from __future__ import annotations

import json
import shutil

import pytest

pytestmark = pytest.mark.e2e


def test_offline_after_first_visit(page, own_server, open_table):
    page.add_init_script(
        "localStorage.setItem('thousand.settings', "
        + json.dumps(json.dumps({"speed": "instant", "level": "easy"})) + ");")
    url = own_server.url
    open_table(page, url + "#seed=7")
    page.evaluate("navigator.serviceWorker.ready")
    # the page is controlled once the worker has claimed it
    page.wait_for_function("!!navigator.serviceWorker.controller", timeout=60_000)
    cached = page.evaluate("""async () => { const keys = await caches.keys();
        const c = await caches.open(keys.find(k => k.startsWith('thousand-')));
        return (await c.keys()).length; }""")
    assert cached > 20
    # the service worker was registered (and its precache began) only once the table
    # accepted input: on a first visit it does not fetch the site while the page loads it
    order = page.evaluate("""() => ['thousand-ready', 'thousand-sw-register'].map(
        n => performance.getEntriesByName(n)[0].startTime)""")
    assert order[0] <= order[1]
    own_server.stop()
    page.reload()
    page.wait_for_selector("html[data-ready=true]", state="attached", timeout=90_000)
    # play until a card is played on the table, all offline
    for _ in range(200):
        page.wait_for_function("""() => { const t = document.getElementById('table');
            return t.dataset.humanTurn === 'true' || document.querySelector('#overlay-root .dialog'); }""",
                               timeout=90_000)
        phase = page.get_attribute("#table", "data-phase")
        if page.locator("#overlay-root #btn-next-deal").count():
            page.click("#btn-next-deal")
            continue
        if page.locator("#overlay-root #btn-meld").count():
            page.click("#btn-meld")
            continue
        if phase == "bidding":
            page.click("#btn-pass")
        elif phase == "giving":
            page.click("#hand [data-legal='true'] >> nth=0")
            page.locator("[data-action='give']:not([disabled])").first.click()
        elif phase == "contract":
            page.click("#btn-contract")
        elif phase == "play":
            # the engine's action count, not the cards on the table: at instant speed the
            # trick can be full again (the same count of cards) before the page is polled,
            # and a king or queen of a marriage first asks whether to meld
            before = page.get_attribute("#table", "data-actions")
            page.click("#hand [data-legal='true'] >> nth=0")
            page.wait_for_function("""n => document.getElementById('table').dataset.actions !== n
                || document.querySelector('#overlay-root #btn-meld')""", arg=before, timeout=90_000)
            if page.locator("#overlay-root #btn-meld").count():
                page.click("#overlay-root #btn-meld")
                page.wait_for_function("n => document.getElementById('table').dataset.actions !== n",
                                       arg=before, timeout=90_000)
            break
    else:
        pytest.fail("never got to play a card offline")
    # a full trick has been played offline (bots included)
    page.wait_for_function("document.getElementById('table').dataset.humanTurn === 'true'"
                           " || document.querySelector('#overlay-root .dialog')", timeout=90_000)
    assert page.evaluate("document.documentElement.dataset.bootError") is None


def test_new_version_is_offered_not_forced(page, serve_dir, open_table, site_dir, tmp_path):
    """A new build: the page shows the update banner and does not reload by itself."""
    copy = tmp_path / "site"
    shutil.copytree(site_dir, copy)
    server = serve_dir(copy)
    page.add_init_script(
        "localStorage.setItem('thousand.settings', "
        + json.dumps(json.dumps({"speed": "instant"})) + ");")
    open_table(page, server.url)
    page.wait_for_function("!!navigator.serviceWorker.controller", timeout=60_000)
    page.evaluate("window.__sameDocument = true")
    # a new build: the service worker's version changes
    sw = copy / "service-worker.js"
    sw.write_text(sw.read_text(encoding="utf-8").replace('const VERSION = "', 'const VERSION = "new-'),
                  encoding="utf-8")
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    page.wait_for_selector("#update-banner:not([hidden])", timeout=60_000)
    # offered, not forced: the new service worker waits (it controls nothing until the
    # player says so) and this document is still the one that was loaded
    assert page.evaluate("navigator.serviceWorker.getRegistration().then(r => !!r.waiting)")
    assert page.evaluate("window.__sameDocument") is True
    page.click("#update-now")
    page.wait_for_function("window.__sameDocument === undefined", timeout=30_000)
    page.wait_for_selector("html[data-ready=true]", state="attached", timeout=90_000)
    # the old version's precache is gone (the engine's snapshot cache is not a precache)
    precaches = [k for k in page.evaluate("caches.keys()") if k.startswith("thousand-")]
    assert precaches and all("new-" in k for k in precaches), precaches
