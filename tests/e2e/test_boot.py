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
    page.route("**/pyodide/pyodide.mjs", lambda route: route.fulfill(status=404, body="missing"))
    page.goto(site_url)
    page.wait_for_selector("#load-error:not([hidden])", timeout=60_000)
    text = page.inner_text("#load-error")
    assert "Не удалось загрузить" in text
    assert page.locator("#loader").is_hidden()
