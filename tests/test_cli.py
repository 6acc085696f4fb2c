"""The command line (RULES.md §9): replay prints the score sheet as JSON; illegal actions exit 2
with one line on stderr; simulate and bench run."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

RECORDS = Path(__file__).parent / "records"


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "thousand", *args], capture_output=True, text=True,
                          input=stdin, timeout=120)


def test_replay_prints_the_issue_json():
    p = run("replay", str(RECORDS / "rounding.json"))
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert set(out) == {"deals", "scores", "finished", "winner"}
    assert [set(d) for d in out["deals"]] == [{"dealer", "declarer", "contract", "outcome", "points",
                                               "delta", "scores", "bolts"}] * 3
    assert out["deals"][0] == {"dealer": 0, "declarer": 1, "contract": 100, "outcome": "made",
                               "points": [17, 190, 13], "delta": [15, 100, 15], "scores": [15, 100, 15],
                               "bolts": [0, 0, 0]}
    assert out["scores"] == [135, 115, 140] and out["finished"] is False and out["winner"] is None


def test_replay_win_and_outcomes():
    out = json.loads(run("replay", str(RECORDS / "barrel_win.json")).stdout)
    assert out["finished"] is True and out["winner"] == 1 and out["scores"] == [880, 1030, 15]
    out = json.loads(run("replay", str(RECORDS / "concede_default.json")).stdout)
    assert [d["outcome"] for d in out["deals"]] == ["conceded"] * 3
    out = json.loads(run("replay", str(RECORDS / "perehval.json")).stdout)
    assert out["deals"][0]["outcome"] == "failed"


def test_replay_leaves_out_an_unfinished_last_deal(tmp_path):
    rec = json.loads((RECORDS / "rounding.json").read_text())
    rec["deals"][2]["actions"] = rec["deals"][2]["actions"][:20]
    f = tmp_path / "r.json"
    f.write_text(json.dumps(rec))
    p = run("replay", str(f))
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert len(out["deals"]) == 2 and out["scores"] == [35, 110, 115]


def test_replay_from_stdin():
    p = run("replay", "-", stdin=(RECORDS / "dump_555.json").read_text())
    assert p.returncode == 0 and json.loads(p.stdout)["scores"] == [0, -555, 15]


def test_replay_illegal_action_exit_2_one_line(tmp_path):
    rec = json.loads((RECORDS / "rounding.json").read_text())
    # deal 2, trick 3: seat 1 leads KD; seat 0 holds AS but also AD and must follow suit
    assert rec["deals"][1]["actions"][11:13] == ["play KD", "play AD"]
    rec["deals"][1]["actions"][12] = "play AS"
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(rec))
    p = run("replay", str(f))
    assert p.returncode == 2 and p.stdout == ""
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1
    line = lines[0]
    assert "deal 2" in line and "action 12" in line and "play AS" in line
    assert "follow suit" in line and "§3.7" in line     # the reason, naming the rule


def test_replay_meld_without_trick_reason():
    p = run("replay", str(RECORDS / "meld_first_lead_illegal.json"))
    assert p.returncode == 2
    line = p.stderr.strip()
    assert "\n" not in line and "deal 1" in line and "action 5" in line and "meld KH" in line
    assert "trick" in line


@pytest.mark.parametrize("content", ["{not json", "[]"])
def test_replay_unreadable_record_exit_2(tmp_path, content):
    f = tmp_path / "x.json"
    f.write_text(content)
    p = run("replay", str(f))
    assert p.returncode == 2 and p.stderr.strip() and len(p.stderr.strip().splitlines()) == 1


def test_replay_missing_file_exit_2():
    p = run("replay", "/nonexistent/record.json")
    assert p.returncode == 2


def test_simulate_runs_and_prints():
    p = run("simulate", "--games", "2", "--bots", "random,random,random", "--max-deals", "30")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["games"] == 2 and out["deals"] >= 2 and out["conventions"] == "classic"


def test_simulate_bad_conventions_exit_2():
    p = run("simulate", "--games", "1", "--conventions", "classic,blind=sometimes")
    assert p.returncode == 2 and "blind" in p.stderr and "Traceback" not in p.stderr


def test_bench_runs_and_prints():
    p = run("bench", "--seconds", "0.2")
    assert p.returncode == 0, p.stderr
    assert "deals per second" in p.stdout


# ---- issue 12: any bad file is one line on stderr and exit 2, never a traceback ---------------
def _json(value) -> bytes:
    return json.dumps(value).encode()


BAD_FILES = {
    "nested_1000_deep": b"[" * 1000 + b"]" * 1000,
    "nested_100000_deep_in_deals": b'{"deals": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
    "not_utf8": b'{"names": ["\xff\xfe"], "deals": []}',
    "latin1_name": '{"names": ["Jürgen", "B", "C"], "deals": []}'.encode("latin-1"),
    "empty": b"",
    "nan_seed": b'{"seed": NaN, "deals": []}',
    "number_of_5000_digits": b'{"seed": ' + b"7" * 5000 + b', "deals": []}',
    "duplicate_key": b'{"deals": [], "deals": []}',
    "int_cards": _json({"deals": [{"hands": [list(range(1, 8)), list(range(8, 15)),
                                              list(range(15, 22))], "talon": [22, 23, 0]}]}),
    "null_action": _json({"deals": [{"seed": 1, "actions": [None]}]}),
    "list_action": _json({"deals": [{"seed": 1, "actions": [["pass"]]}]}),
    "object_action": _json({"deals": [{"seed": 1, "actions": [{"a": 1}]}]}),
    "decimal_action": _json({"deals": [{"seed": 1, "actions": [1105.0, "pass"]}]}),
    "integer_action": _json({"deals": [{"seed": 1, "actions": [1105]}]}),
    "names_5": _json({"names": 5, "deals": []}),
    "names_abc": _json({"names": "abc", "deals": []}),
    "preset_list": _json({"conventions": {"preset": []}, "deals": []}),
    "conventions_list": _json({"conventions": [], "deals": []}),
    "first_dealer_true": _json({"first_dealer": True, "deals": [{"seed": 1}]}),
    "seed_true": _json({"seed": True, "deals": []}),
    "surrogate_name": b'{"names": ["\\ud800", "B", "C"], "deals": []}',
    "newline_in_action": _json({"deals": [{"seed": 1, "actions": ["pass\nplay AS"]}]}),
    "surrogate_action": b'{"deals": [{"seed": 1, "actions": ["\\udc80"]}]}',
    "not_an_object": b"[]",
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_replay_any_bad_file_is_one_line_and_exit_2(tmp_path, name):
    f = tmp_path / "bad.json"
    f.write_bytes(BAD_FILES[name])
    p = subprocess.run([sys.executable, "-m", "thousand", "replay", str(f)], capture_output=True,
                       timeout=120)
    err = p.stderr.decode("utf-8")          # the line itself is UTF-8, whatever the file held
    assert p.returncode == 2 and p.stdout == b"", err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert err.startswith("replay: ")


def test_replay_a_huge_file_is_refused_without_reading_it_whole(tmp_path):
    from thousand.schema import MAX_JSON_BYTES
    f = tmp_path / "huge.json"
    with open(f, "wb") as out:
        out.write(b'{"deals": [], "comment": "')
        out.write(b"x" * MAX_JSON_BYTES)
        out.write(b'"}')
    p = run("replay", str(f))
    assert p.returncode == 2 and len(p.stderr.strip().splitlines()) == 1
    assert "larger than" in p.stderr and "Traceback" not in p.stderr


def test_replay_a_directory_exit_2():
    p = run("replay", str(RECORDS))
    assert p.returncode == 2 and len(p.stderr.strip().splitlines()) == 1
