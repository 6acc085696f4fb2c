"""The browser side of the table (PyScript, MicroPython on the main thread).

``Page`` is what the controller draws on and asks the browser for; ``start()`` wires the
page's events to the controller and the intents table.  The only module that imports
``pyscript``: everything else is tested under CPython with a stand-in.
"""
import asyncio
import json

from pyscript import document, window
from pyscript.ffi import create_proxy

from . import dom, intents
from .controller import Controller
from .engine_client import WorkerEngine
from .render_dialogs import overlay
from .render_table import table


def nn(x):
    """JS null/undefined as None."""
    if x is None:
        return None
    try:
        if x == window.undefined:
            return None
    except Exception:  # noqa: BLE001
        pass
    return x


class Page:
    def __init__(self, root):
        self.root = root
        self.tree = None
        self.overlay_kind = None

    def draw(self, view, ui):
        new = [table(view, ui, ui.lang), overlay(view, ui, ui.lang)]
        self.tree = dom.patch(document, self.root, self.tree, new)
        if ui.overlay != self.overlay_kind:
            self.overlay_kind = ui.overlay
            if ui.overlay is not None and ui.overlay != "settings":
                first = self.root.querySelector("#overlay-root [data-autofocus]")
                if first:
                    first.focus()

    def ready(self):
        window.thousandBoot.ready()

    def shown(self):
        window.thousandBoot.shown()

    def failed(self, why):
        window.thousandBoot.showError(why)

    def now(self):
        return float(window.performance.now())

    def wall_ms(self):
        # as text: MicroPython's FFI cuts a JS number above 2**31 to 32 bits
        return float(str(window.thousandBoot.wallClock()))

    def date_stamp(self):
        return str(window.thousandBoot.dateStamp())

    def persist_storage(self):
        window.thousandBoot.persistStorage()

    def download(self, name, text):
        window.thousandBoot.download(name, text)

    def pick_file(self):
        el = document.getElementById("import-file")
        if el:
            el.click()

    async def read_file(self, el):
        return str(await window.thousandBoot.readFile(el))

    async def sleep(self, ms):
        await asyncio.sleep(ms / 1000)

    def set_flag(self, name, value):
        ds = document.documentElement.dataset
        if value is None:
            if name in ("busy",):
                document.documentElement.removeAttribute("data-" + name)
            return
        setattr(ds, name, value)

    def set_lang(self, lang):
        document.documentElement.lang = lang

    def log(self, text):
        window.console.warn(text)

    def location(self):
        loc = window.location
        link = {"found": False, "rules": None, "seed": None}
        from . import persist
        link = persist.parse_link(str(loc.hash), str(loc.search), window.decodeURIComponent)
        if link["found"]:
            try:
                window.history.replaceState(None, "", str(loc.pathname))
            except Exception:  # noqa: BLE001
                pass
        link["origin"] = str(loc.origin)
        link["pathname"] = str(loc.pathname)
        return link

    def encode(self, text):
        return window.encodeURIComponent(text)

    def share(self, url, title):
        window.thousandBoot.share(url, title)


def element_data(el):
    out = {}
    for name in ("value", "to", "kind", "card"):
        v = el.getAttribute("data-" + name)
        if v:
            out[name] = str(v)
    return out


class LockOwner:
    """persist.Saves' owner over web/owner.js (Web Locks): see that file."""

    def __init__(self, js):
        self.js = js
        self.proxy = None

    async def claim(self):
        return bool(await self.js.claim())

    async def owns(self):
        return bool(await self.js.owns())

    async def put(self, key, text):
        return str(await self.js.put(key, text))

    def on_lost(self, fn):
        self.proxy = create_proxy(lambda *args: fn())     # kept alive by this object
        self.js.onLost(self.proxy)


def start():
    root = document.getElementById("app")
    page = Page(root)
    meta = document.querySelector('meta[name="thousand-version"]')
    build = str(meta.getAttribute("content")) if meta else ""
    owner = None
    try:
        if nn(window.thousandOwner) is not None:      # web/owner.js: the browser has Web Locks
            owner = LockOwner(window.thousandOwner)
    except Exception:  # noqa: BLE001 - no Web Locks: persist.TokenOwner
        owner = None
    ctrl = Controller(WorkerEngine(window.thousandEngine), window.localStorage, page, build, owner)

    run = ctrl.perform

    def on_click(event):
        target = event.target
        hit = target.closest("[data-action],[data-card]") if hasattr(target, "closest") else None
        if not hit:
            return
        action = hit.getAttribute("data-action")
        if action:
            handler = intents.INTENTS.get(str(action))
            if handler is not None:
                run(handler(ctrl, element_data(hit)))
            return
        code = hit.getAttribute("data-card")
        if code and hit.closest("#hand"):
            run(intents.click_card(ctrl, str(code)))

    def on_field(event):
        el = event.target
        fid = el.id
        if not fid:
            return
        fid = str(fid)
        if fid == "import-file":
            if str(event.type) == "change":
                run(ctrl.import_file(el))
            return
        if str(el.type) == "checkbox":
            intents.field(ctrl, fid, "", bool(el.checked))
        else:
            intents.field(ctrl, fid, str(el.value))
        if fid == "set-preset":
            ctrl.draw()

    def on_keydown(event):
        if str(event.key) == "Escape" and intents.escape(ctrl):
            ctrl.draw()

    def on_storage(event):
        key = event.key
        ctrl.on_storage(str(key) if key else None)

    import js   # pyscript's `window` cannot add listeners under MicroPython ("Illegal invocation")
    handlers = [("click", on_click, root), ("change", on_field, root), ("input", on_field, root),
                ("keydown", on_keydown, document), ("storage", on_storage, js.window)]
    proxies = []
    for kind, fn, target in handlers:
        p = create_proxy(fn)
        proxies.append(p)
        target.addEventListener(kind, p)
    window.thousandControllerProxies = proxies     # keep them alive
    window.thousandOwnerProxy = owner.proxy if owner is not None else None
    ctrl.spawn(ctrl.start())
    return ctrl
