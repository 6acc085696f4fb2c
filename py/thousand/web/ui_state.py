"""The table's one UI-state object: everything on screen that is not in the engine's view.

The controller changes it (and nothing else does); the renderers read it.  Plain data, so a
test can build any screen from a view and a UIState.
"""

from .i18n import LANGS, LANG_CODES, default_name, is_default_name  # noqa: F401 - LANGS for the settings

HUMAN = 0
PACE_MS = {"slow": 1400, "normal": 800, "fast": 300, "instant": 0}
# the extra pause before the next lead once a trick is complete, so that the player sees it
# taken (style.css times the cards' motion to the same speeds)
TRICK_PAUSE_MS = {"slow": 1200, "normal": 700, "fast": 350, "instant": 0}
SPEEDS = ("slow", "normal", "fast", "instant")       # in the order the settings list them
# overlays that Escape or "close" may shut; the summary and game over need an answer
CLOSABLE = ("sheet", "settings", "last", "meld", "confirm", "review", "scorebook", "stats")
# Player counts the settings offer: every count the engine plays, each seated around the
# table (render_seats.POSITIONS).
TABLE_PLAYERS = (2, 3, 4, 5, 6)
MAX_PLAYERS = 6
# The highest penalty the settings take: the engine's conventions.MAX_PENALTY (any positive
# multiple of 5 that a rules code carries, RULES.md §6.1); the table never imports the engine.
MAX_PENALTY = 999995


class UIState:
    def __init__(self, settings: dict):
        self.settings = settings
        self.lang = settings.get("lang") if settings.get("lang") in LANG_CODES else "ru"
        self.ready = False          # the engine answers: html[data-ready=true], input accepted
        self.boot_stage = ""        # what the page waits for while not ready
        self.blocked = False        # another tab owns the game
        self.busy = False           # the human's action is with the engine: no input meanwhile
        self.notices = []           # [{"kind", "text", "actions": [(label_id, action)]}]
        self.message = ""           # one-line feedback (illegal move, …)
        self.selected = None        # card chosen to give
        self.meld_card = None       # card waiting for "declare the marriage?"
        self.overlay = None         # sheet | settings | last | meld | summary | over | scorebook | stats
        self.overlay_back = None    # the overlay a closed sheet returns to (summary, over)
        self.summary = None         # {"row": sheet row, "view": that deal's finished view}
        self.hint = None            # {"at": action_count, "status": pending|done|error, …}
        self.draft = None           # settings form: {"conv", "names", "level", "speed", "lang", "error"}
        self.share_url = ""
        self.share_status = ""      # "", copied, shared, manual: what became of the link
        self.focus = None           # a one-shot focus request for the page: turn | give | hand
        self.hand_focus = None      # the hand's card that holds the Tab stop (arrow keys move it)
        self.choice = {}            # values picked in selects: {"bid-select": "120"}
        self.version = ""           # the engine package's version (from the worker)
        self.build = ""             # the site's build hash
        self.catalog = None         # engine "hello": conventions catalog, presets, the bot
                                    # levels and the phase table
        # the deal review (issue 11): {"deal", "status": running|done|error, "done", "total",
        # "result", "view", "back": (overlay, overlay_back) it returns to}
        self.review = None
        self.challenge = None       # the challenge being played: {"name", "result", "level", …}
        self.challenge_share = None  # the summary's challenge link: {"deal", "url", "status"}
        self.scorebook = None       # the real game's score sheet (thousand.web.scorebook)
        self.stats = None           # the statistics dialog: {"status", "stats"}

    # ---- derived --------------------------------------------------------------------------
    def levels(self, current=None) -> list:
        """The bot levels the settings offer: the engine's (its hello); until it has
        answered, only the level chosen now."""
        offered = list((self.catalog or {}).get("levels") or [])
        return offered or ([current] if current else [])

    def names(self, view) -> list:
        """Display names: the player's own choice from the settings, else the record's; a
        name the game gave by itself ("Бот 1", "You", "P2") in the player's language."""
        chosen = self.settings.get("names") or []
        out = []
        for s, n in enumerate(view.get("names") or []):
            c = chosen[s].strip() if s < len(chosen) and isinstance(chosen[s], str) else ""
            if c and not is_default_name(c, s):
                out.append(c)
            elif isinstance(n, str) and n.strip() and not is_default_name(n, s):
                out.append(n.strip())
            else:
                out.append(default_name(self.lang, s))
        return out

    def table_rules(self, conv) -> dict:
        """Every convention of a table by its id: the preset's own values (the catalog's
        preset_values) with the record form's changes (``conv``, which lists only what differs
        from the preset) over them.  Empty before the engine's catalog has come."""
        conv = conv or {}
        values = (self.catalog or {}).get("preset_values") or {}
        out = dict(values.get(conv.get("preset", "classic")) or {})
        out.update({k: v for k, v in conv.items() if k != "preset"})
        return out

    def in_summary(self) -> bool:
        """The deal summary (or game over) is open, perhaps under the score sheet or under a
        deal review opened from it."""
        back = tuple(self.review.get("back") or ()) if self.overlay == "review" and self.review else ()
        return ("summary" in (self.overlay, self.overlay_back) or self.overlay == "over"
                or "summary" in back or "over" in back)

    def paused(self) -> bool:
        """Bots wait: the deal summary or game over is open, a deal review, the real game's
        score sheet or the statistics (a deal ending behind them would cover the form)."""
        return self.in_summary() or self.overlay in ("review", "scorebook", "stats")

    def can_act(self, view) -> bool:
        return (self.ready and not self.blocked and not self.busy and view is not None
                and view.get("current_seat") == HUMAN and not view.get("finished"))

    def notice(self, kind: str, text: str, actions=None) -> None:
        self.notices = [n for n in self.notices if n["kind"] != kind]
        self.notices.append({"kind": kind, "text": text, "actions": list(actions or [])})

    def drop_notice(self, *kinds) -> None:
        self.notices = [n for n in self.notices if n["kind"] not in kinds]

    def reset_for_position(self) -> None:
        """A new position on the table: per-move choices are void."""
        self.selected = None
        self.meld_card = None
        self.choice = {}
