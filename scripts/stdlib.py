"""The engine's worker needs only part of Python's standard library: the build ships a
trimmed ``python_stdlib.zip`` (issue 42: less to download on a phone's first visit).

What is kept is worked out from the sources, not guessed: every module that the engine
package imports anywhere (each ``import`` statement of ``py/thousand``, lazy ones inside
functions included), what Pyodide's own Python runs (its ``pyodide`` and ``_pyodide``
packages, the modules its JavaScript imports, the interpreter's start), and, transitively,
every module those import, read from the stdlib zip's own sources.  Statically seen imports
are a superset of what runs (an ``import`` in a branch never taken is kept too); what a
static reading cannot see — a name computed at run time, like a codec looked up by its
name — is listed in ``DYNAMIC``.

    python3 scripts/stdlib.py [--zip node_modules/pyodide/python_stdlib.zip]
        prints what is kept and the sizes (raw and brotli/gzip) before and after

The e2e tests run the whole table on the trimmed zip; tests/e2e/test_first_visit.py also
imports, in the page's worker, every module this keeps for the engine.
"""
from __future__ import annotations

import ast
import io
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "py" / "thousand"

# Imported by names computed at run time, which no import statement shows:
# * the interpreter's start: the codecs of the file system and of text I/O, site;
# * codecs by name (str.encode/bytes.decode, json, the zip importer): the usual ones;
# * sysconfig's data module (its name is built from the platform).
DYNAMIC = (
    "encodings", "encodings.aliases", "encodings.utf_8", "encodings.utf_8_sig",
    "encodings.ascii", "encodings.latin_1", "encodings.cp1252", "encodings.cp437",
    "encodings.utf_16", "encodings.utf_16_le", "encodings.utf_16_be", "encodings.utf_32",
    "encodings.utf_32_le", "encodings.utf_32_be", "encodings.raw_unicode_escape",
    "encodings.unicode_escape", "encodings.charmap", "encodings.idna", "encodings.punycode",
    "site", "sysconfig", "_sysconfigdata__emscripten_wasm32-emscripten",
)
# Pyodide's Python, whole (its JavaScript imports these by name: pyodide.ffi, pyodide.code,
# pyodide._package_loader for unpackArchive, _pyodide._base for runPython ...), and what
# its JavaScript imports besides.
PYODIDE_ROOTS = ("_pyodide", "pyodide", "pyodide._state", "pyodide.webloop", "pyodide.ffi",
                 "pyodide.ffi.wrappers", "pyodide.code", "pyodide._package_loader", "pyodide._core",
                 "pyodide._run_js", "importlib", "functools", "__main__", "builtins")
# What the engine's worker imports of the engine (web/engine-worker.mjs: the service, and
# the bots its snapshot preloads); the engine modules they import follow from their sources.
WORKER_ENTRIES = ("thousand.web.service", "thousand.bots", "thousand.bots.hard")
# What the worker imports when it starts (the service; and, for its snapshot, PRELOAD in
# web/engine-worker.mjs): scripts/precompile.py compiles exactly these at build time.
WORKER_IMPORTS = WORKER_ENTRIES + ("importlib.metadata",)
# ... and the table's first requests, which import more (hello reads the wheel's metadata:
# email, datetime ...).
WORKER_REQUESTS = ('{"op": "hello"}', '{"op": "new", "seed": 1}')


def _modules_in(names) -> dict:
    """{module name: zip entry} of the stdlib zip's .py files — or .pyc, where the build
    compiled a module (scripts/precompile.py) — a package by its __init__."""
    mods = {}
    for n in names:
        if n.endswith(".py"):
            stem = n[:-3]
        elif n.endswith(".pyc"):
            stem = n[:-4]
        else:
            continue
        parts = stem.split("/")
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if parts:
            mods[".".join(parts)] = n
    return mods


def _is_main_guard(node) -> bool:
    """`if __name__ == "__main__":` — a block that never runs when the module is imported."""
    test = getattr(node, "test", None)
    return (isinstance(node, ast.If) and isinstance(test, ast.Compare)
            and isinstance(test.left, ast.Name) and test.left.id == "__name__"
            and len(test.comparators) == 1 and isinstance(test.comparators[0], ast.Constant)
            and test.comparators[0].value == "__main__")


