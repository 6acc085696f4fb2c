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

import bisect
import itertools
import math
import random
from dataclasses import fields

from ..cards import (card as parse_card, name, SUIT_MASK, MARRIAGE_MASK, MARRIAGE_VALUE,
                     ACES_MASK, POINTS, ACE, TEN, KING, QUEEN, FULL_MASK, DECK_NO_NINES,
                     mask_of, cards_of)
from ..conventions import of_view
from ..scoring import concession_award
from ..play import beats
from ..steps.contract import may_concede
from . import normal_coeffs
from .normal1 import PHASES     # the method that answers each phase (the same names)

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


def p_reach(x: float, ctx: "Ctx") -> float:
    """The chance that a declarer's points exceed the estimate by at least x: the share of
    the calibration's residuals (actual minus estimated points) that are >= x."""
    q = ctx.resid
    if not q:
        return 1.0 - _phi(x / ctx.sd)
    if x <= q[0]:
        return 1.0
    if x >= q[-1]:
        return 0.0
    i = bisect.bisect_right(q, x)
    lo, hi = q[i - 1], q[i]
    frac = (x - lo) / (hi - lo) if hi > lo else 0.0
    k = len(q) - 1
    return 1.0 - (i - 1 + frac) / k


def shortfall(x: float, ctx: "Ctx") -> float:
    """The mean of max(0, x − residual): what a declarer needing x more than his estimate
    falls short by, on average."""
    q = ctx.resid
    if not q:
        return max(0.0, x)
    return sum(max(0.0, x - r) for r in q) / len(q)


# ---- hand estimate ------------------------------------------------------------------------

FEATURES = ("one", "card_points", "aces", "ace_tens", "guarded_tens", "bare_tens", "top_winners",
            "marriages", "marriage_value", "trump_length", "long_cards", "voids_with_marriage",
            "ace_marriage", "best_marriage", "second_marriage", "best_marriage_with_trump_ace",
            "best_marriage_with_trump_ten", "best_marriage_with_an_ace", "trump_length_with_marriage",
            "side_aces_with_marriage", "top_points", "best_marriage_without_ace")


def features(hand: int, deck: int, opponents: int, meld_first: bool, ace_marriage: bool) -> list:
    """Features of a declarer's hand (after the talon and the gives) for ``estimate``:
    card points, aces and tens (with their ace, guarded, bare), the cards from the top of a
    suit down (and their points), marriages (the best two, whether its suit's ace and ten
    are held, whether an ace gives the lead to declare it), suit lengths and voids."""
    pts = aces = at = gt = bt = top = top_pts = mcount = mval = long_ = voids = 0
    best_m, trump_len = -1, 0
    mvals = []
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
                top_pts += POINTS[c]
            else:
                break
        # cards beyond what the opponents hold of the suit on average
        theirs = _count(in_deck) - n
        long_ += max(0.0, n - theirs / max(1, opponents))
        if suit & MARRIAGE_MASK[s] == MARRIAGE_MASK[s]:
            mcount += 1
            mval += MARRIAGE_VALUE[s]
            mvals.append(MARRIAGE_VALUE[s])
            if s > best_m:
                best_m, trump_len = s, n
    entry = 1 if (aces or meld_first) else 0.6
    am = ACE_MARRIAGE if ace_marriage and hand & ACES_MASK == ACES_MASK else 0
    mvals.sort()
    best = mvals[-1] if mvals else 0
    second = mvals[-2] if len(mvals) > 1 else 0
    t_ace = t_ten = 0
    if best_m >= 0:
        t_ace = hand >> (best_m * 6 + ACE) & 1
        t_ten = hand >> (best_m * 6 + TEN) & 1
    has_m = 1 if best else 0
    return [1.0, pts, aces, at, gt, bt, top, mcount, mval * entry, trump_len, long_,
            voids if mcount else 0, am, best, second, best * t_ace, best * t_ten,
            best * (1 if aces or meld_first else 0), trump_len * has_m, (aces - t_ace) * has_m,
            top_pts, best * (0 if aces or meld_first else 1)]


def estimate(hand: int, ctx: "Ctx") -> float:
    """Expected points (cards and marriages) a declarer takes with this hand."""
    w = ctx.weights
    f = features(hand, ctx.deck, ctx.opponents, ctx.meld_first, ctx.ace_marriage)
    return sum(a * b for a, b in zip(w, f))


