"""scripts/measure_worlds.py (issue 10): on a node quota the count is deterministic, and the
play is split by side and trick, which is where a quota is short of worlds."""
import re
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "measure_worlds.py"


def run(*args):
    return subprocess.run([sys.executable, str(SCRIPT), "--deals", "1", *args],
                          check=True, capture_output=True, text=True).stdout


def test_a_node_quota_counts_the_same_worlds_every_time_and_more_for_more_nodes():
    small, again, large = run("--nodes", "3000"), run("--nodes", "3000"), run("--nodes", "9000")
    assert "a quota of 3,000 nodes" in small

    def medians(out):
        """Each line's worlds and nodes (not the CPU time: that is the machine's)."""
        return {m[0].strip(): m[1] for m in
                re.findall(r"^ +(.+?): +(\d+ decisions, median +[\d.]+ worlds.*? nodes),", out,
                           re.M)}
    a, b = medians(small), medians(large)
    assert a == medians(again)
    a, b = ({k: float(v.split("median")[1].split()[0]) for k, v in x.items()} for x in (a, b))
    assert "play, declarer, trick 1" in a and "play, defender, trick 3+" in a, small
    assert sum(b.values()) > sum(a.values()), (a, b)
