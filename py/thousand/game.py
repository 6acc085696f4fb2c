"""The game (партия): one state object from the first deal to the end (RULES.md §3–§9).

    g = Game.new(Conventions.from_code("two"), seed=7)
    while not g.finished:
        g.apply(g.legal_actions()[0])

``legal_actions()``/``apply()`` speak the §9 text notation; ``legal_moves()``/``push()``
are the same with small ints (``thousand.actions``) for simulations.  ``view(seat)`` is
everything that seat may know (``thousand.view``) — the only thing bots and the UI read.

The parameters — the conventions and the layout they imply (``thousand.layout``) — are
apart from the state: the standing between deals (``scoring.Standing``), the golden round's
count, the score sheet, and the deals, each a ``Deal`` driven through its list of steps
(``thousand.flow``) by one dispatch, ``push``.
"""
from __future__ import annotations

import copy

from . import actions as A
from . import flow, records, schema
from .conventions import Conventions
from .deal import Deal, Cards, seeded_cards, explicit_cards
from .errors import IllegalAction, RecordError, rule
from .scoring import Standing

FORMAT = records.FORMAT
_DEFAULT = Conventions()
OVER = "over"


def deal_seed(game_seed: int, number: int) -> int:
    """The seed of deal `number` of a game started with `game_seed` (deterministic)."""
    return (game_seed * 1_000_003 + number * 7_919 + 12_345) % 2_147_483_647


