# The bots' worker (a second Pyodide, off the main thread): started by
# thousand.web.botrun once the table is drawn.  The engine comes from thousand.zip.
import json

from thousand.bots import make_bot

_bots = {}


def ping():
    return "ok"


def choose(level, seed, seat, view_json):
    key = (str(level), int(seed), int(seat))
    bot = _bots.get(key)
    if bot is None:
        bot = _bots[key] = make_bot(key[0], seed=key[1] * 7 + key[2])
    return bot.choose(json.loads(view_json))


__export__ = ["ping", "choose"]
