"""World sampler: deals of the unseen cards consistent with one seat's observation.

Everything comes from ``Game.view(seat)``: the bot's own hand, the talon when it
was shown (it went to the declarer), cards given face up (or to/by this seat),
cards played, the other half of a declared marriage (still in the declarer's hand until
he plays it), and what the play showed about a hand by the rules of ``thousand.play``: a
card is played from the first mask of ``follow_order`` (or ``lead_order``) that meets the
hand, so the hand met none of the masks before it — a follower who did not follow suit
has none of the suit led, one who then did not trump has no trump, and with `must_beat`
one who did not beat had nothing that beats.

For the play phase the unseen cards are split between the two other playing seats (a
dealer who sits out holds none); the sampler is exact and uniform over the consistent
worlds (cards that only one seat may hold go there, the rest are split at random), and
``all_worlds`` enumerates them when there are few.  Where three or more other seats play
(4 to 6 players) the cards are dealt one at a time to seats that may hold them.
"""
from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass

from ..cards import (card as parse_card, SUIT_MASK, FULL_MASK, ACES_MASK, MARRIAGE_MASK,
                     NINES_MASK, cards_of)
from ..conventions import of_view
from ..play import follow_order, lead_order, winning_card


@dataclass
class Knowledge:
    seat: int
    n: int
    hands_known: list      # per seat: mask of cards known to be in that hand now
    sizes: list            # per seat: cards in hand now
    voids: list            # per seat: bitmask of suits (bit s) the seat is known to lack
    unseen: int            # mask of cards whose place is unknown to this seat
    played: int
    playing: tuple = ()    # the seats that play this deal
    excluded: list = None  # per seat: cards the play showed it cannot hold (voids included)

    def allowed(self, seat: int) -> int:
        """Cards of `unseen` this seat may hold given what the play showed."""
        m = self.unseen
        if self.excluded is not None:
            return m & ~self.excluded[seat]
        for s in range(4):
            if self.voids[seat] >> s & 1:
                m &= ~SUIT_MASK[s]
        return m

    def need(self, seat: int) -> int:
        return self.sizes[seat] - bin(self.hands_known[seat]).count("1")


def _c(x: str) -> int:
    return parse_card(x)


def _shown_out(order, card: int) -> int:
    """The cards a hand cannot have held when it played `card` under the rule `order`:
    those of every mask before the first one that holds the card."""
    out = 0
    for m in order:
        if m >> card & 1:
            return out
        out |= m
    return out


def deck_of(view: dict) -> int:
    """The cards in play (RULES.md §7: five players play without the nines)."""
    return FULL_MASK if (view.get("layout") or {}).get("nines", True) else FULL_MASK & ~NINES_MASK


