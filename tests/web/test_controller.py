"""The controller against the real engine (same interpreter) and a stand-in page."""
import asyncio
import json

from webkit import GatedEngine, make, run_async, settle
from thousand.web import intents, persist
from thousand.web.engine_client import LocalEngine


def start(storage, hash_="", engine=None):
    ctrl, page = make(storage, hash_, engine)

    async def go():
        await ctrl.start()
        await settle(ctrl)
    run_async(go())
    return ctrl, page


def do(ctrl, result):
    async def go():
        ctrl.perform(result)
        await settle(ctrl)
    run_async(go())


def test_first_visit_deals_a_game_saves_it_and_lets_the_bots_play(storage):
    ctrl, page = start(storage, "#seed=7")
    assert page.events == ["ready", "persist"]         # nothing shown before the engine
    v = ctrl.view
    assert v["current_seat"] == 0 or v["finished"]     # bots played up to the human
    assert page.table_data("phase") == v["phase"]
    assert page.table_data("human-turn") == "true"
    saved = json.loads(storage["thousand.save"])
    assert saved["view"] == v and saved["record"]["deals"][0]["seed"] is not None


def test_human_action_goes_through_the_engine_and_illegal_says_why(storage):
    ctrl, page = start(storage, "#seed=11")
    for _ in range(300):
        v = ctrl.view
        if v["phase"] == "play" and v["current_seat"] == 0:
            break
        legal = v["legal"]
        action = "pass" if "pass" in legal else legal[0]
        if v["phase"] == "giving":
            ctrl.ui.selected = legal[0].split()[1]
            do(ctrl, intents.INTENTS["give"](ctrl, {"to": legal[0].split()[2]}))
        elif action.startswith("contract"):
            do(ctrl, intents.INTENTS["contract"](ctrl, {}))
        else:
            do(ctrl, ctrl.act(action))
        if ctrl.ui.overlay == "summary":
            do(ctrl, intents.INTENTS["next-deal"](ctrl, {}))
    v = ctrl.view
    assert v["phase"] == "play" and v["current_seat"] == 0
    legal = {a.split()[1] for a in v["legal"]}
    illegal = [c for c in v["hand"] if c not in legal]
    n = v["action_count"]
    if illegal:
        do(ctrl, intents.click_card(ctrl, illegal[0]))
        assert ctrl.view["action_count"] == n
        assert page.el("message").textContent.startswith("Так нельзя")
    card = sorted(legal)[0]
    r = intents.click_card(ctrl, card)
    if ctrl.ui.overlay == "meld":
        r = intents.INTENTS["play-plain"](ctrl, {})
    do(ctrl, r)
    assert ctrl.view["action_count"] > n
    assert card not in ctrl.view["hand"]


def test_busy_table_accepts_nothing_until_the_reply(storage):
    ctrl, page = start(storage, "#seed=7")

    async def go():
        legal = ctrl.view["legal"]
        ctrl.perform(ctrl.act("pass" if "pass" in legal else legal[0]))
        # from the click on: no human turn, html[data-busy]
        assert page.table_data("human-turn") == "false" and page.flags["busy"] == "true"
        assert ctrl.act(legal[0]) is None
        await settle(ctrl)
        assert page.flags["busy"] is None
    run_async(go())


def test_repeat_visit_shows_the_saved_table_before_the_engine(storage):
    first, _ = start(storage, "#seed=5")
    saved_view = first.view
    engine = GatedEngine()
    ctrl, page = make(storage, "", engine)

    async def go():
        task = asyncio.ensure_future(ctrl.start())
        for _ in range(5):
            await asyncio.sleep(0)
        assert page.events == ["shown"]              # the table, from the save
        assert page.table_data("phase") == saved_view["phase"]
        assert page.table_data("human-turn") == "false"    # no input before the engine
        hand = [n.attrs["data-card"] for n in page.el("hand").children]
        assert hand == saved_view["hand"]
        kept = page.el("hand").children[0]
        engine.gate.set()
        await task
        await settle(ctrl)
        assert page.events == ["shown", "ready", "persist"]
        assert page.el("hand").children[0] is kept       # nothing jumped: same elements
        assert ctrl.view == saved_view
    run_async(go())


