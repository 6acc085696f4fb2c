"""The engine side of the table: the one place that holds a ``Game`` and the bots.

It runs in the Pyodide worker (web/engine-worker.mjs), and in tests under CPython.  The table
(thousand.web.controller, on the main thread) speaks to it only in JSON:

    request  {"op": "act", "action": "play QH", ...}
    reply    {"ok": true, "view": {...}, "record": {...}, ...}
             {"ok": false, "error": "illegal", "why": "must follow suit (§3.7)",
              "info": {"code": "must_follow_suit", "params": {"section": "3.7"}, "message": …}}

An engine error crosses as ``info`` (``to_json()``: its code and params, which the table
translates, thousand.web.messages); ``why`` is the English text, for logs.

Every reply that changes the game carries the human's ``view`` (``Game.view(HUMAN)``) and
the §9 ``record`` (what the table saves), and, when a deal has just ended, ``deal_view``:
the human's view of that finished deal for the summary.  The ops (``OPS``):

    hello                       package version, conventions catalog, presets (every one the
                                engine plays: the table chooses what it offers), the bot
                                levels the table offers, and the phase table (each phase a
                                player is asked in, in a deal's order: flow.phase_table)
    new {rules, names, seed, first_dealer}
    load {record}               replay a saved record ("error": "record" if it cannot be)
    act {action}                the human's action (§9 text)
    bot {level, budget}         the bot on turn chooses and its action is applied
    hint {budget}               the hard bot's advice for the human: {action, estimate}
    rules {code}                a share link's code read leniently: {code, dict, problems,
                                errors (each problem's code and params)}
    draft {preset, changes}     settings form -> conventions {code, dict} or "error" (info:
                                the ConventionError's code and params, naming the field)
    preset {preset}             a preset's conventions as a dict
    bench_bots {deals, seed}    hard-bot timings for scripts/bench_bot_web.py
    bench_ponder {deals, seed, pace_ms, trick_pause_ms, human_ms, ponder}
                                the hard bots on the table's clock, for scripts/bench_ponder.py --browser
    review_start {deal, worlds} the deal review (thousand.bots.review.Review) of a finished deal
                                of the game for the human: {review: id, done: 0, total}
    review_step {review}        one judged decision more: {done, total, finished}; once
                                finished also {result: review()'s answer, deal_view}
    review_stop {review}        forget that review (the player closed it)
    challenge_make {deal, level, name}   "play this deal" for a friend: {text} (challenge.encode)
    challenge_check {text}      a #challenge= link checked: {challenge} or "error": "challenge"
    challenge_start {text}      the challenge's deal as a fresh game, the human at seat 0
    sheet, stats_summary, stats the score sheet of a real game and the statistics
                                (thousand.web.sheet_service: stateless, never the game)

New ops (redeal, blind, talon choices…) need no new op: they are actions, sent with ``act``.
"""
from __future__ import annotations

import json
import time

from thousand import Conventions, ConventionError, Game, IllegalAction, PRESETS
from thousand.bots import LEVELS, TABLE_LEVELS
from thousand.errors import ThousandError
from thousand.flow import phase_table

from .budget import HARD_BUDGET, HINT_BUDGET

HUMAN = 0
REVIEW_WORLDS = 8


def package_version() -> str:
    try:
        from importlib.metadata import version
        return version("thousand")
    except Exception:  # noqa: BLE001 - run from a source tree without metadata
        return "source"


def reset() -> None:
    """Forget the game (the worker calls it after restoring a memory snapshot, which was
    taken with the first visit's game in memory)."""
    global _service
    _service = None


def fallback_choice(view: dict) -> str:
    """A legal move without any bot (only if the bots package itself fails)."""
    legal = list(view.get("legal") or [])
    if not legal:
        raise ValueError("no legal action")
    if "pass" in legal and view.get("phase") == "bidding":
        return "pass"
    contracts = [a for a in legal if a.startswith("contract ")]
    return contracts[0] if contracts else legal[0]


