"""The world sampler never produces a world contradicting the observation (issue 4)."""
import random

from hypothesis import given, settings, strategies as st, HealthCheck

from thousand import Game, Conventions
from thousand.bots import make_bot
from thousand.bots.sampler import observe, sample_worlds, all_worlds, consistent, count_worlds

CONV_CHOICES = [
    Conventions(),
    Conventions(give_face_down=True),
    Conventions(hide_talon_at_100=True, meld_on_first_lead=True),
    Conventions(must_beat=True, ace_marriage=True),
    Conventions(must_lead_trump=True),
]


def _positions(seed: int, conv):
    """The game at every decision of the play, contract or giving of a normal bots' game's
    first deals (any number of players: RULES.md §7)."""
    g = Game.new(conv, seed=seed)
    bots = [make_bot("normal", seed=seed + i) for i in range(conv.players)]
    while not g.finished and len(g.sheet) < 2:
        if g.phase in ("play", "contract", "giving"):
            yield g
        seat = g.current_seat
        g.apply(bots[seat].choose(g.view(seat)))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), ci=st.integers(0, len(CONV_CHOICES) - 1))
def test_worlds_are_consistent_with_the_view(seed, ci):
    rng = random.Random(seed)
    for g in _positions(seed, CONV_CHOICES[ci]):
        truth = list(g.deal.hands)
        for seat in range(3):
            view = g.view(seat)
            # the real deal is one of the worlds the sampler may produce
            assert consistent(view, truth)
            k = observe(view)
            for w in sample_worlds(k, 3, rng):
                assert consistent(view, w), (view, w)
                assert w[seat] == truth[seat]


def test_consistency_check_rejects_a_contradiction():
    """A world that gives a seat a card of a suit it showed out of is rejected."""
    g = Game.new(seed=11)
    bots = [make_bot("normal", seed=i) for i in range(3)]
    found = False
    while not g.finished and not found:
        seat = g.current_seat
        g.apply(bots[seat].choose(g.view(seat)))
        if g.phase != "play":
            continue
        for s in range(3):
            k = observe(g.view(s))
            for other in range(3):
                if other == s or not k.voids[other]:
                    continue
                suit = (k.voids[other] & -k.voids[other]).bit_length() - 1
                cand = [c for c in range(suit * 6, suit * 6 + 6) if k.unseen >> c & 1]
                third = 3 - s - other
                mine = [c for c in range(24) if g.deal.hands[other] >> c & 1
                        and not k.hands_known[other] >> c & 1]
                if not cand or not mine:
                    continue
                # swap one void-suit card from the third seat into `other`
                w = list(g.deal.hands)
                c_in, c_out = cand[0], mine[0]
                if not w[third] >> c_in & 1:
                    continue
                w[third] = (w[third] & ~(1 << c_in)) | (1 << c_out)
                w[other] = (w[other] & ~(1 << c_out)) | (1 << c_in)
                assert not consistent(g.view(s), w)
                found = True
                break
            if found:
                break
    assert found


def test_enumeration_is_exhaustive_when_small():
    """Late in a deal all consistent worlds are listed, each once, the truth among them."""
    g = Game.new(seed=5)
    bots = [make_bot("normal", seed=i) for i in range(3)]
    while not (g.phase == "play" and len(g.deal.tricks) == 5 and not g.deal.trick):
        seat = g.current_seat
        g.apply(bots[seat].choose(g.view(seat)))
    view = g.view(g.current_seat)
    k = observe(view)
    ws = all_worlds(k, limit=10_000)
    assert ws is not None and len(ws) == count_worlds(k)
    assert len({tuple(w) for w in ws}) == len(ws)
    assert tuple(g.deal.hands) in {tuple(w) for w in ws}
    for w in ws:
        assert consistent(view, w)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.sampled_from([4, 5, 6]))
def test_worlds_of_many_seats_are_consistent_with_the_view(seed, players):
    """Where three or more other seats play, the card-by-card deal never contradicts what
    the seat saw (voids, gives, the talon, marriages) and keeps its own hand."""
    rng = random.Random(seed)
    seen = 0
    for g in _positions(seed, Conventions(players=players)):
        truth = list(g.deal.hands)
        for seat in g.deal.playing:
            view = g.view(seat)
            assert consistent(view, truth)
            for w in sample_worlds(observe(view), 3, rng):
                assert consistent(view, w), (view, w)
                assert w[seat] == truth[seat]
                seen += 1
    assert seen > 0
