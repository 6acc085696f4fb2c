#!/usr/bin/env python3
"""The hard bot's thinking at the table, on the table's clock (issue 43 item 3), in CPython.

    python3 scripts/bench_ponder.py [--deals 4] [--seed 1] [--speed normal] [--human-ms 2000]
                                    [--compare]

Plays seeded games as the table does: the service the browser's worker runs
(thousand.web.service), hard bots at seats 1.., and at seat 0 a stand-in for the human (the
careful normal bot) who thinks `--human-ms` on each decision.  The bots' requests are paced
as thousand.web.controller.bot_turn paces them (the move is shown after PACE_MS, the full
trick and the talon longer), and while no request is in flight the worker ponders
(Service.ponder in 25 ms slices, as web/engine-worker.mjs calls it).  ``--compare`` plays the
same games again the way the table thought before issue 43: a fixed 0.8 s budget and no
pondering.  Prints, for the hard bots' card decisions: solver nodes per decision (mean,
median; pondered share) and the wait from one move shown to the next after a bot's move
(mean, 95th percentile, max, and how far past the table's pause).  CPython searches ~1.7×
the nodes Pyodide does in the same time: compare the two runs, not these nodes with the
browser's.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from thousand.bots import make_bot  # noqa: E402
from thousand.web import service as svc  # noqa: E402
from thousand.web.budget import HARD_BUDGET, think_budget  # noqa: E402
from thousand.web.ui_state import PACE_MS, TRICK_PAUSE_MS  # noqa: E402

SLICE_MS = 25


def table_run(deals: int, seed: int, speed: str, human_ms: float, ponder: bool,
              factor: float = 1.0) -> dict:
    """`factor`: the table's times (pauses, the human's thinking, the bots' budgets) divided
    by it, so CPython's faster search has the share of them Pyodide's would have."""
    s = svc.Service()
    req = lambda op, **kw: json.loads(s.handle(json.dumps(dict(op=op, **kw))))  # noqa: E731
    req("new", rules="classic", seed=seed)
    human = make_bot("normal", seed=seed)
    decisions, waits, over, late = [], [], [], []
    now = time.perf_counter

    def idle(until):
        while now() < until:
            if not (ponder and s.ponder(SLICE_MS)):
                time.sleep(max(0.0, until - now()))
                return

    played = 0
    shown = now()
    while played < deals and not s.game.finished:
        g = s.game
        seat = g.current_seat
        before = len(g.sheet)
        v = g.view(seat)
        if seat == svc.HUMAN:
            click = now() + human_ms / 1000 / factor
            action = human.choose(v)
            idle(click)
            late.append(now() - click)              # a slice of pondering still running
            req("act", action=action)
            shown = now()
        else:
            t0 = now()
            idle(t0 + 0.02 / factor)                # bot_turn lets the last frame paint
            pace = PACE_MS[speed]
            if v["phase"] == "giving" and not v.get("gives"):
                pace *= 2
            if v["phase"] == "play" and not v.get("trick") and v.get("last_trick"):
                pace += TRICK_PAUSE_MS[speed]
            pace /= factor
            budget = (think_budget(pace - (now() - t0) * 1000) if ponder else HARD_BUDGET) / factor
            reply = req("bot", level="hard", budget=budget)
            idle(t0 + pace / 1000)
            shown_at = now()
            waits.append((shown_at - shown) * factor)
            over.append((shown_at - t0 - pace / 1000) * factor)
            shown = shown_at
            if v["phase"] == "play" and len(v["legal"]) > 1 and reply.get("thought"):
                est = s.bot("hard", seat).last_estimate or {}
                decisions.append(dict(reply["thought"], worlds=est.get("worlds")))
        if len(s.game.sheet) > before:
            played += 1
    return {"decisions": decisions, "waits": waits, "over": over, "late": late}


def report(name: str, r: dict) -> None:
    """Waits and the pause are in the table's time (multiplied back by the factor)."""
    nodes = [d["nodes"] for d in r["decisions"]]
    pond = [d["pondered"] for d in r["decisions"]]
    w = sorted(r["waits"])
    p95 = w[int(0.95 * (len(w) - 1))]
    print(f"{name}: {len(nodes)} card decisions, nodes mean {statistics.mean(nodes):,.0f}"
          f" median {statistics.median(nodes):,.0f} (pondered {sum(pond) / max(1, sum(nodes)):.0%});"
          f" wait after a bot's move mean {statistics.mean(w):.3f} s p95 {p95:.3f} max {w[-1]:.3f};"
          f" past the pause: max {max(r['over']):.3f} s;"
          f" the human's move waited for pondering: mean {1000 * statistics.mean(r['late']):.1f}"
          f" ms, max {1000 * max(r['late']):.1f} ms")
    capped = [d for d in r["decisions"] if d["worlds"] is not None and d["worlds"] < 200]
    if capped:
        print(f"   stopped by the clock (fewer than 200 worlds): {len(capped)},"
              f" nodes mean {statistics.mean(d['nodes'] for d in capped):,.0f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--speed", default="normal", choices=sorted(PACE_MS))
    ap.add_argument("--human-ms", type=float, default=2000)
    ap.add_argument("--compare", action="store_true", help="also the table before issue 43")
    ap.add_argument("--cpu-factor", type=float, default=1.7,
                    help="how much slower the browser's Pyodide searches (the table's times "
                         "are divided by it; waits are printed in the table's time)")
    a = ap.parse_args()
    print(f"{a.deals} deals, seed {a.seed}, speed {a.speed}, the human thinks {a.human_ms:.0f} ms,"
          f" the table's times / {a.cpu_factor}")
    new = table_run(a.deals, a.seed, a.speed, a.human_ms, ponder=True, factor=a.cpu_factor)
    report("pondering + the pause as budget", new)
    if a.compare:
        old = table_run(a.deals, a.seed, a.speed, a.human_ms, ponder=False, factor=a.cpu_factor)
        report("fixed 0.8 s, no pondering     ", old)
        ratio = statistics.mean(d["nodes"] for d in new["decisions"]) / \
            statistics.mean(d["nodes"] for d in old["decisions"])
        print(f"nodes per card decision: {ratio:.2f}x")


if __name__ == "__main__":
    main()
