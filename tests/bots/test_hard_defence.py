"""The hard bot's defence (issue 10 item 1): a defender plays the careful normal bot's card
unless the search finds one that defeats the contract in more than ``defence_defer`` of the
worlds more often (``hard.DEFENCE_DEFER``); the declarer's play is the search's."""
import random

import pytest

from thousand.bots import hard as H
from thousand.bots.hard import HardBot, _move_of
from thousand.bots.normal import NormalBot
from thousand.bots.solver import Solver
from thousand.conventions import Conventions
from thousand.game import Game


class RecordingSolver(Solver):
    """Keeps the make-or-not answers of every world the decision solved."""
    answers: list = []

    def moves_reaching(self, state, target):
        out = super().moves_reaching(state, target)
        RecordingSolver.answers.append(dict(out))
        return out


def play_views(n_deals: int, seed: int, defenders: bool):
    """Play-phase views with a choice, of defenders (or of the declarer), from normal games."""
    rng = random.Random(seed)
    out = []
    for _ in range(n_deals):
        g = Game.new(Conventions(), seed=rng.randrange(1 << 30), first_dealer=rng.randrange(3))
        bots = [NormalBot(rng.randrange(1000)) for _ in range(3)]
        deals = len(g.sheet)
        while len(g.sheet) == deals:
            v = g.view(g.current_seat)
            if (v["phase"] == "play" and len(v["legal"]) > 1
                    and (v["seat"] != v["declarer"]) == defenders and rng.random() < 0.3):
                out.append(v)
            g.apply(bots[g.current_seat].choose(v))
    return out


DEFENCE = play_views(6, seed=5, defenders=True)


def test_the_views_are_defenders_choices():
    assert len(DEFENCE) >= 10


@pytest.mark.parametrize("defer", [0.0, 0.25])
def test_a_defender_leaves_the_normal_card_only_for_one_that_defeats_more_often(defer,
                                                                              monkeypatch):
    monkeypatch.setattr(H, "Solver", RecordingSolver)
    left = 0
    for v in DEFENCE:
        RecordingSolver.answers = []
        bot = HardBot(seed=3, worlds=8, defence_defer=defer)
        got = bot.choose(v)
        theirs = NormalBot(3).choose(v)
        makes = {a: sum(ans[_move_of(a)] for ans in RecordingSolver.answers) for a in v["legal"]}
        used = len(RecordingSolver.answers)
        assert used > 0
        fewest = min(makes.values())
        if got != theirs:
            left += 1
            assert makes[got] == fewest
            assert makes[theirs] - fewest > defer * used
        else:
            assert makes[theirs] - fewest <= defer * used
    assert left < len(DEFENCE)      # the normal card is played where it is as good


def test_without_deferring_the_defender_plays_the_searchs_card(monkeypatch):
    monkeypatch.setattr(H, "Solver", RecordingSolver)
    for v in DEFENCE:
        RecordingSolver.answers = []
        got = HardBot(seed=3, worlds=8, defence_defer=-1).choose(v)
        makes = {a: sum(ans[_move_of(a)] for ans in RecordingSolver.answers) for a in v["legal"]}
        assert makes[got] == min(makes.values())


def test_with_full_deferral_a_defender_plays_as_the_normal_bot():
    for v in DEFENCE:
        assert HardBot(seed=3, worlds=8, defence_defer=1.0).choose(v) == NormalBot(3).choose(v)
