"""Everything the table keeps outside itself: saves, tab ownership, links, share.

Pure Python over a `storage` with getItem/setItem/removeItem (localStorage in the page, a
dict in tests); it runs on the main thread under MicroPython, so no __future__ imports.
This is the one module that writes the save: issue 12's Web Locks / ownership token and the
save-format migrations go here.

The save is a versioned envelope around a §9 game record and the human's last view:

    {"v": 1, "game_id": "...", "tab": "...", "rev": 17, "saved": <ms>, "record": {...},
     "view": {...}}

* ``view`` (optional, JSON as the engine gave it) lets a repeat visit draw the table before
  the engine has started; the record stays the truth, replayed by the engine.

* A save that cannot be read, or one written by a newer version, is never thrown away: its raw
  text is copied under BACKUP_KEY and the player is told; a new game then overwrites SAVE_KEY.
* Two tabs: every write says which tab wrote it and a revision.  A tab writes only if the save
  is still the one it last read or wrote; otherwise it has been changed elsewhere and the tab
  stops (the UI offers to load the newer game here).
"""
import json

SAVE_KEY = "thousand.save"
BACKUP_KEY = "thousand.save.backup"
SETTINGS_KEY = "thousand.settings"
SAVE_VERSION = 1

DEFAULT_SETTINGS = {
    "lang": "ru",
    "names": ["Вы", "Бот 1", "Бот 2"],
    "level": "normal",
    "speed": "normal",
    "rules": "classic",
    "show_points": True,     # each seat's points so far in the deal (a display option)
    "bot_worker": True,      # bots think in a worker (False: on the main thread; for benchmarks)
}


class SaveProblem(Exception):
    """The stored save could not be used; .kind is 'corrupt' or 'future'."""

    def __init__(self, kind: str, detail: str):
        super().__init__(detail)
        self.kind = kind
        self.detail = detail


def parse_save(raw: str) -> dict:
    """The envelope, checked; raises SaveProblem."""
    try:
        data = json.loads(raw)
    except (ValueError, TypeError) as e:
        raise SaveProblem("corrupt", f"not JSON: {e}") from None
    if not isinstance(data, dict):
        raise SaveProblem("corrupt", "not a JSON object")
    v = data.get("v")
    if not isinstance(v, int) or isinstance(v, bool):
        raise SaveProblem("corrupt", "no version number")
    if v > SAVE_VERSION:
        raise SaveProblem("future", f"saved by a newer version of the game (save format {v})")
    if v < 1:
        raise SaveProblem("corrupt", f"unknown save format {v}")
    if not isinstance(data.get("record"), dict):
        raise SaveProblem("corrupt", "no game record")
    return data


def envelope(record: dict, game_id: str, tab: str, rev: int, now_ms: float = 0,
             view: dict | None = None) -> dict:
    data = {"v": SAVE_VERSION, "game_id": game_id, "tab": tab, "rev": rev, "saved": now_ms,
            "record": record}
    if view is not None:
        data["view"] = view
    return data


def stamp(data: dict | None):
    """What identifies one write: (game_id, tab, rev)."""
    if not data:
        return None
    return (data.get("game_id"), data.get("tab"), data.get("rev"))


def get(storage, key: str) -> str | None:
    """getItem as a Python str or None (Pyodide hands JS null over as jsnull, not None)."""
    v = storage.getItem(key)
    return v if isinstance(v, str) else None


def read_stamp(storage):
    raw = get(storage, SAVE_KEY)
    if raw is None:
        return None
    try:
        return stamp(json.loads(raw))
    except (ValueError, TypeError, AttributeError, KeyError):
        return ("?", "?", raw[:40])


def backup(storage, raw: str) -> None:
    storage.setItem(BACKUP_KEY, raw)


