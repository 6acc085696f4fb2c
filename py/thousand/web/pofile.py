"""Gettext catalogs (``.po``/``.pot``) read and written without the gettext module.

The table's messages live in ``py/thousand/web/l10n/``: ``messages.pot`` is the template (the
English text, the source language), ``ru.po``, ``uk.po``, ``pl.po`` the translations, in the
standard format translators' tools (Poedit, Weblate, msgfmt) read.  Every entry has a
``msgctxt``: the id the code asks for (``new_game``, ``err:must_follow_suit``,
``opt:forced_bidder=dealer``); ``msgid`` is the English text and ``msgstr`` its translation.
Messages with a number have ``msgid_plural`` and one ``msgstr[i]`` per plural form of the
language (its ``Plural-Forms`` header; ``i18n.plural_index`` computes the same).

MicroPython has no gettext, so ``scripts/build.py`` compiles each catalog to JSON
(``compile_catalog``) and the table reads that; under CPython (tests, tools) ``i18n`` reads
the ``.po`` files themselves through this module.  Placeholders are Python's ``{name}``
(entries flagged ``python-brace-format``).
"""
import json

ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}


def _unquote(s):
    s = s.strip()
    if len(s) < 2 or s[0] != '"' or s[-1] != '"':
        raise ValueError("not a quoted string: " + s[:40])
    out = []
    i, body = 0, s[1:-1]
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body):
            out.append(ESCAPES.get(body[i + 1], body[i + 1]))
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _quote(s):
    s = s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return '"' + s + '"'


class Entry:
    def __init__(self):
        self.ctx = None
        self.msgid = None
        self.plural = None
        self.strs = {}          # index -> text (0 for a plain msgstr)
        self.flags = []
        self.comments = []      # translator and extracted comments, as written ("#. …")
        self.line = 0

    def translated(self):
        return "fuzzy" not in self.flags and bool(self.strs) and all(self.strs.values())


def parse(text):
    """The entries of a .po/.pot text, header (msgid "") first."""
    entries = []
    cur = None
    field = None
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            cur, field = None, None
            continue
        if line.startswith("#"):
            if cur is not None and cur.msgid is not None:
                cur, field = None, None
            if cur is None:
                cur = Entry()
                cur.line = no
                entries.append(cur)
            if line.startswith("#,"):
                cur.flags.extend(f.strip() for f in line[2:].split(",") if f.strip())
            else:
                cur.comments.append(line)
            continue
        if line.startswith('"'):
            if cur is None or field is None:
                raise ValueError("line %d: a string outside an entry" % no)
            value = _unquote(line)
            if field == "ctx":
                cur.ctx += value
            elif field == "id":
                cur.msgid += value
            elif field == "plural":
                cur.plural += value
            else:
                cur.strs[field] += value
            continue
        key, _, rest = line.partition(" ")
        starts = ((key == "msgctxt" and (cur is None or cur.msgid is not None or cur.ctx is not None))
                  or (key == "msgid" and (cur is None or cur.msgid is not None)))
        if starts:
            cur = Entry()
            cur.line = no
            entries.append(cur)
        if cur is None:
            raise ValueError("line %d: %s outside an entry" % (no, key))
        if key == "msgctxt":
            cur.ctx, field = _unquote(rest), "ctx"
        elif key == "msgid":
            cur.msgid, field = _unquote(rest), "id"
        elif key == "msgid_plural":
            cur.plural, field = _unquote(rest), "plural"
        elif key == "msgstr":
            cur.strs[0], field = _unquote(rest), 0
        elif key.startswith("msgstr[") and key.endswith("]"):
            i = int(key[7:-1])
            cur.strs[i], field = _unquote(rest), i
        else:
            raise ValueError("line %d: unknown keyword %s" % (no, key))
    return [e for e in entries if e.msgid is not None]


def header(entries):
    """The header's fields as a dict (Language, Plural-Forms, …)."""
    for e in entries:
        if e.msgid == "" and e.ctx is None:
            out = {}
            for line in e.strs.get(0, "").split("\n"):
                k, sep, v = line.partition(":")
                if sep:
                    out[k.strip()] = v.strip()
            return out
    return {}


def messages(entries, source=False):
    """{msgctxt: text or [plural forms]}.  source=True (the .pot): the English msgid (and
    msgid_plural); else the translations, leaving out untranslated and fuzzy entries."""
    out = {}
    for e in entries:
        if e.ctx is None:
            continue
        if source:
            out[e.ctx] = [e.msgid, e.plural] if e.plural is not None else e.msgid
        elif e.translated():
            if e.plural is not None:
                out[e.ctx] = [e.strs[i] for i in sorted(e.strs)]
            else:
                out[e.ctx] = e.strs[0]
    return out


def compile_catalog(text, lang, source=False):
    """A catalog's JSON for the table: {"lang", "plural_forms", "messages"}."""
    entries = parse(text)
    return json.dumps({"lang": lang, "plural_forms": header(entries).get("Plural-Forms", ""),
                       "messages": messages(entries, source)},
                      ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def write(entries, head):
    """A .po text: the header (a dict, written in order) then the entries."""
    lines = ['msgid ""', 'msgstr ""']
    for k, v in head:
        lines.append(_quote("%s: %s\n" % (k, v)))
    for e in entries:
        lines.append("")
        lines.extend(e.comments)
        if e.flags:
            lines.append("#, " + ", ".join(e.flags))
        if e.ctx is not None:
            lines.append("msgctxt " + _quote(e.ctx))
        lines.append("msgid " + _quote(e.msgid))
        if e.plural is not None:
            lines.append("msgid_plural " + _quote(e.plural))
            for i in sorted(e.strs):
                lines.append("msgstr[%d] %s" % (i, _quote(e.strs[i])))
        else:
            lines.append("msgstr " + _quote(e.strs.get(0, "")))
    return "\n".join(lines) + "\n"
