#!/usr/bin/env python3
"""Screenshots of the table mid-trick with a trump declared (headless Debian chromium).

    python3 scripts/screenshots.py [--no-build] [--out build/screenshots] [--hint]

Finds a seeded game (normal bots on every seat, in CPython) that reaches the human's turn in
the play phase with a trump declared and cards on the table, loads it as the saved game, and
takes a desktop (1280x800) and a phone (360x740) screenshot.  --docs also writes the desktop
one to docs/screenshot.png (the README's picture).
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

from serve import build_site, serve_in_thread  # noqa: E402
from thousand import Game  # noqa: E402
from thousand.bots import make_bot  # noqa: E402

CHROMIUM_ARGS = ["--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
NAMES = ["Вы", "Бот 1", "Бот 2"]


def mid_trick_record(max_seed: int = 300) -> dict:
    """A record whose next action is the human's, mid-trick, with a trump declared."""
    for seed in range(1, max_seed):
        g = Game.new(names=NAMES, first_dealer=2, seed=seed)
        bots = [make_bot("normal", seed=seed * 7 + s) for s in range(3)]
        while not g.finished and len(g.sheet) < 3:
            seat = g.current_seat
            v = g.view(seat)
            if (seat == 0 and v["phase"] == "play" and v["trump"] and len(v["trick"]) == 2
                    and len(v["hand"]) >= 4 and g.sheet):
                return g.to_record()
            g.apply(bots[seat].choose(v))
    raise SystemExit("no mid-trick position with a trump found")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--dir", default=str(ROOT / "build" / "shot-site"))
    ap.add_argument("--out", default=str(ROOT / "build" / "screenshots"))
    ap.add_argument("--docs", action="store_true", help="also write docs/screenshot.png")
    ap.add_argument("--hint", action="store_true", help="press Hint before the screenshots")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    args = ap.parse_args(argv)
    site, out = Path(args.dir), Path(args.out)
    if not args.no_build:
        build_site(site)
    out.mkdir(parents=True, exist_ok=True)
    record = mid_trick_record()
    save = json.dumps({"v": 1, "game_id": "shot", "tab": "shot", "rev": 1, "saved": 0,
                       "record": record})
    settings = json.dumps({"speed": "normal", "level": "normal", "lang": "ru", "names": NAMES})
    httpd, url = serve_in_thread(site)
    from playwright.sync_api import sync_playwright
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=args.chromium, headless=True,
                                        args=CHROMIUM_ARGS)
            for name, vp in (("desktop", (1280, 800)), ("phone", (360, 740))):
                ctx = browser.new_context(viewport={"width": vp[0], "height": vp[1]},
                                          device_scale_factor=1, locale="ru-RU")
                page = ctx.new_page()
                page.add_init_script(
                    f"localStorage.setItem('thousand.settings', {json.dumps(settings)});"
                    f"localStorage.setItem('thousand.save', {json.dumps(save)});")
                page.goto(url)
                page.wait_for_selector("html[data-ready=true]", state="attached",
                                       timeout=120_000)
                page.wait_for_selector("#trick:not(.done) [data-card]")
                if args.hint:
                    page.click("[data-action='hint']")
                    page.wait_for_selector("#hint-text[data-hint-action]", timeout=60_000)
                page.mouse.move(0, 0)
                page.wait_for_timeout(400)      # card animations
                path = out / f"{name}.png"
                page.screenshot(path=str(path))
                print(f"{path}: {path.stat().st_size // 1024} KB")
                ctx.close()
            browser.close()
    finally:
        httpd.shutdown()
    if args.docs:
        dst = ROOT / "docs" / "screenshot.png"
        shutil.copyfile(out / "desktop.png", dst)
        print(f"{dst}: {dst.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
