"""The web table: a PyScript DOM layer over the engine.

Everything the player sees is drawn from ``Game.view(0)`` (the human is seat 0, the bots
seats 1 and 2).  The DOM is rebuilt from that view after every action; overlays (score sheet,
settings, deal summary, game over, marriage choice) live in their own container so a
re-render of the table never disturbs a form the player is filling in.

DOM contract for tests: ``#table[data-phase]``, ``[data-seat]`` player areas,
``[data-card]`` cards with ``data-legal="true"`` on the playable/choosable ones, named
controls (``data-action`` = pass, bid, bid-min, contract, concede, give, meld, play-plain,
new-game, next-deal, sheet, settings, last-trick, share, hint, …).  While the deal summary is
open the table shows the finished deal (``data-phase="done"``).  The Hint button's answer is
``#hint-text`` and the recommended card/control carries ``data-hint="true"``.  URL and saved
text only ever reach the page through ``textContent``/attributes, never as HTML.
"""
from __future__ import annotations

import asyncio
import json
import random

from pyscript import document, window
from pyscript.ffi import create_proxy

try:
    from pyodide.ffi import jsnull
except ImportError:  # pragma: no cover - older Pyodide maps null to None
    jsnull = None

from thousand import Conventions, ConventionError, Game, IllegalAction, PRESETS
from thousand import cards as C

# This table draws three seats: it offers only the 3-player tables (the engine knows all).
TABLE_FIELDS_OUT = {"players", "two_mode", "four_mode", "sitter_marriage"}
SUPPORTED_PRESETS = tuple(p for p in PRESETS if PRESETS[p].get("players", 3) == 3)


def table_supports(item: dict) -> bool:
    return item["id"] not in TABLE_FIELDS_OUT

from . import store
from .botrun import BotRunner
from .i18n import SUIT_NAMES, points_text, tr

HUMAN = 0
PACE_MS = {"slow": 1400, "normal": 800, "fast": 300, "instant": 0}
LEVELS = ("easy", "normal", "hard", "random")
SECTIONS = ("6.1", "6.2", "6.3", "6.4", "6.5", "6.5a", "6.6", "6.7", "7")


def nn(x):
    """JS null (jsnull in recent Pyodide) and undefined as None."""
    return None if x is None or x is jsnull else x


def by_id(id_: str):
    return nn(document.getElementById(id_))


def now_ms() -> float:
    return float(window.performance.now())


def el(tag: str, attrs: dict | None = None, *children, text=None):
    e = document.createElement(tag)
    if attrs:
        for k, v in attrs.items():
            if v is None or v is False:
                continue
            if k == "cls":
                e.className = v
            elif v is True:
                e.setAttribute(k, "")
            else:
                e.setAttribute(k, str(v))
    if text is not None:
        e.textContent = str(text)
    for c in children:
        if c is None:
            continue
        if isinstance(c, str):
            e.append(document.createTextNode(c))
        else:
            e.append(c)
    return e


def btn(label: str, action: str, cls: str = "btn", **attrs):
    a = {"type": "button", "cls": cls, "data-action": action}
    a.update({k.replace("_", "-"): v for k, v in attrs.items()})
    return el("button", a, text=label)


def rank_label(c: int) -> str:
    r = C.RANKS[c % 6]
    return "10" if r == "T" else r


def value_select(id_: str, label: str, values, selected: str | None):
    """A <select> of numbers (bids, contracts); `selected` is the hinted value as text."""
    sel = el("select", {"id": id_, "aria-label": label})
    for v in values:
        sel.append(el("option", {"value": v, "selected": selected == str(v)}, text=str(v)))
    return sel


def fmt_delta(v: int) -> str:
    return f"+{v}" if v > 0 else str(v)


