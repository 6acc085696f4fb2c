"""scripts/measure_games.py (issue 10: whole-game win rates): a run saved game by game and
resumed gives the figures of one uninterrupted run, and a file of other settings is not
mistaken for this run's games."""
import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "measure_games.py"


def run(*args):
    out = subprocess.run([sys.executable, str(SCRIPT), "--seats", "easy,random,random",
                          "--seed", "3", *args], check=True, capture_output=True, text=True)
    return out.stdout.splitlines()[0]


def test_a_run_in_parts_gives_the_figures_of_one_run(tmp_path):
    whole = run("--games", "4")
    saved = tmp_path / "games.jsonl"
    run("--games", "2", "--save", str(saved))
    assert len(saved.read_text().splitlines()) == 2
    assert run("--games", "4", "--save", str(saved), "--jobs", "2") == whole
    rows = [json.loads(x) for x in saved.read_text().splitlines()]
    assert sorted(r["game"] for r in rows) == [0, 1, 2, 3]


def test_games_of_other_settings_are_not_taken_as_this_runs(tmp_path):
    saved = tmp_path / "games.jsonl"
    run("--games", "2", "--save", str(saved))
    other = subprocess.run([sys.executable, str(SCRIPT), "--seats", "easy,random,random",
                            "--seed", "4", "--games", "2", "--save", str(saved)],
                           check=True, capture_output=True, text=True).stdout.splitlines()[0]
    fresh = subprocess.run([sys.executable, str(SCRIPT), "--seats", "easy,random,random",
                            "--seed", "4", "--games", "2"],
                           check=True, capture_output=True, text=True).stdout.splitlines()[0]
    assert other == fresh
    assert len(saved.read_text().splitlines()) == 4


def test_games_saved_by_other_code_are_played_again(tmp_path):
    saved = tmp_path / "games.jsonl"
    first = run("--games", "2", "--save", str(saved))
    rows = [json.loads(x) for x in saved.read_text().splitlines()]
    saved.write_text("".join(json.dumps({**r, "code": "another"}) + "\n" for r in rows))
    assert run("--games", "2", "--save", str(saved)) == first
    assert len(saved.read_text().splitlines()) == 4


def test_the_code_version_follows_the_sources(tmp_path):
    sys.path.insert(0, str(SCRIPT.parent))
    try:
        from measure_games import code_version
    finally:
        sys.path.remove(str(SCRIPT.parent))
    pkg = tmp_path / "thousand"
    (pkg / "bots").mkdir(parents=True)
    (pkg / "bots" / "hard.py").write_text("WORLDS = 8\n")
    before = code_version(pkg)
    assert code_version(pkg) == before
    (pkg / "bots" / "hard.py").write_text("WORLDS = 9\n")
    assert code_version(pkg) != before
