"""Scoring a deal and everything after it: RULES.md §5 (deal), §4.1–4.2 (barrel, win).

The public entry point is ``score_deal(conv, standing, summary)``: the game's standing
before the deal (scores, bolts, barrel) and what happened in it (a ``DealSummary``: the
declarer and contract, the outcome, each seat's points and tricks) give the standing after
it and the score-sheet row.  The engine's own deals go through it, and so can a deal
played with real cards (a score sheet kept by hand).  It applies §5.5 in order:

    (1) changes and bolts       the declarer's and the others' changes (§5.1–5.4)
    (2) bolt penalties          the third bolt
    (3) the barrel              a win, sitting down, attempts and falls, knock-offs
    (4) the dump truck          555 (and −555) becomes 0
    (5) end checks              −1000
    and then the golden round's count (§6.6): replayed when nobody made his 120

The golden round (§6.6) and the blind game (§6.7) double through one multiplier per seat
(``DealSummary.multiplier``) and one for bolts, never through branches of their own.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field

FOUR_NINES_BONUS = 120
BLIND_CAP = 240
THIRD = 3           # the third bolt (§5.3), every third concession (§6.5), the third fall (§6.4)


@dataclass
class Standing:
    """The game between deals: everything scoring reads and changes."""
    scores: list
    bolts: list
    on_barrel: list
    attempts: list          # deals completed on the barrel (§4.1)
    falls: list             # falls from the barrel (three_barrels_zero)
    concessions: list
    finished: bool = False
    winner: int | None = None
    golden_left: int = 0    # deals of the golden round still to play (§6.6)
    golden_made: bool = False   # somebody made his 120 in this golden round

    @classmethod
    def fresh(cls, n: int, conv=None) -> "Standing":
        """Everybody at 0; with a golden round (§6.6) its N = players deals ahead."""
        golden = n if conv is not None and conv.golden_round != "off" else 0
        return cls([0] * n, [0] * n, [False] * n, [0] * n, [0] * n, [0] * n,
                   golden_left=golden)

    def copy(self) -> "Standing":
        return copy.deepcopy(self)


@dataclass
class DealSummary:
    """What happened in a deal, as scoring needs it.

    declarer    the declarer's seat, or None when nobody declares (`two_mode=draw`)
    contract    the contract (a barrel player's conceded contract is at least need)
    outcome     "played", "conceded" or "redeal"
    points      per seat: card points of tricks taken + declared marriages (a sitting-out
                dealer: the talon's points and its marriage, §7; the declarer's discards
                with two talons count for him)
    tricks      per seat: tricks taken
    playing     per seat: did he play this deal (a sitting-out dealer did not: no bolt)
    four_nines  per seat: four nines after the giving (§6.2 four_nines_bonus)
    multiplier  per seat: 2 for every seat in a doubled (golden) deal and for the blind
                declarer (§6.6, §6.7), else 1 (see ``multipliers``): the seat's change
    penalty_multiplier  2 in a golden-round deal, whose penalties count double too (§6.6);
                a blind game doubles only the declarer's points (§6.7)
    bolt_multiplier  2 when bolts count double (golden_double_bolts, blind_double_bolts)
    blind       the declarer plays blind (§6.7: made = twice his points, else −240)
    golden      a deal of the golden round with its automatic declarer (golden_round=on)
    doubled     a deal of the golden round (either mode): it counts towards its N deals
    """
    declarer: int | None
    contract: int
    outcome: str
    points: list
    tricks: list
    playing: list
    four_nines: list = field(default_factory=list)
    multiplier: list = field(default_factory=list)
    bolt_multiplier: int = 1
    penalty_multiplier: int = 1
    blind: bool = False
    golden: bool = False
    doubled: bool = False
    number: int = 0
    dealer: int = 0

    def __post_init__(self):
        n = len(self.points)
        if not self.four_nines:
            self.four_nines = [False] * n
        if not self.multiplier:
            self.multiplier = [1] * n


def multipliers(conv, n: int, doubled: bool, blind: bool, declarer) -> tuple[list, int]:
    """(per-seat multiplier, bolt multiplier) of a deal: a golden-round deal doubles every
    seat's changes and penalties (§6.6), a blind game the declarer's (§6.7); bolts double with
    golden_double_bolts / blind_double_bolts."""
    mult = [2 if doubled else 1] * n
    if blind:
        mult[declarer] = 2
    double_bolts = (doubled and conv.golden_double_bolts) or (blind and conv.blind_double_bolts)
    return mult, 2 if double_bolts else 1


def _ev(kind: str, seat, value, **extra) -> dict:
    """A score-sheet event: {"kind", "seat", "value"} (+ "why" for barrel falls).
    Kinds: third_bolt, third_concession, four_nines, barrel_sit, barrel_fall (why:
    attempts, knocked_off, failed), barrel_zero, barrel_simultaneous, barrel_win,
    dump_truck, minus_1000, golden_replay, golden_reset.  `value` is the amount or the
    resulting score."""
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
        # 120 split equally; with five opponents 24 each, rounded per §5.1 (assumption)
        return round5(120 // opponents)
    return (-(-bid // 10) * 10) // 2     # half_bid: rounded up to 10, then halved


def declarer_made(conv, s: DealSummary) -> bool:
    if s.declarer is None or s.outcome != "played":
        return False
    pts = s.points[s.declarer]
    return (round5(pts) if conv.round_declarer else pts) >= s.contract


def score_deal(conv, st: Standing, s: DealSummary) -> dict:
    """Apply one deal to the standing (in place); return its score-sheet row."""
    n = len(st.scores)
    before = list(st.scores)
    on = list(st.on_barrel)                  # the barrel as the deal started
    events: list[dict] = []
    if s.outcome == "redeal":
        return _row(s, st, before, [False] * n, events, "redeal")
    made = declarer_made(conv, s)
    bolt_add = _changes_and_bolts(conv, st, s, on, made, events)        # (1)
    _bolt_penalties(conv, st, s, bolt_add, events)                        # (2)
    _barrel(conv, st, s, on, before, made, events)                        # (3)
    _dump_truck(conv, st, events)                                         # (4)
    _end_checks(conv, st, events)                                         # (5)
    _golden_round(conv, st, s, made, events)
    if s.outcome == "conceded":
        outcome = "conceded"
    elif s.declarer is None:
        outcome = "played"
    else:
        outcome = "made" if made else "failed"
    return _row(s, st, before, [b > 0 for b in bolt_add], events, outcome)


def _frozen(conv, s: DealSummary, on) -> bool:
    """barrel_freezes_opponents: the barrel player declares exactly need (§4.1)."""
    return (conv.barrel_freezes_opponents and s.declarer is not None and on[s.declarer]
            and s.contract == conv.need)


def _changes_and_bolts(conv, st: Standing, s: DealSummary, on, made: bool, events) -> list:
    """(1) §5.1–5.4: every seat's change, and the bolts of the deal (returned per seat)."""
    n = len(st.scores)
    decl = s.declarer
    mult = s.multiplier
    frozen = _frozen(conv, s, on)
    change = [0] * n
    penalty = [0] * n         # not multiplied: already the golden round's (§6.6)
    bolt_add = [0] * n
    # who scores like a defender: everybody but the declarer, unless on the barrel or frozen
    defends = [s_ != decl and not on[s_] and not frozen for s_ in range(n)]
    if s.outcome == "conceded":
        st.concessions[decl] += 1
        cost = "none" if conv.concede_limit_three else conv.concede_penalty
        if not on[decl]:
            if s.blind or cost == "bid":
                change[decl] -= s.contract
            elif cost == "bolt":
                bolt_add[decl] += s.bolt_multiplier
            # concede_limit_three: his (at most three) concessions cost nothing at all
            if (conv.concede_third_penalty and not conv.concede_limit_three
                    and st.concessions[decl] % THIRD == 0):
                penalty[decl] = conv.penalty * s.penalty_multiplier
                events.append(_ev("third_concession", decl, -penalty[decl]))
        award = concession_award(conv, s.contract, sum(s.playing) - 1)
        for x in range(n):
            if defends[x]:
                change[x] += award if s.playing[x] else round5(s.points[x])
    else:
        if decl is not None and not on[decl]:
            if s.blind and made:
                # twice his points (the multiplier doubles), at most 240 with blind_max_240
                pts = round5(s.points[decl])
                change[decl] = min(pts, BLIND_CAP // 2) if conv.blind_max_240 else pts
            elif made:
                change[decl] = s.contract
            elif conv.fail_by == "shortfall" and not s.blind:     # blind: −240 (§6.7)
                pts = s.points[decl]
                change[decl] = -round5(s.contract - (round5(pts) if conv.round_declarer else pts))
            else:
                change[decl] = -s.contract
        for x in range(n):
            if defends[x]:
                change[x] += round5(s.points[x])
        for x in range(n):
            if not s.playing[x] or (frozen and x != decl):
                continue              # a sitting-out dealer and frozen opponents: no bolts
            if conv.no_bolt_on_own_game and x == decl:
                continue              # neither adds a bolt nor breaks a streak (§6.4)
            empty = s.tricks[x] == 0 if conv.bolt_on == "no_tricks" else s.points[x] == 0
            if empty and not on[x]:   # on the barrel: no bolt (§5.3)
                bolt_add[x] += s.bolt_multiplier
            elif not empty and conv.bolts_mode == "in_a_row":
                st.bolts[x] = 0       # a deal without a bolt ends the streak, barrel or not
    if conv.four_nines_bonus:
        # seed 001: "вне зависимости от результата раунда" — conceded deals included;
        # not on the barrel, nor for frozen opponents (§6.2, §4.1)
        for x in range(n):
            if s.four_nines[x] and not on[x] and (x == decl or defends[x]):
                change[x] += FOUR_NINES_BONUS
                events.append(_ev("four_nines", x, FOUR_NINES_BONUS * mult[x]))
    for x in range(n):
        st.scores[x] += change[x] * mult[x] - penalty[x]
    return bolt_add


def _bolt_penalties(conv, st: Standing, s: DealSummary, bolt_add, events) -> None:
    """(2) §5.3: the third bolt costs `penalty` (double in the golden round, §6.6); a count
    that passes 3 pays once and keeps the remainder."""
    cost = conv.penalty * s.penalty_multiplier
    for x, add in enumerate(bolt_add):
        if add:
            st.bolts[x] += add
            if conv.bolts_mode != "none" and st.bolts[x] >= THIRD:
                st.bolts[x] -= THIRD
                st.scores[x] -= cost
                events.append(_ev("third_bolt", x, -cost))


def _barrel(conv, st: Standing, s: DealSummary, on, before, made: bool, events) -> None:
    """(3) §4.1–4.2: a win; else attempts, falls, sitting down, simultaneous entries and
    knock-offs."""
    n = len(st.scores)
    at = conv.barrel_at
    winner = None
    contract = s.contract
    if s.declarer is not None:
        if made and on[s.declarer]:
            winner = s.declarer
    elif s.outcome == "played":
        # nobody declares (two_mode=draw): a barrel player who takes `need` wins as if he had
        # declared it (assumption); of two, the one with more points, first hand first
        order = [(s.dealer + 1 + i) % n for i in range(n)]
        cands = [x for x in order if s.playing[x] and on[x] and s.points[x] >= conv.need]
        if cands:
            winner = max(cands, key=lambda x: s.points[x])
            contract = conv.need
    if winner is not None:
        # §4.2: his old score plus the contract; the others' points are still added (capped
        # at the barrel), but nobody sits down, falls or is knocked off
        st.scores[winner] = before[winner] + contract
        for x in range(n):
            if x != winner and not on[x] and st.scores[x] > at:
                st.scores[x] = at
        st.finished, st.winner = True, winner
        events.append(_ev("barrel_win", winner, st.scores[winner]))
        return

    def fall(x, score, why):
        st.on_barrel[x] = False
        st.attempts[x] = 0
        st.scores[x] = score
        st.falls[x] += 1
        events.append(_ev("barrel_fall", x, score, why=why))
        if conv.three_barrels_zero and st.falls[x] >= THIRD:
            st.scores[x] = 0
            st.falls[x] = 0
            events.append(_ev("barrel_zero", x, 0))

    # who reaches the barrel this deal; two or more at once sit nobody down (simultaneous),
    # else a newcomer knocks off everyone already on it
    newcomers = [x for x in range(n) if not on[x] and st.scores[x] >= at]
    simultaneous = len(newcomers) >= 2 and conv.barrel_simultaneous
    knockoff = bool(newcomers) and not simultaneous and conv.barrel_knockoff

    # failed contracts and attempts of those already on the barrel; the knock-off replaces
    # that deal's attempt count for them (§4.1)
    for x in range(n):
        if not on[x]:
            continue
        if x == s.declarer and not made:
            mode = conv.barrel_failed_contract
            if mode == "minus_bid" or (mode == "minus_bid_if_raised" and s.contract > conv.need):
                fall(x, at - s.contract, "failed")
                continue
        if knockoff:
            continue
        st.attempts[x] += 1
        if st.attempts[x] >= conv.barrel_deals:
            fall(x, at - conv.penalty, "attempts")

    # sitting down
    if simultaneous:
        for x in newcomers:
            st.scores[x] = at - conv.penalty
            events.append(_ev("barrel_simultaneous", x, at - conv.penalty))
        return
    for x in newcomers:
        st.on_barrel[x] = True
        st.attempts[x] = 0
        st.scores[x] = at
        events.append(_ev("barrel_sit", x, at))
    if knockoff:
        for x in range(n):
            if st.on_barrel[x] and x not in newcomers:
                fall(x, at - conv.penalty, "knocked_off")


def _dump_truck(conv, st: Standing, events) -> None:
    """(4) §5.5: 555 (and with dump_minus_555, −555) becomes 0."""
    for x, v in enumerate(st.scores):
        if (v == 555 and conv.dump_555) or (v == -555 and conv.dump_minus_555):
            st.scores[x] = 0
            events.append(_ev("dump_truck", x, v))


def _end_checks(conv, st: Standing, events) -> None:
    """(5) §4: end_at_minus_1000 — the highest score wins, a tie for it means no winner."""
    if not st.finished and conv.end_at_minus_1000 and min(st.scores) <= -1000:
        st.finished = True
        top = max(st.scores)
        leaders = [x for x, v in enumerate(st.scores) if v == top]
        st.winner = leaders[0] if len(leaders) == 1 else None
        events.append(_ev("minus_1000", None, -1000))


def _golden_round(conv, st: Standing, s: DealSummary, made: bool, events) -> None:
    """§6.6: count a deal of the golden round; after its N deals, if nobody made his 120,
    the round is played again — with `golden_reset` from 0 for everybody."""
    if not s.doubled or st.golden_left <= 0:
        return
    st.golden_left -= 1
    if s.golden and made:
        st.golden_made = True
    if st.golden_left or conv.golden_round != "on" or st.golden_made or st.finished:
        return
    n = len(st.scores)
    if conv.golden_reset:
        st.__dict__.update(Standing.fresh(n).__dict__)
        events.append(_ev("golden_reset", None, 0))
    else:
        events.append(_ev("golden_replay", None, n))
    st.golden_left = n


def _row(s: DealSummary, st: Standing, before, bolted, events, outcome) -> dict:
    n = len(st.scores)
    return {
        "deal": s.number, "dealer": s.dealer, "declarer": s.declarer, "contract": s.contract,
        "outcome": outcome,
        "points": [0] * n if outcome in ("conceded", "redeal") else list(s.points),
        "delta": [st.scores[x] - before[x] for x in range(n)],
        "scores": list(st.scores), "bolts": list(st.bolts), "bolted": bolted,
        "barrel": [{"on": st.on_barrel[x], "attempts": st.attempts[x]} for x in range(n)],
        "doubled": s.multiplier != [1] * n, "blind": s.blind,
        "events": events,
    }
