"""The hard bot's giving (RULES.md §3 step 5: a card to each opponent, then the contract of
step 6).  The gives are chosen by how often each pair still makes the bid; where several
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
