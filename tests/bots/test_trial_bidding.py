"""scripts/trial_bidding.py: its screen finds every deal a change of the hard bot's bidding can
change, so the deals it passes over play exactly as without the change and the paired figure
over all the deals is exact."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

import trial_bidding as T  # noqa: E402
from thousand.bots.match import deal_plan  # noqa: E402
from thousand.conventions import Conventions  # noqa: E402
from trial_contract import changed_bot  # noqa: E402


# Slices of the seeded plan where each change reaches some deals, changes the play of some of
# them, and cannot reach others (found by screening the first 40-60 deals at 1500 nodes, with
# each decision's own seed: a close call's search no longer moves the later draws, so fewer of
# the deals it reaches play otherwise).
@pytest.mark.parametrize("change,first,deals", [("forced_veto", 30, 6), ("close_call=1.0", 28, 6),
                                                ("bid_blend=false", 0, 6), ("careful", 12, 6),
                                                ("bid_margin=0.0", 0, 6)])
def test_the_deals_the_screen_passes_over_play_the_same_with_and_without_the_change(change,
                                                                                     first,
                                                                                     deals):
    kinds = ["hard", "normal", "normal"]
    code = Conventions().to_code()
    plan = deal_plan(2026, 3, deals, first)
    reach = {d for d, s, dl in plan if T.screen((d, kinds, code, s, dl, change))[1]}
    assert reach and len(reach) < len(plan)
    changed = 0
    for d, s, dl in plan:
        if d in reach and changed:
            continue                # one deal the change changed is all this needs of them
        _, _, off = T.play((d, kinds, code, s, dl, 1500, change, False))
        _, _, on = T.play((d, kinds, code, s, dl, 1500, change, True))
        if d not in reach:
            assert on == off, d
        changed += on != off
    assert changed > 0          # and the change does change some of the others


def test_an_unknown_change_is_refused_with_its_name():
    with pytest.raises(SystemExit, match="bid_blend"):
        T.parse_change("close_call")


def test_the_search_share_of_a_close_call_reaches_the_deals_the_blend_does():
    """``bid_share=S`` changes only how long a close call searches: the screen of the blend
    (every close call), with the option the trial plays."""
    share, blend = T.parse_change("bid_share=1.0"), T.parse_change("bid_blend=false")
    assert share.option == {"bid_share": 1.0}
    assert type(share) is type(blend)
    with pytest.raises(SystemExit, match="bid_share"):
        T.parse_change("bid_share")


def _saved_trial(tmp_path, figures, seed=2026):
    """A ``trial_contract.py --save`` file of the first deals: [as it was, changed or None, n]."""
    import json
    path = tmp_path / "base.json"
    path.write_text(json.dumps({"seed": seed, "first_deal": 0, "deals": len(figures),
                                "nodes": 1500, "kinds": ["hard", "normal", "normal"],
                                "change": ["calibrate_contracts=true"],
                                "figures": {str(d): f for d, f in enumerate(figures)}}))
    return path


def test_the_base_is_the_changed_bot_where_it_changed_and_the_bot_as_it_was_elsewhere(tmp_path):
    path = _saved_trial(tmp_path, [[1.0, None, 0], [2.0, 5.0, 1], [3.0, None, 0]])
    kinds = ["hard", "normal", "normal"]
    assert changed_bot(str(path), 2026, 3, kinds, 1500) == [1.0, 5.0, 3.0]
    with pytest.raises(SystemExit, match="seed 7"):
        changed_bot(str(path), 7, 3, kinds, 1500)
    with pytest.raises(SystemExit, match="first 4 deals"):
        changed_bot(str(path), 2026, 4, kinds, 1500)
    with pytest.raises(SystemExit, match="at 75000 nodes"):     # another thinking
        changed_bot(str(path), 2026, 3, kinds, 75000)


def test_a_base_that_is_not_the_bot_as_it_is_stops_the_trial(tmp_path, capsys):
    """--base: the deals played again without the change must reproduce the file, deal by
    deal; a file of another bot (one figure off) stops the trial instead of pairing with it."""
    kinds = ["hard", "normal", "normal"]
    code = Conventions().to_code()
    plan = deal_plan(2026, 3, 4)
    reach = [d for d, s, dl in plan if T.screen((d, kinds, code, s, dl, "bid_blend=false"))[1]]
    assert reach
    # with --base only the deals the change can reach are played (and --check of them again
    # without it), so the others' figures may be anything
    figures = [[T.play((d, kinds, code, s, dl, 1500, "bid_blend=false", False))[2]
                if d in reach else 0.0, None, 0] for d, s, dl in plan]
    args = ["--change", "bid_blend=false", "--deals", "4", "--nodes", "1500", "--jobs", "1",
            "--check", "1"]
    assert T.main(args + ["--base", str(_saved_trial(tmp_path, figures))]) == 0
    out = capsys.readouterr().out
    assert "the bot as it is" in out and "the changed bot" in out
    for d in reach:                 # whichever deal the check draws, the file is one bot off
        figures[d][0] += 1.0
    assert T.main(args + ["--base", str(_saved_trial(tmp_path, figures))]) == 1
    assert "not the same bot" in capsys.readouterr().out


def test_a_trial_of_later_deals_screens_and_pairs_those_deals(tmp_path):
    """--first-deal K: the match's deals K .. K + deals - 1, as ``match --first-deal`` deals
    them (``deal_plan``); the pairs saved are of the deals among them the screen reaches, each
    the same figures ``play`` gives that deal; a base file (the first deals) is refused."""
    import json
    kinds = ["hard", "normal", "normal"]
    code = Conventions().to_code()
    plan = deal_plan(2026, 3, 3, 3)
    reach = [d for d, s, dl in plan if T.screen((d, kinds, code, s, dl, "bid_blend=false"))[1]]
    assert reach
    out = tmp_path / "later.json"
    assert T.main(["--change", "bid_blend=false", "--deals", "3", "--first-deal", "3",
                   "--nodes", "1500", "--jobs", "1", "--save", str(out)]) == 0
    saved = json.loads(out.read_text())
    assert saved["first_deal"] == 3 and sorted(int(d) for d in saved["pairs"]) == reach
    d, s, dl = next(p for p in plan if p[0] == reach[0])
    assert saved["pairs"][str(d)] == [T.play((d, kinds, code, s, dl, 1500, "bid_blend=false", on))[2]
                                      for on in (False, True)]
    with pytest.raises(SystemExit):
        T.main(["--change", "bid_blend=false", "--deals", "3", "--first-deal", "3",
                "--base", str(_saved_trial(tmp_path, [[0.0, None, 0]] * 6))])


def test_a_trial_hard_file_of_the_bot_as_it_is_serves_as_the_base(tmp_path):
    """`--base` also reads a trial_hard.py --save file (its deals' figures as they are);
    one of other deals or another seed is refused before anything is played."""
    import json
    f = tmp_path / "hard.json"
    f.write_text(json.dumps({"seed": 2026, "first_deal": 0, "conventions": "classic",
                             "positions": 0, "diffs": [1.5, -2.0, 0.0], "roles": {}}))
    assert changed_bot(str(f), 2026, 2, ["hard", "normal", "normal"], 22000) == [1.5, -2.0]
    with pytest.raises(SystemExit, match="not the first 4 deals"):
        changed_bot(str(f), 2026, 4, ["hard", "normal", "normal"], 22000)
    with pytest.raises(SystemExit, match="of seed 7"):
        changed_bot(str(f), 7, 2, ["hard", "normal", "normal"], 22000)
