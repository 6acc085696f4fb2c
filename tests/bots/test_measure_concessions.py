"""scripts/measure_concessions.py: the contracts played without the right to concede are
those whose declarer found no "concede" among his legal actions (RULES.md §6.5)."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

import measure_concessions as M  # noqa: E402


def test_counts_add_up_and_a_table_without_concessions_plays_every_contract():
    r = M.measure("classic,players=6,concede_limit_three=on,concede_award=split_120", 1, 6)
    assert r["deals"] == 6
    assert r["made"] + r["failed"] + r["conceded"] <= r["deals"]
    assert r["without"] == len(r["contracts_without"]) >= r["without_failed"]
    # concede_allowed off (§6.5): no declarer may concede, so every contract counts
    off = M.measure("classic,concede_allowed=off", 1, 4)
    assert off["conceded"] == 0 and off["without"] == off["made"] + off["failed"] > 0
