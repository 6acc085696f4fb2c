#!/usr/bin/env python3
"""Screenshots of the table for every player count, mid-trick (headless Debian chromium).

    python3 scripts/screenshots.py [--no-build] [--out build/screenshots] [--docs] [--hint]
                                   [--players 2,3,4,5,6] [--lang ru]

For each player count it finds a seeded game (normal bots on every seat, in CPython) that
reaches the human's turn in the play phase with cards on the table and a card given —
preferring one with a marriage declared — loads it as the saved game, and takes a desktop
(1280x800) and a phone (390x844) screenshot: OUT/table-Np-desktop.png, OUT/table-Np-phone.png.
--docs writes them to docs/screenshots/ and the 3-player desktop one to docs/screenshot.png
(the README's picture).
"""
from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "py"))

from serve import CHROMIUM_ARGS, build_site, serve_in_thread  # noqa: E402
from thousand import Conventions, Game  # noqa: E402
from thousand.bots import make_bot  # noqa: E402

RULES = {2: "two", 3: "classic", 4: "four", 5: "classic,players=5", 6: "classic,players=6"}
VIEWPORTS = (("desktop", (1280, 800)), ("phone", (390, 844)))


def mid_trick_record(players: int, max_seed: int = 400) -> dict:
    """A record whose next action is the human's, mid-trick, after a give (a marriage
    declared if one such game is found among the first seeds)."""
    conv = Conventions.from_code(RULES[players])
    fallback = None
    for seed in range(1, max_seed):
        g = Game.new(conventions=conv, first_dealer=players - 1, seed=seed)
        bots = [make_bot("normal", seed=seed * 7 + s) for s in range(players)]
        while not g.finished and len(g.sheet) < 2:
            seat = g.current_seat
            v = g.view(seat)
            if (seat == 0 and v["phase"] == "play" and v["trick"] and v["gives"]
                    and len(v["hand"]) >= 2):
                if v["melds"] and v["trump"]:
                    return g.to_record()
                fallback = fallback or g.to_record()
            g.apply(bots[seat].choose(v))
    if fallback is None:
        raise SystemExit(f"no mid-trick position for {players} players")
    return fallback


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--dir", default=str(ROOT / "build" / "shot-site"))
    ap.add_argument("--out", default=str(ROOT / "build" / "screenshots"))
    ap.add_argument("--docs", action="store_true", help="write docs/screenshots/ and docs/screenshot.png")
    ap.add_argument("--hint", action="store_true", help="press Hint before the screenshots")
    ap.add_argument("--players", default="2,3,4,5,6")
    ap.add_argument("--lang", default="ru")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    args = ap.parse_args(argv)
    site = Path(args.dir)
    out = ROOT / "docs" / "screenshots" if args.docs else Path(args.out)
    if not args.no_build:
        build_site(site)
    out.mkdir(parents=True, exist_ok=True)
    counts = [int(x) for x in args.players.split(",")]
    settings = json.dumps({"speed": "normal", "level": "normal", "lang": args.lang})
    httpd, url = serve_in_thread(site)
    from playwright.sync_api import sync_playwright
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=args.chromium, headless=True,
                                        args=CHROMIUM_ARGS)
            for n in counts:
                record = mid_trick_record(n)
                save = json.dumps({"v": 1, "game_id": "shot", "tab": "shot", "rev": 1, "saved": 0,
                                   "record": record})
                for name, vp in VIEWPORTS:
                    ctx = browser.new_context(viewport={"width": vp[0], "height": vp[1]},
                                              device_scale_factor=1, locale="ru-RU",
                                              reduced_motion="reduce")
                    page = ctx.new_page()
                    page.add_init_script(
                        f"localStorage.setItem('thousand.settings', {json.dumps(settings)});"
                        f"localStorage.setItem('thousand.save', {json.dumps(save)});")
                    page.goto(url)
                    page.wait_for_selector("html[data-ready=true]", state="attached",
                                           timeout=120_000)
                    page.wait_for_selector("#trick [data-card]")
                    if args.hint:
                        page.click("[data-action='hint']")
                        page.wait_for_selector("#hint-text[data-hint-action]", timeout=60_000)
                    page.mouse.move(0, 0)
                    page.evaluate("document.activeElement && document.activeElement.blur()")
                    path = out / f"table-{n}p-{name}.png"
                    page.screenshot(path=str(path), full_page=(name == "phone"))
                    print(f"{path}: {path.stat().st_size // 1024} KB")
                    ctx.close()
            browser.close()
    finally:
        httpd.shutdown()
    if args.docs and 3 in counts:
        dst = ROOT / "docs" / "screenshot.png"
        shutil.copyfile(out / "table-3p-desktop.png", dst)
        print(f"{dst}: {dst.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
