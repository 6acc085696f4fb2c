"""The worker's thinking between requests (issue 43 item 3): thousand.web.service.ponder."""
import json

from thousand.bots.hard import STOP_SHARE as BOT_STOP_SHARE
from thousand.web import budget, service as svc
from thousand.web.budget import HARD_BUDGET, think_budget


def _req(s, op, **kw):
    return json.loads(s.handle(json.dumps(dict(op=op, **kw))))


def _walk(s, done, human_action, limit=300):
    """Bots (hard, on a short budget) and the human's stand-in act until done(seat on
    turn, its view) holds; returns that view."""
    for _ in range(limit):
        seat = s.game.current_seat
        v = s.game.view(seat)
        if done(seat, v):
            return v
        if seat == svc.HUMAN:
            _req(s, "act", action=human_action(v))
        else:
            assert _req(s, "bot", level="hard", budget=0.05)["ok"]
    raise AssertionError("the wanted position never came")


def _to_play(s, human_action):
    """Until the card play has begun and a bot is on turn right after a card."""
    return _walk(s, lambda seat, v: v["phase"] == "play" and seat != svc.HUMAN
                 and len(v["legal"]) > 1 and bool(v.get("trick")), human_action, limit=200)


def _first_legal(v):
    return "pass" if "pass" in v["legal"] else v["legal"][0]


def test_the_next_bot_thinks_on_its_position_and_the_decision_goes_on_from_there():
    s = svc.Service()
    _req(s, "new", seed=9)
    _to_play(s, _first_legal)
    slices = 0
    while s.ponder(10) and slices < 30:
        slices += 1
    reply = _req(s, "bot", level="hard", budget=0.05)
    assert reply["ok"] and reply["thought"]["pondered"] > 0
    assert reply["thought"]["nodes"] >= reply["thought"]["pondered"]


def test_on_the_humans_turn_the_bot_after_him_thinks_on_what_each_of_his_cards_leaves():
    s = svc.Service()
    _req(s, "new", seed=5)
    view = _walk(s, lambda seat, v: seat == svc.HUMAN and v["phase"] == "play"
                 and len(v["legal"]) > 1, _first_legal)
    targets = s._ponder_targets()
    # one position per card whose next player is a bot, each that bot's own view of it
    assert 1 <= len(targets) <= len(view["legal"])
    for bot, v in targets:
        assert v["seat"] != svc.HUMAN and v["phase"] == "play"
        assert v["action_count"] == view["action_count"] + 1
    for _ in range(40):
        if not s.ponder(10):
            break
    # the human plays the card the careful bot would (the first guess, pondered most)
    likely = s.bot("normal", svc.HUMAN).choose(view)
    _req(s, "act", action=likely)
    if s.game.current_seat != svc.HUMAN:
        reply = _req(s, "bot", level="hard", budget=0.05)
        assert reply["thought"]["pondered"] > 0


def test_while_the_human_names_his_contract_the_bot_after_him_thinks_on_his_first_lead():
    """The first trick's card decisions are a deal's longest searches: while the human
    (the declarer) names his contract, the bot after him thinks on his answer to each lead
    of the contract the careful bot would name, and the decision goes on from there."""
    s = svc.Service()
    _req(s, "new", seed=12)
    careful = s.bot("normal", svc.HUMAN)
    view = _walk(s, lambda seat, v: seat == svc.HUMAN and v["phase"] == "contract"
                 or v["phase"] == "play", careful.choose, limit=100)
    assert view["phase"] != "play", "seed 12: the human's stand-in declares"
    targets = s._ponder_targets()
    assert len(targets) == len(view["hand"])          # any card may lead the first trick
    for bot, v in targets:
        assert v["seat"] != svc.HUMAN and v["phase"] == "play" and len(v["trick"]) == 1
        assert v["action_count"] == view["action_count"] + 2
    for _ in range(40):
        if not s.ponder(10):
            break
    _req(s, "act", action=careful.choose(view))
    _req(s, "act", action=careful.choose(s.game.view(svc.HUMAN)))
    assert s.game.current_seat != svc.HUMAN
    reply = _req(s, "bot", level="hard", budget=0.05)
    assert reply["ok"] and reply["thought"]["pondered"] > 0


