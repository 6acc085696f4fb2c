#!/usr/bin/env python3
"""How well the hard bot knows a hand's value at a close call in the bidding: its bidding
model's mean against the search it runs there (issue 10).

    python3 scripts/measure_bid_search.py [--decisions 40] [--seed 11] [--nodes 22000]
                                          [--ref-worlds 48] [--band 0.5]

The hard bot bids while the next bid is within its limit: the bidding model's mean (a linear
formula over hand features, ``bidding_model``) less a margin.  Where the next bid is within
``--band`` sd of the limit (``hard.CLOSE_CALL``), a search replaces the model's mean: the mean
open-hand value over bidding worlds (a talon and the others' hands, the two cheapest cards
given) solved within half the decision's nodes.  The reference is the same search with
``--ref-worlds`` worlds and no node limit.  Close calls are collected from fresh deals whose
bidding the careful normal bots play.  Prints, per decision, the model, the search and the
reference, and then each estimate's mean error and root mean square error against the
reference, with the part of the latter that is the reference's own sampling error (the sd of
its worlds over their square root) taken out.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from thousand.bots import hard, make_bot  # noqa: E402
from thousand.bots.match import fresh_deal  # noqa: E402
from thousand.cards import card as parse_card, mask_of  # noqa: E402
from thousand.conventions import Conventions  # noqa: E402


def close_calls(count: int, seed: int, band: float):
    """(deal index, view, ``bid_window``) of `count` bidding turns within `band` sd of the
    hard bot's limit."""
    conv = Conventions()
    rng = random.Random(seed)
    base = hard.HardBot(close_call=band)
    found = 0
    d = 0
    while found < count:
        g = fresh_deal(conv, rng.randrange(1 << 31), d % 3)
        bidder = make_bot("normal", seed=d)
        while g.view(g.current_seat)["phase"] == "bidding" and found < count:
            v = g.view(g.current_seat)
            w = base.bid_window(v, v["legal"]) if len(v["legal"]) > 1 else None
            if w is not None and base.close(w):
                found += 1
                yield d, v, w
            g.apply(bidder.choose(v))
        d += 1


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decisions", type=int, default=40)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--nodes", type=int, default=hard.TABLE_NODES)
    ap.add_argument("--ref-worlds", type=int, default=48)
    ap.add_argument("--band", type=float, default=hard.CLOSE_CALL)
    ap.add_argument("--model-var", type=float, default=hard.MODEL_VAR,
                    help="the model's error variance, for the estimate from both")
    args = ap.parse_args(argv)
    conv = Conventions()
    rows = []
    for d, v, (nxt, model, limit, _) in close_calls(args.decisions, args.seed, args.band):
        hand = mask_of(parse_card(c) for c in v["hand"])
        table = hard.HardBot(seed=d, nodes=args.nodes).bidding_values(v, hand, conv)
        ref = hard.HardBot(seed=10_000 + d, worlds=args.ref_worlds,
                           node_budget=None).bidding_values(v, hand, conv)
        search, truth = statistics.mean(table), statistics.mean(ref)
        noise = statistics.stdev(ref) ** 2 / len(ref)
        both = hard.bid_value(model, table, args.model_var)
        rows.append((model, search, truth, noise, len(table), both))
        print(f"deal {d}: next bid {nxt}, limit {limit:.1f}; model {model:.1f}, search "
              f"{search:.1f} ({len(table)} worlds), reference {truth:.1f}", flush=True)
    noise = statistics.mean(r[3] for r in rows)
    print(f"{len(rows)} close calls (within {args.band} sd), seed {args.seed}; the search "
          f"solved {statistics.median(r[4] for r in rows)} worlds (median) at {args.nodes} "
          f"nodes; the reference {args.ref_worlds}, its own error {noise ** 0.5:.1f} (rms)")
    for name, i in (("model", 0), ("search", 1), ("both", 5)):
        bias = statistics.mean(r[i] - r[2] for r in rows)
        ms = statistics.mean((r[i] - r[2]) ** 2 for r in rows)
        print(f"  {name:6s}: mean error {bias:+.1f}, rms error {ms ** 0.5:.1f}, without the "
              f"reference's own {max(ms - noise, 0.0) ** 0.5:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
