"""The worker side: JSON in, JSON out, never an exception."""
import json

from thousand.web.service import Service


def ask(svc, **req):
    return json.loads(svc.handle(json.dumps(req)))


def test_new_act_and_illegal():
    svc = Service()
    r = ask(svc, op="new", rules="classic", names=["A", "B", "C"], seed=7)
    assert r["ok"] and r["view"]["names"] == ["A", "B", "C"] and r["record"]["deals"]
    bad = ask(svc, op="act", action="play XX")
    assert bad["ok"] is False and bad["error"] in ("illegal", "internal")
    seat = r["view"]["current_seat"]
    if seat != 0:
        b = ask(svc, op="bot", level="easy")
        assert b["ok"] and b["seat"] == seat and b["view"]["action_count"] == 1


def test_load_round_trip_and_broken_record():
    svc = Service()
    r = ask(svc, op="new", seed=3)
    while r["view"]["current_seat"] not in (0, None):
        r = ask(svc, op="bot", level="normal")
    again = ask(Service(), op="load", record=r["record"])
    assert again["ok"] and again["view"] == r["view"]
    assert ask(svc, op="load", record={"deals": "x"})["error"] == "record"
    assert ask(svc, op="nope")["error"] == "op"
    assert ask(svc, op="rules", code="classic,bogus=1")["problems"]
    assert ask(svc, op="draft", preset="classic", changes={"target": 99999})["ok"] is False


def test_a_finished_deal_comes_with_its_view():
    svc = Service()
    r = ask(svc, op="new", seed=5)
    while len(r["view"]["sheet"]) == 0:
        if r["view"]["current_seat"] == 0:
            r = ask(svc, op="act", action=r["view"]["legal"][0])
        else:
            r = ask(svc, op="bot", level="random")
    assert r["deal_view"]["phase"] == "done" and r["deal_view"]["deal_number"] == 0


def play_deal(svc, seed=5, level="normal"):
    """A deal played to its end (the human plays the bot's choice of `level`)."""
    from thousand.bots import make_bot
    r = ask(svc, op="new", seed=seed, names=["Аня", "", ""])
    me = make_bot(level, seed=99)
    while not r["view"]["sheet"]:
        if r["view"]["current_seat"] == 0:
            r = ask(svc, op="act", action=me.choose(r["view"]))
        else:
            r = ask(svc, op="bot", level=level)
    return r


def test_the_review_in_steps_gives_what_review_gives():
    """review_start / review_step: one judged decision per step with its progress, then
    exactly thousand.bots.review.review()'s answer (one code path) and the deal's view."""
    from thousand.bots.review import review
    svc = Service()
    r = play_deal(svc, seed=6)
    start = ask(svc, op="review_start", deal=0, worlds=3)
    assert start["ok"] and start["done"] == 0 and start["total"] > 0
    steps = []
    while True:
        s = ask(svc, op="review_step", review=start["review"])
        assert s["ok"] and s["total"] == start["total"]
        steps.append(s["done"])
        if s["finished"]:
            break
    assert steps == list(range(1, start["total"] + 1))
    assert s["result"] == json.loads(json.dumps(review(r["record"], 0, 0, worlds=3, seed=svc.seed)))
    assert s["deal_view"]["phase"] == "done" and s["deal_view"]["deal_number"] == 0
    assert ask(svc, op="review_step", review=start["review"])["error"] == "review"   # over
    assert ask(svc, op="review_start", deal=1)["error"] == "review"     # not finished yet
    assert ask(svc, op="review_start", deal="0")["error"] == "review"


def test_a_stopped_or_replaced_review_answers_no_more():
    svc = Service()
    play_deal(svc, seed=6)
    a = ask(svc, op="review_start", deal=0, worlds=2)
    b = ask(svc, op="review_start", deal=0, worlds=2)
    assert ask(svc, op="review_step", review=a["review"])["error"] == "review"
    assert ask(svc, op="review_stop")["ok"]
    assert ask(svc, op="review_step", review=b["review"])["error"] == "review"


def test_challenge_make_check_start_and_a_hostile_text():
    """challenge_make -> the link's text; check reads it back; start deals the very same
    cards with the human at seat 0; a hostile text is refused with the engine's code and
    the service's game stays as it was."""
    svc = Service()
    r = play_deal(svc, seed=8)
    made = ask(svc, op="challenge_make", deal=0, level="hard", name="Аня")
    assert made["ok"] and made["result"] == r["view"]["sheet"][0]["delta"][0]
    info = ask(svc, op="challenge_check", text=made["text"])["challenge"]
    assert (info["name"], info["result"], info["level"], info["seat"]) == ("Аня", made["result"], "hard", 0)
    before = svc.game
    for bad in ("", "!!!", "x" * 9000, made["text"][:-6], 7):
        out = ask(svc, op="challenge_check", text=bad)
        assert out["ok"] is False and out["error"] == "challenge" and out["info"]["code"] == "bad_challenge"
        assert ask(svc, op="challenge_start", text=bad)["error"] == "challenge"
    assert svc.game is before
    orig = svc.game.deals[0]
    st = ask(svc, op="challenge_start", text=made["text"], names=["Боря", "", ""])
    assert st["ok"] and st["view"]["deal_number"] == 0 and st["view"]["sheet"] == []
    assert svc.game.deals[0].cards.hands == orig.cards.hands and svc.game.names[0] == "Боря"
    assert st["challenge"]["result"] == made["result"]


