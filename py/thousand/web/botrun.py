"""Where the bots think: a PyScript worker (its own Pyodide, off the main thread) when it is
up, else right here on the main thread (also the fallback if the worker fails).

The worker (web/bots_worker.py) is started after the table is drawn, so it never delays the
first paint; until it answers, moves are computed locally.
"""
from __future__ import annotations

import json
import random

from pyscript import window

from .budget import HARD_BUDGET, HINT_BUDGET

WORKER_CONFIG = {
    "interpreter": "./pyodide/pyodide.mjs",
    "files": {"./thousand.zip": "./*"},
    "sync_main_only": True,
}


def fallback_choice(view: dict, rng: random.Random) -> str:
    """A legal move without any bot (only if the bots package itself fails)."""
    legal = list(view.get("legal") or [])
    if not legal:
        raise ValueError("no legal action")
    if "pass" in legal and view.get("phase") == "bidding":
        return "pass"
    contracts = [a for a in legal if a.startswith("contract ")]
    if contracts:
        return contracts[0]
    return rng.choice(legal)


class BotRunner:
    def __init__(self):
        self.worker = None
        self.worker_state = "off"     # off | starting | ready | failed
        self._local: dict = {}
        self._rng = random.Random()

    async def start_worker(self) -> None:
        if self.worker_state != "off":
            return
        self.worker_state = "starting"
        try:
            from pyscript import create_named_worker
            self.worker = await create_named_worker(
                src="./web/bots_worker.py", name="thousand-bots",
                config=json.dumps(WORKER_CONFIG))
            # a first call proves the engine loaded there
            await self.worker.ping()
            self.worker_state = "ready"
            window.document.documentElement.dataset.botWorker = "ready"
        except Exception as e:  # noqa: BLE001 - any failure: think locally
            self.worker = None
            self.worker_state = "failed"
            window.console.warn(f"bots worker unavailable, bots think on the main thread: {e}")
            window.document.documentElement.dataset.botWorker = "failed"

    def local_choose(self, level: str, seed: int, seat: int, view: dict) -> str:
        key = (level, seed, seat)
        bot = self._local.get(key)
        if bot is None:
            try:
                from thousand.bots import make_bot
                options = {"budget": HARD_BUDGET} if level == "hard" else {}
                bot = make_bot(level, seed=seed * 7 + seat, **options)
            except Exception as e:  # noqa: BLE001
                window.console.warn(f"bots unavailable ({e}); playing a plain legal move")
                bot = False
            self._local[key] = bot
        if bot is False:
            return fallback_choice(view, self._rng)
        return bot.choose(view)

    async def _wait_worker(self) -> None:
        """The hard bot searches for up to a second a move: wait for a starting worker
        rather than freeze the page (the cheap levels answer at once on the main thread)."""
        import asyncio
        for _ in range(300):
            if self.worker_state != "starting":
                break
            await asyncio.sleep(0.05)

    def _worker_failed(self, e) -> None:
        window.console.warn(f"bots worker failed ({e}); thinking on the main thread")
        self.worker = None
        self.worker_state = "failed"

    async def choose(self, level: str, seed: int, seat: int, view: dict) -> str:
        if level == "hard" and self.worker_state == "starting":
            await self._wait_worker()
        if self.worker is not None and self.worker_state == "ready":
            try:
                return str(await self.worker.choose(level, seed, seat, json.dumps(view),
                                                    HARD_BUDGET))
            except Exception as e:  # noqa: BLE001
                self._worker_failed(e)
        return self.local_choose(level, seed, seat, view)

    async def hint(self, view: dict) -> dict:
        """The hard bot's recommendation for the human (thousand.bots.hint): in the worker,
        or on the main thread if there is none (the page then pauses for about a second)."""
        if self.worker_state == "starting":
            await self._wait_worker()
        if self.worker is not None and self.worker_state == "ready":
            try:
                return json.loads(str(await self.worker.hint(json.dumps(view), HINT_BUDGET)))
            except Exception as e:  # noqa: BLE001
                self._worker_failed(e)
        from thousand.bots import hint
        return hint(view, budget=HINT_BUDGET)
