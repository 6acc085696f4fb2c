"""The controller: the only code that talks to the engine and the bots.

It owns the UIState and the last view, turns intents (intents.INTENTS) into engine requests
through an ``engine`` (engine_client: a worker, or the same interpreter in tests), saves
through persist.Saves, runs the bots' turns, and redraws through ``page.draw(view, ui)``.
Requests and replies are JSON (thousand.web.service); actions are §9 strings.

``page`` is the browser side (main.Page) or a stand-in in tests: draw(view, ui),
ready(), shown(), now(), wall_ms(), sleep(ms), set_flag(name, value), log(text), location(),
share(url, title), persist_storage(), download(name, text), pick_file() and
read_file(source).

Saves go through persist.Saves, whose ``owner`` (web/owner.js's Web Locks in the page,
persist.TokenOwner otherwise) lets only the tab that owns the game write it.  Opening the
table claims the game; the tab that loses it stops (``blocked``) until the player takes it
over there.  One write at a time (``save``): it always writes the newest position.
"""
import asyncio
import random

from . import messages, persist
from .scorebook import Book
from .i18n import LANG_CODES, Text, default_name, fmt_delta, is_default_name
from .ui_state import HUMAN, MAX_PLAYERS, PACE_MS, TRICK_PAUSE_MS, UIState
from .budget import HINT_BUDGET, bot_pause_ms, think_budget