# ---- the score sheet of a real game and the statistics (issue 11 items 3, 4) ----------------
def test_sheet_ops_are_stateless_and_never_touch_the_game():
    svc = Service()
    game = ask(svc, op="new", seed=3)
    r = ask(svc, op="sheet", do="new", rules="classic", names=["Аня", "", "Вера"],
            first_dealer=0, start_scores=[800, 0, 0])
    assert r["ok"] and r["names"] == ["Аня", "2", "Вера"] and r["scores"] == [800, 0, 0]
    ctx = r["context"]
    assert ctx["dealer"] == 0 and ctx["first_hand"] == 1 and ctx["derive"] and ctx["deck"] == 120
    # deal 1: Аня declares 100 and makes it: 900 >= 880, she sits on the barrel (§4.1)
    entry = {"declarer": 0, "contract": 100, "points": [None, 10, 10]}
    a = ask(svc, op="sheet", do="add", sheet=r["sheet"], entry=entry, result="made")
    assert a["ok"] and a["scores"][0] == 880 and a["rows"][0]["barrel"][0]["on"]
    assert [e["kind"] for e in a["rows"][0]["events"]] == ["barrel_sit"]
    assert a["context"]["on_barrel"] == [True, False, False] and a["context"]["dealer"] == 1
    # "made" said by the user but the points say failed: refused, by its field
    bad = ask(svc, op="sheet", do="add", sheet=a["sheet"], result="made",
              entry={"declarer": 2, "contract": 120, "points": [60, 30, None]})
    # (he has 30 of 120)
    assert bad["ok"] is False and bad["info"]["code"] == "sheet_result_mismatch"
    assert bad["info"]["params"]["field"] == "result" and bad["info"]["params"]["points"] == 30
    # points that do not add up to the deck: the engine's check, with the total
    bad = ask(svc, op="sheet", do="add", sheet=a["sheet"],
              entry={"declarer": 2, "contract": 120, "points": [60, 70, None]})
    assert bad["info"]["params"] == {"field": "points", "deal": 2, "total": 130}
    # edit deal 1 (failed now): everything after it is rescored; the context of deal 1
    e = ask(svc, op="sheet", do="edit", sheet=a["sheet"], index=0, result="failed",
            entry={"declarer": 0, "contract": 100, "points": [None, 60, 40]})
    assert e["ok"] and e["scores"] == [700, 60, 40]
    c = ask(svc, op="sheet", do="context", sheet=e["sheet"], index=0)
    assert c["context"]["deal"] == 0 and c["context"]["scores"] == [800, 0, 0]
    u = ask(svc, op="sheet", do="undo", sheet=e["sheet"])
    assert u["ok"] and u["rows"] == [] and u["scores"] == [800, 0, 0]
    # the link round-trips; a hostile one is refused with a code
    back = ask(svc, op="sheet", do="link", text=a["link"])
    assert back["ok"] and back["sheet"] == a["sheet"]
    for text in ("", "1####", "x" * 70000, None):
        assert ask(svc, op="sheet", do="link", text=text)["info"]["code"] == "bad_sheet_link"
    assert ask(svc, op="sheet", do="load", sheet={"deals": "x"})["ok"] is False
    # the game on the table is the one it was
    assert ask(svc, op="load", record=game["record"])["view"] == game["view"]
    assert svc.game is not None and svc.game.to_record() == game["record"]


def test_stats_ops_summarise_the_game_and_add_up():
    svc = Service()
    assert ask(svc, op="stats_summary", level="hard")["ok"] is False     # no game yet
    ask(svc, op="new", seed=5)
    for _ in range(400):
        r = ask(svc, op="bot", level="easy") if svc.game.current_seat != 0 else \
            ask(svc, op="act", action=svc.game.legal_actions()[0])
        if r["view"]["finished"] or len(r["view"]["sheet"]) >= 3:
            break
    s = ask(svc, op="stats_summary", level="hard", when="2026-12-01", lost=30, reviewed=2)["summary"]
    assert s["level"] == "hard" and s["deals"] == len(svc.game.sheet) and s["lost"] == 30
    assert s["points"] == svc.game.scores[0]
    agg = ask(svc, op="stats", summaries=[s, s, "junk"])["stats"]
    assert agg["games"] == 2 and agg["per_level"] == {"hard": {"games": 2, "wins": 2 * s["won"]}}
    assert agg["lost_per_deal"] == 15.0 and len(agg["series"]) == 2
    assert agg["series"][0]["points_per_deal"] == round(s["points"] / s["deals"], 1)