def test_corrupt_save_is_kept_and_reported(storage):
    bad = json.dumps({"v": 1, "record": {"format": "thousand/1",
                                         "deals": [{"seed": 3, "actions": ["bid 999"]}]}})
    storage["thousand.save"] = bad
    ctrl, page = start(storage)
    assert ctrl.view is None
    assert [n["kind"] for n in ctrl.ui.notices] == ["corrupt"]
    assert storage["thousand.save.backup"] == bad
    do(ctrl, intents.INTENTS["new-game"](ctrl, {}))
    assert ctrl.view["phase"] in ("bidding", "giving") and not ctrl.ui.notices


def test_link_rules_and_bad_link(storage):
    ctrl, page = start(storage, "#rules=classic,target=1001,bogus=1")
    assert "target=1001" in ctrl.view["rules_code"]
    kinds = [n["kind"] for n in ctrl.ui.notices]
    assert "link" in kinds and "bogus" in [n for n in ctrl.ui.notices if n["kind"] == "link"][0]["text"]


def test_settings_apply_new_game_and_share(storage):
    ctrl, page = start(storage, "#seed=7")
    do(ctrl, intents.INTENTS["settings"](ctrl, {}))
    assert page.el("dialog-settings") is not None
    assert "thousand" in page.el("version").textContent and "build test" in page.el("version").textContent
    intents.field(ctrl, "set-preset", "polish")
    intents.field(ctrl, "conv-ace_marriage", "", True)
    intents.field(ctrl, "set-name-0", "Ann")
    intents.field(ctrl, "set-lang", "en")
    do(ctrl, intents.INTENTS["share"](ctrl, {}))
    assert page.shared and "#rules=polish" in page.shared[0] and "ace_marriage" in page.shared[0]
    do(ctrl, intents.INTENTS["apply-new"](ctrl, {}))
    assert ctrl.view["rules_code"].startswith("polish") and "ace_marriage=on" in ctrl.view["rules_code"]
    assert page.flags["lang"] == "en" and "Ann" in page.root.by_id("table").textContent
    assert json.loads(storage["thousand.settings"])["names"][0] == "Ann"


def test_hint_answers_for_the_current_position_only(storage):
    ctrl, page = start(storage, "#seed=7")

    async def go():
        ctrl.request_hint()
        assert page.el("hint-text") is None or ctrl.ui.hint["status"] == "pending"
        await settle(ctrl)
    run_async(go())
    at = ctrl.view["action_count"]
    assert ctrl.ui.hint["status"] == "done" and ctrl.ui.hint["at"] == at
    assert ctrl.ui.hint["action"] in ctrl.view["legal"]
    assert page.el("hint-text").attrs.get("data-hint-action") == ctrl.ui.hint["action"]



class RecordingEngine(LocalEngine):
    """LocalEngine that keeps every (request, reply)."""

    def __init__(self):
        super().__init__()
        self.log = []

    async def request(self, req):
        reply = await super().request(req)
        self.log.append((req, reply))
        return reply


