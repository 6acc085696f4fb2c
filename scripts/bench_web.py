#!/usr/bin/env python3
"""Start-up and responsiveness of the web table against a bare PyScript page, one run.

    python3 scripts/bench_web.py [--runs 3] [--throttle 1,4] [--no-build] [--moves 25]

For each CPU throttling rate (Emulation.setCPUThrottlingRate; 4 is the usual phone
stand-in) it loads, in fresh browser contexts:

  * bare: a PyScript page that loads the same Pyodide, stock from npm with its whole stdlib
    (the site's is trimmed), from the same server, and runs one line (the yardstick: what any
    Python-in-the-page app pays);
  * the table, first visit (empty caches) and repeat visit (the service worker controls the
    page and a game is saved);

and prints, as medians with the ratio to the bare page of the same run:
  navigation -> saved table visible (mark thousand-shown), navigation -> accepts input
  (html[data-ready=true]), the longest main-thread task until then (PerformanceObserver
  longtask), the longest main-thread task while hard bots play `--moves` human moves,
  the bytes transferred on a first visit (compressed, page and worker), the memory of
  Chromium's renderer processes (RSS and PSS of the pids CDP's SystemInfo.getProcessInfo
  lists: the page, its dedicated worker and the service worker) and the number of Pyodide
  interpreters started (loadPyodide calls: instantiations of Pyodide's wasm on the main
  thread, and the engine worker's own count, self.thousandPyodideStarts).  A repeat visit
  says how its engine started (html[data-engine-boot]: snapshot or fresh).

  --compare DIR  also loads another built site (e.g. the two-interpreter design of commit
                 db77d54, built with its own scripts/build.py) and prints its time to ready,
                 memory and interpreters, for a before/after.
  --memory-only  only the memory figures (each also after a forced garbage collection, which
                 tells what a tab holds from what it has not collected yet).
Needs what the e2e tests need (chromium, playwright for Python, npm ci).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import time
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from serve import CHROMIUM_ARGS, build_site, serve_in_thread  # noqa: E402

READY = "html[data-ready=true]"
LONGTASKS = """
window.__pyodideMain = 0;
for (const name of ["instantiate", "instantiateStreaming"]) {
  const orig = WebAssembly[name];
  WebAssembly[name] = function (src, imports, ...rest) {
    if (imports && imports.env && "Jsv_GetError_import" in imports.env) window.__pyodideMain += 1;
    return orig.call(this, src, imports, ...rest);
  };
}
window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
}).observe({type: 'longtask', buffered: true});
"""
BARE = """<!doctype html><html><head><meta charset="utf-8">
<script type="module" src="./pyscript/core.js"></script></head><body>
<script type="py" config='{"interpreter": "./__PYODIDE__/pyodide.mjs"}'>
from pyscript import document, window
window.performance.mark("thousand-ready")
document.documentElement.dataset.ready = "true"
</script></body></html>
"""
MARKS = """() => { const m = (n) => (performance.getEntriesByName(n)[0] || {}).startTime;
  const ready = m('thousand-ready');
  const lt = (window.__longtasks || []).filter(([s, d]) => s <= ready);
  return {shown: m('thousand-shown') ?? null, ready, longest: Math.max(0, ...lt.map(x => x[1]))}; }"""


def write_bare(site: Path) -> None:
    """The yardstick: a bare PyScript page on the stock npm Pyodide (its whole stdlib: the
    site's own is trimmed to what the engine needs, which PyScript's start may not be)."""
    import shutil
    src = ROOT / "node_modules" / "pyodide"
    (site / "bare-pyodide").mkdir(exist_ok=True)
    from build import PYODIDE_FILES
    for name in PYODIDE_FILES:
        shutil.copyfile(src / name, site / "bare-pyodide" / name)
    (site / "bare.html").write_text(BARE.replace("__PYODIDE__", "bare-pyodide"), encoding="utf-8")
    bare_pyscript(site)


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


def status_kb(pid: int, key: str) -> int:
    try:
        for line in open(f"/proc/{pid}/status" if key == "VmRSS:" else f"/proc/{pid}/smaps_rollup"):
            if line.startswith(key):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def renderer_memory(browser) -> dict:
    """RSS and PSS (MB) of Chromium's renderer processes, found by CDP SystemInfo.getProcessInfo
    (one tab open: its page, dedicated workers and service worker live in these)."""
    cdp = browser.new_browser_cdp_session()
    try:
        procs = cdp.send("SystemInfo.getProcessInfo")["processInfo"]
    finally:
        cdp.detach()
    pids = [p["id"] for p in procs if p.get("type") == "renderer"]
    return {"n": len(pids), "rss": sum(status_kb(p, "VmRSS:") for p in pids) / 1024,
            "pss": sum(status_kb(p, "Pss:") for p in pids) / 1024}


def memory_of(pw, chromium, url, repeat=False) -> dict:
    """A tab's memory: a browser of its own (so no closed tab's process is counted), one
    page, ready (and for `repeat`, reloaded once its service worker and engine snapshot are
    in place), then 2 s idle; what its renderer processes hold, and what the same browser
    holds with the tab closed (Chromium keeps a spare renderer)."""
    browser = pw.chromium.launch(executable_path=chromium, headless=True,
                                 args=CHROMIUM_ARGS + ["--js-flags=--expose-gc"])
    try:
        page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        page.add_init_script(LONGTASKS)
        page.add_init_script(settings_script())
        page.goto(url)
        page.wait_for_selector(READY, state="attached", timeout=300_000)
        if repeat:
            page.wait_for_function("!!navigator.serviceWorker.controller", timeout=120_000)
            page.wait_for_selector("html[data-engine-snapshot=stored]", state="attached",
                                   timeout=120_000)
            page.reload()
            page.wait_for_selector(READY, state="attached", timeout=300_000)
        page.wait_for_timeout(2000)
        out = renderer_memory(browser)
        # what is garbage (a snapshot's 31 MB of bytes, read or made) and what is held
        page.evaluate("gc()")
        for w in page.workers:
            w.evaluate("gc()")
        page.wait_for_timeout(1000)
        collected = renderer_memory(browser)
        out["gc_rss"], out["gc_pss"] = collected["rss"], collected["pss"]
        out["interp"] = interpreters(page)
        out["workers_with_wasm"] = sum(1 for w in page.workers if w.evaluate(
            "performance.getEntriesByType('resource').some(e => e.name.endsWith('pyodide.asm.wasm'))"))
        page.context.close()
        time.sleep(1)
        empty = renderer_memory(browser)
        out["empty_rss"], out["empty_pss"] = empty["rss"], empty["pss"]
        return out
    finally:
        browser.close()


def interpreters(page) -> int:
    """Pyodide interpreters started in this tab: the main thread's (init script) plus what
    each worker counted of its own loadPyodide calls."""
    n = page.evaluate("window.__pyodideMain || 0")
    for w in page.workers:
        try:
            n += w.evaluate("self.thousandPyodideStarts || 0")
        except Exception:  # noqa: BLE001 - a worker that has ended
            pass
    return n


class Visit:
    def __init__(self, browser, throttle):
        self.ctx = browser.new_context(viewport={"width": 1280, "height": 800})
        self.page = self.ctx.new_page()
        self.page.add_init_script(LONGTASKS)
        self.bytes = 0
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
    v.close()
    return {"longest": max(in_play, default=0), "n": len(in_play)}


def bare_pyscript(site: Path) -> None:
    """The bare page's PyScript (@pyscript/core's dist/ without source maps) next to the
    site: the table itself starts MicroPython without PyScript, so the build ships none."""
    import shutil
    dist = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
    (site / "pyscript").mkdir(exist_ok=True)
    for p in sorted(dist.iterdir()):
        if p.is_file() and not p.name.endswith(".map"):
            shutil.copyfile(p, site / "pyscript" / p.name)


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
    ap.add_argument("--compare", help="another built site to measure (time, memory, interpreters)")
    ap.add_argument("--memory-only", action="store_true", help="only the memory of the tabs")
    args = ap.parse_args(argv)
    site = Path(args.dir)
    if not args.no_build:
        build_site(site)
    write_bare(site)
    httpd, url = serve_in_thread(site)
    compare_url = None
    if args.compare:
        old_httpd, compare_url = serve_in_thread(Path(args.compare))

    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=args.chromium, headless=True, args=CHROMIUM_ARGS)
        for rate in [] if args.memory_only else [int(x) for x in args.throttle.split(",")]:
            r = {k: [] for k in ("bare_first", "bare_repeat", "first", "repeat", "shown",
                                 "lt_first", "lt_repeat", "lt_bare", "bytes", "interp", "boot",
                                 "bare_interp", "old")}
            for _ in range(args.runs):
                b = Visit(browser, rate)
                m1 = b.load(url + "bare.html")
                r["bare_interp"].append(interpreters(b.page))
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
                r["interp"].append(interpreters(v.page))
                v.page.wait_for_function("!!navigator.serviceWorker.controller", timeout=120_000)
                # the engine's snapshot of this build is stored once, after the first visit
                v.page.wait_for_selector("html[data-engine-snapshot=stored]", state="attached",
                                         timeout=120_000)
                for _ in range(2):
                    m = v.load(None, reload=True)
                    r["repeat"].append(m["ready"])
                    r["shown"].append(m["shown"])
                    r["lt_repeat"].append(m["longest"])
                    r["boot"].append(v.page.evaluate("document.documentElement.dataset.engineBoot"))
                    r["interp"].append(interpreters(v.page))
                v.close()
                if compare_url:
                    o = Visit(browser, rate)
                    o.page.add_init_script(settings_script())
                    r["old"].append(o.load(compare_url)["ready"])
                    o.close()
            bf, br = med(r["bare_first"]), med(r["bare_repeat"])
            print(f"== CPU throttling {rate}x, {args.runs} runs (medians; ratio to the bare "
                  f"PyScript page of this run)")
            print(f"bare PyScript page to ready: first visit {bf:.0f} ms, repeat {br:.0f} ms; "
                  f"its longest main-thread task {med(r['lt_bare']):.0f} ms")
            print(f"saved table visible, repeat visit: {med(r['shown']):.0f} ms = "
                  f"{med(r['shown']) / br:.2f} x bare (target <= 0.3)")
            print(f"accepts input: first visit {med(r['first']):.0f} ms = {med(r['first']) / bf:.2f} x bare; "
                  f"repeat {med(r['repeat']):.0f} ms = {med(r['repeat']) / br:.2f} x bare (target <= 1.0); "
                  f"repeat visits' engine start: {', '.join(sorted(set(map(str, r['boot']))))}")
            print(f"longest main-thread task to ready: first visit {med(r['lt_first']):.0f} ms, "
                  f"repeat {med(r['lt_repeat']):.0f} ms (target <= 100)")
            print(f"first-visit transfer (compressed, page + worker): {med(r['bytes']) / 1e6:.2f} MB; "
                  f"Pyodide interpreters started per tab: {max(r['interp'])} "
                  f"(bare page: {max(r['bare_interp'])})")
            if compare_url:
                print(f"compared site ({args.compare}): first visit to ready {med(r['old']):.0f} ms "
                      f"= {med(r['old']) / bf:.2f} x bare")
            bp = bot_phase(browser, url, rate, args.moves)
            print(f"longest main-thread task while hard bots play {args.moves} human moves: "
                  f"{bp['longest']:.0f} ms ({bp['n']} long tasks)")
        print("== memory (RSS / PSS of the renderer processes, each tab in a browser of its own, "
              "2 s idle, then after a forced garbage collection in the page and its workers; "
              "'empty' is the same browser with the tab closed)")
        browser.close()
        sites = [("bare PyScript page", url + "bare.html", False), ("the table, repeat visit", url, True),
                 ("the table, first visit", url, False)]
        if compare_url:
            sites.append((f"compared site {args.compare}", compare_url, False))
        for name, u, repeat in sites:
            m = memory_of(p, args.chromium, u, repeat)
            print(f"{name}: RSS {m['rss']:.0f} MB, PSS {m['pss']:.0f} MB in {m['n']} renderer processes "
                  f"(empty: RSS {m['empty_rss']:.0f}, PSS {m['empty_pss']:.0f}; the tab: "
                  f"PSS +{m['pss'] - m['empty_pss']:.0f} MB); after GC: RSS {m['gc_rss']:.0f} MB, "
                  f"PSS {m['gc_pss']:.0f} MB; "
                  f"Pyodide interpreters: {m['interp']} counted by loadPyodide"
                  f" (+ {m['workers_with_wasm']} workers that fetched Pyodide's wasm themselves)")
    httpd.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
