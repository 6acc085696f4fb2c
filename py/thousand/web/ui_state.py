"""The table's one UI-state object: everything on screen that is not in the engine's view.

The controller changes it (and nothing else does); the renderers read it.  Plain data, so a
test can build any screen from a view and a UIState.
"""

HUMAN = 0
PACE_MS = {"slow": 1400, "normal": 800, "fast": 300, "instant": 0}
SPEEDS = ("slow", "normal", "fast", "instant")       # in the order the settings list them
LEVELS = ("easy", "normal", "hard", "random")
LANGS = (("ru", "Русский"), ("en", "English"))
# overlays that Escape or "close" may shut; the summary and game over need an answer
CLOSABLE = ("sheet", "settings", "last", "meld")
# Player counts the table draws correctly, and so the only ones the settings offer (seats
# around the table for 2 to 6 players are issue 9).  A link may still carry another count:
# the table then draws every opponent in one row (render_table.opponents) and plays on.
TABLE_PLAYERS = (3,)


class UIState:
    def __init__(self, settings: dict):
        self.settings = settings
        self.lang = settings.get("lang") if settings.get("lang") in ("ru", "en") else "ru"
        self.ready = False          # the engine answers: html[data-ready=true], input accepted
        self.boot_stage = ""        # what the page waits for while not ready
        self.blocked = False        # another tab owns the game
        self.busy = False           # the human's action is with the engine: no input meanwhile
        self.notices = []           # [{"kind", "text", "actions": [(label_id, action)]}]
        self.message = ""           # one-line feedback (illegal move, …)
        self.selected = None        # card chosen to give
        self.meld_card = None       # card waiting for "declare the marriage?"
        self.overlay = None         # sheet | settings | last | meld | summary | over
        self.overlay_back = None    # the overlay a closed sheet returns to (summary, over)
        self.summary = None         # {"row": sheet row, "view": that deal's finished view}
        self.hint = None            # {"at": action_count, "status": pending|done|error, …}
        self.draft = None           # settings form: {"conv", "names", "level", "speed", "lang", "error"}
        self.share_url = ""
        self.choice = {}            # values picked in selects: {"bid-select": "120"}
        self.version = ""           # the engine package's version (from the worker)
        self.build = ""             # the site's build hash
        self.catalog = None         # engine "hello": conventions catalog, presets

    # ---- derived --------------------------------------------------------------------------
    def names(self, view) -> list:
        """Display names: the player's own choice from the settings, else the record's."""
        chosen = self.settings.get("names") or []
        out = []
        for s, n in enumerate(view.get("names") or []):
            c = chosen[s].strip() if s < len(chosen) and isinstance(chosen[s], str) else ""
            out.append(c or n)
        return out

    def in_summary(self) -> bool:
        """The deal summary (or game over) is open, perhaps under the score sheet."""
        return "summary" in (self.overlay, self.overlay_back) or self.overlay == "over"

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
