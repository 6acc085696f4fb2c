"""The score sheet of a game played with real cards (issue 11 item 3, "Запись для живой
игры") and the player's statistics (item 4): the controller's part, on the main thread.

Where it runs: scoring is the engine's, so every change goes to the worker
(thousand.web.sheet_service, the ``sheet`` op) with the whole sheet's JSON, and comes back
scored with every convention.  The table holds that JSON (``ui.scorebook["state"]``) and
saves it under SHEET_KEY — its own key, never the game's save.  Nothing here scores.

``Book(controller)`` is what the intents call (INTENTS below, merged into
intents.INTENTS); ``field()`` takes the form's fields (ids ``sb-*``); the dialogs are
render_scorebook (the sheet) and render_stats (the statistics).

The UI state (``ui.scorebook``)::

    {"mode": "loading" | "setup" | "sheet", "state": the sheet op's last reply,
     "form": the entry being typed, "editing": None or the deal index being edited,
     "ctx": what the form's deal is (its dealer, who plays, the barrel...: the reply's
     "context"), "errors": {field id: text}, "error": text, "share_url", "share_status",
     "setup": {"dealer": seat, "start": [typed starting scores]}}

Statistics: when a game on the table ends, ``record_game`` asks the worker for its summary
(stats.game_summary) and appends it to STATS_KEY, once per game.  Hook for the deal review
(item 1): ``controller.review_lost`` maps a deal number of the game on the table to the
points the human lost in it by the review; the review fills it, and the summary of the game
carries their sum (``lost``) and count (``reviewed``) — the statistics' "points lost per
deal" and its line in the chart.
"""
import json

from . import messages, persist
from .i18n import Text

SHEET_KEY = "thousand.sheet"             # {"v": 1, "sheet": ScoreSheet.to_json()}
SHEET_PREVIOUS_KEY = "thousand.sheet.previous"   # the sheet a new one replaced
SHEET_BACKUP_KEY = "thousand.sheet.backup"       # a stored sheet that could not be read
STATS_KEY = "thousand.stats"             # [stats.game_summary + {"game": id}, ...]
SHEET_VERSION = 1
MAX_STATS = 500                          # the newest games kept
MAX_LINK_CHARS = 60000                   # a #sheet= text (scoresheet.MAX_LINK)
SUITS = ("S", "C", "D", "H")
KINDS = ("played", "conceded", "redeal")
# the engine's field of a refused entry -> the form's field that shows the reason
FIELD_IDS = {"declarer": "sb-declarer", "contract": "sb-contract", "points": "sb-points",
             "no_trick": "sb-points", "marriages": "sb-melds", "blind": "sb-blind",
             "conceded": "sb-kind", "redeal": "sb-kind", "four_nines": "sb-nines",
             "sitter": "sb-talon-points", "result": "sb-result"}


def to_int(text):
    """A typed whole number, or None."""
    s = str(text).strip().replace("−", "-")
    if not s:
        return None
    neg = s.startswith("-")
    digits = s[1:] if neg else s
    if not digits.isdigit() or len(digits) > 6:
        return None
    return -int(digits) if neg else int(digits)


HEX = "0123456789abcdefABCDEF"


def rules_code_of(text):
    """A rules code from what the player pasted: a share link (``…#rules=CODE``, its
    %-escapes undone) or the code itself."""
    text = str(text).strip()
    if "rules=" in text:
        text = text.split("rules=", 1)[1].split("&")[0]
    out = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "%" and i + 2 < len(text) and text[i + 1] in HEX and text[i + 2] in HEX:
            v = int(text[i + 1:i + 3], 16)
            if v < 128:
                out.append(chr(v))
                i += 3
                continue
        out.append(ch)
        i += 1
    return "".join(out)[:2000]


