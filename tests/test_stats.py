"""Statistics of the human's games (issue 11 item 4): summaries of games add up."""
from thousand import Game
from thousand.bots import make_bot
from thousand.stats import game_summary, aggregate


def _game(seed):
    g = Game.new(seed=seed)
    bots = [make_bot("normal", seed=seed + i) for i in range(3)]
    while not g.finished and len(g.sheet) < 200:
        s = g.current_seat
        g.apply(bots[s].choose(g.view(s)))
    return g


def test_summaries_add_up_to_the_sheets():
    games = [_game(s) for s in (1, 2)]
    sums = [game_summary(g, 0, "normal", when=f"d{i}", lost=10 * i, reviewed=i) for i, g in enumerate(games)]
    agg = aggregate(sums + ["junk", {"level": 1}])            # bad entries are skipped
    assert agg["games"] == 2 and agg["per_level"]["normal"]["games"] == 2
    assert agg["wins"] == sum(g.winner == 0 for g in games)
    deals = sum(len(g.sheet) for g in games)
    assert agg["points_per_deal"] == round(sum(g.scores[0] for g in games) / deals, 1)
    declared = [r for g in games for r in g.sheet if r["declarer"] == 0 and r["outcome"] != "conceded"]
    made = sum(r["outcome"] == "made" for r in declared)
    assert agg["make_rate"] == (round(made / len(declared), 3) if declared else None)
    assert agg["lost_per_deal"] == 10.0 and agg["trend"] == [{"when": "d1", "lost_per_deal": 10.0}]
