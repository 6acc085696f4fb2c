"""scripts/stdlib.py: the part of Pyodide's stdlib the engine's worker needs (issue 42.2).
The whole table runs on the trimmed zip in the e2e tests; these check how it is worked out."""
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

import stdlib  # noqa: E402

NPM_ZIP = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
needs_npm = pytest.mark.skipif(not NPM_ZIP.exists(), reason="npm ci has not run")


def test_imports_in_reads_every_kind_of_import_statement():
    src = """
import a.b, c as d
from e import f
from . import g
from ..h import i
import importlib
importlib.import_module("j.k")
def lazy():
    import l
if __name__ == "__main__":
    import m
else:
    import n
"""
    got = stdlib.imports_in(src, "p.q.r", False)
    assert {"a", "a.b", "c", "e", "e.f", "p.q.g", "p.h", "p.h.i", "j", "j.k", "l", "n"} <= got
    assert "m" not in got                    # a __main__ block never runs on import
    # a package's relative import is relative to itself
    assert "p.q.r.s" in stdlib.imports_in("from .s import t", "p.q.r", True)


def test_a_module_this_python_cannot_parse_is_read_line_by_line():
    src = "x = = 1\nimport json\nfrom .a import (b,\n    c)\n    from os import path  # lazy\n"
    got = stdlib.imports_in(src, "pkg.mod", False)
    assert {"json", "pkg.a", "pkg.a.b", "pkg.a.c", "os", "os.path"} <= got


def test_the_worker_needs_the_service_and_the_bots_but_not_the_cli():
    mods = stdlib.worker_engine_modules()
    assert {"thousand.web.service", "thousand.bots.hard", "thousand.game", "thousand.steps.bidding"} <= mods
    assert "thousand.__main__" not in mods   # the CLI (argparse, the match runner) stays out


@needs_npm
def test_the_trimmed_zip_holds_every_module_its_modules_import(tmp_path):
    """Closed under imports: every stdlib module a kept module may import (statically) is
    kept, and so is everything the worker's engine modules import; the rest is left out."""
    dst = tmp_path / "python_stdlib.zip"
    info = stdlib.trim(NPM_ZIP, dst)
    full = stdlib._modules_in(zipfile.ZipFile(NPM_ZIP).namelist())
    with zipfile.ZipFile(dst) as z:
        assert z.testzip() is None
        kept = stdlib._modules_in(z.namelist())
        for m, entry in kept.items():
            for n in stdlib.imports_in(z.read(entry).decode("utf-8", "replace"), m,
                                       entry.endswith("__init__.py")):
                assert n not in full or n in kept, f"{m} imports {n}, left out"
    for m in stdlib.engine_roots():
        assert m not in full or m in kept, m
    assert set(info["kept"]) == set(kept)
    assert len(kept) < 0.7 * len(full)
    assert dst.stat().st_size < 0.8 * NPM_ZIP.stat().st_size


def test_what_the_build_compiles_is_what_the_worker_imports():
    """Issue 42.3: scripts/precompile.py compiles stdlib.WORKER_IMPORTS; the worker imports
    the service and, for its snapshot, PRELOAD (web/engine-worker.mjs) — one list, or a
    module the worker imports would be compiled on the phone again."""
    import re
    worker = (ROOT / "web" / "engine-worker.mjs").read_text(encoding="utf-8")
    preload = re.search(r'const PRELOAD = "import ([^"]+)";', worker).group(1)
    assert {"thousand.web.service", *preload.split(", ")} == set(stdlib.WORKER_IMPORTS)
    assert 'py.pyimport("thousand.web.service")' in worker


def test_modules_in_names_compiled_entries_as_modules():
    names = ["bisect.pyc", "json/__init__.pyc", "json/decoder.py", "email/", "README.txt"]
    assert stdlib._modules_in(names) == {"bisect": "bisect.pyc", "json": "json/__init__.pyc",
                                         "json.decoder": "json/decoder.py"}


def test_the_wheel_keeps_what_the_worker_may_import_and_drops_the_table_side(tmp_path):
    """Each byte once: the table's MicroPython modules come to the page as files of their
    own, so the worker's wheel leaves them out (and the command line), RECORD included;
    whatever a worker module imports, even lazily, stays."""
    wheel = tmp_path / "thousand-0.1.0-py3-none-any.whl"
    package = ROOT / "py" / "thousand"
    sources = {p.relative_to(package.parent).as_posix(): p.read_bytes()
               for p in sorted(package.rglob("*.py"))}
    record = "".join(f"{n},sha256=x,{len(b)}\n" for n, b in sources.items())
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in sources.items():
            z.writestr(name, data)
        z.writestr("thousand/web/l10n/messages.pot", "msgid \"\"\n")
        z.writestr("thousand-0.1.0.dist-info/RECORD", record + "thousand-0.1.0.dist-info/RECORD,,\n")
    dropped = stdlib.trim_wheel(wheel)
    with zipfile.ZipFile(wheel) as z:
        assert z.testzip() is None
        names = set(z.namelist())
        rec = z.read("thousand-0.1.0.dist-info/RECORD").decode()
    shipped = set(stdlib.wheel_modules(names))
    assert shipped == stdlib.worker_engine_modules()
    assert {"thousand.web.page", "thousand.web.render_table", "thousand.web.controller",
            "thousand.__main__"} <= set(dropped)
    # the worker's own (the service, what it imports lazily, what both sides share) stay
    assert {"thousand.web.service", "thousand.web.budget", "thousand.web.botbench",
            "thousand.challenge", "thousand.bots.review"} <= shipped
    assert not set(dropped) & shipped
    assert "thousand/web/l10n/messages.pot" in names          # not a module: left as it is
    for name in sources:
        assert (f"\n{name}," in "\n" + rec) == (name in names), name
    # what is dropped is what no module the worker may import names
    mods = stdlib.engine_modules()
    for m in stdlib.worker_engine_modules():
        src, is_pkg = mods[m]
        assert not stdlib.imports_in(src, m, is_pkg) & set(dropped), m
