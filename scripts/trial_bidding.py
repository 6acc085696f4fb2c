#!/usr/bin/env python3
"""A change of the hard bot's bidding, paired on every deal of a long duplicate match for the
price of the few it can change (issue 10).

    python3 scripts/trial_bidding.py --change forced_veto | --change close_call=1.0 | --change bid_share=1.0
                                     [--deals 3000] [--first-deal 0] [--seed 2026] [--nodes 22000]
                                     [--opponents normal,normal] [--jobs 2]
                                     [--check 10] [--base FILE] [--save FILE]

Changes:

    forced_veto    raise a lone forced bid only where the careful normal bot would
                   (``HardBot(forced_veto=True)``)
    close_call=B   search the bid within B sd of the limit instead of ``hard.CLOSE_CALL``
                   (``HardBot(close_call=B)``)
    bid_blend[=B]  at a close call, the search's mean weighed with the model's or not
                   (``HardBot(bid_blend=B)``; the default since the trials of
                   docs/measurements.md, so ``bid_blend=false`` measures going back)
    bid_share=S    a close call searches with this share of the decision's quota instead of
                   ``hard.BID_SEARCH_SHARE`` (``HardBot(bid_share=S)``)
    careful        bid by the careful normal bot's rule at every turn
                   (``HardBot(careful_bidding=True)``)
    bid_margin=M   the model's limit M sd below its mean instead of
                   ``bidding_model.MARGIN_SD`` (``HardBot(bid_margin=M)``)

A change of the bidding changes a deal only if the hard bot meets, in some rotation, a bidding
turn where the change decides otherwise or searches where it did not.  The opponents' bidding
reads only the view (the normal bots' bidding draws no random numbers), and the hard bot's
bidding is its model's limit (no random numbers either) except where it searches a close call,
whose outcome depends on its random state.  So a screen of the bidding finds every deal the
change can reach: it follows the opponents and the hard bot's model, and at a close call it
follows both answers, bid and pass.  Every other deal is played exactly as before: the same
bots from the same seeds make the same decisions (``--check K`` plays K of them both ways and
stops if any differs).  The deals it can reach are played both ways, and the paired difference
over all the deals is their sum divided by ``--deals``.  Prints the screened count, the pairs,
and the paired mean with its 95% interval (zeros for the deals the change cannot reach).

``--base FILE`` takes the bot as it is from a saved match of the same deals instead of playing
it again: a ``trial_contract.py --save`` file whose change is now the default (each deal's
figure is its changed bot's, or the bot's as it was where nothing changed).  Only the change
is played on the deals it can reach, half the work; ``--check K`` then plays K of those
without the change as well and stops unless they reproduce the file deal by deal.  Prints
the bot as it is over all the deals (from the file) and the changed bot's figure.
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

from thousand.bots import hard  # noqa: E402
from thousand.bots.match import (_ci, _deal_group, _deal_sums, _first_minus_rest,  # noqa: E402
                                 _make_bots, deal_plan, fresh_deal)
from thousand.bots import make_bot  # noqa: E402
from thousand.bots.normal import lone_forced_bid  # noqa: E402
from thousand.conventions import Conventions  # noqa: E402
from trial_contract import changed_bot  # noqa: E402


class ForcedVeto:
    """``HardBot(forced_veto=True)``: it passes at a lone forced bid where its rule bids and
    the careful normal bot passes."""
    option = {"forced_veto": True}

    def __init__(self):
        self.careful = make_bot("normal", seed=0)

    def reaches(self, view: dict, window, base) -> bool:
        nxt, _, limit, sd = window
        return (lone_forced_bid(view) and nxt <= limit + base.close_call * sd
                and self.careful.bid(view, view["legal"]) == "pass")


class CloseCall:
    """``HardBot(close_call=B)``: it searches where the next bid is within B sd of the limit."""

    def __init__(self, band: float):
        self.option = {"close_call": band}

    def reaches(self, view: dict, window, base) -> bool:
        nxt, _, limit, sd = window
        gap = abs(nxt - limit)
        return min(base.close_call, self.option["close_call"]) * sd < gap \
            <= max(base.close_call, self.option["close_call"]) * sd


class CloseCallSearch:
    """An option of how a close call's search runs: ``HardBot(bid_blend=B)`` (the search's
    mean weighed with the model's, or not) or ``HardBot(bid_share=S)`` (the share of the
    decision's quota it searches with); it decides otherwise only where the search runs."""

    def __init__(self, name: str, value):
        self.option = {name: value}

    def reaches(self, view: dict, window, base) -> bool:
        return base.close(window)


