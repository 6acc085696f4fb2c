"""Duplicate matches between bots (``python -m thousand match``).

Duplicate format: each deal (a seeded deal from a fresh game) is played once for
every rotation of the bots through the seats, so every bot holds every hand.
A bot's result for a deal is its mean score change over the rotations; the
printed 95% intervals are over deals.  ``--games`` plays whole games to the
target instead, rotating the seats from game to game, and prints win rates.

``--positions K`` starts the duplicate deals not from 0:0:0 but from a fixed, seeded set of
K realistic game positions (``game_positions``): the standing — scores, bolts, barrel
attempts, concessions, falls, the golden round — before random deals of whole games that
normal1 bots played under the match's conventions, so that play on and against the barrel,
near a third bolt and at the end of a game is measured.  The set depends only on the seed,
the conventions and K (normal1 is frozen), never on the bots of the match; deal d starts
from position d mod K, with its own seeded cards, and every rotation of the bots through
the seats starts from the same position.
"""
from __future__ import annotations

import json
import math
import random
import statistics
import sys
from pathlib import Path

from ..conventions import Conventions
from ..game import Game
from ..schema import DealRecord
from . import make_bot


def _ci(xs):
    if len(xs) < 2:
        return (float("nan"), float("nan"))
    m = statistics.mean(xs)
    h = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
    return (m - h, m + h)


def deal_plan(seed: int, n: int, deals: int, first: int = 0) -> list:
    """The duplicate match's deals ``first`` .. ``first + deals - 1`` of ``seed``: (deal, the
    deal's seed, its dealer), each exactly as a match of ``first + deals`` deals plays it."""
    rng = random.Random(seed)
    return [(d, rng.randrange(1 << 31), d % n) for d in range(first + deals)][first:]


def fresh_deal(conv, seed: int, dealer: int, position: dict | None = None) -> Game:
    """A game whose first deal is the seeded deal ``seed`` dealt by ``dealer``: a fresh
    game, or one that starts from a ``position`` of ``game_positions`` (the record's
    ``start``, §9, and the golden round's count, which a start does not carry)."""
    g = Game(conv, seed=None, first_dealer=dealer)
    if position is not None:
        g.set_start(position["start"])
        g.standing.golden_left = position["golden_left"]
        g.standing.golden_made = position["golden_made"]
    g._pending = [DealRecord(seed=seed, cards=None, actions=())]
    g._next_deal()
    return g


def play_deal(conv, bots, seed: int, dealer: int, position: dict | None = None) -> dict:
    """Play one deal from a fresh game (or from a position); bots[seat].  The sheet row,
    with ``game_winner``: the seat that won the game in this deal, or None."""
    g = fresh_deal(conv, seed, dealer, position)
    while not g.sheet:
        seat = g.current_seat
        g.apply(bots[seat].choose(g.view(seat)))
    return dict(g.sheet[0], game_winner=g.winner if g.finished else None)


POSITIONS_PER_GAME = 4      # positions taken from one simulated game (distinct deals)
POSITION_MAX_DEALS = 400


def _standing(g: Game) -> dict:
    """The standing before the deal now starting, as a position for ``fresh_deal``."""
    return {"start": {"scores": list(g.scores), "bolts": list(g.bolts),
                      "barrel": [g.barrel_attempts[s] if g.on_barrel[s] else None
                                 for s in range(g.n)],
                      "concessions": list(g.concessions), "falls": list(g.barrel_falls)},
            "golden_left": g.golden_left, "golden_made": g.golden_made}


def _position_game(job) -> list:
    """Standings before POSITIONS_PER_GAME random deals of one seeded game of normal1 bots."""
    conv_code, game_seed = job
    conv = Conventions.from_code(conv_code)
    rng = random.Random(game_seed)
    g = Game.new(conv, seed=rng.randrange(1 << 31), first_dealer=rng.randrange(conv.players))
    bots = [make_bot("normal1", seed=rng.randrange(1 << 30)) for _ in range(conv.players)]
    snaps, last = [], None
    while not g.finished and len(g.sheet) < POSITION_MAX_DEALS:
        if g.deal is not last:
            last = g.deal
            if not g.sheet or g.sheet[-1]["outcome"] != "redeal":   # a redeal: the same standing
                snaps.append(_standing(g))
        seat = g.current_seat
        g.apply(bots[seat].choose(g.view(seat)))
    picks = sorted(rng.sample(range(len(snaps)), min(POSITIONS_PER_GAME, len(snaps))))
    return [snaps[i] for i in picks]


