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