class App:
    def __init__(self):
        self.storage = window.localStorage
        self.settings = store.load_settings(self.storage)
        self.lang = self.settings["lang"] if self.settings["lang"] in ("ru", "en") else "ru"
        self.tab_id = "%08x" % random.getrandbits(32)
        self.game: Game | None = None
        self.game_id = ""
        self.game_seed = 0
        self.rev = 0
        self.seen = None           # stamp of the save this tab last read or wrote
        self.blocked = False       # another tab changed the save
        self.notices: list[dict] = []
        self.message = ""          # one-line feedback (illegal move, …)
        self.selected: str | None = None   # card chosen to give
        self.overlay: str | None = None    # sheet | settings | last | meld | summary | over
        self.overlay_back: str | None = None   # the overlay a closed sheet returns to (summary)
        self.hint: dict | None = None      # {"key", "status": pending|done|error, "action", …}
        self.meld_card: str | None = None
        self.summary_row: dict | None = None
        self.draft: dict | None = None     # settings form state
        self.share_url = ""
        self.link_conv: Conventions | None = None
        self.token = 0             # bumps on every new game / load: stale bot answers are dropped
        self.bot_running = False
        self.bots = BotRunner()
        self.root = document.getElementById("app")
        self.table = el("div", {"id": "table", "cls": "table"})
        self.overlay_box = el("div", {"id": "overlay-root"})
        self.root.append(self.table)
        self.root.append(self.overlay_box)
        self._proxies = [
            create_proxy(self.on_click), create_proxy(self.on_change), create_proxy(self.on_storage),
            create_proxy(self.on_keydown),
        ]
        self.root.addEventListener("click", self._proxies[0])
        self.root.addEventListener("change", self._proxies[1])
        window.addEventListener("storage", self._proxies[2])
        document.addEventListener("keydown", self._proxies[3])

    # ---- text helpers ---------------------------------------------------------------------
    def t(self, msg_id: str, **kw) -> str:
        return tr(self.lang, msg_id, **kw)

    def t_who(self, msg_id: str, seat: int | None, **kw) -> str:
        """A message about a player: the human gets the second person ("Вы не добрали")."""
        if seat == HUMAN:
            return self.t(msg_id + "_you", name=self.name(seat), **kw)
        return self.t(msg_id, name=self.name(seat), **kw)

    def name(self, seat: int | None) -> str:
        if seat is None:
            return "—"
        names = self.settings.get("names") or store.DEFAULT_SETTINGS["names"]
        n = names[seat] if 0 <= seat < len(names) else ""
        return n.strip() or (self.game.names[seat] if self.game else f"#{seat}")

    def card_name(self, code: str) -> str:
        return C.accessible_name(C.card(code), self.lang)

    # ---- start-up -------------------------------------------------------------------------
    def start(self) -> None:
        link_code, link_seed = self.read_link()
        self.load_saved(startup=True)
        if link_code is not None:
            self.apply_link(link_code)
        if self.game is None and not any(n["kind"] in ("corrupt", "future") for n in self.notices):
            self.new_game(seed=link_seed)
        document.documentElement.lang = self.lang
        self.render()
        window.thousandBoot.ready()
        asyncio.ensure_future(self._start_worker_later())

    async def _start_worker_later(self):
        if not self.settings.get("bot_worker", True):
            document.documentElement.dataset.botWorker = "off"
            return
        await asyncio.sleep(0.3)
        await self.bots.start_worker()

    def read_link(self):
        """rules=CODE and seed=N from the hash (or query); the hash is cleared after reading."""
        params = {}
        for part in (str(window.location.hash)[1:], str(window.location.search)[1:]):
            for kv in part.split("&"):
                if "=" in kv:
                    k, v = kv.split("=", 1)
                    try:
                        params.setdefault(k, str(window.decodeURIComponent(v.replace("+", " "))))
                    except Exception:  # noqa: BLE001 - malformed %-escapes
                        params.setdefault(k, v)
        seed = None
        if params.get("seed", "").isdigit():
            seed = int(params["seed"])
        if "rules" in params or "seed" in params:
            try:
                window.history.replaceState(None, "", str(window.location.pathname))
            except Exception:  # noqa: BLE001
                pass
        return params.get("rules"), seed

    def apply_link(self, code: str) -> None:
        code = code[:2000]
        try:
            conv, problems = Conventions.from_code_lenient(code)
        except Exception as e:  # noqa: BLE001
            conv, problems = Conventions(), [str(e)]
        if problems:
            self.notice("link", self.t("link_ignored", what="; ".join(problems)))
        in_progress = (self.game is not None and not self.game.finished
                       and any(d.actions for d in self.game.deals))
        if in_progress:
            self.link_conv = conv
            self.notice("link-pending", self.t("link_pending", code=conv.to_code()),
                        actions=[("start_with_link", "link-start"), ("keep_game", "link-keep")])
        else:
            self.settings["rules"] = conv.to_code()
            store.save_settings(self.storage, self.settings)
            self.game = None
            if not problems:
                self.notice("link-ok", self.t("link_applied", code=conv.to_code()))

    def notice(self, kind: str, text: str, actions=None) -> None:
        self.notices = [n for n in self.notices if n["kind"] != kind]
        self.notices.append({"kind": kind, "text": text, "actions": actions or []})

    # ---- saves ----------------------------------------------------------------------------
    def load_saved(self, startup: bool = False) -> bool:
        raw = store.get(self.storage, store.SAVE_KEY)
        if raw is None:
            return False
        try:
            data = store.parse_save(raw)
            game = Game.from_record(data["record"])
        except store.SaveProblem as e:
            self.save_failed(raw, e.kind, e.detail)
            return False
        except Exception as e:  # noqa: BLE001 - RecordError, IllegalAction, ConventionError, …
            self.save_failed(raw, "corrupt", f"{type(e).__name__}: {e}")
            return False
        self.game = game
        self.game_id = str(data.get("game_id") or "")
        self.rev = int(data.get("rev") or 0)
        self.game_seed = int(data["record"].get("seed") or 0)
        self.seen = store.stamp(data)
        self.token += 1
        self.selected = None
        self.overlay = "over" if game.finished else None
        self.overlay_back = None
        self.hint = None
        return True

    def save_failed(self, raw: str, kind: str, detail: str) -> None:
        try:
            store.backup(self.storage, raw)
        except Exception as e:  # noqa: BLE001
            window.console.error(f"backup failed: {e}")
        self.seen = store.read_stamp(self.storage)
        key = "save_future" if kind == "future" else "save_corrupt"
        self.notice(kind, self.t(key, detail=detail[:300], key=store.BACKUP_KEY),
                    actions=[("new_game", "new-game")])
        document.documentElement.dataset.saveProblem = kind

    def save(self, force: bool = False) -> None:
        if self.game is None or (self.blocked and not force):
            return
        try:
            current = store.read_stamp(self.storage)
            if not force and current is not None and current != self.seen:
                self.block_other_tab()
                return
            self.rev += 1
            data = store.envelope(self.game.to_record(), self.game_id, self.tab_id, self.rev,
                                  float(window.Date.now()))
            self.storage.setItem(store.SAVE_KEY, json.dumps(data, separators=(",", ":")))
            self.seen = store.stamp(data)
        except Exception as e:  # noqa: BLE001 - quota, private mode…
            window.console.error(f"save failed: {e}")

    def on_storage(self, event) -> None:
        if nn(event.key) != store.SAVE_KEY or not isinstance(nn(event.newValue), str):
            return
        # storage events arrive late: judge by what is stored now, not by the event's value,
        # or an old write by the other tab would block this one after it took the game over
        try:
            st = store.read_stamp(self.storage)
        except Exception:  # noqa: BLE001
            st = None
        if st != self.seen:
            self.block_other_tab()
            self.render()

    def block_other_tab(self) -> None:
        self.blocked = True
        self.token += 1
        self.notice("other-tab", self.t("other_tab"), actions=[("take_over", "take-over")])
        document.documentElement.dataset.blocked = "true"

    # ---- game flow ------------------------------------------------------------------------
    def conventions_from_settings(self) -> Conventions:
        try:
            return Conventions.from_code(self.settings.get("rules") or "classic")
        except Exception:  # noqa: BLE001
            return Conventions()

    def new_game(self, seed: int | None = None, conv: Conventions | None = None) -> None:
        conv = conv or self.conventions_from_settings()
        self.game_seed = seed if seed is not None else random.randrange(1, 2**31 - 1)
        names = [self.name_for_record(s) for s in range(3)]
        self.game = Game.new(conventions=conv, names=names, first_dealer=2, seed=self.game_seed)
        self.game_id = "%012x" % random.getrandbits(48)
        self.rev = 0
        self.token += 1
        self.selected = None
        self.meld_card = None
        self.summary_row = None
        self.overlay = None
        self.overlay_back = None
        self.hint = None
        self.message = ""
        self.blocked = False
        document.documentElement.dataset.blocked = "false"
        self.notices = [n for n in self.notices
                        if n["kind"] not in ("corrupt", "future", "other-tab", "link-pending")]
        self.save(force=True)

    def name_for_record(self, seat: int) -> str:
        names = self.settings.get("names") or store.DEFAULT_SETTINGS["names"]
        return (names[seat] if seat < len(names) else "").strip() or f"P{seat}"

    def act(self, action: str) -> bool:
        """Apply an action for whoever is on turn; False (and a message) if illegal."""
        g = self.game
        if g is None or self.blocked:
            return False
        sheet_len = len(g.sheet)
        try:
            g.apply(action)
        except IllegalAction as e:
            self.message = self.t("illegal", why=str(e))
            self.render()
            return False
        self.message = ""
        self.selected = None
        self.meld_card = None
        if len(g.sheet) > sheet_len:
            self.summary_row = g.sheet[-1]
            self.overlay = "over" if g.finished else "summary"
        elif self.overlay == "meld":
            self.overlay = None
        self.save()
        self.render()
        return True

    def schedule(self) -> None:
        g = self.game
        if (g is None or g.finished or self.blocked or self.bot_running
                or self.in_summary()):
            return
        seat = g.current_seat
        if seat is None or seat == HUMAN:
            return
        self.bot_running = True
        asyncio.ensure_future(self.bot_turn(self.token, seat))

    def pace(self) -> float:
        return PACE_MS.get(self.settings.get("speed"), 800)

    async def bot_turn(self, token: int, seat: int) -> None:
        g = self.game
        try:
            t0 = now_ms()
            await asyncio.sleep(0.02)   # let the last render paint first
            view = g.view(seat)
            level = self.settings.get("level") if self.settings.get("level") in LEVELS else "normal"
            action = await self.bots.choose(level, self.game_seed, seat, view)
            pace = self.pace()
            if g.phase == "giving" and len(view.get("gives") or []) == 0:
                pace *= 2   # the talon was just shown: give the player time to look
            wait = pace - (now_ms() - t0)
            if wait > 0:
                await asyncio.sleep(wait / 1000)
            self.bot_running = False
            if token != self.token or g is not self.game or self.blocked or g.current_seat != seat:
                self.schedule()
                return
            if not self.act(action):
                window.console.error(f"bot {seat} chose an illegal action {action!r}")
                legal = g.legal_actions()
                if legal:
                    self.act(legal[0])
        except Exception as e:  # noqa: BLE001
            self.bot_running = False
            window.console.error(f"bot turn failed: {e}")
            self.message = f"bot error: {e}"
            self.render()

    # ---- events ---------------------------------------------------------------------------
    def on_keydown(self, event) -> None:
        if str(event.key) == "Escape" and self.overlay in ("sheet", "settings", "last", "meld"):
            self.close_overlay()

    def on_change(self, event) -> None:
        target = event.target
        tid = str(target.id or "")
        if tid == "set-preset":
            self.read_form()
            try:
                conv = Conventions.from_preset(str(target.value))
                self.draft["conv"] = conv.to_dict()
            except ConventionError as e:
                self.draft["error"] = str(e)
            self.render_overlay()

    def on_click(self, event) -> None:
        node = event.target
        hit = nn(node.closest("[data-action],[data-card]")) if hasattr(node, "closest") else None
        if hit is None:
            return
        try:
            action = hit.getAttribute("data-action")
            if action:
                self.do(str(action), hit)
            else:
                code = hit.getAttribute("data-card")
                if code and nn(hit.closest("#hand")) is not None:
                    self.click_card(str(code))
        except Exception as e:  # noqa: BLE001
            window.console.error(f"ui error: {e}")
            self.message = f"error: {e}"
            self.render()

    def click_card(self, code: str) -> None:
        g = self.game
        if g is None or self.blocked:
            return
        if g.current_seat != HUMAN:
            self.message = self.t("turn_of", name=self.name(g.current_seat))
            self.render()
            return
        legal = g.legal_actions()
        if g.phase == "play":
            if f"meld {code}" in legal:
                self.meld_card = code
                self.overlay = "meld"
                self.render()
            else:
                self.act(f"play {code}")   # an illegal card gets the engine's reason
        elif g.phase == "giving":
            if any(a.startswith(f"give {code} ") for a in legal):
                self.selected = None if self.selected == code else code
                self.message = ""
            else:
                self.message = self.t("illegal", why=self.t("pick_card"))
            self.render()

    def do(self, action: str, node) -> None:
        if action == "new-game":
            self.new_game()
        elif action == "pass":
            self.act("pass")
        elif action == "bid-min":
            self.act(f"bid {node.getAttribute('data-value')}")
        elif action == "bid":
            sel = by_id("bid-select")
            self.act(f"bid {sel.value}")
        elif action == "contract":
            sel = by_id("contract-select")
            self.act(f"contract {sel.value}")
        elif action == "concede":
            self.act("concede")
        elif action == "give":
            if self.selected:
                self.act(f"give {self.selected} {node.getAttribute('data-to')}")
        elif action == "meld":
            if self.meld_card:
                self.act(f"meld {self.meld_card}")
        elif action == "play-plain":
            if self.meld_card:
                self.act(f"play {self.meld_card}")
        elif action == "next-deal":
            self.overlay = None
            self.overlay_back = None
            self.summary_row = None
        elif action in ("sheet", "last-trick"):
            # the sheet opened from the deal summary goes back to it when closed
            self.overlay_back = self.overlay if self.overlay in ("summary", "over") else None
            self.overlay = "sheet" if action == "sheet" else "last"
        elif action == "hint":
            self.request_hint()
        elif action == "settings":
            self.overlay = "settings"
            self.draft = None
        elif action == "close":
            self.close_overlay()
            return
        elif action == "apply-settings":
            self.apply_settings(new=False)
            return
        elif action == "apply-new":
            self.apply_settings(new=True)
            return
        elif action == "share":
            self.share()
            return
        elif action == "dismiss":
            kind = node.getAttribute("data-kind")
            self.notices = [n for n in self.notices if n["kind"] != kind]
        elif action == "take-over":
            self.blocked = False
            document.documentElement.dataset.blocked = "false"
            self.notices = [n for n in self.notices if n["kind"] != "other-tab"]
            if self.load_saved():
                self.save(force=True)   # claim the game: the other tab now stops in turn
            else:
                self.new_game()
        elif action == "link-start":
            conv = self.link_conv or Conventions()
            self.settings["rules"] = conv.to_code()
            store.save_settings(self.storage, self.settings)
            self.new_game(conv=conv)
        elif action == "link-keep":
            self.notices = [n for n in self.notices if n["kind"] != "link-pending"]
        else:
            return
        self.render()

    def close_overlay(self) -> None:
        if self.overlay == "meld":
            self.meld_card = None
        if self.overlay in ("sheet", "settings", "last", "meld"):
            self.overlay = self.overlay_back if self.overlay in ("sheet", "last") else None
            self.overlay_back = None
            self.draft = None
        self.render()

    def in_summary(self) -> bool:
        """The deal summary (or game over) is open, perhaps under the score sheet."""
        return "summary" in (self.overlay, self.overlay_back) or self.overlay == "over"

    async def bench_bots(self, deals, seed) -> str:
        """Time hard-bot decisions through self.bots (see thousand.web.botbench); JSON."""
        from .botbench import play_hard
        await self.bots.start_worker()
        await self.bots._wait_worker()

        async def choose(seat, view):
            return await self.bots.choose("hard", int(seed), seat, view)
        res = await play_hard(choose, int(deals), int(seed))
        res["worker"] = self.bots.worker_state
        return json.dumps(res)

    # ---- hint -----------------------------------------------------------------------------
    def hint_key(self):
        g = self.game
        return (self.token, len(g.deals), sum(len(d.actions) for d in g.deals)) if g else None

    def request_hint(self) -> None:
        g = self.game
        if g is None or self.blocked or g.finished or g.current_seat != HUMAN:
            return
        key = self.hint_key()
        if self.hint and self.hint["key"] == key and self.hint["status"] != "error":
            return    # already thinking about (or showing) this position
        self.hint = {"key": key, "status": "pending"}
        asyncio.ensure_future(self._hint_task(key, g.view(HUMAN)))

    async def _hint_task(self, key, view: dict) -> None:
        await asyncio.sleep(0.02)   # paint "thinking…" first (the fallback may block)
        try:
            res = await self.bots.hint(view)
            result = {"status": "done", "action": str(res["action"]),
                      "estimate": res.get("estimate")}
        except Exception as e:  # noqa: BLE001
            window.console.error(f"hint failed: {e}")
            result = {"status": "error", "why": str(e)}
        if self.hint is None or self.hint["key"] != key or self.hint_key() != key:
            return      # the position changed meanwhile: the answer is stale
        self.hint.update(result)
        self.render()

    def hinted_action(self) -> str | None:
        h = self.hint
        if h and h["status"] == "done" and h["key"] == self.hint_key():
            return h["action"]
        return None

    def hint_text(self) -> str:
        h = self.hint
        if not h or h["key"] != self.hint_key():
            return ""
        if h["status"] == "pending":
            return self.t("hint_thinking")
        if h["status"] == "error":
            return self.t("hint_error", why=h.get("why", "")[:200])
        return self.describe_hint(h["action"], h.get("estimate") or {}, self.game.view(HUMAN))

    def short_card(self, code: str) -> str:
        c = C.card(code)
        return C.SUIT_GLYPH[c // 6] + rank_label(c)

    def describe_hint(self, action: str, est: dict, v: dict) -> str:
        parts = action.split()
        verb = parts[0]
        if verb == "play":
            what = self.t("hint_play", card=self.short_card(parts[1]))
        elif verb == "meld":
            what = self.t("hint_meld", card=self.short_card(parts[1]))
        elif verb == "give":
            what = self.t("hint_give", card=self.short_card(parts[1]), name=self.name(int(parts[2])))
        elif verb == "bid":
            what = self.t("hint_bid", value=parts[1])
        elif verb == "contract":
            what = self.t("hint_contract", value=parts[1])
        elif verb == "concede":
            what = self.t("hint_concede")
        elif verb == "pass":
            what = self.t("hint_pass")
        else:
            what = action
        why = ""
        if "make_probability" in est and est.get("worlds"):
            n = int(est["worlds"])
            p = float(est["make_probability"])
            declarer = v.get("declarer") == HUMAN
            if not declarer:
                p = 1 - p
            k = round(p * n)
            key = "est_make" if declarer else "est_defeat"
            share = (self.t("est_of", k=k, n=n) if n < 10
                     else f"{round(p * 100)}%")
            why = self.t(key, share=share)
        elif "expected_points" in est:
            why = self.t("est_bid", points=points_text(self.lang, est["expected_points"]))
        elif "mean_points" in est:
            key = "est_concede" if verb == "concede" else "est_contract"
            why = self.t(key, points=points_text(self.lang, est["mean_points"]))
        return f"{what} — {why}" if why else what

    # ---- settings -------------------------------------------------------------------------
    def ensure_draft(self) -> dict:
        if self.draft is None:
            conv = self.game.conv if self.game else self.conventions_from_settings()
            self.draft = {"conv": conv.to_dict(), "names": list(self.settings["names"]),
                          "level": self.settings["level"], "speed": self.settings["speed"],
                          "lang": self.lang, "error": ""}
        return self.draft

    def read_form(self) -> None:
        d = self.ensure_draft()

        def val(id_):
            return by_id(id_)

        for i in range(3):
            e = val(f"set-name-{i}")
            if e is not None:
                d["names"][i] = str(e.value)[:24]
        for key in ("level", "speed", "lang"):
            e = val(f"set-{key}")
            if e is not None:
                d[key] = str(e.value)
        preset_el = val("set-preset")
        conv = dict(d["conv"])
        if preset_el is not None:
            conv["preset"] = str(preset_el.value)
        for item in Conventions.catalog():
            if not table_supports(item):
                continue
            e = val(f"conv-{item['id']}")
            if e is None:
                continue
            if item["kind"] == "bool":
                v = bool(e.checked)
            else:
                raw = str(e.value)
                if item["kind"] == "threshold" and not raw.strip():
                    raw = "off"            # an empty number field: the redeal is off
                v = raw
                try:
                    v = int(raw)
                except ValueError:
                    pass
            conv[item["id"]] = v
        d["conv"] = conv

    def draft_conventions(self) -> Conventions:
        d = self.ensure_draft()
        conv = dict(d["conv"])
        preset = conv.pop("preset", "classic")
        base = Conventions.from_preset(preset)
        changes = {}
        for k, v in conv.items():
            if getattr(base, k, None) != v:
                changes[k] = v
        return Conventions.from_preset(preset, **changes)

    def apply_settings(self, new: bool) -> None:
        self.read_form()
        d = self.draft
        try:
            conv = self.draft_conventions()
        except (ConventionError, TypeError, ValueError) as e:
            d["error"] = str(e)
            self.render_overlay()
            return
        names = [n.strip() for n in d["names"]]
        if not all(names):
            d["error"] = self.t("invalid_name")
            self.render_overlay()
            return
        self.settings.update({"names": names, "level": d["level"], "speed": d["speed"],
                              "lang": d["lang"] if d["lang"] in ("ru", "en") else "ru",
                              "rules": conv.to_code()})
        store.save_settings(self.storage, self.settings)
        self.lang = self.settings["lang"]
        document.documentElement.lang = self.lang
        self.overlay = None
        self.draft = None
        if new:
            self.new_game(conv=conv)
        self.render()

    def share(self) -> None:
        self.read_form()
        try:
            conv = self.draft_conventions()
        except (ConventionError, TypeError, ValueError) as e:
            self.draft["error"] = str(e)
            self.render_overlay()
            return
        loc = window.location
        self.share_url = (f"{loc.origin}{loc.pathname}#rules="
                          f"{window.encodeURIComponent(conv.to_code())}")
        nav = window.navigator
        try:
            if hasattr(nav, "share") and nn(nav.share) is not None:
                # phones: the system share sheet (a cancelled share is just ignored)
                from pyodide.ffi import to_js
                from js import Object
                data = to_js({"title": self.t("title"), "url": self.share_url},
                             dict_converter=Object.fromEntries)
                nav.share(data).catch(create_proxy(lambda _e: None))
            else:
                nav.clipboard.writeText(self.share_url)
        except Exception:  # noqa: BLE001 - no share sheet or clipboard: the link is shown anyway
            pass
        self.render_overlay()

    # ---- rendering ------------------------------------------------------------------------
    def render(self) -> None:
        focus = nn(document.activeElement)
        fkey = None
        if focus is not None and focus is not document.body:
            for attr in ("data-card", "data-action", "id"):
                v = nn(focus.getAttribute(attr)) if hasattr(focus, "getAttribute") else None
                if v:
                    fkey = (attr, str(v))
                    break
        self.render_table()
        self.render_overlay()
        if fkey:
            sel = f'[{fkey[0]}="{fkey[1]}"]' if fkey[0] != "id" else f"#{fkey[1]}"
            try:
                target = nn(self.root.querySelector(sel))
                if target is not None:
                    target.focus()
            except Exception:  # noqa: BLE001
                pass
        self.schedule()

    def render_table(self) -> None:
        g = self.game
        t = self.table
        t.replaceChildren()
        t.dataset.lang = self.lang
        if g is None:
            t.dataset.phase = "none"
            t.append(self.topbar(None))
            t.append(self.notice_box())
            t.append(el("div", {"cls": "empty"}, btn(self.t("new_game"), "new-game", "btn btn-primary")))
            return
        v = g.view(HUMAN)
        shown = self.finished_deal_view() if self.in_summary() and not g.finished else None
        if shown is not None:
            v = shown     # the summary is about this deal: keep it on the table until closed
        t.dataset.showing = "finished-deal" if shown is not None else ""
        t.dataset.phase = v["phase"]
        t.dataset.turn = "" if v["current_seat"] is None else str(v["current_seat"])
        t.dataset.humanTurn = "true" if v["current_seat"] == HUMAN and not self.blocked else "false"
        t.dataset.deal = str(v.get("deal_number", ""))
        t.dataset.actions = str(sum(len(d.actions) for d in g.deals))
        t.dataset.rules = g.conv.to_code()
        t.dataset.trump = v.get("trump") or ""
        t.append(self.topbar(v))
        t.append(self.notice_box())
        opp = el("section", {"cls": "opponents"})
        for s in (1, 2):
            opp.append(self.seat_box(v, s))
        t.append(opp)
        t.append(self.center(v))
        t.append(self.controls(v))
        t.append(self.player_box(v))

    def finished_deal_view(self) -> dict | None:
        """The human's view of the deal the open summary is about (its last trick on the
        table, nobody on turn), not of the next deal the engine has already dealt."""
        g, row = self.game, self.summary_row
        if g is None or row is None:
            return None
        try:
            return g.deal_view(row["deal"], HUMAN)
        except Exception as e:  # noqa: BLE001 - never let the summary break the table
            window.console.warn(f"finished deal view: {e}")
            return None

    def topbar(self, v):
        info = ""
        if v is not None and v.get("deal_number") is not None:
            info = self.t("game_info", n=v["deal_number"] + 1, dealer=self.name(v["dealer"]))
        bar = el("header", {"cls": "topbar"},
                 el("h1", {"cls": "logo"}, text=self.t("title")),
                 el("span", {"cls": "info", "id": "deal-info"}, text=info))
        tools = el("nav", {"cls": "tools", "aria-label": self.t("settings")})
        has_last = bool(v and v.get("last_trick"))
        for key, action, glyph, off in (("last_trick", "last-trick", "↺", not has_last),
                                        ("sheet", "sheet", "☰", False),
                                        ("settings", "settings", "⚙", False),
                                        ("new_game", "new-game", "+", False)):
            label = self.t(key)
            b = el("button", {"type": "button", "cls": "btn btn-small tool", "data-action": action,
                              "aria-label": label, "title": label, "disabled": off},
                   el("span", {"cls": "tool-short", "aria-hidden": "true"}, text=glyph),
                   el("span", {"cls": "tool-long", "aria-hidden": "true"}, text=label))
            tools.append(b)
        bar.append(tools)
        return bar

    def notice_box(self):
        box = el("div", {"cls": "notices", "id": "notices"})
        for n in self.notices:
            item = el("div", {"cls": f"notice notice-{n['kind']}", "role": "alert",
                              "data-notice": n["kind"]}, el("span", text=n["text"]))
            for label, action in n["actions"]:
                item.append(btn(self.t(label), action, "btn btn-small"))
            if n["kind"] not in ("corrupt", "future", "other-tab"):
                item.append(btn("×", "dismiss", "btn btn-small btn-quiet", data_kind=n["kind"],
                                aria_label=self.t("dismiss")))
            box.append(item)
        return box

    def seat_head(self, v, s):
        score = v["scores"][s]
        bolts = v["bolts"][s]
        head = el("div", {"cls": "seat-head"},
                  el("span", {"cls": "seat-name"}, text=self.name(s)),
                  el("span", {"cls": "seat-score", "data-score": score}, text=str(score)))
        if bolts:
            head.append(el("span", {"cls": "bolts", "aria-label": f"{self.t('bolts')}: {bolts}"},
                           text="/" * bolts))
        barrel = v["barrel"][s]
        if barrel.get("on"):
            head.append(el("span", {"cls": "barrel-mark"},
                           text="🛢 " + self.t("barrel", n=barrel.get("attempts", 0))))
        if v.get("dealer") == s:
            head.append(el("span", {"cls": "dealer-mark", "title": self.t("dealer")}, text="⟲"))
        return head

    def seat_status(self, v, s) -> str:
        ph = v["phase"]
        if ph == "bidding":
            last = None
            for seat, a in v.get("bids") or []:
                if seat == s:
                    last = a
            if last == "pass":
                return self.t("pass")
            if last:
                return last.split()[1]
            if s == v.get("forced_bidder"):
                return "100"
            return ""
        if v.get("declarer") == s and v.get("contract"):
            return f"{v['contract']}"
        if ph == "play":
            return self.t("tricks", n=v["tricks_taken"][s])
        return ""

    def seat_box(self, v, s):
        turn = v["current_seat"] == s
        box = el("div", {"cls": "seat" + (" turn" if turn else "")
                         + (" declarer" if v.get("declarer") == s else ""),
                         "data-seat": s, "data-turn": "true" if turn else None})
        box.append(self.seat_head(v, s))
        n = v["hand_sizes"][s] if v.get("hand_sizes") else 0
        backs = el("div", {"cls": "backs", "role": "img",
                           "aria-label": self.t("cards_left", n=n)})
        for _ in range(n):
            backs.append(el("span", {"cls": "card-back"}))
        box.append(backs)
        status = self.seat_status(v, s)
        if turn and not v["finished"]:
            status = (status + " · " if status else "") + self.t("thinking", name="").strip(" …") + "…"
        box.append(el("div", {"cls": "seat-status"}, text=status))
        return box

    def face(self, code: str, tag: str = "div", **attrs):
        c = C.card(code)
        red = c // 6 in (2, 3)
        a = {"cls": "card" + (" red" if red else ""), "data-card": code,
             "aria-label": self.card_name(code)}
        if tag == "div":
            a["role"] = "img"
        else:
            a["type"] = "button"
        a.update({k.replace("_", "-"): v for k, v in attrs.items()})
        return el(tag, a,
                  el("span", {"cls": "rank", "aria-hidden": "true"}, text=rank_label(c)),
                  el("span", {"cls": "suit", "aria-hidden": "true"}, text=C.SUIT_GLYPH[c // 6]))

    def center(self, v):
        ph = v["phase"]
        box = el("section", {"cls": "center", "id": "center"})
        trump = v.get("trump")
        line = el("div", {"cls": "center-info"})
        if trump:
            line.append(el("span", {"cls": "trump" + (" red" if trump in "DH" else ""),
                                    "id": "trump", "data-trump": trump},
                           text=f"{self.t('trump')}: {SUIT_NAMES[self.lang][trump]}"))
        if v.get("declarer") is not None and ph in ("giving", "contract", "play", "done"):
            line.append(el("span", {"cls": "contract-info", "id": "contract-info"},
                           text=self.t_who("declarer", v["declarer"],
                                           contract=v.get("contract") or v.get("high_bid"))))
        elif ph == "bidding":
            line.append(el("span", {"cls": "contract-info"},
                           text=self.t("bidding_at", bid=v.get("high_bid"),
                                       name=self.name(v.get("bidder")))))
        box.append(line)
        if ph in ("giving", "contract") and v.get("talon") is not None:
            tal = el("div", {"cls": "talon", "id": "talon", "aria-label": self.t("talon")},
                     el("div", {"cls": "label"}, text=self.t("talon")))
            row = el("div", {"cls": "cards-row"})
            for code in v["talon"]:
                row.append(self.face(code))
            tal.append(row)
            box.append(tal)
        elif ph in ("giving", "contract") and v.get("declarer") is not None:
            tal = el("div", {"cls": "talon", "id": "talon"},
                     el("div", {"cls": "label"}, text=self.t("talon")))
            row = el("div", {"cls": "cards-row"})
            for _ in range(3):
                row.append(el("span", {"cls": "card-back big"}))
            tal.append(row)
            box.append(tal)
        trick_cards = v.get("trick") or []
        done = False
        if ph in ("play", "done") and not trick_cards and v.get("last_trick"):
            trick_cards = v["last_trick"]["cards"]
            done = True
        if ph == "play" or trick_cards:
            trick = el("div", {"cls": "trick" + (" done" if done else ""), "id": "trick",
                               "aria-live": "polite"})
            for seat, code in trick_cards:
                slot = el("div", {"cls": f"slot slot-{seat}", "data-played-by": seat},
                          self.face(code), el("span", {"cls": "who"}, text=self.name(seat)))
                trick.append(slot)
            box.append(trick)
            if done:
                box.append(el("div", {"cls": "trick-caption"},
                              text=self.t_who("took_trick", v["last_trick"]["winner"])))
        status = ""
        if v["finished"]:
            status = self.t("game_over")
        elif ph == "done":
            status = self.t("deal_over", n=v["deal_number"] + 1)
        elif self.blocked:
            status = self.t("other_tab")
        elif v["current_seat"] == HUMAN:
            status = self.t("your_turn")
        elif v["current_seat"] is not None:
            status = self.t("thinking", name=self.name(v["current_seat"]))
        box.append(el("div", {"cls": "status", "id": "status", "role": "status"}, text=status))
        box.append(el("div", {"cls": "message", "id": "message", "role": "alert"},
                      text=self.message))
        return box

    def controls(self, v):
        box = el("section", {"cls": "controls", "id": "controls"})
        if v["current_seat"] != HUMAN or self.blocked or v["finished"]:
            return box
        ph = v["phase"]
        legal = v["legal"]
        hinted = self.hinted_action() or ""
        hint_verb, _, hint_arg = hinted.partition(" ")
        if ph == "bidding":
            bids = [int(a.split()[1]) for a in legal if a.startswith("bid ")]
            if "pass" in legal:
                box.append(btn(self.t("pass"), "pass", "btn", id="btn-pass",
                               data_hint="true" if hinted == "pass" else None))
            if bids:
                lo, hi = min(bids), max(bids)
                step = self.game.conv.bid_step
                box.append(btn(self.t("bid_plus", step=lo - (v.get("high_bid") or 100), value=lo)
                               if lo - (v.get("high_bid") or 100) > 0 else str(lo),
                               "bid-min", "btn", id="btn-bid-min", data_value=lo,
                               data_hint="true" if hinted == f"bid {lo}" else None))
                box.append(value_select("bid-select", self.t("your_bid"), bids,
                                        hint_arg if hint_verb == "bid" else None))
                box.append(btn(self.t("bid"), "bid", "btn btn-primary", id="btn-bid",
                               data_hint="true" if hint_verb == "bid" and hint_arg != str(lo)
                               else None))
                box.append(el("span", {"cls": "hint", "id": "bid-range"},
                              text=self.t("bid_range", lo=lo, hi=hi)
                              + ("" if step == 5 else f" (×{step})")))
        elif ph == "giving":
            box.append(el("span", {"cls": "hint"}, text=self.t("give_prompt")))
            given_to = {gv["to"] for gv in v.get("gives") or []}
            for s in (1, 2):
                if s in given_to:
                    continue
                label = self.t("give_to", card=self.card_name(self.selected) if self.selected
                               else "…", name=self.name(s))
                box.append(btn(label, "give", "btn btn-primary", data_to=s, id=f"btn-give-{s}",
                               disabled=None if self.selected else True,
                               data_hint="true" if hint_verb == "give"
                               and hinted.split()[-1] == str(s) else None))
        elif ph == "contract":
            values = [int(a.split()[1]) for a in legal if a.startswith("contract ")]
            if values:
                box.append(value_select("contract-select", self.t("contract"), values,
                                        hint_arg if hint_verb == "contract" else None))
                box.append(btn(self.t("contract"), "contract", "btn btn-primary", id="btn-contract",
                               data_hint="true" if hint_verb == "contract" else None))
                box.append(el("span", {"cls": "hint", "id": "contract-range"},
                              text=self.t("contract_range", lo=min(values), hi=max(values))))
            if "concede" in legal:
                cost = v.get("concede_cost") or {}
                opp = cost.get("opponents")
                if cost.get("bolt"):
                    text = self.t("concede_bolt", opp=opp)
                else:
                    text = self.t("concede_cost", me=fmt_delta(cost.get("declarer", 0)), opp=opp)
                box.append(btn(self.t("concede"), "concede", "btn", id="btn-concede",
                               data_hint="true" if hinted == "concede" else None))
                box.append(el("span", {"cls": "hint", "id": "concede-cost"}, text=text))
        if legal:
            pending = bool(self.hint and self.hint["status"] == "pending"
                           and self.hint["key"] == self.hint_key())
            box.append(btn(self.t("hint"), "hint", "btn btn-hint", id="btn-hint",
                           aria_busy="true" if pending else None))
            box.append(el("p", {"cls": "hint-text", "id": "hint-text", "role": "status",
                                "aria-live": "polite",
                                "data-hint-action": hinted or None}, text=self.hint_text()))
        return box

    def player_box(self, v):
        turn = v["current_seat"] == HUMAN
        box = el("section", {"cls": "seat me" + (" turn" if turn else ""), "data-seat": HUMAN,
                             "data-turn": "true" if turn else None})
        head = self.seat_head(v, HUMAN)
        status = self.seat_status(v, HUMAN)
        if status:
            head.append(el("span", {"cls": "seat-status"}, text=status))
        box.append(head)
        hand = el("div", {"cls": "hand", "id": "hand", "role": "group",
                          "aria-label": self.t("hand")})
        ph = v["phase"]
        legal = v["legal"] if turn and not self.blocked else []
        playable = set()
        if ph == "play":
            playable = {a.split()[1] for a in legal if a.startswith(("play ", "meld "))}
        elif ph == "giving":
            playable = {a.split()[1] for a in legal if a.startswith("give ")}
        choosing = bool(legal) and ph in ("play", "giving")
        hinted = self.hinted_action() or ""
        hint_card = hinted.split()[1] if hinted.startswith(("play ", "meld ", "give ")) else None
        for code in v.get("hand") or []:
            attrs = {}
            if choosing:
                attrs["data_legal"] = "true" if code in playable else "false"
            if self.selected == code:
                attrs["aria_pressed"] = "true"
                attrs["cls_extra"] = True
            b = self.face(code, tag="button", **{k: v2 for k, v2 in attrs.items() if k != "cls_extra"})
            if self.selected == code:
                b.classList.add("selected")
            if choosing and code not in playable:
                b.classList.add("dim")
            if choosing and hint_card == code:
                b.classList.add("hinted")
                b.setAttribute("data-hint", "true")
            hand.append(b)
        box.append(hand)
        return box

    # ---- overlays -------------------------------------------------------------------------
    def render_overlay(self) -> None:
        box = self.overlay_box
        box.replaceChildren()
        kind = self.overlay
        if kind is None or self.game is None and kind != "settings":
            return
        builders = {"sheet": self.sheet_dialog, "last": self.last_dialog, "meld": self.meld_dialog,
                    "summary": self.summary_dialog, "over": self.over_dialog,
                    "settings": self.settings_dialog}
        dialog = builders[kind]()
        if dialog is None:
            return
        box.append(el("div", {"cls": "backdrop"}, dialog))
        first = nn(dialog.querySelector("[data-autofocus]")) or nn(dialog.querySelector("button"))
        if first is not None and kind != "settings":
            first.focus()

    def dialog(self, kind: str, title: str, *children, close=True):
        d = el("div", {"cls": f"dialog dialog-{kind}", "role": "dialog", "aria-modal": "true",
                       "aria-label": title, "id": f"dialog-{kind}"},
               el("h2", text=title))
        for c in children:
            if c is not None:
                d.append(c)
        if close:
            d.append(el("div", {"cls": "dialog-buttons"},
                        btn(self.t("close"), "close", "btn", data_autofocus=True)))
        return d

    def sheet_table(self):
        g = self.game
        tbl = el("table", {"cls": "sheet", "id": "sheet-table"})
        head = el("tr", None, el("th", {"scope": "col"}, text=self.t("deal")),
                  el("th", {"scope": "col"}, text=""))
        for s in range(3):
            head.append(el("th", {"scope": "col"}, text=self.name(s)))
        tbl.append(el("thead", None, head))
        body = el("tbody")
        for row in g.sheet:
            decl = row.get("declarer")
            mark = {"made": "✓", "failed": "✗", "conceded": "✎"}.get(row.get("outcome"), "")
            tr_ = el("tr", {"data-deal-row": row["deal"]},
                     el("td", text=str(row["deal"] + 1)),
                     el("td", {"cls": "decl"},
                        text=f"{self.name(decl)} {row.get('contract') or ''} {mark}".strip()
                        if decl is not None else ""))
            for s in range(3):
                cell = el("td", {"cls": "num"})
                cell.append(el("span", {"cls": "delta"}, text=fmt_delta(row["delta"][s])))
                cell.append(el("span", {"cls": "total"}, text=str(row["scores"][s])))
                b = row["bolts"][s]
                if b:
                    cell.append(el("span", {"cls": "bolts"}, text="/" * b))
                bar = row["barrel"][s]
                if bar.get("on"):
                    cell.append(el("span", {"cls": "barrel-mark"},
                                   text="🛢" + str(bar.get("attempts", 0))))
                tr_.append(cell)
            body.append(tr_)
        tbl.append(body)
        foot = el("tr", None, el("th", {"scope": "row"}, text=self.t("total")), el("td"))
        for s in range(3):
            foot.append(el("td", {"cls": "num"}, text=str(g.scores[s])))
        tbl.append(el("tfoot", None, foot))
        return el("div", {"cls": "sheet-wrap"}, tbl)

    def sheet_dialog(self):
        return self.dialog("sheet", self.t("sheet"), self.sheet_table())

    def last_dialog(self):
        v = self.game.view(HUMAN)
        lt = v.get("last_trick")
        body = el("div", {"cls": "cards-row", "id": "last-trick"})
        if lt:
            for seat, code in lt["cards"]:
                body.append(el("div", {"cls": "slot"}, self.face(code),
                               el("span", {"cls": "who"}, text=self.name(seat))))
            cap = el("p", text=self.t_who("took_trick", lt["winner"]))
        else:
            cap = None
        return self.dialog("last", self.t("last_trick"), body, cap)

    def meld_dialog(self):
        code = self.meld_card
        if not code:
            return None
        c = C.card(code)
        if c % 6 == C.ACE:
            q = self.t("meld_ace")
        else:
            suit = "SCDH"[c // 6]
            q = self.t("meld_q", suit=SUIT_NAMES[self.lang][suit], value=C.MARRIAGE_VALUE[c // 6])
        return self.dialog("meld", q, el("div", {"cls": "cards-row"}, self.face(code)),
                           el("div", {"cls": "dialog-buttons"},
                              btn(self.t("meld_yes"), "meld", "btn btn-primary", id="btn-meld",
                                  data_autofocus=True),
                              btn(self.t("meld_no"), "play-plain", "btn", id="btn-play-plain")),
                           close=True)

    def outcome_text(self, row) -> str:
        decl = row.get("declarer")
        key = {"made": "made", "failed": "failed", "conceded": "conceded"}.get(row.get("outcome"))
        if decl is None or key is None:
            return ""
        return self.t_who(key, decl, contract=row.get("contract"))

    def event_text(self, e) -> str:
        """A score-sheet event from the engine ({"kind", "seat", "value"}) in words."""
        if not isinstance(e, dict):
            return str(e)
        seat = e.get("seat")
        name = self.name(seat) if isinstance(seat, int) else ""
        value = e.get("value")
        if isinstance(value, int) and e.get("kind") in ("third_bolt", "third_concession"):
            value = fmt_delta(value)
        return self.t("ev_" + str(e.get("kind")), name=name, value=value)

    def summary_dialog(self):
        row = self.summary_row
        if row is None:
            return None
        lines = el("ul", {"cls": "summary"})
        for s in range(3):
            lines.append(el("li", None, el("span", text=self.name(s)),
                            el("span", {"cls": "delta"}, text=fmt_delta(row["delta"][s])),
                            el("span", {"cls": "total"}, text=str(row["scores"][s]))))
        events = el("ul", {"cls": "events"})
        for e in row.get("events") or []:
            events.append(el("li", text=self.event_text(e)))
        return self.dialog("summary", self.t("deal_over", n=row["deal"] + 1),
                           el("p", {"cls": "outcome"}, text=self.outcome_text(row)), lines, events,
                           el("div", {"cls": "dialog-buttons"},
                              btn(self.t("next_deal"), "next-deal", "btn btn-primary",
                                  id="btn-next-deal", data_autofocus=True),
                              btn(self.t("sheet"), "sheet", "btn")),
                           close=False)

    def over_dialog(self):
        g = self.game
        w = g.winner
        title = self.t_who("winner", w) if w is not None else self.t("no_winner")
        owed = el("ul", {"cls": "settlement", "id": "settlement"})
        for debt in g.settlement():
            owed.append(el("li", text=self.t("owes", debtor=self.name(debt["from"]),
                                              winner=self.name(debt["to"]), points=debt["points"])))
        return self.dialog("over", self.t("game_over"),
                           el("p", {"cls": "winner", "id": "winner", "data-winner": w}, text=title),
                           owed,
                           self.sheet_table(),
                           el("div", {"cls": "dialog-buttons"},
                              btn(self.t("new_game"), "new-game", "btn btn-primary",
                                  id="btn-new-game-over", data_autofocus=True)),
                           close=False)

    def settings_dialog(self):
        d = self.ensure_draft()
        form = el("div", {"cls": "settings", "id": "settings-form"})
        if d.get("error"):
            form.append(el("p", {"cls": "message", "role": "alert", "id": "settings-error"},
                           text=d["error"]))
        # general
        gen = el("fieldset", None, el("legend", text=self.t("settings")))
        lang = el("select", {"id": "set-lang"})
        for code, label in (("ru", "Русский"), ("en", "English")):
            lang.append(el("option", {"value": code, "selected": d["lang"] == code}, text=label))
        gen.append(el("label", {"cls": "row"}, el("span", text=self.t("lang")), lang))
        level = el("select", {"id": "set-level"})
        for lv in LEVELS:
            level.append(el("option", {"value": lv, "selected": d["level"] == lv},
                            text=self.t(f"level_{lv}")))
        gen.append(el("label", {"cls": "row"}, el("span", text=self.t("level")), level))
        speed = el("select", {"id": "set-speed"})
        for sp in PACE_MS:
            speed.append(el("option", {"value": sp, "selected": d["speed"] == sp},
                            text=self.t(f"speed_{sp}")))
        gen.append(el("label", {"cls": "row"}, el("span", text=self.t("speed")), speed))
        for i in range(3):
            inp = el("input", {"id": f"set-name-{i}", "type": "text", "maxlength": 24,
                               "autocomplete": "off"})
            inp.value = d["names"][i]
            gen.append(el("label", {"cls": "row"},
                          el("span", text=self.t("player_n", n=i + 1)), inp))
        form.append(gen)
        form.append(el("div", {"cls": "dialog-buttons"},
                       btn(self.t("save"), "apply-settings", "btn btn-primary", id="btn-apply")))
        # rules
        conv = d["conv"]
        preset = conv.get("preset", "classic")
        rules = el("fieldset", {"id": "rules"}, el("legend", text=self.t("rules")))
        ps = el("select", {"id": "set-preset"})
        for p in SUPPORTED_PRESETS:
            ps.append(el("option", {"value": p, "selected": p == preset}, text=p))
        rules.append(el("label", {"cls": "row"}, el("span", text=self.t("preset")), ps))
        try:
            base = Conventions.from_preset(preset)
        except ConventionError:
            base = Conventions()
        by_section: dict = {}
        for item in Conventions.catalog():
            if table_supports(item):
                by_section.setdefault(item["section"], []).append(item)
        for sec in SECTIONS:
            items = by_section.get(sec)
            if not items:
                continue
            fs = el("fieldset", {"cls": "section", "data-section": sec},
                    el("legend", text=f"§{sec} {self.t('sec_' + sec)}"))
            for item in items:
                cid = item["id"]
                value = conv.get(cid, getattr(base, cid))
                # the catalog's label is a one-line explanation; the id (as in share links)
                # stays small under it
                label = item["label_ru"] if self.lang == "ru" else item["label_en"]
                if item["kind"] == "bool":
                    inp = el("input", {"type": "checkbox", "id": f"conv-{cid}"})
                    inp.checked = bool(value)
                elif item["values"]:
                    inp = el("select", {"id": f"conv-{cid}"})
                    for opt in item["values"]:
                        inp.append(el("option", {"value": opt, "selected": opt == value},
                                      text=str(opt)))
                else:
                    inp = el("input", {"type": "number", "id": f"conv-{cid}", "step": 5,
                                       "min": 5, "inputmode": "numeric"})
                    inp.value = str(value)
                row = el("label", {"cls": "row conv", "data-conv": cid},
                         el("span", {"cls": "conv-label"},
                            el("span", {"cls": "conv-text"}, text=label),
                            el("small", {"cls": "conv-id"}, text=cid)),
                         inp)
                fs.append(row)
            rules.append(fs)
        form.append(rules)
        share = el("div", {"cls": "share"},
                   btn(self.t("share"), "share", "btn", id="btn-share"))
        if self.share_url:
            out = el("input", {"id": "share-url", "type": "text", "readonly": True,
                               "aria-label": self.t("share_link")})
            out.value = self.share_url
            share.append(out)
        form.append(share)
        form.append(el("div", {"cls": "dialog-buttons"},
                       btn(self.t("apply_new"), "apply-new", "btn btn-primary", id="btn-apply-new"),
                       btn(self.t("close"), "close", "btn")))
        return self.dialog("settings", self.t("settings"), form, close=False)


_app: App | None = None


def start() -> None:
    global _app
    _app = App()
    window.thousandApp = create_proxy(lambda: _app)
    # scripts/bench_bot_web.py: hard vs hard through the table's bot path (the worker)
    window.thousandBenchBots = create_proxy(
        lambda deals, seed: asyncio.ensure_future(_app.bench_bots(deals, seed)))
    _app.start()
