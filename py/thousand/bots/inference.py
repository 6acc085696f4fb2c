"""What the bidding, the giving and the marriages not declared say about the hidden hands
(issue 10 item 2): a weight for every world the sampler draws, its likelihood of the
observed actions under the hard bot's own models.

The sampler (``sampler.py``) draws worlds uniformly among those the observation allows by
the rules (cards seen, what the play showed).  Actions that were *choices* say more:

* **Bids and passes.**  Every bidder is taken to bid on while the next bid is within his
  limit, ``bid_limit`` — the hard bot's own bidding rule over its bidding model
  (``bidding_model.predict``) — blurred by a normal spread of ``SPREAD`` points, since other
  players value hands differently.  A bid of N in a world weighs Φ((limit − N − BID_SHIFT)
  / SPREAD), a pass when the next bid was N one minus that, on each seat's hand as dealt
  in that world (``scripts/fit_inference.py`` fits both to bots' real bidding).  The
  forced bidder's opening 100 is no choice and says nothing.
* **The giving.**  A declarer gives away the cards he values least (``keep_score_of``, the
  score the hard and normal bots give by): a give of card X weighs
  exp(−keep(X)/GIVE_T) / Σ exp(−keep(c)/GIVE_T) over the cards he held then.
* **Marriages not declared.**  A seat on lead with the right to declare who held a whole
  marriage in that world and led without declaring weighs ``MISSED_MELD`` for each time.

``weight(view, world)`` is 0 for a world that contradicts the observation
(``sampler.consistent``) and positive otherwise (every factor is at least ``FLOOR``): the
evidence from choices is soft and never rules out what the rules allow.
"""
from __future__ import annotations

import math
import random

from ..cards import card as parse_card, mask_of, cards_of
from ..conventions import of_view
from ..play import meld_cards, may_declare
from . import bidding_model
from .baseline import keep_score_of
from .sampler import consistent, observe

SPREAD = 25.0        # points: how differently from the model other players value a hand
BID_SHIFT = 0.0      # points: how far under his limit a player stops bidding, on average
GIVE_T = 12.0        # keep-score units: how sharply a declarer gives his least valued cards
MISSED_MELD = 0.3    # a lead without declaring while holding a marriage with the right
FLOOR = 0.02         # no single choice rules a world out
BARREL_ME = 15       # the limit's barrel terms (hard.HardBot.bid uses the same)
BARREL_OTHER = 10


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def bid_limit(hand: int, seat: int, view: dict) -> float:
    """The highest bid the hard bot's rule makes with `hand` at `seat` (the barrel counts)."""
    mean, sd = bidding_model.predict(hand)
    limit = mean - bidding_model.MARGIN_SD * sd
    barrel = view.get("barrel") or []
    if barrel and barrel[seat]["on"]:
        limit += BARREL_ME
    if any(b["on"] for s, b in enumerate(barrel) if s != seat):
        limit += BARREL_OTHER
    return limit


def bid_events(view: dict) -> dict:
    """Each seat's bidding choices: {seat: [(kind, level)]}, kind "bid" (he bid `level`) or
    "pass" (he passed when the next bid was `level`)."""
    step = view.get("bid_step") or 5
    high = 100          # the forced bidder's opening bid
    out: dict = {}
    for seat, act in view.get("bids") or ():
        parts = act.split()
        if parts[0] == "bid":
            level = int(parts[1])
            out.setdefault(seat, []).append(("bid", level))
            high = max(high, level)
        elif parts[0] == "pass":
            out.setdefault(seat, []).append(("pass", high + step))
    return out


def _c(x: str) -> int:
    return parse_card(x)


def _played_by(view: dict) -> dict:
    """Cards each seat has played this deal (mask)."""
    out: dict = {}
    tricks = [t["cards"] for t in view.get("tricks") or ()]
    if view.get("trick"):
        tricks.append(view["trick"])
    for cards in tricks:
        for seat, c in cards:
            out[seat] = out.get(seat, 0) | 1 << _c(c)
    return out


def dealt_hands(view: dict, world) -> dict:
    """The hands as dealt (before the talon and the gives) in `world`, for the seats whose
    dealt hand the view lets us rebuild: {seat: mask}."""
    played = _played_by(view)
    now = {s: world[s] | played.get(s, 0) for s in view.get("playing") or range(len(world))}
    if view["phase"] == "bidding":
        return now
    decl = view.get("declarer")
    talon = view.get("talon")
    gives = view.get("gives") or []
    out = dict(now)
    hidden = {}
    for g in gives:
        to = g["to"]
        if g["card"] is None:
            hidden[to] = hidden.get(to, 0) + 1
            continue
        c = 1 << _c(g["card"])
        if decl is not None:
            out[decl] = out.get(decl, 0) | c
        if to in out:
            out[to] &= ~c
    for to, k in hidden.items():
        # a face-down gift we did not see: take away the receiver's least valued cards
        if to in out:
            h = out[to]
            for c in sorted(cards_of(h), key=lambda c: keep_score_of(h, c))[:k]:
                out[to] &= ~(1 << c)
            if decl is not None:
                out.pop(decl, None)          # and what the declarer held is unknown
    if decl is not None and decl in out:
        if talon:
            out[decl] &= ~mask_of(_c(c) for c in talon)
        else:
            out.pop(decl)                    # the talon was not shown
    return out


