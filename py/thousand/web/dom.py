"""A tiny virtual DOM: renderers build ``h(...)`` trees; ``patch`` brings the page in line.

    h("button", {"cls": "btn", "data-action": "pass"}, text="Пас")
    h("div", {"id": "hand"}, h(...), h(...))          # children
    h("input", {"id": "x"}, props={"value": "Ann"})     # DOM properties, not attributes

``patch(parent, old, new)`` compares the new tree with the previous one (never with the
page) and touches only what changed, so an element that stays keeps its focus, its scroll
position and what the player typed.  Children are matched by ``key`` (an explicit key, else
``id``, ``data-card``, ``data-seat`` or ``data-action``), else by tag and position.

Runs under MicroPython (the page's main thread) and CPython (tests, with a stand-in
document): no __future__ imports, no dataclasses, no reliance on dict order.
"""

KEY_ATTRS = ("id", "data-card", "data-seat", "data-action", "data-key")
# inline SVG (render_stats' chart): these tags are made in the SVG namespace
SVG_NS = "http://www.w3.org/2000/svg"
SVG_TAGS = ("svg", "g", "line", "rect", "polyline", "polygon", "circle", "path")


class VNode:
    __slots__ = ("tag", "attrs", "props", "children", "text", "key", "el")

    def __init__(self, tag, attrs, props, children, text, key):
        self.tag = tag
        self.attrs = attrs
        self.props = props
        self.children = children
        self.text = text
        self.key = key
        self.el = None

    def __repr__(self):
        return "<%s %r %r>" % (self.tag, self.attrs, self.text if self.text is not None else self.children)

    # ---- queries for tests and renderers ----------------------------------------------
    def walk(self):
        yield self
        for c in self.children:
            for n in c.walk():
                yield n

    def find(self, pred):
        return [n for n in self.walk() if pred(n)]

    def by_id(self, id_):
        for n in self.walk():
            if n.attrs.get("id") == id_:
                return n
        return None

    def all_text(self):
        if self.text is not None:
            return self.text
        return " ".join(t for t in (c.all_text() for c in self.children) if t)


def h(tag, attrs=None, *children, text=None, key=None, props=None):
    a = {}
    if attrs:
        for k, v in attrs.items():
            if v is None or v is False:
                continue
            if k == "cls":
                k = "class"
            a[k] = "" if v is True else str(v)
    kids = []
    for c in children:
        if c is None or c is False:
            continue
        if isinstance(c, (list, tuple)):
            kids.extend(x for x in c if x is not None and x is not False)
        elif isinstance(c, str):
            kids.append(VNode("#text", {}, None, [], c, None))
        else:
            kids.append(c)
    if key is None:
        for ka in KEY_ATTRS:
            if ka in a:
                key = ka + "=" + a[ka]
                break
    return VNode(tag, a, props, kids, None if text is None else str(text), key)


# ---- the page side ---------------------------------------------------------------------
def create(document, v):
    if v.tag == "#text":
        el = document.createTextNode(v.text)
    else:
        if v.tag in SVG_TAGS:
            el = document.createElementNS(SVG_NS, v.tag)
        else:
            el = document.createElement(v.tag)
        for k, val in v.attrs.items():
            el.setAttribute(k, val)
        if v.text is not None:
            el.textContent = v.text
        else:
            for c in v.children:
                el.appendChild(create(document, c))
        if v.props:
            for k, val in v.props.items():
                setattr(el, k, val)
    v.el = el
    return el


def _same(a, b):
    return a.tag == b.tag and a.key == b.key


def update(document, old, new):
    """Make old.el look like `new` (same tag and key); new.el = old.el."""
    el = old.el
    new.el = el
    if new.tag == "#text":
        if old.text != new.text:
            el.textContent = new.text
        return
    oa, na = old.attrs, new.attrs
    for k, val in na.items():
        if oa.get(k) != val:
            el.setAttribute(k, val)
    for k in oa:
        if k not in na:
            el.removeAttribute(k)
    if new.text is not None:
        if old.text != new.text or old.children:
            el.textContent = new.text
    else:
        if old.text is not None:
            el.textContent = ""
            old_children = []
        else:
            old_children = old.children
        patch_children(document, el, old_children, new.children)
    if new.props:
        op = old.props or {}
        for k, val in new.props.items():
            if op.get(k) != val:
                setattr(el, k, val)


def patch_children(document, parent, old, new):
    by_key = {}
    for i, o in enumerate(old):
        by_key[(o.tag, o.key if o.key is not None else i)] = o
    matched = {}            # id(old vnode) -> the new vnode that took its element over
    for i, n in enumerate(new):
        o = by_key.get((n.tag, n.key if n.key is not None else i))
        if o is not None and id(o) not in matched:
            matched[id(o)] = n
            update(document, o, n)
        else:
            create(document, n)
    for o in old:
        if id(o) not in matched:
            o.el.remove()
    # order: `cur` mirrors the parent's children (as vnodes, compared by identity: a JS
    # proxy need not be the same Python object twice); only what is out of place moves
    cur = [matched[id(o)] for o in old if id(o) in matched]
    for i, n in enumerate(new):
        if i < len(cur) and cur[i] is n:
            continue
        for j in range(len(cur)):
            if cur[j] is n:
                cur.pop(j)
                break
        if i < len(cur):
            parent.insertBefore(n.el, cur[i].el)
        else:
            parent.appendChild(n.el)
        cur.insert(i, n)


def patch(document, parent, old, new):
    """Render `new` (a list of VNodes) as the children of `parent`; `old` is the list
    rendered last time (or None the first time).  Returns `new`."""
    if old is None:
        parent.replaceChildren()
        for n in new:
            parent.appendChild(create(document, n))
        return new
    patch_children(document, parent, old, new)
    return new
