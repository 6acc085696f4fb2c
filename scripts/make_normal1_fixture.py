"""Write tests/bots/normal1_views.json.gz: views with the answers of the normal bot as it was
frozen into ``normal1`` (issue 10 item 6), for ``tests/bots/test_normal1.py``.

The views come from seeded games of normal1 bots under random conventions
(``tests/thousand_helpers.random_conventions``) on every table of RULES.md §7, so the
windows of the other rules (blind, unblind, redeal, two talons, discards, several gives)
are among them.  For each table and phase at most PER_PHASE decisions with a choice are
kept (PLAY_PER_TABLE for the play, where most of the bot's judgement is).  Each entry stores the view, the seed the bot was made with, and its answer.

Run it only to freeze the answers of the code as it is now (it was run once, when normal1
was split off; running it again after normal1 changed would hide the change):

    PYTHONPATH=py python3 scripts/make_normal1_fixture.py
"""
from __future__ import annotations

import gzip
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests"))

from thousand import Game  # noqa: E402
from thousand.bots.normal1 import HeuristicBot  # noqa: E402
from thousand_helpers import random_conventions  # noqa: E402

OUT = os.path.join(HERE, "..", "tests", "bots", "normal1_views.json.gz")
TABLES = [(2, "eleven"), (2, "two_talons"), (2, "dead_hand"), (2, "draw"), (3, ""),
          (4, "all_play"), (4, "dealer_sits_out"), (5, ""), (6, "")]
PER_PHASE = 12
PLAY_PER_TABLE = 48
GAMES = 6
MAX_DEALS = 40


def conventions(rng, players, mode):
    while True:
        conv = random_conventions(rng, players)
        if players == 2 and conv.two_mode != mode or players == 4 and conv.four_mode != mode:
            continue
        return conv


def collect(players, mode, seed):
    rng = random.Random(seed)
    by_phase: dict = {}
    for gi in range(GAMES):
        conv = conventions(rng, players, mode)
        g = Game.new(conv, seed=rng.randrange(1 << 30), first_dealer=gi % players)
        bots = [HeuristicBot(rng.randrange(1 << 30)) for _ in range(players)]
        while not g.finished and len(g.sheet) < MAX_DEALS:
            seat = g.current_seat
            view = g.view(seat)
            if len(view["legal"]) > 1:
                by_phase.setdefault(view["phase"], []).append(view)
            g.apply(bots[seat].choose(view))
    out = []
    for phase, views in sorted(by_phase.items()):
        k = PLAY_PER_TABLE if phase == "play" else PER_PHASE
        picked = rng.sample(views, min(k, len(views)))
        for v in picked:
            v = dict(v, sheet=[])     # the score sheet is long and no bot of ours reads it
            bot_seed = rng.randrange(1 << 30)
            out.append({"table": f"{players} {mode}".strip(), "bot_seed": bot_seed,
                        "answer": HeuristicBot(bot_seed).choose(v), "view": v})
    return out


def main():
    entries = []
    for i, (players, mode) in enumerate(TABLES):
        entries += collect(players, mode, 1000 + i)
    data = json.dumps({"about": "views and the answers of normal1 "
                                "(scripts/make_normal1_fixture.py)", "entries": entries},
                      separators=(",", ":"), sort_keys=True)
    with open(OUT, "wb") as f:
        f.write(gzip.compress(data.encode(), mtime=0))
    phases: dict = {}
    for e in entries:
        phases[e["view"]["phase"]] = phases.get(e["view"]["phase"], 0) + 1
    print(f"{len(entries)} views written to {os.path.relpath(OUT)}; by phase: {phases}")


if __name__ == "__main__":
    main()
