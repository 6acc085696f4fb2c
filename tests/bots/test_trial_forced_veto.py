"""scripts/trial_forced_veto.py: its screen finds every deal the hard bot's veto on raising a
lone forced bid can change, so the deals it passes over play exactly as without the veto and
the paired figure over all the deals is exact."""
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

import trial_forced_veto as T  # noqa: E402
from thousand.conventions import Conventions  # noqa: E402


def test_the_deals_the_screen_passes_over_play_the_same_with_and_without_the_veto():
    kinds = ["hard", "normal", "normal"]
    code = Conventions().to_code()
    rng = random.Random(2026)
    plan = [(d, rng.randrange(1 << 31), d % 3) for d in range(8)]
    reach = {d for d, s, dl in plan if T.screen((d, kinds, code, s, dl))[1]}
    assert reach and len(reach) < len(plan)
    changed = 0
    for d, s, dl in plan:
        _, _, off = T.play((d, kinds, code, s, dl, 1500, False))
        _, _, on = T.play((d, kinds, code, s, dl, 1500, True))
        if d not in reach:
            assert on == off, d
        changed += on != off
    assert changed > 0          # and the veto does change some of the others
