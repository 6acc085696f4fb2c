"""persist.py (saves and game files) runs on the main thread under MicroPython, which differs from CPython in small
ways (no json indent, str.strip of non-ASCII characters raises UnicodeError, ...): its file
and save parsing is run there too, on the same hostile inputs as under CPython."""
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tests" / "web" / "micropython_run.mjs"
MPY = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"
FIXTURES = ROOT / "tests" / "fixtures" / "saves"

if not (shutil.which("node") and MPY.exists()) and not os.environ.get("CI"):
    pytest.skip("node or node_modules (npm ci) missing", allow_module_level=True)


def micropython(code: str, tmp_path) -> list:
    src = tmp_path / "case.py"
    src.write_text(code, encoding="utf-8")
    r = subprocess.run(["node", str(RUNNER), str(src)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and "PYTHON-ERROR" not in r.stdout, r.stdout + r.stderr
    return [json.loads(line) for line in r.stdout.splitlines() if line.startswith(("[", "{", '"'))]


FILES = ["", "not json", "\ufeff" + '{"deals": []}', "\ufeff\ufeffx", "[" * 3000 + "]" * 3000,
         '{"names": 5}', "[1, 2]", '{"v": 99, "record": {}}', '{"v": true, "record": {}}',
         '{"v": 1, "record": []}', "\udcff".encode("utf-8", "surrogatepass").decode("utf-8", "replace"),
         "Ð¢Ñ‹ÑÑÑ‡Ð°", '{"format": "thousand/1", "deals": [{"seed": 1, "actions": []}]}']


def test_game_files_are_parsed_as_under_cpython(tmp_path):
    from thousand.web import persist
    saves = [p.read_text(encoding="utf-8") for p in sorted(FIXTURES.glob("*/save-*.json"))]
    cases = FILES + saves
    code = "import json\nfrom thousand.web import persist\nCASES = " + json.dumps(cases) + """
for text in CASES:
    try:
        rec = persist.parse_import(text)
        print(json.dumps(["ok", len(rec.get("deals"))]))
    except persist.SaveProblem as e:
        print(json.dumps([e.kind, e.detail != ""]))
"""
    got = micropython(code, tmp_path)
    want = []
    for text in cases:
        try:
            want.append(["ok", len(persist.parse_import(text)["deals"])])
        except persist.SaveProblem as e:
            want.append([e.kind, e.detail != ""])
    assert got == want
    assert all(w[1] is True or w[0] == "ok" for w in want)     # every refusal says why


def test_saves_migrate_and_the_export_is_json_under_micropython(tmp_path):
    raws = [p.read_text(encoding="utf-8") for p in sorted(FIXTURES.glob("*/save-*.json"))]
    code = "import json\nfrom thousand.web import persist\nRAWS = " + json.dumps(raws) + """
for raw in RAWS:
    d = persist.parse_save(raw)
    print(json.dumps([d["v"], d["saved"] is None, json.loads(persist.export_text(d["record"])) == d["record"]]))
"""
    got = micropython(code, tmp_path)
    assert len(got) == len(raws) and all(v == 2 and ok for v, _none, ok in got)
    assert [none for _v, none, _ok in got] == [json.loads(r)["v"] == 1 for r in raws]