def blank_form(ctx, n):
    """The entry form of a deal: first hand declares 100 (need on the barrel), made."""
    decl = ctx.get("golden_declarer")
    if decl is None:
        decl = ctx.get("first_hand", 0)
    on = (ctx.get("on_barrel") or [False] * n)
    contract = ctx.get("need", 120) if decl < len(on) and on[decl] else 100
    return {"kind": "played", "declarer": str(decl), "contract": str(contract),
            "result": "made", "blind": False, "points": [""] * n, "melds": [[] for _ in range(n)],
            "nines": [False] * n, "trick": [False] * n, "talon_points": "",
            "talon_marriage": ""}


def form_of(entry, ctx, n):
    """An entry of the sheet back into the form (to edit it)."""
    f = blank_form(ctx, n)
    if not isinstance(entry, dict):
        return f
    if entry.get("redeal"):
        f["kind"] = "redeal"
        return f
    f["kind"] = "conceded" if entry.get("conceded") else "played"
    if entry.get("declarer") is not None:
        f["declarer"] = str(entry["declarer"])
    if entry.get("contract"):
        f["contract"] = str(entry["contract"])
    f["blind"] = bool(entry.get("blind"))
    pts = entry.get("points") or []
    melds = entry.get("marriages") or []
    no_trick = entry.get("no_trick") or []
    for s in range(n):
        if s < len(pts) and pts[s] is not None:
            f["points"][s] = str(pts[s])
        if s < len(melds) and isinstance(melds[s], list):
            f["melds"][s] = [m for m in melds[s] if isinstance(m, str)]
        if s < len(no_trick) and no_trick[s] is False and f["points"][s] in ("", "0") \
                and not f["melds"][s]:
            f["trick"][s] = True
    for s in entry.get("four_nines") or []:
        if isinstance(s, int) and 0 <= s < n:
            f["nines"][s] = True
    sitter = entry.get("sitter")
    if isinstance(sitter, dict):
        f["talon_points"] = str(sitter.get("talon_points", ""))
        f["talon_marriage"] = sitter.get("marriage") or ""
    return f


def derived_points(form, ctx, n):
    """The declarer's card points as the rest of the deck (None when they are typed, or
    an other's points are not a number yet)."""
    decl = to_int(form.get("declarer"))
    if not ctx.get("derive") or not ctx.get("bidding") or decl is None:
        return None
    total = 0
    for s in ctx.get("playing") or []:
        if s == decl:
            continue
        v = to_int(form["points"][s])
        if v is None:
            return None
        total += v
    return ctx.get("deck", 120) - total


def build_entry(form, ctx, n, t):
    """The form -> (entry for ScoreSheet, "made"/"failed"/None, {field id: error}).  Only
    what a form must check (whole numbers in range); the rules are the engine's."""
    errors = {}
    kind = form.get("kind") if form.get("kind") in KINDS else "played"
    if kind == "redeal":
        return {"redeal": True}, None, errors
    playing = ctx.get("playing") or list(range(n))
    decl = None
    if ctx.get("bidding"):
        decl = ctx.get("golden_declarer")
        if decl is None:
            decl = to_int(form.get("declarer"))
        if decl not in playing:
            errors["sb-declarer"] = t("sb_err_declarer")
    entry = {"declarer": decl}
    if decl is not None:
        c = to_int(form.get("contract"))
        if c is None or not 100 <= c <= ctx.get("max_bid", 300):
            errors["sb-contract"] = t("sb_err_contract", max=ctx.get("max_bid", 300),
                                      step=ctx.get("bid_step", 5))
        entry["contract"] = c
    else:
        entry["contract"] = 0
    if kind == "conceded":
        entry["conceded"] = True
    if form.get("blind") and ctx.get("blind") and decl is not None:
        entry["blind"] = True
    if ctx.get("four_nines"):
        entry["four_nines"] = [s for s in playing if form["nines"][s]]
    if kind == "played":
        points = [None] * n
        for s in playing:
            if s == decl and ctx.get("derive"):
                continue
            v = to_int(form["points"][s])
            if v is None or not 0 <= v <= ctx.get("deck", 120):
                errors["sb-points-" + str(s)] = t("sb_err_points", deck=ctx.get("deck", 120))
            points[s] = v
        entry["points"] = points
        entry["marriages"] = [list(form["melds"][s]) if s in playing else [] for s in range(n)]
        if ctx.get("tricks_matter"):
            derived = derived_points(form, ctx, n)
            no_trick = []
            for s in range(n):
                pts = derived if (s == decl and points[s] is None) else points[s]
                no_trick.append(s in playing and pts == 0 and not form["melds"][s]
                                and not form["trick"][s])
            entry["no_trick"] = no_trick
    if ctx.get("sitter") and kind != "redeal":
        tp = to_int(form.get("talon_points") or "0")
        if tp is None or not 0 <= tp <= 33:
            errors["sb-talon-points"] = t("sb_err_talon")
        m = form.get("talon_marriage")
        entry["sitter"] = {"talon_points": tp, "marriage": m if m in SUITS else None}
    result = form.get("result") if kind == "played" and decl is not None else None
    return entry, result, errors