def load_settings(storage) -> dict:
    out = dict(DEFAULT_SETTINGS)
    raw = get(storage, SETTINGS_KEY)
    if raw:
        try:
            data = json.loads(raw)
            if isinstance(data, dict):
                for k, v in data.items():
                    if k in DEFAULT_SETTINGS and type(v) is type(DEFAULT_SETTINGS[k]):
                        out[k] = v
        except ValueError:
            pass
    names = out["names"]
    # one name per seat, up to six; "" (or a default name) shows the language's default
    if not (isinstance(names, list) and 1 <= len(names) <= 6 and all(isinstance(n, str) for n in names)):
        out["names"] = list(DEFAULT_SETTINGS["names"])
    return out


def save_settings(storage, settings: dict) -> None:
    storage.setItem(SETTINGS_KEY, json.dumps(settings))


class Saves:
    """The game's slot in storage, owned by one tab at a time.

    A tab writes only if the save is still the one it last read or wrote (its stamp);
    otherwise another tab has changed it and this tab stops (``blocked``) until the player
    takes the game over here.  Storage events arrive late: ``changed_elsewhere`` judges by
    what is stored now, not by the event's value.
    """

    def __init__(self, storage, tab_id: str):
        self.storage = storage
        self.tab = tab_id
        self.seen = None          # stamp of the save this tab last read or wrote
        self.blocked = False
        self.rev = 0
        self.game_id = ""

    def read(self):
        """(envelope or None, problem or None); a problem is a SaveProblem, the raw text
        already backed up."""
        raw = get(self.storage, SAVE_KEY)
        if raw is None:
            return None, None
        try:
            data = parse_save(raw)
        except SaveProblem as e:
            self.fail(raw)
            return None, e
        self.adopt(data)
        return data, None

    def adopt(self, data: dict) -> None:
        self.game_id = str(data.get("game_id") or "")
        rev = data.get("rev")
        self.rev = rev if isinstance(rev, int) else 0
        self.seen = stamp(data)

    def fail(self, raw: str) -> None:
        """A save that cannot be used: keep its text, and let a new game overwrite it."""
        try:
            backup(self.storage, raw)
        except Exception:  # noqa: BLE001 - quota; the notice still says what happened
            pass
        self.seen = read_stamp(self.storage)

    def new_game(self, game_id: str) -> None:
        self.game_id = game_id
        self.rev = 0
        self.blocked = False

    def write(self, record: dict, view: dict | None, now_ms: float, force: bool = False) -> bool:
        """Save unless another tab owns the game (then block, return False)."""
        if self.blocked and not force:
            return False
        current = read_stamp(self.storage)
        if not force and current is not None and current != self.seen:
            self.blocked = True
            return False
        self.rev += 1
        data = envelope(record, self.game_id, self.tab, self.rev, now_ms, view)
        self.storage.setItem(SAVE_KEY, json.dumps(data, separators=(",", ":")))
        self.seen = stamp(data)
        return True

    def changed_elsewhere(self) -> bool:
        try:
            st = read_stamp(self.storage)
        except Exception:  # noqa: BLE001
            st = None
        return st != self.seen


# ---- links ---------------------------------------------------------------------------------
def parse_link(hash_: str, search: str, decode) -> dict:
    """``rules=CODE`` and ``seed=N`` from the address's hash (or query); `decode` is
    decodeURIComponent.  Returns {"rules": str or None, "seed": int or None, "found": bool}."""
    params = {}
    for part in (hash_[1:] if hash_.startswith("#") else hash_,
                 search[1:] if search.startswith("?") else search):
        for kv in part.split("&"):
            if "=" in kv:
                k, v = kv.split("=", 1)
                if k in params:
                    continue
                try:
                    params[k] = str(decode(v.replace("+", " ")))
                except Exception:  # noqa: BLE001 - malformed %-escapes
                    params[k] = v
    seed = params.get("seed", "")
    return {"rules": params.get("rules"), "seed": int(seed) if seed.isdigit() else None,
            "found": "rules" in params or "seed" in params}


def share_url(origin: str, pathname: str, code: str, encode) -> str:
    """The link that carries a table's rules: ``…/#rules=CODE``."""
    return origin + pathname + "#rules=" + str(encode(code))
