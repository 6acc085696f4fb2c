#!/usr/bin/env python3
"""Honest advice (issue 10 item 7): the hint's make probability against real outcomes.

    python3 scripts/calibrate_hint.py [--deals 300] [--seed 1] [--opponents normal1,normal1]
                                      [--fit] [--jobs 2] [--worlds 8 | --nodes 27500]

Plays seeded duplicate-style deals with the hard bot at seat 0 (the seat a human asks for a
hint, following it) against the opponents, and records every decision whose estimate has a
make probability (giving, contract, play): the open-hand fraction of worlds in which the
declarer makes his contract, the calibrated probability the hint shows, and whether the
declarer really made it (a contract he later conceded is not made; the hint's own advice to
concede shows no probability to calibrate).  Prints the table by decile of
the shown probability: decisions, mean shown, actual make rate, and the difference (target:
every decile within ±8 points).

``--fit`` fits the calibration instead (a logistic map from the open-hand fraction, per phase,
with the tricks still to play and the seat's side as terms) on these deals and writes
``py/thousand/bots/hint_calibration.py``; measure on other seeds than the fit's.

``--nodes N`` has the hard bot think as the table's Hint button does (as many worlds as fit in
N solver nodes, ``hard.HINT_NODES``: 1.0 s of Pyodide) instead of a fixed ``--worlds``; the
fraction of 8 worlds is noisier than that of the worlds the hint solves, so the map is fitted
and measured that way (the map in the package: 27,500 nodes, the Hint button's thinking as
measured in the browser; fitted on the saved decisions of seeds 101 and 8, ``--load-rows``
twice with ``--fit``, and measured on seed 9).  The decisions of one deal share its outcome,
so a decile's real sampling error is larger than the binomial one printed.
"""
from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from thousand.bots import make_bot  # noqa: E402
from thousand.bots.hard import (HardBot, calibrated_of_features, calibrated_points,  # noqa: E402
                                calibration_features)
from thousand.bots.match import fresh_deal, hard_thinking  # noqa: E402
from thousand.conventions import Conventions  # noqa: E402

PHASES = ("giving", "contract", "play")


def one_deal(job):
    """The decisions of seat 0 (hard) in one deal with their estimates, and the outcome."""
    deal_seed, dealer, opponents, think = job
    conv = Conventions()
    g = fresh_deal(conv, deal_seed, dealer)
    hard = HardBot(seed=deal_seed, **think)
    bots = [hard] + [make_bot(k, seed=deal_seed + i + 1) for i, k in enumerate(opponents)]
    rows = []
    points = []             # (phase, predicted points, raw) of seat 0 bidding / naming
    while not g.sheet:
        seat = g.current_seat
        v = g.view(seat)
        a = bots[seat].choose(v)
        est = hard.last_estimate or {}
        if seat == 0 and v["phase"] == "bidding" and "expected_points" in est:
            points = [p for p in points if p["phase"] != "bidding"]     # his last bid counts
            points.append({"phase": "bidding", "shown": est["expected_points"],
                           "raw": est.get("open_hand_points", est["expected_points"])})
        if seat == 0 and v["phase"] == "contract" and a != "concede" and "mean_points" in est:
            points.append({"phase": "contract", "shown": est["mean_points"],
                           "raw": est.get("open_hand_points", est["mean_points"])})
        if seat == 0 and v["phase"] in PHASES and a != "concede":
            # (a concession is no estimate: the contract is certainly not made)
            est = hard.last_estimate or {}
            if "open_hand_make_probability" in est:
                rows.append({"phase": v["phase"], "raw": est["open_hand_make_probability"],
                             "shown": est["make_probability"], "worlds": est["worlds"],
                             "x": calibration_features(est["open_hand_make_probability"],
                                                       est["worlds"], v)})
        g.apply(a)
    row = g.sheet[0]
    made = row["outcome"] == "made"
    for r in rows:
        r["made"] = made
        r["deal"] = deal_seed       # the decisions of one deal share its outcome
    if row["declarer"] == 0 and row["outcome"] in ("made", "failed"):
        for p in points:
            rows.append(dict(p, actual=row["points"][0]))
    return rows


def collect(deals, seed, opponents, think, jobs):
    rng = random.Random(seed)
    plan = [(rng.randrange(1 << 31), d % 3, opponents, think) for d in range(deals)]
    if jobs > 1:
        with mp.get_context("fork").Pool(jobs) as pool:
            groups = pool.map(one_deal, plan, chunksize=2)
    else:
        groups = [one_deal(j) for j in plan]
    return [r for grp in groups for r in grp]


