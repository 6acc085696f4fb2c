# The table's entry point, run by MicroPython on the main thread (web/table.mjs starts it).
# The engine and the bots are in the worker (web/engine-worker.mjs); this side draws.
#
# The modules come compiled (.mpy, scripts/build.py), so an import only loads and runs them.
# One module at a time, each in its own task (the sleep hands the thread back to the
# browser), keeps every main-thread task of the start short (scripts/bench_web.py measures
# the longest).
import asyncio

for name in ("i18n", "dom", "ui_state", "persist", "budget", "engine_client", "messages",
             "render_seats", "render_table", "render_dialogs", "intents", "controller", "page"):
    __import__("thousand.web." + name)
    await asyncio.sleep(0)  # noqa: F704 - table.mjs runs this file with top-level await

from thousand.web import page  # noqa: E402

page.start()
