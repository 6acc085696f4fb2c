"""The table's layout, worked out from the conventions: RULES.md §7 as data.

    lay = Layout.of(conventions)
    lay.players            seats at the table (0..players-1)
    lay.playing(dealer)    the seats that play a deal, clockwise from first hand
    lay.hand, lay.talons   cards dealt to each playing seat; sizes of the talon pile(s)

Everything that depends on the number of players — hand and talon sizes, the deck, the
dead hand, the stock, how many cards the declarer gives and to whom, the tricks, a dealer
who sits out — is read from here, never written as a literal elsewhere.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .cards import DECK, DECK_NO_NINES, mask_of

DEAD = 6   # receiver index of the dead hand in a give (thousand.actions.DEAD)


@dataclass(frozen=True)
class Layout:
    players: int                 # seats at the table
    mode: str                    # the §7 row: "three", "eleven", "two_talons", ...
    hand: int                    # cards dealt to each playing seat
    talons: tuple = ()           # sizes of the talon piles
    dead: int = 0                # cards of the dead hand (nobody plays it)
    stock: int = 0               # face-down stock drawn from after each trick (two_mode=draw)
    dealer_sits_out: bool = False
    gives: bool = True           # the declarer gives one card to each opponent
    gives_dead: bool = False     # ... and one to the dead hand
    discards: int = 0            # cards the declarer lays off (two_talons); they count for him
    tricks: int = 0
    bidding: bool = True         # False: nobody declares, everybody scores as a defender
    nines: bool = True           # False: the 20-card deck without nines

    # ---- derived -----------------------------------------------------------------------
    @classmethod
    def of(cls, conv) -> "Layout":
        key = (conv.players, {2: conv.two_mode, 4: conv.four_mode}.get(conv.players, ""))
        return _LAYOUTS[key]

    @property
    def deck(self) -> tuple:
        """The cards in play, in notation order (the order seeded deals shuffle, §9)."""
        return DECK if self.nines else DECK_NO_NINES

    @property
    def deck_mask(self) -> int:
        return mask_of(self.deck)

    @property
    def seats_playing(self) -> int:
        return self.players - (1 if self.dealer_sits_out else 0)

    @property
    def talon_size(self) -> int:
        """Cards the declarer takes: one pile (with two talons, one of them)."""
        return self.talons[0] if self.talons else 0

    def playing(self, dealer: int) -> tuple:
        """The seats that play a deal, clockwise from first hand (the seat after the dealer);
        a dealer who sits out is not among them."""
        return _playing(self.players, self.dealer_sits_out, dealer)

    def receivers(self, declarer: int, playing: tuple) -> tuple:
        """Who gets a card from the declarer (§3.5, §7): each opponent, and the dead hand."""
        out = tuple(s for s in playing if s != declarer) if self.gives else ()
        return out + ((DEAD,) if self.gives_dead else ())

    def check(self) -> None:
        """The sizes add up to the deck, and the tricks to the cards played."""
        dealt = self.hand * self.seats_playing + sum(self.talons) + self.dead + self.stock
        assert dealt == len(self.deck), (self, dealt)
        held = (dealt - self.dead - sum(self.talons[1:])
                - self.discards - (1 if self.gives_dead else 0))
        assert held == self.tricks * self.seats_playing, (self, held)


@lru_cache(maxsize=None)
def _playing(players: int, sits_out: bool, dealer: int) -> tuple:
    seats = tuple((dealer + 1 + i) % players for i in range(players))
    return seats[:-1] if sits_out else seats


_LAYOUTS = {
    (2, "eleven"): Layout(2, "eleven", hand=11, talons=(2,), tricks=12),
    (2, "two_talons"): Layout(2, "two_talons", hand=10, talons=(2, 2), gives=False,
                              discards=2, tricks=10),
    (2, "dead_hand"): Layout(2, "dead_hand", hand=7, talons=(3,), dead=7, gives_dead=True,
                             tricks=8),
    (2, "draw"): Layout(2, "draw", hand=6, stock=12, gives=False, tricks=12, bidding=False),
    (3, ""): Layout(3, "three", hand=7, talons=(3,), tricks=8),
    (4, "all_play"): Layout(4, "all_play", hand=5, talons=(4,), tricks=6),
    (4, "dealer_sits_out"): Layout(4, "dealer_sits_out", hand=7, talons=(3,),
                                   dealer_sits_out=True, tricks=8),
    (5, ""): Layout(5, "five", hand=3, talons=(5,), tricks=4, nines=False),
    (6, ""): Layout(6, "six", hand=3, talons=(6,), tricks=4),
}

for _lay in _LAYOUTS.values():
    _lay.check()

LAYOUTS = tuple(_LAYOUTS.values())
