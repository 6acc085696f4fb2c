"""scripts/trial_hard.py (issue 10): a trial saves its deals' figures as the match does, and a
paired trial prints the difference deal by deal, split by role."""
import json
import re
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "trial_hard.py"


def trial(*args):
    out = subprocess.run([sys.executable, str(SCRIPT), "--deals", "2", "--worlds", "2", *args],
                         check=True, capture_output=True, text=True)
    return out.stdout


def test_a_trial_paired_with_itself_differs_by_nothing_and_another_is_told_apart(tmp_path):
    base = tmp_path / "base.json"
    trial("--save", str(base))
    saved = json.loads(base.read_text())
    assert saved["first_deal"] == 0 and len(saved["diffs"]) == 2
    for a, b, c in zip(saved["diffs"], saved["roles"]["declarer"], saved["roles"]["defender"]):
        assert abs(a - (b + c)) < 1e-9
    same = trial("--paired", str(base))
    assert re.findall(r"minus \S+ in all: ([+-][\d.]+)", same) == ["+0.00"]
    other = tmp_path / "other.json"
    trial("--searched", "bidding,giving,contract", "--save", str(other), "--paired", str(base))
    assert json.loads(other.read_text())["diffs"] != saved["diffs"]


def test_searching_one_side_of_the_play_searches_it():
    """--searched defence (or declarer_play) keeps the play searched for that side: the hard
    bot's figures are not the careful normal bot's (all zero) on deals where that side's
    search changes a card.  Regression: the side was taken out of the phases before the play was
    added back, so nothing was searched and every figure was 0."""
    for side in ("defence", "declarer_play"):
        out = trial("--searched", side, "--deals", "3", "--worlds", "8")
        assert re.search(r"hard minus the others ([+-][\d.]+)", out)[1] != "+0.00", side


def test_set_reaches_the_inference_constants_and_names_what_is_missing():
    """--set inference.NAME=X changes how the worlds are weighed (thousand.bots.inference);
    a name neither module has is refused with the module it was looked for in."""
    for name, module in (("inference.NO_SUCH", "thousand.bots.inference"),
                         ("NO_SUCH", "thousand.bots.hard")):
        out = subprocess.run([sys.executable, str(SCRIPT), "--deals", "1", "--set", f"{name}=1"],
                             capture_output=True, text=True)
        assert out.returncode == 2 and f"{module} has no NO_SUCH" in out.stderr
    assert "hard minus the others" in trial("--set", "inference.SPREAD=40")


def test_a_later_part_pairs_with_the_same_deals_of_a_longer_trial(tmp_path):
    """--first-deal K plays deal K as a trial from deal 0 plays it, and --paired lines the
    saved figures up by deal number (a part of the seed's deals against the whole)."""
    base = tmp_path / "base.json"
    trial("--deals", "3", "--save", str(base))
    part = tmp_path / "part.json"
    out = trial("--deals", "1", "--first-deal", "2", "--save", str(part), "--paired", str(base))
    assert re.findall(r"minus \S+ in all: ([+-][\d.]+)", out) == ["+0.00"]
    saved = json.loads(part.read_text())
    assert saved["first_deal"] == 2 and saved["diffs"] == json.loads(base.read_text())["diffs"][2:]
    bad = subprocess.run([sys.executable, str(SCRIPT), "--deals", "2", "--worlds", "2",
                          "--first-deal", "2", "--paired", str(base)],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "does not hold deals 2 .. 3" in bad.stderr


def test_a_null_trial_draws_other_worlds_and_is_the_same_bot_otherwise(tmp_path):
    """--reseed N changes only the hard bot's seeds: on deals where its draws change a card
    the figures differ, and --reseed 0 (the default) is the bot as it is, deal by deal."""
    base = tmp_path / "base.json"
    trial("--deals", "4", "--worlds", "4", "--save", str(base))
    again = trial("--deals", "4", "--worlds", "4", "--reseed", "0", "--paired", str(base))
    assert re.findall(r"minus \S+ in all: ([+-][\d.]+)", again) == ["+0.00"]
    null = tmp_path / "null.json"
    trial("--deals", "4", "--worlds", "4", "--reseed", "1", "--save", str(null))
    assert json.loads(null.read_text())["diffs"] != json.loads(base.read_text())["diffs"]
