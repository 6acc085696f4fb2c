"""The duplicate match harness is deterministic for a fixed seed and rotates seats (issue 4 §5)."""
import json
import subprocess
import sys

from thousand.bots.match import duplicate, games


def test_duplicate_match_is_deterministic_for_a_seed():
    a = duplicate(["normal", "easy", "random"], 6, seed=9)
    b = duplicate(["normal", "easy", "random"], 6, seed=9)
    assert a["per_deal"] == b["per_deal"]
    c = duplicate(["normal", "easy", "random"], 6, seed=10)
    assert c["per_deal"] != a["per_deal"]


def test_hard_bot_match_is_deterministic_with_fixed_worlds():
    opts = {"hard": {"worlds": 3}}
    a = duplicate(["hard", "normal", "normal"], 2, seed=4, bot_options=opts)
    b = duplicate(["hard", "normal", "normal"], 2, seed=4, bot_options=opts)
    assert a["per_deal"] == b["per_deal"]


def test_identical_bots_in_duplicate_sum_to_the_deal_total():
    """Rotation: with three copies of one bot, every copy plays every seat of the same deal,
    so their per-deal results are equal."""
    r = duplicate(["normal", "normal", "normal"], 5, seed=2)
    for d in range(5):
        vals = [r["per_deal"][i][d] for i in range(3)]
        assert max(vals) - min(vals) < 1e-9


def test_games_mode_counts_wins():
    r = games(["normal", "random", "random"], 3, seed=1)
    assert sum(b["wins"] for b in r["bots"]) + r["no_winner"] == 3


def test_match_cli_prints_summary():
    out = subprocess.run([sys.executable, "-m", "thousand", "match", "--seats",
                          "normal,easy,easy", "--deals", "4", "--seed", "3"],
                         capture_output=True, text=True, check=True).stdout
    assert "per deal" in out and "95% CI" in out
    data = json.loads(out.strip().splitlines()[-1])
    assert data["deals"] == 4 and len(data["bots"]) == 3


def test_worker_processes_give_the_same_result():
    a = duplicate(["normal", "easy", "random"], 6, seed=12)
    b = duplicate(["normal", "easy", "random"], 6, seed=12, jobs=2)
    assert a["per_deal"] == b["per_deal"]


def test_game_positions_are_deterministic_for_a_seed_and_realistic():
    """match --positions (issue 10 item 3): the set of positions depends only on the seed,
    the conventions and its size — not on the worker processes — and it holds positions
    from late in games (scores far from 0, somebody on the barrel or with bolts)."""
    from thousand.conventions import Conventions
    from thousand.bots.match import game_positions
    a = game_positions(Conventions(), 8, seed=5)       # two games: both workers play one
    assert a == game_positions(Conventions(), 8, seed=5, jobs=2)
    assert a[:4] != game_positions(Conventions(), 4, seed=6)
    assert len(a) == 8
    assert any(max(p["start"]["scores"]) >= 500 for p in a)
    assert any(any(p["start"]["bolts"]) for p in a)


def test_positions_match_is_deterministic_and_starts_from_the_positions():
    from thousand.conventions import Conventions
    from thousand.bots.match import game_positions, fresh_deal
    a = duplicate(["normal", "normal1", "normal1"], 3, seed=9, positions=4)
    b = duplicate(["normal", "normal1", "normal1"], 3, seed=9, positions=4, jobs=2)
    assert a["per_deal"] == b["per_deal"]
    assert a["positions"] == 4
    fresh = duplicate(["normal", "normal1", "normal1"], 3, seed=9)
    assert fresh["per_deal"] != a["per_deal"]
    # each deal is played from its position: the standing the game starts with (§9 "start")
    pos = game_positions(Conventions(), 4, seed=9)
    for p in pos:
        g = fresh_deal(Conventions(), 1, 0, p)
        assert g.scores == p["start"]["scores"] and g.bolts == p["start"]["bolts"]
        assert [a if on else None for a, on in zip(g.barrel_attempts, g.on_barrel)] \
            == p["start"]["barrel"]


def test_positions_in_the_cli():
    out = subprocess.run([sys.executable, "-m", "thousand", "match", "--seats",
                          "normal,normal1,normal1", "--deals", "3", "--seed", "3",
                          "--positions", "4"], capture_output=True, text=True, check=True).stdout
    assert "from 4 seeded game positions" in out
    assert json.loads(out.strip().splitlines()[-1])["positions"] == 4


