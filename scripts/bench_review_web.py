#!/usr/bin/env python3
"""The deal review ("Разбор", issue 11) of a whole deal in the browser's engine worker.

    python3 scripts/bench_review_web.py [--deals 12] [--seed 1] [--no-build] [--no-cpython]

Deals are played in CPython by the normal bot at every seat (the first `--deals` deals from
seeds `--seed`, `--seed`+1, … whose cards were played out, so that every review judges
cards as well as the bidding); each one's record is loaded into the table's worker (the
tab's one Pyodide, web/engine-worker.mjs) through the page's own channel
(window.thousandEngine.request) and reviewed for the human, seat 0, exactly as the table
does it: ``review_start`` and then ``review_step`` until finished, one request per judged
decision.  The time is taken in the page around that whole loop, so it includes every round
trip to the worker (what the player waits for).  Then the same reviews in CPython
(thousand.bots.review.review, the same code).  Prints each deal's time and decisions,
median and max.  Target (issue 11): median <= 2 s, worst <= 5 s in the browser.
Needs what the e2e tests need (chromium, playwright, npm ci).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "py"))

from serve import bench_site, bench_site_args, in_idle_table  # noqa: E402
from thousand import Game  # noqa: E402
from thousand.bots import make_bot  # noqa: E402
from thousand.bots.review import review  # noqa: E402
from thousand.web.service import REVIEW_WORLDS  # noqa: E402

REVIEW_IN_PAGE = """async (records) => {
  const ask = async (req) => JSON.parse(await window.thousandEngine.request(JSON.stringify(req)));
  const out = [];
  for (const record of records) {
    const loaded = await ask({op: 'load', record});
    if (!loaded.ok) return {error: 'load: ' + loaded.why};
    const t0 = performance.now();
    let r = await ask({op: 'review_start', deal: 0});
    if (!r.ok) return {error: 'review_start: ' + r.why};
    let steps = 0;
    while (!r.finished) {
      r = await ask({op: 'review_step', review: r.review});
      if (!r.ok) return {error: 'review_step: ' + r.why};
      steps += 1;
    }
    out.push({ms: performance.now() - t0, steps, total: r.total,
              cards: r.result.cards.length, decisions: r.result.decisions.length,
              lost: r.result.summary.points_lost});
  }
  return {reviews: out};
}"""


def played_deals(n: int, seed: int) -> list[dict]:
    """Records of one finished deal each, played out to the last trick (not conceded)."""
    out = []
    s = seed
    while len(out) < n:
        g = Game.new(seed=s, first_dealer=2)
        bots = {x: make_bot("normal", seed=s * 7 + x) for x in range(3)}
        while not g.sheet:
            x = g.current_seat
            g.apply(bots[x].choose(g.view(x)))
        s += 1
        if g.sheet[0]["outcome"] in ("made", "failed"):
            out.append(g.to_record())
    return out


def browser_run(site: Path, records: list, chromium: str) -> list:
    res = in_idle_table(site, chromium, lambda page: page.evaluate(REVIEW_IN_PAGE, records))
    if "error" in res:
        raise SystemExit(f"the review failed in the worker: {res['error']}")
    return res["reviews"]


def line(label: str, secs: list) -> str:
    return (f"{label}: median {statistics.median(secs):.2f} s, max {max(secs):.2f} s, "
            f"min {min(secs):.2f} s over {len(secs)} deals")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-cpython", action="store_true")
    bench_site_args(ap)
    args = ap.parse_args(argv)
    site = bench_site(args)
    records = played_deals(args.deals, args.seed)
    print(f"deal review of seat 0, {len(records)} deals played out by the normal bot "
          f"(seeds from {args.seed}), {REVIEW_WORLDS} worlds per decision (service.REVIEW_WORLDS)")
    web = browser_run(site, records, args.chromium)
    for i, r in enumerate(web):
        print(f"  deal {i + 1:2d}: {r['ms'] / 1000:5.2f} s  {r['total']:2d} decisions "
              f"({r['cards']} cards, {r['decisions']} bidding/contract), {r['lost']} points lost")
    secs = [r["ms"] / 1000 for r in web]
    print(line("browser (Pyodide in the engine worker, round trips included)", secs))
    med, worst = statistics.median(secs), max(secs)
    ok = med <= 2 and worst <= 5
    print(f"  target median <= 2 s, worst <= 5 s: {'OK' if ok else 'OVER'}")
    if not args.no_cpython:
        cp = []
        for rec in records:
            t0 = time.perf_counter()
            review(rec, 0, 0, worlds=REVIEW_WORLDS, seed=rec.get("seed") or 0)
            cp.append(time.perf_counter() - t0)
        print(line(f"CPython {sys.version.split()[0]}", cp))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
