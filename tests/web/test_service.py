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
