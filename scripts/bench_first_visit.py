#!/usr/bin/env python3
"""What a phone pays for the table: requests and bytes on a first and a repeat visit, and the
time to input against the bare PyScript page, for this build and (--compare) another one,
side by side in one run (issue 42).

    python3 scripts/bench_first_visit.py [--runs 3] [--throttle 1,4] [--compare DIR]

Each site is served by its own counting server (scripts/serve.py: precompressed twins,
the same Cache-Control), so the figures are what the server sent, the service worker's
precache included: "requests" and "bytes" (compressed, as sent) of a first visit in a fresh
browser context, counted until the service worker controls the page and the engine's
snapshot is stored; then of a repeat visit (a reload) until the table accepts input and 2 s
after.  "Accepts input" is the page's `thousand-ready` mark; "bare" is a bare PyScript page
on the stock npm Pyodide served from the same server (scripts/bench_web.py's yardstick),
first visit, fresh context.  Medians of --runs fresh contexts per figure.  To compare with
an older commit: `git worktree add /tmp/old COMMIT`, link node_modules there, build it
(`python3 scripts/build.py --out DIR` in it), and pass `--compare DIR`.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_web  # noqa: E402
from serve import build_site, counting_server_in_thread  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def visit_pair(browser, url, traffic, throttle) -> dict:
    """A first visit (fresh context) and its repeat: figures of each."""
    traffic.reset()
    v = bench_web.Visit(browser, throttle)
    try:
        page = v.page
        page.add_init_script(bench_web.settings_script())
        m1 = v.load(url)
        page.wait_for_function("!!navigator.serviceWorker.controller", timeout=300_000)
        page.wait_for_selector("html[data-engine-snapshot=stored]", state="attached", timeout=300_000)
        page.wait_for_timeout(500)
        first = {"ready": m1["ready"], "longest": m1["longest"],
                 "requests": sum(traffic.requests.values()), "bytes": sum(traffic.bytes.values()),
                 "twice": sum(1 for n in traffic.requests.values() if n > 1)}
        traffic.reset()
        m2 = v.load(url, reload=True)
        page.wait_for_timeout(2000)
        repeat = {"ready": m2["ready"], "longest": m2["longest"],
                  "requests": sum(traffic.requests.values()), "bytes": sum(traffic.bytes.values())}
        return {"first": first, "repeat": repeat}
    finally:
        v.close()


def bare(browser, url, throttle) -> float:
    v = bench_web.Visit(browser, throttle)
    try:
        return v.load(url + "bare.html")["ready"]
    finally:
        v.close()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--throttle", default="1,4")
    ap.add_argument("--dir", default=str(ROOT / "build" / "bench-site"))
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--compare", help="another built site, measured in the same run")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    args = ap.parse_args(argv)
    site = Path(args.dir)
    if not args.no_build:
        build_site(site)
    sites = [("this build", site)] + ([("compare", Path(args.compare))] if args.compare else [])
    served = []
    for name, d in sites:
        bench_web.write_bare(d)
        httpd, url, traffic = counting_server_in_thread(d)
        served.append((name, url, traffic, httpd))
    from playwright.sync_api import sync_playwright
    med = bench_web.med
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=args.chromium)
        try:
            for rate in [int(x) for x in args.throttle.split(",")]:
                rows = {name: {"pairs": [], "bare": []} for name, *_ in served}
                for run in range(args.runs):
                    # interleaved, and each site first every other run: the same load for both
                    for name, url, traffic, _h in (served if run % 2 == 0 else served[::-1]):
                        rows[name]["pairs"].append(visit_pair(browser, url, traffic, rate))
                        rows[name]["bare"].append(bare(browser, url, rate))
                print(f"== CPU {rate}x, medians of {args.runs} fresh contexts")
                for name, *_ in served:
                    pairs, b = rows[name]["pairs"], med(rows[name]["bare"])
                    f = {k: med([x["first"][k] for x in pairs]) for k in pairs[0]["first"]}
                    r = {k: med([x["repeat"][k] for x in pairs]) for k in pairs[0]["repeat"]}
                    print(f"{name}: first visit {f['requests']:.0f} requests, {f['bytes'] / 1e6:.2f} MB "
                          f"sent (paths fetched twice: {f['twice']:.0f}); accepts input {f['ready']:.0f} ms "
                          f"= {f['ready'] / b:.2f} x bare ({b:.0f} ms), longest task {f['longest']:.0f} ms | "
                          f"repeat {r['requests']:.0f} requests, {r['bytes'] / 1e6:.2f} MB; accepts input "
                          f"{r['ready']:.0f} ms, longest task {r['longest']:.0f} ms")
        finally:
            browser.close()
            for *_, httpd in served:
                httpd.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
