"""Everything the table keeps outside itself: saves, tab ownership, links, share, files.

Pure Python over a `storage` with getItem/setItem/removeItem (localStorage in the page, a
dict in tests); it runs on the main thread under MicroPython, so no __future__ imports.
This is the one module that decides what the save holds and when a tab may write it.

The save (SAVE_KEY) is a versioned envelope around a §9 game record and the human's last view:

    {"v": 2, "game_id": "...", "tab": "...", "rev": 17, "saved": <epoch ms or null>,
     "by": {"build": "..."}, "record": {...}, "view": {...}}

* ``view`` (optional, JSON as the engine gave it) lets a repeat visit draw the table before
  the engine has started; the record stays the truth, replayed by the engine.
* Versions: SAVE_VERSION is written; every older version is read through MIGRATIONS, one
  step per version (tests/fixtures/saves holds real saves of every version, which must load
  in every later version).  v1 (until issue 12) had no ``by`` and ``saved`` was the page's
  performance.now(), meaningless after a reload; the pre-issue-13 table's v1 had no view.
* A save that cannot be read, or one written by a newer version, is never thrown away: its raw
  text is copied under BACKUP_KEY and the player is told; a new game then overwrites SAVE_KEY.
* Two tabs: one tab owns the game and only the owner writes it (``Saves`` with an owner:
  the page's Web Locks owner, web/owner.js, or ``TokenOwner`` where the browser has no Web
  Locks).  Opening the table or "take over" claims the game; the tab that loses it stops.
* Files: the game is exported as its §9 record (the format ``python -m thousand replay``
  reads); an import takes such a record or a save of any version (``parse_import``).
"""
import json

SAVE_KEY = "thousand.save"
BACKUP_KEY = "thousand.save.backup"
SETTINGS_KEY = "thousand.settings"
OWNER_KEY = "thousand.owner"     # TokenOwner's token (only where the browser has no Web Locks)
SAVE_VERSION = 2
MAX_FILE_CHARS = 2000000         # an imported file: a whole game's record is about 20-60 kB

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
    """A save or a file that cannot be used; .kind is 'corrupt', 'future' or 'file'."""

    def __init__(self, kind: str, detail: str):
        super().__init__(detail)
        self.kind = kind
        self.detail = detail


# ---- versions -----------------------------------------------------------------------------
def migrate_1(data: dict) -> dict:
    """v1 -> v2: ``saved`` was performance.now() of the page that wrote it (not a time);
    ``by`` is new; a v1 view (issue 13's table) is the same view as today's."""
    out = dict(data)
    out["v"] = 2
    out["saved"] = None
    out["by"] = {"build": ""}
    if "view" in out and not isinstance(out["view"], dict):
        del out["view"]
    return out


MIGRATIONS = {1: migrate_1}       # version -> function to the next version


def migrate(data: dict) -> dict:
    v = data["v"]
    while v < SAVE_VERSION:
        data = MIGRATIONS[v](data)
        v = data["v"]
    return data


def check_envelope(data) -> dict:
    """An envelope of any version, migrated to SAVE_VERSION; raises SaveProblem."""
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
    return migrate(data)


def loads(raw):
    """json.loads that raises SaveProblem for anything that is not JSON (deep nesting too)."""
    if not isinstance(raw, str):
        raise SaveProblem("corrupt", "not text")
    try:
        return json.loads(raw)
    except Exception as e:  # noqa: BLE001 - ValueError, RecursionError, MicroPython's errors
        raise SaveProblem("corrupt", f"not JSON: {e}") from None


def parse_save(raw: str) -> dict:
    """The stored envelope, checked and migrated; raises SaveProblem."""
    return check_envelope(loads(raw))


def envelope(record: dict, game_id: str, tab: str, rev: int, saved_ms=None,
             view: dict | None = None, build: str = "") -> dict:
    data = {"v": SAVE_VERSION, "game_id": game_id, "tab": tab, "rev": rev, "saved": saved_ms,
            "by": {"build": build}, "record": record}
    if view is not None:
        data["view"] = view
    return data