class Controller:
    def __init__(self, engine, storage, page, build="", owner=None):
        self.engine = engine
        self.storage = storage
        self.page = page
        self.settings = persist.load_settings(storage)
        self.ui = UIState(self.settings)
        self.ui.build = build
        self.saves = persist.Saves(storage, "%08x" % random.getrandbits(32), owner, build)
        self.saves.owner.on_lost(self.lost_game)
        self.view = None            # the human's view of the game (None: no game)
        self.record = None          # the §9 record of that game (what is saved and exported)
        self.saving = False         # a write is under way (save() writes one at a time)
        self.save_wanted = False    # a newer position waits for that write to end
        self.quota_full = False     # storage refused the last write: the game is in memory only
        self.seed = 0
        self.epoch = 0              # bumps on every new game / load / takeover: stale replies are dropped
        self.bot_running = False
        self.link_code = None       # rules of a link waiting for "start a new game with them?"
        self.challenge_text = None  # a #challenge= link waiting for "play this deal?"
        self.tasks = []             # running coroutines (tests wait for them)
        self.book = Book(self)      # the real game's score sheet and the statistics (issue 11)
        # deal number -> points the human lost in it, by the deal review (issue 11 item 1
        # fills it); the game's statistics summary carries their sum (scorebook.record_game)
        self.review_lost = {}

    # ---- helpers --------------------------------------------------------------------------
    def t(self, msg_id, **kw):
        return Text(self.ui.lang, self.ui.names(self.view) if self.view else [])(msg_id, **kw)

    def t_name(self, seat):
        return Text(self.ui.lang, self.ui.names(self.view) if self.view else []).name(seat)

    def draw(self):
        self.page.set_flag("blocked", "true" if self.ui.blocked else "false")
        self.page.set_flag("busy", "true" if self.ui.busy else None)
        self.page.draw(self.view, self.ui)
        self.schedule()

    def spawn(self, coro):
        task = asyncio.create_task(coro)
        self.tasks.append(task)
        self.tasks = [x for x in self.tasks if not x.done()] if len(self.tasks) > 20 else self.tasks
        return task

    def perform(self, result):
        """Carry out an intent's result: None (the UI state changed: redraw) or a coroutine
        that talks to the engine.  For a coroutine the table is busy (no input, no human
        turn on #table, html[data-busy]) from this very moment until its reply is drawn."""
        if result is None:
            self.draw()
            return None
        self.ui.busy = True
        self.draw()
        return self.spawn(self._perform(result))

    async def _perform(self, coro):
        try:
            await coro
        except Exception as e:  # noqa: BLE001 - say it on the table, never a dead page
            self.page.log("intent failed: " + str(e))
            self.ui.message = self.t("internal_error")
        finally:
            self.ui.busy = False
        self.draw()

    async def request(self, op, **args):
        args["op"] = op
        return await self.engine.request(args)

    # ---- start-up -------------------------------------------------------------------------
    async def start(self):
        ui = self.ui
        link = self.page.location()
        self.page.set_flag("tab", self.saves.tab)
        data, problem = self.saves.read()
        if problem is not None:
            self.save_problem(problem.kind, problem.detail)
        elif data and isinstance(data.get("view"), dict) and not link["found"]:
            # a repeat visit: the saved table at once, input accepted once the engine answers
            self.view = data["view"]
            if self.view.get("finished"):
                ui.overlay = "over"
            try:
                self.draw()
                self.page.shown()
            except Exception as e:  # noqa: BLE001 - a view an older version saved: wait for the engine
                self.page.log("saved view not drawn: " + str(e))
                self.view = None
                ui.overlay = None
                self.page.draw(None, ui)
        else:
            self.page.draw(None, ui)
        # the newest tab plays: it owns the game from now on, the tab that had it stops
        await self.saves.claim()
        if self.saves.changed_elsewhere():
            # the other tab wrote while this one started: load what it left
            data, problem = self.saves.read()
            if problem is not None:
                self.save_problem(problem.kind, problem.detail)
        try:
            await self.engine.ready()
        except Exception as e:  # noqa: BLE001 - no engine: say so where the table is
            ui.notice("engine", self.t("engine_failed", why=str(e)[:300]))
            self.page.draw(self.view, ui)
            self.page.failed(str(e))
            return
        self.view = None
        if data is not None:
            raw = persist.get(self.storage, persist.SAVE_KEY)
            reply = await self.request("load", record=data["record"])
            if reply.get("ok"):
                self.take(reply, fresh=True)
                self.seed = data["record"].get("seed") if isinstance(data["record"].get("seed"), int) else 0
            else:
                self.saves.fail(raw)
                self.page.log("save not replayed: " + str(reply.get("why", "")))
                self.ui.notice("corrupt", self.t("load_failed", why=messages.explain(self.t_obj(), reply.get("info")),
                                                 key=persist.BACKUP_KEY),
                               actions=[("new_game", "new-game")])
                self.page.set_flag("saveProblem", "corrupt")
        if link["rules"] is not None:
            await self.apply_link(link["rules"])
        if self.view is None and not any(n["kind"] in ("corrupt", "future") for n in ui.notices):
            await self.new_game(seed=link["seed"])
        if link.get("challenge") is not None:
            await self.check_challenge(link["challenge"])
        if link.get("sheet") is not None:
            await self.book.apply_link(link["sheet"])       # a real game's score sheet
        self.page.set_lang(ui.lang)
        ui.ready = True
        self.draw()
        self.page.ready()
        self.page.persist_storage()      # ask the browser not to evict the save
        # the settings' catalog and the version: after the first frame, not on its way
        self.spawn(self.hello())

    async def hello(self):
        reply = await self.request("hello")
        if reply.get("ok"):
            self.ui.catalog = reply
            self.ui.version = reply.get("version") or ""
            if self.ui.overlay == "settings":
                self.draw()

    def t_obj(self):
        return Text(self.ui.lang, self.ui.names(self.view) if self.view else [])

    def save_problem(self, kind, detail):
        """The save could not be used: say so in the player's words (the technical detail,
        in English, goes to the console)."""
        key = "save_future" if kind == "future" else "save_corrupt"
        self.page.log("save problem (" + str(kind) + "): " + str(detail)[:300])
        self.ui.notice(kind, self.t(key, key=persist.BACKUP_KEY), actions=[("new_game", "new-game")])
        self.page.set_flag("saveProblem", kind)

    def in_progress(self):
        v = self.view
        return v is not None and not v.get("finished") and (v.get("action_count") or 0) > 0

    async def apply_link(self, code):
        r = await self.request("rules", code=code)
        t = self.t_obj()
        errors = r.get("errors") or [{"code": "bad_convention", "params": {}} for _ in r.get("problems") or []]
        if errors:
            self.ui.notice("link", self.t("link_ignored", what=messages.link_problems(t, errors)))
        if self.in_progress():
            self.link_code = r["code"]
            self.ui.notice("link-pending", self.t("link_pending", rules=messages.rules_summary(t, r.get("dict"))),
                           actions=[("start_with_link", "link-start"), ("keep_game", "link-keep")])
        else:
            self.settings["rules"] = r["code"]
            persist.save_settings(self.storage, self.settings)
            self.view = None
            if not errors:
                self.ui.notice("link-ok", self.t("link_applied", rules=messages.rules_summary(t, r.get("dict"))))

    # ---- the game -------------------------------------------------------------------------
    def take(self, reply, fresh=False):
        """A reply that carries a new position: show it (and the summary if a deal ended)."""
        ui = self.ui
        old = self.view
        self.view = reply["view"]
        self.record = reply["record"]
        ui.reset_for_position()
        ui.message = ""
        if self.view.get("current_seat") == HUMAN and not self.view.get("finished"):
            ui.focus = "turn"
        if old is not None and not old.get("finished") and self.view.get("finished") and not fresh:
            self.spawn(self.book.record_game())      # the game's line in the statistics
        if fresh:
            self.review_lost = {}
            ui.summary = None
            ui.overlay_back = None
            ui.hint = None
            ui.hand_focus = None
            ui.overlay = "over" if self.view.get("finished") else None
            return
        sheet = self.view.get("sheet") or []
        if old is not None and len(sheet) > len(old.get("sheet") or []):
            ui.summary = {"row": sheet[-1], "view": reply.get("deal_view")}
            ui.overlay = "over" if self.view.get("finished") else "summary"
            ui.overlay_back = None
            if ui.review is not None:          # a bot's move already on its way ended the deal
                ui.review["back"] = (ui.overlay, None)
                ui.overlay = "review"
        elif ui.overlay == "meld":
            ui.overlay = None

    async def save(self):
        """Write the position on the table (self.record, self.view).  One write at a time: a
        call during a write makes that write's loop write the newest position once more."""
        if self.record is None or self.ui.challenge is not None:
            return          # a challenge deal is played in memory: the saved game stays
        self.save_wanted = True
        if self.saving:
            return
        self.saving = True
        try:
            while self.save_wanted and not self.ui.blocked:
                self.save_wanted = False
                status = await self.saves.write(self.record, self.view, self.page.wall_ms())
                self.saved(status)
        finally:
            self.saving = False

    def saved(self, status):
        ui = self.ui
        if status == "ok":
            if self.quota_full:
                self.quota_full = False
                ui.drop_notice("quota")
            ui.drop_notice("save-error")
        elif status == "lost":
            self.block_other_tab()
        elif status == "quota":
            if not self.quota_full:
                self.quota_full = True
                ui.notice("quota", self.t("storage_full"), actions=[("export", "export")])
        else:
            self.page.log("save: " + status)
            ui.notice("save-error", self.t("save_failed", why=status[:200]),
                      actions=[("export", "export")])

    async def claim(self):
        """This tab owns the game from now on (the player asked for it here)."""
        await self.saves.claim()
        self.ui.blocked = False
        self.ui.drop_notice("other-tab")

    def seat_names(self):
        """The names a new game records: the player's own, else the defaults in his language."""
        chosen = self.settings.get("names") or []
        out = []
        for s in range(MAX_PLAYERS):
            c = chosen[s].strip() if s < len(chosen) and isinstance(chosen[s], str) else ""
            out.append(c if c and not is_default_name(c, s) else default_name(self.ui.lang, s))
        return out

    async def new_game(self, seed=None, rules=None):
        self.epoch += 1
        if self.ui.blocked or self.saves.blocked:
            await self.claim()
        self.seed = seed if seed is not None else random.randrange(1, 2 ** 31 - 1)
        self.ui.overlay = None
        reply = await self.request("new", rules=rules or self.settings.get("rules") or "classic",
                                   names=self.seat_names(), seed=self.seed)
        self.saves.new_game(self.new_game_id())
        self.ui.blocked = False
        self.end_challenge()
        self.ui.drop_notice("corrupt", "future", "other-tab", "link-pending")
        self.take(reply, fresh=True)
        await self.save()

    def new_game_id(self):
        return "%06x%06x" % (random.getrandbits(24), random.getrandbits(24))

    def act(self, action):
        """The human's action (an intent's result: run it with perform); None if the
        table does not accept input now."""
        if not self.ui.can_act(self.view):
            return None
        return self._act(action, self.epoch)

    async def _act(self, action, epoch):
        """An illegal action gets the engine's reason on the table."""
        reply = await self.request("act", action=action)
        if epoch != self.epoch:
            return False
        if not reply.get("ok"):
            if reply.get("error") == "illegal":
                self.ui.message = self.t("illegal", why=messages.explain(self.t_obj(), reply.get("info")))
            else:
                self.page.log("action failed: " + str(reply.get("why", "")))
                self.ui.message = self.t("internal_error")
            return False
        self.take(reply)
        await self.save()
        return True

    def schedule(self):
        v, ui = self.view, self.ui
        if (v is None or not ui.ready or v.get("finished") or ui.blocked or self.bot_running
                or ui.busy or ui.paused()):
            return
        seat = v.get("current_seat")
        if seat is None or seat == HUMAN:
            return
        self.bot_running = True
        self.spawn(self.bot_turn(self.epoch, seat))

    async def bot_turn(self, epoch, seat):
        try:
            t0 = self.page.now()
            await self.page.sleep(20)      # let the last frame paint first
            level = self.settings.get("level") or "normal"    # the worker knows the levels
            if self.ui.challenge is not None:      # the sender's bots
                level = self.ui.challenge.get("level") or level
            speed = self.settings.get("speed")
            pace = bot_pause_ms(self.view, PACE_MS.get(speed, 800), TRICK_PAUSE_MS.get(speed, 700))
            reply = await self.request("bot", level=level,
                                       budget=think_budget(pace - (self.page.now() - t0)))
            wait = pace - (self.page.now() - t0)
            if wait > 0:
                await self.page.sleep(wait)
        except Exception as e:  # noqa: BLE001
            self.bot_running = False
            self.page.log("bot failed: " + str(e)[:300])
            self.ui.message = self.t("bot_error")
            self.draw()
            return
        if epoch != self.epoch or self.ui.blocked:
            self.bot_running = False
            self.schedule()
            return
        if not reply.get("ok"):
            self.bot_running = False
            self.page.log("bot failed: " + str(reply.get("why", ""))[:300])
            self.ui.message = self.t("bot_error")
            self.draw()
            return
        if reply.get("problem"):
            self.page.log("bot: " + reply["problem"])
        self.take(reply)
        try:
            await self.save()
        finally:
            self.bot_running = False      # no second bot turn while this one is being saved
        self.draw()

    # ---- tabs ----------------------------------------------------------------------------
    def block_other_tab(self):
        ui = self.ui
        ui.blocked = True
        self.saves.blocked = True
        self.epoch += 1
        # The game's dialogs (the deal summary, the marriage question, the review…) belong to
        # a game this tab no longer plays, and their backdrop would cover the notice's
        # "take over" button; the settings form is the player's own typing and stays.
        if ui.overlay == "review":
            self.close_review()
        if ui.overlay != "settings":
            ui.overlay = ui.overlay_back = None
            ui.meld_card = None
        ui.notice("other-tab", self.t("other_tab"), actions=[("take_over", "take-over")])

    def lost_game(self):
        """The owner says another tab has taken the game over: stop at once."""
        if not self.ui.blocked:
            self.block_other_tab()
            self.draw()

    def on_storage(self, key):
        """A storage event: another tab changed `key`."""
        changed = getattr(self.saves.owner, "changed", None)
        if changed is not None:
            changed(key)         # TokenOwner: a new token is a takeover
        if key == "thousand.sheet":
            self.book.stored_changed()      # the live game's sheet, written by another tab
        if key != persist.SAVE_KEY or self.ui.blocked or self.record is None:
            return
        if self.saves.changed_elsewhere():
            # written by a tab that no longer owns the game (an older version's tab, or the
            # token fallback's late write): the owner writes its game again; if this tab has
            # lost the game and not heard yet, the owner check says so and it stops
            self.spawn(self.save_and_draw())

    async def save_and_draw(self):
        await self.save()
        self.draw()

    async def take_over(self):
        ui = self.ui
        self.epoch += 1
        await self.claim()       # immediate: the other tab can write nothing from now on
        self.end_challenge()
        raw = persist.get(self.storage, persist.SAVE_KEY)
        data, problem = self.saves.read()
        if data is not None:
            reply = await self.request("load", record=data["record"])
            if reply.get("ok"):
                self.take(reply, fresh=True)
                return
            self.saves.fail(raw)
        await self.new_game()

    # ---- files ---------------------------------------------------------------------------
    def export_game(self):
        """The game as a file: its §9 record (what an import, or `thousand replay`, reads)."""
        if self.record is None:
            return
        self.page.download("thousand-" + self.page.date_stamp() + ".json",
                           persist.export_text(self.record))

    async def import_file(self, source):
        """A file the player chose: a record or a save, replayed by the engine.  A bad file
        gets a clear message and changes nothing (the engine keeps its game on an error)."""
        ui = self.ui
        if ui.overlay == "settings":      # the dialog the file was chosen in; a summary stays
            ui.overlay = None
            ui.draft = None
        try:
            record = persist.parse_import(await self.page.read_file(source))
        except persist.SaveProblem as e:
            self.import_failed(e.detail)
            return
        except Exception as e:  # noqa: BLE001 - the file could not be read
            self.import_failed((type(e).__name__ + " " + str(e)).strip())
            return
        reply = await self.request("load", record=record)
        if not reply.get("ok"):
            self.import_failed(reply.get("why", ""))
            return
        self.epoch += 1
        if ui.blocked or self.saves.blocked:
            await self.claim()
        self.saves.new_game(self.new_game_id())
        self.seed = record.get("seed") if isinstance(record.get("seed"), int) else 0
        self.end_challenge()
        ui.drop_notice("corrupt", "future", "import", "link-pending")
        self.take(reply, fresh=True)
        ui.notice("import-ok", self.t("import_ok"))
        await self.save()

    def import_failed(self, why):
        self.ui.drop_notice("import-ok")
        self.ui.notice("import", self.t("import_failed", why=str(why)[:300]))

    # ---- hints ---------------------------------------------------------------------------
    def request_hint(self):
        v, ui = self.view, self.ui
        if not ui.can_act(v):
            return
        at = v.get("action_count")
        if ui.hint and ui.hint.get("at") == at and ui.hint.get("status") != "error":
            return    # already thinking about (or showing) this position
        ui.hint = {"at": at, "status": "pending"}
        self.spawn(self.hint_task(at))

    async def hint_task(self, at):
        reply = await self.request("hint", budget=HINT_BUDGET)
        ui = self.ui
        if ui.hint is None or ui.hint.get("at") != at or (self.view or {}).get("action_count") != at:
            return      # the position changed meanwhile: the answer is stale
        if reply.get("ok"):
            ui.hint.update(status="done", action=reply["action"], estimate=reply.get("estimate") or {})
        else:
            ui.hint.update(status="error", why=reply.get("why", ""))
        self.draw()

    # ---- settings ------------------------------------------------------------------------
    def open_settings(self):
        ui = self.ui
        conv = dict((self.view or {}).get("conventions") or {"preset": "classic"})
        names = []
        for s in range(MAX_PLAYERS):
            c = self.settings["names"][s] if s < len(self.settings["names"]) else ""
            names.append("" if is_default_name(c, s) else c)
        ui.draft = {"conv": conv, "names": names,
                    "level": self.settings["level"], "speed": self.settings["speed"],
                    "lang": ui.lang, "show_points": self.settings.get("show_points", True),
                    "error": "", "field_errors": {}}
        ui.overlay = "settings"
        ui.share_url = ""
        ui.share_status = ""

    def draft_changes(self):
        d = self.ui.draft
        return d["conv"].get("preset", "classic"), self.ui.table_rules(d["conv"])

    async def draft_code(self):
        preset, changes = self.draft_changes()
        d = self.ui.draft
        local = d.get("field_errors") or {}
        if local:                      # a field the form itself found wrong (intents.field)
            fid, why = list(local.items())[0]
            # by the buttons the reason names its field (by the field it needs not)
            d["error"] = (messages.conv_label(self.t_obj(), fid[5:]) + ": " + why
                          if fid.startswith("conv-") else why)
            return None
        r = await self.request("draft", preset=preset, changes=changes)
        d["error"] = ""
        d["server_errors"] = {}
        if not r.get("ok"):
            info = r.get("info") or {}
            text = messages.explain(self.t_obj(), info) if info else self.t("err:bad_convention")
            field = (info.get("params") or {}).get("field")
            if field:
                d["server_errors"]["conv-" + str(field)] = text
            d["error"] = text          # also by the buttons: the player sees it where he clicked
            return None
        self.ui.draft["error"] = ""       # the form is right now: no stale reason
        return r["code"]

    async def apply_settings(self, new):
        ui = self.ui
        d = ui.draft
        if d is None:
            return
        code = await self.draft_code()
        if code is None:
            self.draw()
            return
        names = [n.strip() for n in d["names"]]
        while names and not names[-1]:
            names.pop()
        self.settings.update({"names": names or [""], "level": d["level"], "speed": d["speed"],
                              "lang": d["lang"] if d["lang"] in LANG_CODES else "ru",
                              "show_points": bool(d.get("show_points", True)),
                              "rules": code})
        persist.save_settings(self.storage, self.settings)
        ui.lang = self.settings["lang"]
        self.page.set_lang(ui.lang)
        ui.overlay = None
        ui.draft = None
        if new:
            await self.new_game(rules=code)

    async def share(self):
        code = await self.draft_code()
        if code is None:
            self.draw()
            return
        loc = self.page.location()
        self.ui.share_url = persist.share_url(loc["origin"], loc["pathname"], code, self.page.encode)
        self.ui.share_status = ""
        status = await self.page.share(self.ui.share_url, self.t("title"))
        self.ui.share_status = status if status in ("copied", "shared") else "manual"

    # ---- the deal review (issue 11) ------------------------------------------------------
    def open_review(self, deal):
        """"Разбор" of finished deal `deal`: the dialog opens at once and the worker judges
        one decision per request (progress on the dialog); closing it cancels the review.
        The bots wait while it is open (schedule: ui.paused)."""
        ui = self.ui
        if self.view is None or not isinstance(deal, int):
            return
        back = ui.review["back"] if ui.review else (ui.overlay, ui.overlay_back)
        token = {"deal": deal, "status": "running", "done": 0, "total": 0, "back": back}
        ui.review = token
        ui.overlay = "review"
        ui.overlay_back = None
        self.spawn(self.review_task(token))

    async def review_task(self, token):
        ui = self.ui
        r = await self.request("review_start", deal=token["deal"])
        while True:
            if ui.review is not token:          # closed (or another review) meanwhile
                if r.get("ok") and not r.get("finished"):
                    await self.request("review_stop", review=r.get("review"))
                return
            if not r.get("ok"):
                self.page.log("review failed: " + str(r.get("why", ""))[:300])
                token["status"] = "error"
                self.draw()
                return
            token.update(id=r["review"], done=r["done"], total=r["total"])
            if r.get("finished"):
                token.update(status="done", result=r["result"], view=r["deal_view"])
                if ui.challenge is None:   # the statistics' points lost per deal (scorebook.record_game)
                    self.review_lost[token["deal"]] = (r["result"].get("summary") or {}).get("points_lost", 0)
                self.draw()
                return
            self.draw()
            r = await self.request("review_step", review=token["id"])

    def close_review(self):
        ui = self.ui
        token = ui.review
        ui.review = None
        ui.overlay, ui.overlay_back = token["back"] if token else (None, None)

    # ---- deal challenges (issue 11) ------------------------------------------------------
    def player_name(self):
        """The player's own name if he chose one ("" for the default "Вы")."""
        names = self.settings.get("names") or []
        n = names[0].strip() if names and isinstance(names[0], str) else ""
        return "" if is_default_name(n, 0) else n

    async def make_challenge(self, deal):
        """"Сыграть эту раздачу": a #challenge= link to deal `deal` (the cards, the rules, the
        bots' level, the player's result), shared like the rules link."""
        level = (self.ui.challenge or {}).get("level") or self.settings.get("level") or "normal"
        r = await self.request("challenge_make", deal=deal, level=level, name=self.player_name())
        if not r.get("ok"):
            self.page.log("challenge failed: " + str(r.get("why", ""))[:300])
            self.ui.message = self.t("internal_error")
            return
        loc = self.page.location()
        url = persist.challenge_url(loc["origin"], loc["pathname"], r["text"], self.page.encode)
        self.ui.challenge_share = {"deal": deal, "url": url, "status": ""}
        status = await self.page.share(url, self.t("challenge_title"))
        self.ui.challenge_share["status"] = status if status in ("copied", "shared") else "manual"

    async def check_challenge(self, text):
        """A #challenge= link: checked by the engine, then the player is asked.  A link that
        cannot be read gets a notice and changes nothing."""
        r = await self.request("challenge_check", text=text)
        t = self.t_obj()
        if not r.get("ok"):
            self.page.log("challenge link refused: " + str(r.get("why", ""))[:300])
            self.ui.notice("challenge-bad", self.t("challenge_bad", why=messages.explain(t, r.get("info"))))
            return
        ch = r["challenge"]
        self.challenge_text = text
        result = ch.get("result")
        self.ui.notice("challenge-pending", self.t(
            "challenge_pending", name=ch.get("name") or self.t("challenge_sender"),
            result=fmt_delta(result) if isinstance(result, int) else "—",
            level=self.t("level_" + str(ch.get("level"))),
            rules=messages.rules_summary(t, ch.get("dict"))),
            actions=[("challenge_play", "challenge-start"), ("challenge_not_now", "challenge-keep")])

    async def start_challenge(self):
        """Play the challenge's deal: a game of its own, in memory only; the saved game
        stays untouched and comes back with "back to my game" (leave_challenge)."""
        text = self.challenge_text
        if text is None:
            return
        r = await self.request("challenge_start", text=text, names=self.seat_names(),
                               seed=random.randrange(1, 2 ** 31 - 1))
        self.ui.drop_notice("challenge-pending")
        self.challenge_text = None
        if not r.get("ok"):
            self.ui.notice("challenge-bad", self.t("challenge_bad", why=messages.explain(self.t_obj(), r.get("info"))))
            return
        self.epoch += 1
        self.ui.challenge = r["challenge"]
        self.ui.challenge_share = None
        self.ui.review = None
        self.ui.overlay = None
        self.take(r, fresh=True)
        self.ui.notice("challenge", self.t("challenge_on", name=r["challenge"].get("name") or self.t("challenge_sender")),
                       actions=[("challenge_back", "challenge-back")])

    def end_challenge(self):
        self.ui.challenge = None
        self.ui.drop_notice("challenge")

    async def leave_challenge(self):
        """Back to the player's own game: the save, which the challenge never touched."""
        self.epoch += 1
        self.end_challenge()
        self.ui.overlay = None
        self.ui.review = None
        data, problem = self.saves.read()
        if data is not None:
            reply = await self.request("load", record=data["record"])
            if reply.get("ok"):
                self.seed = data["record"].get("seed") if isinstance(data["record"].get("seed"), int) else 0
                self.take(reply, fresh=True)
                return
        await self.new_game()
