#!/usr/bin/env python3
"""Measure how far the open-hand value undervalues the hard declarer's real play.

The hard bot decides its contract (and whether to concede) from the open-hand solver's
values of sampled worlds.  In those worlds the two defenders see every card and
cooperate perfectly; real defenders see only their own hands, so the declarer
collects more than the open-hand value says.  This script measures that gap.

For seeded deals, one seat (in turn) is made declarer at 100 (it is the forced
bidder and the others pass), takes the talon and gives two cards as the hard bot
does, records the mean open-hand value over the hard bot's sampled worlds, plays
the deal with the hard bot's play against the given defenders (never conceding),
and records the points it actually collected (cards and marriages).  The mean
difference, with its 95% interval, is printed per kind of defender.

The hard bot no longer adds a gap to its values (``RAISE_GAP`` is gone, issue 10 item 1: it
cost 7.5 points a deal); it values contracts by their expected score.  The gap is what the
hint's calibration (``scripts/calibrate_hint.py``) corrects in the figures it shows.  The
open-hand value is the hard bot's: the middle of the step of its ladder of zero-window tests
(``hard.bracket_value``) in each world.

    python scripts/measure_open_hand_gap.py --deals 300 --seed 1 --defenders hard,normal --jobs 2
"""
from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "py"))

from thousand.bots import make_bot  # noqa: E402
from thousand.bots.hard import HardBot  # noqa: E402
from thousand.bots.match import fresh_deal  # noqa: E402
from thousand.conventions import Conventions  # noqa: E402

WORLDS = 8


def one(job):
    deal_seed, decl, defenders = job
    g = fresh_deal(Conventions(), deal_seed, (decl - 1) % 3)   # decl is the forced bidder
    d = g.deal
    hard = HardBot(seed=deal_seed, worlds=WORLDS)
    bots = [hard if s == decl else make_bot(defenders, seed=deal_seed + s,
                                            **({"worlds": WORLDS} if defenders == "hard" else {}))
            for s in range(3)]
    mean_value = None
    while not g.sheet:
        seat = g.current_seat
        view = g.view(seat)
        phase = view["phase"]
        if phase == "bidding":
            action = "pass" if "pass" in view["legal"] else view["legal"][0]
        elif phase == "contract":
            hard.contract(view, view["legal"])
            mean_value = hard.last_estimate["open_hand_points"]
            action = min((a for a in view["legal"] if a.startswith("contract")),
                         key=lambda a: int(a.split()[1]))
        else:
            action = bots[seat].choose(view)
        g.apply(action)
    return mean_value, d.card_points[decl] + d.meld_points[decl]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--defenders", default="hard,normal")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    t0 = time.time()
    for kind in args.defenders.split(","):
        jobs = [(args.seed * 100_000 + i, i % 3, kind) for i in range(args.deals)]
        if args.jobs > 1:
            import multiprocessing as mp
            with mp.get_context("fork").Pool(args.jobs) as pool:
                rows = pool.map(one, jobs, chunksize=4)
        else:
            rows = [one(j) for j in jobs]
        gaps = [got - mv for mv, got in rows]
        m = statistics.mean(gaps)
        h = 1.96 * statistics.stdev(gaps) / math.sqrt(len(gaps))
        # the gap for the stronger hands alone
        strong = [got - mv for mv, got in rows if mv >= 90]
        strong_mean = statistics.mean(strong) if strong else float("nan")
        print(f"defenders {kind:>7}: declarer collects {m:+.1f} points over the open-hand value "
              f"(95% CI {m - h:+.1f} .. {m + h:+.1f}; {len(gaps)} deals); "
              f"hands valued >= 90: {strong_mean:+.1f} ({len(strong)} deals); "
              f"{time.time() - t0:.0f} s", flush=True)


if __name__ == "__main__":
    main()