def refusal(info, ctx, t):
    """The engine's reason for refusing an entry: (field id, text in the player's words).
    A reason about a later deal (an edit it no longer fits: a barrel, the game over
    earlier) is said of that deal, by the form."""
    info = info if isinstance(info, dict) else {}
    fid, text = _refusal(info, ctx, t)
    deal = (info.get("params") or {}).get("deal")
    if isinstance(deal, int) and deal != ctx.get("deal", 0) + 1:
        return "sb-form", t("sb_err_later", n=deal, why=text)
    return fid, text


def _refusal(info, ctx, t):
    code = info.get("code")
    params = info.get("params") or {}
    field = params.get("field")
    fid = FIELD_IDS.get(field, "sb-form")
    if code == "sheet_result_mismatch":
        key = "sb_err_made" if params.get("outcome") == "made" else "sb_err_failed"
        return "sb-result", t(key, points=params.get("points"), contract=params.get("contract"))
    if field == "points" and "total" in params:
        return "sb-points", t("sb_err_total", total=params["total"], deck=ctx.get("deck", 120))
    if field == "points" and isinstance(params.get("seat"), int):
        return "sb-points-" + str(params["seat"]), t("sb_err_points", deck=ctx.get("deck", 120))
    if field == "contract":
        return fid, t("sb_err_contract_rules", need=ctx.get("need", 120),
                      max=ctx.get("max_bid", 300), step=ctx.get("bid_step", 5))
    if field == "declarer":
        return fid, t("sb_err_declarer")
    return fid, messages.explain(t, info)


