"""The state of one deal (кон): who plays, the cards, and what the steps have decided.

Plain data.  The rules that move it are the steps in ``thousand.steps`` (one module per
RULES.md section), driven by ``Game`` through the list ``Deal.steps`` that
``thousand.flow`` works out when the deal starts.  The cards come from a seed or are
given explicitly (``seeded_cards``/``explicit_cards``, RULES.md §9).
"""
from __future__ import annotations

import random

from .cards import mask_of, cards_of, NINES_MASK
from .errors import RecordError
from .layout import Layout, DEAD

DONE = "done"


class Cards:
    """A deal's cards as dealt: a hand per seat (a sitting-out dealer's is empty), the
    talon pile(s), the dead hand and the stock (in drawing order)."""

    __slots__ = ("hands", "talons", "dead", "stock")

    def __init__(self, hands, talons, dead=(), stock=()):
        self.hands = list(hands)        # masks per seat
        self.talons = [list(t) for t in talons]
        self.dead = list(dead)
        self.stock = list(stock)


def seeded_cards(seed: int, layout: Layout, dealer: int) -> Cards:
    """RULES.md §9: shuffle the deck in notation order with random.Random(seed), then deal
    blocks: each seat that is dealt cards from first hand clockwise, the dead hand, the
    talon pile(s), the stock."""
    deck = list(layout.deck)
    random.Random(seed).shuffle(deck)
    hands = [0] * layout.players
    i = 0
    for seat in layout.playing(dealer):
        hands[seat] = mask_of(deck[i:i + layout.hand])
        i += layout.hand
    dead = deck[i:i + layout.dead]
    i += layout.dead
    talons = []
    for size in layout.talons:
        talons.append(deck[i:i + size])
        i += size
    return Cards(hands, talons, dead, deck[i:i + layout.stock])


def seeded_deal(seed: int, first_hand: int, players: int = 3):
    """The 3-player form of seeded_cards: (hands, talon) with `first_hand` getting 0–6."""
    from .conventions import Conventions
    c = seeded_cards(seed, Layout.of(Conventions(players=players)), (first_hand - 1) % players)
    return c.hands, c.talons[0]


def explicit_cards(given, layout: Layout, dealer: int, number: int = 0) -> Cards:
    """Deal `number`'s cards from a record (``schema.DealCards``: types, §7 sizes and the
    deck already checked) -> Cards.  What depends on the dealer is checked here: a dealer
    who sits out (§7) is the seat whose hand is empty."""
    playing = set(layout.playing(dealer))
    for s, h in enumerate(given.hands):
        want = layout.hand if s in playing else 0
        if len(h) != want:
            why = f"the dealer, seat {dealer}, sits out" if layout.dealer_sits_out else ""
            raise RecordError(f"deal {number + 1}, hands[{s}]: {want} cards expected "
                              f"(§7{': ' + why if why else ''})", "bad_deal_shape",
                              field=f"deals[{number}].hands[{s}]", deal=number + 1,
                              expected=want, dealer=dealer)
    return Cards([mask_of(h) for h in given.hands], given.talons, given.dead, given.stock)


def cards_to_spec(c: Cards, layout: Layout) -> dict:
    """The record form of explicit cards (RULES.md §9)."""
    from .cards import name
    spec = {"hands": [[name(x) for x in cards_of(h)] for h in c.hands]}
    if len(layout.talons) > 1:
        spec["talon"] = [[name(x) for x in t] for t in c.talons]
    elif layout.talons:
        spec["talon"] = [name(x) for x in c.talons[0]]
    if layout.dead:
        spec["dead"] = [name(x) for x in c.dead]
    if layout.stock:
        spec["stock"] = [name(x) for x in c.stock]
    return spec


_SHARED = ("steps", "step", "layout", "cards", "playing")