def test_bots_wait_while_the_summary_is_open_also_under_the_score_sheet(storage):
    """The deal summary pauses the game; the score sheet opened from it too (no bot request
    at all, however long the player looks), until "next deal"."""
    engine = RecordingEngine()
    ctrl, page = start(storage, "#seed=7", engine)
    for _ in range(400):
        if ctrl.ui.overlay == "summary":
            break
        legal = ctrl.view["legal"]
        if ctrl.view["phase"] == "giving":
            ctrl.ui.selected = legal[0].split()[1]
            do(ctrl, intents.INTENTS["give"](ctrl, {"to": legal[0].split()[2]}))
        elif legal and legal[0].startswith("contract"):
            do(ctrl, intents.INTENTS["contract"](ctrl, {}))
        else:
            do(ctrl, ctrl.act("pass" if "pass" in legal else legal[0]))
    assert ctrl.ui.overlay == "summary"
    # the last request is the move that ended the deal: nothing was asked after it
    req, reply = engine.log[-1]
    assert reply.get("deal_view") is not None or len(reply["view"]["sheet"]) == len(ctrl.view["sheet"])
    assert len(engine.log) == 1 or len(engine.log[-2][1]["view"]["sheet"]) < len(ctrl.view["sheet"])
    n, asked = ctrl.view["action_count"], len(engine.log)
    for name in ("sheet", "close"):            # the sheet from the summary, and back
        do(ctrl, intents.INTENTS[name](ctrl, {}))
        assert len(engine.log) == asked and ctrl.view["action_count"] == n
    assert ctrl.ui.overlay == "summary"
    do(ctrl, intents.INTENTS["next-deal"](ctrl, {}))
    assert ctrl.ui.overlay is None
    assert ctrl.view["current_seat"] == 0 or ctrl.view["finished"]
    assert len(engine.log) > asked or ctrl.view["current_seat"] == 0


def test_new_game_asks_first_when_a_game_is_in_progress(storage):
    ctrl, page = start(storage, "#seed=7")
    before = ctrl.view["action_count"]
    assert before > 0
    do(ctrl, intents.INTENTS["new-game"](ctrl, {}))
    assert ctrl.ui.overlay == "confirm" and page.el("dialog-confirm") is not None
    assert ctrl.view["action_count"] == before               # nothing lost yet
    assert intents.escape(ctrl) and ctrl.ui.overlay is None   # Escape keeps the game
    do(ctrl, intents.INTENTS["new-game"](ctrl, {}))
    do(ctrl, intents.INTENTS["confirm-new-game"](ctrl, {}))
    assert ctrl.ui.overlay is None and ctrl.view["deal_number"] == 0
    assert ctrl.view["action_count"] < before or ctrl.seed != 7


def test_an_illegal_card_is_refused_in_russian_words_with_the_rule(storage):
    import re
    ctrl, page = start(storage, "#seed=11")
    for _ in range(300):
        v = ctrl.view
        if v["phase"] == "play" and v["current_seat"] == 0:
            illegal = [c for c in v["hand"] if "play " + c not in v["legal"] and "meld " + c not in v["legal"]]
            if illegal:
                do(ctrl, intents.click_card(ctrl, illegal[0]))
                text = page.el("message").textContent
                assert text.startswith("Так нельзя: ") and re.search(r"\(§\d", text), text
                assert not re.search(r"[A-Za-z]{3,}", text), text
                return
        legal = v["legal"]
        if v["phase"] == "giving":
            ctrl.ui.selected = legal[0].split()[1]
            do(ctrl, intents.INTENTS["give"](ctrl, {"to": legal[0].split()[2]}))
        elif ctrl.ui.overlay == "summary":
            do(ctrl, intents.INTENTS["next-deal"](ctrl, {}))
        else:
            do(ctrl, ctrl.act("pass" if "pass" in legal else legal[0]))
        if ctrl.ui.overlay == "summary":
            do(ctrl, intents.INTENTS["next-deal"](ctrl, {}))
    raise AssertionError("no illegal card came up")


