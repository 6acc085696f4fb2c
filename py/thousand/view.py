"""The observation: what one seat may know, as JSON (``Game.view(seat)``).

Every client — the table, the CLI, the bots, the tests — reads only this.  It is one flat
JSON object made of the parts below (each a TypedDict, so the schema is written down
here); a key is present in every view unless its part says otherwise.  Cards are in text
notation ("QH"), actions in §9 text.  Nothing in a view reveals a card the seat may not
see: another seat's hand, a hidden talon, the unchosen talon pile, a face-down give to
somebody else, the dead hand, the declarer's discards, the stock, and — before anybody has
looked at his cards (the blind declaration, §6.7) — even the seat's own hand.  Who is asked
in a redeal or unblind window is told only to that seat (qualifying says something about
a hand); the others see the window with ``current_seat`` null.
"""
from __future__ import annotations

import copy
from typing import TypedDict

from . import actions as A
from .cards import name, cards_of, sort_key
from .layout import DEAD

SUITS = "SCDH"
MELD_VALUE = (40, 60, 80, 100, 200)


class LayoutView(TypedDict):
    """The §7 layout: `mode` (three, eleven, two_talons, dead_hand, draw, all_play,
    dealer_sits_out, five, six), cards per hand, talon pile sizes, dead hand and stock
    sizes, tricks per deal, whether the dealer sits out, whether anybody declares, whether
    the deck has its nines (five players play the 20 cards without them)."""
    mode: str
    hand: int
    talons: list
    dead: int
    stock: int
    tricks: int
    dealer_sits_out: bool
    bidding: bool
    nines: bool


class TableView(TypedDict):
    """The parameters of the game: who sits where and what is played."""
    names: list            # per seat
    players: int
    conventions: dict      # the record form: {"preset": ..., changed fields}
    rules_code: str        # the share-link code of the conventions
    need: int              # what a barrel player must make (§4.1)
    layout: LayoutView


class BarrelView(TypedDict):
    on: bool
    attempts: int
    falls: int             # falls off the barrel this game (§4.1; three_barrels_zero counts them)


class GoldenView(TypedDict):
    """The golden round (§6.6) while it lasts: its mode, the deals still to play in it
    (this one included), whether anybody has made his 120 in it yet."""
    mode: str
    left: int
    made: bool


class StandingView(TypedDict):
    """The game between deals.  `sheet` is the score sheet: one row per deal (also for a
    redealt deal, outcome "redeal"): deal, dealer, declarer (null: nobody declared),
    contract, outcome (made, failed, conceded, played, redeal), points, delta, scores,
    bolts, bolted, barrel, doubled, blind, redeal_by, events (kinds in thousand.scoring)."""
    scores: list
    bolts: list
    barrel: list           # of BarrelView
    concessions: list      # each seat's concessions this game (a starting position's too)
    sheet: list
    finished: bool
    winner: int | None
    settlement: list       # [{"from", "to", "points"}] at a won game with `settlement`
    action_count: int      # actions played in the whole game
    golden: GoldenView | None


class TurnView(TypedDict, total=False):
    """Who is asked what.  `legal` is filled only in the view of the seat on turn, which
    also gets helpers: bid_min/bid_max (bidding), contract_min/contract_max/concede_cost
    (contract: the contract step's preview of conceding, every seat's change through §5.5 —
    ``steps.contract.concession_preview``), redeal_reasons (a redeal offer: the §6.3 ids the
    seat qualifies by), bid_step."""
    seat: int
    phase: str             # dealing... blind, redeal, unblind, bidding, talon, giving,
                           # discard, contract, play; "done" for a finished deal; "over"
    current_seat: int | None
    legal: list


class DealView(TypedDict, total=False):
    """The deal in progress (absent before the first deal).  Seats are table seats; a
    sitting-out dealer is in no list of `playing`.  Per-seat lists have one entry per
    table seat."""
    deal_number: int
    dealer: int
    first_hand: int
    forced_bidder: int
    playing: list          # seats that play this deal, clockwise from first hand
    sitting_out: int | None
    hand: list | None      # own cards, sorted; None before anybody has looked (§6.7)
    hand_sizes: list
    talon: list | None     # the taken pile, when this seat may see it
    talon_public: bool
    talons: list           # sizes of the talon piles as dealt
    talon_pile: int | None # which pile the declarer took
    dead_size: int         # cards in the dead hand (never shown)
    stock_size: int        # cards left in the stock (two_mode=draw)
    bids: list             # [[seat, "bid 110" | "pass" | "blind" | "unblind"]]
    high_bid: int
    bidder: int
    passed: list
    blind: bool            # the declarer plays blind (§6.7)
    blind_declarer: int | None   # who declared blind (also after an unblinding)
    unblinder: int | None
    golden_deal: int | None      # 1..players within the golden round (§6.6)
    doubled: bool          # this deal's changes count double
    redeal_by: int | None  # who asked for a redeal (the deal is being dealt again)
    declarer: int | None
    contract: int | None
    gives: list            # [{"from", "to" (seat or "dead"), "card" (None: face down)}]
    discards: list | None  # the declarer's laid-off cards (only he sees them)
    discard_count: int
    trump: str | None
    melds: list            # [{"seat", "suit" (S C D H, or A: ace marriage), "trick", "value"}]
    trick: list            # [[seat, card]] in play order
    leader: int | None
    tricks: list           # [{"leader", "cards", "winner"}]
    last_trick: dict | None
    tricks_taken: list
    card_points: list      # card points of the tricks taken so far
    meld_points: list      # declared marriages so far
    points: list           # card_points + meld_points: each seat's points so far
    had_four_nines: bool
    outcome: str | None    # of a finished deal: made, failed, conceded, played, redeal


