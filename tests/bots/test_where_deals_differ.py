"""scripts/where_deals_differ.py: the categories split the duplicate match's own figure (the
same deals as ``match.duplicate`` plays, the shares add up to its first-minus-the-others)."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

import where_deals_differ as W  # noqa: E402
from thousand.bots.match import duplicate  # noqa: E402


def test_the_categories_split_the_match_figure():
    kinds = ["normal", "easy", "easy"]
    res = W.classify(kinds, 12, 5)
    assert {c for _, c, _, _ in res} <= set(W.CATEGORIES)
    assert len({c for _, c, _, _ in res}) >= 2
    whole = duplicate(kinds, 12, 5)["first_vs_rest"]["mean"]
    assert abs(sum(x for _, _, x, _ in res) / 12 - whole) < 0.006
    for _, c, _, g in res:
        rows = [row for _, row in g]
        same = len({(r["declarer"], r["contract"], r["outcome"]) for r in rows}) == 1
        assert (c == "same declaring") == same
        assert (c == "declarer differs") == (len({r["declarer"] for r in rows}) > 1)
