"""The engine API the tests and clients use (issue 8, item 4): Game.copy()."""
import pytest

from thousand import Conventions, Game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_copy_is_an_independent_equal_game(players):
    g = Game.new(Conventions(players=players), seed=4)
    h = g.copy()
    assert h.state_key() == g.state_key()
    h.apply(h.legal_actions()[0])
    assert h.state_key() != g.state_key() and g.view(0)["action_count"] == 0
