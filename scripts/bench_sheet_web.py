#!/usr/bin/env python3
"""The live game's score sheet in the browser's worker: time of one ``sheet`` request.

    python3 scripts/bench_sheet_web.py [--deals 100] [--runs 15] [--no-build]

The score sheet is scored in the table's engine worker, statelessly: every request carries
the whole sheet and the worker rescores it (thousand.web.sheet_service).  This builds a
sheet of --deals deals in CPython, then sends ``load`` (check and rescore) and ``add`` (one
more deal) for it --runs times through the page's own channel (window.thousandEngine.request)
in headless Debian chromium, and prints the median and worst times and the link's length.
Needs what the e2e tests need (chromium, playwright, npm ci).
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "py"))

from serve import bench_site, bench_site_args, serve_in_thread  # noqa: E402
from thousand.web.service import Service  # noqa: E402


def make_sheet(deals: int, seed: int = 1) -> dict:
    """A classic 3-player sheet: first hand declares 100 every deal, random card points."""
    svc = Service()

    def ask(**req):
        return json.loads(svc.handle(json.dumps(req)))
    r = ask(op="sheet", do="new", rules="classic", names=["A", "B", "C"])
    rng = random.Random(seed)
    while len(r["rows"]) < deals and not r["finished"]:
        c = r["context"]
        decl = c["first_hand"]
        others = [s for s in c["playing"] if s != decl]
        a = rng.randrange(0, 60)
        points = [None] * 3
        points[others[0]], points[others[1]] = a, rng.randrange(0, 120 - a)
        r = ask(op="sheet", do="add", sheet=r["sheet"],
                entry={"declarer": decl, "contract": 100, "points": points})
    return r


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--runs", type=int, default=15)
    bench_site_args(ap)
    args = ap.parse_args()
    site = bench_site(args)
    r = make_sheet(args.deals)
    print(f"sheet of {len(r['rows'])} deals; its #sheet= link text: {len(r['link'])} characters")
    from playwright.sync_api import sync_playwright
    httpd, url = serve_in_thread(site)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True)
        page = browser.new_page()
        page.goto(url + "#seed=7")
        page.wait_for_selector("html[data-ready=true]", state="attached", timeout=120_000)
        for do in ("load", "add"):
            req = {"op": "sheet", "do": do, "sheet": r["sheet"]}
            if do == "add":
                req["entry"] = {"declarer": r["context"]["first_hand"], "contract": 100,
                                "conceded": True}
            times = page.evaluate("""async ([req, runs]) => { const out = [];
                for (let i = 0; i < runs; i++) { const t = performance.now();
                  const rep = JSON.parse(await window.thousandEngine.request(JSON.stringify(req)));
                  if (!rep.ok) throw new Error(JSON.stringify(rep)); out.push(performance.now() - t); }
                return out.sort((a, b) => a - b); }""", [req, args.runs])
            print(f"{do:5s} in the worker: median {times[len(times) // 2]:.1f} ms, "
                  f"worst {times[-1]:.1f} ms ({args.runs} runs)")
        browser.close()
    httpd.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
