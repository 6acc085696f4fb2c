"""Saves in localStorage (pure Python; `storage` is anything with getItem/setItem/removeItem).

The save is a versioned envelope around a §9 game record:

    {"v": 1, "game_id": "...", "tab": "...", "rev": 17, "saved": <ms>, "record": {...}}

* A save that cannot be read, or one written by a newer version, is never thrown away: its raw
  text is copied under BACKUP_KEY and the player is told; a new game then overwrites SAVE_KEY.
* Two tabs: every write says which tab wrote it and a revision.  A tab writes only if the save
  is still the one it last read or wrote; otherwise it has been changed elsewhere and the tab
  stops (the UI offers to load the newer game here).
"""
from __future__ import annotations

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


def envelope(record: dict, game_id: str, tab: str, rev: int, now_ms: float = 0) -> dict:
    return {"v": SAVE_VERSION, "game_id": game_id, "tab": tab, "rev": rev, "saved": now_ms,
            "record": record}


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
    except (ValueError, TypeError, AttributeError):
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
    if not (isinstance(names, list) and len(names) == 3 and all(isinstance(n, str) for n in names)):
        out["names"] = list(DEFAULT_SETTINGS["names"])
    return out


def save_settings(storage, settings: dict) -> None:
    storage.setItem(SETTINGS_KEY, json.dumps(settings, ensure_ascii=False))
