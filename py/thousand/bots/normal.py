"""The normal bot: a careful heuristic player for people to play against (issue 10 item 6).

It reads only the view, and plays every table of RULES.md §7 from the layout.

- **What it knows** (``Seen``): the cards played, the talon when shown, the gives it could
  see, and what play showed — a follower who did not follow suit has none of it (and, not
  trumping, no trump); with `must_beat`, one who did not beat has nothing that beats.  From
  these it estimates, card by card, who may still hold what.
- **Hand estimate** (``estimate``): the points a declarer's hand takes, a linear formula over
  features of the hand after the talon and the gives, fitted per layout to real play of this
  bot (``scripts/calibrate_normal.py`` writes ``normal_coeffs.py``), with its spread.
- **Bidding** averages that estimate over talons sampled from the unseen cards and bids on
  while the expected score change of declaring — made and failed contracts weighted by
  their chance, the defenders' points, concession as a way out — beats defending.
- **Contract and concession**: the contract with the best expected score change on the
  hand now held; it concedes only when that is worse than what conceding costs.
- **Giving and discarding**: the cards whose loss lowers the estimate least, counting what a
  given card brings its receiver; marriages and guarded tens are kept.
- **Play**: every legal card is scored by who is likely to win the trick with it (from what
  each seat may still hold), the points in it, and what the card is worth kept — masters,
  marriage halves, the guard of a ten.  Defenders help each other while the contract is in
  doubt; the declarer draws trumps when he holds them; everybody declares marriages.
- **Windows**: a redeal when the hand's expected result is poor, a blind game only when far
  behind a player about to win, unblinding when declaring at 125 beats defending the blind
  game, a random pick of two face-down talons (nothing tells them apart).
"""
from __future__ import annotations

import math
import random

from ..cards import (card as parse_card, name, SUIT_MASK, MARRIAGE_MASK, MARRIAGE_VALUE,
                     ACES_MASK, POINTS, ACE, TEN, KING, QUEEN, FULL_MASK, DECK_NO_NINES,
                     mask_of, cards_of)
from ..play import beats
from . import normal_coeffs

SUITS = "SCDH"
NO_NINES = mask_of(DECK_NO_NINES)
ACE_MARRIAGE = 200
TALON_SAMPLES = 24      # talons averaged over when bidding


def _mask(cards) -> int:
    return mask_of(parse_card(c) for c in cards) if cards else 0


def _count(m: int) -> int:
    return bin(m).count("1")


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


# ---- hand estimate ------------------------------------------------------------------------

FEATURES = ("one", "card_points", "aces", "ace_tens", "guarded_tens", "bare_tens", "top_winners",
            "marriages", "marriage_value", "trump_length", "long_cards", "voids_with_marriage",
            "ace_marriage")


def features(hand: int, deck: int, opponents: int, meld_first: bool, ace_marriage: bool) -> list:
    """Features of a declarer's hand (after the talon and the gives) for ``estimate``."""
    pts = aces = at = gt = bt = top = mcount = mval = long_ = voids = 0
    best_m, trump_len = -1, 0
    for s in range(4):
        suit = hand & SUIT_MASK[s]
        in_deck = deck & SUIT_MASK[s]
        n = _count(suit)
        if not n:
            voids += 1
            continue
        for c in cards_of(suit):
            pts += POINTS[c]
        a = suit >> (s * 6 + ACE) & 1
        t = suit >> (s * 6 + TEN) & 1
        aces += a
        if a and t:
            at += 1
        elif t:
            if n >= 2:
                gt += 1
            else:
                bt += 1
        # top winners: my cards from the ace down without a gap
        for r in range(5, -1, -1):
            c = s * 6 + r
            if not in_deck >> c & 1:
                continue
            if suit >> c & 1:
                top += 1
            else:
                break
        # cards beyond what the opponents hold of the suit on average
        theirs = _count(in_deck) - n
        long_ += max(0.0, n - theirs / max(1, opponents))
        if suit & MARRIAGE_MASK[s] == MARRIAGE_MASK[s]:
            mcount += 1
            mval += MARRIAGE_VALUE[s]
            if s > best_m:
                best_m, trump_len = s, n
    entry = 1 if (aces or meld_first) else 0.6
    am = ACE_MARRIAGE if ace_marriage and hand & ACES_MASK == ACES_MASK else 0
    return [1.0, pts, aces, at, gt, bt, top, mcount, mval * entry, trump_len, long_,
            voids if mcount else 0, am]


