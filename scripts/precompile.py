"""Compiles, at build time, what the engine's worker imports when it starts, so that a first
visit does not compile it in the phone's browser (issue 42.3).

Run by ``scripts/precompile.mjs`` inside Pyodide's own Python under Node — the interpreter
the worker runs, so the bytecode's magic number is always that worker's — with the build's
trimmed ``python_stdlib.zip`` as its standard library and the engine's wheel installed, it
imports what the worker imports (the service, and what its memory snapshot preloads), asks
the service the table's first requests (they import more: the wheel's metadata, email ...),
and rewrites:

* the stdlib zip: each module that was imported becomes a sourceless ``.pyc`` (unchecked
  hash-based: nothing to compare with); the others stay ``.py``, compiled when first
  imported;
* the wheel: each engine module that was imported gets its ``__pycache__/NAME.TAG.pyc`` (unchecked hash-based
  too, so it is used whatever the file times after unpacking; the sources stay for
  tracebacks).

Both zips are written uncompressed (ZIP_STORED): the server's brotli compresses their
contents far better than zip's deflate (the trimmed stdlib: 1.14 MB sent as .py stored
against 1.60 MB deflated).  Measured: Pyodide's start under Node 2.0 s -> 0.6 s with the
imported stdlib compiled.
"""
import importlib
import importlib._bootstrap_external as bootstrap
import importlib.util
import io
import json
import sys
import zipfile


def pyc(source: bytes, filename: str) -> bytes:
    code = compile(source, filename, "exec", dont_inherit=True)
    return bytes(bootstrap._code_to_hash_pyc(code, b"\0" * 8, checked=False))


def imported_from(prefix: str) -> set:
    """The files under `prefix` (a zip on sys.path, or site-packages) of the modules imported
    now, relative to it."""
    found = set()
    for mod in list(sys.modules.values()):
        origin = getattr(getattr(mod, "__spec__", None), "origin", None) or ""
        if origin.startswith(prefix):
            found.add(origin[len(prefix):])
    return found


def stored(items) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as z:
        for info, data in items:
            if info.is_dir():
                z.writestr(info, data, compress_type=zipfile.ZIP_STORED)
            else:
                z.writestr(zipfile.ZipInfo(info.filename, date_time=info.date_time), data)
    return out.getvalue()


def stdlib_items(zip_bytes: bytes, compiled: set):
    with zipfile.ZipFile(io.BytesIO(zip_bytes)) as z:
        for info in z.infolist():
            data = z.read(info)
            if info.filename in compiled:
                info = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
                data = pyc(data, info.filename[:-1])
            yield info, data


def wheel_items(wheel_bytes: bytes, compiled: set):
    with zipfile.ZipFile(io.BytesIO(wheel_bytes)) as z:
        for info in z.infolist():
            data = z.read(info)
            yield info, data
            if info.filename in compiled:
                cached = importlib.util.cache_from_source(info.filename)
                yield zipfile.ZipInfo(cached, date_time=info.date_time), pyc(data, info.filename)


def main(stdlib_path: str, stdlib_zip_in_fs: str, wheel_path: str, site: str, imports: list,
         requests: list = ()) -> str:
    """Import `imports` and pass `requests` to the service (what the table asks first), then
    rewrite the stdlib zip (read from `stdlib_path`, which is mounted at `stdlib_zip_in_fs`
    on sys.path) and the wheel (`wheel_path`, unpacked into `site`) in place; returns a JSON
    summary."""
    for name in imports:
        importlib.import_module(name)
    if requests:
        service = importlib.import_module("thousand.web.service")
        for request in requests:
            reply = json.loads(service.handle(request))
            if reply.get("ok") is False:
                raise RuntimeError(f"the service refused {request}: {reply}")
        service.reset()
    from_zip = imported_from(stdlib_zip_in_fs + "/")
    engine = imported_from(site + "/")
    with open(stdlib_path, "rb") as f:
        stdlib_bytes = f.read()
    with open(wheel_path, "rb") as f:
        wheel_bytes = f.read()
    new_stdlib = stored(stdlib_items(stdlib_bytes, from_zip))
    new_wheel = stored(wheel_items(wheel_bytes, engine))
    with open(stdlib_path, "wb") as f:
        f.write(new_stdlib)
    with open(wheel_path, "wb") as f:
        f.write(new_wheel)
    return json.dumps({"stdlib_compiled": sorted(from_zip), "engine_imported": sorted(engine),
                       "stdlib_bytes": [len(stdlib_bytes), len(new_stdlib)],
                       "wheel_bytes": [len(wheel_bytes), len(new_wheel)],
                       "magic": importlib.util.MAGIC_NUMBER.hex()})