def lone_forced_bid(view: dict) -> bool:
    """Is the forced bidder's 100 the only bid at this bidding turn, and this seat not the
    forced bidder?  (Another seat's bid or unblinding is a bid; a blind game ends the bidding.)"""
    me = view["seat"]
    return view["forced_bidder"] != me and not any(
        a.startswith("bid") or a == "unblind" for s, a in view["bids"] if s != me)


_TABLES: dict = {}


def table_of(view: dict) -> dict:
    """Every convention of the view's table by its id.  The view's ``conventions`` is the
    record form, which lists only what differs from the preset: a preset's own values (the
    `two` preset's concede_award, site002's concede_penalty) are not in it."""
    conv = of_view(view)
    table = _TABLES.get(id(conv))
    if table is None:
        table = _TABLES[id(conv)] = {f.name: getattr(conv, f.name) for f in fields(conv)}
    return table


class Ctx:
    """The table's constants for one decision, from the view."""

    def __init__(self, view: dict):
        conv = table_of(view)
        lay = view["layout"]
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
        self.resid = model.get("resid") or []
        self.defend = model["defend"]
        self.defend_forced = model.get("defend_forced", model["defend"])
        self.tricks = lay["tricks"]
        self.talon = lay["talons"][0] if lay["talons"] else 0
        self.receivers = (self.opponents if self.mode not in ("two_talons", "draw") else 0) + \
            (1 if self.mode == "dead_hand" else 0)
        self.dead_left = self.mode == "dead_hand"     # the dead hand still gets a card
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
                barrel: dict | None = None, blind: bool = False) -> float:
    """Expected relative score change (mine minus the mean of the others') of playing
    contract v with expected points mu."""
    sd = ctx.sd
    p = p_reach(v - 0.5 - mu, ctx)
    if barrel is not None:
        return p * (v + barrel["win"]) + (1 - p) * barrel["fail"]
    if blind:           # §6.7: twice the points made (at most 240 with blind_max_240), else −240
        won = 2 * max(v, mu + 0.4 * sd)
        if ctx.get("blind_max_240", False):
            won = min(won, 240)
        return p * won - (1 - p) * 240 - (120.0 - min(120.0, mu)) / ctx.others
    if ctx.get("fail_by", "contract") == "shortfall":
        # lose only what he fell short by
        mine = p * v - shortfall(v - mu, ctx)
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
        must_beat = bool(table_of(view)["must_beat"])
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
        # a declared marriage: its leader held both halves
        for m in melds:
            if m["suit"] != "A":
                known[m["seat"]] |= MARRIAGE_MASK[SUITS.index(m["suit"])]
            else:
                known[m["seat"]] |= ACES_MASK
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

    def master(self, c: int) -> bool:
        """Is c the highest card of its suit still out (apart from my own)?"""
        return not (_higher(c) & self.deck & ~self.played & ~self.hand)


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
    bid_margin = 0.0        # bid while declaring beats defending by this much
    defend_floor = -1000.0  # ... and beats this
    hopeless = 0.1          # concede a contract made with less than this chance ...
    hopeless_slack = 25.0   # ... when conceding costs at most this much more than playing
    # In play, the declarer's own points count this much besides the contract's chance, and a
    # defender counts the declarer's points against him this much (duplicate trials against
    # normal1, 1000 deals: 0/0 gave +8.3 per deal, 2/0 +10.4, 2/1 +10.9, 2/2 +10.9).
    decl_points = 2.0
    def_decl_points = 1.0

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
        if exact and len(cards_of(full)) <= 12:
            return self.lay_offs(full, ctx)[0]
        # greedy: lay off one card at a time, the one whose loss costs least
        chosen = []
        left = full
        for _ in range(k):
            best = None
            for c in cards_of(left):
                v = estimate(left & ~(1 << c), ctx) + self._lay_off_gain(chosen + [c], ctx)
                if best is None or v > best[0]:
                    best = (v, c)
            chosen.append(best[1])
            left &= ~(1 << best[1])
        return self._keep_value(full, chosen, ctx), chosen

    def lay_offs(self, full: int, ctx: Ctx) -> list:
        """Every way to lay off the cards the hand after the talon gives (or discards), as
        (estimate, cards), the one that keeps the most first (ties in the order of
        ``itertools.combinations``)."""
        k = ctx.receivers or ctx.discards
        ways = [(self._keep_value(full, combo, ctx), combo)
                for combo in itertools.combinations(cards_of(full), k)]
        return sorted(ways, key=lambda w: -w[0])

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
        dead = max(combo, key=lambda c: POINTS[c]) if ctx.dead_left and combo else None
        for c in combo:
            if c == dead:
                continue            # the dead hand's card counts for nobody
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
        defend = max(self._defend(view, ctx), self.defend_floor) + self.bid_margin
        if any(b["on"] for s, b in enumerate(view["barrel"]) if s != me) \
                and not view["barrel"][me]["on"]:
            defend -= 15        # a barrel player let through to the talon may win the game
        if ev > defend:
            return f"bid {nxt}"
        return "pass"

    def _defend(self, view: dict, ctx: Ctx) -> float:
        """What passing is worth: defending against a player who bid, or, when nobody has
        bid and nobody else may, against the forced bidder left at 100."""
        me = view["seat"]
        if not lone_forced_bid(view):
            return ctx.defend
        spoken = {s for s, _ in view["bids"]}
        waiting = [s for s in ctx.playing if s not in spoken and s != me
                   and s != view["forced_bidder"] and not view["passed"][s]]
        if not waiting:
            return ctx.defend_forced
        return (ctx.defend + ctx.defend_forced) / 2

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
        """What conceding a talon won at bid v would be worth, or None where this seat could
        not concede it (§6.5: the table's rule, the barrel, three free concessions used, a
        blind game, the golden round)."""
        conv = ctx.conv
        me = view["seat"]
        table = of_view(view)
        blind = bool(view.get("blind")) and view.get("blind_declarer") == me
        golden = bool(view.get("golden_deal")) and table.golden_round == "on"
        if not may_concede(table, me, [b["on"] for b in view["barrel"]], view["concessions"],
                           blind=blind, golden=golden):
            return None
        penalty = conv.get("concede_penalty", "bid")
        lose = v if penalty == "bid" and not conv.get("concede_limit_three", False) else 0
        if penalty == "bolt":
            lose = conv.get("penalty", 120) / 3
        opp = ctx.opponents
        return -lose - concession_award(table, v, opp) * opp / ctx.others

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
                options[a] = contract_ev(mu, v, ctx, hand, stake, self._barrel(view, ctx, v),
                                         blind=bool(view.get("blind")))
        if "concede" in legal:
            cost = view.get("concede_cost")
            if cost:
                # the engine's preview of the concession's whole scoring (§5.4, §5.5): my
                # change and everybody else's, a barrel opponent's nothing included
                me = view["seat"]
                mine = cost["declarer"] - (ctx.conv.get("penalty", 120) / 3 if cost["bolt"] else 0)
                if view["barrel"][me]["on"]:
                    mine = self._barrel(view, ctx, view["contract"])["fail"]
                delta = cost.get("delta")     # a view saved before it had one: the award
                theirs = (sum(x for s, x in enumerate(delta) if s != me) if delta is not None
                          else (cost["opponents"] or 0) * ctx.opponents)
                options["concede"] = mine - theirs / ctx.others
        best = max(options, key=lambda a: (options[a], a != "concede"))
        if "concede" in options and best != "concede" and not view["barrel"][view["seat"]]["on"]:
            # a hopeless hand is conceded even when playing it on would cost the defenders a
            # little more: the contract is lost either way
            low = min(int(a.split()[1]) for a in options if a != "concede")
            p_low = p_reach(low - 0.5 - mu, ctx)
            if p_low < self.hopeless and options["concede"] >= options[best] - self.hopeless_slack:
                return "concede"
        return best

    # ---- giving and discarding -------------------------------------------------------------
    def give(self, view: dict, legal: list[str]) -> str:
        ctx = Ctx(view)
        hand = _mask(view["hand"])
        left = sorted({a.split()[2] for a in legal})
        k = len(left)
        ctx.receivers = k
        ctx.dead_left = "dead" in left
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
        """A redeal (the deal is not played) is worth about nothing: the declarer, or the
        forced bidder before the bidding, asks for one when his expected result is clearly
        below that; a defender only to take a good talon from a barrel player.  Never three
        redeals in a row (a window that opens on every deal must not stop the game)."""
        ctx = Ctx(view)
        me = view["seat"]
        hand = _mask(view["hand"])
        conv = ctx.conv
        sheet = view.get("sheet") or []
        if len(sheet) >= 2 and all(r["outcome"] == "redeal" for r in sheet[-2:]):
            return "pass"
        if conv.get("four_nines_bonus") and _count(hand & _nines()) == 4:
            return "pass"
        decl = view["declarer"]
        if decl == me:
            mu = estimate(hand, ctx) if _count(hand) <= ctx.tricks else \
                self._after_giving(hand, ctx)[0]
            c = view["contract"]
            ev = contract_ev(mu, c, ctx, hand, barrel=self._barrel(view, ctx, c),
                             blind=bool(view.get("blind")))
            floor = self._concede_value(view, ctx, c)
            if floor is not None and not view["barrel"][me]["on"]:
                ev = max(ev, floor)
            return "redeal" if ev < -20 else "pass"
        if decl is None:
            if view["forced_bidder"] == me:
                ests = self.talon_estimate(view, ctx, hand)
                ev = sum(contract_ev(mu, 100, ctx, hand) for mu in ests) / len(ests)
                return "redeal" if ev < -25 else "pass"
            return "pass"
        return "redeal" if view["barrel"][decl]["on"] and not view["barrel"][me]["on"] else "pass"

    # ---- play --------------------------------------------------------------------------------------
    def play(self, view: dict, legal: list[str]) -> str:
        seen = Seen(view)
        melds = [a for a in legal if a.startswith("meld")]
        if melds:
            return max(melds, key=lambda a: (_meld_value(a), parse_card(a.split()[1]) % 6 == QUEEN))
        cards = [parse_card(a.split()[1]) for a in legal]
        plan = Plan(view, seen, self.full_effort, self)
        keep = self._keep(view, seen, plan)
        best = max(cards, key=lambda c: (self._card_value(view, seen, c, plan, keep), -c))
        return "play " + name(best)

    def _keep(self, view: dict, seen: Seen, plan: "Plan") -> dict:
        """What each card of my hand is worth kept for later tricks, in points of mine."""
        hand = seen.hand
        trump = seen.trump
        me = seen.me
        out = {}
        masters = [c for c in cards_of(hand) if seen.master(c)]
        right = bool(view["tricks_taken"][me]) or bool(table_of(view)["meld_on_first_lead"])
        entries = len(masters)
        if right:
            p_declare = min(0.85, 0.3 + 0.25 * entries)
        else:
            p_declare = 0.0 if _count(hand) < 2 else min(0.7, 0.15 + 0.25 * entries)
        for c in cards_of(hand):
            s, r = c // 6, c % 6
            suit = hand & SUIT_MASK[s]
            if r in (KING, QUEEN) and suit & MARRIAGE_MASK[s] == MARRIAGE_MASK[s]:
                v = MARRIAGE_VALUE[s] * p_declare
            elif c in masters:
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
            out[c] = v * plan.keep_scale
        return out

    def _card_value(self, view: dict, seen: Seen, c: int, plan: "Plan", keep: dict) -> float:
        """Expected worth of playing c now: the trick's points and the next lead by who is
        likely to win the trick, the contract's chance after it, minus the card's worth kept."""
        trick = plan.trick
        playing = seen.playing
        me = seen.me
        trump = seen.trump
        if trick:
            led = trick[0][1] // 6
            best_seat, best = plan.best_seat, plan.best
            if beats(c, best, led, trump):
                best_seat, best = me, c
        else:
            led, best_seat, best = c // 6, me, c
        after = plan.after
        pts = plan.trick_points + POINTS[c]
        mine_now = seen.ally(best_seat)
        opp_after = plan.opp_after
        ally_after = plan.ally_after
        free = plan.free
        # the chance that my side wins: nobody of theirs beats the best card (if it is ours),
        # or one of ours does (if it is theirs) and then nobody of theirs
        beat = {o: seen.p_beat(o, best, led, free) for o in opp_after}
        hold = 1.0
        for o in opp_after:
            hold *= 1.0 - beat[o]
        if mine_now:
            p = hold
            winner = best_seat
            loser = max(opp_after, key=lambda o: beat[o]) if opp_after else None
        else:
            p = 0.0
            winner = ally_after[0] if ally_after else me
            if ally_after:
                q = 1.0
                for a in ally_after:
                    q *= 1.0 - seen.p_beat(a, best, led, free)
                p = (1.0 - q) * 0.7
            loser = best_seat
        # what the others still add: theirs play low when we win, high when they win
        top = _top_unseen(seen, led)
        win_pts = pts + 1.5 * len(opp_after) + (5.0 if p > 0.6 else 2.0) * len(ally_after)
        lose_pts = pts + top + 4.0 * max(0, len(opp_after) - 1) + 1.0 * len(ally_after)
        melds = plan.melds
        m_win = melds.get(winner, 0.0)
        m_lose = melds.get(loser, 0.0) if loser is not None else 0.0
        w = plan.w
        value = p * w[winner] * (win_pts + m_win)
        if loser is not None:
            value += (1 - p) * w[loser] * (lose_pts + m_lose)
        if plan.swing:
            decl = seen.declarer
            rest = plan.left - POINTS[c]
            g_win = win_pts + m_win if winner == decl else 0.0
            g_lose = lose_pts + m_lose if loser == decl else 0.0
            value += plan.swing * (p * plan.p_make(g_win, rest - (win_pts - pts))
                                   + (1 - p) * plan.p_make(g_lose, rest - (lose_pts - pts)))
        value -= keep.get(c, 0.0)
        # a third bolt costs the penalty: a seat with two and no trick yet wants one
        if plan.bolt_risk and winner == me:
            value += p * plan.bolt_risk
        # the declarer draws trumps while the defenders may have some
        if not trick and seen.declarer == me and trump >= 0 and c // 6 == trump:
            value += 3.0 * plan.keep_scale * _masters_outside(seen) * _p_opp_trumps(seen)
        return value


