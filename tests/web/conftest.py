"""Fixtures of the web layer's unit tests; the helpers themselves are in webkit.py (a module
name of its own: `from conftest import …` would find tests/e2e/conftest.py when both folders
are given on the command line, since pytest loads every initial folder's conftest first)."""
from webkit import FAST, run_async, Storage  # noqa: F401
import pytest


@pytest.fixture
def storage():
    s = Storage()
    s.setItem("thousand.settings", FAST)
    return s


@pytest.fixture
def run():
    return run_async
