#!/usr/bin/env python3
"""Where one bot's duplicate margin comes from, by what differs between the rotations of a deal
(issue 10: the search for the hard bot's losses against the careful normal bot).

    python3 scripts/where_deals_differ.py [--seats hard,normal,normal] [--deals 200]
                                          [--seed 2026] [--worlds 8 | --nodes 22000]
                                          [--jobs 2] [--show CATEGORY]

The deals are those of ``match --seed S`` (the same plan), each played once per rotation; the
first bot sits at seat r in rotation r, the others fill the rest.  A deal falls in one of:

    same declaring     every rotation: the same declarer, contract and outcome
    declarer differs   the bidding gave the talon to another seat in some rotation
    declarer decides   the same declarer throughout, and the first bot in his seat named
                       another contract, conceded where the others played (or the reverse),
                       or played the same contract to another outcome
    defence differs    the same declarer throughout, and the rotations differ elsewhere

Prints, per category, its deals and its share of the first bot's figure (the shares add up to
the match's "first minus the others"); ``--show`` lists a category's deals with each
rotation's declarer, contract, outcome and score changes.
"""
from __future__ import annotations

import argparse
import multiprocessing as mp
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from thousand.bots.match import (_deal_group, _deal_sums, _first_minus_rest,  # noqa: E402
                                 _make_bots, hard_thinking)
from thousand.conventions import Conventions  # noqa: E402

CATEGORIES = ("same declaring", "declarer differs", "declarer decides", "defence differs")


def _key(row) -> tuple:
    return row["declarer"], row["contract"], row["outcome"]


def category(group) -> str:
    """What differs between the rotations of one duplicate deal (the first bot is at seat r in
    rotation r)."""
    rows = [row for _, row in group]
    if len({_key(r) for r in rows}) == 1:
        return "same declaring"
    if len({r["declarer"] for r in rows}) > 1:
        return "declarer differs"
    decl = rows[0]["declarer"]
    first = rows[decl] if decl is not None and decl < len(rows) else None
    others = [r for i, r in enumerate(rows) if i != decl]
    if first is not None and len({_key(r) for r in others}) == 1 \
            and _key(first) != _key(others[0]):
        return "declarer decides"
    return "defence differs"


def _play(job):
    kinds, code, opts, d, seed, dealer = job
    conv = Conventions.from_code(code)
    return d, _deal_group(kinds, conv, seed, dealer, _make_bots(kinds, seed, opts))


def classify(kinds, deals: int, seed: int, bot_options=None, jobs: int = 1,
             conv: Conventions | None = None) -> list:
    """[(deal, category, first-minus-the-others, group)] for the deals of match's plan."""
    conv = conv or Conventions()
    n = len(kinds)
    rng = random.Random(seed)
    plan = [(kinds, conv.to_code(), bot_options, d, rng.randrange(1 << 31), d % n)
            for d in range(deals)]
    if jobs > 1:
        with mp.get_context("fork").Pool(jobs) as pool:
            groups = dict(pool.imap_unordered(_play, plan, chunksize=2))
    else:
        groups = dict(map(_play, plan))
    out = []
    for d in range(deals):
        g = groups[d]
        out.append((d, category(g), _first_minus_rest([_deal_sums(g, n)], n)[0], g))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seats", default="hard,normal,normal")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--worlds", type=int, default=8)
    ap.add_argument("--nodes", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--show", choices=CATEGORIES)
    args = ap.parse_args(argv)
    kinds = args.seats.split(",")
    res = classify(kinds, args.deals, args.seed, {"hard": hard_thinking(args.worlds, args.nodes)},
                   args.jobs)
    total = statistics.mean(x for _, _, x, _ in res)
    print(f"{args.deals} deals, seed {args.seed}: {kinds[0]} minus the others {total:+.2f} per deal")
    for cat in CATEGORIES:
        xs = [x for _, c, x, _ in res if c == cat]
        mean = f", {statistics.mean(xs):+.2f} per such deal" if xs else ""
        print(f"  {cat:17s} {len(xs):5d} deals: {sum(xs) / args.deals:+6.2f} of the figure{mean}")
    if args.show:
        for d, c, x, g in res:
            if c == args.show:
                print(f"deal {d} {x:+.1f}: " + "; ".join(
                    f"r{r} {row['declarer']} {row['outcome']} {row['contract']} {row['delta']}"
                    for r, (_, row) in enumerate(g)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
