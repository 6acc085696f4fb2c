"""The game (партия): one state object from the first deal to the end (RULES.md §3–§5, §9).

    g = Game.new(seed=7)
    while not g.finished:
        g.apply(g.legal_actions()[0])

``legal_actions()``/``apply()`` speak the §9 text notation; ``legal_moves()``/
``push()`` are the same with small ints (``thousand.actions``) for simulations.
``view(seat)`` is everything that seat may know — the only thing bots and the UI read.
"""
from __future__ import annotations

import copy

from . import actions as A
from . import bidding, giving, play, scoring
from .cards import name, cards_of, sort_key
from .conventions import Conventions
from .deal import Deal, BIDDING, GIVING, CONTRACT, PLAY, DONE, seeded_deal, explicit_deal
from .errors import IllegalAction, RecordError

FORMAT = "thousand/1"
OVER = "over"


def deal_seed(game_seed: int, number: int) -> int:
    """The seed of deal `number` of a game started with `game_seed` (deterministic)."""
    return (game_seed * 1_000_003 + number * 7_919 + 12_345) % 2_147_483_647


class Game:
    def __init__(self, conventions: Conventions | None = None, names=None,
                 first_dealer: int = 0, seed: int | None = 0):
        self.conv = conventions or Conventions()
        n = self.n = self.conv.players
        self.names = list(names) if names else ["You", "Bot 1", "Bot 2"][:n]
        if len(self.names) != n:
            raise RecordError(f"names: {n} names needed")
        if not (isinstance(first_dealer, int) and 0 <= first_dealer < n):
            raise RecordError(f"first_dealer must be a seat 0..{n - 1}")
        self.first_dealer = first_dealer
        self.seed = seed
        self.scores = [0] * n
        self.bolts = [0] * n
        self.on_barrel = [False] * n
        self.barrel_attempts = [0] * n
        self.barrel_falls = [0] * n
        self.concessions = [0] * n
        self.sheet: list[dict] = []
        self.deals: list[Deal] = []
        self.deal: Deal | None = None
        self.finished = False
        self.winner: int | None = None
        self._pending: list[dict] = []    # record deals not started yet (from_record)
        self.start: dict | None = None    # optional starting position (record "start")

    # ---- construction -----------------------------------------------------
    @classmethod
    def new(cls, conventions: Conventions | None = None, names=None, first_dealer: int = 0,
            seed: int = 0) -> "Game":
        g = cls(conventions, names, first_dealer, seed)
        g._next_deal()
        return g

    def _next_deal(self) -> None:
        number = len(self.deals)
        dealer = (self.first_dealer + number) % self.n
        first_hand = (dealer + 1) % self.n
        if self._pending:
            spec = self._pending.pop(0)
            if "hands" in spec:
                hands, talon = explicit_deal(spec["hands"], spec.get("talon", []), self.n)
                seed = None
            else:
                seed = spec["seed"]
                hands, talon = seeded_deal(seed, first_hand, self.n)
        elif self.seed is not None:
            seed = deal_seed(self.seed, number)
            hands, talon = seeded_deal(seed, first_hand, self.n)
        else:
            self.deal = None
            return
        d = Deal(number, dealer, hands, talon, seed, self.n)
        self.deals.append(d)
        self.deal = d
        bidding.start(self, d)

    # hooks called by the phase modules
    def take_talon(self, d: Deal) -> None:
        giving.take_talon(self, d)

    def end_deal(self, d: Deal) -> None:
        row = scoring.end_deal(self, d)
        d.phase = DONE
        self.sheet.append(row)
        if not self.finished:
            self._next_deal()

    # ---- the state API --------------------------------------------------
    @property
    def phase(self) -> str:
        if self.finished or self.deal is None:
            return OVER
        return self.deal.phase

    @property
    def current_seat(self) -> int | None:
        if self.finished or self.deal is None:
            return None
        return self.deal.turn

    def legal_moves(self) -> list[int]:
        if self.finished or self.deal is None:
            return []
        d = self.deal
        ph = d.phase
        if ph == PLAY:
            return play.legal(self, d)
        if ph == BIDDING:
            return bidding.legal(self, d)
        if ph == GIVING:
            return giving.legal_gives(self, d)
        if ph == CONTRACT:
            return giving.legal_contract(self, d)
        return []

    def legal_actions(self) -> list[str]:
        return [A.to_text(m) for m in self.legal_moves()]

    def push(self, move: int) -> None:
        """Apply a legal move (int) without checking it; for simulations."""
        d = self.deal
        d.actions.append(move)
        ph = d.phase
        if ph == PLAY:
            play.apply(self, d, move)
        elif ph == BIDDING:
            bidding.apply(self, d, move)
        elif ph == GIVING:
            giving.apply_give(self, d, move)
        else:
            giving.apply_contract(self, d, move)

    def apply(self, action) -> None:
        """Apply an action (§9 text or int); an illegal one raises IllegalAction naming the rule."""
        move = A.parse(action) if isinstance(action, str) else action
        if self.finished or self.deal is None:
            raise IllegalAction("the game is over (§4)")
        if move not in self.legal_moves():
            raise IllegalAction(self._why(move))
        self.push(move)

    def _why(self, move: int) -> str:
        d = self.deal
        ph = d.phase
        if move in (A.REDEAL, A.BLIND, A.UNBLIND):
            return f"{A.to_text(move)}: not available (its convention is off or not supported, §6.3/§6.7)"
        if ph == BIDDING:
            return bidding.why_illegal(self, d, move)
        if ph == GIVING:
            return giving.why_illegal_give(self, d, move)
        if ph == CONTRACT:
            return giving.why_illegal_contract(self, d, move)
        return play.why_illegal(self, d, move)

    def copy(self) -> "Game":
        return copy.deepcopy(self)

    # ---- observation ------------------------------------------------------
    def view(self, seat: int) -> dict:
        """What `seat` may know, JSON-serialisable (no other seat's hidden cards)."""
        return self._view(seat, self.deal)

    def deal_view(self, number: int, seat: int) -> dict:
        """What `seat` saw of deal `number` at its end (phase "done", nobody on turn);
        for the current deal, the same as view(seat)."""
        if not 0 <= number < len(self.deals):
            raise IndexError(f"no deal {number}")
        d = self.deals[number]
        if d is self.deal and d.phase != DONE:
            return self.view(seat)
        v = self._view(seat, d)
        v.update(phase=DONE, current_seat=None, legal=[])
        return v

    def _view(self, seat: int, d: Deal | None) -> dict:
        n = self.n
        conv = self.conv
        v = {
            "seat": seat, "phase": self.phase, "current_seat": self.current_seat,
            "names": list(self.names), "conventions": conv.to_dict(),
            "scores": list(self.scores), "bolts": list(self.bolts),
            "barrel": [{"on": self.on_barrel[s], "attempts": self.barrel_attempts[s]}
                       for s in range(n)],
            "need": conv.need, "sheet": copy.deepcopy(self.sheet),
            "finished": self.finished, "winner": self.winner,
            "settlement": self.settlement(), "rules_code": conv.to_code(),
            "action_count": sum(len(x.actions) for x in self.deals),
        }
        legal = self.legal_actions() if self.current_seat == seat else []
        v["legal"] = legal
        if d is None:
            return v
        show_talon = d.phase != BIDDING and (d.talon_public or seat == d.declarer)
        gives = []
        for c, to in d.gives:
            visible = not d.gives_face_down or seat in (to, d.declarer)
            gives.append({"from": d.declarer, "to": to, "card": name(c) if visible else None})
        v.update({
            "deal_number": d.number, "dealer": d.dealer, "first_hand": (d.dealer + 1) % n,
            "forced_bidder": d.forced,
            "hand": [name(c) for c in sorted(cards_of(d.hands[seat]), key=sort_key)],
            "hand_sizes": [bin(h).count("1") for h in d.hands],
            "talon": [name(c) for c in d.talon_cards] if show_talon else None,
            "talon_public": d.talon_public if d.phase != BIDDING else False,
            "bids": self._bid_history(d), "high_bid": d.high_bid, "bidder": d.bidder,
            "passed": list(d.passed),
            "declarer": d.declarer if d.declarer >= 0 else None,
            "contract": d.contract if d.declarer >= 0 else None,
            "gives": gives,
            "trump": "SCDH"[d.trump] if d.trump >= 0 else None,
            "melds": [{"seat": s, "suit": "SCDH"[m] if m < 4 else "A", "trick": t,
                       "value": 200 if m == 4 else (40, 60, 80, 100)[m]}
                      for (s, m), t in zip(d.melds, d.meld_at)],
            "trick": [[s, name(c)] for s, c in d.trick],
            "leader": d.leader if d.leader >= 0 else None,
            "tricks": [{"leader": l, "cards": [[s, name(c)] for s, c in t], "winner": w}
                       for l, t, w in d.tricks],
            "last_trick": None,
            "tricks_taken": list(d.tricks_taken),
            "card_points": list(d.card_points),
            "meld_points": list(d.meld_points),
            "had_four_nines": d.had_nines[seat],
        })
        if d.tricks:
            l, t, w = d.tricks[-1]
            v["last_trick"] = {"leader": l, "cards": [[s, name(c)] for s, c in t], "winner": w}
        if self.current_seat == seat and d is self.deal:
            v.update(self._choices(d, seat))
        return v

    def _choices(self, d: Deal, seat: int) -> dict:
        """Helpers for a UI: bid range, contract range and the cost of conceding."""
        out: dict = {}
        moves = self.legal_moves()
        values = [m - A.BID for m in moves if A.BID <= m < A.CONTRACT]
        out["bid_step"] = self.conv.bid_step
        if d.phase == BIDDING:
            out["bid_min"] = min(values) if values else None
            out["bid_max"] = max(values) if values else None
        if d.phase == CONTRACT:
            cs = [m - A.CONTRACT for m in moves if m >= A.CONTRACT]
            out["contract_min"] = min(cs)
            out["contract_max"] = max(cs)
            if A.CONCEDE in moves:
                out["concede_cost"] = self.concession_cost(seat)
        return out

    def settlement(self) -> list[dict]:
        """§4.2/§6.5a `settlement` (display only): when the game is won, each loser owes
        the winner the difference of their scores (in stakes of one point; *assumption*).
        Empty when the convention is off or there is no single winner."""
        if not (self.conv.settlement and self.finished and self.winner is not None):
            return []
        w = self.winner
        return [{"from": s, "to": w, "points": self.scores[w] - self.scores[s]}
                for s in range(self.n) if s != w]

    def concession_cost(self, seat: int) -> dict:
        """What conceding now costs the declarer and gives each opponent (§5.4)."""
        conv = self.conv
        d = self.deal
        cost = "none" if conv.concede_limit_three else conv.concede_penalty
        lose = d.contract if (cost == "bid" and not self.on_barrel[seat]) else 0
        award = scoring.concession_award(conv, d.contract, self.n - 1)
        return {"declarer": -lose, "bolt": cost == "bolt", "opponents": award}

    def _bid_history(self, d: Deal) -> list:
        out = []
        if d.auto_barrel:
            return out
        seat = d.forced
        passed = [False] * self.n
        conv = self.conv
        if conv.silence_below != "off":
            passed = [self.scores_at_deal_start(d, s) < conv.silence_below for s in range(self.n)]
        for m in d.actions:
            if not (m == A.PASS or A.BID <= m < A.CONTRACT):
                break
            seat = (seat + 1) % self.n
            while passed[seat]:
                seat = (seat + 1) % self.n
            out.append([seat, A.to_text(m)])
            if m == A.PASS:
                passed[seat] = True
        return out

    def scores_at_deal_start(self, d: Deal, seat: int) -> int:
        if d.number == 0:
            return (self.start or {}).get("scores", [0] * self.n)[seat]
        return self.sheet[d.number - 1]["scores"][seat]

    # ---- records (§9) -----------------------------------------------------
    def to_record(self) -> dict:
        deals = []
        for d in self.deals:
            if d.seed is not None:
                spec = {"seed": d.seed}
            else:
                spec = {"hands": [[name(c) for c in cards_of(h)] for h in d.dealt],
                        "talon": [name(c) for c in d.talon_cards]}
            spec["actions"] = [A.to_text(m) for m in d.actions]
            deals.append(spec)
        rec = {"format": FORMAT, "conventions": self.conv.to_dict(), "names": list(self.names),
               "first_dealer": self.first_dealer, "deals": deals}
        if self.seed is not None:
            rec["seed"] = self.seed
        if self.start is not None:
            rec["start"] = copy.deepcopy(self.start)
        return rec

    def set_start(self, start: dict) -> None:
        """A record may start from a position (scores, bolts, barrel) instead of 0:
        {"scores": [...], "bolts": [...], "barrel": [attempts or null per seat],
         "concessions": [...], "falls": [...]}.  Used for short barrel tests and puzzles."""
        n = self.n
        if not isinstance(start, dict):
            raise RecordError("start must be an object")
        unknown = set(start) - {"scores", "bolts", "barrel", "concessions", "falls"}
        if unknown:
            raise RecordError(f"start: unknown key {sorted(unknown)[0]!r}")

        def ints(key, ok):
            v = start.get(key, [0] * n)
            if not (isinstance(v, list) and len(v) == n and all(ok(x) for x in v)):
                raise RecordError(f"start.{key}: {n} values expected")
            return list(v)
        isint = lambda x: isinstance(x, int) and not isinstance(x, bool)
        scores = ints("scores", lambda x: isint(x) and x % 5 == 0)
        bolts = ints("bolts", lambda x: isint(x) and x >= 0)
        concessions = ints("concessions", lambda x: isint(x) and x >= 0)
        falls = ints("falls", lambda x: isint(x) and x >= 0)
        barrel = start.get("barrel", [None] * n)
        if not (isinstance(barrel, list) and len(barrel) == n
                and all(b is None or (isint(b) and 0 <= b < self.conv.barrel_deals) for b in barrel)):
            raise RecordError("start.barrel: per seat null (not on the barrel) or attempts used")
        for s in range(n):
            if barrel[s] is not None and scores[s] != self.conv.barrel_at:
                raise RecordError(f"start: seat {s} on the barrel must have score {self.conv.barrel_at}")
            if barrel[s] is None and scores[s] >= self.conv.barrel_at:
                raise RecordError(f"start: seat {s} at {scores[s]} must be on the barrel")
        self.start = copy.deepcopy(start)
        self.scores, self.bolts = scores, bolts
        self.concessions, self.barrel_falls = concessions, falls
        self.on_barrel = [b is not None for b in barrel]
        self.barrel_attempts = [b or 0 for b in barrel]

    @classmethod
    def from_record(cls, record: dict, *, on_action=None) -> "Game":
        """Replay a record.  IllegalAction gets the deal and action index prefixed."""
        if not isinstance(record, dict):
            raise RecordError("a game record is a JSON object")
        if record.get("format", FORMAT) != FORMAT:
            raise RecordError(f"unknown record format {record.get('format')!r} (this engine reads {FORMAT})")
        conv = Conventions.from_dict(record.get("conventions") or {})
        deals = record.get("deals")
        if not isinstance(deals, list):
            raise RecordError("a record needs a list of deals")
        seed = record.get("seed")
        if seed is not None and not isinstance(seed, int):
            raise RecordError("seed must be an integer")
        g = cls(conv, record.get("names"), record.get("first_dealer", 0), seed)
        if record.get("start") is not None:
            g.set_start(record["start"])
        for i, spec in enumerate(deals):
            if not isinstance(spec, dict) or ("hands" not in spec and not isinstance(spec.get("seed"), int)):
                raise RecordError(f"deal {i + 1}: needs hands and talon, or a seed")
        g._pending = [dict(s) for s in deals]
        g._next_deal()
        for i, spec in enumerate(deals):
            acts = spec.get("actions", [])
            if not isinstance(acts, list):
                raise RecordError(f"deal {i + 1}: actions must be a list")
            for j, act in enumerate(acts):
                if g.finished:
                    raise IllegalAction(f"deal {i + 1}, action {j} {act!r}: the game is already over")
                if g.deal is None or g.deal.number != i:
                    raise IllegalAction(f"deal {i + 1}, action {j} {act!r}: deal {i + 1} has already ended")
                try:
                    g.apply(act)
                except IllegalAction as e:
                    raise IllegalAction(f"deal {i + 1}, action {j} {act!r}: {e}") from None
            if i + 1 < len(deals) and (g.deal is None or g.deal.number == i) and not g.finished:
                raise RecordError(f"deal {i + 1} is not finished but more deals follow")
        return g

    def state_key(self):
        """Everything that determines the future of the game (for tests of round trips)."""
        d = self.deal
        dk = None
        if d is not None:
            dk = (d.number, d.dealer, tuple(d.hands), tuple(d.talon_cards), d.phase, d.turn,
                  d.high_bid, d.bidder, tuple(d.passed), d.declarer, d.contract, tuple(d.gives),
                  d.trump, tuple(d.trick), tuple(d.tricks_taken), tuple(d.card_points),
                  tuple(d.meld_points), tuple(d.melds), tuple(d.actions))
        return (tuple(self.scores), tuple(self.bolts), tuple(self.on_barrel),
                tuple(self.barrel_attempts), tuple(self.barrel_falls), tuple(self.concessions),
                self.finished, self.winner, len(self.sheet), dk)
