"""The hard bot's giving (RULES.md §3 step 5: a card to each opponent, then the contract of
step 6).  The pairs searched are those the careful normal bot would most rather give away
(``give_pairs``), chosen by how often each pair still makes the bid; where several
pairs make it in every world, the bid cannot choose between them, and the trial option
``give_points`` lets the pair that keeps the declarer more points choose (what a raised
contract can ask for and what the defenders do not collect; ``HardBot._give_points``).  It is
off (``hard.GIVE_POINTS``: it lost a paired 1.11 a deal on the issue's first 1,000 deals), so
these tests hold what the trial measured."""
import pytest

from thousand import Game
from thousand.bots import hard as H
from thousand.bots.hard import HardBot, SolverSeats
from thousand.bots.sampler import observe
from thousand.bots.solver import PlayRules, Solver
from thousand.cards import POINTS, card as parse_card, cards_of, mask_of


def giving_view(seed: int, first_dealer: int | None = None, nodes: int = 4000):
    """The declarer's first give of a seeded game whose bidding the hard bots played (on a
    quota of `nodes`; the first dealer `seed` % 3 unless given)."""
    g = Game.new(seed=seed, first_dealer=seed % 3 if first_dealer is None else first_dealer)
    bots = {s: HardBot(seed=s, nodes=nodes) for s in range(3)}
    while g.view(g.current_seat)["phase"] != "giving":
        s = g.current_seat
        g.apply(bots[s].choose(g.view(s)))
    return g.view(g.current_seat)


def exact_mean(view, pair, wl, solver, seats, rules):
    return sum(solver.solve_value(H._given(w, view["seat"], pair, seats, rules))
               for w in wl) / len(wl)


@pytest.mark.parametrize("seed", [1, 2, 3, 5])
def test_of_two_pairs_of_gives_the_one_keeping_more_points_is_given(seed):
    """Two pairs, given in the same worlds: the declarer's two cheapest cards, and his most
    valuable card with the cheapest.  Whatever order they come in, the pair chosen is the one
    whose exact open-hand value (a full solve, not the ladder of 10 points the bot brackets
    on, here from 20 up) is higher on average; in these deals the two differ by more than the
    ladder's step (giving an ace is not always the worse: the two cheapest cards may break a
    marriage, seed 2)."""
    view = giving_view(seed)
    me = view["seat"]
    a, b = [s for s in view["playing"] if s != me]
    hand = mask_of(parse_card(c) for c in view["hand"])
    cheap = sorted(cards_of(hand), key=lambda c: (POINTS[c], c))
    dear = max(cards_of(hand), key=lambda c: (POINTS[c], c))
    keep = ((cheap[0], a), (cheap[1], b))
    lose = ((dear, a), (cheap[0], b))
    bot = HardBot(seed=seed, worlds=12, node_budget=None)
    wl = bot._draws(view, observe(view), 12, exhaustive=False)
    rules = PlayRules.from_conventions(H.conventions_of(view))
    seats = SolverSeats(view)
    ref = Solver(seats[me], rules, seats=len(seats.order))
    gap = exact_mean(view, keep, wl, ref, seats, rules) - exact_mean(view, lose, wl, ref, seats,
                                                                      rules)
    assert abs(gap) > 10, gap       # the deals are chosen so that the pairs differ
    better = keep if gap > 0 else lose
    for cands in ([keep, lose], [lose, keep]):
        bot._begin()
        solver = bot._solver(seats[me], rules, len(seats.order))
        got = bot._give_points(view, cands, wl, seats, solver, rules, 20)
        assert got == better


def test_a_safe_bid_compares_the_pairs_by_points_within_the_quota(monkeypatch):
    """A give whose bid every pair makes in every world (the declarer's first give of game
    seed 3, bid 100) with ``give_points`` asks ``_give_points``, plays what it chose, and
    stays within the share of its quota the table's clock allows (STOP_SHARE); without (the
    default) it plays the pair the counts and the keep-score order chose."""
    from thousand.cards import name
    quota = 22_000
    view = giving_view(3, first_dealer=0, nodes=quota)
    me = view["seat"]
    on = 4
    asked = []
    real = HardBot._give_points

    def spy(self, view, cands, *args):
        got = real(self, view, cands, *args)
        asked.append((cands, got))
        return got
    monkeypatch.setattr(HardBot, "_give_points", spy)
    bot = HardBot(seed=me, nodes=quota, give_points=on)
    action = bot.choose(view)
    assert len(asked) == 1
    cands, got = asked[0]
    assert got is not None and len(cands) == on
    assert action == f"give {name(got[0][0])} {got[0][1]}"
    assert bot.nodes <= H.STOP_SHARE * quota + 1
    before = HardBot(seed=me, nodes=quota).choose(view)         # the default: off
    assert len(asked) == 1 and before == f"give {name(cands[0][0][0])} {cands[0][0][1]}"


