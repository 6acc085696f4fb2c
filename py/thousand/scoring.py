"""Scoring a deal and everything after it: RULES.md §5 (deal), §4.1–4.2 (barrel, win).

`end_deal` applies §5.5 in order: (1) the declarer's and the others' changes and
bolts, (2) bolt penalties, (3) the barrel, (4) the dump truck, (5) end checks,
and appends a row to the score sheet.
"""
from __future__ import annotations


def _ev(kind: str, seat, value, **extra) -> dict:
    """A score-sheet event: {"kind", "seat", "value"} (+ "why" for barrel falls).
    Kinds: third_bolt, third_concession, four_nines, barrel_sit, barrel_fall (why:
    attempts, knocked_off, failed), barrel_zero, barrel_simultaneous, barrel_win,
    dump_truck, minus_1000.  `value` is the amount or the resulting score."""
    return {"kind": kind, "seat": seat, "value": value, **extra}


def round5(x: int) -> int:
    """§5.1: remainder 1–2 rounds down, 3–4 up (17 → 15, 18 → 20)."""
    r = x % 5
    return x - r if r <= 2 else x + 5 - r


def concession_award(conv, bid: int, opponents: int) -> int:
    """§5.4: what each opponent gets when the declarer concedes."""
    if conv.concede_award == "sixty":
        return 60
    if conv.concede_award == "split_120":
        return 120 // opponents
    return (-(-bid // 10) * 10) // 2     # half_bid: rounded up to 10, then halved


def end_deal(game, d) -> dict:
    conv = game.conv
    n = d.n
    decl = d.declarer
    need = conv.need
    before = list(game.scores)
    on = list(game.on_barrel)                     # barrel state at the start of the deal
    frozen = conv.barrel_freezes_opponents and on[decl] and d.contract == need
    conceded = d.outcome == "conceded"
    raw = [d.card_points[s] + d.meld_points[s] for s in range(n)]
    change = [0] * n
    bolt_add = [0] * n
    events: list[str] = []
    made = False

    # (1) changes and bolts
    if conceded:
        game.concessions[decl] += 1
        cost = "none" if conv.concede_limit_three else conv.concede_penalty
        if not on[decl]:
            if cost == "bid":
                change[decl] -= d.contract
            elif cost == "bolt":
                bolt_add[decl] += 1
            # concede_limit_three: his (at most three) concessions cost nothing at all
            if (conv.concede_third_penalty and not conv.concede_limit_three
                    and game.concessions[decl] % 3 == 0):
                change[decl] -= conv.penalty
                events.append(_ev("third_concession", decl, -conv.penalty))
        award = concession_award(conv, d.contract, n - 1)
        for s in range(n):
            if s != decl and not on[s] and not frozen:
                change[s] += award
        outcome = "conceded"
    else:
        pts = round5(raw[decl]) if conv.round_declarer else raw[decl]
        made = pts >= d.contract
        outcome = "made" if made else "failed"
        if not on[decl]:
            change[decl] = d.contract if made else -d.contract
        for s in range(n):
            if s != decl and not on[s] and not frozen:
                change[s] += round5(raw[s])
        for s in range(n):
            if on[s] or (frozen and s != decl):
                continue              # no bolts on the barrel, nor when frozen (§4.1)
            if conv.no_bolt_on_own_game and s == decl:
                continue              # neither adds a bolt nor breaks a streak (§6.4)
            empty = d.tricks_taken[s] == 0 if conv.bolt_on == "no_tricks" else raw[s] == 0
            if empty:
                bolt_add[s] += 1
            elif conv.bolts_mode == "in_a_row":
                game.bolts[s] = 0
    if conv.four_nines_bonus:
        # seed 001: "вне зависимости от результата раунда" — conceded deals included
        for s in range(n):
            if d.had_nines[s] and not on[s]:
                change[s] += 120
                events.append(_ev("four_nines", s, 120))
    for s in range(n):
        game.scores[s] += change[s]

    # (2) bolt penalties
    for s in range(n):
        if bolt_add[s]:
            game.bolts[s] += bolt_add[s]
            if conv.bolts_mode != "none" and game.bolts[s] >= 3:
                game.bolts[s] -= 3
                game.scores[s] -= conv.penalty
                events.append(_ev("third_bolt", s, -conv.penalty))

    # (3) the barrel
    won = not conceded and made and on[decl]
    if won:
        game.scores[decl] = before[decl] + d.contract
        for s in range(n):
            if s != decl and not on[s] and game.scores[s] > conv.barrel_at:
                game.scores[s] = conv.barrel_at
        game.finished = True
        game.winner = decl
        events.append(_ev("barrel_win", decl, game.scores[decl]))
    else:
        _barrel_step(game, d, on, made, conceded, events)

    # (4) dump truck
    for s in range(n):
        if conv.dump_555 and game.scores[s] == 555:
            game.scores[s] = 0
            events.append(_ev("dump_truck", s, 555))
        elif conv.dump_minus_555 and game.scores[s] == -555:
            game.scores[s] = 0
            events.append(_ev("dump_truck", s, -555))

    # (5) end checks
    if not game.finished and conv.end_at_minus_1000 and min(game.scores) <= -1000:
        game.finished = True
        top = max(game.scores)
        leaders = [s for s in range(n) if game.scores[s] == top]
        game.winner = leaders[0] if len(leaders) == 1 else None
        events.append(_ev("minus_1000", None, -1000))

    row = {
        "deal": d.number, "dealer": d.dealer, "declarer": decl, "contract": d.contract,
        "outcome": outcome,
        "points": [0] * n if conceded else raw,
        "delta": [game.scores[s] - before[s] for s in range(n)],
        "scores": list(game.scores), "bolts": list(game.bolts),
        "bolted": [bolt_add[s] > 0 for s in range(n)],
        "barrel": [{"on": game.on_barrel[s], "attempts": game.barrel_attempts[s]} for s in range(n)],
        "events": events,
    }
    d.outcome = outcome
    return row


def _barrel_step(game, d, on, made, conceded, events) -> None:
    conv = game.conv
    n = d.n
    at = conv.barrel_at
    decl = d.declarer

    def fall(s, score, why):
        game.on_barrel[s] = False
        game.barrel_attempts[s] = 0
        game.scores[s] = score
        game.barrel_falls[s] += 1
        events.append(_ev("barrel_fall", s, score, why=why))
        if conv.three_barrels_zero and game.barrel_falls[s] >= 3:
            game.scores[s] = 0
            game.barrel_falls[s] = 0
            events.append(_ev("barrel_zero", s, 0))

    # attempts and failed contracts of those already on the barrel
    for s in range(n):
        if not on[s]:
            continue
        game.barrel_attempts[s] += 1
        if s == decl and not made:
            mode = conv.barrel_failed_contract
            # on the barrel his contract is never below need, a conceded one included
            lost = max(d.contract, conv.need)
            if mode == "minus_bid" or (mode == "minus_bid_if_raised" and lost > conv.need):
                fall(s, at - lost, "failed")
                continue
        if game.barrel_attempts[s] >= conv.barrel_deals:
            fall(s, at - conv.penalty, "attempts")

    # sitting down
    newcomers = [s for s in range(n) if not game.on_barrel[s] and not on[s]
                 and game.scores[s] >= at]
    if len(newcomers) >= 2 and conv.barrel_simultaneous:
        for s in newcomers:
            game.scores[s] = at - conv.penalty
        for s in newcomers:
            events.append(_ev("barrel_simultaneous", s, at - conv.penalty))
        return
    for s in newcomers:
        game.on_barrel[s] = True
        game.barrel_attempts[s] = 0
        game.scores[s] = at
        events.append(_ev("barrel_sit", s, at))
    if newcomers and conv.barrel_knockoff:
        for s in range(n):
            if game.on_barrel[s] and s not in newcomers:
                fall(s, at - conv.penalty, "knocked_off")
