#!/usr/bin/env python3
"""Page-load and responsiveness figures of the web table (headless Debian chromium).

    python3 scripts/bench_web.py [--runs 3] [--no-build] [--level hard] [--moves 40]

Prints:
  * first visit: navigation start -> table playable (fresh browser context, empty caches);
  * repeat visit: the same, reloaded with the service worker controlling the page;
  * the longest main-thread task (PerformanceObserver "longtask") while bots think, with the
    bots in their worker and, for comparison, with the bots on the main thread.
Needs what the e2e tests need (chromium, playwright for Python, npm ci).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from serve import build_site, serve_in_thread  # noqa: E402

CHROMIUM_ARGS = ["--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
READY = "html[data-ready=true]"
READY_MS = "performance.getEntriesByName('thousand-ready')[0].startTime"
LONGTASKS = """
window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
}).observe({type: 'longtask', buffered: true});
"""


def settings_script(**s) -> str:
    base = {"speed": "instant", "level": "normal", "lang": "ru"}
    base.update(s)
    return f"localStorage.setItem('thousand.settings', {json.dumps(json.dumps(base))});"


def human_move(page) -> bool:
    """Make the human's move if it is his turn; True if something was clicked."""
    return page.evaluate("""() => {
      const q = (s) => document.querySelector(s);
      const t = q('#table');
      if (q('#btn-next-deal')) { q('#btn-next-deal').click(); return true; }
      if (q('#btn-meld')) { q('#btn-meld').click(); return true; }
      if (t.dataset.humanTurn !== 'true') return false;
      const ph = t.dataset.phase;
      if (ph === 'bidding') { q('#btn-pass').click(); return true; }
      if (ph === 'contract') { q('#btn-contract').click(); return true; }
      const c = q('#hand [data-legal="true"]');
      if (!c) return false;
      c.click();
      if (ph === 'giving') { const b = q('[data-action="give"]:not([disabled])'); if (b) b.click(); }
      return true;
    }""")


def bot_phase(browser, url: str, level: str, worker: bool, moves: int) -> dict:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.add_init_script(settings_script(level=level, bot_worker=worker))
    page.add_init_script(LONGTASKS)
    page.goto(url + "#seed=42")
    page.wait_for_selector(READY, state="attached", timeout=120_000)
    if worker:
        page.wait_for_function("document.documentElement.dataset.botWorker === 'ready' || "
                               "document.documentElement.dataset.botWorker === 'failed'",
                               timeout=120_000)
    start = page.evaluate("performance.now()")
    a0 = int(page.get_attribute("#table", "data-actions"))
    done = 0
    while done < moves:
        page.wait_for_function("""() => { const t = document.getElementById('table');
            return t.dataset.humanTurn === 'true' || document.querySelector('#overlay-root .dialog')
                || t.dataset.phase === 'over'; }""", timeout=120_000)
        if page.get_attribute("#table", "data-phase") == "over":
            break
        human_move(page)
        done += 1
        page.wait_for_timeout(30)
    end = page.evaluate("performance.now()")
    tasks = page.evaluate("window.__longtasks")
    in_play = [d for s, d in tasks if s >= start]
    actions = int(page.get_attribute("#table", "data-actions")) - a0
    state = page.evaluate("document.documentElement.dataset.botWorker")
    ctx.close()
    return {"longest_ms": round(max(in_play, default=0)), "longtasks": len(in_play),
            "seconds": round((end - start) / 1000, 1), "actions": actions, "worker": state}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--dir", default=str(ROOT / "build" / "bench-site"))
    ap.add_argument("--level", default="hard", help="bot level for the long-task measurement")
    ap.add_argument("--moves", type=int, default=25, help="human moves in the long-task run")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    args = ap.parse_args(argv)
    site = Path(args.dir)
    if not args.no_build:
        build_site(site)
    httpd, url = serve_in_thread(site)

    from playwright.sync_api import sync_playwright
    first, repeat = [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=args.chromium, headless=True,
                                    args=CHROMIUM_ARGS)
        for _ in range(args.runs):
            ctx = browser.new_context()
            page = ctx.new_page()
            page.add_init_script(settings_script())
            page.goto(url)
            page.wait_for_selector(READY, state="attached", timeout=120_000)
            first.append(page.evaluate(READY_MS))
            page.wait_for_function("!!navigator.serviceWorker.controller", timeout=60_000)
            page.wait_for_timeout(500)
            for _ in range(2):
                page.reload()
                page.wait_for_selector(READY, state="attached", timeout=120_000)
                repeat.append(page.evaluate(READY_MS))
            ctx.close()
        print(f"first visit to playable table: median {statistics.median(first):.0f} ms "
              f"(runs: {', '.join(f'{x:.0f}' for x in first)})")
        print(f"repeat visit via service worker: median {statistics.median(repeat):.0f} ms "
              f"(runs: {', '.join(f'{x:.0f}' for x in repeat)})")
        for worker in (True, False):
            r = bot_phase(browser, url, args.level, worker, args.moves)
            where = "in a worker" if worker else "on the main thread"
            print(f"longest main-thread task while {args.level} bots think {where}: "
                  f"{r['longest_ms']} ms ({r['longtasks']} long tasks over {r['seconds']} s, "
                  f"{r['actions']} actions; worker state {r['worker']})")
        browser.close()
    httpd.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
