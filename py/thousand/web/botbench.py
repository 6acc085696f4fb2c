"""A fixed sequence of hard-bot decisions, timed; the same code in the page and in CPython.

``play_hard(choose, deals, seed, thought)`` plays `deals` deals of one seeded game with a hard
bot on every seat, awaiting ``choose(seat, view)`` for each action, and times every decision
with a choice (a view with more than one legal action) around that await, with the solver
nodes it searched (``thought(seat)``: the bot's ``nodes``; how much it thought, which the
harness's node quota ``hard.TABLE_NODES`` stands for), and keeps the views of the
slowest (``SLOWEST``), so that a decision over the limit can be decided again and examined in
CPython (``scripts/bench_bot_web.py --save-slowest``).  scripts/bench_bot_web.py
runs it in the browser (``choose`` = the table's BotRunner, i.e. the bots worker) and in
CPython (``choose`` = the hard bot called directly) with the same budget.
"""
from __future__ import annotations

import math
import statistics
import time

from thousand import Game

SLOWEST = 5


def percentile(xs, p):
    xs = sorted(xs)
    if not xs:
        return float("nan")
    return xs[min(len(xs) - 1, max(0, math.ceil(p / 100 * len(xs)) - 1))]


async def play_hard(choose, deals: int = 6, seed: int = 1, thought=None) -> dict:
    g = Game.new(seed=seed, first_dealer=2)
    times: list[list] = []
    slowest: list[dict] = []
    t_all = time.perf_counter()
    while not g.finished and len(g.sheet) < deals:
        seat = g.current_seat
        v = g.view(seat)
        t0 = time.perf_counter()
        action = await choose(seat, v)
        dt = time.perf_counter() - t0
        if len(v["legal"]) > 1:
            times.append([v["phase"], dt, thought(seat) if thought else None])
            slowest.append({"seconds": dt, "seat": seat, "decision": len(times) - 1, "view": v})
            slowest = sorted(slowest, key=lambda r: -r["seconds"])[:SLOWEST]
        g.apply(action)
    return {"deals": len(g.sheet), "times": times, "slowest": slowest,
            "seconds": time.perf_counter() - t_all}


def summary(times) -> dict:
    """median/p95/max over all decisions and by phase (seconds), and the mean solver nodes
    per decision (None where they were not recorded)."""
    def stats(rows):
        ts = [r[1] for r in rows]
        nodes = [r[2] for r in rows if r[2] is not None]
        return {"n": len(ts), "median": statistics.median(ts) if ts else float("nan"),
                "p95": percentile(ts, 95), "max": max(ts, default=float("nan")),
                "nodes": statistics.fmean(nodes) if nodes else None}
    out = stats(times)
    out["by_phase"] = {}
    for ph in ("bidding", "giving", "contract", "play"):
        rows = [r for r in times if r[0] == ph]
        if rows:
            out["by_phase"][ph] = stats(rows)
    return out


def format_summary(title: str, s: dict) -> str:
    def nodes(r):
        return "" if r["nodes"] is None else f", {r['nodes']:,.0f} nodes a decision"
    lines = [f"{title}: {s['n']} decisions with a choice; median {s['median'] * 1000:.0f} ms, "
             f"p95 {s['p95'] * 1000:.0f} ms, max {s['max'] * 1000:.0f} ms{nodes(s)}"]
    for ph, r in s["by_phase"].items():
        lines.append(f"  {ph:>8}: n={r['n']:4d} median {r['median'] * 1000:6.0f} ms, "
                     f"p95 {r['p95'] * 1000:6.0f} ms, max {r['max'] * 1000:6.0f} ms{nodes(r)}")
    return "\n".join(lines)
