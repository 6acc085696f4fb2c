#!/usr/bin/env python3
"""Serve the built site/ on localhost (stdlib only).

    python3 scripts/serve.py [--port 8000] [--dir site] [--build]

Correct types for .mjs/.wasm/.webmanifest; ``Cache-Control: immutable`` for the build's
versioned folders (pyodide-HASH/, micropython-HASH/, engine-HASH/: new bytes get a new
address) and ``no-cache`` for the rest (the HTTP cache must not hide a new build; the service
worker does the offline caching, taking the page's own downloads from the HTTP cache).  A file with a
precompressed FILE.br / FILE.gz next to it (scripts/build.py makes them) is sent compressed
to a browser that accepts it (``Content-Encoding``, ``Vary: Accept-Encoding``), unless the
twin is older than the file.  If the port
is taken a free one is used.  Prints the URL on the first line of output.
"""
from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

TYPES = {
    ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
    ".json": "application/json", ".webmanifest": "application/manifest+json",
    ".py": "text/plain; charset=utf-8", ".zip": "application/zip", ".css": "text/css",
    ".html": "text/html; charset=utf-8", ".png": "image/png", ".whl": "application/zip",
    ".svg": "image/svg+xml",
}


def build_site(out: Path, quiet: bool = True, brotli_quality: int | None = None) -> Path:
    """Run scripts/build.py into `out` (the benchmarks, screenshots and e2e tests use this)."""
    cmd = [sys.executable, str(ROOT / "scripts" / "build.py"), "--out", str(out)]
    if brotli_quality is not None:
        cmd += ["--brotli-quality", str(brotli_quality)]
    subprocess.run(cmd + (["-q"] if quiet else []), check=True)
    return out


def serve_in_thread(directory: Path, handler=None):
    """Serve `directory` on a free localhost port from a daemon thread: (server, url).
    `handler`: a subclass of Handler to serve with (counting_server_in_thread)."""
    import threading
    httpd = make_server(directory, 0, quiet=True, handler=handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://localhost:{httpd.server_address[1]}/"


ENCODINGS = (("br", ".br"), ("gzip", ".gz"))
# The folders scripts/build.py names by a hash of their bytes (NAME-HASH/: new bytes, a new
# address) may be kept for a year without asking again; everything else is revalidated.
VERSIONED_FOLDERS = ("pyodide", "micropython", "engine")
VERSIONED = re.compile(r"^/(?:.*/)?(?:" + "|".join(VERSIONED_FOLDERS) + r")-[0-9a-f]{12}/")
IMMUTABLE = "public, max-age=31536000, immutable"


def cache_control(path: str) -> str:
    """The Cache-Control of a request's path: immutable for the versioned big files, else
    no-cache (stored, but checked with the server before use: a new build shows at once)."""
    return IMMUTABLE if VERSIONED.match(path.split("?", 1)[0]) else "no-cache"

# The page for an address that is not a file of the site (the build writes it as 404.html
# too, for static hosts that serve one); it says so in both languages and links home.
NOT_FOUND = """<!doctype html>
<html lang="ru"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Страница не найдена · Page not found — Тысяча</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#14532d;color:#f8fafc;
font:18px/1.4 system-ui,sans-serif;text-align:center;padding:16px}a{color:#111;background:#facc15;
padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block;margin-top:12px}</style>
</head><body><main>
<h1>Тысяча</h1>
<p id="not-found">Страница не найдена.<br><span lang="en">Page not found.</span></p>
<p><a id="home" href="/">К игре · <span lang="en">To the game</span></a></p>
</main>
<script>
// the game's folder: the deepest prefix of this address that has the game's files
(async () => {
  const parts = location.pathname.split("/").slice(0, -1);
  for (let i = parts.length; i >= 1; i--) {
    const base = parts.slice(0, i).join("/") + "/";
    try {
      const r = await fetch(base + "precache-manifest.json", { method: "HEAD", cache: "no-store" });
      if (r.ok) { document.getElementById("home").href = base + location.search + location.hash; return; }
    } catch (e) { /* offline: keep the site root */ }
  }
})();
</script>
</body></html>
"""


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}
    quiet = False

    def send_error(self, code, message=None, explain=None):
        """A missing file: the site's "not found" page with a link home, never a bare error."""
        if code != 404 or self.command != "GET":
            return super().send_error(code, message, explain)
        body = NOT_FOUND.encode("utf-8")
        self.send_response(404, message)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def list_directory(self, path):
        """A folder without index.html is not a page of the site."""
        self.send_error(404, "Not found")
        return None

    def send_head(self):
        """The precompressed twin of the file when the browser accepts its encoding."""
        path = self.translate_path(self.path)
        accept = self.headers.get("Accept-Encoding", "")
        if os.path.isfile(path):
            mtime = os.stat(path).st_mtime
            for enc, ext in ENCODINGS:
                # a twin older than its file is stale (the file was changed after the
                # build): never serve old bytes for a new file
                if (enc in accept and os.path.isfile(path + ext)
                        and os.stat(path + ext).st_mtime >= mtime):
                    try:
                        f = open(path + ext, "rb")
                    except OSError:
                        break
                    fs = os.fstat(f.fileno())
                    self.send_response(200)
                    self.send_header("Content-Type", self.guess_type(path))
                    self.send_header("Content-Encoding", enc)
                    self.send_header("Content-Length", str(fs.st_size))
                    self.send_header("Vary", "Accept-Encoding")
                    self.end_headers()
                    return f
        return super().send_head()

    def end_headers(self):
        self.send_header("Cache-Control", cache_control(self.path))
        super().end_headers()

    def log_message(self, fmt, *args):
        if not self.quiet:
            super().log_message(fmt, *args)


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        # a browser that drops a connection mid-file (a page closed or navigated away while
        # its files were loading) is no error of the server: no traceback for it
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


