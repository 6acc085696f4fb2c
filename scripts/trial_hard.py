#!/usr/bin/env python3
"""Trials of the hard bot's choices (issue 10): a duplicate match of one hard bot, with
options or constants changed, against the same deals as any other trial of the seed.

    python3 scripts/trial_hard.py [--deals 300] [--first-deal 0] [--seed 2026]
                                  [--worlds 8 | --nodes 22000]
                                  [--opponents normal,normal] [--option NAME=JSON ...]
                                  [--set CONSTANT=NUMBER ...] [--shift-contract-values X]
                                  [--searched PHASE,...] [--save FILE] [--paired FILE]

``--option`` passes a keyword to ``HardBot`` (``calibrate_contracts=false``,
``bid_margin=0.6``); ``--set`` changes a constant of ``thousand.bots.hard``
(``inference.SPREAD=40``: of ``thousand.bots.inference``, how the worlds are weighed);
``--shift-contract-values X`` adds X points to the declarer's open-hand value in every world
when he names his contract or concedes (the open-hand value is pessimistic on average: does
the decision gain by correcting it?).  ``--searched play,contract`` makes the hard bot search
only those phases at three seats and play the careful normal bot's choices in the others (so a
trial can tell which of its searches earns the difference; ``declarer_play`` or ``defence``
for the play of one side).  Prints the hard bot minus the others with its 95% interval, and
its make rate, mean contract and concessions.  The deals of a seed are the same
whatever the options, so two trials differ only where the changed choices do.

``--reseed N`` (N > 0) draws the hard bot's worlds from other seeds and changes nothing
else: a null trial, whose paired difference against the bot as it is is the luck of the
draws alone (how far a trial that changes every decision's worlds moves by chance).

``--save FILE`` writes the per-deal differences (as ``match --save-deals`` does);
``--first-deal K`` plays deals K .. K+deals-1 of the seed (as ``match --first-deal``);
``--paired FILE`` prints this trial minus the
saved one (a trial's or a match's, over the deals both played), deal by deal, with its 95%
interval: far narrower than the two trials' own intervals,
since most of a deal's variance is in its cards, which both trials share.  The same in each
role (``as declarer``: each bot's score changes in the rotations where it declared, the hard
bot's minus the others'; ``as defender``: in the rest) shows where a difference is earned.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from thousand.bots import hard as H  # noqa: E402
from thousand.bots import inference as I  # noqa: E402
from thousand.bots.match import _ci, deal_figures, duplicate, hard_thinking  # noqa: E402


def search_only_side(side: str) -> None:
    """The hard bot searches the play of one side (``declarer_play`` or ``defence``) and
    plays the normal bot's cards on the other."""
    search_play = H.HardBot.play

    def play(bot, view, legal, *carry):
        if (view["seat"] == view["declarer"]) == (side == "declarer_play"):
            return search_play(bot, view, legal, *carry)
        return bot.fallback.choose(view)
    H.HardBot.play = play


def reseed(n: int) -> None:
    """Every hard bot made from now on draws from seed ``seed ^ n * 0x9E3779B1``."""
    init = H.HardBot.__init__

    def __init__(bot, seed: int = 0, **kw):
        init(bot, seed ^ (n * 0x9E3779B1), **kw)
    H.HardBot.__init__ = __init__


def series(figures: dict) -> dict:
    """A trial's per-deal figures by what they measure."""
    return {"in all": figures["diffs"], "as declarer": figures["roles"]["declarer"],
            "as defender": figures["roles"]["defender"]}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--first-deal", type=int, default=0)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--worlds", type=int, default=8)
    ap.add_argument("--nodes", type=int, default=0)
    ap.add_argument("--opponents", default="normal,normal")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=JSON")
    ap.add_argument("--set", action="append", default=[], metavar="CONSTANT=NUMBER")
    ap.add_argument("--shift-contract-values", type=float, default=0.0, metavar="X")
    ap.add_argument("--searched", default="", metavar="PHASE,...",
                    help=f"search only these of {','.join(H.SEARCHED)} at three seats; "
                         "declarer_play or defence for the play of one side only")
    ap.add_argument("--reseed", type=int, default=0, metavar="N",
                    help="the hard bot's worlds from other seeds (a null trial)")
    ap.add_argument("--save", metavar="FILE", help="write the per-deal differences")
    ap.add_argument("--paired", metavar="FILE", help="print this trial minus a saved one")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    opts = hard_thinking(args.worlds, args.nodes)
    for kv in args.option:
        k, v = kv.split("=", 1)
        opts[k] = json.loads(v)
    for kv in args.set:
        k, v = kv.split("=", 1)
        mod, name = (I, k.split(".", 1)[1]) if k.startswith("inference.") else (H, k)
        if not hasattr(mod, name):
            ap.error(f"{mod.__name__} has no {name}")
        setattr(mod, name, type(getattr(mod, name))(float(v)))
    if args.shift_contract_values:
        shift, split = args.shift_contract_values, H.split_points
        H.split_points = lambda w, decl, defenders, v: split(w, decl, defenders, v + shift)
    if args.searched:
        phases = set(args.searched.split(","))
        sides = {"declarer_play", "defence"} & phases
        if not phases - sides <= set(H.SEARCHED):
            ap.error(f"--searched takes phases of {H.SEARCHED}, declarer_play, defence")
        if len(sides) == 1:
            search_only_side(next(iter(sides)))
        H.SEARCHED_BY_SEATS[3] = tuple((phases - sides) | ({"play"} if sides else set()))
    if args.reseed:
        reseed(args.reseed)
    if args.paired:
        # read before the trial: a file of other deals is told at once, not after an hour
        old = json.loads(Path(args.paired).read_text())
        skip = args.first_deal - old["first_deal"]
        if old["seed"] != args.seed or skip < 0 or len(old["diffs"]) < skip + args.deals:
            ap.error(f"{args.paired} does not hold deals {args.first_deal} .. "
                     f"{args.first_deal + args.deals - 1} of seed {args.seed}")
    kinds = ["hard"] + args.opponents.split(",")
    r = duplicate(kinds, args.deals, args.seed, bot_options={"hard": opts}, jobs=args.jobs,
                  progress=100, roles=True, first=args.first_deal)
    b = r["bots"][0]
    f = r["first_vs_rest"]
    print(f"{args.deals} deals, seed {args.seed}, hard {opts}, sets {args.set}, "
          f"contract values shifted {args.shift_contract_values:+g}: hard minus the others "
          f"{f['mean']:+.2f} (95% CI {f['ci95'][0]:+.2f} .. {f['ci95'][1]:+.2f}); make rate "
          f"{b['declarer_make_rate']:.1%}, mean contract {b['mean_contract']}, "
          f"{b['concessions']} concessions")
    rows = deal_figures(r)
    for label, xs in list(series(rows).items())[1:]:
        lo, hi = _ci(xs)
        print(f"  {label}: {sum(xs) / len(xs):+.2f} (95% CI {lo:+.2f} .. {hi:+.2f})")
    if args.save:
        Path(args.save).write_text(json.dumps(rows))
    if args.paired:
        theirs = series(old)
        for label, mine in series(rows).items():
            d = [a - b for a, b in zip(mine, theirs[label][skip:])]
            lo, hi = _ci(d)
            print(f"  this trial minus {args.paired} {label}: {sum(d) / len(d):+.2f} "
                  f"(95% CI {lo:+.2f} .. {hi:+.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
