#!/usr/bin/env python3
"""Whole-game win rate of the first bot against the others (issue 10: hard against two
normal1 bots, target 55%; a third would be even), in parallel.

    python3 scripts/measure_games.py --games 1000 --seed 7 --seats hard,normal1,normal1
                                     [--worlds 8 | --nodes 22000] [--jobs 2] [--conventions CODE]
                                     [--save FILE]

Game g is a seeded game (``random.Random(seed)``'s g-th draw) with the seats rotated by g, so
every bot sits everywhere; bots are made afresh for each game from its seed, so the result
does not depend on --jobs.  Prints the first bot's wins with a 95% interval.

``--save FILE`` appends each game's result to FILE as it finishes (a JSON line: the game's
number, the winning bot, the deals) and skips the games FILE already holds for the same
settings and the same code (a hash of ``py/thousand``'s sources: a game saved by another
version of the bots is not this version's result), so a long run can be stopped and started
again and ends with the figure of all of them.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import math
import multiprocessing as mp
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from thousand import Game  # noqa: E402
from thousand.bots import make_bot  # noqa: E402
from thousand.bots.match import hard_thinking  # noqa: E402
from thousand.conventions import Conventions  # noqa: E402


def one_game(job):
    gi, game_seed, kinds, code, think, max_deals = job
    conv = Conventions.from_code(code)
    n = len(kinds)
    seat_of = [(i + gi) % n for i in range(n)]          # bot i sits at seat_of[i]
    by_seat = [None] * n
    for i, k in enumerate(kinds):
        opts = think if k == "hard" else {}
        by_seat[seat_of[i]] = make_bot(k, seed=game_seed * 31 + i, **opts)
    g = Game.new(conv, seed=game_seed, first_dealer=gi % n)
    while not g.finished and len(g.sheet) < max_deals:
        seat = g.current_seat
        g.apply(by_seat[seat].choose(g.view(seat)))
    winner = None if g.winner is None else seat_of.index(g.winner)
    return winner, len(g.sheet)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--seats", default="hard,normal1,normal1")
    ap.add_argument("--worlds", type=int, default=8)
    ap.add_argument("--nodes", type=int, default=0,
                    help="instead of --worlds: think as the table does (22000: hard.TABLE_NODES)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--conventions", default="classic")
    ap.add_argument("--max-deals", type=int, default=400)
    ap.add_argument("--save", metavar="FILE",
                    help="append each game's result; skip the games FILE already holds")
    args = ap.parse_args(argv)
    kinds = args.seats.split(",")
    rng = random.Random(args.seed)
    think = hard_thinking(args.worlds, args.nodes)
    jobs = [(gi, rng.randrange(1 << 31), kinds, args.conventions, think, args.max_deals)
            for gi in range(args.games)]
    key = {"seed": args.seed, "seats": args.seats, "conventions": args.conventions,
           "think": think, "max_deals": args.max_deals, "code": code_version()}
    done = saved(args.save, key) if args.save else {}
    todo = [j for j in jobs if j[0] not in done]
    if done:
        print(f"{len(jobs) - len(todo)} of the games already in {args.save}", file=sys.stderr)
    out = open(args.save, "a") if args.save else None
    with mp.get_context("fork").Pool(args.jobs) if args.jobs > 1 else _Serial() as pool:
        for job, r in zip(todo, pool.imap(one_game, todo, chunksize=1)):
            done[job[0]] = r
            if out:
                out.write(json.dumps({**key, "game": job[0], "winner": r[0], "deals": r[1]})
                          + "\n")
                out.flush()
    if out:
        out.close()
    res = [done[gi] for gi in range(args.games)]
    wins = [sum(w == i for w, _ in res) for i in range(len(kinds))]
    deals = sum(d for _, d in res)
    p = wins[0] / args.games
    h = 1.96 * math.sqrt(p * (1 - p) / args.games)
    print(f"{args.games} games ({deals} deals), conventions {args.conventions}, seed {args.seed}, "
          f"seats rotating; wins: " + ", ".join(f"{k} {w}" for k, w in zip(kinds, wins))
          + f"; no winner {sum(w is None for w, _ in res)}")
    print(f"  {kinds[0]} won {p:.1%} (95% CI {p - h:.1%} .. {p + h:.1%}); "
          f"an even share would be {1 / len(kinds):.1%}")
    return 0


class _Serial:
    """The one-process stand-in for a pool."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def imap(self, fn, items, chunksize=1):
        return map(fn, items)


def code_version(package: Path = ROOT / "py" / "thousand") -> str:
    """A short hash of the package's Python sources (their paths and bytes)."""
    h = hashlib.sha256()
    for f in sorted(package.rglob("*.py")):
        h.update(f.relative_to(package).as_posix().encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()[:12]


def saved(path: str, key: dict) -> dict:
    """The games FILE holds for these settings: {game: (winner, deals)}."""
    out = {}
    if Path(path).exists():
        for line in Path(path).read_text().splitlines():
            row = json.loads(line)
            if all(row.get(k) == v for k, v in key.items()):
                out[row["game"]] = (row["winner"], row["deals"])
    return out


if __name__ == "__main__":
    sys.exit(main())
