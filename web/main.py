# The table's entry point, run by PyScript's MicroPython on the main thread (index.html).
# The engine and the bots are in the worker (web/engine-worker.mjs); this side draws.
from thousand.web import page

page.start()