class Game:
    def __init__(self, conventions: Conventions | None = None, names=None,
                 first_dealer: int = 0, seed: int | None = 0):
        self.conv = conventions or _DEFAULT
        self.layout = self.conv.layout
        n = self.n = self.conv.players
        names = schema.read_names(names, n)
        self.names = names or ["You"] + [f"Bot {i}" for i in range(1, n)]
        self.first_dealer = schema.read_seat(first_dealer, n, "first_dealer")
        self.next_dealer = self.first_dealer
        self.seed = None if seed is None else schema.read_seed(seed)
        self.standing = Standing.fresh(n, self.conv)
        self.sheet: list[dict] = []
        self.deals: list[Deal] = []
        self.deal: Deal | None = None
        self._pending: list = []          # record deals not started yet (schema.DealRecord)
        self.start: dict | None = None    # optional starting position (record "start")

    # ---- the standing, by name ------------------------------------------------------------
    scores = property(lambda self: self.standing.scores)
    bolts = property(lambda self: self.standing.bolts)
    on_barrel = property(lambda self: self.standing.on_barrel)
    barrel_attempts = property(lambda self: self.standing.attempts)
    barrel_falls = property(lambda self: self.standing.falls)
    concessions = property(lambda self: self.standing.concessions)
    finished = property(lambda self: self.standing.finished)
    winner = property(lambda self: self.standing.winner)
    golden_left = property(lambda self: self.standing.golden_left)
    golden_made = property(lambda self: self.standing.golden_made)

    # ---- construction -----------------------------------------------------------------------
    @classmethod
    def new(cls, conventions: Conventions | None = None, names=None, first_dealer: int = 0,
            seed: int = 0) -> "Game":
        g = cls(conventions, names, first_dealer, seed)
        g._next_deal()
        return g

    def _next_deal(self) -> None:
        number = len(self.deals)
        dealer = self.next_dealer
        lay = self.layout
        if self._pending:
            spec = self._pending.pop(0)          # a schema.DealRecord
            if spec.cards is not None:
                cards, seed = explicit_cards(spec.cards, lay, dealer, number), None
            else:
                seed = spec.seed
                cards = seeded_cards(seed, lay, dealer)
        elif self.seed is not None:
            seed = deal_seed(self.seed, number)
            cards = seeded_cards(seed, lay, dealer)
        else:
            self.deal = None
            return
        golden = self.golden_left > 0
        d = Deal(number, dealer, lay, cards, seed,
                 golden=golden and self.conv.golden_round == "on", doubled=golden)
        if golden:
            d.golden_no = self.n - self.golden_left + 1
        self.deals.append(d)
        self.deal = d
        d.steps = flow.steps_for(self, d)
        self._advance(d)

    def _advance(self, d: Deal) -> None:
        """Move on to the next step that needs a player (the one dispatch of the flow)."""
        steps = d.steps
        last = len(steps) - 1
        at = d.at
        while True:
            at = last if d.outcome and at < last else at + 1
            if at > last:
                d.at = at
                self._end_deal(d)
                return
            step = steps[at]
            if step.active(self, d):
                d.at, d.step = at, step
                step.start(self, d)
                if not (d.outcome and at < last) and not step.finished(self, d):
                    return

    def _end_deal(self, d: Deal) -> None:
        d.step = None
        if d.outcome != "redeal":
            self.next_dealer = (d.dealer + 1) % self.n   # a redeal: the same dealer again
        if not self.finished:
            self._next_deal()

    # ---- the state API ----------------------------------------------------------------------
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
        d = self.deal
        if d is None or self.standing.finished:
            return []
        return d.step.legal(self, d)

    def legal_actions(self) -> list[str]:
        return [A.to_text(m) for m in self.legal_moves()]

    def push(self, move: int) -> None:
        """Apply a legal move (int) without checking it; for simulations."""
        d = self.deal
        d.actions.append(move)
        step = d.step
        step.apply(self, d, move)
        if d.outcome or step.finished(self, d):
            self._advance(d)

    def apply(self, action: str) -> None:
        """Apply an action in §9 text; an illegal one raises IllegalAction naming the rule."""
        move = A.parse(action)
        if self.finished or self.deal is None:
            raise rule("game_over", "4", "the game is over")
        if move not in self.legal_moves():
            raise self._why(move)
        self.push(move)

    def _why(self, move: int) -> IllegalAction:
        """The rule a move breaks: a window's verb outside every window, a pass where the
        step offers none, else the step's own reason (``Step.why``)."""
        d = self.deal
        step = d.step
        verb = A.to_text(move).split()[0]
        owners = flow.owners_of(verb)
        if owners and all(o.WINDOW for o in owners) and not step.WINDOW:
            return rule("not_available", owners[0].SECTION,
                        f"{A.to_text(move)}: not available now", action=A.to_text(move))
        if verb == "pass" and "pass" not in step.VERBS:
            return rule("pass_not_available", "3", "'pass' is not a move now")
        return step.why(self, d, move)

    def copy(self) -> "Game":
        return copy.deepcopy(self)

    # ---- observation (thousand.view) --------------------------------------------------------
    def view(self, seat: int) -> dict:
        """What `seat` may know, JSON-serialisable (no other seat's hidden cards)."""
        from .view import observe
        return observe(self, seat, self.deal)

    def deal_view(self, number: int, seat: int) -> dict:
        """What `seat` saw of deal `number` at its end (phase "done", nobody on turn);
        for the current deal, the same as view(seat)."""
        from .view import observe
        if not 0 <= number < len(self.deals):
            raise IndexError(f"no deal {number}")
        d = self.deals[number]
        if d is self.deal and d.step is not None:
            return self.view(seat)
        v = observe(self, seat, d)
        v.update(phase="done", current_seat=None, legal=[])
        return v

    def settlement(self) -> list[dict]:
        """§4.2/§6.5a `settlement` (display only): when the game is won, each loser owes
        the winner the difference of their scores (in stakes of one point; *assumption*).
        Empty when the convention is off or there is no single winner."""
        if not (self.conv.settlement and self.finished and self.winner is not None):
            return []
        w = self.winner
        return [{"from": s, "to": w, "points": self.scores[w] - self.scores[s]}
                for s in range(self.n) if s != w]

    def scores_at_deal_start(self, d: Deal, seat: int) -> int:
        if d.number == 0:
            return (self.start or {}).get("scores", [0] * self.n)[seat]
        return self.sheet[d.number - 1]["scores"][seat]

    # ---- records (§9) -------------------------------------------------------------------------
    def to_record(self) -> dict:
        return records.to_record(self)

    @classmethod
    def from_record(cls, record: dict) -> "Game":
        """Replay a record (any value: it is checked against the schema first, see
        docs/record-format.md).  IllegalAction gets the deal and action index prefixed."""
        return records.from_record(cls, record)

    @classmethod
    def from_json(cls, data) -> "Game":
        """Replay a record given as JSON text or UTF-8 bytes (a file, a save), read within
        the schema's limits."""
        return records.from_json(cls, data)

    def set_start(self, start: dict) -> None:
        records.set_start(self, start)

    def state_key(self):
        """Everything that determines the future of the game (for tests of round trips)."""
        d = self.deal
        dk = None
        if d is not None:
            dk = (d.number, d.dealer, tuple(d.hands), d.dead, tuple(d.stock), d.phase, d.turn,
                  d.at, tuple(d.queue), d.high_bid, d.bidder, tuple(d.passed), d.declarer,
                  d.contract, d.blind, d.talon_pile, tuple(d.gives), tuple(d.discards),
                  d.trump, tuple(d.trick), tuple(d.tricks_taken), tuple(d.card_points),
                  tuple(d.meld_points), tuple(d.melds), tuple(d.actions))
        st = self.standing
        return (tuple(st.scores), tuple(st.bolts), tuple(st.on_barrel), tuple(st.attempts),
                tuple(st.falls), tuple(st.concessions), st.finished, st.winner,
                self.golden_left, self.golden_made, self.next_dealer, len(self.sheet), dk)


__all__ = ["Game", "FORMAT", "deal_seed", "Cards", "IllegalAction", "RecordError"]
