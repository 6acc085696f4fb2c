"""Game as an object: copies are independent (RULES.md §9: the same state, diverging only by
what is applied to each)."""
import random

import pytest

from thousand import Conventions, Game
from thousand.layout import LAYOUTS


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda lay: lay.mode)
def test_copy_is_an_independent_game(layout):
    """Game.copy() raised TypeError ("cannot pickle 'module' object"): a deal's steps are
    modules of the flow."""
    conv = Conventions(players=layout.players,
                       **({"two_mode": layout.mode} if layout.players == 2 else {}),
                       **({"four_mode": layout.mode} if layout.players == 4 else {}))
    rng = random.Random(7)
    g = Game.new(conv, seed=3)
    for _ in range(15):
        g.apply(rng.choice(g.legal_actions()))
    c = g.copy()
    assert c.state_key() == g.state_key() and c.to_record() == g.to_record()
    key = g.state_key()
    while not c.finished and len(c.sheet) < 2:
        c.apply(rng.choice(c.legal_actions()))
    assert g.state_key() == key and c.state_key() != key
    g.apply(g.legal_actions()[0])       # the original still plays
