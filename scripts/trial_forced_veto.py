#!/usr/bin/env python3
"""The hard bot's veto on raising a lone forced bid (``hard.FORCED_VETO``), paired on every
deal of a long duplicate match for the price of the few it can change (issue 10).

    python3 scripts/trial_forced_veto.py [--deals 3000] [--seed 2026] [--nodes 75000]
                                         [--opponents normal,normal] [--jobs 2]
                                         [--check 10] [--save FILE]

The veto changes a decision only at the hard bot's first turn in the bidding, when only the
forced bidder's 100 stands, the careful normal bot would pass, and the hard bot's own rule
might bid: the next bid is under its limit plus the close-call band (``hard.CLOSE_CALL``; in
the band its search decides).  Everything before that turn is the opponents' bidding, which
reads only the view (the normal bots' bidding draws no random numbers), so a screen of the
bidding alone finds every deal the veto can reach.  Every other deal is played exactly as
before: the same bots from the same seeds make the same decisions (``--check K`` plays K of
them both ways and stops if any differs).  The deals it can reach are played both ways, with
the veto and without, and the paired difference over all the deals is their sum divided by
``--deals``.  Prints the screened count, the pairs, and the paired mean with its 95% interval
(zeros for the deals the veto cannot reach).
"""
from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from thousand.bots import hard, inference, bidding_model  # noqa: E402
from thousand.bots.match import (_ci, _deal_group, _deal_sums, _first_minus_rest,  # noqa: E402
                                 _make_bots, fresh_deal)
from thousand.bots import make_bot  # noqa: E402
from thousand.bots.normal import lone_forced_bid  # noqa: E402
from thousand.cards import card as parse_card, mask_of  # noqa: E402
from thousand.conventions import Conventions  # noqa: E402


def reachable(view: dict, careful) -> bool:
    """Can the veto change the hard bot's decision at this bidding turn?"""
    bids = sorted(int(a.split()[1]) for a in view["legal"] if a.startswith("bid"))
    if not bids or not lone_forced_bid(view):
        return False
    if careful.bid(view, view["legal"]) != "pass":
        return False
    hand = mask_of(parse_card(c) for c in view["hand"])
    _, sd = bidding_model.predict(hand)
    limit = inference.bid_limit(hand, view["seat"], view)
    return bids[0] <= limit + hard.CLOSE_CALL * sd


def screen(job) -> tuple:
    """(deal, can the veto reach it): the bidding of each rotation up to the hard bot's first
    turn, the opponents bidding as they do in the match."""
    d, kinds, code, deal_seed, dealer = job
    conv = Conventions.from_code(code)
    n = len(kinds)
    careful = make_bot("normal", seed=0)
    for r in range(n):
        seat_of = [(i + r) % n for i in range(n)]
        bots = [None] * n
        for i in range(1, n):
            bots[seat_of[i]] = make_bot(kinds[i], seed=deal_seed * 31 + i)
        g = fresh_deal(conv, deal_seed, dealer)
        while g.view(g.current_seat)["phase"] == "bidding":
            seat = g.current_seat
            v = g.view(seat)
            if seat == seat_of[0]:
                if len(v["legal"]) > 1 and reachable(v, careful):
                    return d, True
                break
            g.apply(bots[seat].choose(v))
    return d, False


def play(job) -> tuple:
    """(deal, veto on?, the hard bot minus the others in this deal)."""
    d, kinds, code, deal_seed, dealer, nodes, veto = job
    conv = Conventions.from_code(code)
    opts = {"hard": {"nodes": nodes, "forced_veto": veto}}
    group = _deal_group(kinds, conv, deal_seed, dealer, _make_bots(kinds, deal_seed, opts))
    return d, veto, _first_minus_rest([_deal_sums(group, len(kinds))], len(kinds))[0]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--nodes", type=int, default=hard.TABLE_NODES)
    ap.add_argument("--opponents", default="normal,normal")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--check", type=int, default=0,
                    help="also play this many deals the veto cannot reach both ways")
    ap.add_argument("--save", help="write the pairs as JSON")
    args = ap.parse_args(argv)
    kinds = ["hard"] + args.opponents.split(",")
    conv = Conventions()
    n = len(kinds)
    rng = random.Random(args.seed)          # the plan of `match --seed`
    plan = [(d, rng.randrange(1 << 31), d % n) for d in range(args.deals)]
    ctx = mp.get_context("fork")
    with ctx.Pool(args.jobs) as pool:
        hits = dict(pool.imap_unordered(
            screen, [(d, kinds, conv.to_code(), s, dl) for d, s, dl in plan], chunksize=16))
        reach = [d for d, _, _ in plan if hits[d]]
        print(f"{args.deals} deals of seed {args.seed}: the veto can reach {len(reach)}",
              flush=True)
        others = [d for d, _, _ in plan if not hits[d]]
        checks = random.Random(args.seed + 1).sample(others, min(args.check, len(others)))
        jobs = [(d, kinds, conv.to_code(), plan[d][1], plan[d][2], args.nodes, veto)
                for d in reach + checks for veto in (False, True)]
        got: dict = {}
        for d, veto, x in pool.imap_unordered(play, jobs):
            got[(d, veto)] = x
    for d in checks:
        if got[(d, False)] != got[(d, True)]:
            print(f"deal {d}: the veto could not reach it, yet it played differently "
                  f"({got[(d, False)]:+.2f} against {got[(d, True)]:+.2f})")
            return 1
    if checks:
        print(f"{len(checks)} deals it cannot reach: the same both ways")
    pairs = {d: got[(d, True)] - got[(d, False)] for d in reach}
    changed = [d for d in reach if pairs[d]]
    diffs = [pairs.get(d, 0.0) for d in range(args.deals)]
    lo, hi = _ci(diffs)
    print(f"played differently: {len(changed)} of the {len(reach)}; the veto minus without, "
          f"paired over all {args.deals} deals: {statistics.mean(diffs):+.2f} per deal "
          f"(95% CI {lo:+.2f} .. {hi:+.2f})")
    for d in changed:
        print(f"  deal {d}: {got[(d, False)]:+.2f} -> {got[(d, True)]:+.2f}")
    if args.save:
        Path(args.save).write_text(json.dumps(
            {"seed": args.seed, "deals": args.deals, "nodes": args.nodes, "kinds": kinds,
             "pairs": {str(d): [got[(d, False)], got[(d, True)]] for d in reach}}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