def observe(view: dict) -> Knowledge:
    """What `view["seat"]` knows about where the cards are (play, contract or giving phase)."""
    me = view["seat"]
    n = len(view["names"])
    conv = of_view(view)
    known = [0] * n
    for c in view["hand"] or ():
        known[me] |= 1 << _c(c)
    played = 0
    voids = [0] * n
    excluded = [0] * n
    melds = sorted(view.get("melds", []), key=lambda m: m["trick"])
    trump, owner = -1, -1
    tricks = [(t["cards"], i) for i, t in enumerate(view.get("tricks", []))]
    if view.get("trick"):
        tricks.append((view["trick"], len(tricks)))
    # while a stock lasts (two_mode=draw) any card may be played: those tricks show nothing
    free_play = (view.get("layout") or {}).get("stock", 0) // max(1, len(view.get("playing") or [0]))
    mi = 0
    for cards, idx in tricks:
        declared = False
        while mi < len(melds) and melds[mi]["trick"] <= idx:
            if melds[mi]["suit"] != "A":
                trump = "SCDH".index(melds[mi]["suit"])
                owner = melds[mi]["seat"]
            declared = declared or melds[mi]["trick"] == idx
            mi += 1
        cs = [_c(c) for _, c in cards]
        led = cs[0] // 6
        lead_seat = cards[0][0]
        for k, (seat, _) in enumerate(cards):
            c = cs[k]
            played |= 1 << c
            if c // 6 != led:
                voids[seat] |= 1 << led
                if trump >= 0 and c // 6 != trump:
                    voids[seat] |= 1 << trump
            if idx < free_play:
                continue
            if k == 0:
                if not declared:
                    order = lead_order(trump, owner == lead_seat, conv.must_lead_trump,
                                       conv.no_lead_foreign_trump)
                    excluded[seat] |= _shown_out(order, c)
            else:
                before = cs[:k]
                best = before[winning_card(before, trump)] if conv.must_beat else -1
                excluded[seat] |= _shown_out(follow_order(led, best, trump, conv.must_beat), c)
    for s in range(n):
        for x in range(4):
            if voids[s] >> x & 1:
                excluded[s] |= SUIT_MASK[x]
    decl = view.get("declarer")
    if decl is not None and view.get("talon") and view["phase"] != "bidding":
        for cs in view["talon"]:
            known[decl] |= 1 << _c(cs)
    hidden_give = False
    for g in view.get("gives", []):
        if g["card"] is not None:
            c = 1 << _c(g["card"])
            known[g["from"]] &= ~c
            if g["to"] != "dead":
                known[g["to"]] |= c
        else:
            hidden_give = True
    if hidden_give and decl is not None and decl != me:
        # a face-down give may have been a talon card: those are now with the
        # declarer or with the receiver, which are the two seats we sample for
        for cs in view.get("talon") or []:
            known[decl] &= ~(1 << _c(cs))
    # a declared marriage: its other half is with the declarer until he plays it (the ace
    # marriage: every ace) — also when it came from the talon and gives were face down
    for m in view.get("melds", []):
        seat = m["seat"]
        if m["suit"] == "A":
            known[seat] |= ACES_MASK & ~played
        else:
            s = "SCDH".index(m["suit"])
            known[seat] |= MARRIAGE_MASK[s] & ~played
    # the declarer's discards (two talons, §7): out of play, seen by him alone
    discarded = 0
    for cs in view.get("discards") or ():
        discarded |= 1 << _c(cs)
    for s in range(n):
        known[s] &= ~played & ~discarded
        if s != me:
            known[s] &= ~known[me]
    played_or_out = played | discarded
    sizes = list(view["hand_sizes"])
    seen = played_or_out
    for s in range(n):
        seen |= known[s]
    unseen = deck_of(view) & ~seen
    return Knowledge(me, n, known, sizes, voids, unseen, played,
                     tuple(view.get("playing") or range(n)), excluded)


def _split(k: Knowledge):
    """(a, b, forced_a, forced_b, free cards, how many free cards go to a)."""
    others = [s for s in k.playing if s != k.seat]
    if len(others) != 2:
        return None
    a, b = others
    al, bl = k.allowed(a), k.allowed(b)
    forced_a = k.unseen & al & ~bl
    forced_b = k.unseen & bl & ~al
    free = k.unseen & al & bl
    na = k.need(a) - bin(forced_a).count("1")
    nb = k.need(b) - bin(forced_b).count("1")
    nfree = bin(free).count("1")
    if na < 0 or nb < 0 or na + nb != nfree or (k.unseen & ~al & ~bl):
        return None
    return a, b, forced_a, forced_b, cards_of(free), na


def count_worlds(k: Knowledge) -> int:
    sp = _split(k)
    if sp is None:
        return 0
    return math.comb(len(sp[4]), sp[5])