class Traffic:
    """What a counting server sent: GET requests per path and bytes per path (the body as
    sent, compressed where it was; 304s and errors count as requests with no body)."""

    def __init__(self):
        import collections
        import threading
        self.requests = collections.Counter()
        self.bytes = collections.Counter()
        self.lock = threading.Lock()

    def add(self, path: str, size: int) -> None:
        with self.lock:
            self.requests[path] += 1
            self.bytes[path] += size

    def reset(self) -> None:
        with self.lock:
            self.requests.clear()
            self.bytes.clear()


def counting_server_in_thread(directory: Path):
    """serve_in_thread, counting what is sent (tests/e2e/test_first_visit.py and
    scripts/bench_first_visit.py): (server, url, Traffic)."""
    from urllib.parse import urlparse
    traffic = Traffic()

    class Counting(Handler):
        def do_GET(self):
            self._sent = 0
            try:
                super().do_GET()
            finally:
                traffic.add(urlparse(self.path).path, self._sent)

        def send_header(self, keyword, value):
            if keyword.lower() == "content-length" and self.command == "GET":
                self._sent = int(value)
            super().send_header(keyword, value)

    return (*serve_in_thread(directory, Counting), traffic)


def make_server(directory: Path, port: int = 0, host: str = "127.0.0.1", quiet: bool = False,
                handler=None):
    Handler.quiet = quiet
    handler = functools.partial(handler or Handler, directory=str(directory))
    try:
        return Server((host, port), handler)
    except OSError:
        if port == 0:
            raise
        return Server((host, 0), handler)


def bench_site_args(ap) -> None:
    """The arguments every browser benchmark takes (scripts/bench_*_web.py)."""
    ap.add_argument("--no-build", action="store_true", help="use the site built before")
    ap.add_argument("--dir", default=str(ROOT / "build" / "bench-site"))
    ap.add_argument("--chromium", default="/usr/bin/chromium")


def bench_site(args) -> Path:
    """The benchmark's built site: built now unless --no-build (and one is there)."""
    site = Path(args.dir)
    if not args.no_build or not (site / "index.html").exists():
        build_site(site)
    return site


CHROMIUM_ARGS = ["--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]


def in_idle_table(site: Path, chromium: str, fn):
    """`fn(page)` in a headless Debian chromium's page of the built `site`, served now, once
    the table is ready and its own bots (normal, instant) have played up to the human's
    turn, so the engine worker is free for a benchmark's request; its result."""
    from playwright.sync_api import sync_playwright
    httpd, url = serve_in_thread(site)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, headless=True,
                                        args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            settings = {"speed": "instant", "level": "normal", "lang": "ru"}
            page.add_init_script(f"localStorage.setItem('thousand.settings', "
                                 f"{json.dumps(json.dumps(settings))});")
            page.goto(url + "#seed=42")
            page.wait_for_selector("html[data-ready=true]", state="attached", timeout=120_000)
            page.wait_for_function("document.getElementById('table').dataset.humanTurn === 'true'",
                                   timeout=60_000)
            out = fn(page)
            browser.close()
            return out
    finally:
        httpd.shutdown()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="serve site/ on localhost")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--dir", default=str(ROOT / "site"))
    ap.add_argument("--build", action="store_true", help="run scripts/build.py first")
    ap.add_argument("-q", "--quiet", action="store_true", help="no request log")
    args = ap.parse_args(argv)
    if args.build:
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py")], check=True)
    directory = Path(args.dir)
    if not (directory / "index.html").exists():
        print(f"serve: {directory}/index.html missing; run scripts/build.py", file=sys.stderr)
        return 1
    httpd = make_server(directory, args.port, args.host, args.quiet)
    host, port = httpd.server_address[:2]
    print(f"Тысяча: http://{'localhost' if host == '127.0.0.1' else host}:{port}/", flush=True)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