class Plan:
    """The valuation of one play decision: what a point is worth to me by the seat that
    takes it, and how much the contract's outcome is worth to me."""

    WIN_GAME = 300.0        # a barrel player's made contract ends the game

    def __init__(self, view: dict, seen: Seen, full_effort: bool = False, bot=None):
        bot = bot or NormalBot
        me, decl = seen.me, seen.declarer
        n_others = max(1, view["players"] - 1)
        barrel = view["barrel"]
        self.trick = [(s, parse_card(x)) for s, x in view["trick"]]
        playing = seen.playing
        trump = seen.trump
        if self.trick:
            led = self.trick[0][1] // 6
            self.best_seat, self.best = self.trick[0]
            for s, x in self.trick[1:]:
                if beats(x, self.best, led, trump):
                    self.best_seat, self.best = s, x
        self.trick_points = sum(POINTS[x] for _, x in self.trick)
        i = playing.index(me)
        self.after = [playing[(i + j) % len(playing)]
                      for j in range(1, len(playing) - len(self.trick))]
        self.opp_after = [s for s in self.after if not seen.ally(s)]
        self.ally_after = [s for s in self.after if seen.ally(s) and s != me]
        stock0 = view["layout"].get("stock", 0)
        self.free = stock0 - len(view["tricks"]) * len(playing) > 0
        self.melds = _melds_next(view, seen)
        self.swing = 0.0
        self.keep_scale = 1.0
        self.bolt_risk = _bolt_risk(view, seen)
        frozen = bool(table_of(view)["barrel_freezes_opponents"]) and decl is not None \
            and barrel[decl]["on"] and view["contract"] == view["need"]

        def counts(s):          # does this seat's own score move with its points?
            return not barrel[s]["on"] and not (frozen and s != decl)
        w = {}
        if decl is None:
            for s in playing:
                w[s] = (1.0 if s == me else -1.0 / n_others) if counts(s) else 0.0
            self.w = w
            return
        if full_effort:
            for s in playing:
                w[s] = (1.0 if s == decl else -1.0) * (1.0 if me == decl else -1.0)
            self.w = w
            return
        for s in playing:
            if s == decl:
                w[s] = bot.decl_points if me == decl else -bot.def_decl_points
            elif me == decl:
                w[s] = -1.0 / n_others if counts(s) else 0.0
            elif s == me:
                w[s] = 1.0 if counts(s) else 0.0
            else:
                w[s] = -1.0 / n_others if counts(s) else 0.0
        self.w = w
        # the contract
        v = view["contract"]
        stake = 2.0 if view.get("doubled") else 1.0
        swing = 2.0 * v * stake
        if barrel[decl]["on"]:
            swing = v + self.WIN_GAME
        if view.get("blind"):
            swing = 240.0 + 2 * v
        self.swing = swing if me == decl else -swing / n_others
        self.need = v - view["points"][decl]
        cp = view["card_points"]
        taken = sum(cp[s] for s in playing)
        prior = 0.6 if len(playing) <= 3 else 0.5 if len(playing) == 4 else 0.45
        self.share = (cp[decl] + prior * 30.0) / (taken + 30.0)
        if me != decl:
            self.share = min(0.95, self.share)
        self.left = float(_points_left(seen))
        self.future_melds = self.melds.get(decl, 0.0) * 0.5
        if me == decl:
            # my points are worth what they add to the chance of making the contract
            z = (self.share * self.left + self.future_melds - self.need) / self._sd(self.left)
            d = math.exp(-z * z / 2) / math.sqrt(2 * math.pi) / self._sd(self.left)
            self.keep_scale = min(3.0, 0.1 + swing * d) if self.need > 0 else 0.1

    @staticmethod
    def _sd(left: float) -> float:
        return 2.0 + 27.0 * math.sqrt(max(0.0, left) / 120.0)

    def p_make(self, gain: float, left: float) -> float:
        """The chance that the declarer makes his contract after gaining `gain` points now,
        with `left` card points still to play for."""
        need = self.need - gain
        if need <= 0:
            return 1.0
        left = max(0.0, left)
        e = self.share * left + self.future_melds
        return _phi((e - need + 0.5) / self._sd(left))