def estimate(hand: int, ctx: "Ctx") -> float:
    """Expected points (cards and marriages) a declarer takes with this hand."""
    w = ctx.weights
    f = features(hand, ctx.deck, ctx.opponents, ctx.meld_first, ctx.ace_marriage)
    return sum(a * b for a, b in zip(w, f))


class Ctx:
    """The table's constants for one decision, from the view."""

    def __init__(self, view: dict):
        conv = view["conventions"]
        lay = view["layout"]
        self.view = view
        self.mode = lay["mode"]
        self.deck = NO_NINES if self.mode == "five" else FULL_MASK
        self.playing = list(view.get("playing") or range(view["players"]))
        self.opponents = max(1, len(self.playing) - 1)
        self.others = max(1, view["players"] - 1)       # the seats a relative score averages
        self.meld_first = bool(conv.get("meld_on_first_lead", False))
        self.ace_marriage = bool(conv.get("ace_marriage", False))
        self.conv = conv
        model = normal_coeffs.MODELS.get(self.mode) or normal_coeffs.MODELS["three"]
        self.weights = model["weights"]
        self.sd = model["sd"]
        self.defend = model["defend"]
        self.tricks = lay["tricks"]
        self.talon = lay["talons"][0] if lay["talons"] else 0
        self.receivers = (self.opponents if self.mode not in ("two_talons", "draw") else 0) + \
            (1 if self.mode == "dead_hand" else 0)
        self.discards = 2 if self.mode == "two_talons" else 0

    def get(self, key, default):
        return self.conv.get(key, default)


# ---- scoring expectations ---------------------------------------------------------------------

def opponents_melds(hand: int, ctx: Ctx) -> float:
    """Expected marriage points the defenders declare against this hand (a rough figure:
    a suit whose king and queen are both out is together in one hand about 45% of the time,
    and is declared about two times in three then)."""
    out = 0.0
    for s in range(4):
        if not hand & MARRIAGE_MASK[s]:
            out += MARRIAGE_VALUE[s] * (0.45 if ctx.opponents > 1 else 0.6) * 0.65
    return out


def contract_ev(mu: float, v: int, ctx: Ctx, hand: int, stake: float = 1.0,
                barrel: dict | None = None) -> float:
    """Expected relative score change (mine minus the mean of the others') of playing
    contract v with expected points mu."""
    sd = ctx.sd
    p = 1.0 - _phi((v - 0.5 - mu) / sd)
    if barrel is not None:
        return p * (v + barrel["win"]) + (1 - p) * barrel["fail"]
    if ctx.get("fail_by", "contract") == "shortfall":
        # lose only what he fell short by: about the mean shortfall of a normal tail
        z = (v - mu) / sd
        tail = sd * (math.exp(-z * z / 2) / math.sqrt(2 * math.pi)) + (v - mu) * _phi(z)
        lose = tail
        mine = p * v - lose
    else:
        mine = p * v - (1 - p) * v
    card_left = max(0.0, 120.0 - min(120.0, mu - _my_melds(hand, ctx)))
    theirs = card_left + opponents_melds(hand, ctx)
    return stake * mine - stake * theirs / ctx.others


def _my_melds(hand: int, ctx: Ctx) -> float:
    return sum(MARRIAGE_VALUE[s] for s in range(4) if hand & MARRIAGE_MASK[s] == MARRIAGE_MASK[s])


# ---- what this seat knows ------------------------------------------------------------------------

