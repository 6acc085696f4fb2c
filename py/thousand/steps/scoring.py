"""Scoring, RULES.md §5: the deal's summary goes through ``thousand.scoring.score_deal``
(the five ordered steps of §5.5 and the golden round's count, §6.6)."""
from __future__ import annotations

from ..cards import MARRIAGE_MASK, MARRIAGE_VALUE, points_of, mask_of
from ..scoring import DealSummary, score_deal, multipliers
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
    mult, bolt_mult = multipliers(conv, n, d.doubled, d.blind, decl)
    return DealSummary(
        declarer=decl, contract=d.contract, outcome=d.outcome or "played", points=points,
        tricks=list(d.tricks_taken), playing=playing, four_nines=list(d.had_nines),
        multiplier=mult, bolt_multiplier=bolt_mult, penalty_multiplier=2 if d.doubled else 1,
        blind=d.blind, golden=d.golden,
        doubled=d.doubled, number=d.number, dealer=d.dealer)


class Scoring(Automatic):
    PHASE = "done"
    SECTION = "5"

    def start(self, game, d) -> None:
        s = summary(game, d)
        row = score_deal(game.conv, game.standing, s)
        row["redeal_by"] = d.redealer if d.redealer >= 0 else None
        d.outcome = row["outcome"]
        game.sheet.append(row)


STEP = Scoring()