class View(TableView, StandingView, TurnView, DealView):
    """Everything: the parts above in one object."""


def layout_view(lay) -> LayoutView:
    return {"mode": lay.mode, "hand": lay.hand, "talons": list(lay.talons), "dead": lay.dead,
            "stock": lay.stock, "tricks": lay.tricks, "dealer_sits_out": lay.dealer_sits_out,
            "bidding": lay.bidding, "nines": lay.nines}


def observe(g, seat: int, d) -> View:
    """The view of `seat` of game `g`, showing deal `d` (the current one, or a finished one)."""
    conv = g.conv
    n = g.n
    current = d is g.deal and d is not None and d.step is not None
    cur = g.current_seat
    if current and d.step.PRIVATE and cur != seat:
        cur = None
    v: dict = {
        "seat": seat, "phase": g.phase, "current_seat": cur,
        "names": list(g.names), "players": n, "conventions": conv.to_dict(),
        "rules_code": conv.to_code(), "need": conv.need, "layout": layout_view(g.layout),
        "scores": list(g.scores), "bolts": list(g.bolts),
        "barrel": [{"on": g.on_barrel[s], "attempts": g.barrel_attempts[s],
                    "falls": g.barrel_falls[s]} for s in range(n)],
        "concessions": list(g.concessions),
        "sheet": copy.deepcopy(g.sheet), "finished": g.finished, "winner": g.winner,
        "settlement": g.settlement(), "action_count": sum(len(x.actions) for x in g.deals),
        "golden": ({"mode": conv.golden_round, "left": g.golden_left, "made": g.golden_made}
                   if g.golden_left > 0 else None),
    }
    v["legal"] = g.legal_actions() if current and g.current_seat == seat else []
    if d is None:
        return v
    declarer = d.declarer if d.declarer >= 0 else None
    taken = d.talon_pile >= 0
    show_talon = taken and (d.talon_public or seat == d.declarer)
    gives = []
    for c, to in d.gives:
        visible = not d.gives_face_down or seat in (to, d.declarer)
        gives.append({"from": d.declarer, "to": "dead" if to == DEAD else to,
                      "card": name(c) if visible else None})
    sitting = [s for s in range(n) if s not in d.playing]
    looked = d.looked or not current
    v.update({
        "deal_number": d.number, "dealer": d.dealer, "first_hand": d.playing[0],
        "forced_bidder": d.forced, "playing": list(d.playing),
        "sitting_out": sitting[0] if sitting else None,
        "hand": ([name(c) for c in sorted(cards_of(d.hands[seat]), key=sort_key)]
                 if looked else None),
        "hand_sizes": [bin(h).count("1") for h in d.hands],
        "talon": [name(c) for c in d.talon_cards] if show_talon else None,
        "talon_public": d.talon_public if taken else False,
        "talons": list(d.layout.talons), "talon_pile": d.talon_pile if taken else None,
        "dead_size": bin(d.dead).count("1"), "stock_size": len(d.stock),
        "bids": [[s, A.to_text(m)] for s, m in d.bids], "high_bid": d.high_bid,
        "bidder": d.bidder, "passed": list(d.passed),
        "blind": d.blind, "blind_declarer": d.blind_declarer if d.blind_declarer >= 0 else None,
        "unblinder": d.unblinder if d.unblinder >= 0 else None,
        "golden_deal": d.golden_no or None, "doubled": d.doubled,
        "redeal_by": d.redealer if d.redealer >= 0 else None,
        "declarer": declarer, "contract": d.contract if declarer is not None else None,
        "gives": gives,
        "discards": ([name(c) for c in d.discards] if seat == d.declarer else None),
        "discard_count": len(d.discards),
        "trump": SUITS[d.trump] if d.trump >= 0 else None,
        "melds": [{"seat": s, "suit": SUITS[m] if m < 4 else "A", "trick": t,
                   "value": MELD_VALUE[m]} for (s, m), t in zip(d.melds, d.meld_at)],
        "trick": [[s, name(c)] for s, c in d.trick],
        "leader": d.leader if d.leader >= 0 else None,
        "tricks": [_trick(t) for t in d.tricks],
        "last_trick": _trick(d.tricks[-1]) if d.tricks else None,
        "tricks_taken": list(d.tricks_taken), "card_points": list(d.card_points),
        "meld_points": list(d.meld_points),
        "points": [a + b for a, b in zip(d.card_points, d.meld_points)],
        "had_four_nines": d.had_nines[seat],
        "outcome": None if current else (d.outcome or None),
    })
    if current and g.current_seat == seat:
        v.update(_choices(g, d, seat, v["legal"]))
    return v


def _trick(t) -> dict:
    leader, cards, winner = t
    return {"leader": leader, "cards": [[s, name(c)] for s, c in cards], "winner": winner}


def _choices(g, d, seat: int, legal: list) -> dict:
    """Helpers for a UI, each step's own (``Step.choices``): bid and contract ranges, what
    conceding would do, redeal reasons."""
    out: dict = {"bid_step": g.conv.bid_step}
    out.update(d.step.choices(g, d, seat, g.legal_moves()))
    return out
