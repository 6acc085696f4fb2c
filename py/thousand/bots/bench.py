"""Decision-time benchmark for a bot (``python -m thousand bench --bot hard``)."""
from __future__ import annotations

import math
import random
import statistics
import time

from ..game import Game
from . import make_bot


def percentile(xs, p):
    xs = sorted(xs)
    if not xs:
        return float("nan")
    k = min(len(xs) - 1, max(0, math.ceil(p / 100 * len(xs)) - 1))
    return xs[k]



def bench_bot(level: str = "hard", decisions: int = 200, seed: int = 1, out=print, **options) -> dict:
    """Time `decisions` real decisions of `level` at seat 0 against two normal bots."""
    rng = random.Random(seed)
    bot = make_bot(level, seed=seed, **options)
    others = [make_bot("normal", seed=seed + 1), make_bot("normal", seed=seed + 2)]
    times: dict[str, list[float]] = {}
    n = 0
    while n < decisions:
        g = Game.new(seed=rng.randrange(1 << 30), first_dealer=rng.randrange(3))
        while not g.finished and n < decisions and len(g.sheet) < 60:
            seat = g.current_seat
            v = g.view(seat)
            if seat == 0:
                t0 = time.perf_counter()
                a = bot.choose(v)
                dt = time.perf_counter() - t0
                if len(v["legal"]) > 1:
                    times.setdefault(v["phase"], []).append(dt)
                    n += 1
            else:
                a = others[seat - 1].choose(v)
            g.apply(a)
    allt = [t for ts in times.values() for t in ts]
    res = {"decisions": len(allt), "median": statistics.median(allt),
           "p95": percentile(allt, 95), "max": max(allt),
           "by_phase": {ph: {"n": len(ts), "median": statistics.median(ts),
                             "p95": percentile(ts, 95)} for ph, ts in times.items()}}
    out(f"{level} bot: {res['decisions']} decisions with a choice; "
        f"median {res['median'] * 1000:.0f} ms, p95 {res['p95'] * 1000:.0f} ms, "
        f"max {res['max'] * 1000:.0f} ms")
    for ph, r in res["by_phase"].items():
        out(f"  {ph:>8}: n={r['n']:4d} median {r['median'] * 1000:6.0f} ms, p95 {r['p95'] * 1000:6.0f} ms")
    return res


# ---- the time limit: the slowest decisions over random deals ---------------------------------

LIMIT_SECONDS = 1.5          # no decision over this in the browser's worker (issue 10 item 8)
PYODIDE_FACTOR = 1.7         # Pyodide in the worker against CPython, per decision (median
                             # 159 ms against 93 ms over the same game: scripts/bench_bot_web.py)
SLOW_FIXTURE = "tests/bots/slow_positions.json.gz"


def find_slow_positions(deals: int = 60, seed: int = 1, keep: int = 8, conv_codes=None,
                        out=print) -> list:
    """Play `deals` deals (hard at seat 0 without a node limit or time budget, fixed worlds,
    against normal bots; the conventions cycle through `conv_codes`: five 3-player tables,
    the `two` preset, club001 at four, `four`, five and six players) and keep the
    `keep` decisions of each phase that searched most: [(nodes, view)], slowest first."""
    from ..conventions import Conventions
    codes = conv_codes or ["classic", "classic,must_beat=on", "classic,meld_on_first_lead=on",
                           "classic,ace_marriage=on", "classic,must_lead_trump=on", "two",
                           "club001,players=4", "four", "classic,players=5",
                           "classic,players=6"]
    rng = random.Random(seed)
    found: dict = {}
    for i in range(deals):
        conv = Conventions.from_code(codes[i % len(codes)])
        n = conv.players
        g = Game.new(conv, seed=rng.randrange(1 << 30), first_dealer=rng.randrange(n))
        bot = make_bot("hard", seed=i, worlds=24, node_budget=None)
        others = [None] + [make_bot("normal", seed=i + s) for s in range(1, n)]
        while not g.finished and not g.sheet:
            seat = g.current_seat
            v = g.view(seat)
            if seat == 0:
                a = bot.choose(v)
                if bot.nodes:
                    found.setdefault(v["phase"], []).append((bot.nodes, v))
            else:
                a = others[seat].choose(v)
            g.apply(a)
        if out and (i + 1) % 10 == 0:
            out(f"  {i + 1} deals searched")
    slow = []
    for ph, xs in found.items():
        xs.sort(key=lambda x: -x[0])
        slow += xs[:keep]
    slow.sort(key=lambda x: -x[0])
    return slow


def bench_limit(deals: int = 60, seed: int = 1, keep: int = 4, save: str | None = None,
                out=print) -> dict:
    """The slowest decisions found over random deals, decided again as the browser's bot
    decides them (the table's time budget, the node limit): CPU time per decision and the
    browser's estimate (× PYODIDE_FACTOR) against LIMIT_SECONDS."""
    from ..web.budget import HARD_BUDGET
    from .hard import NODE_BUDGET
    slow = find_slow_positions(deals, seed, keep, out=out)
    if save:
        import gzip
        import json
        with gzip.open(save, "wt") as f:
            json.dump([v for _, v in slow], f)
        out(f"  {len(slow)} positions written to {save}")
    rows = []
    for nodes, v in slow:
        bot = make_bot("hard", seed=0, budget=HARD_BUDGET)
        t0 = time.process_time()
        bot.choose(v)
        dt = time.process_time() - t0
        rows.append({"phase": v["phase"], "nodes_unlimited": nodes, "nodes": bot.nodes,
                     "cpu": dt, "browser_estimate": dt * PYODIDE_FACTOR})
    worst = max(rows, key=lambda r: r["cpu"])
    out(f"hard bot on the {len(rows)} slowest decisions of {deals} random deals "
        f"(budget {HARD_BUDGET} s, node limit {NODE_BUDGET}), CPU time:")
    for r in rows:
        out(f"  {r['phase']:>8}: {r['nodes_unlimited']:8d} nodes unlimited -> {r['nodes']:7d}, "
            f"{r['cpu'] * 1000:6.0f} ms (browser ~{r['browser_estimate'] * 1000:5.0f} ms)")
    verdict = "within" if worst["browser_estimate"] <= LIMIT_SECONDS else "OVER"
    out(f"  slowest: {worst['cpu'] * 1000:.0f} ms CPython, ~{worst['browser_estimate'] * 1000:.0f} ms "
        f"in the browser: {verdict} the {LIMIT_SECONDS} s limit")
    return {"rows": rows, "worst": worst}
