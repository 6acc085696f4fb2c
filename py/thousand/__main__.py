"""Command line: ``python -m thousand replay|simulate|bench|match``."""
from __future__ import annotations

import argparse
import json
import random
import sys
import time

from . import schema
from .conventions import Conventions
from .errors import ConventionError, ThousandError
from .game import Game
from .records import replay_summary

def read_bytes(path: str) -> bytes:
    """A file (or - for stdin), at most one byte more than the schema takes (a larger one is
    refused by schema.loads without being read whole); OSError -> ValueError, one line."""
    try:
        if path == "-":
            return sys.stdin.buffer.read(schema.MAX_JSON_BYTES + 1)
        with open(path, "rb") as f:
            return f.read(schema.MAX_JSON_BYTES + 1)
    except OSError as e:
        raise ValueError(f"cannot read {path}: {e.strerror or e}") from None


def read_json(path: str):
    """A JSON file (or - for stdin) -> value, read within the schema's limits; any problem
    -> ValueError (RecordError) with one line."""
    return schema.loads(read_bytes(path), path)


def main_review(args) -> int:
    """`python -m thousand review RECORD --deal N --seat S`: the review as JSON (here, with the
    CLI, so that the review the page's worker imports does not import the CLI)."""
    from .bots.review import review
    try:
        record = read_json(args.file)
        out = review(record, args.deal - 1, args.seat, worlds=args.worlds)
    except (ValueError, ThousandError) as e:
        print(f"review: {e}", file=sys.stderr)
        return 2
    print(json.dumps(out, ensure_ascii=False))
    return 0


def one_line(text: str) -> str:
    """The first line of a message, printable whatever it contains (lone surrogates,
    controls)."""
    line = text.splitlines()[0] if text.strip() else ""
    return line.encode("utf-8", "backslashreplace").decode("utf-8")


def cmd_replay(args) -> int:
    """Replay a record: the score sheet as JSON on stdout, or one line on stderr and exit 2
    for any file that is not a good record (unreadable, not UTF-8 JSON within the schema's
    limits, or any engine error: RecordError, ConventionError, IllegalAction)."""
    try:
        g = Game.from_record(read_json(args.file))
    except (ValueError, ThousandError) as e:
        print(f"replay: {one_line(str(e)) or type(e).__name__}", file=sys.stderr)
        return 2
    print(json.dumps(replay_summary(g), ensure_ascii=False))
    return 0


def _conventions(code: str | None) -> Conventions:
    return Conventions.from_code(code) if code else Conventions()


