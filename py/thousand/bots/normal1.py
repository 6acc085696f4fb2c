"""The normal bot as it was at commit bcc1bd9, frozen as level "normal1" (issue 10 item 6).

Do not change this module: it is the fixed yardstick that strength is measured against
across versions (``match --seats NEW,normal1,normal1``), and ``tests/bots/test_normal1.py``
checks it against the answers it gave when it was frozen.  The code below is the
``HeuristicBot`` of ``baseline.py`` at that commit, unchanged.

The heuristic bot bids from a hand evaluation (high cards, marriages, talon
expectation) within the bid cap, gives away its least useful cards, concedes
hopeless contracts, declares marriages when it has the right, and plays simply:
cheap wins, aces and tens kept safe, points to a partner's winning trick.  It reads the
table from the view (who plays, the talon's size), so it plays every layout of RULES.md §7,
and it answers the windows of the other rules: a redeal when its hand is too weak for what
it must play, a blind game only when far behind a player about to win, unblinding with a
hand worth 125, a random pick between two face-down talons.
"""
from __future__ import annotations

import random

from ..cards import (card as parse_card, name, SUIT_MASK, MARRIAGE_MASK, MARRIAGE_VALUE,
                     POINTS, ACE, TEN, KING, QUEEN, mask_of, cards_of)
from ..play import beats


def _mask(cards) -> int:
    return mask_of(parse_card(c) for c in cards)


def hand_strength(mask: int, trump_known: int = -1, followers: int = 2) -> float:
    """Expected points this hand takes as declarer (a rough, hand-tuned estimate).

    Aces and guarded tens take tricks and their partners' points (what `followers` other
    players put on them); a marriage is worth its value if the hand can win a trick to
    gain the right to declare."""
    fall = 3.0 * followers                 # what the others put on a winning card
    est = 0.0
    aces = 0
    for s in range(4):
        suit = mask & SUIT_MASK[s]
        if not suit:
            continue
        has_a = suit >> (s * 6 + ACE) & 1
        has_t = suit >> (s * 6 + TEN) & 1
        length = bin(suit).count("1")
        if has_a:
            aces += 1
            est += 11 + fall               # the ace and what falls on it
            if has_t:
                est += 10 + fall - 1
        elif has_t:
            est += 6 if length >= 2 else 2
        # small cards of long suits win later tricks
        if length >= 4:
            est += 4 * (length - 3)
        mm = MARRIAGE_MASK[s]
        if suit & mm == mm:
            est += MARRIAGE_VALUE[s] * (0.95 if aces or has_a else 0.75) + 7
    return est


def keep_score_of(hand: int, c: int) -> float:
    """How much the declarer wants to keep a card when giving (low = give it away):
    points, rank, marriage halves, aces, tens guarded by their ace, long suits."""
    s, r = c // 6, c % 6
    score = POINTS[c] * 2 + r
    mm = MARRIAGE_MASK[s]
    if hand & mm == mm and r in (KING, QUEEN):
        score += 100
    if r == ACE:
        score += 50
    if r == TEN and hand >> (s * 6 + ACE) & 1:
        score += 30
    return score + bin(hand & SUIT_MASK[s]).count("1") * 3