class Deal:
    """One deal.  Seats are numbered over the whole table; ``playing`` lists the seats that
    take part, clockwise from first hand, and ``nxt`` maps each to the next one."""

    __slots__ = (
        # who and what
        "number", "dealer", "seed", "layout", "playing", "nxt", "cards",
        "golden", "doubled", "golden_no",
        # the flow
        "steps", "at", "step", "turn", "queue", "actions", "outcome",
        # cards now
        "hands", "dead", "stock", "looked",
        # bidding
        "forced", "high_bid", "bidder", "passed", "bid_count", "at_100", "auto",
        "bids", "blind", "blind_declarer", "unblinder", "redealer",
        # talon, giving, contract
        "declarer", "contract", "talon_pile", "talon_public", "gives_face_down", "gives",
        "discards", "had_nines",
        # play
        "trump", "trick", "trick_cards", "leader", "tricks_taken", "card_points", "meld_points", "melds",
        "meld_at", "tricks", "draws",
    )

    def __init__(self, number: int, dealer: int, layout: Layout, cards: Cards,
                 seed: int | None = None, golden: bool = False, doubled: bool = False):
        n = layout.players
        self.number = number
        self.dealer = dealer
        self.seed = seed
        self.layout = layout
        self.playing = layout.playing(dealer)
        nxt = [-1] * n
        for i, s in enumerate(self.playing):
            nxt[s] = self.playing[(i + 1) % len(self.playing)]
        self.nxt = nxt
        self.cards = cards
        self.golden = golden            # the golden round's automatic declarer at 120 (§6.6)
        self.doubled = doubled          # every change of this deal counts double (§6.6)
        self.golden_no = 0              # which deal of the golden round (1..players), or 0
        self.steps: list = []
        self.at = -1
        self.step = None
        self.turn = self.playing[0]
        self.queue: list[int] = []      # seats still to answer in a window (redeal, unblind)
        self.actions: list[int] = []
        self.outcome = ""               # "played", "conceded", "redeal"
        self.hands = [0] * n            # the dealing step gives the cards out
        self.dead = 0
        self.stock: list[int] = []
        self.looked = True              # False while nobody has looked at his cards (§6.7)
        self.forced = self.playing[0]
        self.high_bid = 100
        self.bidder = self.forced
        self.passed = [False] * n
        self.bid_count = 0              # bids spoken (not the forced 100)
        self.at_100 = False
        self.auto = ""                  # "golden" or "barrel": declarer without bidding
        self.bids: list[tuple[int, int]] = []     # (seat, move) in the bidding's order
        self.blind = False              # first hand plays blind (§6.7)
        self.blind_declarer = -1
        self.unblinder = -1
        self.redealer = -1
        self.declarer = -1
        self.contract = 0
        self.talon_pile = -1            # the pile the declarer took
        self.talon_public = False
        self.gives_face_down = False
        self.gives: list[tuple[int, int]] = []    # (card, receiver; DEAD for the dead hand)
        self.discards: list[int] = []
        self.had_nines = [False] * n
        self.trump = -1
        self.trick: list[tuple[int, int]] = []    # (seat, card) in play order
        self.trick_cards: list[int] = []          # the same cards (the play rules' input)
        self.leader = -1
        self.tricks_taken = [0] * n
        self.card_points = [0] * n
        self.meld_points = [0] * n
        self.melds: list[tuple[int, int]] = []    # (seat, suit; 4 = ace marriage)
        self.meld_at: list[int] = []              # index of the trick each meld was led in
        self.tricks: list[tuple[int, list, int]] = []  # (leader, [(seat, card)], winner)
        self.draws: list[list[tuple[int, int]]] = []   # per trick: [(seat, card)] drawn after it

    def __deepcopy__(self, memo):
        """A copy for Game.copy(): the steps, the layout and the dealt cards are shared (they
        never change once the deal has started); the state is copied."""
        import copy
        new = Deal.__new__(Deal)
        memo[id(self)] = new
        for k in self.__slots__:
            v = getattr(self, k)
            setattr(new, k, v if k in _SHARED else copy.deepcopy(v, memo))
        return new

    # ---- reading -------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        return self.step.PHASE if self.step is not None else DONE

    @property
    def talon_cards(self) -> list[int]:
        """The pile the declarer took (or, before that, the first pile)."""
        if not self.cards.talons:
            return []
        return self.cards.talons[max(self.talon_pile, 0)]

    @property
    def opponents(self) -> tuple:
        return tuple(s for s in self.playing if s != self.declarer)

    def hand_cards(self, seat: int) -> list[int]:
        return cards_of(self.hands[seat])

    def note_four_nines(self) -> None:
        """Who holds four nines after the giving (§6.2 four_nines_bonus)."""
        self.had_nines = [h & NINES_MASK == NINES_MASK for h in self.hands]

    def receive(self, to: int, c: int) -> None:
        if to == DEAD:
            self.dead |= 1 << c
        else:
            self.hands[to] |= 1 << c