def _bolt_risk(view: dict, seen: Seen) -> float:
    """What taking a trick now saves me: the penalty of a third bolt (§5.3), when I have two
    and no trick yet, weighted by how few tricks are left to take one in."""
    conv = table_of(view)
    me = seen.me
    if conv.get("bolts_mode", "total") == "none" or view["barrel"][me]["on"]:
        return 0.0
    if view["bolts"][me] < 2 or view["tricks_taken"][me]:
        return 0.0
    if conv.get("no_bolt_on_own_game") and seen.declarer == me:
        return 0.0
    left = _count(seen.hand)
    penalty = float(conv.get("penalty", 120))
    return penalty * (0.8 if left <= 2 else 0.5 if left <= 4 else 0.3)


def _points_left(seen: Seen) -> int:
    """Card points still in the players' hands (my hand, what the others hold)."""
    mine = sum(POINTS[c] for c in cards_of(seen.hand))
    known = sum(POINTS[c] for s in seen.others for c in cards_of(seen.known[s]))
    unseen = sum(POINTS[c] for c in cards_of(seen.unseen))
    held = sum(seen.slots[s] for s in seen.others)
    frac = held / (held + seen.hidden) if held + seen.hidden else 0.0
    return mine + known + int(unseen * frac)


def _nines() -> int:
    return sum(1 << (s * 6) for s in range(4))