def bid_weight(room: float, bid: bool, spread: float | None = None,
               shift: float | None = None) -> float:
    """The weight of a bid (or, `bid` False, a pass) by a seat whose limit is `room` points
    above the next bid: Φ((room − BID_SHIFT)/SPREAD), a pass one minus that, at least FLOOR
    (`spread`, `shift`: other values than the module's, as scripts/fit_inference.py tries)."""
    p = _phi((room - (BID_SHIFT if shift is None else shift))
             / (SPREAD if spread is None else spread))
    return max(FLOOR, p if bid else 1.0 - p)


def _bidding_factor(view: dict, seat: int, hand: int, events) -> float:
    limit = bid_limit(hand, seat, view)
    f = 1.0
    for kind, level in events:
        f *= bid_weight(limit - level, kind == "bid")
    return f


def _give_factor(view: dict, world) -> float:
    decl = view.get("declarer")
    if decl is None:
        return 1.0
    played = _played_by(view)
    held = world[decl] | played.get(decl, 0)
    gives = [g for g in view.get("gives") or () if g["card"] is not None]
    for g in gives:
        held |= 1 << _c(g["card"])
    f = 1.0
    for g in gives:
        x = _c(g["card"])
        cards = cards_of(held)
        w = {c: math.exp(-keep_score_of(held, c) / GIVE_T) for c in cards}
        f *= max(FLOOR, w[x] / sum(w.values()))
        held &= ~(1 << x)
    return f


def _meld_factor(view: dict, world, conv) -> float:
    """MISSED_MELD for each lead without a declaration by a seat that had the right and, in
    this world, a whole marriage in hand."""
    tricks = [t["cards"] for t in view.get("tricks") or ()]
    if view.get("trick"):
        tricks.append(view["trick"])
    declared_at = {(m["trick"], m["seat"]) for m in view.get("melds") or ()}
    later = {}                      # seat -> cards it played from this trick on
    for cards in tricks:
        for seat, c in cards:
            later[seat] = later.get(seat, 0) | 1 << _c(c)
    taken = {}
    f = 1.0
    for i, cards in enumerate(tricks):
        leader = cards[0][0]
        hand = world[leader] | later.get(leader, 0)
        if (i, leader) not in declared_at and \
                may_declare(taken.get(leader, 0) > 0, conv.meld_on_first_lead) and \
                meld_cards(hand, hand, False):
            f *= MISSED_MELD
        for seat, c in cards:
            later[seat] &= ~(1 << _c(c))
        if i < len(view.get("tricks") or ()):
            w = view["tricks"][i]["winner"]
            taken[w] = taken.get(w, 0) + 1
    return f


class Evidence:
    """The choices a view shows, read once; ``likelihood(world)`` for each world."""

    def __init__(self, view: dict, conv=None):
        self.view = view
        self.conv = conv or of_view(view)
        me = view["seat"]
        self.events = {s: ev for s, ev in bid_events(view).items() if s != me}
        decl = view.get("declarer")
        self.gives = decl is not None and decl != me and any(
            g["card"] is not None for g in view.get("gives") or ())
        self.tricks = bool(view.get("tricks") or view.get("trick"))

    def likelihood(self, world) -> float:
        view = self.view
        f = 1.0
        if self.events:
            hands = dealt_hands(view, world)
            for seat, ev in self.events.items():
                if seat in hands:
                    f *= _bidding_factor(view, seat, hands[seat], ev)
        if self.gives:
            f *= _give_factor(view, world)
        if self.tricks:
            f *= _meld_factor(view, world, self.conv)
        return f


def weight(view: dict, world, conv=None) -> float:
    """The likelihood of what `view` shows of the other seats' choices in `world` (a hand mask
    per table seat), up to a constant; 0 when the world contradicts the observation."""
    if not consistent(view, world):
        return 0.0
    return Evidence(view, conv).likelihood(world)


def posterior_draws(view: dict, candidates, count: int, rng: random.Random,
                    conv=None) -> list:
    """`count` worlds drawn with replacement from `candidates` (worlds the sampler drew
    uniformly among the consistent ones) in proportion to their likelihood: sampling
    importance resampling, so the draws follow the posterior."""
    ev = Evidence(view, conv)
    ws = [ev.likelihood(w) for w in candidates]
    if sum(ws) <= 0:
        return list(candidates[:count])
    return rng.choices(candidates, weights=ws, k=count)


__all__ = ["Evidence", "weight", "posterior_draws", "bid_limit", "bid_weight",
           "bid_events", "dealt_hands", "observe"]
