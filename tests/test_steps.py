"""The steps of a deal (thousand.steps.base.Step): each owns what its phase means — its
phase id, RULES.md section, verbs, whether its turn is private, whether the review judges
it, the helpers of its view — and Game, view, the review and the table read it there."""
import json
import random
import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st

from thousand import Game, IllegalAction, flow
from thousand.bots import TABLE_LEVELS, make_bot
from thousand.steps.base import Step
from thousand_helpers import random_conventions

RULES = Path(__file__).resolve().parents[2] / "shared" / "RULES.md"


def test_every_step_is_a_step_citing_a_section_of_the_rules():
    """Every step a deal may have is a Step whose SECTION is a numbered part of RULES.md
    (§3's steps are "3.N": the Nth step of a deal)."""
    text = RULES.read_text(encoding="utf-8") if RULES.exists() else None
    for step in flow.ALL:
        assert isinstance(step, Step), step
        assert step.PHASE and step.SECTION, step
        if text is not None:
            sec = step.SECTION
            heading = re.search(rf"^##+ {re.escape(sec)}[ .]", text, re.M)
            deal_step = sec.startswith("3.") and re.search(
                rf"^{re.escape(sec[2:])}\. \*\*", text, re.M)
            assert heading or deal_step, step
        for fn in ("active", "start", "legal", "apply", "finished", "why", "choices"):
            assert callable(getattr(step, fn)), (step, fn)


def test_the_phase_table_lists_each_phase_a_player_is_asked_in_once_in_deal_order():
    table = flow.phase_table()
    phases = [p["phase"] for p in table]
    assert len(phases) == len(set(phases))
    assert phases.index("bidding") < phases.index("talon") < phases.index("giving") \
        < phases.index("contract") < phases.index("play")
    assert {p["phase"] for p in table if p["private"]} == {"redeal", "unblind"}
    assert {p["phase"] for p in table if p["window"]} == {"redeal", "blind", "unblind"}
    assert [p["phase"] for p in table if p["judged"] == "card"] == ["play"]
    json.dumps(table)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 1 << 30))
def test_a_steps_moves_are_its_verbs_and_its_privacy_is_what_the_others_see(seed):
    """At every turn of random games under random conventions: every legal action's verb
    is one of the step's VERBS (and none outside them is legal); in a PRIVATE step only the
    seat on turn sees that it is on turn; the view's phase is the step's."""
    rng = random.Random(seed)
    conv = random_conventions(rng)
    g = Game.new(conv, seed=seed, first_dealer=seed % conv.players)
    bots = [make_bot("random", seed=seed + i) for i in range(conv.players)]
    for _ in range(300):
        if g.finished:
            break
        step, seat = g.deal.step, g.current_seat
        legal = g.legal_actions()
        assert {a.split()[0] for a in legal} <= set(step.VERBS), (step, legal)
        for other in range(conv.players):
            v = g.view(other)
            assert v["phase"] == step.PHASE
            if other != seat:
                assert v["current_seat"] == (None if step.PRIVATE else seat), (step, other)
        g.apply(bots[seat].choose(g.view(seat)))


def test_a_window_verb_outside_its_window_names_the_windows_rule():
    """§6.3, §6.7: "redeal", "blind" and "unblind" asked for in another phase are "not
    available now", citing the window's section; "pass" where the step has none is not a
    move now (§3); anything else is the step's own reason."""
    g = Game.new(seed=1)
    while g.phase != "giving":
        g.apply(g.legal_actions()[0])
    for action, section in (("redeal", "6.3"), ("blind", "6.7"), ("unblind", "6.7")):
        try:
            g.apply(action)
        except IllegalAction as e:
            assert (e.code, e.params["section"]) == ("not_available", section)
        else:
            raise AssertionError(action)
    for action, code in (("pass", "pass_not_available"), ("bid 120", "give_expected")):
        try:
            g.apply(action)
        except IllegalAction as e:
            assert e.code == code
        else:
            raise AssertionError(action)


def test_the_workers_hello_sends_the_phase_table_and_the_levels_the_table_offers():
    """The table keeps no copy: the settings offer the levels the worker's hello names."""
    from thousand.web.service import Service
    from thousand.web.ui_state import UIState
    hello = json.loads(Service().handle('{"op": "hello"}'))
    assert hello["phases"] == flow.phase_table()
    assert hello["levels"] == list(TABLE_LEVELS)
    ui = UIState({"lang": "en", "names": ["You", "Bot 1", "Bot 2"], "level": "hard",
                  "speed": "instant", "rules": "classic"})
    ui.ready = True
    assert ui.levels("hard") == ["hard"]          # before the worker has answered
    ui.catalog = hello
    assert ui.levels("hard") == list(TABLE_LEVELS)