class Service:
    def __init__(self):
        self.game: Game | None = None
        self.seed = 0
        self._bots: dict = {}
        self._review = None        # (id, Review, that deal's finished view of the human)
        self._review_id = 0
        # pondering (``ponder``): the level the table asks for, and the positions to think on
        self._ponder_level: str | None = None
        self._ponder_key = None
        self._ponder_list: list = []
        self._ponder_turn = 0

    # ---- the one entry point ----------------------------------------------------------
    def handle(self, request: str) -> str:
        """One JSON request -> one JSON reply (never raises)."""
        try:
            req = json.loads(request)
            op = req.get("op")
            fn = OPS.get(op)
            if fn is None:
                return json.dumps({"ok": False, "error": "op", "why": f"unknown op {op!r}"})
            out = fn(self, req)
            out.setdefault("ok", True)
            if "id" in req:
                out["id"] = req["id"]
            return json.dumps(out)
        except IllegalAction as e:
            return json.dumps({"ok": False, "error": "illegal", "why": str(e), "info": e.to_json()})
        except Exception as e:  # noqa: BLE001 - a reply, never a dead worker
            return json.dumps({"ok": False, "error": "internal", "why": f"{type(e).__name__}: {e}"})

    # ---- replies ----------------------------------------------------------------------
    def state(self, before_deals: int | None = None) -> dict:
        g = self.game
        out = {"view": g.view(HUMAN), "record": g.to_record()}
        if before_deals is not None and len(g.sheet) > before_deals:
            row = g.sheet[-1]
            out["deal_view"] = g.deal_view(row["deal"], HUMAN) if not g.finished else None
        return out

    def _need_game(self):
        if self.game is None:
            raise IllegalAction("no game")
        return self.game

    # ---- ops --------------------------------------------------------------------------
    def op_hello(self, req) -> dict:
        catalog = Conventions.catalog()
        values = {}
        for p in PRESETS:
            conv = Conventions.from_preset(p)
            values[p] = {item["id"]: getattr(conv, item["id"]) for item in catalog}
        return {"version": package_version(), "catalog": catalog,
                "presets": list(PRESETS), "preset_values": values,
                "levels": list(TABLE_LEVELS), "phases": phase_table()}

    def op_new(self, req) -> dict:
        try:
            conv = Conventions.from_code(str(req.get("rules") or "classic"))
        except ConventionError:
            conv = Conventions()
        given = req.get("names") if isinstance(req.get("names"), list) else []
        n = conv.players
        names = []
        for s in range(n):
            x = given[s] if s < len(given) and isinstance(given[s], str) else ""
            names.append(x.strip() or f"P{s}")
        self.seed = int(req.get("seed") or 1)
        dealer = req.get("first_dealer")
        if not isinstance(dealer, int) or not 0 <= dealer < n:
            dealer = n - 1
        self.game = Game.new(conventions=conv, names=names, first_dealer=dealer, seed=self.seed)
        self._bots = {}
        return self.state()

    def op_load(self, req) -> dict:
        record = req.get("record")
        try:
            if not isinstance(record, dict):
                raise TypeError("no game record")
            g = Game.from_record(record)
        except Exception as e:  # noqa: BLE001 - RecordError, IllegalAction, ConventionError, …
            return {"ok": False, "error": "record", "why": f"{type(e).__name__}: {e}",
                    "info": e.to_json() if isinstance(e, ThousandError) else None}
        self.game = g
        self.seed = int(record.get("seed") or 0) if isinstance(record.get("seed"), int) else 0
        self._bots = {}
        return self.state()

    def op_act(self, req) -> dict:
        g = self._need_game()
        before = len(g.sheet)
        g.apply(str(req.get("action")))
        return self.state(before)

    def bot(self, level: str, seat: int, budget: float | None = None):
        """The bot of this level at this seat, one per game (what it pondered is kept in
        it), thinking `budget` seconds a decision (the hard bot; None: as it was)."""
        key = (level, seat)
        bot = self._bots.get(key)
        if bot is None:
            from thousand.bots import make_bot
            options = {"budget": HARD_BUDGET} if level == "hard" else {}
            bot = self._bots[key] = make_bot(level, seed=self.seed * 7 + seat, **options)
        if budget and hasattr(bot, "set_budget"):
            bot.set_budget(float(budget))
        return bot

    # ---- thinking between requests (the worker calls ``ponder`` whenever it is idle) ----
    def ponder(self, ms: float) -> bool:
        """Think about `ms` milliseconds on a bot decision that is coming, and say whether
        there is more to think on.  The next bot on turn thinks on its own position (the
        table is showing the last move; the request for this one comes after that pause);
        on the human's turn, the bot after him thinks on the position each of his cards
        would leave, the one the careful bot would play most (half of the time), the others
        in turn (and while he names his contract, on his first lead after the contract the
        careful bot would name; while he bids, on its own bid after the careful bot's
        answer, his pass and his lowest bid).  The bots of the level the table last asked
        for; those that cannot ponder (all but the hard bot) are not asked.  What a bot found
        is used only if the position comes (``HardBot.ponder``)."""
        targets = self._ponder_targets()
        if not targets:
            return False
        self._ponder_turn += 1
        i = 0 if self._ponder_turn % 2 or len(targets) == 1 else \
            1 + (self._ponder_turn // 2) % (len(targets) - 1)
        bot, view = targets[i]
        if not bot.ponder(view, until=time.perf_counter() + ms / 1000):
            targets.pop(i)
        return bool(targets)

    def _ponder_targets(self) -> list:
        """[(bot, view)] to ponder on for the game's position now (worked out once per
        position; emptied as each is thought through)."""
        g = self.game
        if g is None or self._ponder_level is None:
            return []
        # the position: the game and how many actions its deals hold (the view's action_count)
        key = (id(g), sum(len(d.actions) for d in g.deals), self._ponder_level)
        if self._ponder_key == key:
            return self._ponder_list
        self._ponder_key, self._ponder_list = key, []
        seat = g.current_seat
        if g.finished or seat is None:
            return []
        level = self._ponder_level
        if seat != HUMAN:
            bot = self.bot(level, seat)
            if hasattr(bot, "ponder"):
                self._ponder_list.append((bot, g.view(seat)))
            return self._ponder_list
        view = g.view(HUMAN)
        if view.get("phase") == "contract":
            # his lead comes next: the bot after him thinks on his answer to each first card
            # of the contract the careful bot would name (the lowest where it would concede;
            # the first trick's decisions are the longest searches of a deal, the ones the
            # clock stops)
            named = [a for a in view["legal"] if a.startswith("contract")]
            if not named:
                return []
            likely = self._likely(view)
            g = g.copy()
            g.apply(likely if likely in named else named[0])
            if g.finished or g.current_seat != HUMAN:
                return []
            view = g.view(HUMAN)
        if view.get("phase") == "bidding":
            # the bot after him thinks on its bid after his likely answer, his pass and his
            # lowest bid (a close call's worlds; HardBot.ponder declines the others)
            guesses = (self._likely(view), "pass", f"bid {view.get('bid_min')}")
            legal = [a for a in dict.fromkeys(guesses) if a in view["legal"]]
        elif view.get("phase") == "play":
            legal = list(view["legal"])
            likely = self._likely(view)
            legal.sort(key=lambda a: a != likely)
        else:
            return []
        for action in legal:
            after = g.copy()
            after.apply(action)
            nxt = after.current_seat
            if nxt is None or nxt == HUMAN or after.finished:
                continue
            bot = self.bot(level, nxt)
            if hasattr(bot, "ponder"):
                self._ponder_list.append((bot, after.view(nxt)))
        return self._ponder_list

    def _likely(self, view: dict) -> str:
        """The human's most likely action at `view` (his): the careful bot's."""
        try:
            return self.bot("normal", HUMAN).choose(view)
        except Exception:  # noqa: BLE001 - the order of the guesses only
            return view["legal"][0]

    def op_bot(self, req) -> dict:
        g = self._need_game()
        seat = g.current_seat
        if seat is None or seat == HUMAN:
            return {"ok": False, "error": "turn", "why": f"seat {seat} is on turn"}
        level = req.get("level") if req.get("level") in LEVELS else "normal"
        self._ponder_level = level
        view = g.view(seat)
        bot = self.bot(level, seat, req.get("budget", HARD_BUDGET))
        try:
            action = bot.choose(view)
        except Exception as e:  # noqa: BLE001 - a broken bot still lets the game go on
            action = fallback_choice(view)
            problem = f"{type(e).__name__}: {e}"
        else:
            problem = None
        before = len(g.sheet)
        try:
            g.apply(action)
        except IllegalAction as e:
            problem = f"bot {seat} chose an illegal action {action!r}: {e}"
            action = fallback_choice(view)
            g.apply(action)
        out = self.state(before)
        out.update(action=action, seat=seat)
        if hasattr(bot, "pondered_nodes"):      # what it searched (benchmarks, the e2e tests)
            out["thought"] = {"nodes": bot.nodes, "pondered": bot.pondered_nodes}
        if problem:
            out["problem"] = problem
        return out

    def op_hint(self, req) -> dict:
        g = self._need_game()
        if g.current_seat != HUMAN:
            return {"ok": False, "error": "turn", "why": "not the human's turn"}
        from thousand.bots import hint
        res = hint(g.view(HUMAN), budget=float(req.get("budget") or HINT_BUDGET))
        return {"action": str(res["action"]), "estimate": res.get("estimate") or {},
                "action_count": g.view(HUMAN)["action_count"]}

    def op_rules(self, req) -> dict:
        code = str(req.get("code") or "")[:2000]
        try:
            conv, errors = Conventions.read_code(code)
        except Exception as e:  # noqa: BLE001
            conv, errors = Conventions(), [ConventionError(str(e))]
        return {"code": conv.to_code(), "dict": conv.to_dict(),
                "problems": [str(e) for e in errors], "errors": [e.to_json() for e in errors]}

    def op_preset(self, req) -> dict:
        return {"dict": Conventions.from_preset(str(req.get("preset"))).to_dict()}

    def op_draft(self, req) -> dict:
        preset = str(req.get("preset") or "classic")
        changes = req.get("changes") or {}
        try:
            base = Conventions.from_preset(preset)
            diff = {k: v for k, v in changes.items() if getattr(base, k, None) != v}
            conv = Conventions.from_preset(preset, **diff)
        except ConventionError as e:
            return {"ok": False, "error": "rules", "why": str(e), "info": e.to_json()}
        except (TypeError, ValueError) as e:
            return {"ok": False, "error": "rules", "why": str(e), "info": None}
        return {"code": conv.to_code(), "dict": conv.to_dict()}

    # ---- the deal review, in steps (issue 11) -----------------------------------------
    def op_review_start(self, req) -> dict:
        from thousand.bots.review import Review
        g = self._need_game()
        deal = req.get("deal")
        done = {row["deal"] for row in g.sheet}
        if type(deal) is not int or deal not in done:
            return {"ok": False, "error": "review", "why": f"deal {deal!r} is not finished"}
        worlds = req.get("worlds")
        worlds = worlds if type(worlds) is int and 1 <= worlds <= 32 else REVIEW_WORLDS
        try:
            r = Review(g.to_record(), deal, HUMAN, worlds=worlds, seed=self.seed)
        except ThousandError as e:
            return {"ok": False, "error": "review", "why": str(e), "info": e.to_json()}
        self._review_id += 1
        self._review = (self._review_id, r, g.deal_view(deal, HUMAN))
        return {"review": self._review_id, "deal": deal, "done": r.done, "total": r.total}

    def op_review_step(self, req) -> dict:
        if self._review is None or req.get("review") != self._review[0]:
            return {"ok": False, "error": "review", "why": "no such review"}
        rid, r, dv = self._review
        finished = r.step()
        out = {"review": rid, "done": r.done, "total": r.total, "finished": finished}
        if finished:
            out.update(result=r.result(), deal_view=dv)
            self._review = None
        return out

    def op_review_stop(self, req) -> dict:
        if self._review is not None and req.get("review") in (None, self._review[0]):
            self._review = None
        return {}

    # ---- deal challenges (issue 11) ----------------------------------------------------
    def op_challenge_make(self, req) -> dict:
        from thousand import challenge
        g = self._need_game()
        deal = req.get("deal")
        if type(deal) is not int or deal not in {row["deal"] for row in g.sheet}:
            return {"ok": False, "error": "challenge", "why": f"deal {deal!r} is not finished"}
        level = req.get("level") if req.get("level") in LEVELS else "normal"
        name = req.get("name") if isinstance(req.get("name"), str) else ""
        ch = challenge.make(g, deal, HUMAN, level, name.strip())
        return {"text": challenge.encode(ch), "result": ch["result"]}

    def _challenge(self, req):
        from thousand import challenge
        text = req.get("text")
        return challenge.decode(text[:challenge.MAX_TEXT + 1] if isinstance(text, str) else text)

    @staticmethod
    def _challenge_info(ch) -> dict:
        conv = Conventions.from_code(ch["rules"])
        return {"name": ch.get("name", ""), "result": ch.get("result"), "level": ch["level"],
                "rules": conv.to_code(), "dict": conv.to_dict(), "seat": ch["seat"],
                "players": conv.players}

    def op_challenge_check(self, req) -> dict:
        try:
            ch = self._challenge(req)
        except ThousandError as e:
            return {"ok": False, "error": "challenge", "why": str(e), "info": e.to_json()}
        return {"challenge": self._challenge_info(ch)}

    def op_challenge_start(self, req) -> dict:
        from thousand import challenge
        try:
            ch = self._challenge(req)
            g = challenge.start(ch, seat=HUMAN)
        except ThousandError as e:
            return {"ok": False, "error": "challenge", "why": str(e), "info": e.to_json()}
        given = req.get("names") if isinstance(req.get("names"), list) else []
        g.names = [(given[s].strip()[:24] if s < len(given) and isinstance(given[s], str) else "")
                   or g.names[s] for s in range(g.n)]
        self.game = g
        self.seed = int(req.get("seed") or 1) if type(req.get("seed")) is int else 1
        self._bots = {}
        self._review = None
        out = self.state()
        out["challenge"] = self._challenge_info(ch)
        return out

    def op_bench_bots(self, req) -> dict:
        from thousand.bots import make_bot
        from .botbench import play_hard
        seed = int(req.get("seed") or 1)
        bots = {}

        async def choose(seat, view):
            if seat not in bots:
                bots[seat] = make_bot("hard", seed=seed * 7 + seat, budget=HARD_BUDGET)
            return bots[seat].choose(view)
        return run_sync(play_hard(choose, int(req.get("deals") or 6), seed,
                                  lambda seat: bots[seat].nodes))

    def op_bench_ponder(self, req) -> dict:
        """A game on the table's clock with the worker's pondering (botbench.ponder_table), in
        a service of its own: the page's game is not touched."""
        from .botbench import ponder_table, spin
        out = ponder_table(int(req.get("deals") or 2), int(req.get("seed") or 1),
                           float(req["pace_ms"]), float(req["trick_pause_ms"]),
                           float(req.get("human_ms") or 2000), bool(req.get("ponder", True)),
                           sleep=spin)
        out["heap_mb"] = wasm_heap_mb()
        return out


def wasm_heap_mb() -> float | None:
    """The worker's WebAssembly memory (MB; it only grows, so it is the peak), None outside
    Pyodide."""
    try:
        import pyodide_js  # type: ignore[import-not-found]
        return round(pyodide_js._module.HEAPU8.length / 2**20, 1)
    except Exception:  # noqa: BLE001 - CPython, or a Pyodide that hides it
        return None


def run_sync(coro):
    """Drive a coroutine that never really suspends (no event loop in the worker call)."""
    try:
        while True:
            coro.send(None)
    except StopIteration as stop:
        return stop.value


OPS = {name[3:]: fn for name, fn in vars(Service).items() if name.startswith("op_")}
# the score sheet of a real game and the statistics (issue 11 items 3, 4): sheet_service.py
from .sheet_service import OPS as _SHEET_OPS  # noqa: E402
OPS.update(_SHEET_OPS)

_service: Service | None = None


def ponder(ms: float) -> bool:
    """The worker calls it while no request waits: think about `ms` ms on what is coming
    (``Service.ponder``); True if there is more to think on."""
    return _service is not None and _service.ponder(ms)


def handle(request: str) -> str:
    """The worker's entry point (web/engine-worker.mjs calls it with each message)."""
    global _service
    if _service is None:
        _service = Service()
    return _service.handle(request)