class CarefulBidding:
    """``HardBot(careful_bidding=True)``: every bidding turn by the careful normal bot's rule.
    It decides otherwise where that rule's answer is not the model's, and at every close call
    (whose search draws the bot's random numbers, which the changed bot leaves undrawn)."""
    option = {"careful_bidding": True}

    def __init__(self):
        self.careful = make_bot("normal", seed=0)

    def reaches(self, view: dict, window, base) -> bool:
        nxt, _, limit, _ = window
        if base.close(window):
            return True
        model = f"bid {nxt}" if nxt <= limit else "pass"
        return self.careful.bid(view, view["legal"]) != model


class BidMargin:
    """``HardBot(bid_margin=M)``: the model's limit M sd below its mean instead of
    ``bidding_model.MARGIN_SD``.  It decides otherwise where the model's answer at the new
    limit is not the old one's, and wherever either limit makes the turn a close call (the
    search's answer is read against the limit; and a search draws the bot's random numbers)."""

    def __init__(self, margin: float):
        self.option = {"bid_margin": margin}
        self.changed = hard.HardBot(bid_margin=margin)     # its bid_window: the moved limit

    def reaches(self, view: dict, window, base) -> bool:
        moved = self.changed.bid_window(view, view["legal"])
        if base.close(window) or base.close(moved):
            return True
        return (window[0] <= window[2]) != (moved[0] <= moved[2])


def parse_change(text: str):
    name, _, value = text.partition("=")
    if name == "forced_veto" and not value:
        return ForcedVeto()
    if name == "close_call" and value:
        return CloseCall(float(value))
    if name == "bid_blend" and value in ("", "true", "false"):
        return CloseCallSearch("bid_blend", value != "false")
    if name == "bid_share" and value:
        return CloseCallSearch("bid_share", float(value))
    if name == "careful" and not value:
        return CarefulBidding()
    if name == "bid_margin" and value:
        return BidMargin(float(value))
    raise SystemExit(f"unknown change {text!r}: forced_veto, close_call=B, bid_blend[=false], "
                     f"bid_share=S, careful or bid_margin=M")


def _reaches(game, hard_seat: int, bots, change, base) -> bool:
    """Can the change decide otherwise anywhere in the rest of this bidding?  Follows the
    opponents' bids, the hard bot's model, and both answers of a close call."""
    while True:
        v = game.view(game.current_seat)
        if v["phase"] != "bidding":
            return False
        seat = game.current_seat
        if seat != hard_seat:
            game.apply(bots[seat].choose(v))
            continue
        legal = v["legal"]
        if len(legal) == 1:
            game.apply(legal[0])
            continue
        window = base.bid_window(v, legal)
        if window is None:
            game.apply("pass")
            continue
        if change.reaches(v, window, base):
            return True
        nxt, _, limit, _ = window
        if base.close(window):
            # the search decides with the bot's random state: follow both answers
            return any(_reaches(_after(game, a), hard_seat, bots, change, base)
                       for a in (f"bid {nxt}", "pass"))
        game.apply(f"bid {nxt}" if nxt <= limit else "pass")


def _after(game, action: str):
    g = game.copy()
    g.apply(action)
    return g


def screen(job) -> tuple:
    """(deal, can the change reach it): each rotation's bidding as it can go, the opponents
    bidding as they do in the match."""
    d, kinds, code, deal_seed, dealer, text = job
    change = parse_change(text)
    base = hard.HardBot()
    conv = Conventions.from_code(code)
    n = len(kinds)
    for r in range(n):
        seat_of = [(i + r) % n for i in range(n)]
        bots = [None] * n
        for i in range(1, n):
            bots[seat_of[i]] = make_bot(kinds[i], seed=deal_seed * 31 + i)
        if _reaches(fresh_deal(conv, deal_seed, dealer), seat_of[0], bots, change, base):
            return d, True
    return d, False


def play(job) -> tuple:
    """(deal, changed?, the hard bot minus the others in this deal)."""
    d, kinds, code, deal_seed, dealer, nodes, text, on = job
    conv = Conventions.from_code(code)
    opts = {"hard": {"nodes": nodes, **(parse_change(text).option if on else {})}}
    group = _deal_group(kinds, conv, deal_seed, dealer, _make_bots(kinds, deal_seed, opts))
    return d, on, _first_minus_rest([_deal_sums(group, len(kinds))], len(kinds))[0]


