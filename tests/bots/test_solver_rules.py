"""The solver plays by the engine's rules: in every play position of random games under
random play conventions (§3.7, §6.2), its legal moves are exactly the engine's."""
import random

from hypothesis import given, settings, strategies as st, HealthCheck

from thousand import Game, Conventions
from thousand.bots.hard import HardBot
from thousand.bots.solver import legal_moves, PlayRules
from thousand.cards import card as parse_card


def _engine_moves(actions):
    return {(parse_card(a.split()[1]), a.startswith("meld")) for a in actions}


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 1 << 20), flags=st.integers(0, 31))
def test_solver_and_engine_agree_on_legal_moves(seed, flags):
    rng = random.Random(seed)
    lead = [None, "must_lead_trump", "no_lead_foreign_trump"][flags % 3]
    conv = Conventions(must_beat=bool(flags & 4), meld_on_first_lead=bool(flags & 8),
                       ace_marriage=bool(flags & 16), **({lead: True} if lead else {}))
    rules = PlayRules.from_conventions(conv)
    g = Game.new(conv, seed=seed)
    hb = HardBot(seed=0, worlds=1)
    checked = 0
    # three deals, or more while random choices have conceded every deal so far
    while not g.finished and (len(g.sheet) < 3 or (checked == 0 and len(g.sheet) < 40)):
        if g.phase == "play":
            view = g.view(g.current_seat)
            state = hb._state(view, g.deal.hands, rules)
            assert set(legal_moves(state)) == _engine_moves(g.legal_actions())
            checked += 1
        g.apply(rng.choice(g.legal_actions()))
    assert checked > 0 or g.finished
