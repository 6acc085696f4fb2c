"""Fixtures of the web layer's unit tests; the helpers themselves are in webkit.py (a module
name of its own: `from conftest import …` would find tests/e2e/conftest.py when both folders
are given on the command line, since pytest loads every initial folder's conftest first)."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from webkit import fast_storage, run_async  # noqa: E402,F401


@pytest.fixture
def storage():
    return fast_storage()
