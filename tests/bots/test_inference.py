"""Inference from the others' choices (issue 10 item 2): a world's weight is zero whenever it
contradicts the observation, positive for the real deal, and the bids move it the way they
should.  The oracle of "contradicts" here replays every card the view shows through the
engine's rules of play (``thousand.play``) on the hands the world implies, independently of the
sampler's masks."""
import random

from hypothesis import given, settings, strategies as st, HealthCheck

from thousand import Game, Conventions
from thousand.bots import make_bot
from thousand.bots.inference import weight, Evidence, bid_events
from thousand.bots.sampler import observe, sample_worlds
from thousand.cards import card as parse_card, mask_of, cards_of, MARRIAGE_MASK, ACES_MASK
from thousand.play import follow_mask, lead_mask, meld_cards, may_declare

CONVS = [
    Conventions(),
    Conventions(must_beat=True),
    Conventions(must_beat=True, ace_marriage=True, meld_on_first_lead=True),
    Conventions(no_lead_foreign_trump=True, give_face_down=True),
    Conventions(must_lead_trump=True, hide_talon_at_100=True),
]


def _m(cards):
    return mask_of(parse_card(c) for c in cards)


def plays_contradict(view, world, conv) -> bool:
    """Could the cards the view shows not have been played from these hands (§3.7, §6.2)?"""
    tricks = [t["cards"] for t in view["tricks"]] + ([view["trick"]] if view["trick"] else [])
    later = {}
    for cards in tricks:
        for s, c in cards:
            later[s] = later.get(s, 0) | 1 << parse_card(c)
    melds = {m["trick"]: m for m in view["melds"]}
    trump, owner, taken = -1, -1, {}
    for i, cards in enumerate(tricks):
        for k, (s, c) in enumerate(cards):
            c = parse_card(c)
            hand = world[s] | later[s]
            if k == 0:
                ok = lead_mask(hand, trump, owner == s, conv.must_lead_trump,
                               conv.no_lead_foreign_trump)
                m = melds.get(i)
                if m is not None and m["seat"] == s:
                    if not may_declare(taken.get(s, 0) > 0, conv.meld_on_first_lead) or \
                            c not in meld_cards(hand, ok, conv.ace_marriage):
                        return True
                    if m["suit"] != "A":
                        trump, owner = c // 6, s
                elif not ok >> c & 1:
                    return True
            else:
                led = [parse_card(x) for _, x in cards[:k]]
                if not follow_mask(hand, led, trump, conv.must_beat) >> c & 1:
                    return True
        for s, c in cards:
            later[s] &= ~(1 << parse_card(c))
        if i < len(view["tricks"]):
            w = view["tricks"][i]["winner"]
            taken[w] = taken.get(w, 0) + 1
    return False


def contradicts(view, world, conv) -> bool:
    me = view["seat"]
    if world[me] != _m(view["hand"]):
        return True
    allm = 0
    for s, h in enumerate(world):
        if h & allm or bin(h).count("1") != view["hand_sizes"][s]:
            return True
        allm |= h
    played = 0
    for t in view["tricks"] + ([{"cards": view["trick"]}] if view["trick"] else []):
        played |= _m(c for _, c in t["cards"])
    if allm & played:
        return True
    decl = view["declarer"]
    given = {}
    for g in view["gives"]:
        if g["card"] is not None:
            given[parse_card(g["card"])] = g["to"]
    if view["talon"] and view["phase"] != "bidding" and decl is not None:
        hidden = any(g["card"] is None for g in view["gives"])
        for c in map(parse_card, view["talon"]):
            if played >> c & 1:
                continue
            at = given.get(c, decl)
            if not world[at] >> c & 1 and not (hidden and at == decl):
                return True
    for c, to in given.items():
        if to != "dead" and not played >> c & 1 and not world[to] >> c & 1:
            return True
    return plays_contradict(view, world, conv)


