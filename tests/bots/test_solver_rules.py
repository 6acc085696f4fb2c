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


@settings(max_examples=300, deadline=None)
@given(deck=st.permutations(range(24)), n_hand=st.integers(1, 8), n_trick=st.integers(0, 2),
       trump=st.integers(-1, 3), owner_is_leader=st.booleans(), flags=st.integers(0, 5))
def test_search_tables_are_the_rules_of_play(deck, n_hand, n_trick, trump, owner_is_leader,
                                            flags):
    """The tables the search reads (built at import) give what thousand.play's functions give:
    the follow rule (§3.7, `must_beat`), the lead rule (`must_lead_trump`,
    `no_lead_foreign_trump`), the trick's winner and the marriage leads."""
    from thousand import play as P
    from thousand.bots import solver as S
    hand = sum(1 << c for c in deck[:n_hand])
    trick = deck[n_hand:n_hand + n_trick]
    lead_rule = [{}, {"must_lead_trump": True}, {"no_lead_foreign_trump": True}][flags % 3]
    rules = PlayRules(must_beat=flags >= 3, **lead_rule)
    if trick:
        wc = trick[P.winning_card(trick, trump)]
        order = S._follow_table(rules.must_beat)[trump + 1][trick[0] // 6 * 24 + wc]
        assert S._first_met(hand, order) == P.follow_mask(hand, trick, trump, rules.must_beat)
        for c in range(24):
            assert bool(S._BEATS[trump + 1][wc] >> c & 1) == P.beats(c, wc, trick[0] // 6, trump)
    order = S._lead_table(rules)[trump + 1][owner_is_leader]
    assert S._first_met(hand, order) == P.lead_mask(hand, trump, owner_is_leader,
                                                    rules.must_lead_trump,
                                                    rules.no_lead_foreign_trump)
    assert S._marriage_leads(hand) == sum(1 << c for c in P.meld_cards(hand, hand, False))
