#!/usr/bin/env python3
"""Hard-bot time per decision in the browser's Pyodide (headless Debian chromium) and in CPython.

    python3 scripts/bench_bot_web.py [--deals 6] [--seed 1] [--no-build] [--no-cpython]

In the page, a seeded game is played hard vs hard vs hard in the table's engine worker (the
tab's one Pyodide, web/engine-worker.mjs), sent as the service's ``bench_bots`` request
through the page's own channel (window.thousandEngine.request), with the table's budget
thousand.web.budget.HARD_BUDGET; each decision with a choice (a view with more than one legal
action) is timed in the worker around the bot's choose().  Then the same game is played in
CPython with the same bots and budget.
Prints median, 95th percentile and max per decision, overall and by phase, and the slowest
decisions.  Targets in the browser (issue 10): p95 <= 0.9 s, max <= 1.5 s.
``--save-slowest FILE`` writes the browser's slowest decisions (their views, JSON) to decide
them again in CPython.  Needs what the e2e tests need (chromium, playwright, npm ci).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "py"))

from serve import bench_site, bench_site_args, in_idle_table  # noqa: E402
from thousand.bots import make_bot  # noqa: E402
from thousand.web.botbench import format_summary, play_hard, summary  # noqa: E402
from thousand.web.budget import HARD_BUDGET  # noqa: E402

def browser_run(site: Path, deals: int, seed: int, chromium: str) -> dict:
    raw = in_idle_table(site, chromium, lambda page: page.evaluate(
        """([d, s]) => window.thousandEngine.request(
            JSON.stringify({op: 'bench_bots', deals: d, seed: s}))""", [deals, seed]))
    res = json.loads(raw)
    if not res.get("ok"):
        raise SystemExit(f"bench_bots failed in the worker: {res.get('why')}")
    return res


def cpython_run(deals: int, seed: int, nodes: int | None = None) -> dict:
    """The same game in CPython: thinking by the table's clock, or by a node quota (the
    harness's stand-in for it, TABLE_NODES)."""
    bots = {s: make_bot("hard", seed=seed * 7 + s, budget=HARD_BUDGET, nodes=nodes)
            for s in range(3)}

    async def choose(seat, view):
        return bots[seat].choose(view)
    return asyncio.run(play_hard(choose, deals, seed, lambda seat: bots[seat].nodes))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-cpython", action="store_true")
    ap.add_argument("--cpython-nodes", type=int, metavar="N",
                    help="CPython thinks by a node quota (the harness's TABLE_NODES) instead "
                         "of the clock, to compare the nodes a decision searches")
    ap.add_argument("--save-slowest", metavar="FILE", help="the slowest decisions' views (JSON)")
    bench_site_args(ap)
    args = ap.parse_args(argv)
    site = bench_site(args)
    print(f"hard vs hard, game seed {args.seed}, {args.deals} deals, "
          f"budget {HARD_BUDGET} s per decision (thousand.web.budget.HARD_BUDGET)")
    web = browser_run(site, args.deals, args.seed, args.chromium)
    s = summary(web["times"])
    print(format_summary(f"browser (Pyodide in the engine worker, {web['deals']} deals, "
                         f"{web['seconds']:.0f} s)", s))
    verdict = "OK" if s["p95"] <= 0.9 and s["max"] <= 1.5 else "OVER the targets"
    print(f"  browser p95 {s['p95']:.2f} s (target 0.9), max {s['max']:.2f} s (target 1.5): {verdict}")
    for r in web["slowest"]:
        v = r["view"]
        print(f"  slow: {r['seconds'] * 1000:.0f} ms, decision {r['decision']}, deal "
              f"{v.get('deal_number')}, seat {r['seat']}, {v['phase']}, "
              f"{len(v['legal'])} choices, {len(v.get('hand') or [])} cards in hand")
    if args.save_slowest:
        Path(args.save_slowest).write_text(json.dumps(web["slowest"]), encoding="utf-8")
    if not args.no_cpython:
        cp = cpython_run(args.deals, args.seed, args.cpython_nodes)
        how = f"{args.cpython_nodes:,} nodes" if args.cpython_nodes else "the clock"
        print(format_summary(f"CPython {sys.version.split()[0]}, by {how} ({cp['deals']} deals, "
                             f"{cp['seconds']:.0f} s)", summary(cp["times"])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