class Book:
    def __init__(self, ctrl):
        self.c = ctrl

    # ---- helpers -----------------------------------------------------------------------
    @property
    def ui(self):
        return self.c.ui

    def b(self):
        if self.ui.scorebook is None:
            self.ui.scorebook = {"mode": "loading", "state": None, "form": None,
                                 "editing": None, "ctx": {}, "errors": {}, "error": "",
                                 "share_url": "", "share_status": "",
                                 "setup": {"dealer": 0, "start": [""] * 6}}
        return self.ui.scorebook

    def t(self):
        st = self.b().get("state") or {}
        return Text(self.ui.lang, st.get("names") or [])

    def stored(self):
        """The sheet kept in storage (its JSON), or None; a stored text that is not a sheet
        envelope is copied to SHEET_BACKUP_KEY, never lost."""
        raw = persist.get(self.c.storage, SHEET_KEY)
        if raw is None:
            return None
        try:
            data = json.loads(raw)
        except Exception:  # noqa: BLE001 - ValueError, MicroPython's errors
            data = None
        if isinstance(data, dict) and data.get("v") == SHEET_VERSION and isinstance(data.get("sheet"), dict):
            return data["sheet"]
        self.keep_bad(raw)
        return None

    def keep_bad(self, raw):
        try:
            self.c.storage.setItem(SHEET_BACKUP_KEY, raw)
        except Exception:  # noqa: BLE001 - full storage: the notice still says it
            pass
        self.ui.notice("sheet-corrupt", self.c.t("sb_corrupt", key=SHEET_BACKUP_KEY))

    def keep_previous(self):
        """The stored sheet, before a new one or a link's replaces it: kept aside."""
        old = persist.get(self.c.storage, SHEET_KEY)
        if old is not None:
            try:
                self.c.storage.setItem(SHEET_PREVIOUS_KEY, old)
            except Exception:  # noqa: BLE001 - full storage: the new sheet still opens
                pass

    def save(self):
        st = self.b().get("state")
        if not st:
            return
        text = json.dumps({"v": SHEET_VERSION, "sheet": st["sheet"]})
        try:
            self.c.storage.setItem(SHEET_KEY, text)
        except Exception as e:  # noqa: BLE001 - QuotaExceededError: the sheet stays on screen
            self.c.page.log("sheet not saved: " + str(e)[:200])
            self.ui.notice("sheet-quota", self.c.t("sb_not_saved"), actions=[("sb_export", "sb-export")])
            return
        self.ui.drop_notice("sheet-quota")

    def adopt(self, reply, index=None):
        """A reply of the sheet op: on screen, and a fresh form for its context."""
        b = self.b()
        b["state"] = reply
        b["mode"] = "sheet"
        b["ctx"] = reply.get("context") or {}
        b["editing"] = index
        n = reply.get("players") or len(reply.get("names") or [])
        if index is None:
            b["form"] = blank_form(b["ctx"], n)
        else:
            deals = (reply.get("sheet") or {}).get("deals") or []
            b["form"] = form_of(deals[index] if index < len(deals) else None, b["ctx"], n)
        b["errors"] = {}
        b["error"] = ""
        b["share_url"] = ""
        b["share_status"] = ""

    def stored_changed(self):
        """Another tab wrote the sheet (the last write wins): show that one, unless a deal is
        being edited here (then the next write here wins)."""
        b = self.ui.scorebook
        if b is None or b.get("mode") != "sheet" or b.get("editing") is not None:
            return
        self.c.spawn(self._reload_stored())

    async def _reload_stored(self):
        sheet = self.stored()
        b = self.b()
        if sheet is None or sheet == (b.get("state") or {}).get("sheet"):
            return
        r = await self.c.request("sheet", do="load", sheet=sheet)
        if r.get("ok") and b.get("editing") is None:
            self.adopt(r)
            self.c.draw()

    # ---- opening -----------------------------------------------------------------------
    def open(self):
        """The score-sheet dialog: the sheet on screen, the stored one, or a new one."""
        ui = self.ui
        ui.overlay = "scorebook"
        ui.draft = None
        b = self.b()
        if b["mode"] == "sheet" and b.get("state"):
            return None
        return self._open()

    async def _open(self):
        sheet = self.stored()
        if sheet is not None:
            r = await self.c.request("sheet", do="load", sheet=sheet)
            if r.get("ok"):
                self.adopt(r)
                return
            self.keep_bad(persist.get(self.c.storage, SHEET_KEY) or "")
        await self.setup()

    async def setup(self):
        """The form of a new sheet: players and their names, the rules (the settings'
        preset and conventions, or a #rules= link's), who deals first, starting scores."""
        ui = self.ui
        b = self.b()
        st = b.get("state") or {}
        conv = st.get("conventions")
        if not isinstance(conv, dict):
            r = await self.c.request("rules", code=self.c.settings.get("rules") or "classic")
            conv = r.get("dict") if isinstance(r.get("dict"), dict) else {"preset": "classic"}
        names = list(st.get("names") or [])
        names = (names + [""] * 6)[:6]
        ui.draft = {"conv": dict(conv), "names": names, "error": "", "field_errors": {},
                    "scorebook": True}
        b["setup"] = {"dealer": 0, "start": [""] * 6}
        b["mode"] = "setup"
        b["error"] = ""
        b["errors"] = {}
        ui.overlay = "scorebook"

    async def rules_from_link(self):
        """The setup's rules from a pasted #rules= link (or code), read as leniently as a
        link that opens the table: what is wrong is named by the field, the rest applies."""
        d = self.ui.draft
        b = self.b()
        if d is None:
            return
        text = b["setup"].get("link") or ""
        if not text.strip():
            return
        r = await self.c.request("rules", code=rules_code_of(text))
        t = Text(self.ui.lang)
        errors = r.get("errors") or []
        if errors:
            b["errors"]["sb-rules-link"] = t("link_ignored", what=messages.link_problems(t, errors))
        if isinstance(r.get("dict"), dict):
            d["conv"] = dict(r["dict"])
            d["field_errors"] = {}
            d["error"] = ""

    def new_sheet(self):
        self.ui.overlay = "scorebook"
        return self.setup()

    async def start(self):
        """Start the sheet set up in the form (the stored one, if any, is kept aside)."""
        ui = self.ui
        b = self.b()
        d = ui.draft
        if d is None:
            return
        code = await self.c.draft_code()
        if code is None:
            return
        from .render_dialogs import draft_players
        n = draft_players(d, ui)
        t = Text(ui.lang)
        names = []
        for i in range(n):
            x = d["names"][i].strip() if i < len(d["names"]) else ""
            names.append(x or t("player_n", n=i + 1))
        scores = []
        errors = {}
        for i in range(n):
            typed = b["setup"]["start"][i] if i < len(b["setup"]["start"]) else ""
            v = to_int(typed) if str(typed).strip() else 0
            if v is None or v % 5:
                errors["sb-start-" + str(i)] = t("sb_err_start")
            scores.append(v)
        b["errors"] = errors
        if errors:
            return
        dealer = b["setup"].get("dealer", 0)
        r = await self.c.request("sheet", do="new", rules=code, names=names,
                                 first_dealer=dealer if isinstance(dealer, int) and dealer < n else 0,
                                 start_scores=scores)
        if not r.get("ok"):
            b["error"] = messages.explain(t, r.get("info"))
            return
        self.keep_previous()
        ui.draft = None
        self.adopt(r)
        self.save()

    # ---- entering deals ----------------------------------------------------------------
    async def submit(self):
        b = self.b()
        st = b.get("state")
        if not st or b.get("form") is None:
            return
        t = self.t()
        n = st.get("players") or len(st.get("names") or [])
        entry, result, errors = build_entry(b["form"], b["ctx"], n, t)
        b["errors"] = errors
        b["error"] = ""
        if errors:
            b["error"] = t("sb_err_form")
            return
        index = b.get("editing")
        if index is None:
            r = await self.c.request("sheet", do="add", sheet=st["sheet"], entry=entry, result=result)
        else:
            r = await self.c.request("sheet", do="edit", sheet=st["sheet"], index=index,
                                     entry=entry, result=result)
        if not r.get("ok"):
            fid, text = refusal(r.get("info"), b["ctx"], t)
            b["errors"] = {fid: text}
            # by its field; by the button too, in short, if the field is elsewhere
            b["error"] = text if fid == "sb-form" else t("sb_err_form")
            return
        self.adopt(r)
        self.save()

    async def undo(self):
        st = self.b().get("state")
        if not st or not (st.get("sheet") or {}).get("deals"):
            return
        r = await self.c.request("sheet", do="undo", sheet=st["sheet"])
        if r.get("ok"):
            self.adopt(r)
            self.save()

    async def edit(self, index):
        st = self.b().get("state")
        deals = ((st or {}).get("sheet") or {}).get("deals") or []
        if not isinstance(index, int) or not 0 <= index < len(deals):
            return
        r = await self.c.request("sheet", do="context", sheet=st["sheet"], index=index)
        if r.get("ok"):
            self.adopt(r, index)

    def cancel_edit(self):
        st = self.b().get("state")
        if st:
            b = self.b()
            b["editing"] = None
            return self._reload()
        return None

    async def _reload(self):
        st = self.b()["state"]
        r = await self.c.request("sheet", do="load", sheet=st["sheet"])
        if r.get("ok"):
            self.adopt(r)

    # ---- file, link, print -------------------------------------------------------------
    def export_file(self):
        st = self.b().get("state")
        if not st:
            return
        self.c.page.download("thousand-sheet-" + self.c.page.date_stamp() + ".json",
                             persist.export_text(st["sheet"]))

    async def import_file(self, source):
        """A sheet file (what export_file writes): checked by the engine, else a notice."""
        t = Text(self.ui.lang)
        try:
            text = await self.c.page.read_file(source)
            data = persist.loads(text if isinstance(text, str) else "")
        except Exception as e:  # noqa: BLE001 - unreadable, not JSON
            self.ui.notice("sheet-import", self.c.t("sb_import_failed", why=str(getattr(e, "detail", e))[:200]))
            return
        r = await self.c.request("sheet", do="load", sheet=data)
        if not r.get("ok"):
            self.ui.notice("sheet-import", self.c.t("sb_import_failed", why=messages.explain(t, r.get("info"))))
            return
        self.ui.drop_notice("sheet-import")
        self.keep_previous()
        self.adopt(r)
        self.save()

    async def share(self):
        b = self.b()
        st = b.get("state")
        if not st:
            return
        loc = self.c.page.location()
        b["share_url"] = loc["origin"] + loc["pathname"] + "#sheet=" + st["link"]
        status = await self.c.page.share(b["share_url"], self.c.t("sb_title"))
        b["share_status"] = status if status in ("copied", "shared") else "manual"

    def print_sheet(self):
        self.c.page.print_page()

    # ---- a #sheet= link ------------------------------------------------------------------
    async def apply_link(self, text):
        """A sheet from a link: checked by the engine; a bad one is a short notice and
        changes nothing.  A good one opens; it replaces a stored sheet only if the player
        says so (the link-pending notice)."""
        t = Text(self.ui.lang)
        if not isinstance(text, str) or len(text) > MAX_LINK_CHARS:
            self.ui.notice("sheet-link", self.c.t("sb_link_bad", why=t("err:bad_sheet_link")))
            return
        r = await self.c.request("sheet", do="link", text=text)
        if not r.get("ok"):
            why = messages.explain(t, r.get("info"))
            self.ui.notice("sheet-link", self.c.t("sb_link_bad", why=why[:200]))
            return
        mine = self.stored()
        if mine is not None and mine.get("deals") and mine != r["sheet"]:
            self.pending = r
            self.ui.notice("sheet-pending", self.c.t("sb_link_pending"),
                           actions=[("sb_link_open", "sb-link-open"), ("sb_link_keep", "sb-link-keep")])
            return
        self.take_link(r)

    pending = None

    def take_link(self, reply):
        self.keep_previous()
        self.adopt(reply)
        self.save()
        self.ui.drop_notice("sheet-pending")
        self.ui.notice("sheet-ok", self.c.t("sb_link_ok"))
        self.ui.overlay = "scorebook"
        self.ui.draft = None

    def link_open(self):
        if self.pending is not None:
            self.take_link(self.pending)
            self.pending = None

    def link_keep(self):
        self.pending = None
        self.ui.drop_notice("sheet-pending")

    # ---- statistics ----------------------------------------------------------------------
    def summaries(self):
        raw = persist.get(self.c.storage, STATS_KEY)
        if not raw:
            return []
        try:
            data = json.loads(raw)
        except Exception:  # noqa: BLE001
            return []
        return data if isinstance(data, list) else []

    async def record_game(self):
        """The game on the table has ended: its summary joins the statistics (once)."""
        c = self.c
        game = c.saves.game_id or ""
        old = self.summaries()
        if game and any(isinstance(s, dict) and s.get("game") == game for s in old):
            return
        lost = c.review_lost
        level = c.settings.get("level") or "normal"
        r = await c.request("stats_summary", level=level, when=c.page.date_stamp(),
                            lost=sum(int(v) for v in lost.values()), reviewed=len(lost))
        if not r.get("ok"):
            c.page.log("stats: " + str(r.get("why", ""))[:200])
            return
        s = r["summary"]
        s["game"] = game
        old.append(s)
        try:
            c.storage.setItem(STATS_KEY, json.dumps(old[-MAX_STATS:]))
        except Exception as e:  # noqa: BLE001 - full storage: statistics are not essential
            c.page.log("stats not saved: " + str(e)[:200])
        if self.ui.overlay == "stats":
            await self.load_stats()

    def open_stats(self):
        self.ui.overlay = "stats"
        self.ui.draft = None
        self.ui.stats = {"status": "pending"}
        return self.load_stats()

    async def load_stats(self):
        r = await self.c.request("stats", summaries=self.summaries())
        if r.get("ok"):
            self.ui.stats = {"status": "done", "stats": r["stats"]}
        else:
            self.ui.stats = {"status": "error"}


