"""Scoring, RULES.md §5: the deal's summary goes through ``thousand.scoring.score_deal``
(the five ordered steps of §5.5), then the golden round's bookkeeping (§6.6): after its N
deals (N = players), if nobody made his 120 the round is played again, with `golden_reset`
from a score of 0 for everybody."""
from __future__ import annotations

from ..cards import MARRIAGE_MASK, MARRIAGE_VALUE, points_of, mask_of
from ..scoring import DealSummary, score_deal, declarer_made, Standing, _ev
from .automatic import Automatic


def sitter_points(conv, d) -> int:
    """A dealer who sits out (`four_mode=dealer_sits_out`) scores the talon's card points
    plus a whole marriage lying in it (`sitter_marriage`: full or half), §7."""
    talon = d.cards.talons[0]
    m = mask_of(talon)
    pts = points_of(talon)
    for s in range(4):
        if m & MARRIAGE_MASK[s] == MARRIAGE_MASK[s]:
            pts += MARRIAGE_VALUE[s] // (2 if conv.sitter_marriage == "half" else 1)
    return pts


def summary(game, d) -> DealSummary:
    conv = game.conv
    n = d.layout.players
    playing = [False] * n
    for s in d.playing:
        playing[s] = True
    points = [d.card_points[s] + d.meld_points[s] for s in range(n)]
    decl = d.declarer if d.declarer >= 0 else None
    if decl is not None and d.discards:
        points[decl] += points_of(d.discards)          # two talons: they count for him
    for s in range(n):
        if not playing[s]:
            points[s] = sitter_points(conv, d)
    mult = [2 if d.doubled else 1] * n
    if d.blind:
        mult[decl] = 2
    double_bolts = ((d.doubled and conv.golden_double_bolts)
                    or (d.blind and conv.blind_double_bolts))
    return DealSummary(
        declarer=decl, contract=d.contract, outcome=d.outcome or "played", points=points,
        tricks=list(d.tricks_taken), playing=playing, four_nines=list(d.had_nines),
        multiplier=mult, bolt_multiplier=2 if double_bolts else 1, blind=d.blind,
        number=d.number, dealer=d.dealer)


class Scoring(Automatic):
    PHASE = "done"
    SECTION = "5"

    def start(self, game, d) -> None:
        s = summary(game, d)
        st = game.standing
        before = list(st.scores)
        row = score_deal(game.conv, st, s)
        if s.outcome != "redeal":
            after_golden_deal(game, d, s, row)
        row["delta"] = [a - b for a, b in zip(st.scores, before)]
        row["scores"] = list(st.scores)
        row["bolts"] = list(st.bolts)
        row["redeal_by"] = d.redealer if d.redealer >= 0 else None
        d.outcome = s.outcome if s.outcome == "redeal" else row["outcome"]
        game.sheet.append(row)


def after_golden_deal(game, d, s: DealSummary, row: dict) -> None:
    """Count a deal of the golden round; replay the round when nobody made 120 (§6.6)."""
    conv = game.conv
    if game.golden_left <= 0:
        return
    game.golden_left -= 1
    if d.golden and declarer_made(conv, s):
        game.golden_made = True
    if game.golden_left or conv.golden_round != "on" or game.golden_made \
            or game.standing.finished:
        return
    game.golden_left = conv.players
    if conv.golden_reset:
        game.standing.__dict__.update(Standing.fresh(conv.players).__dict__)
        row["events"].append(_ev("golden_reset", None, 0))
    else:
        row["events"].append(_ev("golden_replay", None, conv.players))
    row["barrel"] = [{"on": False, "attempts": 0} for _ in range(conv.players)] \
        if conv.golden_reset else row["barrel"]


STEP = Scoring()
