"""A phone's first visit downloads each file of the site once (issue 42): the service worker's
precache takes what the page has just fetched from the HTTP cache, checked against the
build's sha256 (`integrity`), and fetches from the network only what the page did not load
or what does not match.  An update still brings the new bytes."""
from __future__ import annotations

import json
import shutil
import types
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e


def _installed(page) -> None:
    """Wait for the state "the service worker is installed and controls the page"."""
    assert page.evaluate("navigator.serviceWorker.ready.then(r => !!r.active)")
    page.wait_for_function("!!navigator.serviceWorker.controller", timeout=90_000)


def _precached(page, other_than: str | None = None) -> dict:
    """{path: sha256 hex of the cached bytes} of the service worker's cache (the one that is
    not version `other_than`'s, when given)."""
    return page.evaluate("""async (old) => {
        const keys = await caches.keys();
        const c = await caches.open(keys.find(k => k.startsWith('thousand-') && k !== 'thousand-' + old));
        const out = {};
        for (const req of await c.keys()) {
            const buf = await (await c.match(req)).arrayBuffer();
            const h = await crypto.subtle.digest('SHA-256', buf);
            out[new URL(req.url).pathname] = [...new Uint8Array(h)].map(
                b => b.toString(16).padStart(2, '0')).join('');
        }
        return out; }""", other_than)


@pytest.fixture
def counting(site_dir, tmp_path):
    """A copy of the built site served by a counting server (a test may change its files)."""
    d = tmp_path / "site"
    shutil.copytree(site_dir, d)
    servers = []

    def start(directory=d):
        import serve
        httpd, url, traffic = serve.counting_server_in_thread(directory)
        servers.append(httpd)
        return types.SimpleNamespace(url=url, counts=traffic.requests)
    yield d, start
    for httpd in servers:
        httpd.shutdown()
        httpd.server_close()


@pytest.mark.parametrize("address", ["#seed=3", "?seed=3"])
def test_a_first_visit_downloads_each_file_once_and_precaches_every_file(counting, page, open_table,
                                                                         address):
    """Also by a link with a query (the page reads its rules and seed from either): the HTTP
    cache holds the page under that address, not under the "./" the precache lists."""
    d, start = counting
    srv = start()
    open_table(page, srv.url + address)
    _installed(page)
    manifest = json.loads((d / "precache-manifest.json").read_text())
    cached = _precached(page)
    # every file of the build is in the cache, with the build's bytes
    import hashlib
    path = {rel: "/" if rel == "index.html" else "/" + rel for rel in manifest["files"]}
    for rel in manifest["files"]:
        want = hashlib.sha256((d / rel).read_bytes()).hexdigest()
        assert cached.get(path[rel]) == want, rel
    # the tab's icon is fetched by the browser's own favicon loader, which does not leave it
    # in the HTTP cache the precache reads (a 1 KB file): the one path allowed twice
    favicon = {p for p in srv.counts if "/icons/favicon" in p}
    twice = {p: n for p, n in srv.counts.items() if n > 1 and p not in favicon}
    assert not twice, f"downloaded more than once on a first visit: {twice}"
    for rel in manifest["files"]:
        want = (1, 2) if path[rel] in favicon else (1,)
        assert srv.counts[path[rel]] in want, rel     # the page's or the precache's fetch
    big = [rel for rel in manifest["files"] if rel.endswith((".wasm", ".zip", ".whl"))]
    assert len(big) >= 4, big


def test_an_update_still_brings_the_new_bytes(counting, page, open_table):
    """A new build (one file changed) installs a new service worker whose cache holds the
    new bytes, although the HTTP cache still has the old ones (integrity mismatch: reload)."""
    d, start = counting
    srv = start()
    open_table(page, srv.url + "#seed=3")
    _installed(page)
    css = d / "web" / "style.css"
    for twin in (".br", ".gz"):
        Path(str(css) + twin).unlink(missing_ok=True)
    css.write_text(css.read_text() + "\n/* the next build */\n")
    import hashlib
    new = hashlib.sha256(css.read_bytes()).hexdigest()
    rebuild_manifest(d)
    old_version = page.evaluate("""() => new Promise(res => { navigator.serviceWorker.addEventListener(
        'message', e => e.data && e.data.type === 'version' && res(e.data.version), {once: true});
        navigator.serviceWorker.controller.postMessage({type: 'version'}); })""")
    # the new worker installed (its precache done) and waiting: a state, polled in the page
    assert page.evaluate("""async () => {
        const r = await navigator.serviceWorker.getRegistration();
        await r.update();
        for (let i = 0; i < 900 && !r.waiting; i++) await new Promise(res => setTimeout(res, 100));
        return !!r.waiting; }""")
    got = _precached(page, other_than=old_version).get("/web/style.css")
    assert got == new


def rebuild_manifest(d: Path) -> None:
    """What scripts/build.py does after the files are in place: a new precache list and
    service worker for the changed folder (its hashes and version)."""
    import build
    build.write_service_worker(d)


def test_a_built_site_references_only_versioned_folders(site_dir):
    """Every reference the built pages and scripts make to Pyodide, MicroPython or the
    engine names the hashed folder, and each precached file carries its sha256."""
    import base64
    import hashlib
    import json
    import re
    manifest = json.loads((site_dir / "precache-manifest.json").read_text())
    for p in list(site_dir.glob("*.html")) + list((site_dir / "web").glob("*.*js")):
        text = p.read_text(encoding="utf-8")
        assert not re.search(r"\.\.?/(pyodide|micropython|engine)/", text), p.name
    folders = {p.name.rsplit("-", 1)[0] for p in site_dir.iterdir()
               if p.is_dir() and re.fullmatch(r"\w+-[0-9a-f]{12}", p.name)}
    assert folders == {"pyodide", "micropython", "engine"}
    for url, sri in manifest["integrity"].items():
        rel = "index.html" if url == "./" else url[2:]
        digest = base64.b64encode(hashlib.sha256((site_dir / rel).read_bytes()).digest()).decode()
        assert sri == "sha256-" + digest, url


