"""The table's words in the player's language: Russian (default), Ukrainian, Polish, English.

The messages are gettext catalogs in ``l10n/`` (``messages.pot`` the English template,
``ru.po``, ``uk.po``, ``pl.po``; see pofile.py).  ``scripts/build.py`` compiles them to
``l10n/LANG.json``, which this module reads on the main thread (MicroPython has no gettext);
under CPython (tests, tools) it reads the ``.po`` files themselves.  A message is asked for
by its id (the entry's msgctxt): ``Text("ru")("new_game")``; with a number
``t.n("tricks", 3)`` picks the plural form of the language ("3 взятки").

A message that puts a player's name with a verb has a ``…_you`` twin for the human (seat
0), chosen by ``Text.who``: "Вы не добрали 120", not "Вы не добрал 120".  The bots' forms are
masculine ("Бот 1 сыграл"); a player-chosen name gets the same form.  Where Russian (or
Ukrainian, Polish) declines a name — "отдать кому что" — a default bot name has its own
declined form (``bot_n_dat``: "Боту 1") and any other name goes with a noun that carries the
case ("игроку Маша"); the card is in the accusative ("Отдать Даму червей Боту 1").

Also the cards' names and glyphs: the table never imports the engine.  No __future__
import, no f-strings with format specs: this module runs under MicroPython too.
"""
import json

LANGS = (("ru", "Русский"), ("uk", "Українська"), ("pl", "Polski"), ("en", "English"))
LANG_CODES = ("ru", "uk", "pl", "en")
DEFAULT_LANG = "ru"

# The default names in every catalog (tests/web check them against the .po files): a name
# equal to one of these is shown as the default name of the player's language.
DEFAULT_YOU = ("Вы", "You", "Ви", "Ty")
DEFAULT_BOT_WORDS = ("Бот", "Bot")


def plural_index(lang, n):
    """The plural form of the number n in lang (the catalogs' Plural-Forms)."""
    n = abs(int(n))
    if lang in ("ru", "uk"):
        if n % 10 == 1 and n % 100 != 11:
            return 0
        if 2 <= n % 10 <= 4 and not 10 <= n % 100 < 20:
            return 1
        return 2
    if lang == "pl":
        if n == 1:
            return 0
        if 2 <= n % 10 <= 4 and not 10 <= n % 100 < 20:
            return 1
        return 2
    return 0 if n == 1 else 1


# ---- the catalogs ----------------------------------------------------------------------------
_CATALOGS = {}


def _base():
    f = globals().get("__file__") or ""
    i = f.rfind("/")
    return f[:i] if i >= 0 else "thousand/web"


def _read(path):
    try:
        f = open(path, encoding="utf-8")
    except TypeError:          # MicroPython's open() has no encoding: its text is UTF-8
        f = open(path)
    with f:
        return f.read()


def _load(lang):
    base = _base() + "/l10n/"
    try:
        return json.loads(_read(base + lang + ".json"))["messages"]
    except OSError:
        pass
    # a source tree (CPython: tests, tools): the .po files themselves
    from . import pofile
    name = "messages.pot" if lang == "en" else lang + ".po"
    return pofile.messages(pofile.parse(_read(base + name)), source=(lang == "en"))


def catalog(lang):
    """{message id: text or [plural forms]} of a language (loaded once)."""
    cat = _CATALOGS.get(lang)
    if cat is None:
        try:
            cat = _load(lang)
        except Exception:  # noqa: BLE001 - a missing catalog: the English text is used
            cat = {}
        _CATALOGS[lang] = cat
    return cat


def _fill(s, kw):
    if not kw:
        return s
    try:
        return s.format(**kw)
    except (KeyError, IndexError, ValueError):
        return None


def tr(lang, msg_id, **kw):
    """The message in lang, falling back to English (then the id) where it is missing."""
    for cat in (catalog(lang), catalog("en")):
        s = cat.get(msg_id)
        if isinstance(s, list):
            s = s[-1]
        if s:
            out = _fill(s, kw)
            if out is not None:
                return out
    return msg_id


def trn(lang, msg_id, n, **kw):
    """The plural form for n ({n} in the text is n)."""
    kw["n"] = n
    for code, cat in ((lang, catalog(lang)), ("en", catalog("en"))):
        forms = cat.get(msg_id)
        if isinstance(forms, list) and forms:
            i = plural_index(code, n)
            out = _fill(forms[min(i, len(forms) - 1)], kw)
            if out is not None:
                return out
    return tr(lang, msg_id, **kw)


