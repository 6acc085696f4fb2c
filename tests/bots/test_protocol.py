"""The open bot protocol (docs/bot-protocol.md): external processes take a seat; failures fall back."""
import sys
import textwrap


from thousand import Game
from thousand.bots import make_bot
from thousand.bots.protocol import ProcessBot


def _script(tmp_path, name, body):
    p = tmp_path / name
    p.write_text(textwrap.dedent(body))
    return f"{sys.executable} -u {p}"


def _play_deal(bots, seed=4):
    g = Game.new(seed=seed)
    while not g.sheet:
        s = g.current_seat
        g.apply(bots[s].choose(g.view(s)))
    return g


def test_a_tiny_external_bot_plays_a_whole_deal(tmp_path):
    cmd = _script(tmp_path, "first.py", """
        import json, sys
        for line in sys.stdin:
            v = json.loads(line)
            assert "legal" in v and "hand" in v and "id" in v
            print(json.dumps({"id": v["id"], "action": v["legal"][-1]}), flush=True)
    """)
    logs = []
    bot = ProcessBot(cmd, timeout=5, log=logs.append)
    g = _play_deal([bot, make_bot("normal", seed=1), make_bot("normal", seed=2)])
    bot.close()
    assert bot.requests > 0
    assert sum(bot.problems.values()) == 0, logs
    assert g.sheet


def test_a_bot_that_times_out_is_replaced_by_a_legal_fallback(tmp_path):
    cmd = _script(tmp_path, "slow.py", """
        import sys, time
        for line in sys.stdin:
            time.sleep(5)
    """)
    logs = []
    bot = ProcessBot(cmd, timeout=0.2, log=logs.append)
    g = Game.new(seed=4)
    seen = 0
    while not g.sheet and seen < 3:
        s = g.current_seat
        v = g.view(s)
        if s == 0:
            a = bot.choose(v)
            assert a in v["legal"]
            seen += 1
        else:
            a = make_bot("normal", seed=s).choose(v)
        g.apply(a)
    bot.close()
    assert bot.problems["timeout"] == seen >= 1
    assert any("no answer within" in m for m in logs)


def test_nonsense_and_illegal_answers_are_reported_and_replaced(tmp_path):
    cmd = _script(tmp_path, "nonsense.py", """
        import sys
        n = 0
        for line in sys.stdin:
            n += 1
            print("{not json" if n % 2 else "play 7X", flush=True)
    """)
    logs = []
    bot = ProcessBot(cmd, timeout=5, log=logs.append)
    g = _play_deal([make_bot("normal", seed=3), bot, make_bot("normal", seed=2)])
    bot.close()
    assert bot.problems["malformed"] >= 1 and bot.problems["illegal"] >= 1
    assert g.sheet


def test_a_bot_that_dies_never_crashes_the_match(tmp_path):
    cmd = _script(tmp_path, "dies.py", """
        import sys
        sys.stdin.readline()
        sys.exit(3)
    """)
    bot = ProcessBot(cmd, timeout=2, log=lambda m: None)
    g = _play_deal([bot, make_bot("normal", seed=1), make_bot("normal", seed=2)])
    assert bot.problems["dead"] + bot.problems["timeout"] >= 1
    assert g.sheet