def _engine_worker(page):
    """The engine's worker (web/engine-worker.mjs), once its Python answers."""
    page.wait_for_function("document.documentElement.dataset.engineStage === 'ready'", timeout=90_000)
    workers = [w for w in page.workers if "engine-worker" in w.url]
    assert len(workers) == 1, [w.url for w in page.workers]
    return workers[0]


def test_the_worker_imports_everything_it_may_from_the_trimmed_stdlib(page, site_url, open_table, site_dir):
    """Issue 42.2: each engine module the worker may import (the service, the bots, and every
    engine module they name, lazy imports included) and each stdlib module they name imports
    from the stdlib the build ships — which is the trimmed one."""
    import zipfile
    import stdlib
    zips = list(site_dir.glob("pyodide-*/python_stdlib.zip"))
    assert len(zips) == 1
    full = stdlib._modules_in(zipfile.ZipFile(stdlib.ROOT / "node_modules" / "pyodide" / "python_stdlib.zip").namelist())
    shipped = stdlib._modules_in(zipfile.ZipFile(zips[0]).namelist())
    assert len(shipped) < 0.7 * len(full)
    wanted = sorted(stdlib.worker_engine_modules()) + sorted(
        m for m in stdlib.engine_roots() if m in full)
    # and the wheel holds those engine modules and no other (the table's side comes as files)
    wheels = list(site_dir.glob("engine-*/*.whl"))
    assert len(wheels) == 1
    in_wheel = set(stdlib.wheel_modules(zipfile.ZipFile(wheels[0]).namelist()))
    assert in_wheel == stdlib.worker_engine_modules()
    open_table(page, site_url + "#seed=5")
    worker = _engine_worker(page)
    failed = worker.evaluate("""(mods) => self.thousandPy.runPython(`
import importlib, json
bad = []
for m in ${JSON.stringify(mods)}:
    try:
        importlib.import_module(m)
    except Exception as e:
        bad.append(m + ': ' + repr(e))
json.dumps(bad)`)""", wanted)
    assert json.loads(failed) == []
    assert len(wanted) > 40


def test_the_worker_compiles_nothing_it_imports_on_a_first_visit(page, site_url, open_table):
    """Issue 42.3: what the worker imports to start (Python's own modules, the service, the
    bots of the first deal) is bytecode compiled at build time (scripts/precompile.py) — a
    stdlib module comes from a .pyc in python_stdlib.zip and an engine module from its
    unchecked hash-based __pycache__ file of the wheel, never compiled in the phone's
    browser (which was ~2 s of the first visit's start)."""
    open_table(page, site_url + "#seed=5")
    worker = _engine_worker(page)
    found = json.loads(worker.evaluate("""() => self.thousandPy.runPython(`
import importlib.util, json, sys
zip_ = [p for p in sys.path if p.endswith('.zip')][0] + '/'
site = [p for p in sys.path if p.endswith('site-packages')][0] + '/thousand/'
stdlib, engine = {}, {}
for name, mod in list(sys.modules.items()):
    origin = getattr(getattr(mod, '__spec__', None), 'origin', None) or ''
    if origin.startswith(zip_):
        stdlib[name] = origin[len(zip_):]
    elif origin.startswith(site):
        try:
            with open(importlib.util.cache_from_source(origin), 'rb') as f:
                head = f.read(8)
            engine[name] = [head[:4].hex(), int.from_bytes(head[4:8], 'little')]
        except OSError:
            engine[name] = None
json.dumps({'stdlib': stdlib, 'engine': engine,
            'magic': importlib.util.MAGIC_NUMBER.hex()})`)""", None))
    assert len(found["stdlib"]) > 50 and len(found["engine"]) > 20, found
    from_source = sorted(m for m, f in found["stdlib"].items() if not f.endswith(".pyc"))
    assert from_source == [], from_source
    # flags 0b01: hash-based and unchecked (0 would be a timestamp pyc written here, at run time)
    assert {m: h for m, h in found["engine"].items() if h != [found["magic"], 1]} == {}


def test_a_module_missing_from_the_stdlib_is_named_on_the_error_page(page, site_url, site_dir):
    """A build whose trimmed stdlib lacks a module the engine imports says which module, in
    both languages, with a reload button — not a bare traceback or a spinner."""
    import io
    import zipfile
    src = next(site_dir.glob("pyodide-*/python_stdlib.zip"))
    out = io.BytesIO()
    with zipfile.ZipFile(src) as z, zipfile.ZipFile(out, "w") as w:
        for info in z.infolist():
            if info.filename not in ("bisect.py", "bisect.pyc"):
                w.writestr(info, z.read(info), compress_type=info.compress_type)
    body = out.getvalue()
    page.route("**/python_stdlib.zip", lambda route: route.fulfill(
        status=200, body=body, content_type="application/zip"))
    page.goto(site_url)
    page.wait_for_selector("#load-error:not([hidden])", timeout=90_000)
    text = page.inner_text("#load-error-text")
    assert text.startswith("engine: Python module 'bisect' is missing"), text[:300]
    assert "В сборке нет модуля Python 'bisect'" in text
    assert page.locator("#load-error-reload").is_visible()