def field(c, fid, value, checked=None):
    """A field of the score-sheet dialog changed (ids ``sb-*``)."""
    b = c.ui.scorebook
    if b is None:
        return
    b["errors"].pop(fid, None)
    if fid == "sb-dealer":
        v = to_int(value)
        b["setup"]["dealer"] = v if v is not None and v >= 0 else 0
        return
    if fid == "sb-rules-link":
        b["setup"]["link"] = value[:4000]
        return
    if fid.startswith("sb-start-"):
        i = to_int(fid[9:])
        if i is not None and 0 <= i < len(b["setup"]["start"]):
            b["setup"]["start"][i] = value[:7]
        return
    f = b.get("form")
    if f is None:
        return
    b["error"] = ""
    if fid == "sb-kind":
        f["kind"] = value if value in KINDS else "played"
    elif fid in ("sb-declarer", "sb-contract", "sb-result", "sb-talon-points", "sb-talon-marriage"):
        f[fid[3:].replace("-", "_")] = value[:7]
        if fid == "sb-declarer":
            b["errors"].pop("sb-points", None)
    elif fid == "sb-blind":
        f["blind"] = bool(checked)
    elif fid.startswith("sb-points-"):
        s = to_int(fid[10:])
        if s is not None and 0 <= s < len(f["points"]):
            f["points"][s] = value[:4]
            b["errors"].pop("sb-points", None)
    elif fid.startswith("sb-meld-"):
        parts = fid.split("-")          # sb-meld-SEAT-SUIT
        s = to_int(parts[2]) if len(parts) == 4 else None
        if s is not None and 0 <= s < len(f["melds"]):
            suit = parts[3]
            melds = [m for m in f["melds"][s] if m != suit]
            if checked:
                melds.append(suit)
            f["melds"][s] = melds
            b["errors"].pop("sb-melds", None)
    elif fid.startswith("sb-nines-") or fid.startswith("sb-trick-"):
        s = to_int(fid[9:])
        key = "nines" if fid.startswith("sb-nines-") else "trick"
        if s is not None and 0 <= s < len(f[key]):
            f[key][s] = bool(checked)


def _edit(c, data):
    v = to_int(data.get("value") or "")
    return c.book.edit(v) if v is not None else None


INTENTS = {
    "scorebook": lambda c, data: c.book.open(),
    "sb-new": lambda c, data: c.book.new_sheet(),
    "sb-start": lambda c, data: c.book.start(),
    "sb-rules-link": lambda c, data: c.book.rules_from_link(),
    "sb-add": lambda c, data: c.book.submit(),
    "sb-undo": lambda c, data: c.book.undo(),
    "sb-edit": _edit,
    "sb-cancel-edit": lambda c, data: c.book.cancel_edit(),
    "sb-export": lambda c, data: c.book.export_file(),
    "sb-import": lambda c, data: c.page.pick_file("sb-import-file"),
    "sb-share": lambda c, data: c.book.share(),
    "sb-print": lambda c, data: c.book.print_sheet(),
    "sb-link-open": lambda c, data: c.book.link_open(),
    "sb-link-keep": lambda c, data: c.book.link_keep(),
    "stats": lambda c, data: c.book.open_stats(),
}
