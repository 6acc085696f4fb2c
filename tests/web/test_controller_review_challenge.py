"""Issue 11 on the table: the deal review ("Разбор") and the deal challenge link, through the
controller with the real engine (same interpreter) and the stand-in page."""
import asyncio
import json

from webkit import fast_storage, make, run_async, settle
from thousand.web import intents
from thousand.web.engine_client import LocalEngine


class YieldingEngine(LocalEngine):
    """Like the worker: every request lets the event loop run (the page stays live), and the
    page is drawn between the review's steps."""

    async def request(self, req):
        await asyncio.sleep(0)
        return await super().request(req)


def start(storage, hash_="", engine=None):
    ctrl, page = make(storage, hash_, engine or YieldingEngine())
    run_async(_go(ctrl, ctrl.start()))
    return ctrl, page


async def _go(ctrl, coro):
    await coro
    await settle(ctrl)


def do(ctrl, result):
    """Run an intent's result; an intent that spawns a task (the review) is called inside
    the loop: pass a lambda."""
    async def go():
        ctrl.perform(result() if callable(result) else result)
        await settle(ctrl)
    run_async(go())


def finish_deal(ctrl):
    """The human passes or takes the first legal action until the deal summary opens."""
    for _ in range(400):
        if ctrl.ui.overlay == "summary":
            return
        v = ctrl.view
        legal = v["legal"]
        do(ctrl, ctrl.act("pass" if "pass" in legal else legal[0]))
    raise AssertionError("the deal never ended")


def test_review_from_the_summary_shows_progress_the_summary_line_and_the_cards(storage):
    ctrl, page = start(storage, "#seed=6")
    finish_deal(ctrl)
    at = ctrl.view["action_count"]
    progress = []
    draw = page.draw

    def spy(view, ui):
        draw(view, ui)
        p = page.el("review-progress")
        if p is not None:
            progress.append((p.attrs["data-done"], p.attrs["data-total"], p.textContent))
    page.draw = spy
    do(ctrl, lambda: intents.INTENTS["review"](ctrl, {"value": "0"}))
    rv = ctrl.ui.review
    assert rv["status"] == "done" and rv["deal"] == 0
    total = rv["total"]
    # "Разбор: k из N" for every step, k growing one by one
    dones = [int(d) for d, n, _ in progress if int(n) == total]
    assert dones == sorted(dones) and sorted(set(dones)) == list(range(0, total))
    assert any(text == "Разбор: 1 из %d" % total for _, _, text in progress)
    s = page.el("review-summary")
    m, lost = int(s.attrs["data-mistakes"]), int(s.attrs["data-points-lost"])
    assert m == rv["result"]["summary"]["mistakes"] and lost == rv["result"]["summary"]["points_lost"]
    if m == 0:
        assert s.textContent == "Ошибок в розыгрыше нет"
    else:
        assert s.textContent.endswith(", −%d очков" % lost) or "−%d очк" % lost in s.textContent
    cards = page.root.select(lambda n: "data-review-card" in n.attrs)
    assert len(cards) == len(rv["result"]["cards"]) > 0
    # the statistics' hook (scorebook.record_game): the points this review found lost
    assert ctrl.review_lost == {0: lost}
    for el, c in zip(cards, rv["result"]["cards"]):
        assert int(el.attrs["data-value-best"]) == c["value_best"]
        assert int(el.attrs["data-value-played"]) == c["value_played"]
        assert int(el.attrs["data-cost"]) == c["cost"] >= 0
    # every hand is open: before trick 1 each playing seat shows all its cards
    first = page.root.select(lambda n: n.attrs.get("data-review-trick") == "1")[0]
    hands = first.select(lambda n: "data-hand-seat" in n.attrs)
    assert len(hands) == 3 and all(len(x.select(lambda n: "data-card" in n.attrs)) == 8 for x in hands)
    # the bots waited, the finished deal stays on the table, and closing goes back to the summary
    assert ctrl.view["action_count"] == at
    assert page.table_data("showing") == "finished-deal"
    do(ctrl, intents.INTENTS["close"](ctrl, {}))
    assert ctrl.ui.overlay == "summary" and ctrl.ui.review is None


def test_the_summary_line_uses_plural_forms():
    from thousand.web.i18n import Text
    from thousand.web.render_review import summary_line
    r = lambda m, p: {"summary": {"mistakes": m, "points_lost": p}}
    ru, en, pl = Text("ru"), Text("en"), Text("pl")
    assert summary_line(r(2, 25), ru) == "2 ошибки, −25 очков"
    assert summary_line(r(1, 21), ru) == "1 ошибка, −21 очко"
    assert summary_line(r(5, 2), ru) == "5 ошибок, −2 очка"
    assert summary_line(r(11, 10), ru) == "11 ошибок, −10 очков"
    assert summary_line(r(1, 1), en) == "1 mistake, −1 point"
    assert summary_line(r(22, 5), pl) == "22 błędy, −5 punktów"
    assert summary_line(r(0, 0), ru) == "Ошибок в розыгрыше нет"