def test_progress_reports_the_figure_a_shorter_match_would_give(capsys):
    """The deals of a seed are one sequence whatever --deals, so the progress line after k
    deals is the first-minus-the-others figure of a k-deal match (how a 3,000-deal run also
    gives its 1,000-deal figure)."""
    full = duplicate(["normal", "easy", "random"], 6, seed=21, progress=3)
    lines = [ln for ln in capsys.readouterr().err.splitlines() if "minus the others" in ln]
    assert len(lines) == 2
    short = duplicate(["normal", "easy", "random"], 3, seed=21)
    for line, res in zip(lines, (short, full)):
        assert f"{res['first_vs_rest']['mean']:+.2f} per deal" in line, (line, res)


def test_the_split_by_role_adds_up_to_the_figure_and_puts_each_change_in_its_role():
    r = duplicate(["normal", "easy", "random"], 8, seed=23, roles=True)
    decl, rest = r["roles"]["declarer"], r["roles"]["defender"]
    assert len(decl) == len(rest) == len(r["diffs"]) == 8
    for d, a, b in zip(r["diffs"], decl, rest):
        assert abs(d - (a + b)) < 1e-9
    # copies of one bot hold every hand in the same role: both shares are 0
    same = duplicate(["normal", "normal", "normal"], 4, seed=23, roles=True)
    assert all(abs(x) < 1e-9 for x in same["roles"]["declarer"] + same["roles"]["defender"])
    # neither share is always empty
    assert any(abs(x) > 0 for x in decl) and any(abs(x) > 0 for x in rest)


def test_a_match_in_parts_plays_each_deal_as_the_whole_match_does():
    whole = duplicate(["normal", "easy", "random"], 7, seed=31, positions=4, roles=True)
    head = duplicate(["normal", "easy", "random"], 3, seed=31, positions=4, roles=True)
    tail = duplicate(["normal", "easy", "random"], 4, seed=31, positions=4, roles=True, first=3)
    assert head["diffs"] + tail["diffs"] == whole["diffs"]
    for i in range(3):
        assert head["per_deal"][i] + tail["per_deal"][i] == whole["per_deal"][i]
    assert tail["first_deal"] == 3 and tail["deals"] == 4


def test_the_cli_saves_each_deals_figure(tmp_path):
    out = tmp_path / "deals.json"
    subprocess.run([sys.executable, "-m", "thousand", "match", "--seats", "normal,easy,random",
                    "--deals", "3", "--seed", "5", "--first-deal", "2", "--save-deals", str(out)],
                   check=True, capture_output=True, text=True)
    saved = json.loads(out.read_text())
    ref = duplicate(["normal", "easy", "random"], 5, seed=5, roles=True)
    assert saved["first_deal"] == 2 and saved["diffs"] == ref["diffs"][2:]
    assert saved["roles"]["declarer"] == ref["roles"]["declarer"][2:]


def test_paired_against_a_saved_match_is_the_mean_of_the_differences_deal_by_deal(tmp_path):
    """``match --paired FILE``: this match's figure less a saved one's on the deals both
    played; against itself every difference is 0, against other bots it is the difference of
    the two figures on the common deals, and the saved deals of another seed are refused."""
    from thousand.bots.match import deal_figures, paired_against
    a = duplicate(["normal", "easy", "random"], 5, seed=5, roles=True)
    b = duplicate(["normal", "random", "random"], 3, seed=5, roles=True, first=2)
    same = paired_against(a, deal_figures(a))
    assert same["mean"] == 0 and same["differ"] == 0 and same["deals"] == 5
    p = paired_against(a, deal_figures(b))
    assert p["first_deal"] == 2 and p["deals"] == 3
    want = [x - y for x, y in zip(a["diffs"][2:], b["diffs"])]
    assert abs(p["mean"] - sum(want) / 3) < 0.006
    assert p["differ"] == sum(abs(x) > 1e-9 for x in want)
    other = duplicate(["normal", "easy", "random"], 2, seed=6, roles=True)
    try:
        paired_against(a, deal_figures(other))
    except ValueError as e:
        assert "seed" in str(e)
    else:
        raise AssertionError("deals of another seed were paired")
    saved = tmp_path / "b.json"
    saved.write_text(json.dumps(deal_figures(b)))
    out = subprocess.run([sys.executable, "-m", "thousand", "match", "--seats",
                          "normal,easy,random", "--deals", "5", "--seed", "5", "--paired",
                          str(saved)], check=True, capture_output=True, text=True).stdout
    assert f"paired against {saved} on deals 2 … 4: {p['mean']:+.2f} per deal" in out
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    r = subprocess.run([sys.executable, "-m", "thousand", "match", "--deals", "1",
                        "--paired", str(bad)], capture_output=True, text=True)
    assert r.returncode == 2 and "not a --save-deals file" in r.stderr