class HeuristicBot:
    """The "normal" level."""

    slip = 0.0   # probability of a careless move (EasyBot)
    optimism = 0.0

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    # ---- entry point -----------------------------------------------------
    def choose(self, view: dict) -> str:
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        if self.slip and self.rng.random() < self.slip:
            return self.rng.choice(legal)
        return getattr(self, PHASES[view["phase"]])(view, legal)

    # ---- bidding ---------------------------------------------------------
    def value(self, view: dict, with_talon: bool) -> float:
        mask = _mask(view["hand"])
        est = hand_strength(mask, followers=len(view["playing"]) - 1)
        if with_talon:
            # expected talon points (about 4 a card) and the marriage chance it brings
            est += 4 * view["layout"]["talons"][0] + 8 if view["layout"]["talons"] else 0
        return est + self.optimism

    def bid(self, view: dict, legal: list[str]) -> str:
        bids = sorted(int(a.split()[1]) for a in legal if a.startswith("bid"))
        if not bids:
            return "pass"
        limit = self.value(view, True)
        me = view["seat"]
        if view["barrel"][me]["on"]:
            limit += 10   # the barrel player must try
        # don't let a barrel opponent take the talon cheaply
        others_on = any(b["on"] for s, b in enumerate(view["barrel"]) if s != me)
        if others_on:
            limit += 10
        if bids[0] <= limit:
            return f"bid {bids[0]}"
        return "pass"

    # ---- the windows of §6.3, §6.7 and the two talons of §7 ------------------------
    def blind(self, view: dict, legal: list[str]) -> str:
        """A blind game risks 240 on an unseen hand: only worth it far behind a player who
        is about to win."""
        me = view["seat"]
        others = [v for s, v in enumerate(view["scores"]) if s != me]
        if max(others) >= 700 and max(others) - view["scores"][me] >= 400:
            return "blind"
        return "pass"

    def unblind(self, view: dict, legal: list[str]) -> str:
        return "unblind" if self.value(view, True) >= 125 else "pass"

    def redeal(self, view: dict, legal: list[str]) -> str:
        """Ask for a redeal when the hand cannot carry what this seat must play: the
        declarer's contract, or the forced 100; a defender lets the declarer play."""
        me = view["seat"]
        if view["declarer"] == me:
            return "redeal" if self.value(view, False) < view["contract"] else "pass"
        if view["declarer"] is None and view["forced_bidder"] == me:
            return "redeal" if self.value(view, True) < 100 else "pass"
        return "pass"

    def talon(self, view: dict, legal: list[str]) -> str:
        return self.rng.choice(legal)        # both piles are face down: nothing to choose by

    def discard(self, view: dict, legal: list[str]) -> str:
        mask = _mask(view["hand"])
        return min(legal, key=lambda a: (keep_score_of(mask, parse_card(a.split()[1])), a))

    # ---- giving ----------------------------------------------------------
    def give(self, view: dict, legal: list[str]) -> str:
        mask = _mask(view["hand"])
        keep_score = {c: keep_score_of(mask, c) for c in cards_of(mask)}
        best = None
        for a in legal:
            _, cs, to = a.split()
            c = parse_card(cs)
            key = (keep_score[c], c)
            if best is None or key < best[0]:
                best = (key, a)
        return best[1]

    # ---- contract ----------------------------------------------------------
    def contract(self, view: dict, legal: list[str]) -> str:
        values = sorted(int(a.split()[1]) for a in legal if a.startswith("contract"))
        est = self.value(view, False)
        base = values[0]
        if "concede" in legal and est < base - 35 and not view["barrel"][view["seat"]]["on"]:
            return "concede"
        target = int(est // 5 * 5) - 10
        best = base
        for v in values:
            if v <= target:
                best = v
        return f"contract {best}"

    # ---- play --------------------------------------------------------------
    def play(self, view: dict, legal: list[str]) -> str:
        me = view["seat"]
        decl = view["declarer"]         # None when nobody declares (two_mode=draw)
        trump = "SCDH".index(view["trump"]) if view["trump"] else -1
        trick = [(s, parse_card(c)) for s, c in view["trick"]]
        melds = [a for a in legal if a.startswith("meld")]
        if melds:
            # declare the most valuable marriage, leading its queen
            best = max(melds, key=lambda a: (MARRIAGE_VALUE[parse_card(a.split()[1]) // 6]
                                             if parse_card(a.split()[1]) % 6 != ACE else 200,
                                             parse_card(a.split()[1]) % 6 == QUEEN))
            return best
        cards = [parse_card(a.split()[1]) for a in legal]
        hand = _mask(view["hand"])
        played = 0
        for t in view["tricks"]:
            for _, c in t["cards"]:
                played |= 1 << parse_card(c)
        for _, c in trick:
            played |= 1 << c
        if not trick:
            return "play " + name(self._lead(cards, hand, played, trump, me == decl))
        led = trick[0][1] // 6
        best_seat, best = trick[0]
        for s, c in trick[1:]:
            if beats(c, best, led, trump):
                best_seat, best = s, c
        last = len(trick) == len(view["playing"]) - 1
        partner_winning = decl is not None and me != decl and best_seat != decl
        winners = [c for c in cards if beats(c, best, led, trump)]
        trick_pts = sum(POINTS[c] for _, c in trick)
        if partner_winning and last:
            # give points to the partner's trick
            return "play " + name(max(cards, key=lambda c: (POINTS[c] if c % 6 != ACE or True else 0, -c)))
        if winners and not partner_winning:
            if last or trick_pts >= 10 or me == decl:
                w = min(winners, key=lambda c: (c // 6 == trump, POINTS[c], c))
                # a winner that is itself the highest remaining of its suit is safe
                return "play " + name(w)
            # second hand: win with a master card only
            masters = [c for c in winners if self._is_master(c, hand, played)]
            if masters:
                return "play " + name(min(masters, key=lambda c: (c // 6 == trump, POINTS[c])))
        # cannot (or should not) win: throw the cheapest card
        return "play " + name(min(cards, key=lambda c: (POINTS[c], c // 6 == trump, c)))

    @staticmethod
    def _is_master(c: int, hand: int, played: int) -> bool:
        s = c // 6
        for r in range(c % 6 + 1, 6):
            hc = s * 6 + r
            if not (played >> hc & 1) and not (hand >> hc & 1):
                return False
        return True

    def _lead(self, cards, hand, played, trump, declarer) -> int:
        # masters (aces, or tens whose ace is gone) first
        masters = [c for c in cards if c % 6 >= TEN and self._is_master(c, hand, played)]
        if masters:
            # prefer trump masters when declarer draws trumps
            return max(masters, key=lambda c: (declarer and c // 6 == trump, POINTS[c]))
        # keep marriage halves and tens: lead a low card from the longest side suit
        def key(c):
            s = c // 6
            mm = MARRIAGE_MASK[s]
            in_marriage = hand & mm == mm and c % 6 in (KING, QUEEN)
            length = bin(hand & SUIT_MASK[s]).count("1")
            return (in_marriage, c % 6 == TEN, POINTS[c], -length)
        return min(cards, key=key)


PHASES = {"bidding": "bid", "giving": "give", "contract": "contract", "play": "play",
          "blind": "blind", "unblind": "unblind", "redeal": "redeal", "talon": "talon",
          "discard": "discard"}
