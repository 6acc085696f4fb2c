"""Unit tests of the web layer under CPython: the engine runs in the same interpreter
(LocalEngine), the page is a stand-in (fakedom) drawn with the real renderers and patcher.
The helpers are in web_helpers.py."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from web_helpers import fast_storage, run_async  # noqa: E402


@pytest.fixture
def storage():
    return fast_storage()


@pytest.fixture
def run():
    return run_async