def reshown(rows):
    """The figures today's map shows for saved decisions (their features and raw values)."""
    for r in rows:
        if "made" in r:
            p = calibrated_of_features(r["phase"], r["x"])
            r["shown"] = r["raw"] if p is None else p
        else:
            r["shown"] = calibrated_points(r["phase"], r["raw"])
    return rows


def fit_logistic(xs, ys, iters=30, ridge=1e-3):
    """Weights of a logistic regression by Newton's method (features include the constant)."""
    k = len(xs[0])
    w = [0.0] * k
    for _ in range(iters):
        grad = [0.0] * k
        hess = [[ridge * (i == j) for j in range(k)] for i in range(k)]
        for x, y in zip(xs, ys):
            z = sum(a * b for a, b in zip(w, x))
            p = 1 / (1 + math.exp(-max(-30, min(30, z))))
            for i in range(k):
                grad[i] += (y - p) * x[i] - ridge * w[i] / len(xs)
                for j in range(k):
                    hess[i][j] += p * (1 - p) * x[i] * x[j]
        step = _solve(hess, grad)
        w = [a + b for a, b in zip(w, step)]
        if max(abs(s) for s in step) < 1e-8:
            break
    return w


def _solve(a, b):
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[c][c]:
                f = m[r][c] / m[c][c]
                for j in range(c, n + 1):
                    m[r][j] -= f * m[c][j]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def deciles(rows, key="shown"):
    """The rows of each decile of the probability in `key` that has any: (lo, hi, rows)."""
    for d in range(10):
        lo, hi = d / 10, (d + 1) / 10
        sel = [r for r in rows if lo <= r[key] < hi or (d == 9 and r[key] == 1.0)]
        if sel:
            yield lo, hi, sel


def deal_error(sel) -> float | None:
    """The 95% sampling error (points) of the make rate of these decisions, counting each
    deal as one sample of its decisions (they share its outcome: the cluster-robust error of
    a mean); None where the rows do not say their deal (saved before they did)."""
    if not sel or any("deal" not in r for r in sel):
        return None
    n = len(sel)
    rate = sum(r["made"] for r in sel) / n
    by = {}
    for r in sel:
        by[r["deal"]] = by.get(r["deal"], 0.0) + (r["made"] - rate)
    if len(by) < 2:
        return None
    var = sum(v * v for v in by.values()) / n ** 2 * len(by) / (len(by) - 1)
    return 196 * math.sqrt(var)


def print_table(rows, title, key="shown"):
    print(title)
    print("  decile     decisions   shown    actual   actual-shown   sampling error (95%): "
          "binomial, by deal")
    worst, judged = 0.0, 0
    for lo, hi, sel in deciles(rows, key):
        n = len(sel)
        mean = sum(r[key] for r in sel) / n
        act = sum(r["made"] for r in sel) / n
        diff = (act - mean) * 100
        if n >= 30:
            worst, judged = max(worst, abs(diff)), judged + 1
        # binomial, as if the decisions were independent; those of one deal share its outcome
        err = 196 * math.sqrt(max(mean * (1 - mean), 1e-4) / n)
        by_deal = deal_error(sel)
        print(f"  {lo:.1f}-{hi:.1f}   {n:8d}   {mean * 100:5.1f}%   {act * 100:5.1f}%   {diff:+6.1f}"
              f"         ±{err:.1f}" + ("" if by_deal is None else f", ±{by_deal:.1f}")
              + ("" if n >= 30 else "   (under 30 decisions)"))
    print(f"  largest difference in the {judged} deciles of 30 or more decisions: {worst:.1f} points")
    return worst if judged else float("inf")


