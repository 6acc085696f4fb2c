#!/usr/bin/env python3
"""Write saves and records of one version of the table as test fixtures (issue 12).

    python3 scripts/save_fixtures.py --label 0.1.0-v2              # this checkout
    python3 scripts/save_fixtures.py --source /tmp/old --label 75d28b0-v1

``--source`` is a checkout of any earlier commit (``git archive COMMIT | tar -x -C DIR``):
its engine plays the games and its own save module (``thousand.web.persist``, or
``thousand.web.store`` before issue 13) wraps them, so each fixture is exactly what that
version stored.  Files go to tests/fixtures/saves/LABEL/: ``save-*.json`` is the text of
localStorage["thousand.save"], ``record-*.json`` a §9 record as a file (what the table
exports).  tests/web/test_fixtures.py loads every fixture of every version, so a change that
cannot read one of them fails there; never delete or regenerate old ones, add new ones when
the save format or the record changes.
"""
from __future__ import annotations

import argparse
import importlib
import inspect
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "fixtures" / "saves"

# (name, seed, conventions code or None, where to stop): "first" the first human turn,
# "play" the human's first card of a deal after deal 1, "deals3" after three deals,
# "over" a finished game.
GAMES = [("first", 5, None, "first"), ("play", 11, None, "play"),
         ("deals3", 7, "classic,ace_marriage=on", "deals3"), ("over", 3, None, "over")]


def load(source: Path):
    sys.path.insert(0, str(source / "py"))
    for name in list(sys.modules):
        if name == "thousand" or name.startswith("thousand."):
            del sys.modules[name]
    thousand = importlib.import_module("thousand")
    assert Path(thousand.__file__).resolve().is_relative_to(source.resolve()), thousand.__file__
    try:
        saves = importlib.import_module("thousand.web.persist")
    except ImportError:
        saves = importlib.import_module("thousand.web.store")
    from thousand.bots import make_bot
    return thousand, saves, make_bot


def play(thousand, make_bot, seed, code, stop):
    conv = thousand.Conventions.from_code(code) if code else None
    kw = {"conventions": conv} if conv is not None else {}
    g = thousand.Game.new(names=["Вы", "Бот 1", "Бот 2"], first_dealer=2, seed=seed, **kw)
    bots = [make_bot("easy", seed=seed * 3 + s) for s in range(3)]
    for _ in range(40000):
        if g.finished:
            break
        human = g.current_seat == 0
        deals = len(g.to_record()["deals"])
        phase = g.view(0)["phase"]
        if human and (stop == "first" or (stop == "play" and deals >= 2 and phase == "play")
                      or (stop == "deals3" and deals >= 4)):
            return g
        s = g.current_seat
        g.apply(bots[s].choose(g.view(s)))
    assert stop == "over" and g.finished, (stop, seed)
    return g


def envelope(saves, record, view, name):
    params = inspect.signature(saves.envelope).parameters
    args = {"record": record, "game_id": "fixture-" + name, "tab": "fixture", "rev": 7}
    for p in params:
        if p in ("now_ms", "saved_ms"):
            args[p] = 1764590400000.0 if p == "saved_ms" else 123456.7
        elif p == "view":
            args[p] = view
        elif p == "build":
            args[p] = "fixture"
    return saves.envelope(**args)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--source", default=str(ROOT), help="a checkout of the version to record")
    ap.add_argument("--label", required=True, help="folder name under tests/fixtures/saves")
    args = ap.parse_args(argv)
    thousand, saves, make_bot = load(Path(args.source))
    out = OUT / args.label
    out.mkdir(parents=True, exist_ok=True)
    has_view = "view" in inspect.signature(saves.envelope).parameters
    for name, seed, code, stop in GAMES:
        g = play(thousand, make_bot, seed, code, stop)
        record = g.to_record()
        view = g.view(0) if has_view else None
        data = envelope(saves, record, view, name)
        (out / f"save-{name}.json").write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
        (out / f"record-{name}.json").write_text(json.dumps(record, indent=1), encoding="utf-8")
        print(f"{out.relative_to(ROOT)}/save-{name}.json: v{data['v']}, "
              f"{sum(len(d['actions']) for d in record['deals'])} actions, "
              f"{len(record['deals'])} deals{', view' if view else ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
