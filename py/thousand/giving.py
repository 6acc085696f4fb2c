"""Talon, giving and contract: RULES.md §3 steps 4–6 (and §5.4's right to concede).

The declarer takes the talon (shown to all unless `hide_talon_at_100` hides a
talon taken at 100), gives one card to each opponent, then names the contract —
the winning bid or more, within `bid_cap` for the hand he now holds — or concedes.
"""
from __future__ import annotations

from . import actions as A
from .bidding import allowed_values
from .cards import cards_of, NINES_MASK
from .deal import GIVING, CONTRACT, PLAY


def take_talon(game, d) -> None:
    conv = game.conv
    decl = d.declarer
    hidden = conv.hide_talon_at_100 and d.at_100
    d.talon_public = not hidden
    d.gives_face_down = conv.give_face_down or hidden
    for c in d.talon_cards:
        d.hands[decl] |= 1 << c
    d.phase = GIVING
    d.turn = decl


def receivers_left(d) -> list[int]:
    given_to = {to for _, to in d.gives}
    return [s for s in range(d.n) if s != d.declarer and s not in given_to]


def legal_gives(game, d) -> list[int]:
    out = []
    cards = cards_of(d.hands[d.declarer])
    for to in receivers_left(d):
        base = A.GIVE + 24 * to
        out.extend(base + c for c in cards)
    return out


def apply_give(game, d, move: int) -> None:
    to, c = divmod(move - A.GIVE, 24)
    d.hands[d.declarer] &= ~(1 << c)
    d.hands[to] |= 1 << c
    d.gives.append((c, to))
    if not receivers_left(d):
        d.had_nines = [h & NINES_MASK == NINES_MASK for h in d.hands]
        d.phase = CONTRACT


def why_illegal_give(game, d, move: int) -> str:
    if not A.GIVE <= move < A.PLAY:
        return "the declarer now gives one card to each opponent: 'give CARD SEAT' (§3.5)"
    to, c = divmod(move - A.GIVE, 24)
    if to == d.declarer or to >= d.n:
        return f"seat {to} is not an opponent of the declarer (§3.5)"
    if not d.hands[d.declarer] >> c & 1:
        return "the declarer can only give a card he holds (§3.5)"
    return f"seat {to} has already received a card (§3.5: one card to each opponent)"


def contract_values(game, d) -> list[int]:
    conv = game.conv
    decl = d.declarer
    on_barrel = game.on_barrel[decl]
    need = conv.need
    values = allowed_values(conv, d.hands[decl], d.contract, on_barrel, need, False)
    base = d.contract
    if not on_barrel or base >= need:
        values.insert(0, base)        # the winning bid itself is always allowed
    return values


def concede_allowed(game, d) -> bool:
    conv = game.conv
    decl = d.declarer
    if not conv.concede_allowed:
        return False
    if not conv.concede_when_anyone_on_barrel and any(game.on_barrel):
        return False
    if game.on_barrel[decl] and conv.concede_penalty == "none" and not conv.concede_on_barrel:
        return False
    if conv.concede_limit_three and game.concessions[decl] >= 3:
        return False
    return True


def legal_contract(game, d) -> list[int]:
    out = [A.CONTRACT + v for v in contract_values(game, d)]
    if concede_allowed(game, d):
        out.append(A.CONCEDE)
    return out


def apply_contract(game, d, move: int) -> None:
    if move == A.CONCEDE:
        d.outcome = "conceded"
        game.end_deal(d)
        return
    d.contract = move - A.CONTRACT
    d.phase = PLAY
    d.leader = d.declarer
    d.turn = d.declarer


def why_illegal_contract(game, d, move: int) -> str:
    conv = game.conv
    if move == A.CONCEDE:
        if not conv.concede_allowed:
            return "concede_allowed is off: no concessions at this table (§6.5)"
        if conv.concede_limit_three and game.concessions[d.declarer] >= 3:
            return "concede_limit_three: at most three concessions per player (§6.5)"
        return "no concession while on the barrel at this table (§6.5 concede_on_barrel, concede_when_anyone_on_barrel)"
    if not A.CONTRACT <= move:
        return "the declarer now names the contract or concedes (§3.6)"
    v = move - A.CONTRACT
    need = conv.need
    if game.on_barrel[d.declarer] and v < need:
        return f"on the barrel the contract must be at least {need} (§4.1)"
    if v < d.contract:
        return f"the contract cannot be below the winning bid {d.contract} (§3.6)"
    if v > conv.max_bid:
        return f"the contract is at most {conv.max_bid} (§3.6)"
    if v % conv.bid_step:
        return f"a contract is a multiple of {conv.bid_step} (§3.6)"
    return f"bid_cap={conv.bid_cap}: the hand now held does not allow {v} (§3.6, §6.1)"