def cmd_simulate(args) -> int:
    from .bots import make_bot
    conv = _conventions(args.conventions)
    kinds = (args.bots or ",".join(["normal"] * conv.players)).split(",")
    if len(kinds) != conv.players:
        print(f"--bots needs {conv.players} names", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    games = deals = made = contracted = contract_sum = declared = 0
    wins = [0] * conv.players
    for gi in range(args.games):
        bots = [make_bot(k, seed=rng.randrange(1 << 30)) for k in kinds]
        g = Game.new(conv, seed=rng.randrange(1 << 30), first_dealer=gi % conv.players)
        while not g.finished and len(g.sheet) < args.max_deals:
            seat = g.current_seat
            g.apply(bots[seat].choose(g.view(seat)))
        games += 1
        deals += len(g.sheet)
        for row in g.sheet:
            if row["outcome"] in ("made", "failed"):
                contracted += 1
                made += row["outcome"] == "made"
            if row["outcome"] != "redeal" and row["declarer"] is not None:
                contract_sum += row["contract"]
                declared += 1
        if g.winner is not None:
            wins[g.winner] += 1
    print(json.dumps({
        "games": games, "deals": deals,
        "declarer_make_rate": round(made / contracted, 4) if contracted else None,
        "mean_contract": round(contract_sum / declared, 2) if declared else None,
        "wins_by_seat": wins, "bots": kinds, "conventions": conv.to_code(),
    }))
    return 0


def bench_engine(seconds: float = 3.0, seed: int = 1, conv: Conventions | None = None) -> dict:
    """Random legal play, one core: complete deals per second (each from a fresh game), and
    whole games."""
    rng = random.Random(seed)
    conv = conv or Conventions()
    t0 = time.perf_counter()
    deals = 0
    while time.perf_counter() - t0 < seconds:
        g = Game.new(conv, seed=rng.randrange(1 << 30))
        d = g.deal
        while g.deal is d:
            moves = g.legal_moves()
            g.push(moves[rng.randrange(len(moves))])
        deals += 1
    dt = time.perf_counter() - t0
    t1 = time.perf_counter()
    games = gdeals = 0
    while time.perf_counter() - t1 < seconds:
        g = Game.new(conv, seed=rng.randrange(1 << 30))
        while not g.finished and len(g.sheet) < 1000:
            moves = g.legal_moves()
            g.push(moves[rng.randrange(len(moves))])
        games += 1
        gdeals += len(g.sheet)
    gt = time.perf_counter() - t1
    return {"deals_per_second": round(deals / dt, 1), "games_per_second": round(games / gt, 2),
            "deals_in_games_per_second": round(gdeals / gt, 1), "deals": deals, "games": games}


def cmd_bench(args) -> int:
    if args.solver:
        from .bots.solver import bench_solver
        bench_solver()
        return 0
    if args.bot and args.slowest:
        from .bots.bench import bench_limit
        bench_limit(deals=args.slowest, save=args.save)
        return 0
    if args.bot:
        from .bots.bench import bench_bot
        bench_bot(args.bot, decisions=args.decisions)
        return 0
    base = _conventions(args.conventions)
    if args.players:
        tables = [base.replace(players=args.players)]
    else:       # 3 players first (the headline figure), then the other counts
        tables = [base.replace(players=p) for p in (3, 2, 4, 5, 6)]
    print(f"random legal play, one core, CPython {sys.version.split()[0]}:")
    for conv in tables:
        r = bench_engine(args.seconds, conv=conv)
        print(f"  {conv.players} players ({conv.layout.mode}): complete deals per second: "
              f"{r['deals_per_second']}  ({r['deals']} deals); whole games per second: "
              f"{r['games_per_second']} ({r['games']} games, "
              f"{r['deals_in_games_per_second']} deals/s within games)")
    return 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="thousand", description="Thousand (Тысяча) engine")
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("replay", help="replay a game record (§9) and print its score sheet as JSON")
    r.add_argument("file", help="record file, or - for stdin")
    s = sub.add_parser("simulate", help="play whole games between bots")
    s.add_argument("--games", type=int, default=10)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--conventions", default=None, help="share-link code, e.g. classic,target=1001")
    s.add_argument("--bots", default=None, help="comma-separated: random,easy,normal,hard")
    s.add_argument("--max-deals", type=int, default=500)
    b = sub.add_parser("bench", help="engine throughput (or --solver / --bot LEVEL)")
    b.add_argument("--seconds", type=float, default=3.0)
    b.add_argument("--solver", action="store_true")
    b.add_argument("--bot", default=None)
    b.add_argument("--decisions", type=int, default=200)
    b.add_argument("--slowest", type=int, default=0, metavar="DEALS",
                   help="with --bot hard: search DEALS random deals for the slowest decisions "
                        "and time them under the node limit")
    b.add_argument("--save", default=None, help="with --slowest: write the positions (gzip JSON)")
    b.add_argument("--players", type=int, default=0, help="only this player count (2-6)")
    b.add_argument("--conventions", default=None, help="share-link code (e.g. two_mode=draw)")
    rv = sub.add_parser("review", help="deal review: the open-hand value of every card a seat "
                                       "played, and the hard bot's view of its decisions (JSON)")
    rv.add_argument("file", help="record file, or - for stdin")
    rv.add_argument("--deal", type=int, default=1, help="deal number, from 1")
    rv.add_argument("--seat", type=int, default=0)
    rv.add_argument("--worlds", type=int, default=8, help="worlds per hard-bot estimate")
    m = sub.add_parser("match", help="duplicate match between bots")
    m.add_argument("--seats", default="hard,normal,normal")
    m.add_argument("--deals", type=int, default=300)
    m.add_argument("--games", type=int, default=0)
    m.add_argument("--positions", type=int, default=0,
                   help="start the deals from this many seeded game positions (0: fresh games)")
    m.add_argument("--seed", type=int, default=0)
    m.add_argument("--conventions", default=None)
    m.add_argument("--timeout", type=float, default=5.0, help="seconds per answer of a cmd: bot")
    m.add_argument("--worlds", type=int, default=12,
                   help="worlds per hard-bot decision (fixed, so a seed gives one result)")
    m.add_argument("--nodes", type=int, default=0,
                   help="instead of --worlds: as many worlds as fit in this many solver nodes "
                        "per decision, as the table thinks (22000: hard.TABLE_NODES)")
    m.add_argument("--jobs", type=int, default=1, help="worker processes")
    m.add_argument("--progress", type=int, default=0, help="report every N deals on stderr")
    m.add_argument("--first-deal", type=int, default=0, metavar="K",
                   help="play deals K .. K+DEALS-1 of the seed's sequence (a long match in parts)")
    m.add_argument("--save-deals", metavar="FILE",
                   help="write each deal's first-minus-the-others figure, and its split by role")
    m.add_argument("--paired", metavar="FILE",
                   help="also print this match's figure less a --save-deals file's, deal by "
                        "deal over the deals both played (the same seed and conventions)")
    args = p.parse_args(argv)
    try:
        if args.cmd == "replay":
            return cmd_replay(args)
        if args.cmd == "simulate":
            return cmd_simulate(args)
        if args.cmd == "bench":
            return cmd_bench(args)
        if args.cmd == "review":
            return main_review(args)
        if args.cmd == "match":
            from .bots.match import cmd_match
            return cmd_match(args)
    except ConventionError as e:
        print(f"conventions: {one_line(str(e))}", file=sys.stderr)
        return 2
    except ValueError as e:
        print(f"{args.cmd}: {one_line(str(e))}", file=sys.stderr)
        return 2
    return 1


def _main_quietly_piped() -> int:
    try:
        return main()
    except BrokenPipeError:          # output piped into `head` and the like
        import os
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(_main_quietly_piped())
