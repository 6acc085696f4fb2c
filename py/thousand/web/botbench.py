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
``ponder_table`` plays a game on the table's clock with pondering between requests
(scripts/bench_ponder.py, in CPython and with ``--browser`` in the worker).
"""
from __future__ import annotations

import json
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


def ponder_table(deals: int, seed: int, pace_ms: float, trick_pause_ms: float,
                 human_ms: float, ponder: bool, factor: float = 1.0, sleep=time.sleep,
                 slice_ms: float = 25) -> dict:
    """The hard bots thinking on the table's clock (issue 43 item 3), the same code in the
    worker (the service's ``bench_ponder``) and in CPython (scripts/bench_ponder.py).

    A seeded game as the table plays it: the service the worker runs, hard bots at seats 1..,
    and at seat 0 a stand-in for the human (the careful normal bot) who takes `human_ms` on
    each decision.  A bot's request is paced as thousand.web.controller.bot_turn paces it
    (``budget.bot_pause_ms``, from the table's speed's figures of thousand.web.ui_state,
    passed in so that the worker imports no table module), its budget the pause
    (``think_budget``), and while
    no request is in flight the service ponders in `slice_ms` slices as web/engine-worker.mjs
    asks it.  ``ponder=False``: the table before issue 43 (HARD_BUDGET, no pondering).
    `factor`: the table's times divided by it (CPython's faster search given the share of
    them Pyodide's would have); waits are returned in the table's time.  `sleep`: how to wait
    when there is nothing to ponder (a busy wait in the worker, which has no sleep)."""
    from thousand.bots import make_bot
    from .budget import HARD_BUDGET, bot_pause_ms, think_budget
    from .service import HUMAN, Service, wasm_heap_mb

    s = Service()
    req = lambda op, **kw: json.loads(s.handle(json.dumps(dict(op=op, **kw))))  # noqa: E731
    req("new", rules="classic", seed=seed)
    human = make_bot("normal", seed=seed)
    decisions, bids, waits, over, late, heap = [], [], [], [], [], []
    now = time.perf_counter

    def idle(until):
        while now() < until:
            if not (ponder and s.ponder(slice_ms)):
                sleep(max(0.0, until - now()))
                return

    played = 0
    shown = now()
    t_all = now()
    while played < deals and not s.game.finished:
        g = s.game
        seat = g.current_seat
        before = len(g.sheet)
        v = g.view(seat)
        if seat == HUMAN:
            click = now() + human_ms / 1000 / factor
            action = human.choose(v)
            idle(click)
            late.append(now() - click)              # a slice of pondering still running
            req("act", action=action)
            shown = now()
        else:
            t0 = now()
            idle(t0 + 0.02 / factor)                # bot_turn lets the last frame paint
            pace = bot_pause_ms(v, pace_ms, trick_pause_ms) / factor
            budget = (think_budget(pace - (now() - t0) * 1000) if ponder else HARD_BUDGET) / factor
            reply = req("bot", level="hard", budget=budget)
            idle(t0 + pace / 1000)
            shown_at = now()
            waits.append((shown_at - shown) * factor)
            over.append(((shown_at - t0 - pace / 1000) * factor, v["phase"]))
            shown = shown_at
            if v["phase"] == "play" and len(v["legal"]) > 1 and reply.get("thought"):
                est = s.bot("hard", seat).last_estimate or {}
                decisions.append(dict(reply["thought"], worlds=est.get("worlds")))
            elif v["phase"] == "bidding" and (reply.get("thought") or {}).get("nodes"):
                bids.append(reply["thought"])       # a close call: its worlds searched
        if len(s.game.sheet) > before:
            played += 1
            heap.append(wasm_heap_mb())
    return {"decisions": decisions, "bids": bids, "waits": waits, "over": over, "late": late,
            "deals": played, "seconds": now() - t_all,
            "heap_by_deal": heap if None not in heap else None}


def spin(seconds: float) -> None:
    """Wait by the clock without sleeping (the worker's Python has no sleep that yields)."""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass


def format_ponder(name: str, r: dict, max_worlds: int = 200) -> str:
    """A ponder_table run's card decisions and waits, in one paragraph."""
    nodes = [d["nodes"] for d in r["decisions"]]
    pond = [d["pondered"] for d in r["decisions"]]
    w = sorted(r["waits"])
    p95 = w[int(0.95 * (len(w) - 1))]
    furthest, phase = max(r["over"])
    lines = [f"{name}: {len(nodes)} card decisions, nodes mean {statistics.mean(nodes):,.0f}"
             f" median {statistics.median(nodes):,.0f} (pondered {sum(pond) / max(1, sum(nodes)):.0%});"
             f" wait after a bot's move mean {statistics.mean(w):.3f} s p95 {p95:.3f} max {w[-1]:.3f};"
             f" past the pause: max {furthest:.3f} s ({phase});"
             f" the human's move waited for pondering: mean {1000 * statistics.mean(r['late']):.1f}"
             f" ms, max {1000 * max(r['late']):.1f} ms"]
    capped = [d for d in r["decisions"] if d["worlds"] is not None and d["worlds"] < max_worlds]
    if capped:
        lines.append(f"   stopped by the clock (fewer than {max_worlds} worlds): {len(capped)},"
                     f" nodes mean {statistics.mean(d['nodes'] for d in capped):,.0f}")
    bid_nodes = [d["nodes"] for d in r.get("bids") or ()]
    if bid_nodes:
        bid_pond = sum(d["pondered"] for d in r["bids"])
        lines.append(f"   the bidding's close calls: {len(bid_nodes)}, nodes mean"
                     f" {statistics.mean(bid_nodes):,.0f}, median"
                     f" {statistics.median(bid_nodes):,.0f} (pondered"
                     f" {bid_pond / max(1, sum(bid_nodes)):.0%})")
    return "\n".join(lines)
