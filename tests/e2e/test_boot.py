"""The loading pipeline: Python and the engine load from this origin only."""
import pytest

pytestmark = pytest.mark.e2e


def test_python_loads_locally_and_imports_engine(page, site_url, open_table):
    open_table(page, site_url)
    assert page.locator("#loader").is_hidden()
    # thousand.cards.accessible_name gives the cards their names
    first = page.locator("[data-card]").first
    assert first.get_attribute("aria-label")
    assert page.evaluate("!!document.querySelector('[data-phase]')")


def test_failed_load_shows_clear_error(page, site_url):
    page.route("**/pyodide-*/pyodide.mjs", lambda route: route.fulfill(status=404, body="missing"))
    page.goto(site_url)
    page.wait_for_selector("#load-error:not([hidden])", timeout=60_000)
    text = page.inner_text("#load-error")
    assert "Не удалось загрузить" in text
    assert page.locator("#loader").is_hidden()


@pytest.mark.parametrize("missing", ["micropython-*/micropython.wasm", "ui/thousand/web/page.mpy",
                                     "web/main.py"])
def test_table_that_cannot_load_shows_clear_error(page, site_url, missing):
    """web/table.mjs starts MicroPython itself: a missing interpreter, module or entry point
    is the loader's error screen naming what failed, not a frozen progress bar."""
    page.route("**/" + missing, lambda route: route.fulfill(status=404, body="missing"))
    page.goto(site_url)
    page.wait_for_selector("#load-error:not([hidden])", timeout=60_000)
    assert "Не удалось загрузить" in page.inner_text("#load-error")
    assert page.locator("#loader").is_hidden()
    assert page.evaluate("document.documentElement.dataset.ready") is None
    if missing.endswith((".py", ".mpy")):
        assert missing in page.inner_text("#load-error-text")


def test_table_module_of_another_micropython_shows_clear_error(page, site_url):
    """The table's modules are MicroPython bytecode (scripts/build.py compiles them with
    mpy-cross): a module of another bytecode format (a host serving an old build's file, a
    mismatched mpy-cross) is the loader's error screen saying so, not a frozen table."""
    other = bytes([ord("M"), 5, 0, 31]) + bytes(60)      # an .mpy header of format 5
    page.route("**/ui/thousand/web/page.mpy", lambda route: route.fulfill(status=200, body=other))
    page.goto(site_url)
    page.wait_for_selector("#load-error:not([hidden])", timeout=60_000)
    assert "Не удалось загрузить" in page.inner_text("#load-error")
    assert ".mpy" in page.inner_text("#load-error-text")
    assert page.evaluate("document.documentElement.dataset.ready") is None


def engine_boot(page):
    return page.evaluate("document.documentElement.dataset.engineBoot")


def test_repeat_visit_restores_the_engine_snapshot_and_plays(page, site_url, open_table):
    """The first visit stores a memory snapshot of the engine (per build); a reload starts
    from it, and the restored engine plays: the bots move and a human card is accepted."""
    from test_table import fast_settings, my_play_turn, play_until, state
    fast_settings(page)
    open_table(page, site_url + "#seed=5")
    assert engine_boot(page) == "fresh"
    page.wait_for_selector("html[data-engine-snapshot=stored]", state="attached", timeout=60_000)
    page.reload()
    page.wait_for_selector("html[data-ready=true]", state="attached", timeout=90_000)
    assert engine_boot(page) == "snapshot"
    st = play_until(page, my_play_turn, limit=300)
    page.click("#hand [data-legal='true'] >> nth=0")
    if state(page)["overlay"] == "dialog-meld":
        page.click("#btn-play-plain")
    page.wait_for_function(f"+document.getElementById('table').dataset.actions > {st['actions']}")


@pytest.mark.parametrize("size", [64, 32 << 20])
def test_unusable_snapshot_is_dropped_and_python_starts_afresh(page, site_url, open_table, size):
    """A snapshot that is cut short, or garbage of the right length: the engine starts the
    ordinary way and the table plays."""
    from test_table import fast_settings
    fast_settings(page)
    open_table(page, site_url)
    page.wait_for_selector("html[data-engine-snapshot=stored]", state="attached", timeout=60_000)
    page.evaluate("""async (size) => {
        const version = document.querySelector('meta[name="thousand-version"]').content;
        const key = new URL('engine-snapshot/' + version, location.href).href;
        const c = await caches.open('engine-snapshot');
        const bytes = new Uint8Array(size).fill(7);
        await c.put(key, new Response(bytes, {headers: {'X-Snapshot-Bytes': String(size === 64 ? 99 : size)}}));
    }""", size)
    page.reload()
    page.wait_for_selector("html[data-ready=true]", state="attached", timeout=90_000)
    assert engine_boot(page) == "fresh"
    assert page.evaluate("document.documentElement.dataset.bootError") is None
    assert page.locator("#table").get_attribute("data-phase") in ("bidding", "giving", "contract", "play")
