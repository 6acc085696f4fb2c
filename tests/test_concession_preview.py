"""The concession preview (RULES.md §5.4 through §5.5): what the declarer is shown before he
concedes is what conceding then does — to his score, his bolts and everybody else's — because
the contract step computes it with the scoring step's own ``score_deal``."""
import random

from hypothesis import HealthCheck, assume, given, settings, strategies as st

from thousand import Conventions
from thousand.bots import make_bot
from thousand.bots.match import fresh_deal
from thousand_helpers import random_conventions


def _position(rng: random.Random, conv) -> dict:
    """A random standing (§9 "start"): scores anywhere up to the barrel, bolts, concessions
    used, some seats on the barrel with attempts used; the golden round's count."""
    n = conv.players
    barrel = [rng.randrange(conv.barrel_deals) if rng.random() < 0.3 else None for _ in range(n)]
    scores = [conv.barrel_at if b is not None else 5 * rng.randrange(-60, conv.barrel_at // 5)
              for b in barrel]
    start = {"scores": scores, "barrel": barrel,
             "bolts": [rng.randrange(3) for _ in range(n)],
             "concessions": [rng.randrange(6) for _ in range(n)]}
    golden = conv.golden_round != "off" and rng.random() < 0.3
    return {"start": start, "golden_left": rng.randrange(1, n + 1) if golden else 0,
            "golden_made": rng.random() < 0.5}


def _at_concession(conv, seed: int, rng: random.Random):
    """A game at its contract decision with "concede" legal, or None."""
    n = conv.players
    for attempt in range(6):
        g = fresh_deal(conv, seed + attempt, (seed + attempt) % n, _position(rng, conv))
        bots = [make_bot("random", seed=seed + i) for i in range(n)]
        while not g.sheet and not g.finished:
            view = g.view(g.current_seat)
            if view["phase"] == "contract":
                if "concede" in view["legal"]:
                    return g
                break
            g.apply(bots[g.current_seat].choose(view))
    return None


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 1 << 30), players=st.sampled_from([2, 3, 3, 4, 5, 6]))
def test_s5_4_the_previewed_change_is_the_applied_change(seed, players):
    """§5.4, §5.5: for a random table (every concession, bolt, barrel and golden-round
    convention) at a random standing, the preview's change of every seat, bolts and events
    are those of the row the concession then writes on the score sheet — except that an
    opponent's four nines (§6.2 four_nines_bonus) are his secret, which the preview
    cannot count."""
    rng = random.Random(seed)
    conv = random_conventions(rng, players)
    g = _at_concession(conv, seed, rng)
    assume(g is not None)
    d = g.deal
    decl = d.declarer
    assume(not (conv.four_nines_bonus and any(d.had_nines[s] for s in d.playing if s != decl)))
    preview = g.view(decl)["concede_cost"]
    g.apply("concede")
    row = g.sheet[-1]
    assert row["outcome"] == "conceded"
    assert preview["delta"] == row["delta"]
    assert preview["bolted"] == row["bolted"]
    assert preview["events"] == row["events"]
    assert preview["declarer"] == row["delta"][decl]
    others = {row["delta"][s] for s in d.playing if s != decl}
    assert preview["opponents"] == (others.pop() if len(others) == 1 else None)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 1 << 30))
def test_s5_4_the_preview_reads_nothing_the_declarer_does_not_know(seed):
    """The preview is the same whatever the opponents hold: their hands exchanged (the
    same number of cards each), it does not change — four nines in one of them included."""
    rng = random.Random(seed)
    conv = Conventions.from_code("classic,four_nines_bonus=on")
    g = _at_concession(conv, seed, rng)
    assume(g is not None)
    d = g.deal
    decl = d.declarer
    before = g.view(decl)["concede_cost"]
    opp = [s for s in d.playing if s != decl]
    pool = [c for s in opp for c in range(24) if d.hands[s] >> c & 1]
    rng.shuffle(pool)
    if rng.random() < 0.5:   # four nines to one opponent where they are all in their hands
        nines = [c for c in pool if c % 6 == 0]
        if len(nines) == 4:
            pool = nines + [c for c in pool if c % 6]
    for s in opp:
        k = bin(d.hands[s]).count("1")
        d.hands[s] = sum(1 << c for c in pool[:k])
        pool = pool[k:]
    d.note_four_nines()
    assert g.view(decl)["concede_cost"] == before


def _concession_game(code: str, start: dict):
    """The first deal from `start` that the first hand (seat 1) wins at 100 and may concede."""
    conv = Conventions.from_code(code)
    for seed in range(200):
        g = fresh_deal(conv, seed, 0, {"start": start, "golden_left": 0, "golden_made": False})
        for a in ("pass", "pass"):
            if g.phase == "bidding":
                g.apply(a)
        while g.phase == "giving":
            g.apply(g.legal_actions()[0])
        if g.phase == "contract" and "concede" in g.legal_actions() and g.deal.declarer == 1:
            return g
    raise AssertionError("no concession at 100 found")


def test_s6_5_the_third_concession_shows_its_penalty():
    """§6.5 concede_third_penalty: after two concessions the third costs the contract and
    the penalty: the preview says −220 at 100 (it said −100), and so does the sheet."""
    g = _concession_game("classic,concede_third_penalty=on",
                         {"scores": [0, 300, 0], "concessions": [0, 2, 0]})
    cost = g.view(1)["concede_cost"]
    assert cost["declarer"] == -220
    assert cost["events"] == [{"kind": "third_concession", "seat": 1, "value": -120}]
    g.apply("concede")
    assert g.sheet[-1]["delta"][1] == -220


def test_s4_1_an_opponent_on_the_barrel_gets_nothing_from_a_concession():
    """§4.1: a player on the barrel gets no points from someone else's concession: the
    preview gives him 0 and the other opponent 50 (it said "+50 each")."""
    g = _concession_game("classic", {"scores": [880, 300, 0], "barrel": [0, None, None]})
    cost = g.view(1)["concede_cost"]
    assert cost["delta"] == [0, -100, 50]
    assert cost["opponents"] is None
    g.apply("concede")
    assert g.sheet[-1]["delta"] == [0, -100, 50]
