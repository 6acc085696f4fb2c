"""Decision-time benchmark for a bot (``python -m thousand bench --bot hard``)."""
from __future__ import annotations

import math
import random
import statistics
import time

from ..game import Game
from . import make_bot


def percentile(xs, p):
    xs = sorted(xs)
    if not xs:
        return float("nan")
    k = min(len(xs) - 1, max(0, math.ceil(p / 100 * len(xs)) - 1))
    return xs[k]



def bench_bot(level: str = "hard", decisions: int = 200, seed: int = 1, out=print, **options) -> dict:
    """Time `decisions` real decisions of `level` at seat 0 against two normal bots."""
    rng = random.Random(seed)
    bot = make_bot(level, seed=seed, **options)
    others = [make_bot("normal", seed=seed + 1), make_bot("normal", seed=seed + 2)]
    times: dict[str, list[float]] = {}
    n = 0
    while n < decisions:
        g = Game.new(seed=rng.randrange(1 << 30), first_dealer=rng.randrange(3))
        while not g.finished and n < decisions and len(g.sheet) < 60:
            seat = g.current_seat
            v = g.view(seat)
            if seat == 0:
                t0 = time.perf_counter()
                a = bot.choose(v)
                dt = time.perf_counter() - t0
                if len(v["legal"]) > 1:
                    times.setdefault(v["phase"], []).append(dt)
                    n += 1
            else:
                a = others[seat - 1].choose(v)
            g.apply(a)
    allt = [t for ts in times.values() for t in ts]
    res = {"decisions": len(allt), "median": statistics.median(allt),
           "p95": percentile(allt, 95), "max": max(allt),
           "by_phase": {ph: {"n": len(ts), "median": statistics.median(ts),
                             "p95": percentile(ts, 95)} for ph, ts in times.items()}}
    out(f"{level} bot: {res['decisions']} decisions with a choice; "
        f"median {res['median'] * 1000:.0f} ms, p95 {res['p95'] * 1000:.0f} ms, "
        f"max {res['max'] * 1000:.0f} ms")
    for ph, r in res["by_phase"].items():
        out(f"  {ph:>8}: n={r['n']:4d} median {r['median'] * 1000:6.0f} ms, p95 {r['p95'] * 1000:6.0f} ms")
    return res
