"""scripts/calibrate_hint.py (issue 10 item 7): the decisions it saves can be judged again
with another map, and give the very figures the hint showed when they were played."""
import importlib.util
import json
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "calibrate_hint.py"


@pytest.fixture(scope="module")
def calib():
    spec = importlib.util.spec_from_file_location("calibrate_hint", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_saved_decisions_are_shown_again_as_the_hint_showed_them(calib, tmp_path):
    rows_file = tmp_path / "rows.json"
    assert calib.main(["--deals", "3", "--seed", "5", "--worlds", "3",
                       "--save-rows", str(rows_file)]) == 0
    saved = json.loads(rows_file.read_text())
    assert saved["deals"] == 3 and saved["thinking"] == "worlds 3"
    played = [dict(r) for r in saved["rows"]]
    assert any("made" in r for r in played) and all("shown" in r for r in played)
    again = calib.reshown([dict(r) for r in played])
    for before, after in zip(played, again):
        # the estimate rounds probabilities to 4 places and points to 0.1
        assert after["shown"] == pytest.approx(before["shown"], abs=0.06 if "actual" in before
                                               else 1e-4)
    assert calib.main(["--load-rows", str(rows_file)]) == 0


def test_saved_decisions_pool_and_name_their_opponents(calib, tmp_path):
    """Several --load-rows files pool their decisions (a map fitted against several kinds of
    opponent), and a saved file names the opponents it was played against."""
    one = tmp_path / "one.json"
    assert calib.main(["--deals", "2", "--seed", "9", "--worlds", "3", "--opponents",
                       "normal,normal", "--save-rows", str(one)]) == 0
    saved = json.loads(one.read_text())
    assert saved["opponents"] == "normal,normal"
    old = dict(saved, seed=8, rows=saved["rows"][:3])
    old.pop("opponents")                  # saved before files named their opponents
    two = tmp_path / "two.json"
    two.write_text(json.dumps(old))
    both = tmp_path / "both.json"
    assert calib.main(["--load-rows", str(one), "--load-rows", str(two),
                       "--opponents", "normal1,normal1", "--save-rows", str(both)]) == 0
    pooled = json.loads(both.read_text())
    assert len(pooled["rows"]) == len(saved["rows"]) + 3
    assert pooled["deals"] == 4 and pooled["seed"] == "9/8"
    assert pooled["opponents"] == "normal,normal/normal1,normal1"


def test_the_error_by_deal_counts_a_deal_once_however_many_decisions_it_has(calib):
    """The decisions of one deal share its outcome: ten decisions of each of 20 deals say no
    more than 20 decisions, so the by-deal error is the binomial error of 20, not of 200;
    decisions of 200 different deals keep the binomial one; rows saved without their deal
    have no by-deal error."""
    import math
    made = [i % 2 == 0 for i in range(20)]
    clustered = [{"made": m, "deal": d} for d, m in enumerate(made) for _ in range(10)]
    spread = [{"made": m, "deal": 100 * d + k} for d, m in enumerate(made) for k in range(10)]
    binom = lambda n: 196 * math.sqrt(0.25 / n)  # noqa: E731
    assert calib.deal_error(clustered) == pytest.approx(binom(20) * math.sqrt(20 / 19), rel=1e-9)
    assert calib.deal_error(spread) == pytest.approx(binom(200) * math.sqrt(200 / 199), rel=1e-9)
    assert calib.deal_error([{"made": True}, {"made": False}]) is None
