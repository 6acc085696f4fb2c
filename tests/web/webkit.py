"""Helpers of the web layer's unit tests (tests/web) under CPython: the engine runs in the same
interpreter (LocalEngine), the page is a stand-in (fakedom) drawn with the real renderers and
patcher; a storage, an engine whose start waits, and a way to run the controller's coroutines.

Not in conftest.py: test modules import these by name, and with tests/web and tests/e2e in one
run ``import conftest`` finds whichever conftest pytest loaded last (tests/e2e's)."""
import asyncio
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from fakedom import Document  # noqa: E402
from thousand.web import dom  # noqa: E402
from thousand.web.controller import Controller  # noqa: E402
from thousand.web.engine_client import LocalEngine  # noqa: E402
from thousand.web.render_dialogs import overlay  # noqa: E402
from thousand.web.render_table import table  # noqa: E402


class Storage(dict):
    def getItem(self, k):
        return self.get(k)

    def setItem(self, k, v):
        assert isinstance(v, str)
        self[k] = v

    def removeItem(self, k):
        self.pop(k, None)


class FakePage:
    def __init__(self, hash_=""):
        self.document = Document()
        self.root = self.document.createElement("main")
        self.tree = None
        self.flags = {}
        self.events = []
        self.clock = 0.0
        self.hash = hash_
        self.shared = []
        self.logs = []
        self.downloads = []

    def draw(self, view, ui):
        self.tree = dom.patch(self.document, self.root, self.tree,
                              [table(view, ui, ui.lang), overlay(view, ui, ui.lang)])

    def ready(self):
        self.events.append("ready")

    def shown(self):
        self.events.append("shown")

    def failed(self, why):
        self.events.append("failed")

    def now(self):
        self.clock += 1
        return self.clock

    def wall_ms(self):
        return 1.8e12 + self.clock

    def date_stamp(self):
        return "2026-12-01-1200"

    def persist_storage(self):
        self.events.append("persist")

    def download(self, name, text):
        self.downloads.append((name, text))

    def pick_file(self, id_="import-file"):
        self.events.append("pick-file" if id_ == "import-file" else "pick-file:" + id_)

    def print_page(self):
        self.events.append("print")

    async def read_file(self, source):
        if isinstance(source, Exception):
            raise source
        return source

    async def sleep(self, ms):
        await asyncio.sleep(0)

    def set_flag(self, name, value):
        self.flags[name] = value

    def set_lang(self, lang):
        self.flags["lang"] = lang

    def log(self, text):
        self.logs.append(text)

    def location(self):
        from thousand.web import persist
        link = persist.parse_link(self.hash, "", lambda s: s)
        link.update(origin="http://x", pathname="/")
        return link

    def encode(self, s):
        return s

    async def share(self, url, title):
        self.shared.append(url)
        return "copied"

    # queries
    def el(self, id_):
        return self.root.by_id(id_)

    def table_data(self, name):
        return self.el("table").attrs.get("data-" + name)


class GatedEngine(LocalEngine):
    """An engine whose start-up waits until the test opens the gate."""

    def __init__(self):
        super().__init__()
        self.gate = asyncio.Event()

    async def ready(self):
        await self.gate.wait()
        return await super().ready()


async def settle(ctrl, rounds=2000):
    """Run the controller's tasks (bots included) until nothing is left to do."""
    for _ in range(rounds):
        await asyncio.sleep(0)
        if all(t.done() for t in ctrl.tasks) and not ctrl.bot_running:
            for t in ctrl.tasks:
                if t.exception():
                    raise t.exception()
            return
    raise AssertionError("the controller never settled")


FAST = json.dumps({"speed": "instant", "level": "easy", "lang": "ru"})


def fast_storage():
    s = Storage()
    s.setItem("thousand.settings", FAST)
    return s


def run_async(coro):
    """asyncio.run(coro) in a thread of its own: in the full suite the e2e tests run first, and
    Playwright's sync API keeps an event loop running in the main thread for the session,
    where asyncio.run() refuses to start ("cannot be called from a running event loop")."""
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def make(storage, hash_="", engine=None):
    page = FakePage(hash_)
    return Controller(engine or LocalEngine(), storage, page, build="test"), page
