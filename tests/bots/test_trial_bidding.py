"""scripts/trial_bidding.py: its screen finds every deal a change of the hard bot's bidding can
change, so the deals it passes over play exactly as without the change and the paired figure
over all the deals is exact."""
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

import trial_bidding as T  # noqa: E402
from thousand.conventions import Conventions  # noqa: E402


@pytest.mark.parametrize("change,deals", [("forced_veto", 8), ("close_call=0.75", 15),
                                          ("bid_blend", 8)])
def test_the_deals_the_screen_passes_over_play_the_same_with_and_without_the_change(change,
                                                                                     deals):
    kinds = ["hard", "normal", "normal"]
    code = Conventions().to_code()
    rng = random.Random(2026)
    plan = [(d, rng.randrange(1 << 31), d % 3) for d in range(deals)]
    reach = {d for d, s, dl in plan if T.screen((d, kinds, code, s, dl, change))[1]}
    assert reach and len(reach) < len(plan)
    changed = 0
    for d, s, dl in plan:
        _, _, off = T.play((d, kinds, code, s, dl, 1500, change, False))
        _, _, on = T.play((d, kinds, code, s, dl, 1500, change, True))
        if d not in reach:
            assert on == off, d
        changed += on != off
    assert changed > 0          # and the change does change some of the others


def test_an_unknown_change_is_refused_with_its_name():
    with pytest.raises(SystemExit, match="bid_blend"):
        T.parse_change("close_call")