def test_closing_the_review_cancels_it_and_the_bots_go_on(storage):
    ctrl, page = start(storage, "#seed=6")
    finish_deal(ctrl)
    engine = ctrl.engine

    async def go():
        intents.INTENTS["review"](ctrl, {})          # the summary's deal
        for _ in range(6):
            await asyncio.sleep(0)
        assert ctrl.ui.overlay == "review" and ctrl.ui.review["status"] == "running"
        ctrl.perform(intents.INTENTS["close"](ctrl, {}))
        await settle(ctrl)
    run_async(go())
    ops = [r["op"] for r in engine.requests]
    assert ops[-1] == "review_stop" and engine.service._review is None
    assert ctrl.ui.overlay == "summary"
    do(ctrl, intents.INTENTS["next-deal"](ctrl, {}))
    assert ctrl.view["deal_number"] == 1


def test_review_of_a_row_of_the_score_sheet_returns_to_the_sheet(storage):
    ctrl, page = start(storage, "#seed=6")
    finish_deal(ctrl)
    do(ctrl, intents.INTENTS["next-deal"](ctrl, {}))
    do(ctrl, intents.INTENTS["sheet"](ctrl, {}))
    buttons = page.root.select(lambda n: n.attrs.get("data-action") == "review")
    assert [b.attrs["data-value"] for b in buttons] == ["0"]
    at = ctrl.view["action_count"]
    do(ctrl, lambda: intents.INTENTS["review"](ctrl, {"value": "0"}))
    assert ctrl.ui.review["status"] == "done" and ctrl.view["action_count"] == at
    assert page.el("dialog-review") is not None
    do(ctrl, intents.INTENTS["close"](ctrl, {}))
    assert ctrl.ui.overlay == "sheet"


def test_a_challenge_link_is_made_played_from_the_same_cards_and_compared():
    """The sender makes the link in the summary; the receiver, who has a game of his own,
    is asked, plays the very same cards, sees both results, and gets his game back: the
    save was never touched."""
    sender_storage = fast_storage()
    ctrl, page = start(sender_storage, "#seed=9")
    finish_deal(ctrl)
    hand0 = ctrl.engine.service.game.deals[0].cards.hands[0]
    sent = ctrl.view["sheet"][0]["delta"][0]
    do(ctrl, intents.INTENTS["challenge"](ctrl, {"value": "0"}))
    url = page.shared[-1]
    assert url.startswith("http://x/#challenge=") and page.el("challenge-url").value == url
    assert page.el("challenge-status").textContent == "Ссылка скопирована"

    storage = fast_storage()
    own, _ = start(storage, "#seed=4")
    for _ in range(3):
        legal = own.view["legal"]
        do(own, own.act("pass" if "pass" in legal else legal[0]))
    saved = storage["thousand.save"]
    own_view = own.view
    ctrl2, page2 = start(storage, url[len("http://x/"):])
    assert ctrl2.view == own_view                      # his game first, and the question
    notice = [n for n in ctrl2.ui.notices if n["kind"] == "challenge-pending"][0]
    assert ("+" + str(sent) if sent > 0 else str(sent)) in notice["text"]
    do(ctrl2, intents.INTENTS["challenge-start"](ctrl2, {}))
    assert ctrl2.engine.service.game.deals[0].cards.hands[0] == hand0
    assert page2.table_data("challenge") == "true"
    finish_deal(ctrl2)
    assert storage["thousand.save"] == saved           # the challenge is played in memory only
    res = page2.el("challenge-results")
    got = {n.attrs["data-challenge-result"]: int(n.attrs["data-points"])
           for n in res.select(lambda n: "data-challenge-result" in n.attrs)}
    assert got == {"sender": sent, "you": ctrl2.view["sheet"][0]["delta"][0]}
    assert page2.el("btn-next-deal") is None
    do(ctrl2, intents.INTENTS["challenge-back"](ctrl2, {}))
    assert ctrl2.view == own_view and ctrl2.ui.challenge is None
    assert page2.table_data("challenge") is None


def test_a_hostile_challenge_link_changes_nothing():
    storage = fast_storage()
    own, _ = start(storage, "#seed=4")
    saved, view = storage["thousand.save"], own.view
    for text in ("garbage", "eyJ2IjoxfQ", "x" * 6000, "%ZZ"):
        ctrl, page = start(storage, "#challenge=" + text)
        assert ctrl.view == view and storage["thousand.save"] == saved
        bad = [n for n in ctrl.ui.notices if n["kind"] == "challenge-bad"]
        assert bad and bad[0]["text"].startswith("Ссылка на раздачу не принята: ")
        assert "challenge" not in bad[0]["text"]               # Russian words, not the engine's English
        assert page.el("notices").select(lambda n: n.attrs.get("data-notice") == "challenge-bad")
        assert not any(n["kind"] == "challenge-pending" for n in ctrl.ui.notices)