def parse_import(text) -> dict:
    """A game file -> the §9 record in it (the engine then replays it).  A file may be a
    record, as the table exports and ``python -m thousand replay`` reads, or a save of any
    version.  Raises SaveProblem("file", why) for anything else."""
    if not isinstance(text, str) or not text.strip():
        raise SaveProblem("file", "the file is empty")
    if len(text) > MAX_FILE_CHARS:
        raise SaveProblem("file", f"the file is too large ({len(text)} characters, at most {MAX_FILE_CHARS})")
    if text.startswith("\ufeff"):       # a byte-order mark (str.lstrip of it: UnicodeError in MicroPython)
        text = text[1:]
    try:
        data = loads(text)
    except SaveProblem as e:
        raise SaveProblem("file", e.detail) from None
    if isinstance(data, dict) and "v" in data and "record" in data:
        try:
            return check_envelope(data)["record"]
        except SaveProblem as e:
            raise SaveProblem("file", e.detail) from None
    if isinstance(data, dict) and isinstance(data.get("deals"), list):
        return data
    raise SaveProblem("file", "not a game record of Thousand (no \"deals\")")


def export_text(record: dict) -> str:
    """The file the table exports: the §9 record (indented where json can: not MicroPython's)."""
    try:
        return json.dumps(record, indent=1)
    except TypeError:
        return json.dumps(record)


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


def is_quota(err) -> bool:
    """A storage write refused because storage is full (QuotaExceededError)."""
    text = (type(err).__name__ + " " + str(err)).lower()
    return "quota" in text


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
    try:
        storage.setItem(SETTINGS_KEY, json.dumps(settings))
    except Exception as e:  # noqa: BLE001 - full storage: the settings apply in this tab
        if not is_quota(e):
            raise


# ---- tab ownership --------------------------------------------------------------------------
class TokenOwner:
    """Game ownership without Web Locks: the owning tab's id in storage (OWNER_KEY), checked
    before every write, which happens only if the token is this tab's.

    The page uses it only where the browser has no navigator.locks (web/owner.js is the
    owner otherwise): there, two tabs' localStorage agree only eventually, so a write
    already under way in the old owner can still land after a takeover (the new owner then
    writes its own game again, see Controller.on_storage).  Over one storage object (tests,
    one interpreter) check-and-write is atomic, the same guarantee as Web Locks give.
    Another tab learns of a takeover from the storage event of OWNER_KEY (``changed``)."""

    def __init__(self, storage, tab: str):
        self.storage = storage
        self.tab = tab
        self.lost = None

    async def claim(self) -> bool:
        self.storage.setItem(OWNER_KEY, self.tab)
        return True

    async def owns(self) -> bool:
        return get(self.storage, OWNER_KEY) == self.tab

    async def put(self, key: str, text: str) -> str:
        if get(self.storage, OWNER_KEY) != self.tab:
            return "lost"
        try:
            self.storage.setItem(key, text)
        except Exception as e:  # noqa: BLE001 - QuotaExceededError and the like
            return "quota" if is_quota(e) else "error: " + str(e)[:200]
        return "ok"

    def on_lost(self, fn) -> None:
        self.lost = fn

    def changed(self, key) -> None:
        """A storage event: another tab changed `key`."""
        if key == OWNER_KEY and self.lost is not None and get(self.storage, OWNER_KEY) != self.tab:
            self.lost()