def fit_line(xs, ys):
    """Least squares a + b·x."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx if sxx else 1.0
    return [my - b * mx, b]


def print_points(prows):
    print("expected points (the declarer's own points: cards and marriages) against what he "
          "collected, when he played the contract:")
    for ph in ("bidding", "contract"):
        sel = sorted((r for r in prows if r["phase"] == ph), key=lambda r: r["shown"])
        if not sel:
            continue
        print(f"  {ph}: {len(sel)} decisions; by decile of the shown value: shown -> collected "
              f"(open-hand value)")
        for d in range(10):
            part = sel[d * len(sel) // 10:(d + 1) * len(sel) // 10]
            if part:
                mean = lambda k: sum(r[k] for r in part) / len(part)  # noqa: E731
                print(f"    {mean('shown'):6.1f} -> {mean('actual'):6.1f}   ({mean('raw'):6.1f})")
        mean = lambda k: sum(r[k] for r in sel) / len(sel)  # noqa: E731
        print(f"    all: shown {mean('shown'):.1f}, collected {mean('actual'):.1f}, "
              f"open-hand {mean('raw'):.1f}")


def write_fit(weights, lines, path, meta):
    out = ['"""Generated by scripts/calibrate_hint.py --fit — do not edit by hand.',
             "",
             "The hint's make probability: a logistic map of the open-hand fraction of worlds",
             "(hard.calibration_features) fitted to real outcomes, per phase.",
             '"""', f"# {meta}", "WEIGHTS = {"]
    for ph, w in weights.items():
        out.append(f"    {ph!r}: {[round(x, 4) for x in w]},")
    out.append("}")
    out.append("# expected points: collected ≈ a + b × the open-hand value, per phase")
    out.append("POINTS = {")
    for ph, w in lines.items():
        out.append(f"    {ph!r}: {[round(x, 4) for x in w]},")
    out.append("}")
    Path(path).write_text("\n".join(out) + "\n")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--opponents", default="normal1,normal1")
    ap.add_argument("--worlds", type=int, default=8)
    ap.add_argument("--nodes", type=int, default=0, help="think in solver nodes (the table)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--fit", action="store_true")
    ap.add_argument("--save-rows", metavar="FILE", help="also write the decisions as JSON")
    ap.add_argument("--load-rows", metavar="FILE", action="append",
                    help="the decisions of an earlier --save-rows instead of playing (their "
                         "deals, seed, opponents and thinking); the shown figures are today's "
                         "map's; repeat it to pool several files (to fit against several "
                         "opponents)")
    args = ap.parse_args(argv)
    opp = args.opponents.split(",")
    think = hard_thinking(args.worlds, args.nodes)
    thinking = " ".join(f"{k} {v}" for k, v in think.items())
    if args.load_rows:
        parts = [json.loads(Path(f).read_text()) for f in args.load_rows]
        # files saved before they named their opponents were played against --opponents
        names = [f"{p['deals']} deals of seed {p['seed']} against "
                 f"{p.get('opponents', args.opponents)}, {p['thinking']}" for p in parts]
        if len(parts) == 1:
            args.deals, args.seed, thinking = parts[0]["deals"], parts[0]["seed"], \
                parts[0]["thinking"]
            args.opponents = parts[0].get("opponents", args.opponents)
        else:
            args.deals = sum(p["deals"] for p in parts)
            args.seed = "/".join(str(p["seed"]) for p in parts)
            thinking = "; ".join(names)
            args.opponents = "/".join(p.get("opponents", args.opponents) for p in parts)
        allrows = reshown([r for p in parts for r in p["rows"]])
    else:
        allrows = collect(args.deals, args.seed, opp, think, args.jobs)
    if args.save_rows:
        Path(args.save_rows).write_text(json.dumps({"deals": args.deals, "seed": args.seed,
                                                    "opponents": args.opponents,
                                                    "thinking": thinking, "rows": allrows}))
    rows = [r for r in allrows if "made" in r]
    prows = [r for r in allrows if "actual" in r]
    print(f"{len(rows)} decisions with a make probability in {args.deals} deals, seed {args.seed}, "
          f"hard ({thinking}) against {args.opponents}")
    if args.fit:
        weights = {}
        for ph in PHASES:
            sel = [r for r in rows if r["phase"] == ph]
            if len(sel) >= 20:
                weights[ph] = fit_logistic([r["x"] for r in sel], [r["made"] for r in sel])
        path = ROOT / "py" / "thousand" / "bots" / "hint_calibration.py"
        lines = {}
        for ph in ("bidding", "contract"):
            sel = [r for r in prows if r["phase"] == ph]
            if len(sel) >= 20:
                lines[ph] = fit_line([r["raw"] for r in sel], [r["actual"] for r in sel])
        write_fit(weights, lines, path, f"{len(rows)} decisions of {args.deals} deals (seed {args.seed}, "
                                 f"against {args.opponents}, {thinking})")
        print(f"written {path}")
        print_table(rows, "open-hand fraction (before calibration) on the fitted deals:", "raw")
        print_points(prows)
        return 0
    print_table(rows, "open-hand fraction (before calibration):", "raw")
    worst = print_table(rows, "the hint's make probability (calibrated):")
    for ph in PHASES:
        sel = [r for r in rows if r["phase"] == ph]
        if sel:
            print(f"  {ph}: {len(sel)} decisions, mean shown {sum(r['shown'] for r in sel) / len(sel):.1%}, "
                  f"made {sum(r['made'] for r in sel) / len(sel):.1%}")
    print("target: every decile within ±8 points:", "met" if worst <= 8 else "NOT met")
    print_points(prows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
