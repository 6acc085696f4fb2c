"""scripts/trial_contract.py: its hard bot notes, at every contract decision, whether the
changed valuation would decide otherwise; where none would, the changed bot plays the deal
exactly as the bot as it is, so the paired figure over all the deals is exact."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

import trial_contract as T  # noqa: E402
from thousand.bots.match import deal_plan  # noqa: E402
from thousand.conventions import Conventions  # noqa: E402


def test_deals_without_a_differing_contract_decision_play_the_same_with_the_change():
    kinds = ["hard", "normal", "normal"]
    code = Conventions().to_code()
    plan = deal_plan(2026, 3, 4, 4)    # deals 4 .. 7: two decide otherwise, two do not
    alt = {"calibrate_contracts": False}     # the valuation before it was the default
    rows = [T.play((d, kinds, code, s, dl, 3000, alt, True)) for d, s, dl in plan]
    for d, base, changed, differs in rows:
        if not differs:
            assert changed == base, d
    assert any(differs for *_, differs in rows)
    assert any(changed != base for _, base, changed, _ in rows)   # the change changes some
