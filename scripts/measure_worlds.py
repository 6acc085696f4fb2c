#!/usr/bin/env python3
"""How many worlds the table's hard bot solves per decision (issue 10: what a fixed
``--worlds N`` in the match harness stands for).

    python3 scripts/measure_worlds.py [--deals 4] [--budget 0.47 | --nodes 22000] [--players 3]

Plays the first deals of seeded games of hard bots on a time budget (default 0.47 s: the
table's 0.8 s divided by Pyodide's factor of 1.7 against CPython, ``bots.bench``) and prints,
per phase, the median and 10th percentile of the worlds each decision solved, its solver
nodes, and the nodes solved per second of CPU (what ``hard.TABLE_NODES`` was first derived
from; it is now measured against the browser itself: ``scripts/bench_bot_web.py
--cpython-nodes N``).  Wall-clock budgets depend on the machine's load: run it on
an idle machine.  ``--nodes N`` thinks on the harness's node quota instead (deterministic, the
table's thinking as ``match --nodes`` plays it), and the play is split by side and trick
(the first tricks are where a quota is short of worlds).
"""
from __future__ import annotations

import argparse
import collections
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from thousand import Conventions, Game  # noqa: E402
from thousand.bots import make_bot  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=4, help="games, two deals of each")
    ap.add_argument("--budget", type=float, default=0.8 / 1.7)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--nodes", type=int, default=0, help="a node quota instead of the clock")
    args = ap.parse_args(argv)
    used = collections.defaultdict(list)
    conv = Conventions(players=args.players)
    for seed in range(args.deals):
        g = Game.new(conv, seed=seed)
        thinking = {"nodes": args.nodes} if args.nodes else {"budget": args.budget}
        bots = [make_bot("hard", seed=i, **thinking) for i in range(args.players)]
        while not g.finished and len(g.sheet) < 2:
            s = g.current_seat
            v = g.view(s)
            t = time.process_time()
            a = bots[s].choose(v)
            dt = time.process_time() - t
            e = bots[s].last_estimate
            if e and e.get("worlds"):
                key = v["phase"]
                if args.nodes and key == "play":
                    side = "declarer" if s == v["declarer"] else "defender"
                    n = len(v["tricks"]) + 1
                    key = f"play, {side}, trick {n if n < 3 else '3+'}"
                used[key].append((e["worlds"], bots[s].nodes, dt))
            g.apply(a)
    how = f"a quota of {args.nodes:,} nodes" if args.nodes else f"a {args.budget:.2f} s budget"
    print(f"worlds solved per decision, hard bots on {how}, "
          f"{args.players} players, {args.deals} games x 2 deals:")
    for ph, rows in sorted(used.items()):
        xs = sorted(w for w, _, _ in rows)
        nodes = [n for _, n, _ in rows]
        rate = sum(nodes) / max(sum(t for _, _, t in rows), 1e-9)
        print(f"  {ph:>26}: {len(xs):4d} decisions, median {statistics.median(xs):5.0f} worlds, "
              f"10th percentile {xs[len(xs) // 10]:4d}, min {xs[0]:4d}; "
              f"median {statistics.median(nodes):7.0f} nodes, {rate:,.0f} nodes per CPU second")
    return 0


if __name__ == "__main__":
    sys.exit(main())
