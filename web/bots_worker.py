# The bots' worker (a second Pyodide, off the main thread): started by
# thousand.web.botrun once the table is drawn.  The engine comes from thousand.zip.
import json

from thousand.bots import hint as bot_hint, make_bot

_bots = {}


def ping():
    return "ok"


def choose(level, seed, seat, view_json, budget=None):
    """One bot decision.  `budget` (seconds per decision) is passed to the hard bot only."""
    level = str(level)
    options = {}
    if level == "hard" and isinstance(budget, (int, float)) and budget > 0:
        options["budget"] = float(budget)
    key = (level, int(seed), int(seat), options.get("budget"))
    bot = _bots.get(key)
    if bot is None:
        bot = _bots[key] = make_bot(level, seed=key[1] * 7 + key[2], **options)
    return bot.choose(json.loads(view_json))


def hint(view_json, budget):
    """The hard bot's recommendation for the human: JSON {"action", "estimate"}."""
    return json.dumps(bot_hint(json.loads(view_json), budget=float(budget)))


__export__ = ["ping", "choose", "hint"]
