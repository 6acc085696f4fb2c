"""The contract (заказ), RULES.md §3 step 6, and the right to concede (роспись), §5.4/§6.5.

The declarer names the final contract — the winning bid itself, or more: a multiple of
`bid_step`, at most `max_bid`, within `bid_cap` for the hand he now holds (on the barrel
never below `need`, §4.1) — or concedes.  A blind contract (§6.7) is 120 and cannot be
raised; the golden round's 120 (§6.6) only with `golden_can_raise`.
"""
from __future__ import annotations

from dataclasses import replace

from .. import actions as A
from ..errors import rule
from .base import Step
from ..scoring import score_deal
from .bidding import allowed_values
from .scoring import summary

PHASE = "contract"


def active(game, d) -> bool:
    return True


def start(game, d) -> None:
    d.note_four_nines()             # the hands after the giving (§6.2 four_nines_bonus)
    d.turn = d.declarer


def contract_values(game, d) -> list[int]:
    return offered_contracts(game.conv, d.hands[d.declarer], d.contract,
                             game.on_barrel[d.declarer], d.blind, d.golden)


def offered_contracts(conv, hand: int, bid: int, on_barrel: bool, blind: bool = False,
                      golden: bool = False) -> list[int]:
    """The contracts a declarer holding `hand` may name after winning at `bid` (also what a
    bot thinking ahead of the contract reads: every argument is in his view)."""
    if blind or (golden and not conv.golden_can_raise):
        return [bid]
    need = conv.need
    values = allowed_values(conv, hand, bid, on_barrel, need, False)
    if not on_barrel or bid >= need:
        values.insert(0, bid)               # the winning bid itself is always allowed
    return values


def may_concede(conv, declarer: int, on_barrel, concessions, blind: bool = False,
                golden: bool = False) -> bool:
    """May `declarer` concede (§5.4, §6.5), given each seat's barrel state and concessions
    this game, and whether the deal is blind (§6.7) or the golden round's (§6.6)?  Everything
    it reads is in every seat's view, so a player can tell before the bidding whether he
    could concede the talon he bids for."""
    free = conv.concede_penalty == "none"       # a concession that costs the declarer nothing
    if not conv.concede_allowed:
        return False
    if blind and not conv.blind_allow_concede:
        return False
    if golden and free and not conv.concede_on_golden:
        return False
    if not conv.concede_when_anyone_on_barrel and any(on_barrel):
        return False
    if on_barrel[declarer] and free and not conv.concede_on_barrel:
        return False
    if conv.concede_limit_three and concessions[declarer] >= 3:
        return False
    return True


def concede_allowed(game, d) -> bool:
    return may_concede(game.conv, d.declarer, game.on_barrel, game.concessions, d.blind,
                       d.golden)


def legal(game, d) -> list[int]:
    out = [A.CONTRACT + v for v in contract_values(game, d)]
    if concede_allowed(game, d):
        out.append(A.CONCEDE)
    return out


def conceded_contract(game, d) -> int:
    """The contract a concession is scored at: the winning bid — on the barrel never below
    `need`, a conceded one included (§4.1)."""
    if game.on_barrel[d.declarer]:
        return max(d.contract, game.conv.need)
    return d.contract


def concession_preview(game, d) -> dict:
    """What conceding now does to every seat (§5.4), for the declarer to see before he
    chooses: the very scoring the concession gets (``score_deal``, all of §5.5 — the third
    concession's penalty, a bolt and its penalty, the barrel, the dump truck) applied to a
    copy of the standing.  The one thing left out is the declarer's secret from nobody
    else's point of view but his: whether an opponent holds four nines after the giving
    (§6.2 `four_nines_bonus` is paid on a conceded deal too) — the preview counts only the
    declarer's own, so it reads nothing the declarer does not know.

        {"delta": [per seat], "bolted": [per seat], "events": [score-sheet events],
         "declarer": his delta, "bolt": his bolt, "opponents": each opponent's delta when
         they are all the same (else None)}
    """
    decl = d.declarer
    s = summary(game, d)
    s = replace(s, outcome="conceded", contract=conceded_contract(game, d),
                four_nines=[x == decl and s.four_nines[x] for x in range(len(s.four_nines))])
    row = score_deal(game.conv, game.standing.copy(), s)
    delta = row["delta"]
    opp = {delta[x] for x in d.playing if x != decl}
    return {"delta": delta, "bolted": row["bolted"], "events": row["events"],
            "declarer": delta[decl], "bolt": row["bolted"][decl],
            "opponents": opp.pop() if len(opp) == 1 else None}


def apply(game, d, move: int) -> None:
    if move == A.CONCEDE:
        d.contract = conceded_contract(game, d)
        d.outcome = "conceded"
        return
    d.contract = move - A.CONTRACT
    d.leader = d.declarer


def finished(game, d) -> bool:
    return d.leader >= 0 or bool(d.outcome)


def why(game, d, move: int):
    conv = game.conv
    if move == A.CONCEDE:
        if not conv.concede_allowed:
            return rule("concede_off", "6.5", "concede_allowed is off: no concessions at this table")
        if d.blind:
            return rule("concede_blind", "6.7", "a blind game may not be conceded (blind_allow_concede off)")
        if conv.concede_limit_three and game.concessions[d.declarer] >= 3:
            return rule("concede_limit_three", "6.5", "concede_limit_three: at most three concessions per player")
        if d.golden:
            return rule("concede_golden", "6.5", "no concession in the golden round at this table (concede_on_golden)")
        return rule("concede_barrel", "6.5", "no concession while on the barrel at this table "
                    "(concede_on_barrel, concede_when_anyone_on_barrel)")
    if not A.CONTRACT <= move:
        return rule("contract_expected", "3.6", "the declarer now names the contract or concedes")
    v = move - A.CONTRACT
    need = conv.need
    if d.blind:
        return rule("blind_contract_fixed", "6.7", "a blind contract is 120 and cannot be raised")
    if d.golden and not conv.golden_can_raise:
        return rule("golden_contract_fixed", "6.6", "the golden round's 120 cannot be raised here (golden_can_raise off)")
    if game.on_barrel[d.declarer] and v < need:
        return rule("barrel_contract_below_need", "4.1", f"on the barrel the contract must be at least {need}", need=need)
    if v < d.contract:
        return rule("contract_below_bid", "3.6", f"the contract cannot be below the winning bid {d.contract}", bid=d.contract)
    if v > conv.max_bid:
        return rule("contract_above_max", "3.6", f"the contract is at most {conv.max_bid}", max_bid=conv.max_bid)
    if v % conv.bid_step:
        return rule("contract_not_multiple", "3.6", f"a contract is a multiple of {conv.bid_step}", step=conv.bid_step)
    return rule("contract_bid_cap", "6.1", f"bid_cap={conv.bid_cap}: the hand now held does not allow {v}",
                mode=conv.bid_cap, value=v)


def choices(game, d, seat: int, moves: list) -> dict:
    """The range of contracts, and what conceding would do (``concession_preview``)."""
    cs = [m - A.CONTRACT for m in moves if m >= A.CONTRACT]
    out = {"contract_min": min(cs), "contract_max": max(cs)}
    if A.CONCEDE in moves:
        out["concede_cost"] = concession_preview(game, d)
    return out


STEP = Step.of(__name__, "3.6", ("contract", "concede"), judged="decision")