def test_while_the_human_bids_the_bot_after_him_thinks_on_its_close_call():
    """On the human's bidding turn the bot after him thinks on its own bid after the careful
    bot's answer, his pass and his lowest bid; where that bid is a close call (a search of
    its worlds) the decision goes on from what was found."""
    from thousand.bots.hard import HardBot
    judge = HardBot(0)
    for seed in range(1, 60):
        s = svc.Service()
        _req(s, "new", seed=seed)
        careful = s.bot("normal", svc.HUMAN)
        view = _walk(s, lambda seat, v: seat == svc.HUMAN or v["phase"] != "bidding",
                     careful.choose, limit=20)
        if s.game.current_seat != svc.HUMAN or view["phase"] != "bidding":
            continue
        targets = s._ponder_targets()
        assert 1 <= len(targets) <= 3
        for bot, v in targets:       # after his pass the bidding may be over: a give
            assert v["seat"] != svc.HUMAN and v["action_count"] > view["action_count"]
        assert any(v["phase"] == "bidding" for _, v in targets) or "pass" in view["legal"]
        likely = careful.choose(view)
        after = s.game.copy()
        after.apply(likely)
        nxt = after.current_seat
        v = after.view(nxt)
        if nxt == svc.HUMAN or v["phase"] != "bidding":
            continue
        window = judge.bid_window(v, v["legal"])
        if window is None or not judge.close(window):
            continue
        for _ in range(60):
            if not s.ponder(10):
                break
        _req(s, "act", action=likely)
        reply = _req(s, "bot", level="hard", budget=0.05)
        assert reply["ok"] and reply["thought"]["pondered"] > 0
        assert reply["thought"]["nodes"] >= reply["thought"]["pondered"]
        return
    raise AssertionError("no seed gave the bot after the human a close call")


def test_nothing_to_ponder_without_a_game_or_a_hard_bot():
    s = svc.Service()
    assert s.ponder(10) is False
    _req(s, "new", seed=2)
    assert s.ponder(10) is False            # no bot was asked yet: which level is unknown
    while s.game.current_seat == svc.HUMAN:
        _req(s, "act", action=_first_legal(s.game.view(svc.HUMAN)))
    _req(s, "bot", level="normal")
    assert s.ponder(10) is False            # the normal bot does not ponder


def test_the_budget_is_the_tables_pause_and_never_less_than_before():
    assert budget.STOP_SHARE == BOT_STOP_SHARE
    for pause in (0, 300, 800, 1500, 1600, 2600, 5000):
        b = think_budget(pause)
        assert b >= HARD_BUDGET
        # a decision stopped at STOP_SHARE x its budget ends within the pause, when the
        # pause is longer than the old budget's stop
        if pause / 1000 > HARD_BUDGET * budget.STOP_SHARE:
            assert b * budget.STOP_SHARE <= pause / 1000 + 0.002
    assert think_budget(1480) > HARD_BUDGET       # the full trick's pause at normal speed


def test_the_ponder_bench_request_plays_on_the_table_clock_in_a_service_of_its_own():
    """bench_ponder (scripts/bench_ponder.py --browser runs it in the worker): the page's game
    is untouched, the bots' card decisions are counted, and only the pondering run ponders."""
    s = svc.Service()
    _req(s, "new", seed=5)
    before = s.game.to_record()
    runs = {}
    for ponder in (True, False):
        r = _req(s, "bench_ponder", deals=1, seed=3, pace_ms=60, trick_pause_ms=60,
                 human_ms=60, ponder=ponder)
        assert r["ok"], r.get("why")
        assert r["deals"] == 1 and r["decisions"], r
        assert len(r["waits"]) == len(r["over"])
        runs[ponder] = r
    after = s.game.to_record()
    assert after == before
    assert sum(d["pondered"] for d in runs[False]["decisions"]) == 0
    assert sum(d["pondered"] for d in runs[True]["decisions"]) > 0
    assert runs[True]["heap_mb"] is None          # CPython: no WebAssembly memory


def test_the_bots_pause_is_the_tables_whatever_reads_it():
    """budget.bot_pause_ms, the one definition the controller's bot_turn and the benchmarks'
    table clock read: the pace, twice it just after the talon is shown, the full trick's pause
    on top just after a trick is taken, and only then."""
    from thousand.web.budget import bot_pause_ms
    pace, trick = 800, 700
    assert bot_pause_ms({"phase": "bidding"}, pace, trick) == pace
    assert bot_pause_ms({"phase": "giving", "gives": []}, pace, trick) == 2 * pace
    assert bot_pause_ms({"phase": "giving", "gives": ["9h"]}, pace, trick) == pace
    taken = {"phase": "play", "trick": [], "last_trick": {"cards": ["9h", "Th", "Ah"]}}
    assert bot_pause_ms(taken, pace, trick) == pace + trick
    assert bot_pause_ms(dict(taken, trick=["Ks"]), pace, trick) == pace
    assert bot_pause_ms(dict(taken, last_trick=None), pace, trick) == pace