def _progress(got: dict, reach: list, first: int, deals: int) -> None:
    """The paired figure over the deals before the first reachable deal not yet played both
    ways (a prefix of the match, so a run stopped early still says something)."""
    upto = next((d for d in reach if (d, False) not in got or (d, True) not in got),
                first + deals)
    if upto == first:
        return
    diffs = [0.0] * (upto - first)
    for d in reach:
        if d < upto:
            diffs[d - first] = got[(d, True)] - got[(d, False)]
    lo, hi = _ci(diffs)
    print(f"  deals {first}..{upto - 1}: {statistics.mean(diffs):+.2f} per deal "
          f"(95% CI {lo:+.2f} .. {hi:+.2f})", file=sys.stderr, flush=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--change", required=True,
                    help="forced_veto, close_call=B, bid_blend[=false], bid_share=S, careful or bid_margin=M")
    ap.add_argument("--deals", type=int, default=3000)
    ap.add_argument("--first-deal", type=int, default=0, help="the match's deals from this one")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--nodes", type=int, default=hard.TABLE_NODES)
    ap.add_argument("--opponents", default="normal,normal")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--check", type=int, default=0,
                    help="also play this many deals the change cannot reach both ways")
    ap.add_argument("--screen-only", action="store_true", help="count the deals it can reach")
    ap.add_argument("--base", help="the bot as it is, deal by deal, from a saved trial")
    ap.add_argument("--save", help="write the pairs as JSON")
    args = ap.parse_args(argv)
    parse_change(args.change)
    kinds = ["hard"] + args.opponents.split(",")
    conv = Conventions()
    n = len(kinds)
    first = args.first_deal
    if args.base and first:
        ap.error("--base holds the first deals of a match: not with --first-deal")
    plan = deal_plan(args.seed, n, args.deals, first)     # `match --seed`'s
    where = {d: (s, dl) for d, s, dl in plan}
    base = (changed_bot(args.base, args.seed, args.deals, kinds, args.nodes)
            if args.base else None)
    ctx = mp.get_context("fork")
    with ctx.Pool(args.jobs) as pool:
        hits = dict(pool.imap_unordered(
            screen, [(d, kinds, conv.to_code(), s, dl, args.change) for d, s, dl in plan],
            chunksize=16))
        reach = [d for d, _, _ in plan if hits[d]]
        print(f"{args.deals} deals of seed {args.seed}: {args.change} can reach {len(reach)}",
              flush=True)
        if args.screen_only:
            return 0
        others = [d for d, _, _ in plan if not hits[d]]
        pool_of_checks = reach if base else others
        checks = random.Random(args.seed + 1).sample(pool_of_checks,
                                                     min(args.check, len(pool_of_checks)))
        if base:
            # the file is the bot as it is: only the change is played, and the checks
            # without it must reproduce the file
            got = {(d, False): base[d] for d in reach}
            jobs = [(d, False) for d in checks] + [(d, True) for d in reach]
        else:
            got = {}
            jobs = [(d, on) for d in checks + reach for on in (False, True)]
        jobs = [(d, kinds, conv.to_code(), *where[d], args.nodes, args.change, on)
                for d, on in jobs]
        for i, (d, on, x) in enumerate(pool.imap(play, jobs), 1):
            if base and not on and x != base[d]:
                print(f"deal {d}: the bot as it is plays {x:+.2f}, the file says "
                      f"{base[d]:+.2f}: not the same bot")
                return 1
            got[(d, on)] = x
            if i % 100 == 0:
                _progress(got, reach, first, args.deals)
    if base:
        lo, hi = _ci(base)
        print(f"the bot as it is (from {args.base}): {statistics.mean(base):+.2f} per deal "
              f"(95% CI {lo:+.2f} .. {hi:+.2f}); {len(checks)} of the deals it can reach "
              f"played again without the change: the same")
    else:
        for d in checks:
            if got[(d, False)] != got[(d, True)]:
                print(f"deal {d}: the change could not reach it, yet it played differently "
                      f"({got[(d, False)]:+.2f} against {got[(d, True)]:+.2f})")
                return 1
        if checks:
            print(f"{len(checks)} deals it cannot reach: the same both ways")
    pairs = {d: got[(d, True)] - got[(d, False)] for d in reach}
    changed = [d for d in reach if pairs[d]]
    diffs = [pairs.get(d, 0.0) for d, _, _ in plan]
    lo, hi = _ci(diffs)
    print(f"played differently: {len(changed)} of the {len(reach)}; with {args.change} minus "
          f"without, paired over all {args.deals} deals from deal {first}: "
          f"{statistics.mean(diffs):+.2f} per deal "
          f"(95% CI {lo:+.2f} .. {hi:+.2f})")
    if base:
        after = [b + x for b, x in zip(base, diffs)]
        lo, hi = _ci(after)
        print(f"the changed bot: {statistics.mean(after):+.2f} per deal "
              f"(95% CI {lo:+.2f} .. {hi:+.2f})")
    for d in changed:
        print(f"  deal {d}: {got[(d, False)]:+.2f} -> {got[(d, True)]:+.2f}")
    if args.save:
        Path(args.save).write_text(json.dumps(
            {"seed": args.seed, "first_deal": first, "deals": args.deals, "nodes": args.nodes,
             "kinds": kinds,
             "change": args.change, "base": args.base,
             "pairs": {str(d): [got[(d, False)], got[(d, True)]] for d in reach}}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
