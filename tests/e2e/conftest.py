"""Playwright (Python) harness for the web table.

* The site is built once per session into build/e2e-site (or taken from THOUSAND_E2E_SITE,
  a prebuilt folder) and served on a free localhost port from a thread.
* Chromium is Debian's /usr/bin/chromium (THOUSAND_CHROMIUM overrides), headless, with the
  flags that stop it from calling home.  `playwright install` is never needed.
* Every browser context is watched: a request to any origin other than localhost fails the
  test (the game must never fetch from another origin).

Needs: apt chromium; pip playwright==1.65.2 pytest-playwright==0.10.0; npm ci (node_modules
for the build).  Tests are marked ``e2e``.
"""
from __future__ import annotations

import os
import sys
import threading
from pathlib import Path
from urllib.parse import urlparse

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

try:
    import playwright  # noqa: F401
    import pytest_playwright  # noqa: F401
except ImportError:  # e2e deps not installed: skip collecting these tests (never in CI)
    if os.environ.get("CI"):
        raise
    collect_ignore_glob = ["test_*.py"]

CHROMIUM = os.environ.get("THOUSAND_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
LOCAL_HOSTS = {"localhost", "127.0.0.1", "::1", "[::1]"}
READY = "html[data-ready=true]"


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "tests/e2e" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.e2e)


# --- the site -------------------------------------------------------------------------------
# Brotli quality of the tests' build: the page gets the same bytes after decoding, and a fresh
# machine builds in seconds instead of the 50 s that quality 11 takes (scripts/build.py).
E2E_BROTLI_QUALITY = 5


@pytest.fixture(scope="session")
def site_dir(request) -> Path:
    """The built site: one build per test run, shared by pytest-xdist's workers (the first to
    take the lock builds, the others find the run's stamp beside it and use that build)."""
    prebuilt = os.environ.get("THOUSAND_E2E_SITE")
    if prebuilt:
        d = Path(prebuilt).resolve()
        assert (d / "index.html").exists(), f"THOUSAND_E2E_SITE={d} has no index.html"
        return d
    from serve import build_site
    out = ROOT / "build" / "e2e-site"
    run = getattr(request.config, "workerinput", {}).get("testrunuid")
    if run is None:                              # one process: nobody to share with
        return build_site(out, brotli_quality=E2E_BROTLI_QUALITY)
    import fcntl
    out.parent.mkdir(parents=True, exist_ok=True)
    stamp = out.parent / "e2e-site.run"
    with open(out.parent / "e2e-site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)         # released when the file is closed
        if not (stamp.exists() and stamp.read_text() == run and (out / "index.html").exists()):
            stamp.unlink(missing_ok=True)
            build_site(out, brotli_quality=E2E_BROTLI_QUALITY)
            stamp.write_text(run)
    return out


class Server:
    """The built site on a free localhost port, in a thread; stop() takes it off the air."""

    def __init__(self, directory: Path):
        from serve import make_server
        self.httpd = make_server(directory, 0, quiet=True)
        self.port = self.httpd.server_address[1]
        self.url = f"http://localhost:{self.port}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        if self.httpd is not None:
            self.httpd.shutdown()
            self.httpd.server_close()
            self.httpd = None


@pytest.fixture(scope="session")
def server(site_dir):
    s = Server(site_dir)
    yield s
    s.stop()


@pytest.fixture(scope="session")
def site_url(server) -> str:
    return server.url


@pytest.fixture
def own_server(site_dir):
    """A server for one test only (e.g. to stop it and check the offline mode)."""
    s = Server(site_dir)
    yield s
    s.stop()


@pytest.fixture
def serve_dir():
    """serve_dir(path) -> Server for a folder of its own (stopped after the test)."""
    servers = []

    def start(directory: Path) -> Server:
        s = Server(directory)
        servers.append(s)
        return s
    yield start
    for s in servers:
        s.stop()


# --- the browser ----------------------------------------------------------------------------
@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} missing: apt-get install -y chromium (or set THOUSAND_CHROMIUM)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "headless": True,
            "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 1280, "height": 800},
            "locale": "ru-RU"}


@pytest.fixture
def foreign_requests():
    """Requests to another origin seen in this test; any of them fails the test."""
    seen: list[str] = []
    yield seen
    assert not seen, f"requests to another origin: {seen}"


def watch_origins(ctx, seen: list) -> None:
    def on_request(req):
        u = urlparse(req.url)
        if u.scheme in ("data", "blob", "about", "chrome-extension"):
            return
        if u.hostname not in LOCAL_HOSTS:
            seen.append(req.url)
    ctx.on("request", on_request)


def memory_note() -> str:
    try:
        info = dict(line.split(":", 1) for line in Path("/proc/meminfo").read_text().splitlines())
        return f"MemAvailable {info['MemAvailable'].strip()}, load {os.getloadavg()[0]:.1f}"
    except (OSError, KeyError, ValueError):
        return ""


@pytest.fixture
def renderer_crashes():
    """Renderer crashes seen in this test (none are retried: a crash fails the test and says
    when it happened and how much memory the machine had)."""
    seen: list[str] = []
    yield seen
    assert not seen, f"the renderer crashed: {seen}"


@pytest.fixture
def new_context(new_context, foreign_requests, renderer_crashes):
    """pytest-playwright's factory, with every context watched for foreign requests and
    renderer crashes."""
    def factory(**kwargs):
        ctx = new_context(**kwargs)
        watch_origins(ctx, foreign_requests)
        ctx.on("page", lambda page: page.on(
            "crash", lambda p: renderer_crashes.append(f"{p.url} ({memory_note()})")))
        return ctx
    return factory


def goto_table(page, url: str, timeout: float = 90_000):
    """Go to url and wait until Python has drawn the table."""
    page.goto(url)
    page.wait_for_selector(READY, timeout=timeout, state="attached")
    return page


@pytest.fixture
def open_table():
    """open_table(page, url) -> page, once the table is drawn."""
    return goto_table
