#!/usr/bin/env python3
"""Start-up and responsiveness of the web table against a bare PyScript page, one run.

    python3 scripts/bench_web.py [--runs 3] [--throttle 1,4] [--no-build] [--moves 25]

For each CPU throttling rate (Emulation.setCPUThrottlingRate; 4 is the usual phone
stand-in) it loads, in fresh browser contexts:

  * bare: a PyScript page that loads the same local Pyodide and runs one line (the
    yardstick: what any Python-in-the-page app pays);
  * the table, first visit (empty caches) and repeat visit (the service worker controls the
    page and a game is saved);

and prints, as medians with the ratio to the bare page of the same run:
  navigation -> saved table visible (mark thousand-shown), navigation -> accepts input
  (html[data-ready=true]), the longest main-thread task until then (PerformanceObserver
  longtask), the longest main-thread task while hard bots play `--moves` human moves,
  the bytes transferred on a first visit (compressed, page and worker), the memory of the
  renderer process (RSS, page and its dedicated worker share it) and the number of Pyodide
  interpreters started (pyodide.asm.wasm fetches).
Needs what the e2e tests need (chromium, playwright for Python, npm ci).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from serve import build_site, serve_in_thread  # noqa: E402

CHROMIUM_ARGS = ["--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
READY = "html[data-ready=true]"
LONGTASKS = """
window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
}).observe({type: 'longtask', buffered: true});
"""
BARE = """<!doctype html><html><head><meta charset="utf-8">
<script type="module" src="./pyscript/core.js"></script></head><body>
<script type="py" config='{"interpreter": "./pyodide/pyodide.mjs"}'>
from pyscript import document, window
window.performance.mark("thousand-ready")
document.documentElement.dataset.ready = "true"
</script></body></html>
"""
MARKS = """() => { const m = (n) => (performance.getEntriesByName(n)[0] || {}).startTime;
  const ready = m('thousand-ready');
  const lt = (window.__longtasks || []).filter(([s, d]) => s <= ready);
  return {shown: m('thousand-shown') ?? null, ready, longest: Math.max(0, ...lt.map(x => x[1]))}; }"""


def settings_script(**s) -> str:
    base = {"speed": "instant", "level": "normal", "lang": "ru"}
    base.update(s)
    return (f"if (!localStorage.getItem('thousand.settings')) localStorage.setItem("
            f"'thousand.settings', {json.dumps(json.dumps(base))});")


def human_move(page) -> bool:
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


def renderer_rss_mb(browser_pid_hint=None) -> float:
    """Sum of the RSS of Chromium's renderer processes (one tab open: that tab)."""
    total = 0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            cmd = open(f"/proc/{pid}/cmdline", "rb").read().split(b"\0")
            if not cmd or b"chrom" not in cmd[0] or b"--type=renderer" not in cmd:
                continue
            for line in open(f"/proc/{pid}/status"):
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


class Visit:
    def __init__(self, browser, throttle):
        self.ctx = browser.new_context(viewport={"width": 1280, "height": 800})
        self.page = self.ctx.new_page()
        self.page.add_init_script(LONGTASKS)
        self.bytes = 0
        self.wasm = 0
        self.ctx.on("requestfinished", self.count)
        if throttle > 1:
            cdp = self.ctx.new_cdp_session(self.page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})

    def count(self, req):
        try:
            sizes = req.sizes()
            self.bytes += sizes["responseBodySize"] + sizes["responseHeadersSize"]
        except Exception:  # noqa: BLE001
            pass
        if req.url.endswith("pyodide.asm.wasm"):
            self.wasm += 1

    def load(self, url, reload=False):
        if reload:
            self.page.reload()
        else:
            self.page.goto(url)
        self.page.wait_for_selector(READY, state="attached", timeout=300_000)
        return self.page.evaluate(MARKS)

    def close(self):
        self.ctx.close()