def _meld_value(a: str) -> int:
    c = parse_card(a.split()[1])
    return ACE_MARRIAGE if c % 6 == ACE else MARRIAGE_VALUE[c // 6]


def _melds_next(view: dict, seen: Seen) -> dict:
    """Per seat: the marriage it would expect to declare on its next lead (mine are
    known; another seat's K and Q of a suit are each its with their chance)."""
    declared = {m["suit"] for m in view["melds"]}
    out = {}
    hand = seen.hand
    mine = 0.0
    for s in range(4):
        mm = MARRIAGE_MASK[s]
        if hand & mm == mm and SUITS[s] not in declared:
            mine = max(mine, MARRIAGE_VALUE[s])
    out[seen.me] = 0.9 * mine
    for o in seen.others:
        best = 0.0
        for s in range(4):
            if SUITS[s] in declared or hand & MARRIAGE_MASK[s] or seen.played & MARRIAGE_MASK[s]:
                continue
            p = seen.p_card(o, s * 6 + KING) * seen.p_card(o, s * 6 + QUEEN)
            best = max(best, p * MARRIAGE_VALUE[s])
        out[o] = 0.9 * best
    return out


def _top_unseen(seen: Seen, led: int) -> float:
    """Points of the card an opponent would beat with: the highest one out in the led suit."""
    out = seen.deck & ~seen.played & ~seen.hand & SUIT_MASK[led]
    if not out:
        return 4.0
    return float(POINTS[max(cards_of(out))])


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