def sample_worlds(k: Knowledge, count: int, rng: random.Random) -> list[list[int]]:
    """`count` worlds (hand masks per seat): uniform over consistent worlds where two other
    seats play; where more do (4 to 6 players, RULES.md §7), drawn card by card
    (``_deal_many``)."""
    sp = _split(k)
    if sp is None:
        if len([s for s in k.playing if s != k.seat]) > 2:
            return [_deal_many(k, rng) for _ in range(count)]
        return [_fallback(k, rng) for _ in range(count)]
    a, b, fa, fb, free, na = sp
    out = []
    for _ in range(count):
        pick = rng.sample(free, na)
        ma = fa
        for c in pick:
            ma |= 1 << c
        mb = fb | (sum(1 << c for c in free) & ~ma)
        out.append(_world(k, a, b, ma, mb))
    return out


def all_worlds(k: Knowledge, limit: int = 10_000) -> list[list[int]] | None:
    """Every consistent world, or None when there are more than `limit`."""
    sp = _split(k)
    if sp is None:
        return None
    a, b, fa, fb, free, na = sp
    if math.comb(len(free), na) > limit:
        return None
    allfree = sum(1 << c for c in free)
    out = []
    for pick in itertools.combinations(free, na):
        ma = fa | sum(1 << c for c in pick)
        out.append(_world(k, a, b, ma, fb | (allfree & ~ma)))
    return out


def worlds(k: Knowledge, count: int, rng: random.Random) -> list[list[int]]:
    """Exhaustive when there are at most `count` worlds, else a uniform sample."""
    ex = all_worlds(k, limit=count)
    return ex if ex is not None else sample_worlds(k, count, rng)


def _world(k: Knowledge, a: int, b: int, ma: int, mb: int) -> list[int]:
    hands = list(k.hands_known)
    hands[a] |= ma
    hands[b] |= mb
    return hands


def _deal_many(k: Knowledge, rng: random.Random, tries: int = 50) -> list[int]:
    """A consistent world for three or more other seats: the unseen cards in random order,
    those that fewer seats may hold first, each to one of the seats that may hold it and
    still need cards, chosen in proportion to how many they need.  Without constraints this
    is a uniform deal; with them it is close to one (exact uniformity over n-way splits with
    voids is not worth its cost for the few cards these tables hold).  A draw that runs into
    a card nobody may take starts again."""
    others = [s for s in k.playing if s != k.seat]
    allowed = {s: k.allowed(s) for s in others}
    for _ in range(tries):
        cards = cards_of(k.unseen)
        rng.shuffle(cards)
        cards.sort(key=lambda c: sum(allowed[s] >> c & 1 for s in others))
        need = {s: k.need(s) for s in others}
        hands = list(k.hands_known)
        for c in cards:
            opts = [s for s in others if need[s] > 0 and allowed[s] >> c & 1]
            if not opts:
                break
            s = rng.choices(opts, weights=[need[s] for s in opts])[0] if len(opts) > 1 else opts[0]
            hands[s] |= 1 << c
            need[s] -= 1
        else:
            return hands
    return _fallback(k, rng)


def _fallback(k: Knowledge, rng: random.Random) -> list[int]:
    """Ignore voids (should not happen for observations the engine made)."""
    others = [s for s in k.playing if s != k.seat]
    free = cards_of(k.unseen)
    rng.shuffle(free)
    hands = list(k.hands_known)
    i = 0
    for s in others:
        for c in free[i:i + k.need(s)]:
            hands[s] |= 1 << c
        i += k.need(s)
    return hands


def consistent(view: dict, hands: list[int]) -> bool:
    """Does a world contradict the observation?  (For tests.)"""
    k = observe(view)
    if hands[k.seat] != k.hands_known[k.seat]:
        return False
    allm = 0
    for s in range(k.n):
        if hands[s] & allm:
            return False
        allm |= hands[s]
        if hands[s] & k.hands_known[s] != k.hands_known[s]:
            return False
        if bin(hands[s]).count("1") != k.sizes[s]:
            return False
        if hands[s] & ~k.hands_known[s] & ~k.allowed(s):
            return False
    return allm | k.played == deck_of(view)