def test_links_are_decoded_in_python_and_a_malformed_escape_is_kept_raw():
    """persist.unquote is decodeURIComponent; a malformed escape raised a URIError in the
    page that stopped the table from starting (#rules=%E0%A4%A or #challenge=…)."""
    from thousand.web import persist
    assert persist.unquote("classic%2Ctarget%3D1001") == "classic,target=1001"
    assert persist.unquote("%D0%90%D0%BD%D1%8F") == "Аня" and persist.unquote("abc") == "abc"
    for bad in ("%E0%A4%A", "%", "%zz", "%C3"):
        try:
            persist.unquote(bad)
        except ValueError:
            pass
        else:
            raise AssertionError(bad)
        link = persist.parse_link("#challenge=" + bad + "&rules=" + bad, "", persist.unquote)
        assert link["challenge"] == bad and link["rules"] == bad and link["found"]


def test_the_review_dialog_draws_at_every_table():
    """Every §7 table: the solver judges cards only where three seats play (3 players, or 4
    with the dealer sitting out); elsewhere the dialog says so and still shows the
    decisions and the tricks (with open hands unless a stock was drawn from)."""
    import random
    from thousand import Conventions, Game
    from thousand.bots.review import review
    from thousand.web.i18n import Text
    from thousand.web.render_review import review_dialog
    from thousand.web.ui_state import UIState
    from thousand.web import persist
    for i, code in enumerate(["classic", "two", "two,two_mode=two_talons", "two,two_mode=dead_hand",
                              "two,two_mode=draw", "four", "four,four_mode=dealer_sits_out",
                              "classic,players=5", "classic,players=6"]):
        g = Game.new(conventions=Conventions.from_code(code), seed=20 + i)
        rnd = random.Random(i)
        while not g.sheet:
            legal = g.legal_actions()
            g.apply("pass" if "pass" in legal and rnd.random() < 0.7 else rnd.choice(legal))
        result = review(g.to_record(), 0, 0, worlds=1)
        ui = UIState(dict(persist.DEFAULT_SETTINGS))
        ui.overlay = "review"
        ui.review = {"deal": 0, "status": "done", "result": result, "view": g.deal_view(0, 0),
                     "back": ("summary", None)}
        d = review_dialog(g.view(0), ui, Text("en", g.names))
        tricks = d.find(lambda n: "data-review-trick" in n.attrs and n.tag == "li")
        assert len(tricks) == len(g.deal_view(0, 0)["tricks"]), code
        judged = d.find(lambda n: "data-review-card" in n.attrs)
        assert len(judged) == len(result["cards"]), code
        if not result["cards"]:
            assert d.by_id("review-no-cards") is not None, code
        hands = d.find(lambda n: "data-hand-seat" in n.attrs)
        assert (not hands) == (not tricks or "draw" in code or result["hands"] is None), code


def test_bots_wait_while_a_review_is_open_during_play(storage):
    """A review opened from the score sheet while the bots are to play: no bot request is
    made while it is open, and they go on once it is closed (controller.schedule,
    ui.paused).  The human plays a card that a bot must follow, then opens the review of
    deal 1 before the engine has answered."""
    ctrl, page = start(storage, "#seed=6")
    finish_deal(ctrl)
    do(ctrl, intents.INTENTS["next-deal"](ctrl, {}))
    for _ in range(100):
        v = ctrl.view
        if v["phase"] == "play" and v["current_seat"] == 0 and len(v.get("trick") or []) < 2:
            break
        legal = v["legal"]
        do(ctrl, ctrl.act("pass" if "pass" in legal else legal[0]))
    else:
        raise AssertionError("the human never played early in a trick")
    engine = ctrl.engine
    card = [a for a in ctrl.view["legal"] if a.startswith("play ")][0]

    async def go():
        ctrl.perform(ctrl.act(card))
        ctrl.perform(intents.INTENTS["sheet"](ctrl, {}))
        ctrl.perform(intents.INTENTS["review"](ctrl, {"value": "0"}))
        opened = len(engine.requests)
        await settle(ctrl)
        assert ctrl.ui.review["status"] == "done"
        return [r for r in engine.requests[opened:] if r["op"] == "bot"]
    bots = run_async(go())
    assert bots == [] and ctrl.view["current_seat"] != 0       # a bot is on turn, and waits
    n = ctrl.view["action_count"]
    do(ctrl, intents.INTENTS["close"](ctrl, {}))                 # back to the sheet: they play on
    assert ctrl.ui.overlay == "sheet"
    assert ctrl.view["action_count"] > n
