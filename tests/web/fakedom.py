"""A stand-in for the browser's document, enough for thousand.web.dom and the controller."""


class Node:
    def __init__(self, doc, tag, text=None):
        self.doc = doc
        self.tag = tag
        self.attrs = {}
        self.children = []
        self.parent = None
        self._text = text
        self.value = ""
        self.checked = False
        self.ops = doc.ops

    # tree
    def appendChild(self, n):
        if n.parent is not None:
            n.parent.children.remove(n)
        n.parent = self
        self.children.append(n)
        self.ops.append(("append", self.tag, n.tag))
        return n

    def insertBefore(self, n, ref):
        if n.parent is not None:
            n.parent.children.remove(n)
        n.parent = self
        self.children.insert(self.children.index(ref), n)
        self.ops.append(("insert", self.tag, n.tag))
        return n

    def remove(self):
        if self.parent is not None:
            self.parent.children.remove(self)
            self.parent = None
        self.ops.append(("remove", self.tag))

    def replaceChildren(self):
        for c in list(self.children):
            c.parent = None
        self.children = []

    # attributes
    def setAttribute(self, k, v):
        self.attrs[k] = str(v)
        self.ops.append(("set", k))

    def removeAttribute(self, k):
        self.attrs.pop(k, None)
        self.ops.append(("unset", k))

    def getAttribute(self, k):
        return self.attrs.get(k)

    @property
    def textContent(self):
        if self.tag == "#text":
            return self._text
        if self._text is not None and not self.children:
            return self._text
        return "".join(c.textContent for c in self.children)

    @textContent.setter
    def textContent(self, v):
        self.replaceChildren()
        self._text = v
        self.ops.append(("text", self.tag))

    # queries
    def walk(self):
        yield self
        for c in self.children:
            yield from c.walk()

    def select(self, pred):
        return [n for n in self.walk() if n.tag != "#text" and pred(n)]

    def by_id(self, id_):
        found = self.select(lambda n: n.attrs.get("id") == id_)
        return found[0] if found else None


class Document:
    def __init__(self):
        self.ops = []

    def createElement(self, tag):
        self.ops.append(("create", tag))
        return Node(self, tag)

    def createElementNS(self, ns, tag):
        self.ops.append(("create", tag))
        node = Node(self, tag)
        node.namespace = ns
        return node

    def createTextNode(self, text):
        return Node(self, "#text", text)