def dealt(deal_seed: int, dealer: int, bidding: list[str]):
    """The declarer's first give after `bidding` in the deal of `deal_seed` dealt by
    `dealer` (deals of ``match --seed 2026``)."""
    from thousand.bots.match import fresh_deal
    from thousand.conventions import Conventions
    g = fresh_deal(Conventions(), deal_seed, dealer)
    for a in bidding:
        g.apply(a)
    v = g.view(g.current_seat)
    assert v["phase"] == "giving" and not v["gives"]
    return v


# deal 2606 of `match --seed 2026`: seat 1 bids 105 and takes a talon of QH AH AC
MARRIAGES_AND_ACES = (1904778155, 2, ["bid 105", "pass", "pass"])


@pytest.mark.parametrize("seed", [1, 2, 3, 5, 8])
def test_the_careful_pairs_begin_with_the_careful_bots_own_give(seed):
    """``give_pairs`` N (RULES.md §4.1, a card to each defender): the N pairs of cards the
    careful normal bot's hand estimate would most rather give away, each pair to the two
    defenders either way round, the first pair the one the careful bot gives."""
    from thousand.bots.normal import Ctx
    view = giving_view(seed)
    me = view["seat"]
    receivers = [s for s in view["playing"] if s != me]
    hand = mask_of(parse_card(c) for c in view["hand"])
    bot = HardBot(seed=seed, nodes=4000, give_pairs=4)
    cands = bot._careful_pairs(view, hand, receivers)
    assert len(cands) == 8 and len(set(cands)) == 8
    for (c1, a), (c2, b) in cands:
        assert hand >> c1 & 1 and hand >> c2 & 1 and c1 != c2
        assert {a, b} == set(receivers)
        assert (((c2, a), (c1, b))) in cands
    _, careful = bot.fallback._after_giving(hand, Ctx(view), exact=True)
    assert {c for c, _ in cands[0]} == set(careful)


def test_a_small_marriage_given_away_whole_is_searched():
    """A hand of three marriages and three aces after the talon (KS QS, KD QD, KH QH; AC AD
    AH; and JD), bid 105: the four cards the keep score rates cheapest are JD and the aces
    (a marriage half rates dearer than any ace), so the old candidates kept every marriage and
    gave an ace away; the careful pairs search the spades marriage given away whole (40
    points, and 7 of cards, for a trick and 11 of an ace kept), and every pair makes the bid
    here, so the careful bot's give it is."""
    from thousand.cards import name
    view = dealt(*MARRIAGES_AND_ACES)
    me = view["seat"]
    hand = mask_of(parse_card(c) for c in view["hand"])
    spades = {parse_card("KS"), parse_card("QS")}
    cheap = sorted(cards_of(hand), key=lambda c: H._keep_score(hand, c))[:4]
    assert not spades & set(cheap)
    old = HardBot(seed=me, nodes=22_000, give_pairs=0).choose(view)
    assert parse_card(old.split()[1]) not in spades
    bot = HardBot(seed=me, nodes=22_000, give_pairs=4)
    first = bot.choose(view)
    assert parse_card(first.split()[1]) in spades
    assert bot.last_estimate["make_probability"] > 0.9
    plan = bot._give_plan
    assert {parse_card(first.split()[1]), plan[1]} == spades and name(plan[1]) != first.split()[1]


def test_the_gives_worth_counts_the_marriage_a_give_completes():
    """``give_value`` (a trial option, off): a pair of gives is worth the declarer's score
    against the others in each world, and a king given to the defender who holds its queen
    completes his marriage (DEFENDER_MELD_SHARE of it counts against the declarer).  Deal 98
    of ``match --seed 2026``: seat 0 plays a forced 100 with KC JC from the talon, seat 1
    holds QC, seat 2 KD."""
    from thousand.bots.match import fresh_deal
    from thousand.conventions import Conventions
    g = fresh_deal(Conventions(), 628605732, 2)
    g.apply("pass")
    g.apply("pass")
    view = g.view(0)
    assert view["phase"] == "giving" and view["seat"] == 0
    hands = [mask_of(parse_card(c) for c in g.view(s)["hand"]) for s in range(3)]
    assert hands[1] >> parse_card("QC") & 1 and hands[2] >> parse_card("KD") & 1
    bot = HardBot(seed=0, nodes=22_000, give_value=True)
    rules = PlayRules.from_conventions(H.conventions_of(view))
    seats = SolverSeats(view)
    bot._begin()
    solver = bot._solver(seats[0], rules, len(seats.order))
    worth = bot._give_worth(view, H.conventions_of(view), 0, 100, seats, solver, rules)
    kc, jc, js = parse_card("KC"), parse_card("JC"), parse_card("JS")
    to_holder = worth(hands, ((kc, 1), (js, 2)))
    elsewhere = worth(hands, ((js, 1), (kc, 2)))
    for made, _ in (to_holder, elsewhere):
        assert made in (0, 1)
    if to_holder[0] == elsewhere[0]:
        assert to_holder[1] < elsewhere[1]
    else:
        # the marriage changed whether the bid is made: a whole contract apart
        assert abs(to_holder[1] - elsewhere[1]) >= 100
    # the count the gives chose by without it is the worth's first item
    assert to_holder[0] == int(solver.declarer_reaches(
        H._given(hands, 0, ((kc, 1), (js, 2)), seats, rules), 100))
