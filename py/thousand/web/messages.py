"""The engine's words in the player's language: errors by code, rule and option labels.

The engine's errors reach the table as ``{"code", "params", "message"}`` (``to_json()`` of
IllegalAction, ConventionError, RecordError; thousand.web.service passes them on).  The
English ``message`` is for logs only: the player reads ``err:CODE`` from the catalogs, filled
with the params (a convention's id becomes its label, a seat its player's name, an allowed
value list its option labels) and the rule's section.  An unknown code gets the generic text
of its kind, never the English message.
"""
LINK_PROBLEMS_SHOWN = 3     # a link notice names at most this many problems, then "and N more"


def conv_label(t, cid, item=None):
    key = "conv:" + str(cid)
    from .i18n import has
    if has(t.lang, key):
        return t(key)
    if item:                           # a convention newer than the catalogs
        return item.get("label_ru") if t.lang in ("ru", "uk") else item.get("label_en") or str(cid)
    return str(cid)


def option_label(t, cid, value):
    """The words for one value of a convention: "первая рука"; numbers stay numbers."""
    from .i18n import has
    if value is True:
        return t("on")
    if value is False:
        return t("off")
    key = "opt:" + str(cid) + "=" + str(value)
    if has(t.lang, key):
        return t(key)
    if str(value) == "off":
        return t("off")
    return str(value).replace("-", "−") if isinstance(value, int) else str(value)


def preset_label(t, preset):
    from .i18n import has
    key = "preset:" + str(preset)
    return t(key) if has(t.lang, key) else str(preset)


def _known_conv(t, cid):
    from .i18n import has
    return has(t.lang, "conv:" + str(cid))


def explain(t, err):
    """An engine error (dict with code and params, or None) in the player's language."""
    from .i18n import has
    if not isinstance(err, dict):
        return t("err:error")
    code = str(err.get("code") or "")
    params = dict(err.get("params") or {})
    kw = {}
    for k, v in params.items():
        kw[k] = v
    field = params.get("field")
    if field is not None:
        kw["field"] = conv_label(t, field) if _known_conv(t, field) else str(field)
    if "other" in params:
        kw["other"] = conv_label(t, params["other"]) if _known_conv(t, params["other"]) else str(params["other"])
    if "seat" in params:
        s = params["seat"]
        kw["name"] = t.name(s if s == "dead" else (int(s) if str(s).isdigit() else s))
    if code == "bad_value" and field is not None and _known_conv(t, field):
        raw = params.get("value")
        kw["value"] = option_label(t, field, raw) if raw is not None else ""
    key = "err:" + code
    if code == "bad_value":
        if params.get("expected"):
            key = "err:bad_value:" + str(params["expected"])
        elif params.get("allowed") is not None:
            key = "err:bad_value:allowed"
            allowed = [a.strip() for a in str(params["allowed"]).split(",")]
            kw["allowed"] = ", ".join(option_label(t, field, _value(a)) for a in allowed)
        if not has(t.lang, key):
            key = "err:bad_value"
    kw.setdefault("value", "")
    kw.setdefault("field", "")
    kw.setdefault("name", "")
    if not has(t.lang, key):
        kind = {"illegal": "err:illegal", "bad_convention": "err:bad_convention",
                "bad_record": "err:bad_record"}.get(code)
        key = kind or ("err:illegal" if params.get("section") else "err:error")
    text = t(key, **kw)
    if text == key:                    # the placeholders did not fit: say it generically
        text = t("err:error")
    section = params.get("section")
    if section and key.startswith("err:") and code not in ("unreadable_action",):
        text += " (§" + str(section) + ")"
    return text


def _value(a):
    """A value as the engine's message wrote it ("on", "1000", "first_hand")."""
    if a == "on":
        return True
    try:
        return int(a)
    except ValueError:
        return a


def link_problems(t, errors):
    """A link's problems in a few words: at most LINK_PROBLEMS_SHOWN, then "and N more"."""
    errors = list(errors or [])
    shown = [explain(t, e) for e in errors[:LINK_PROBLEMS_SHOWN]]
    text = "; ".join(s[:120] for s in shown)
    rest = len(errors) - len(shown)
    if rest > 0:
        text += "; " + t.n("link_more", rest)
    return text


def rules_summary(t, conv):
    """A rule set in words: "Классика, 2 изменения" (a share link's rules, never the code)."""
    conv = dict(conv or {})
    preset = conv.pop("preset", "classic")
    text = preset_label(t, preset)
    n = len(conv)
    return text + (", " + t.n("changes", n) if n else "")