class Saves:
    """The game's slot in storage, written only by the tab that owns the game.

    ``owner`` decides (claim / put / on_lost: web/owner.js's Web Locks in the page,
    TokenOwner otherwise).  ``write`` returns what happened: "ok", "lost" (another tab owns
    the game; nothing written, the tab is ``blocked`` until it claims the game again),
    "quota" (storage is full; nothing written, the game is only in memory) or "error: …".
    ``seen`` is the stamp of the save this tab last read or wrote: a save with another stamp
    was written elsewhere.
    """

    def __init__(self, storage, tab_id: str, owner=None, build: str = ""):
        self.storage = storage
        self.tab = tab_id
        self.owner = owner if owner is not None else TokenOwner(storage, tab_id)
        self.build = build
        self.seen = None
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
        self.rev = rev if isinstance(rev, int) and not isinstance(rev, bool) else 0
        self.seen = stamp(data)

    def fail(self, raw: str) -> None:
        """A save that cannot be used: keep its text, and let a new game overwrite it."""
        try:
            backup(self.storage, raw)
        except Exception:  # noqa: BLE001 - quota; the notice still says what happened
            pass
        self.seen = read_stamp(self.storage)

    async def claim(self) -> None:
        """This tab owns the game from now on (the other tab stops)."""
        await self.owner.claim()
        self.blocked = False

    def new_game(self, game_id: str) -> None:
        self.game_id = game_id
        self.rev = 0

    async def write(self, record: dict, view: dict | None, saved_ms=None) -> str:
        if self.blocked:
            return "lost"
        data = envelope(record, self.game_id, self.tab, self.rev + 1, saved_ms, view, self.build)
        status = await self.owner.put(SAVE_KEY, json.dumps(data, separators=(",", ":")))
        if status == "quota" and view is not None:
            # the view only makes the next visit instant: without it the game is still saved
            # (and the quota notice, shown only when the record itself no longer fits, does
            # not come and go with the size of the view from one move to the next)
            data = envelope(record, self.game_id, self.tab, self.rev + 1, saved_ms, None, self.build)
            status = await self.owner.put(SAVE_KEY, json.dumps(data, separators=(",", ":")))
        if status == "ok":
            self.rev += 1
            self.seen = stamp(data)
        elif status == "lost":
            self.blocked = True
        return status

    def changed_elsewhere(self) -> bool:
        try:
            st = read_stamp(self.storage)
        except Exception:  # noqa: BLE001
            st = None
        return st != self.seen


# ---- links ---------------------------------------------------------------------------------
def unquote(text: str) -> str:
    """%XX escapes of UTF-8 text (decodeURIComponent in Python); ValueError if malformed.
    The page decodes links with this, not with the browser's decodeURIComponent, whose
    URIError on a malformed escape ("%E0%A4%A") escaped MicroPython's try/except as an
    uncaught page error and stopped the table from starting."""
    if "%" not in text:
        return text
    out = bytearray()
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c == "%":
            pair = text[i + 1:i + 3]
            if len(pair) != 2 or any(ch not in "0123456789abcdefABCDEF" for ch in pair):
                raise ValueError("malformed escape")
            out.append(int(pair, 16))
            i += 3
        else:
            out.extend(c.encode("utf-8"))
            i += 1
    try:
        return bytes(out).decode("utf-8")
    except UnicodeError:
        raise ValueError("not UTF-8") from None


def parse_link(hash_: str, search: str, decode) -> dict:
    """``rules=CODE``, ``seed=N``, ``challenge=TEXT`` (a deal challenge) and ``sheet=TEXT`` (a
    real game's score sheet, issue 11) from the address's hash (or query); `decode` is
    decodeURIComponent.  Returns {"rules": str or None, "seed": int or None, "challenge": str
    or None, "sheet": str or None, "found": bool}."""
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
            "challenge": params.get("challenge"),
            "sheet": params.get("sheet"),
            "found": "rules" in params or "seed" in params or "challenge" in params
                     or "sheet" in params}


def share_url(origin: str, pathname: str, code: str, encode) -> str:
    """The link that carries a table's rules: ``…/#rules=CODE``."""
    return origin + pathname + "#rules=" + str(encode(code))


def challenge_url(origin: str, pathname: str, text: str, encode) -> str:
    """The link that carries a deal challenge (thousand.challenge.encode): ``…/#challenge=TEXT``."""
    return origin + pathname + "#challenge=" + str(encode(text))