def _scramble(view, truth, rng):
    """A random world: the cards I cannot see dealt at random to the others (right sizes)."""
    me = view["seat"]
    others = [s for s in view["playing"] if s != me]
    pool = []
    for s in others:
        pool += cards_of(truth[s])
    rng.shuffle(pool)
    w = list(truth)
    i = 0
    for s in others:
        n = bin(truth[s]).count("1")
        w[s] = mask_of(pool[i:i + n])
        i += n
    return w


def _positions(seed, conv):
    g = Game.new(conv, seed=seed, first_dealer=seed % 3)
    bots = [make_bot("normal", seed=seed + i) for i in range(3)]
    while not g.finished and len(g.sheet) < 2:
        if g.phase in ("play", "contract", "giving"):
            yield g
        seat = g.current_seat
        g.apply(bots[seat].choose(g.view(seat)))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 100_000), ci=st.integers(0, len(CONVS) - 1))
def test_inference_never_weighs_a_world_that_contradicts_the_view(seed, ci):
    conv = CONVS[ci]
    rng = random.Random(seed)
    contradicting = 0
    voids_seen = False
    for g in _positions(seed, conv):
        truth = list(g.deal.hands)
        for seat in g.deal.playing:
            view = g.view(seat)
            assert not contradicts(view, truth, conv)
            assert weight(view, truth) > 0          # the real deal is never ruled out
            shown = any(observe(view).voids)
            for _ in range(20 if shown else 3):
                w = _scramble(view, truth, rng)
                if contradicts(view, w, conv):
                    contradicting += 1
                    assert weight(view, w) == 0, (view, w)
                    if shown:
                        break
            voids_seen = voids_seen or shown
            # nor does the sampler draw such worlds (its masks come from the same rules)
            for w in sample_worlds(observe(view), 2, rng):
                assert not contradicts(view, w, conv), (view, w)
    # the scrambles did meet contradictions (a shown void makes them likely)
    assert contradicting > 0 or not voids_seen


def test_a_declared_marriage_keeps_its_other_half_with_the_declarer():
    """Once a seat declares by leading the queen, a world without the king in his hand (the
    king not played yet) contradicts the view (§3.7: declaring needs both)."""
    found = 0
    for seed in range(300):
        for g in _positions(seed, Conventions()):
            d = g.deal
            if g.phase != "play" or not d.melds or d.trick:
                continue
            seat, suit = d.melds[-1]
            if suit == 4:
                continue
            pair = MARRIAGE_MASK[suit]
            held = d.hands[seat] & pair
            if not held:
                continue
            viewer = next(s for s in d.playing if s != seat)
            view = g.view(viewer)
            other = next(s for s in d.playing if s not in (seat, viewer))
            if d.hands[other] == 0:
                continue
            w = list(d.hands)
            x = held & -held
            y = d.hands[other] & -d.hands[other]
            w[seat] = (w[seat] & ~x) | y
            w[other] = (w[other] & ~y) | x
            assert weight(view, list(d.hands)) > 0
            assert weight(view, w) == 0
            found += 1
            break
        if found >= 3:
            break
    assert found >= 1


def test_bids_move_the_weight_toward_hands_that_explain_them():
    """A seat that bid 150 is far more likely, by the hard bot's own bidding model, to hold
    aces and a marriage than nines and jacks; a seat that passed at 105 the other way."""
    g = Game.new(seed=4, first_dealer=0)
    view = g.view(0)
    strong = _m("AS TS AH TH KH QH KC".split())
    weak = _m("9S JS 9C JC 9D JD QS".split())
    w_strong = [0, strong, weak]
    w_weak = [0, weak, strong]
    base = dict(view, bids=[[1, "bid 150"], [2, "pass"]], phase="bidding", hand=[],
                tricks=[], trick=[], melds=[], gives=[], declarer=None)
    ev = Evidence(base, Conventions())
    assert bid_events(base) == {1: [("bid", 150)], 2: [("pass", 155)]}
    assert ev.likelihood(w_strong) > 20 * ev.likelihood(w_weak)
    ev2 = Evidence(dict(base, bids=[[1, "pass"]]), Conventions())
    assert ev2.likelihood(w_weak) > ev2.likelihood(w_strong)
