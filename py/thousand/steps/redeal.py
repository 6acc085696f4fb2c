"""Redeal windows (пересдача), RULES.md §6.3.  A player who qualifies may ask for a redeal
(``redeal``) or decline (``pass``) at the moment the convention names; the same dealer then
deals again, and the redealt deal is not a barrel attempt (§4.1).  Three moments:

    DEALT   before bidding, any player: four nines in the dealt hand (`redeal_four_nines_dealt`)
    TALON   the declarer, after taking the talon: talon points below N (`redeal_low_talon`),
            two nines in it (`redeal_two_nines_talon`); with `redeal_only_at_100` only when
            he took it at 100
    AFTER   after the giving, before the contract, any player: hand points below N
            (`redeal_low_hand`), four nines in hand (`redeal_four_nines_after`)

Only the seat on turn learns that it may ask: the others see the window, not who is asked
(``thousand.view``), since qualifying says something about a hand.
"""
from __future__ import annotations

from .. import actions as A
from ..cards import NINES_MASK, points_of, cards_of, mask_of, NINE
from ..errors import rule
from .base import Step

PHASE = "redeal"


def _four_nines(hand: int) -> bool:
    return hand & NINES_MASK == NINES_MASK


def _low(threshold, points: int) -> bool:
    return threshold != "off" and points < threshold


class RedealWindow(Step):
    PHASE = PHASE
    SECTION = "6.3"
    VERBS = ("redeal", "pass")
    PRIVATE = True              # qualifying says something about a hand
    WINDOW = True
    JUDGED = "decision"

    def __init__(self, moment: str, conventions: tuple):
        self.moment = moment
        self.conventions = conventions      # the §6.3 ids that open this window

    def opens(self, conv) -> bool:
        """Is any of this window's conventions on?  (Used by the flow.)"""
        return any(getattr(conv, c) not in (False, "off") for c in self.conventions)

    def reasons(self, game, d, seat: int) -> list[str]:
        """Which of this window's conditions the seat meets (the convention ids)."""
        conv = game.conv
        hand = d.hands[seat]
        out = []
        if self.moment == "dealt":
            if conv.redeal_four_nines_dealt and _four_nines(hand):
                out.append("redeal_four_nines_dealt")
        elif self.moment == "talon":
            if seat != d.declarer or (conv.redeal_only_at_100 and not d.at_100):
                return []
            talon = d.talon_cards
            if _low(conv.redeal_low_talon, points_of(talon)):
                out.append("redeal_low_talon")
            if conv.redeal_two_nines_talon and sum(c % 6 == NINE for c in talon) >= 2:
                out.append("redeal_two_nines_talon")
        else:
            if _low(conv.redeal_low_hand, points_of(cards_of(hand))):
                out.append("redeal_low_hand")
            if conv.redeal_four_nines_after and _four_nines(hand):
                out.append("redeal_four_nines_after")
        return out

    def choices(self, game, d, seat: int, moves: list) -> dict:
        """The §6.3 ids the seat qualifies by, and its hand's points (for the low hand)."""
        return {"redeal_reasons": self.reasons(game, d, seat),
                "hand_points": points_of(cards_of(d.hands[seat]))}

    def active(self, game, d) -> bool:
        d.queue = [s for s in d.playing if self.reasons(game, d, s)]
        return bool(d.queue)

    def start(self, game, d) -> None:
        d.turn = d.queue[0]

    def legal(self, game, d) -> list[int]:
        return [A.PASS, A.REDEAL]

    def apply(self, game, d, move: int) -> None:
        seat = d.queue.pop(0)
        if move == A.REDEAL:
            d.queue = []
            d.redealer = seat
            d.outcome = "redeal"
        elif d.queue:
            d.turn = d.queue[0]

    def finished(self, game, d) -> bool:
        return not d.queue

    def why(self, game, d, move: int):
        return rule("redeal_window", "6.3",
                    "a player who qualifies may now ask for a redeal: 'redeal' or 'pass'")


DEALT = RedealWindow("dealt", ("redeal_four_nines_dealt",))
TALON = RedealWindow("talon", ("redeal_low_talon", "redeal_two_nines_talon"))
AFTER = RedealWindow("after", ("redeal_low_hand", "redeal_four_nines_after"))
WINDOWS = (DEALT, TALON, AFTER)
