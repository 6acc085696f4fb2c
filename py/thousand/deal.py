"""The state of one deal (кон): cards, bidding, talon, giving, contract and play.

Plain data; the rules that move it live in the phase modules
(``bidding``, ``giving``, ``play``) and ``scoring``.
"""
from __future__ import annotations

import random

from .cards import mask_of, cards_of, card as parse_card, CardError
from .errors import RecordError

BIDDING, GIVING, CONTRACT, PLAY, DONE = "bidding", "giving", "contract", "play", "done"


def seeded_deal(seed: int, first_hand: int, players: int = 3):
    """RULES.md §9: shuffle the 24 cards in notation order with random.Random(seed),
    deal blocks of 7 clockwise from first hand, the talon last."""
    deck = list(range(24))
    random.Random(seed).shuffle(deck)
    hands = [0] * players
    for i in range(players):
        seat = (first_hand + i) % players
        hands[seat] = mask_of(deck[7 * i: 7 * i + 7])
    talon = deck[7 * players: 7 * players + 3]
    return hands, talon


def explicit_deal(hands, talon, players: int = 3):
    """Hands and talon in text notation → masks; checks that they make one deck."""
    try:
        hs = [[parse_card(c) for c in h] for h in hands]
        tl = [parse_card(c) for c in talon]
    except (CardError, TypeError) as e:
        raise RecordError(f"bad card in deal: {e}") from None
    if len(hs) != players or any(len(h) != 7 for h in hs) or len(tl) != 3:
        raise RecordError(f"a deal needs {players} hands of 7 cards and a talon of 3")
    allc = [c for h in hs for c in h] + tl
    if sorted(allc) != list(range(24)):
        raise RecordError("the hands and talon must hold each of the 24 cards exactly once")
    return [mask_of(h) for h in hs], tl


class Deal:
    __slots__ = (
        "number", "dealer", "n", "seed", "dealt", "talon_cards", "hands", "phase", "turn",
        "forced", "high_bid", "bidder", "passed", "bid_count", "at_100", "auto_barrel",
        "declarer", "contract", "talon_public", "gives_face_down", "gives",
        "trump", "trick", "leader", "tricks_taken", "card_points", "meld_points", "melds",
        "tricks", "actions", "outcome", "had_nines", "meld_at",
    )

    def __init__(self, number: int, dealer: int, hands: list[int], talon: list[int],
                 seed: int | None = None, n: int = 3):
        self.number = number
        self.dealer = dealer
        self.n = n
        self.seed = seed
        self.dealt = list(hands)          # masks as dealt (for the record)
        self.talon_cards = list(talon)    # the talon, in dealt order
        self.hands = list(hands)
        self.phase = BIDDING
        self.turn = (dealer + 1) % n
        self.forced = (dealer + 1) % n
        self.high_bid = 100
        self.bidder = self.forced
        self.passed = [False] * n
        self.bid_count = 0                # bids spoken (not the forced 100)
        self.at_100 = False
        self.auto_barrel = False
        self.declarer = -1
        self.contract = 0
        self.talon_public = False
        self.gives_face_down = False
        self.gives: list[tuple[int, int]] = []   # (card, receiver)
        self.trump = -1
        self.trick: list[tuple[int, int]] = []   # (seat, card) in play order
        self.leader = -1
        self.tricks_taken = [0] * n
        self.card_points = [0] * n
        self.meld_points = [0] * n
        self.melds: list[tuple[int, int]] = []   # (seat, suit; 4 = ace marriage)
        self.meld_at: list[int] = []             # index of the trick each meld was led in
        self.tricks: list[tuple[int, list, int]] = []  # (leader, [(seat, card)], winner)
        self.actions: list[int] = []
        self.outcome = ""
        self.had_nines = [False] * n

    @property
    def talon_mask(self) -> int:
        return mask_of(self.talon_cards)

    def hand_cards(self, seat: int) -> list[int]:
        return cards_of(self.hands[seat])
