#!/usr/bin/env python3
"""How careful normal bots bid where the right to concede runs out (RULES.md §5.4, §6.5): whole
games of normal bots at one table, counting the contracts their declarers had to play because
they could not concede (three free concessions used, a barrel, a blind game), and how those
ended.

    python3 scripts/measure_concessions.py [--rules CODE] [--games 40] [--deals 40]

The default table is six seats with free concessions (concede_limit_three, concede_award
split_120).  To measure another version of the bots, run it with PYTHONPATH at that version's
``py`` folder (a ``git worktree`` of it).
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

# appended, not prepended: a PYTHONPATH of another version comes first
sys.path.append(str(Path(__file__).resolve().parent.parent / "py"))

from thousand import Conventions, Game  # noqa: E402
from thousand.bots import make_bot  # noqa: E402


def measure(code: str, games: int, deals: int) -> dict:
    conv = Conventions.from_code(code)
    n = conv.players
    out = {"deals": 0, "made": 0, "failed": 0, "conceded": 0, "without": 0,
           "without_failed": 0, "contracts_without": []}
    for gseed in range(games):
        g = Game.new(conv, seed=gseed, first_dealer=gseed % n)
        bots = [make_bot("normal", seed=gseed * 10 + i) for i in range(n)]
        right = True
        while not g.finished and len(g.sheet) < deals:
            seat = g.current_seat
            v = g.view(seat)
            if v["phase"] == "contract":
                right = "concede" in v["legal"]
            before = len(g.sheet)
            g.apply(bots[seat].choose(v))
            if len(g.sheet) > before:
                row = g.sheet[-1]
                out["deals"] += 1
                if row["outcome"] in ("made", "failed", "conceded"):
                    out[row["outcome"]] += 1
                    if not right:
                        out["without"] += 1
                        out["without_failed"] += row["outcome"] == "failed"
                        out["contracts_without"].append(row["contract"])
                right = True
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="classic,players=6,concede_limit_three=on,"
                                        "concede_award=split_120")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--deals", type=int, default=40, help="at most this many deals a game")
    args = ap.parse_args(argv)
    r = measure(args.rules, args.games, args.deals)
    w = r["without"]
    mean = statistics.mean(r["contracts_without"]) if w else 0.0
    print(f"{args.games} games of normal bots at {args.rules}: {r['deals']} deals, "
          f"{r['made']} made, {r['failed']} failed, {r['conceded']} conceded")
    print(f"  declared without the right to concede: {w} deals, {r['without_failed']} failed "
          f"({100 * r['without_failed'] / max(1, w):.0f}%), mean contract {mean:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
