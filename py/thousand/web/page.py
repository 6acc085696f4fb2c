"""The browser side of the table (MicroPython on the main thread, started by web/table.mjs).

``Page`` is what the controller draws on and asks the browser for; ``start()`` wires the
page's events to the controller and the intents table.  The only module that imports
MicroPython's `js` and `jsffi`: everything else is tested under CPython with a stand-in.
"""
import asyncio
import json

import js
from jsffi import create_proxy

window = js                 # the page's globalThis (what PyScript's `pyscript.window` was)
document = js.document

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


FOCUSABLE = ("button:not([disabled]), select:not([disabled]), input:not([disabled]), "
             "[tabindex]:not([tabindex='-1'])")


def active():
    return nn(document.activeElement)


def inside(el, selector):
    try:
        return bool(el) and bool(nn(el.closest(selector)))
    except Exception:  # noqa: BLE001 - a text node or a detached element
        return False


class Page:
    def __init__(self, root):
        self.root = root
        self.tree = None
        self.overlay_kind = None
        self.opener = None          # the element that had focus when a dialog opened
        self.opener_in_hand = False

    def draw(self, view, ui):
        before = active()
        in_hand = inside(before, "#hand")
        scroll = self.dialog_scroll()
        new = [table(view, ui, ui.lang), overlay(view, ui, ui.lang)]
        self.tree = dom.patch(document, self.root, self.tree, new)
        if scroll is not None:
            self.restore_scroll(scroll)
        self.place_focus(ui, in_hand)

    # ---- focus: dialogs take it, the hand keeps it, a new turn brings it back --------------
    def place_focus(self, ui, was_in_hand):
        if ui.overlay != self.overlay_kind:
            opened = ui.overlay is not None and self.overlay_kind is None
            closed = ui.overlay is None and self.overlay_kind is not None
            self.overlay_kind = ui.overlay
            if opened:
                cur = active()
                self.opener = cur if cur is not None and not inside(cur, "#overlay-root") else None
                self.opener_in_hand = inside(cur, "#hand")
            if ui.overlay is not None:
                first = (self.root.querySelector("#overlay-root [data-autofocus]")
                         or self.root.querySelector("#overlay-root .dialog h2"))
                if first:
                    first.focus()
                return
            if closed:
                back, in_hand = self.opener, self.opener_in_hand
                self.opener = None
                if back is not None and bool(back.isConnected):
                    back.focus()           # back where the player was
                    ui.focus = None
                    return
                if in_hand:                # the card that opened it has been played
                    self.focus_hand()
                    ui.focus = None
                    return
        if ui.overlay is not None:
            return
        request, ui.focus = ui.focus, None
        cur = active()
        idle = cur is None or str(cur.tagName) == "BODY" or not bool(cur.isConnected)
        if request == "give":
            target = self.root.querySelector("#controls [data-action='give']:not([disabled])")
            if target:
                target.focus()
                return
        if request == "hand" or (was_in_hand and idle):
            self.focus_hand()
            return
        if request == "turn" and (idle or inside(cur, "#hand") or inside(cur, "#controls")):
            if not self.focus_hand(only_legal=True):
                target = self.root.querySelector("#controls .btn-primary, #controls button")
                if target:
                    target.focus()

    def focus_hand(self, only_legal=False):
        el = self.root.querySelector("#hand [tabindex='0']")
        if el and (not only_legal or str(el.getAttribute("data-legal")) == "true"):
            el.focus()
            return True
        return False

    def trap_tab(self, event):
        """Tab and Shift+Tab stay inside an open dialog."""
        box = self.root.querySelector("#overlay-root .dialog")
        if not box:
            return False
        nodes = box.querySelectorAll(FOCUSABLE)
        items = [nodes.item(i) for i in range(int(nodes.length))]
        items = [e for e in items if int(e.getClientRects().length) > 0]
        if not items:
            return False
        cur = active()
        first, last = items[0], items[-1]
        back = bool(event.shiftKey)
        if not inside(cur, "#overlay-root .dialog"):
            (last if back else first).focus()
        elif back and bool(cur.isSameNode(first)):
            last.focus()
        elif not back and bool(cur.isSameNode(last)):
            first.focus()
        else:
            return False
        event.preventDefault()
        return True

    # ---- the settings keep their scroll position through a redraw --------------------------
    def dialog_scroll(self):
        box = self.root.querySelector("#overlay-root .dialog")
        return (box.id, box.scrollTop) if box else None

    def restore_scroll(self, saved):
        box = self.root.querySelector("#overlay-root .dialog")
        if box and box.id == saved[0] and box.scrollTop != saved[1]:
            box.scrollTop = saved[1]

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

    def pick_file(self, id_="import-file"):
        el = document.getElementById(id_)
        if el:
            el.click()

    def print_page(self):
        window.print()

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
        """The page's language: <html lang>, the title, the words of the static HTML."""
        from .i18n import tr
        document.documentElement.lang = lang
        document.title = tr(lang, "title")
        for id_, key in (("update-text", "update"), ("update-now", "update_now"),
                         ("update-later", "update_later")):
            el = document.getElementById(id_)
            if el:
                el.textContent = tr(lang, key)

    def log(self, text):
        window.console.warn(text)

    def location(self):
        loc = window.location
        link = {"found": False, "rules": None, "seed": None}
        from . import persist
        link = persist.parse_link(str(loc.hash), str(loc.search), persist.unquote)
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

    async def share(self, url, title):
        """The phone's share sheet, else the clipboard: "shared", "copied" or "manual"."""
        try:
            return str(await window.thousandBoot.share(url, title))
        except Exception:  # noqa: BLE001
            return "manual"


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
        if fid == "sb-import-file":
            if str(event.type) == "change":
                run(ctrl.book.import_file(el))
            return
        def errors():
            draft = ctrl.ui.draft or {}
            return ((draft.get("field_errors") or {}).get(fid), draft.get("error"))
        was = errors()
        if str(el.type) == "checkbox":
            intents.field(ctrl, fid, "", bool(el.checked))
        else:
            intents.field(ctrl, fid, str(el.value))
        # a field's error (and the form's, by the buttons) shows or goes as the field is typed,
        # not only when it loses focus: drawn on the blur of a click on Share, it moved the
        # button under the pointer between press and release, and the click was lost
        if fid == "set-preset" or fid.startswith("sb-") \
                or (ctrl.ui.overlay == "scorebook" and fid.startswith("set-name-")) \
                or (str(event.type) == "change" and fid.startswith("conv-")) or was != errors():
            ctrl.draw()

    def on_keydown(event):
        key = str(event.key)
        if key == "Escape" and intents.escape(ctrl):
            event.preventDefault()
            ctrl.draw()
            return
        if key == "Enter" and ctrl.ui.overlay == "scorebook" \
                and inside(active(), "#sb-form input[type=number]"):
            event.preventDefault()          # Enter in a number of the deal: add (save) it
            run(intents.INTENTS["sb-add"](ctrl, {}))
            return
        if key == "Tab" and ctrl.ui.overlay is not None:
            page.trap_tab(event)
            return
        if key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End") \
                and inside(active(), "#hand") and ctrl.ui.overlay is None:
            code = intents.move_in_hand(ctrl, key)
            if code:
                event.preventDefault()
                ctrl.ui.focus = "hand"
                ctrl.draw()

    def on_storage(event):
        key = event.key
        ctrl.on_storage(str(key) if key else None)

    # `js.window`, not `js` itself: addEventListener on the globalThis proxy is an
    # "Illegal invocation" under MicroPython
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