def test_settings_refuse_values_by_their_field_and_say_the_link_was_copied(storage):
    ctrl, page = start(storage, "#seed=7")
    do(ctrl, intents.INTENTS["settings"](ctrl, {}))
    intents.field(ctrl, "conv-penalty", "7")                 # not a multiple of 5
    do(ctrl, None)
    assert page.el("err-conv-penalty").textContent.startswith("Положительное число, кратное 5")
    do(ctrl, intents.INTENTS["apply-settings"](ctrl, {}))
    assert ctrl.ui.overlay == "settings" and page.el("settings-error") is not None
    intents.field(ctrl, "conv-penalty", "100")
    # two rules that cannot be on together: the engine refuses, the table says where
    intents.field(ctrl, "conv-must_lead_trump", "", True)
    intents.field(ctrl, "conv-no_lead_foreign_trump", "", True)
    do(ctrl, intents.INTENTS["apply-settings"](ctrl, {}))
    err = page.el("err-conv-must_lead_trump")
    assert err is not None and "«Обязательно ходить с козыря»" in err.textContent
    assert "_" not in err.textContent
    intents.field(ctrl, "conv-no_lead_foreign_trump", "", False)
    do(ctrl, intents.INTENTS["share"](ctrl, {}))
    assert page.el("share-status").textContent == "Ссылка скопирована"
    assert "must_lead_trump=on" in page.shared[-1]
    # a game in progress: the rules are for the next game unless it restarts now
    assert page.el("rules-note") is not None
    assert page.el("btn-apply").textContent == "Сохранить — правила со следующей игры"
    rules = ctrl.view["rules_code"]
    do(ctrl, intents.INTENTS["apply-settings"](ctrl, {}))
    assert ctrl.view["rules_code"] == rules and "must_lead_trump=on" in ctrl.settings["rules"]


def test_settings_take_any_penalty_a_rules_code_carries(storage):
    """RULES.md §6.1 `penalty`: "any positive multiple of 5" — 1500 was refused by the field
    (at most 1000); the bound is the engine's (six digits: what a rules code carries)."""
    from thousand.conventions import MAX_PENALTY
    from thousand.web.ui_state import MAX_PENALTY as TABLE_MAX
    assert TABLE_MAX == MAX_PENALTY
    ctrl, page = start(storage, "#seed=7")
    do(ctrl, intents.INTENTS["settings"](ctrl, {}))
    for bad in ("0", "-5", "1502", str(MAX_PENALTY + 5)):
        intents.field(ctrl, "conv-penalty", bad)
        do(ctrl, None)
        assert page.el("err-conv-penalty") is not None, bad
    for good in ("1500", str(MAX_PENALTY)):
        intents.field(ctrl, "conv-penalty", good)
        do(ctrl, None)
        assert page.el("err-conv-penalty") is None, good
    do(ctrl, intents.INTENTS["share"](ctrl, {}))
    assert "penalty=%d" % MAX_PENALTY in page.shared[-1]


def test_default_names_follow_the_language(storage):
    ctrl, page = start(storage, "#seed=7")
    assert "Бот 1" in page.el("table").textContent
    do(ctrl, intents.INTENTS["settings"](ctrl, {}))
    intents.field(ctrl, "set-lang", "pl")
    do(ctrl, intents.INTENTS["apply-settings"](ctrl, {}))
    text = page.el("table").textContent
    assert "Bot 1" in text and "Бот" not in text and "Twój ruch" in text


def test_a_tab_that_loses_the_game_closes_its_dialogs_so_take_over_is_reachable(storage):
    """Another tab takes the game while this one shows the deal summary (found by
    tests/e2e/test_tabs.py: the summary's backdrop covered the "take over" button, so the
    click never arrived).  The tab stops, the game's dialogs close, the notice with its
    button is drawn; a settings form being typed stays open."""
    ctrl, page = start(storage, "#seed=7")
    ctrl.ui.overlay = "summary"
    ctrl.ui.overlay_back = "sheet"
    ctrl.draw()
    ctrl.lost_game()
    assert ctrl.ui.blocked and ctrl.ui.overlay is None and ctrl.ui.overlay_back is None
    assert [n["kind"] for n in ctrl.ui.notices] == ["other-tab"]
    assert page.flags["blocked"] == "true"
    ctrl.ui.blocked = False
    ctrl.ui.overlay = "settings"
    ctrl.lost_game()
    assert ctrl.ui.blocked and ctrl.ui.overlay == "settings"