def bot_phase(browser, url, throttle, moves) -> dict:
    v = Visit(browser, throttle)
    page = v.page
    page.add_init_script(settings_script(level="hard"))
    v.load(url + "#seed=42")
    start = page.evaluate("performance.now()")
    done = 0
    while done < moves:
        page.wait_for_function("""() => { const t = document.getElementById('table');
            return t.dataset.humanTurn === 'true' || document.querySelector('#overlay-root .dialog')
                || t.dataset.phase === 'over'; }""", timeout=300_000)
        if page.get_attribute("#table", "data-phase") == "over":
            break
        human_move(page)
        done += 1
        page.wait_for_timeout(30)
    tasks = page.evaluate("window.__longtasks")
    in_play = [d for s, d in tasks if s >= start]
    rss = renderer_rss_mb()
    v.close()
    return {"longest": max(in_play, default=0), "n": len(in_play), "rss": rss}


def med(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else float("nan")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--throttle", default="1,4", help="CPU throttling rates, comma-separated")
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--dir", default=str(ROOT / "build" / "bench-site"))
    ap.add_argument("--moves", type=int, default=25, help="human moves in the hard-bot run")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    args = ap.parse_args(argv)
    site = Path(args.dir)
    if not args.no_build:
        build_site(site)
    (site / "bare.html").write_text(BARE, encoding="utf-8")
    httpd, url = serve_in_thread(site)

    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=args.chromium, headless=True, args=CHROMIUM_ARGS)
        for rate in [int(x) for x in args.throttle.split(",")]:
            r = {k: [] for k in ("bare_first", "bare_repeat", "first", "repeat", "shown",
                                 "lt_first", "lt_repeat", "lt_bare", "bytes", "wasm", "rss_idle")}
            for _ in range(args.runs):
                b = Visit(browser, rate)
                m1 = b.load(url + "bare.html")
                m2 = b.load(None, reload=True)
                r["bare_first"].append(m1["ready"])
                r["bare_repeat"].append(m2["ready"])
                r["lt_bare"].append(m1["longest"])
                b.close()
                v = Visit(browser, rate)
                v.page.add_init_script(settings_script())
                m = v.load(url)
                r["first"].append(m["ready"])
                r["lt_first"].append(m["longest"])
                r["bytes"].append(v.bytes)
                r["wasm"].append(v.wasm)
                v.page.wait_for_function("!!navigator.serviceWorker.controller", timeout=120_000)
                v.page.wait_for_timeout(500)
                for _ in range(2):
                    m = v.load(None, reload=True)
                    r["repeat"].append(m["ready"])
                    r["shown"].append(m["shown"])
                    r["lt_repeat"].append(m["longest"])
                r["rss_idle"].append(renderer_rss_mb())
                v.close()
            bf, br = med(r["bare_first"]), med(r["bare_repeat"])
            print(f"== CPU throttling {rate}x, {args.runs} runs (medians; ratio to the bare "
                  f"PyScript page of this run)")
            print(f"bare PyScript page to ready: first visit {bf:.0f} ms, repeat {br:.0f} ms; "
                  f"its longest main-thread task {med(r['lt_bare']):.0f} ms")
            print(f"saved table visible, repeat visit: {med(r['shown']):.0f} ms = "
                  f"{med(r['shown']) / br:.2f} x bare (target <= 0.3)")
            print(f"accepts input: first visit {med(r['first']):.0f} ms = {med(r['first']) / bf:.2f} x bare; "
                  f"repeat {med(r['repeat']):.0f} ms = {med(r['repeat']) / br:.2f} x bare (target <= 1.0)")
            print(f"longest main-thread task to ready: first visit {med(r['lt_first']):.0f} ms, "
                  f"repeat {med(r['lt_repeat']):.0f} ms (target <= 100)")
            print(f"first-visit transfer (compressed, page + worker): {med(r['bytes']) / 1e6:.2f} MB; "
                  f"Pyodide interpreters started per tab: {max(r['wasm'])}")
            print(f"renderer process memory (RSS) at the table: {med(r['rss_idle']):.0f} MB")
            bp = bot_phase(browser, url, rate, args.moves)
            print(f"longest main-thread task while hard bots play {args.moves} human moves: "
                  f"{bp['longest']:.0f} ms ({bp['n']} long tasks; RSS then {bp['rss']:.0f} MB)")
        browser.close()
    httpd.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