def _walk_imported(tree):
    """ast.walk, without the bodies of `if __name__ == "__main__":` blocks."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        if _is_main_guard(node):
            todo.extend(node.orelse)
            continue
        todo.extend(ast.iter_child_nodes(node))


def _import_lines(source: str):
    """The import statements of a module this Python cannot parse, as parseable lines
    (indentation dropped; a parenthesised name list joined into one line)."""
    lines = source.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        i += 1
        if not line.startswith(("import ", "from ")) or line.startswith("from __future__"):
            continue
        stmt = line.split("#", 1)[0].strip()
        if stmt.endswith("(") or ("(" in stmt and ")" not in stmt):
            while i < len(lines) and ")" not in stmt:
                stmt += " " + lines[i].split("#", 1)[0].strip()
                i += 1
        stmt = stmt.rstrip("\\").strip()
        try:
            ast.parse(stmt)
        except SyntaxError:
            continue
        yield stmt


def imports_in(source: str, module: str, is_package: bool) -> set[str]:
    """Every module an `import` statement of `source` (the module `module`) may load:
    ``import a.b`` -> a, a.b; ``from a import b`` -> a, a.b (b may be a submodule); relative
    imports resolved against `module`."""
    found = set()
    package = module if is_package else module.rpartition(".")[0]

    def add(name: str):
        parts = name.split(".")
        for i in range(1, len(parts) + 1):
            found.add(".".join(parts[:i]))

    try:
        tree = ast.parse(source)
    except SyntaxError:
        # Pyodide's stdlib may be newer than the Python running the build (syntax this one
        # cannot parse): read its import statements line by line instead (a superset too)
        tree = ast.parse("\n".join(_import_lines(source)))

    for node in _walk_imported(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                add(a.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".") if package else []
                base = base[:len(base) - (node.level - 1)] if node.level > 1 else base
                prefix = ".".join(base + ([node.module] if node.module else []))
            else:
                prefix = node.module or ""
            if not prefix:
                continue
            add(prefix)
            for a in node.names:
                if a.name != "*":
                    found.add(prefix + "." + a.name)
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) \
                in ("import_module", "__import__") and node.args \
                and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
            add(node.args[0].value)
    return found


def engine_modules(package: Path = PACKAGE) -> dict:
    """{module name: (source, is_package)} of the engine package's sources."""
    mods = {}
    for p in sorted(package.rglob("*.py")):
        parts = list(p.relative_to(package.parent).with_suffix("").parts)
        is_pkg = parts[-1] == "__init__"
        mods[".".join(parts[:-1] if is_pkg else parts)] = (p.read_text(encoding="utf-8"), is_pkg)
    return mods


def worker_engine_modules(package: Path = PACKAGE, mods: dict | None = None) -> set[str]:
    """The engine's modules the worker may import: WORKER_ENTRIES and, transitively, every
    engine module their import statements name (lazy ones included).  `mods`: the package's
    engine_modules, if read already."""
    mods = mods if mods is not None else engine_modules(package)
    seen, todo = set(), list(WORKER_ENTRIES)
    while todo:
        m = todo.pop()
        if m in seen or m not in mods:
            continue
        seen.add(m)
        if "." in m:
            todo.append(m.rpartition(".")[0])
        src, is_pkg = mods[m]
        todo.extend(n for n in imports_in(src, m, is_pkg) if n.split(".")[0] == "thousand")
    return seen


def engine_roots(package: Path = PACKAGE) -> set[str]:
    """The modules outside the engine that the worker's engine modules import."""
    mods = engine_modules(package)
    roots = set()
    for m in worker_engine_modules(package, mods):
        src, is_pkg = mods[m]
        roots.update(n for n in imports_in(src, m, is_pkg) if n.split(".")[0] != "thousand")
    return roots


