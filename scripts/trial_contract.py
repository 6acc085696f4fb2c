#!/usr/bin/env python3
"""A change of how the hard bot values the contracts it may name, paired on every deal of a
long duplicate match for the price of one match and the deals it changes (issue 10).

    python3 scripts/trial_contract.py --option calibrate_contracts=false
                                      [--deals 3000] [--first-deal 0] [--seed 2026]
                                      [--nodes 22000] [--opponents normal,normal] [--conventions four]
                                      [--jobs 2]
                                      [--check 4] [--save FILE]

``--option NAME=JSON`` names a keyword of ``HardBot`` that only ``HardBot._contract_value``
reads (``calibrate_contracts``; ``true`` was the trial that made it the default, ``false``
now measures going back; ``contract_map=[…]``, a calibration map fitted against other
opponents, its four weights as ``hard.calibration_features`` orders them): the valuation of
the contracts over the worlds already solved, not which worlds are drawn or solved. Each
deal is played as ``match`` plays it, with a hard bot that at every contract decision also
values the options the changed way over the very same worlds and notes whether it would have
named another contract (or conceded, or not). Where no decision would differ, the changed
bot plays the deal exactly as this one (its random state is the same: the worlds are drawn
alike), so the pair is zero; the deals where one differs are played again with the changed
bot from the start. ``--check K`` plays K of the others again too, and stops if any differs.
Prints the match figure of the bot as it is (a check against earlier runs of the same
deals), the deals changed, the paired difference over all the deals with its 95% interval,
and the changed bot's figure.
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
                                 _make_bots, deal_plan)
from thousand.conventions import Conventions  # noqa: E402


class ShadowBot(hard.HardBot):
    """The hard bot as it is, which also notes whether the changed valuation (``alt``: options
    of ``_contract_value``) would name another action at any contract decision."""

    def __init__(self, alt: dict, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.alt = alt
        self.differs = 0
        self._alt_values: dict = {}
        self._alt_out = None

    def _contract_value(self, out, me, c, splits, view):
        base = super()._contract_value(out, me, c, splits, view)
        saved = {k: getattr(self, k) for k in self.alt}
        try:
            for k, v in self.alt.items():
                setattr(self, k, v)
            self._alt_values[c] = super()._contract_value(out, me, c, splits, view)
        finally:
            for k, v in saved.items():
                setattr(self, k, v)
        self._alt_out = (out, me)
        return base

    def contract(self, view, legal):
        self._alt_values, self._alt_out = {}, None
        action = super().contract(view, legal)
        if self._alt_out is not None:
            out, me = self._alt_out
            options = {a: self._alt_values[int(a.split()[1])]
                       for a in legal if a.startswith("contract")}
            if "concede" in legal:
                options["concede"] = out.conceded(me, view["contract"])
            alt = max(options, key=lambda a: (options[a], a == "concede"))
            self.differs += alt != action
        return action


def _figure(group, n: int) -> float:
    return _first_minus_rest([_deal_sums(group, n)], n)[0]


def play(job) -> tuple:
    """(deal, the bot as it is, the changed bot or None where no decision differed, the
    number of contract decisions that differed)."""
    d, kinds, code, deal_seed, dealer, nodes, alt, check = job
    conv = Conventions.from_code(code)
    n = len(kinds)
    bots = _make_bots(kinds, deal_seed, {"hard": {"nodes": nodes}})
    bots[0] = ShadowBot(alt, deal_seed * 31, nodes=nodes)     # seeded as _make_bots seeds it
    base = _figure(_deal_group(kinds, conv, deal_seed, dealer, bots), n)
    changed = None
    if bots[0].differs or check:
        again = _make_bots(kinds, deal_seed, {"hard": {"nodes": nodes, **alt}})
        changed = _figure(_deal_group(kinds, conv, deal_seed, dealer, again), n)
    return d, base, changed, bots[0].differs


def _line(label: str, xs: list) -> str:
    lo, hi = _ci(xs)
    return f"{label}: {statistics.mean(xs):+.2f} per deal (95% CI {lo:+.2f} .. {hi:+.2f})"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--option", action="append", default=[], metavar="NAME=JSON", required=True)
    ap.add_argument("--deals", type=int, default=3000)
    ap.add_argument("--first-deal", type=int, default=0)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--nodes", type=int, default=hard.TABLE_NODES)
    ap.add_argument("--opponents", default="normal,normal")
    ap.add_argument("--conventions", help="a preset or share code, as `match` takes it "
                                          "(the opponents then number its seats less one)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--check", type=int, default=0,
                    help="also play this many deals no decision differed in both ways")
    ap.add_argument("--progress", type=int, default=100)
    ap.add_argument("--save", help="write every deal's figures as JSON")
    args = ap.parse_args(argv)
    alt = {}
    for text in args.option:
        name, _, value = text.partition("=")
        alt[name] = json.loads(value)
    kinds = ["hard"] + args.opponents.split(",")
    conv = Conventions.from_code(args.conventions) if args.conventions else Conventions()
    n = len(kinds)
    plan = deal_plan(args.seed, n, args.deals, args.first_deal)   # `match --seed`'s
    checks = set(random.Random(args.seed + 1).sample([d for d, _, _ in plan],
                                                     min(args.check, len(plan))))
    jobs = [(d, kinds, conv.to_code(), s, dl, args.nodes, alt, d in checks) for d, s, dl in plan]
    got: dict = {}
    with mp.get_context("fork").Pool(args.jobs) as pool:
        for i, (d, base, changed, differs) in enumerate(pool.imap(play, jobs), 1):
            got[d] = (base, changed, differs)
            if args.progress and i % args.progress == 0:
                rows = [got[p[0]] for p in plan[:i]]
                print(f"  {i} deals: as it is {statistics.mean(r[0] for r in rows):+.2f}; "
                      + _line("changed minus as it is",
                              [(r[1] - r[0]) if r[2] else 0.0 for r in rows]),
                      file=sys.stderr, flush=True)
                if args.save:
                    _save(args, kinds, plan[:i], got)
    rows = [got[d] for d, _, _ in plan]
    for d in sorted(checks):
        base, changed, differs = got[d]
        if not differs and changed != base:
            print(f"deal {d}: no contract decision differed, yet it played differently "
                  f"({base:+.2f} against {changed:+.2f})")
            return 1
    span = f"deals {args.first_deal}..{args.first_deal + args.deals - 1} of seed {args.seed}"
    print(f"{span}, hard ({args.nodes} nodes) against {args.opponents}, conventions "
          f"{conv.to_code()}; the change: " + ", ".join(args.option))
    print(_line("the bot as it is", [r[0] for r in rows]))
    diffs = [(r[1] - r[0]) if r[2] else 0.0 for r in rows]
    reached = [r for r in rows if r[2]]
    print(f"deals where a contract decision differed: {len(reached)} "
          f"({sum(r[2] for r in reached)} decisions); of them played otherwise: "
          f"{sum(r[1] != r[0] for r in reached)}; gains {sum(d for d in diffs if d > 0):+.0f}, "
          f"losses {sum(d for d in diffs if d < 0):+.0f}")
    print(_line("changed minus as it is, paired", diffs))
    print(_line("the changed bot", [r[0] + x for r, x in zip(rows, diffs)]))
    if args.save:
        _save(args, kinds, plan, got)
    return 0


def _save(args, kinds, plan, got) -> None:
    """Every deal played so far (a prefix of the plan): (as it is, changed or None, decisions
    that differed); a run stopped early keeps what it played."""
    Path(args.save).write_text(json.dumps(
        {"seed": args.seed, "first_deal": args.first_deal, "deals": len(plan),
         "nodes": args.nodes, "kinds": kinds, "change": args.option,
         "figures": {str(d): list(got[d]) for d, _, _ in plan}}))


def changed_bot(path: str, seed: int, deals: int, kinds: list, nodes: int) -> list:
    """Per deal, the changed bot of a ``--save`` file of the first ``deals`` deals of ``seed``
    at ``nodes`` (the bot as it was where its change changed nothing): the bot as it is once
    the change has become the default.  Or the deals of a ``trial_hard.py --save`` file of
    the bot as it is."""
    saved = json.loads(Path(path).read_text())
    if "diffs" in saved and "figures" not in saved:
        # a trial_hard.py --save file of the bot as it is (its kinds and nodes are not in it:
        # --check, which replays some deals against it, is what tells a wrong one)
        if (saved.get("seed"), saved.get("first_deal", 0)) != (seed, 0) \
                or len(saved["diffs"]) < deals:
            raise SystemExit(f"{path}: not the first {deals} deals of seed {seed}")
        return saved["diffs"][:deals]
    if (saved.get("seed"), saved.get("first_deal", 0), saved.get("kinds"),
            saved.get("nodes")) != (seed, 0, kinds, nodes) or saved.get("deals", 0) < deals:
        raise SystemExit(f"{path}: not the first {deals} deals of seed {seed} for {kinds} "
                         f"at {nodes} nodes")
    return [x if x is not None else was
            for was, x, _ in (saved["figures"][str(d)] for d in range(deals))]


if __name__ == "__main__":
    sys.exit(main())
