#!/usr/bin/env python3
"""Calibrate the normal bot's hand estimate (``thousand.bots.normal.estimate``) by real play.

For every layout of RULES.md §7 with a declarer, seeded deals are played by normal bots at
every seat: nobody bids, so the forced bidder is declarer at 100; he takes
the talon, gives (or discards) as the bot does, names the lowest contract and never
concedes; every bot plays with ``full_effort`` (as if the contract were in doubt to the
last trick), so the declarer's points are what the hand can take.  Those points are
regressed (least squares) on the features of his hand after the giving; the weights, the
residual sd, and `defend` / `defend_forced` — the mean relative score (own change minus
the mean of the others') of a seat that does not declare, against a declarer who bid and
against the forced bidder left at 100, measured in a second run where the bots bid as they
do in play (with the values of the run before: run the script twice) — are written to
py/thousand/bots/normal_coeffs.py.

    python scripts/calibrate_normal.py --deals 2000 --seed 1 --jobs 2
"""
from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "py"))
sys.path.insert(0, HERE)

from calibrate_bidding import solve_least_squares  # noqa: E402
from thousand.bots import normal  # noqa: E402
from thousand.bots.match import fresh_deal  # noqa: E402
from thousand.cards import card as parse_card, POINTS  # noqa: E402
from thousand.conventions import Conventions  # noqa: E402

TABLES = {"eleven": dict(players=2, two_mode="eleven"),
          "two_talons": dict(players=2, two_mode="two_talons"),
          "dead_hand": dict(players=2, two_mode="dead_hand"),
          "three": dict(players=3),
          "all_play": dict(players=4, four_mode="all_play"),
          "dealer_sits_out": dict(players=4, four_mode="dealer_sits_out"),
          "five": dict(players=5), "six": dict(players=6)}


def forced_deal(job):
    """One deal at 100 with full effort: (features, declarer's play points)."""
    mode, seed = job
    conv = Conventions(**TABLES[mode])
    g = fresh_deal(conv, seed, seed % conv.players)
    bots = [normal.NormalBot(seed * 7 + i) for i in range(conv.players)]
    for b in bots:
        b.full_effort = True
    row = None
    while not g.sheet:
        seat = g.current_seat
        v = g.view(seat)
        if v["phase"] == "bidding":
            a = "pass"
        elif v["phase"] == "contract":
            a = min((x for x in v["legal"] if x.startswith("contract")),
                    key=lambda x: int(x.split()[1]))
            ctx = normal.Ctx(v)
            hand = normal._mask(v["hand"])
            row = (normal.features(hand, ctx.deck, ctx.opponents, ctx.meld_first,
                                   ctx.ace_marriage),
                   sum(POINTS[parse_card(c)] for c in v.get("discards") or []))
        else:
            a = bots[seat].choose(v)
        g.apply(a)
    sheet = g.sheet[0]
    f, laid_off = row
    return f, sheet["points"][sheet["declarer"]] - laid_off


def bid_deal(job):
    """One deal as the bots play it: (whether somebody bid, the relative scores of the
    seats that did not declare)."""
    mode, seed = job
    conv = Conventions(**TABLES[mode])
    g = fresh_deal(conv, seed, seed % conv.players)
    bots = [normal.NormalBot(seed * 7 + i) for i in range(conv.players)]
    while not g.sheet:
        seat = g.current_seat
        g.apply(bots[seat].choose(g.view(seat)))
    row = g.sheet[0]
    n = conv.players
    delta = row["delta"]
    total = sum(delta)
    rel = [d - (total - d) / (n - 1) for d in delta]
    d = g.deals[0]
    bid = any(a.startswith("bid") or a == "unblind" for _, a in g.deal_view(0, 0)["bids"])
    return bid, [rel[s] for s in range(n) if s != row["declarer"] and s in d.playing]


def fit(mode, deals, seed, pool):
    jobs = [(mode, seed * 1_000_003 + i) for i in range(deals)]
    rows = pool.map(forced_deal, jobs, chunksize=16)
    X = [f for f, _ in rows]
    y = [t for _, t in rows]
    # drop constant columns (e.g. no ace marriage in a deck without it): ridge keeps them 0
    w = solve_least_squares(X, y, ridge=1.0)
    pred = [sum(a * b for a, b in zip(w, r)) for r in X]
    resid = [t - p for t, p in zip(y, pred)]
    sd = statistics.pstdev(resid)
    r2 = 1 - sum(e * e for e in resid) / sum((t - statistics.mean(y)) ** 2 for t in y)
    return w, sd, r2


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--modes", default=",".join(TABLES))
    args = ap.parse_args()
    modes = args.modes.split(",")
    out = os.path.join(HERE, "..", "py", "thousand", "bots", "normal_coeffs.py")
    models = dict(getattr(normal.normal_coeffs, "MODELS", {}))
    t0 = time.time()
    with mp.get_context("fork").Pool(args.jobs) as pool:
        for mode in modes:
            w, sd, r2 = fit(mode, args.deals, args.seed, pool)
            old = models.get(mode, {})
            models[mode] = {"weights": [round(x, 4) for x in w], "sd": round(sd, 2),
                            "defend": old.get("defend", 0.0),
                            "defend_forced": old.get("defend_forced", 0.0),
                            "r2": round(r2, 3), "deals": args.deals}
            normal.normal_coeffs.MODELS[mode] = models[mode]     # the bidding run uses it
            runs = pool.map(bid_deal, [(mode, args.seed * 7_919 + i) for i in range(args.deals)],
                            chunksize=16)
            for key, bid in (("defend", True), ("defend_forced", False)):
                rel = [x for b, xs in runs if b == bid for x in xs]
                models[mode][key] = round(statistics.mean(rel), 2) if rel else 0.0
            print(f"{mode:>16}: R^2 {r2:.3f}, sd {sd:.1f}, defend {models[mode]['defend']:+.1f} "
                  f"against a bidder, {models[mode]['defend_forced']:+.1f} against the forced "
                  f"bidder ({time.time() - t0:.0f} s)", flush=True)
            print("   " + ", ".join(f"{n}={x:.2f}" for n, x in zip(normal.FEATURES, w)))
    with open(out, "w", encoding="utf-8") as f:
        f.write('"""Generated by scripts/calibrate_normal.py — do not edit by hand.\n\n'
                "Per layout: weights of thousand.bots.normal.features for the points a declarer\n"
                "takes, the residual sd, and `defend` / `defend_forced`: the mean relative score\n"
                'of a seat that does not declare, against a bidder / the forced bidder."""\n')
        f.write(f"# python scripts/calibrate_normal.py --deals {args.deals} --seed {args.seed}\n")
        f.write(f"FEATURES = {normal.FEATURES!r}\n")
        f.write("MODELS = {\n")
        for mode, m in models.items():
            f.write(f"    {mode!r}: {m!r},\n")
        f.write("}\n")


if __name__ == "__main__":
    main()