def game_positions(conv, count: int, seed: int, jobs: int = 1) -> list:
    """`count` realistic positions: standings before random deals of seeded whole games of
    normal1 bots under `conv` (the same list for the same arguments, whatever `jobs`)."""
    rng = random.Random(f"positions {seed}")
    n_games = -(-count // POSITIONS_PER_GAME)
    job_list = [(conv.to_code(), rng.randrange(1 << 31)) for _ in range(n_games)]
    if jobs > 1:
        import multiprocessing as mp
        with mp.get_context("fork").Pool(jobs) as pool:
            per_game = pool.map(_position_game, job_list)
    else:
        per_game = [_position_game(j) for j in job_list]
    return [p for ps in per_game for p in ps][:count]


def _make_bots(kinds, seed: int, bot_options, external=None):
    """Fresh bots for `seed`, except that seats in `external` keep the bot given there."""
    opts = bot_options or {}
    return [external[i] if external and i in external
            else make_bot(k, **opts.get("cmd", {})) if k.startswith("cmd:")
            else make_bot(k, seed=seed * 31 + i, **opts.get(k, {}))
            for i, k in enumerate(kinds)]


def _external_bots(kinds, bot_options) -> dict:
    """The `cmd:` bots of a match by seat: one process each, kept for the whole match."""
    opts = (bot_options or {}).get("cmd", {})
    return {i: make_bot(k, **opts) for i, k in enumerate(kinds) if k.startswith("cmd:")}


def _deal_group(kinds, conv, deal_seed: int, dealer: int, bots, position=None) -> list:
    """One deal played once per rotation; returns (seat_of, sheet row) per rotation."""
    n = len(kinds)
    out = []
    for r in range(n):
        seat_of = [(i + r) % n for i in range(n)]       # bot i sits at seat_of[i]
        by_seat = [None] * n
        for i in range(n):
            by_seat[seat_of[i]] = bots[i]
        out.append((seat_of, play_deal(conv, by_seat, deal_seed, dealer, position)))
    return out


_worker_external: dict = {}     # in a worker process: its own cmd: bots (_init_worker)


def _init_worker(kinds, bot_options) -> None:
    global _worker_external
    from multiprocessing.util import Finalize
    _worker_external = _external_bots(kinds, bot_options)
    Finalize(None, _close_bots, args=(list(_worker_external.values()),), exitpriority=10)


def _close_bots(bots) -> None:
    for b in bots:
        b.close()


def _worker(job):
    """One deal group; also the problems the worker's cmd: bots had in it, by seat."""
    kinds, conv_code, bot_options, d, deal_seed, dealer, position = job
    conv = Conventions.from_code(conv_code)
    ext = _worker_external
    before = {i: dict(b.problems) for i, b in ext.items()}
    bots = _make_bots(kinds, deal_seed, bot_options, ext)
    group = _deal_group(kinds, conv, deal_seed, dealer, bots, position)
    return group, {i: {k: n - before[i][k] for k, n in b.problems.items()}
                   for i, b in ext.items()}


def hard_thinking(worlds: int, nodes: int = 0) -> dict:
    """The hard bot's options for how long it thinks: ``nodes`` solver nodes per decision
    (the table's time as a count) if given, else a fixed number of worlds."""
    return {"nodes": nodes} if nodes else {"worlds": worlds}


def _role_sums(group, n: int) -> tuple:
    """Each bot's score change over the rotations of one duplicate deal, split into the
    rotations where it declared and the rest: (as declarer, as defender)."""
    decl, rest = [0.0] * n, [0.0] * n
    for seat_of, row in group:
        for i in range(n):
            part = decl if row["declarer"] == seat_of[i] else rest
            part[i] += row["delta"][seat_of[i]]
    return decl, rest


def _deal_sums(group, n: int) -> list:
    """Each bot's score change over the rotations of one duplicate deal."""
    return [a + b for a, b in zip(*_role_sums(group, n))]


def _first_minus_rest(deal_sums, n: int) -> list:
    """Per deal: the first bot's mean change over the rotations minus the others' mean."""
    return [(s[0] - statistics.mean(s[1:])) / n for s in deal_sums]


def _report(groups, n: int, first: int = 0) -> None:
    """The progress line: the first bot minus the others over the deals so far (the plan is
    the same prefix whatever --deals, so this is the figure of a match of that many deals)."""
    diffs = _first_minus_rest([_deal_sums(g, n) for g in groups], n)
    lo, hi = _ci(diffs)
    span = f"deals {first}..{first + len(groups) - 1}" if first else f"{len(groups)} deals"
    print(f"  {span}: first minus the others {statistics.mean(diffs):+.2f} per deal "
          f"(95% CI {lo:+.2f} .. {hi:+.2f})", file=sys.stderr, flush=True)


def duplicate(kinds, deals: int, seed: int, conv=None, bot_options=None, progress=None,
              jobs: int = 1, positions: int = 0, roles: bool = False, first: int = 0) -> dict:
    """Duplicate match.  Bots are made afresh for each deal from the deal's seed (external
    `cmd:` bots once per match, and once per worker process with `jobs` > 1), so results
    do not depend on `jobs` (for a `cmd:` bot whose answers depend only on its requests).
    With `positions` K > 0 the deals start from ``game_positions(conv, K, seed)``.  With
    `roles`, also the per-deal first-minus-rest differences (``diffs``) and their split by role
    (``roles``: each bot's changes where it declared, and the rest; the two add up to
    ``diffs``).  With `first` K the match plays deals K .. K+deals-1 of the seed's sequence,
    each exactly as a match of K+deals deals plays it: a long match can be run in parts."""
    conv = conv or Conventions()
    n = len(kinds)
    plan = deal_plan(seed, n, deals, first)
    pos = game_positions(conv, positions, seed, jobs) if positions else []
    at = (lambda d: pos[d % len(pos)]) if pos else (lambda d: None)
    external = any(k.startswith("cmd:") for k in kinds)
    problems = {i: None for i in range(n)}      # by seat: the cmd: bots' problems, summed
    if jobs > 1:
        import multiprocessing as mp
        ctx = mp.get_context("fork")
        job_list = [(kinds, conv.to_code(), bot_options, d, s, dl, at(d)) for d, s, dl in plan]
        groups = []
        with ctx.Pool(jobs, initializer=_init_worker if external else None,
                      initargs=(kinds, bot_options)) as pool:
            for d, (g, probs) in enumerate(pool.imap(_worker, job_list, chunksize=4)):
                groups.append(g)
                for i, p in probs.items():
                    problems[i] = {k: (problems[i] or {}).get(k, 0) + v for k, v in p.items()}
                if progress and (d + 1) % progress == 0:
                    _report(groups, n, first)
            pool.close()
            pool.join()                          # the workers close their bots as they exit
    else:
        ext = _external_bots(kinds, bot_options)
        groups = []
        for d, s, dl in plan:
            groups.append(_deal_group(kinds, conv, s, dl, _make_bots(kinds, s, bot_options, ext),
                                      at(d)))
            if progress and (d + 1) % progress == 0:
                _report(groups, n, first)
        for i, b in ext.items():
            problems[i] = dict(b.problems)
            b.close()
    per = [[] for _ in range(n)]
    stats = [{"declared": 0, "made": 0, "contract_sum": 0, "played_sum": 0, "conceded": 0,
              "bolts": 0, "games_won": 0} for _ in range(n)]
    deal_sums = [_deal_sums(g, n) for g in groups]
    for group, sums in zip(groups, deal_sums):
        for seat_of, row in group:
            for i in range(n):
                s = seat_of[i]
                st = stats[i]
                if row["declarer"] == s and row["outcome"] != "redeal":
                    st["contract_sum"] += row["contract"]
                    if row["outcome"] == "conceded":
                        st["conceded"] += 1
                    else:
                        st["declared"] += 1
                        st["played_sum"] += row["contract"]
                        st["made"] += row["outcome"] == "made"
                if row["bolted"][s]:
                    st["bolts"] += 1
                if row["game_winner"] == s:
                    st["games_won"] += 1
        for i in range(n):
            per[i].append(sums[i] / n)
    result = {"deals": deals, "first_deal": first, "seed": seed, "conventions": conv.to_code(),
              "positions": len(pos),
              "bots": []}
    for i, k in enumerate(kinds):
        st = stats[i]
        games_declared = st["declared"] + st["conceded"]
        result["bots"].append({
            "seat_spec": i, "bot": k,
            "mean_per_deal": round(statistics.mean(per[i]), 2),
            "ci95": [round(x, 2) for x in _ci(per[i])],
            "declarer_make_rate": round(st["made"] / st["declared"], 4) if st["declared"] else None,
            "mean_contract": round(st["contract_sum"] / games_declared, 1) if games_declared else None,
            "mean_contract_played": (round(st["played_sum"] / st["declared"], 1)
                                     if st["declared"] else None),
            "declared": st["declared"], "concessions": st["conceded"], "bolts": st["bolts"],
            "games_won": st["games_won"],
            "problems": problems[i],
        })
    # paired difference: the first bot against the mean of the others
    diffs = _first_minus_rest(deal_sums, n)
    result["first_vs_rest"] = {"mean": round(statistics.mean(diffs), 2),
                               "ci95": [round(x, 2) for x in _ci(diffs)]}
    result["per_deal"] = per
    if roles:
        split = [_role_sums(g, n) for g in groups]
        result["diffs"] = diffs
        result["roles"] = {"declarer": _first_minus_rest([d for d, _ in split], n),
                           "defender": _first_minus_rest([r for _, r in split], n)}
    return result


def deal_figures(res: dict) -> dict:
    """What ``--save-deals`` writes of a ``roles`` match: each deal's first-minus-the-others
    figure and its split by role, with the seed and first deal that say which deals they are."""
    return {k: res[k] for k in ("seed", "first_deal", "conventions", "positions", "diffs",
                                "roles")}


def paired_against(res: dict, saved: dict) -> dict:
    """This match's first-minus-the-others figure less a saved one's (``--save-deals``), deal
    by deal over the deals both played: the same seed, conventions and starting positions, so
    the same cards and seats.  A difference of two paired figures is far tighter than of two
    means (most deals are played alike).  ValueError where the two are not the same deals."""
    for k in ("seed", "conventions", "positions"):
        if res[k] != saved.get(k):
            raise ValueError(f"the saved deals have {k} {saved.get(k)!r}, this match {res[k]!r}")
    a0, b0 = res["first_deal"], saved["first_deal"]
    lo = max(a0, b0)
    hi = min(a0 + len(res["diffs"]), b0 + len(saved["diffs"]))
    if hi <= lo:
        raise ValueError(f"no deal in common: deals {a0} … {a0 + len(res['diffs']) - 1} "
                         f"against {b0} … {b0 + len(saved['diffs']) - 1}")
    d = [res["diffs"][i - a0] - saved["diffs"][i - b0] for i in range(lo, hi)]
    return {"first_deal": lo, "deals": len(d), "mean": round(statistics.mean(d), 2),
            "ci95": [round(x, 2) for x in _ci(d)],
            "differ": sum(abs(x) > 1e-9 for x in d),
            "saved_mean": round(statistics.mean(saved["diffs"][lo - b0:hi - b0]), 2)}


def games(kinds, n_games: int, seed: int, conv=None, max_deals: int = 400,
          bot_options=None) -> dict:
    conv = conv or Conventions()
    n = len(kinds)
    rng = random.Random(seed)
    bots = _make_bots(kinds, seed, bot_options)
    wins = [0] * n
    unfinished = 0
    deals = 0
    for gi in range(n_games):
        seat_of = [(i + gi) % n for i in range(n)]
        by_seat = [None] * n
        for i in range(n):
            by_seat[seat_of[i]] = bots[i]
        g = Game.new(conv, seed=rng.randrange(1 << 31), first_dealer=gi % n)
        while not g.finished and len(g.sheet) < max_deals:
            seat = g.current_seat
            g.apply(by_seat[seat].choose(g.view(seat)))
        deals += len(g.sheet)
        if g.winner is None:
            unfinished += 1
        else:
            wins[seat_of.index(g.winner)] += 1
    return {"games": n_games, "deals": deals, "no_winner": unfinished,
            "bots": [{"bot": k, "wins": wins[i], "win_rate": round(wins[i] / n_games, 4)}
                     for i, k in enumerate(kinds)]}


def cmd_match(args) -> int:
    conv = Conventions.from_code(args.conventions) if args.conventions else Conventions()
    kinds = args.seats.split(",")
    if len(kinds) != conv.players:
        print(f"--seats needs {conv.players} bots", file=sys.stderr)
        return 2
    saved = None
    if args.paired:
        # read before the match: a bad file is told at once, not after an hour of play
        try:
            saved = json.loads(Path(args.paired).read_text())
        except (OSError, ValueError) as e:
            saved = e
        if not isinstance(saved, dict) or not {"diffs", "first_deal"} <= saved.keys():
            why = saved if isinstance(saved, Exception) else "no diffs and first_deal"
            print(f"--paired {args.paired}: not a --save-deals file ({why})", file=sys.stderr)
            return 2
    opts = {"cmd": {"timeout": args.timeout}}
    if args.nodes or args.worlds:
        opts["hard"] = hard_thinking(args.worlds, args.nodes)
    if args.games:
        res = games(kinds, args.games, args.seed, conv, bot_options=opts)
        print(f"{res['games']} games to {conv.target}, seats rotating, seed {args.seed}:")
        for b in res["bots"]:
            print(f"  {b['bot']:>8}: {b['wins']} wins ({b['win_rate']:.1%})")
        print(json.dumps(res))
        return 0
    res = duplicate(kinds, args.deals, args.seed, conv, bot_options=opts, jobs=args.jobs,
                    progress=args.progress, positions=args.positions, first=args.first_deal,
                    roles=bool(args.save_deals or args.paired))
    pair = None
    if args.paired:
        pair = paired_against(res, saved)
        res["paired"] = pair
    if args.save_deals:
        Path(args.save_deals).write_text(json.dumps(deal_figures(res)))
    res.pop("diffs", None)
    res.pop("roles", None)
    res.pop("per_deal")
    start = (f"from {res['positions']} seeded game positions" if res["positions"]
             else "from fresh games")
    part = f" (deals {args.first_deal} on)" if args.first_deal else ""
    print(f"duplicate match: {res['deals']} deals{part} x {len(kinds)} rotations {start}, "
          f"seed {res['seed']}, conventions {res['conventions']}")
    for b in res["bots"]:
        lo, hi = b["ci95"]
        mk = f"{b['declarer_make_rate']:.1%}" if b["declarer_make_rate"] is not None else "-"
        print(f"  seat {b['seat_spec']} {b['bot']:>8}: {b['mean_per_deal']:+7.2f} per deal "
              f"(95% CI {lo:+.2f} .. {hi:+.2f}); declarer make rate {mk}, "
              f"mean contract {b['mean_contract']} (played {b['mean_contract_played']}), "
              f"declared {b['declared']}, "
              f"concessions {b['concessions']}, bolts {b['bolts']}"
              + (f", games won {b['games_won']}" if res["positions"] else "")
              + (f", problems {b['problems']}" if b["problems"] else ""))
    f = res["first_vs_rest"]
    print(f"  {kinds[0]} minus the others: {f['mean']:+.2f} per deal "
          f"(95% CI {f['ci95'][0]:+.2f} .. {f['ci95'][1]:+.2f})")
    if pair:
        print(f"  paired against {args.paired} on deals {pair['first_deal']} … "
              f"{pair['first_deal'] + pair['deals'] - 1}: {pair['mean']:+.2f} per deal "
              f"(95% CI {pair['ci95'][0]:+.2f} .. {pair['ci95'][1]:+.2f}); the saved figure "
              f"there {pair['saved_mean']:+.2f}; {pair['differ']} deals differ")
    print(json.dumps(res))
    return 0
