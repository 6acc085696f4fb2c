#!/usr/bin/env python3
"""Build the static, offline web table into ``site/`` (stdlib only).

    python3 scripts/build.py [--out site]

Layout of the result (everything same-origin, nothing fetched from elsewhere):

    index.html, service-worker.js, precache-manifest.json
    web/        style.css, manifest.webmanifest, boot.js, main.py, bots_worker.py, icons/*.png
    pyodide/    pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm, python_stdlib.zip, pyodide-lock.json
    pyscript/   @pyscript/core's dist/ (without source maps)
    thousand.zip  the engine package (py/thousand), unpacked by PyScript's ``files`` config

The engine ships as a zip unpacked by PyScript's ``files`` config rather than a wheel installed
by micropip: no micropip download, no lock patching, one fewer round trip (see the figures in
scripts/bench_web.py's output).  The service worker gets the list of files with content hashes
and a cache name derived from them, so any change to any file makes a new service worker.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import icons  # noqa: E402  (scripts/icons.py)

PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json"]
# Files that are built but not precached (never needed at run time).
NO_PRECACHE = {"precache-manifest.json"}
ZIP_DATE = (2020, 1, 1, 0, 0, 0)  # fixed timestamps: same sources -> same zip -> same hash


def die(msg: str) -> None:
    print(f"build: {msg}", file=sys.stderr)
    sys.exit(1)


def copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def engine_zip(dst: Path) -> int:
    """Zip py/thousand (sources only) with fixed timestamps; returns the number of files."""
    src = ROOT / "py" / "thousand"
    files = sorted(p for p in src.rglob("*")
                   if p.is_file() and "__pycache__" not in p.parts
                   and p.suffix in {".py", ".json", ".txt"})
    dst.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for p in files:
            info = zipfile.ZipInfo(str(p.relative_to(ROOT / "py")), ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, p.read_bytes())
    return len(files)


def build(out: Path) -> dict:
    nm = ROOT / "node_modules"
    pyodide_dir = nm / "pyodide"
    pyscript_dist = nm / "@pyscript" / "core" / "dist"
    if not (pyodide_dir / "pyodide.mjs").exists() or not (pyscript_dist / "core.js").exists():
        die("node_modules is missing pyodide or @pyscript/core: run `npm ci` first")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)

    for name in PYODIDE_FILES:
        copy(pyodide_dir / name, out / "pyodide" / name)
    for p in sorted(pyscript_dist.iterdir()):
        if p.is_file() and not p.name.endswith(".map"):
            copy(p, out / "pyscript" / p.name)

    web = ROOT / "web"
    for p in sorted(web.rglob("*")):
        if p.is_file() and "__pycache__" not in p.parts:
            copy(p, out / "web" / p.relative_to(web))
    icons.write_all(out / "web" / "icons")
    engine_zip(out / "thousand.zip")
    copy(ROOT / "index.html", out / "index.html")

    # Precache list: every built file with its content hash.
    entries = []
    for p in sorted(out.rglob("*")):
        rel = p.relative_to(out).as_posix()
        if p.is_file() and rel not in NO_PRECACHE and rel != "service-worker.js":
            entries.append([rel, hashlib.sha256(p.read_bytes()).hexdigest()[:16]])
    sw_src = (ROOT / "service-worker.js").read_text(encoding="utf-8")
    version = hashlib.sha256(json.dumps([entries, sw_src]).encode()).hexdigest()[:12]
    urls = ["./"] + ["./" + rel for rel, _ in entries]
    sw = (sw_src.replace("__VERSION__", version)
                .replace("__PRECACHE__", json.dumps(urls, indent=1)))
    (out / "service-worker.js").write_text(sw, encoding="utf-8")
    manifest = {"version": version, "files": {rel: h for rel, h in entries}}
    (out / "precache-manifest.json").write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    # The page shows the build version (and the tests read it).
    index = (out / "index.html").read_text(encoding="utf-8").replace("__VERSION__", version)
    (out / "index.html").write_text(index, encoding="utf-8")
    return manifest


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=str(ROOT / "site"), help="output folder (default: site/)")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    out = Path(args.out).resolve()
    manifest = build(out)
    if not args.quiet:
        size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
        print(f"build: {out} version {manifest['version']}, {len(manifest['files'])} files, "
              f"{size / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