def has(lang, msg_id):
    return msg_id in catalog(lang) or msg_id in catalog("en")


# ---- cards (codes as in the views: "QH", "TS"; ranks 9 J Q K T A, suits S C D H) ----------
RANKS = "9JQKTA"
SUITS = "SCDH"
SUIT_GLYPH = "♠♣♦♥"
MARRIAGE_VALUE = {"S": 40, "C": 60, "D": 80, "H": 100, "A": 200}
CARD_POINTS = {"9": 0, "J": 2, "Q": 3, "K": 4, "T": 10, "A": 11}


def glyph(code):
    """The suit sign of a card ("QH" -> "♥") or of a suit letter ("H")."""
    return SUIT_GLYPH[SUITS.index(code[-1] if len(code) > 1 else code)]


def is_red(code):
    return code[-1] in "DH"


def rank_label(code, lang="en"):
    """The rank on the card's face in lang: "Д" for a Russian queen, "10" for a ten."""
    return tr(lang, "rank_short:" + code[0])


def short_card(code, lang="en"):
    """"♥Q" / "♥Д", "♠10"."""
    return glyph(code) + rank_label(code, lang)


def card_name(lang, code, case="nom"):
    """"Дама червей" / "Queen of hearts"; case="acc" for "отдать Даму червей"."""
    rank = tr(lang, ("rank_acc:" if case == "acc" else "rank:") + code[0])
    return tr(lang, "card_name", rank=rank, suit=tr(lang, "suit_of:" + code[1]))


def card_points(codes):
    return sum(CARD_POINTS.get(c[0], 0) for c in codes)


def suit_name(lang, suit):
    """"♥ черви" (a trump)."""
    return glyph(suit) + " " + tr(lang, "suit:" + suit)


def fmt_delta(v):
    return "+" + str(v) if v > 0 else str(v)


def points_text(lang, value):
    """A number of points with its noun: "105 очков", "1 очко", "42 очка"; "105 points"."""
    return trn(lang, "points", int(round(float(value))))


def default_name(lang, seat):
    return tr(lang, "you") if seat == 0 else tr(lang, "bot_n", n=seat)


def is_default_name(name, seat):
    """A name the game gave by itself (in any language): shown as the language's default."""
    name = (name or "").strip() if isinstance(name, str) else ""
    if not name or name == "P" + str(seat):
        return True
    if seat == 0:
        return name in DEFAULT_YOU
    for w in DEFAULT_BOT_WORDS:
        if name == w + " " + str(seat):
            return True
    return False


class Text:
    """Messages in one language with the table's player names."""

    def __init__(self, lang, names=None):
        self.lang = lang if lang in LANG_CODES else DEFAULT_LANG
        self.names = list(names or [])

    def __call__(self, msg_id, **kw):
        return tr(self.lang, msg_id, **kw)

    def n(self, msg_id, n, **kw):
        return trn(self.lang, msg_id, n, **kw)

    def name(self, seat):
        if seat == "dead":
            return tr(self.lang, "dead_hand")
        if seat is None or not isinstance(seat, int):
            return "—"
        return self.names[seat] if 0 <= seat < len(self.names) else "#" + str(seat)

    def name_dat(self, seat):
        """The receiver of a card: "Боту 1", "игроку Маша", "мёртвой руке"."""
        if seat == "dead":
            return tr(self.lang, "dead_hand_dat")
        name = self.name(seat)
        if isinstance(seat, int) and seat > 0 and name == tr(self.lang, "bot_n", n=seat):
            return tr(self.lang, "bot_n_dat", n=seat)
        return tr(self.lang, "player_dat", name=name)

    def who(self, msg_id, seat, **kw):
        """A message about a player: the human (seat 0) gets the second person."""
        if seat == 0:
            return self(msg_id + "_you", name=self.name(seat), **kw)
        return self(msg_id, name=self.name(seat), **kw)

    def card(self, code, case="nom"):
        return card_name(self.lang, code, case)

    def short(self, code):
        return short_card(code, self.lang)

    def points(self, value):
        return points_text(self.lang, value)

    def points_gen(self, value):
        """After "около" / "близько" / "około": "около 43 очков"."""
        return trn(self.lang, "points_gen", int(round(float(value))))

    def suit(self, suit):
        return suit_name(self.lang, suit)
