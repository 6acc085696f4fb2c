#!/usr/bin/env python3
"""The hard bot's thinking at the table, on the table's clock (issue 43 item 3).

    python3 scripts/bench_ponder.py [--deals 4] [--seed 1] [--speed normal] [--human-ms 2000]
                                    [--compare] [--browser [--no-build] [--dir DIR] [--chromium PATH]]

Plays a seeded game as the table does (thousand.web.botbench.ponder_table): the service the
browser's worker runs (thousand.web.service), hard bots at seats 1.., and at seat 0 a
stand-in for the human (the careful normal bot) who thinks `--human-ms` on each decision.
The bots' requests are paced as thousand.web.controller.bot_turn paces them (the move is
shown after PACE_MS, the full trick and the talon longer), and while no request is in
flight the worker ponders (Service.ponder in 25 ms slices, as web/engine-worker.mjs calls
it).  ``--compare`` plays the same game again the way the table thought before issue 43: a
fixed 0.8 s budget and no pondering.  Prints, for the hard bots' card decisions: solver
nodes per decision (mean, median; pondered share), the same for the bidding's close calls
(the bids the bot searches), and the wait from one move shown to the next after a bot's
move (mean, 95th percentile, max, and how far past the table's pause).

In CPython (the default) the table's times are divided by `--cpu-factor` (CPython searches
~1.7x the nodes Pyodide does in the same time): compare the two runs, not these nodes with
the browser's.  ``--browser`` runs the same code in the page's engine worker (headless
Debian chromium, the service's ``bench_ponder`` request, each run in a page of its own) at
the table's real times, and prints the worker's WebAssembly memory after each deal and run
(it only grows: each figure is the peak so far).  Needs what the e2e tests need.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "py"))

from serve import bench_site, bench_site_args, in_idle_table  # noqa: E402
from thousand.web.botbench import format_ponder, ponder_table  # noqa: E402
from thousand.web.ui_state import PACE_MS, TRICK_PAUSE_MS  # noqa: E402

def browser_run(site: Path, chromium: str, request: dict) -> dict:
    """One ponder_table run in a fresh page's engine worker."""
    raw = in_idle_table(site, chromium, lambda page: page.evaluate(
        "r => window.thousandEngine.request(r)", json.dumps(request)))
    res = json.loads(raw)
    if not res.get("ok"):
        raise SystemExit(f"bench_ponder failed in the worker: {res.get('why')}")
    return res


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--speed", default="normal", choices=sorted(PACE_MS))
    ap.add_argument("--human-ms", type=float, default=2000)
    ap.add_argument("--compare", action="store_true", help="also the table before issue 43")
    ap.add_argument("--cpu-factor", type=float, default=1.7,
                    help="CPython only: how much slower the browser's Pyodide searches (the "
                         "table's times are divided by it; waits are printed in the table's time)")
    ap.add_argument("--browser", action="store_true", help="in the page's engine worker")
    bench_site_args(ap)
    a = ap.parse_args(argv)
    pace, trick = PACE_MS[a.speed], TRICK_PAUSE_MS[a.speed]
    if a.browser:
        site = bench_site(a)

        def run(ponder: bool) -> dict:
            return browser_run(site, a.chromium, dict(
                op="bench_ponder", deals=a.deals, seed=a.seed, pace_ms=pace,
                trick_pause_ms=trick, human_ms=a.human_ms, ponder=ponder))
        where = "in the browser's engine worker, the table's times"
    else:
        def run(ponder: bool) -> dict:
            return ponder_table(a.deals, a.seed, pace, trick, a.human_ms, ponder,
                                factor=a.cpu_factor)
        where = f"in CPython, the table's times / {a.cpu_factor}"
    print(f"{a.deals} deals, seed {a.seed}, speed {a.speed}, the human thinks "
          f"{a.human_ms:.0f} ms, {where}")
    runs = [("pondering + the pause as budget", run(True))]
    if a.compare:
        runs.append(("fixed 0.8 s, no pondering     ", run(False)))
    for name, r in runs:
        print(format_ponder(name, r))
        if r.get("heap_mb") is not None:
            print(f"   the worker's WebAssembly memory after it: {r['heap_mb']:.1f} MB"
                  f" ({r['deals']} deals in {r['seconds']:.0f} s)")
        if r.get("heap_by_deal"):
            print("   after each deal: " + ", ".join(f"{m:.0f}" for m in r["heap_by_deal"]) + " MB")
    if a.compare:
        new, old = runs[0][1], runs[1][1]
        for key, what in (("decisions", "card decision"), ("bids", "close call in the bidding")):
            if new.get(key) and old.get(key):
                ratio = statistics.mean(d["nodes"] for d in new[key]) / \
                    statistics.mean(d["nodes"] for d in old[key])
                print(f"nodes per {what}: {ratio:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
