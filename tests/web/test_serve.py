"""scripts/serve.py sends a precompressed twin only while it is as new as its file."""
import gzip
import os
import sys
import threading
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

from serve import make_server  # noqa: E402


def fetch(url):
    req = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(req) as r:
        return r.headers.get("Content-Encoding"), r.read()


def test_stale_twin_is_not_served(tmp_path):
    f = tmp_path / "service-worker.js"
    f.write_text("old" * 500)
    with gzip.open(str(f) + ".gz", "wb") as g:
        g.write(f.read_bytes())
    httpd = make_server(tmp_path, 0, quiet=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}/service-worker.js"
    try:
        enc, body = fetch(url)
        assert enc == "gzip" and gzip.decompress(body) == f.read_bytes()
        f.write_text("new" * 500)                       # changed after the build
        t = os.stat(str(f) + ".gz").st_mtime + 5
        os.utime(f, (t, t))
        enc, body = fetch(url)
        assert enc is None and body == f.read_bytes()
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_an_address_that_is_not_a_file_gets_not_found_with_a_link_home(tmp_path):
    """/game/, /index.html/x, a folder without index.html: a "not found" page in both
    languages with a link home, status 404 — never a directory listing or a bare error."""
    import urllib.error
    (tmp_path / "index.html").write_text("<!doctype html><title>game</title>")
    (tmp_path / "web").mkdir()
    (tmp_path / "web" / "style.css").write_text("body{}")
    httpd = make_server(tmp_path, 0, quiet=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    try:
        for path in ("/game/", "/index.html/x", "/web/", "/nope.js"):
            try:
                urllib.request.urlopen(base + path)
                raise AssertionError(path + " answered 200")
            except urllib.error.HTTPError as e:
                assert e.code == 404, path
                body = e.read().decode("utf-8")
                assert "Страница не найдена" in body and "Page not found" in body, path
                assert 'id="home" href="/"' in body, path
                assert "style.css" not in body          # no listing of the folder
        assert fetch(base + "/")[1].startswith(b"<!doctype html><title>game")
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_a_dropped_connection_prints_no_traceback(tmp_path, capfd):
    """A page closed while its files load drops its connections: the server writes on and
    gets a broken pipe or a reset, which is no error of the server (it printed tracebacks
    into the suite's log)."""
    import socket
    import struct
    (tmp_path / "big.bin").write_bytes(os.urandom(1 << 16) * 128)      # 8 MB
    httpd = make_server(tmp_path, 0, quiet=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    for _ in range(3):
        c = socket.create_connection(("127.0.0.1", httpd.server_address[1]))
        c.sendall(b"GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n")
        c.recv(1024)
        c.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # reset
        c.close()
    httpd.shutdown()
    httpd.server_close()            # joins the request threads: every write has ended
    err = capfd.readouterr().err
    assert "Traceback" not in err and "Broken pipe" not in err, err


def test_only_the_builds_versioned_folders_are_immutable():
    """Issue 42: the folders scripts/build.py names by a hash of their bytes may be kept by
    the HTTP cache for a year (a new build is a new address); everything else — the page,
    the service worker, the table's modules — is revalidated, or a new build would not show."""
    import build
    from serve import IMMUTABLE, cache_control
    for name in build.VERSIONED:
        assert cache_control(f"/{name}-0123456789ab/x.wasm") == IMMUTABLE
        assert cache_control(f"/game/{name}-0123456789ab/x.wasm?v=1") == IMMUTABLE
        assert cache_control(f"/{name}/x.wasm") == "no-cache"          # not versioned
        assert cache_control(f"/web/{name}.mjs") == "no-cache"
    for path in ("/", "/index.html", "/service-worker.js", "/web/boot.js", "/precache-manifest.json"):
        assert cache_control(path) == "no-cache"