class Seen:
    """Where the cards may be, as this seat knows it from the view."""

    def __init__(self, view: dict):
        me = self.me = view["seat"]
        n = self.n = view["players"]
        lay = view["layout"]
        self.deck = NO_NINES if lay["mode"] == "five" else FULL_MASK
        self.playing = list(view.get("playing") or range(n))
        self.declarer = view.get("declarer")
        self.hand = _mask(view.get("hand"))
        self.trump = SUITS.index(view["trump"]) if view.get("trump") else -1
        must_beat = bool(view["conventions"].get("must_beat", False))
        known = [0] * n
        excluded = [0] * n
        out = 0                     # cards out of play that this seat knows of
        played = 0
        melds = sorted(view.get("melds") or [], key=lambda m: m["trick"])
        tricks = [t["cards"] for t in view.get("tricks") or []]
        if view.get("trick"):
            tricks.append(view["trick"])
        stock0 = lay.get("stock", 0)
        np_ = len(self.playing)
        trump, mi = -1, 0
        for idx, cards in enumerate(tricks):
            while mi < len(melds) and melds[mi]["trick"] <= idx:
                if melds[mi]["suit"] != "A":
                    trump = SUITS.index(melds[mi]["suit"])
                mi += 1
            free = stock0 - idx * np_ > 0        # the stock still lasted: any card allowed
            first = parse_card(cards[0][1])
            led = first // 6
            best = first
            played |= 1 << first
            for seat, cs in cards[1:]:
                c = parse_card(cs)
                played |= 1 << c
                if not free:
                    if c // 6 != led:
                        excluded[seat] |= SUIT_MASK[led]
                        if trump >= 0 and c // 6 != trump:
                            excluded[seat] |= SUIT_MASK[trump]
                    if must_beat and not beats(c, best, led, trump):
                        excluded[seat] |= _beaters(best, led, trump)
                if beats(c, best, led, trump):
                    best = c
        self.played = played
        decl = self.declarer
        hidden_gives = any(g["card"] is None for g in view.get("gives") or [])
        if decl is not None and decl != me and view.get("talon") and not hidden_gives:
            known[decl] |= _mask(view["talon"])
        for g in view.get("gives") or []:
            if g["card"] is None:
                continue
            c = 1 << parse_card(g["card"])
            if decl is not None:
                known[decl] &= ~c
            if g["to"] == "dead":
                out |= c
            else:
                known[g["to"]] |= c
        if view.get("discards"):
            out |= _mask(view["discards"])
        mine = self.hand
        for s in range(n):
            known[s] &= ~played & ~mine & ~out
        known[me] = mine
        self.known = known
        self.excluded = excluded
        seen = played | out
        for k in known:
            seen |= k
        self.unseen = self.deck & ~seen
        sizes = view.get("hand_sizes") or [0] * n
        self.slots = [max(0, sizes[s] - _count(known[s])) if s != me else 0 for s in range(n)]
        self.hidden = max(0, _count(self.unseen) - sum(self.slots))   # dead hand, other talon...
        self.others = [s for s in self.playing if s != me]
        self._p: dict = {}

    # ---- sides ------------------------------------------------------------------------------
    def ally(self, seat: int) -> bool:
        if seat == self.me:
            return True
        d = self.declarer
        return d is not None and self.me != d and seat != d

    # ---- who holds what ------------------------------------------------------------------------
    def p_card(self, seat: int, c: int) -> float:
        """The chance that `seat` holds card c now."""
        bit = 1 << c
        if self.known[seat] & bit:
            return 1.0
        if not self.unseen & bit or self.excluded[seat] & bit or not self.slots[seat]:
            return 0.0
        key = c
        tot = self._p.get(key)
        if tot is None:
            tot = self.hidden
            for s in self.others:
                if self.slots[s] and not self.excluded[s] & bit:
                    tot += self.slots[s]
            self._p[key] = tot
        return self.slots[seat] / tot if tot else 0.0

    def p_any(self, seat: int, m: int) -> float:
        """The chance that `seat` holds at least one card of mask m."""
        if self.known[seat] & m:
            return 1.0
        q = 1.0
        for c in cards_of(m & self.unseen):
            q *= 1.0 - self.p_card(seat, c)
        return 1.0 - q

    def possible(self, seat: int) -> int:
        return self.known[seat] | (self.unseen & ~self.excluded[seat] if self.slots[seat] else 0)

    def p_beat(self, seat: int, best: int, led: int, free: bool) -> float:
        """The chance that `seat`, still to play, can beat `best` in a trick led in `led`."""
        trump = self.trump
        higher_led = _higher(best) if best // 6 == led else 0
        trumps = SUIT_MASK[trump] if trump >= 0 and led != trump else 0
        if best // 6 == trump and led != trump:
            trumps = _higher(best)
        if free:
            return self.p_any(seat, higher_led | trumps)
        led_m = SUIT_MASK[led]
        if self.known[seat] & led_m:
            return self.p_any(seat, higher_led)
        p_has_led = self.p_any(seat, led_m)
        p = self.p_any(seat, higher_led) if higher_led else 0.0
        if trumps:
            p += (1.0 - p_has_led) * self.p_any(seat, trumps)
        return min(1.0, p)

    def master(self, c: int, mask_mine: int | None = None) -> bool:
        """Is c the highest card of its suit still out (apart from my own)?"""
        mine = self.hand if mask_mine is None else mask_mine
        return not (_higher(c) & self.deck & ~self.played & ~mine)