def closure(zf: zipfile.ZipFile, roots) -> set[str]:
    """The stdlib modules in `zf` that `roots` need, transitively (with their packages)."""
    mods = _modules_in(zf.namelist())
    keep, todo = set(), list(roots)
    for name in list(mods):                       # the whole of _pyodide (its start)
        if name.split(".")[0] == "_pyodide":
            todo.append(name)
    while todo:
        m = todo.pop()
        if m in keep or m not in mods:
            continue                              # a builtin (C) module, or not in the zip
        keep.add(m)
        if "." in m:
            todo.append(m.rpartition(".")[0])     # its package's __init__
        entry = mods[m]
        src = zf.read(entry).decode("utf-8", "replace")
        todo.extend(imports_in(src, m, entry.endswith("__init__.py")))
    return keep


def kept_roots(package: Path = PACKAGE) -> set[str]:
    return engine_roots(package) | set(DYNAMIC) | set(PYODIDE_ROOTS)


def trim(src: Path, dst: Path, package: Path = PACKAGE) -> dict:
    """Write the trimmed copy of the stdlib zip `src` to `dst`: the entries of the modules
    `closure` keeps (and the directories above them), in the original order, compressed the
    same way.  Returns {"kept": sorted module names, "engine": the engine's own roots found
    in the zip, "entries": (before, after)}."""
    with zipfile.ZipFile(src) as zf:
        mods = _modules_in(zf.namelist())
        keep = closure(zf, kept_roots(package))
        entries = {mods[m] for m in keep}
        dirs = set()
        for e in entries:
            parts = e.split("/")[:-1]
            for i in range(1, len(parts) + 1):
                dirs.add("/".join(parts[:i]) + "/")
        infos = zf.infolist()
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w") as z:
            for info in infos:
                if info.filename in entries or info.filename in dirs:
                    z.writestr(info, zf.read(info), compress_type=info.compress_type)
    dst.write_bytes(out.getvalue())
    engine = sorted(m for m in engine_roots(package) if m in mods)
    return {"kept": sorted(keep), "engine": engine, "entries": (len(infos), len(entries) + len(dirs))}


def wheel_modules(names) -> dict:
    """{engine module: its source entry} of a wheel's entries (``_modules_in``, its .py
    files only: a wheel's __pycache__ files are not modules of their own)."""
    return {m: n for m, n in _modules_in(names).items()
            if n.endswith(".py") and m.split(".")[0] == "thousand"}


def trim_wheel(wheel: Path, package: Path = PACKAGE) -> list[str]:
    """Rewrite the engine's wheel without the modules the worker never imports (the table's
    MicroPython side, which the page downloads as files of its own, and the command line:
    everything outside ``worker_engine_modules``), their lines gone from the RECORD too.
    Returns the modules left out."""
    keep = worker_engine_modules(package)
    with zipfile.ZipFile(wheel) as zf:
        infos = zf.infolist()
        dropped = {n: m for m, n in wheel_modules(zf.namelist()).items() if m not in keep}
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w") as z:
            for info in infos:
                if info.filename in dropped:
                    continue
                data = zf.read(info)
                if info.filename.endswith(".dist-info/RECORD"):
                    data = b"".join(line for line in data.splitlines(keepends=True)
                                    if line.split(b",", 1)[0].decode() not in dropped)
                z.writestr(info, data, compress_type=info.compress_type)
    wheel.write_bytes(out.getvalue())
    return sorted(dropped.values())


def main(argv=None) -> int:
    import argparse
    import gzip
    import tempfile
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--zip", default=str(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"))
    args = ap.parse_args(argv)
    src = Path(args.zip)
    with tempfile.TemporaryDirectory() as tmp:
        dst = Path(tmp) / "python_stdlib.zip"
        info = trim(src, dst)
        print("kept:", " ".join(info["kept"]))
        print("the engine imports:", " ".join(info["engine"]))
        try:
            import brotli
        except ImportError:
            brotli = None
        for name, p in (("full", src), ("trimmed", dst)):
            b = p.read_bytes()
            br = len(brotli.compress(b, quality=11)) if brotli else None
            print(f"{name:8} {len(b):>9,} bytes raw  {len(gzip.compress(b, 9)):>9,} gzip"
                  + (f"  {br:>9,} brotli" if br else ""))
        print("zip entries: %d -> %d, modules kept: %d" % (*info["entries"], len(info["kept"])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