def _higher(c: int) -> int:
    """Mask of the cards of c's suit above c."""
    s = c // 6
    return SUIT_MASK[s] & ~((1 << (c + 1)) - 1)


def _beaters(best: int, led: int, trump: int) -> int:
    """Cards that would beat `best` in a trick led in `led`."""
    if trump >= 0 and best // 6 == trump:
        return _higher(best)
    m = _higher(best) if best // 6 == led else 0
    if trump >= 0:
        m |= SUIT_MASK[trump]
    return m


# ---- the bot --------------------------------------------------------------------------------------

class NormalBot:
    """The "normal" level.  `full_effort` (for calibrating the hand estimate) plays every
    deal as if the contract were still in doubt."""

    full_effort = False

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, view: dict) -> str:
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        return getattr(self, PHASES[view["phase"]])(view, legal)

    # ---- bidding ------------------------------------------------------------------------------
    def talon_estimate(self, view: dict, ctx: Ctx, hand: int) -> list[float]:
        """The hand estimate after taking a talon and giving (or discarding), for talons
        sampled from the cards this seat has not seen."""
        unseen = [c for c in cards_of(ctx.deck & ~hand)]
        size = ctx.talon
        if not size:
            return [estimate(hand, ctx)]
        rng = random.Random(hand * 31 + size)      # the same hand, the same estimate
        out = []
        for _ in range(TALON_SAMPLES):
            talon = rng.sample(unseen, size)
            full = hand | mask_of(talon)
            out.append(self._after_giving(full, ctx)[0])
        return out

    def _after_giving(self, full: int, ctx: Ctx, exact: bool = False):
        """(estimate, cards to lay off) for the hand after the talon: the gives (or the
        discards of two talons) that keep the most."""
        k = ctx.receivers or ctx.discards
        if not k:
            return estimate(full, ctx), []
        cards = cards_of(full)
        if exact and len(cards) <= 12:
            best = None
            for combo in _combinations(cards, k):
                v = self._keep_value(full, combo, ctx)
                if best is None or v > best[0]:
                    best = (v, combo)
            return best
        # greedy: lay off one card at a time, the one whose loss costs least
        chosen = []
        left = full
        for _ in range(k):
            best = None
            for c in cards_of(left):
                v = self._keep_value(left, [c], ctx) if len(chosen) + 1 == k else \
                    estimate(left & ~(1 << c), ctx) + self._lay_off_gain([c], ctx)
                if best is None or v > best[0]:
                    best = (v, c)
            chosen.append(best[1])
            left &= ~(1 << best[1])
        return self._keep_value(full, chosen, ctx), chosen

    def _keep_value(self, full: int, combo, ctx: Ctx) -> float:
        m = full
        for c in combo:
            m &= ~(1 << c)
        return estimate(m, ctx) + self._lay_off_gain(combo, ctx)

    def _lay_off_gain(self, combo, ctx: Ctx) -> float:
        """Discards count for the declarer; a card given to an opponent may come back to him
        in a trick, or make a marriage for the receiver; the dead hand's cards count for
        nobody (what the estimate lost by them is all)."""
        if ctx.discards:
            return sum(POINTS[c] for c in combo)
        g = 0.0
        for i, c in enumerate(combo):
            if ctx.mode == "dead_hand" and i == len(combo) - 1:
                continue
            g -= 0.35 * POINTS[c]
            if c % 6 in (KING, QUEEN):
                g -= MARRIAGE_VALUE[c // 6] * 0.12
        return g

    def bid(self, view: dict, legal: list[str]) -> str:
        bids = sorted(int(a.split()[1]) for a in legal if a.startswith("bid"))
        if not bids:
            return "pass"
        ctx = Ctx(view)
        hand = _mask(view["hand"])
        ests = self.talon_estimate(view, ctx, hand)
        nxt = bids[0]
        me = view["seat"]
        barrel = self._barrel(view, ctx, nxt)
        ev = sum(contract_ev(mu, nxt, ctx, hand, barrel=barrel) for mu in ests) / len(ests)
        # declaring may still be conceded: a hopeless talon costs no more than conceding
        floor = self._concede_value(view, ctx, nxt)
        if floor is not None:
            ev = sum(max(contract_ev(mu, nxt, ctx, hand, barrel=barrel), floor)
                     for mu in ests) / len(ests)
        defend = ctx.defend
        if any(b["on"] for s, b in enumerate(view["barrel"]) if s != me) \
                and not view["barrel"][me]["on"]:
            defend -= 15        # a barrel player let through to the talon may win the game
        if ev > defend:
            return f"bid {nxt}"
        return "pass"

    def _barrel(self, view: dict, ctx: Ctx, v: int):
        """For a declarer on the barrel: what making (the game) and failing are worth."""
        me = view["seat"]
        b = view["barrel"][me]
        if not b["on"]:
            return None
        conv = ctx.conv
        mode = conv.get("barrel_failed_contract", "attempt")
        last = b["attempts"] >= conv.get("barrel_deals", 3) - 1
        fail = -float(conv.get("penalty", 120)) if last else -15.0
        if mode == "minus_bid" or (mode == "minus_bid_if_raised" and v > view["need"]):
            fail = -v - 60.0
        return {"win": 300.0, "fail": fail}

    def _concede_value(self, view: dict, ctx: Ctx, v: int):
        conv = ctx.conv
        if not conv.get("concede_allowed", True):
            return None
        penalty = conv.get("concede_penalty", "bid")
        lose = v if penalty == "bid" and not conv.get("concede_limit_three", False) else 0
        if penalty == "bolt":
            lose = conv.get("penalty", 120) / 3
        award = conv.get("concede_award", "half_bid")
        opp = ctx.opponents
        each = {"half_bid": -(-v // 10) * 5, "sixty": 60, "split_120": 120 // opp}[award]
        return -lose - each * opp / ctx.others

    # ---- contract and concession -------------------------------------------------------------
    def contract(self, view: dict, legal: list[str]) -> str:
        ctx = Ctx(view)
        hand = _mask(view["hand"])
        mu = estimate(hand, ctx) + sum(POINTS[parse_card(c)] for c in view.get("discards") or [])
        stake = 2.0 if view.get("doubled") else 1.0
        options = {}
        for a in legal:
            if a.startswith("contract"):
                v = int(a.split()[1])
                options[a] = contract_ev(mu, v, ctx, hand, stake, self._barrel(view, ctx, v))
        if "concede" in legal:
            cost = view.get("concede_cost")
            if cost:
                mine = cost["declarer"] - (ctx.conv.get("penalty", 120) / 3 if cost["bolt"] else 0)
                if view["barrel"][view["seat"]]["on"]:
                    mine = self._barrel(view, ctx, view["contract"])["fail"]
                options["concede"] = mine - cost["opponents"] * ctx.opponents / ctx.others
        if view.get("blind"):
            options = {a: v for a, v in options.items()}
        return max(options, key=lambda a: (options[a], a != "concede"))

    # ---- giving and discarding -------------------------------------------------------------
    def give(self, view: dict, legal: list[str]) -> str:
        ctx = Ctx(view)
        hand = _mask(view["hand"])
        left = sorted({a.split()[2] for a in legal})
        k = len(left)
        ctx.receivers = k
        _, cards = self._after_giving(hand, ctx, exact=True)
        # the card to give first, and to whom: the dead hand takes the card that costs most
        # to give an opponent; otherwise the lowest card goes to the seat after me
        cards = sorted(cards, key=lambda c: (POINTS[c], c))
        if "dead" in left:
            return f"give {name(cards[-1])} dead"
        to = self._give_order(view, left)
        return f"give {name(cards[0])} {to}"

    def _give_order(self, view: dict, left: list[str]) -> str:
        me = view["seat"]
        playing = view["playing"]
        i = playing.index(me)
        for j in range(1, len(playing)):
            s = str(playing[(i + j) % len(playing)])
            if s in left:
                return s
        return left[0]

    def discard(self, view: dict, legal: list[str]) -> str:
        ctx = Ctx(view)
        hand = _mask(view["hand"])
        k = ctx.discards - len(view.get("discards") or [])
        ctx.discards = max(1, k)
        _, cards = self._after_giving(hand, ctx, exact=True)
        return f"discard {name(max(cards, key=lambda c: (POINTS[c], c)))}"

    def talon(self, view: dict, legal: list[str]) -> str:
        return self.rng.choice(legal)       # both piles are face down: nothing to choose by

    # ---- windows ---------------------------------------------------------------------------------
    def blind(self, view: dict, legal: list[str]) -> str:
        """A blind game risks 240 on an unseen hand: only far behind a player about to win."""
        me = view["seat"]
        others = [v for s, v in enumerate(view["scores"]) if s != me]
        if max(others) >= 800 and max(others) - view["scores"][me] >= 450:
            return "blind"
        return "pass"

    def unblind(self, view: dict, legal: list[str]) -> str:
        """Unblinding at 125 ends a blind game that usually fails (−240 to its declarer):
        worth it only when declaring at 125 is better than that."""
        ctx = Ctx(view)
        hand = _mask(view["hand"])
        ests = self.talon_estimate(view, ctx, hand)
        ev = sum(contract_ev(mu, 125, ctx, hand) for mu in ests) / len(ests)
        return "unblind" if ev > 60 else "pass"

    def redeal(self, view: dict, legal: list[str]) -> str:
        """A redeal (the deal is not played) is worth about nothing: ask for one when this
        seat's expected result of the deal is clearly below that."""
        ctx = Ctx(view)
        me = view["seat"]
        hand = _mask(view["hand"])
        conv = ctx.conv
        if conv.get("four_nines_bonus") and _count(hand & _nines()) == 4:
            return "pass"
        if view["declarer"] == me:
            mu = estimate(hand, ctx) if _count(hand) == ctx.tricks else \
                self._after_giving(hand, ctx)[0]
            c = view["contract"]
            ev = contract_ev(mu, c, ctx, hand, barrel=self._barrel(view, ctx, c))
            floor = self._concede_value(view, ctx, c)
            if floor is not None and not view["barrel"][me]["on"]:
                ev = max(ev, floor)
            return "redeal" if ev < -20 else "pass"
        if view["declarer"] is None:
            if view["forced_bidder"] == me:
                ests = self.talon_estimate(view, ctx, hand)
                ev = sum(contract_ev(mu, 100, ctx, hand) for mu in ests) / len(ests)
                return "redeal" if ev < -25 else "pass"
            return "pass"
        # a defender: the declarer has the talon; a redeal helps when he is likely to make
        return "redeal" if view["contract"] >= 120 and _points(hand) < 20 else "pass"

    # ---- play --------------------------------------------------------------------------------------
    def play(self, view: dict, legal: list[str]) -> str:
        seen = Seen(view)
        melds = [a for a in legal if a.startswith("meld")]
        if melds:
            return max(melds, key=lambda a: (_meld_value(a), parse_card(a.split()[1]) % 6 == QUEEN))
        cards = [parse_card(a.split()[1]) for a in legal]
        weights = self._weights(view, seen)
        keep = self._keep(view, seen)
        best = max(cards, key=lambda c: (self._card_value(view, seen, c, weights, keep), -c))
        return "play " + name(best)

    def _weights(self, view: dict, seen: Seen) -> dict:
        """What a point is worth to me when it goes to me, an ally, an opponent."""
        me, decl = seen.me, seen.declarer
        if decl is None:
            return {"me": 1.0, "ally": 1.0, "opp": -1.0 / max(1, view["players"] - 1)}
        pts = view["points"][decl]
        target = view["contract"]
        left = sum(POINTS[c] for c in cards_of(seen.deck & ~seen.played)) + 1e-9
        decided = pts >= target or pts + left + _open_melds(view, seen) < target
        if self.full_effort:
            decided = False
            pts = -1
        if me == decl:
            if pts >= target:
                return {"me": 0.2, "ally": 0.0, "opp": -1.0 / (view["players"] - 1)}
            return {"me": 1.0, "ally": 0.0, "opp": -1.0}
        if decided:
            return {"me": 1.0, "ally": -0.3, "opp": 0.0}
        return {"me": 1.0, "ally": 0.9, "opp": -1.3}

    def _keep(self, view: dict, seen: Seen) -> dict:
        """What each card of my hand is worth kept for later tricks."""
        hand = seen.hand
        trump = seen.trump
        out = {}
        can_meld = True
        for c in cards_of(hand):
            s, r = c // 6, c % 6
            suit = hand & SUIT_MASK[s]
            v = 0.0
            if r in (KING, QUEEN) and suit & MARRIAGE_MASK[s] == MARRIAGE_MASK[s] and can_meld:
                v = MARRIAGE_VALUE[s] * 0.7
            elif seen.master(c):
                ruff = 0.0
                if trump >= 0 and s != trump:
                    for o in seen.others:
                        if not seen.ally(o):
                            ruff = max(ruff, (1 - seen.p_any(o, SUIT_MASK[s] & ~hand))
                                       * seen.p_any(o, SUIT_MASK[trump]))
                v = (POINTS[c] + 5) * (1 - ruff)
            elif r == TEN:
                v = 4.0 if _count(suit) >= 2 else 1.0
            else:
                v = 0.3 * POINTS[c] + 0.3 * r
                # the last small card that guards a ten whose ace is out
                ten = s * 6 + TEN
                if hand >> ten & 1 and r < TEN and not seen.master(ten) and _count(suit) == 2:
                    v += 6.0
            if trump >= 0 and s == trump:
                v += 3.0 + r
            out[c] = v
        return out

    def _card_value(self, view: dict, seen: Seen, c: int, w: dict, keep: dict) -> float:
        """Expected worth of playing c now: the trick's points by who wins it, minus the
        card's worth kept."""
        trick = [(s, parse_card(x)) for s, x in view["trick"]]
        playing = seen.playing
        me = seen.me
        trump = seen.trump
        stock0 = view["layout"].get("stock", 0)
        free = stock0 - len(view["tricks"]) * len(playing) > 0
        if trick:
            led = trick[0][1] // 6
            best_seat, best = trick[0]
            for s, x in trick[1:]:
                if beats(x, best, led, trump):
                    best_seat, best = s, x
            if beats(c, best, led, trump):
                best_seat, best = me, c
        else:
            led, best_seat, best = c // 6, me, c
        i = playing.index(me)
        after = [playing[(i + j) % len(playing)] for j in range(1, len(playing) - len(trick))]
        pts = sum(POINTS[x] for _, x in trick) + POINTS[c]
        mine_now = seen.ally(best_seat)
        # the chance that my side wins: nobody of theirs beats the best card (if it is ours),
        # or one of ours does (if it is theirs) and then nobody of theirs
        opp_after = [s for s in after if not seen.ally(s)]
        ally_after = [s for s in after if seen.ally(s) and s != me]
        hold = 1.0
        for o in opp_after:
            hold *= 1.0 - seen.p_beat(o, best, led, free)
        if mine_now:
            p = hold
        else:
            p = 0.0
            if ally_after:
                q = 1.0
                for a in ally_after:
                    q *= 1.0 - seen.p_beat(a, best, led, free)
                p = (1.0 - q) * 0.7
        # what the others still add: theirs play low when we win, high when they win
        top = _top_unseen(seen, led, best)
        win_pts = pts + 1.5 * len(opp_after) + (5.0 if p > 0.6 else 2.0) * len(ally_after)
        lose_pts = pts + (top if not mine_now else top) + 4.0 * max(0, len(opp_after) - 1) \
            + 1.0 * len(ally_after)
        side = w["me"] if best_seat == me or not mine_now else w["ally"]
        if mine_now and best_seat != me:
            side = w["ally"]
        value = p * side * win_pts + (1 - p) * w["opp"] * lose_pts
        value -= keep.get(c, 0.0)
        # the lead is worth something to a hand with a marriage to declare
        lead_bonus = _lead_bonus(view, seen)
        if best_seat == me:
            value += p * lead_bonus
        # the declarer draws trumps while the defenders may have some
        if not trick and seen.declarer == me and trump >= 0 and c // 6 == trump:
            value += 3.0 * _masters_outside(seen) * _p_opp_trumps(seen)
        return value


def _points(hand: int) -> int:
    return sum(POINTS[c] for c in cards_of(hand))


def _nines() -> int:
    return sum(1 << (s * 6) for s in range(4))


def _meld_value(a: str) -> int:
    c = parse_card(a.split()[1])
    return ACE_MARRIAGE if c % 6 == ACE else MARRIAGE_VALUE[c // 6]


def _combinations(cards, k):
    import itertools
    return itertools.combinations(cards, k)


def _open_melds(view: dict, seen: Seen) -> float:
    """Marriage points the declarer may still declare (both halves unplayed and not held by me)."""
    out = 0
    for s in range(4):
        mm = MARRIAGE_MASK[s]
        if not seen.played & mm and not seen.hand & mm:
            if not any(m["suit"] == SUITS[s] for m in view["melds"]):
                out += MARRIAGE_VALUE[s]
    return out


def _top_unseen(seen: Seen, led: int, best: int) -> float:
    """Points of the card an opponent would beat with: the highest one out in the led suit."""
    out = seen.deck & ~seen.played & ~seen.hand & SUIT_MASK[led]
    if not out:
        return 4.0
    return float(POINTS[max(cards_of(out))])


def _lead_bonus(view: dict, seen: Seen) -> float:
    """Winning a trick gives the right to declare and the lead for it."""
    hand = seen.hand
    v = 0.0
    for s in range(4):
        mm = MARRIAGE_MASK[s]
        if hand & mm == mm:
            v = max(v, MARRIAGE_VALUE[s])
    return 0.5 * v


def _masters_outside(seen: Seen) -> int:
    t = seen.trump
    return sum(1 for c in cards_of(seen.hand) if c // 6 != t and seen.master(c))


def _p_opp_trumps(seen: Seen) -> float:
    t = seen.trump
    q = 1.0
    for o in seen.others:
        if not seen.ally(o):
            q *= 1.0 - seen.p_any(o, SUIT_MASK[t])
    return 1.0 - q


PHASES = {"bidding": "bid", "giving": "give", "contract": "contract", "play": "play",
          "blind": "blind", "unblind": "unblind", "redeal": "redeal", "talon": "talon",
          "discard": "discard"}
