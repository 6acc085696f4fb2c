"""The dialogs as functions: ``overlay(view, ui, lang) -> VNode`` (``#overlay-root``).

One builder per ``ui.overlay`` kind (DIALOGS): score sheet, last trick, marriage question,
deal summary, game over, settings.  Reads only the view and the UIState (the settings read
the conventions catalog the engine sent at start, ``ui.catalog``).
"""
from .dom import h
from .i18n import fmt_delta
from .render_table import btn, card, meld_question, seats, text_for
from .ui_state import LANGS, LEVELS, SPEEDS, TABLE_PLAYERS

SECTIONS = ("6.1", "6.2", "6.3", "6.4", "6.5", "6.5a", "6.6", "6.7", "7")


def overlay(view, ui, lang):
    kind = ui.overlay
    kids = []
    build = DIALOGS.get(kind)
    if build is not None and (view is not None or kind == "settings"):
        d = build(view, ui, text_for(view, ui, lang))
        if d is not None:
            kids.append(h("div", {"cls": "backdrop", "data-key": "backdrop-" + kind}, d))
    return h("div", {"id": "overlay-root"}, *kids)


def dialog(kind, title, *children, close=True, t=None):
    kids = [h("h2", text=title)]
    kids.extend(c for c in children if c is not None)
    if close:
        kids.append(h("div", {"cls": "dialog-buttons"},
                      btn(t("close"), "close", "btn", data_autofocus=True)))
    return h("div", {"cls": "dialog dialog-" + kind, "role": "dialog", "aria-modal": "true",
                     "aria-label": title, "id": "dialog-" + kind}, *kids)


def sheet_table(view, t):
    n = seats(view)
    head = h("tr", None, h("th", {"scope": "col"}, text=t("deal")), h("th", {"scope": "col"}, text=""),
             *[h("th", {"scope": "col"}, text=t.name(s)) for s in n])
    rows = []
    for row in view.get("sheet") or []:
        decl = row.get("declarer")
        mark = {"made": "✓", "failed": "✗", "conceded": "✎"}.get(row.get("outcome"), "")
        cells = [h("td", text=str(row["deal"] + 1)),
                 h("td", {"cls": "decl"},
                   text=(t.name(decl) + " " + str(row.get("contract") or "") + " " + mark).strip()
                   if decl is not None else "")]
        for s in n:
            parts = [h("span", {"cls": "delta"}, text=fmt_delta(row["delta"][s])),
                     h("span", {"cls": "total"}, text=str(row["scores"][s]))]
            b = row["bolts"][s]
            if b:
                parts.append(h("span", {"cls": "bolts"}, text="/" * b))
            bar = row["barrel"][s]
            if bar.get("on"):
                parts.append(h("span", {"cls": "barrel-mark"}, text="🛢" + str(bar.get("attempts", 0))))
            cells.append(h("td", {"cls": "num"}, *parts))
        rows.append(h("tr", {"data-deal-row": row["deal"]}, *cells, key="row-" + str(row["deal"])))
    foot = h("tr", None, h("th", {"scope": "row"}, text=t("total")), h("td"),
             *[h("td", {"cls": "num"}, text=str(view["scores"][s])) for s in n])
    return h("div", {"cls": "sheet-wrap"},
             h("table", {"cls": "sheet", "id": "sheet-table"},
               h("thead", None, head), h("tbody", None, *rows), h("tfoot", None, foot)))


def sheet_dialog(view, ui, t):
    return dialog("sheet", t("sheet"), sheet_table(view, t), t=t)


def last_dialog(view, ui, t):
    lt = view.get("last_trick")
    body = h("div", {"cls": "cards-row", "id": "last-trick"},
             *[h("div", {"cls": "slot"}, card(code, t.lang), h("span", {"cls": "who"}, text=t.name(seat)))
               for seat, code in (lt["cards"] if lt else [])])
    cap = h("p", text=t.who("took_trick", lt["winner"])) if lt else None
    return dialog("last", t("last_trick"), body, cap, t=t)


def meld_dialog(view, ui, t):
    code = ui.meld_card
    if not code:
        return None
    return dialog("meld", meld_question(code, t), h("div", {"cls": "cards-row"}, card(code, t.lang)),
                  h("div", {"cls": "dialog-buttons"},
                    btn(t("meld_yes"), "meld", "btn btn-primary", id="btn-meld", data_autofocus=True),
                    btn(t("meld_no"), "play-plain", "btn", id="btn-play-plain")),
                  t=t)


def outcome_text(row, t) -> str:
    decl = row.get("declarer")
    key = row.get("outcome") if row.get("outcome") in ("made", "failed", "conceded") else None
    if decl is None or key is None:
        return ""
    return t.who(key, decl, contract=row.get("contract"))


def event_text(e, t) -> str:
    """A score-sheet event from the engine ({"kind", "seat", "value"}) in words."""
    if not isinstance(e, dict):
        return str(e)
    seat = e.get("seat")
    name = t.name(seat) if isinstance(seat, int) else ""
    value = e.get("value")
    if isinstance(value, int) and e.get("kind") in ("third_bolt", "third_concession"):
        value = fmt_delta(value)
    return t("ev_" + str(e.get("kind")), name=name, value=value)


def summary_dialog(view, ui, t):
    row = (ui.summary or {}).get("row")
    if row is None:
        return None
    lines = h("ul", {"cls": "summary"},
              *[h("li", None, h("span", text=t.name(s)),
                  h("span", {"cls": "delta"}, text=fmt_delta(row["delta"][s])),
                  h("span", {"cls": "total"}, text=str(row["scores"][s]))) for s in seats(view)])
    events = h("ul", {"cls": "events"}, *[h("li", text=event_text(e, t)) for e in row.get("events") or []])
    return dialog("summary", t("deal_over", n=row["deal"] + 1),
                  h("p", {"cls": "outcome"}, text=outcome_text(row, t)), lines, events,
                  h("div", {"cls": "dialog-buttons"},
                    btn(t("next_deal"), "next-deal", "btn btn-primary", id="btn-next-deal",
                        data_autofocus=True),
                    btn(t("sheet"), "sheet", "btn")),
                  close=False, t=t)


def over_dialog(view, ui, t):
    w = view.get("winner")
    title = t.who("winner", w) if w is not None else t("no_winner")
    owed = h("ul", {"cls": "settlement", "id": "settlement"},
             *[h("li", text=t("owes", debtor=t.name(d["from"]), winner=t.name(d["to"]), points=d["points"]))
               for d in view.get("settlement") or []])
    return dialog("over", t("game_over"),
                  h("p", {"cls": "winner", "id": "winner", "data-winner": w}, text=title),
                  owed, sheet_table(view, t),
                  h("div", {"cls": "dialog-buttons"},
                    btn(t("new_game"), "new-game", "btn btn-primary", id="btn-new-game-over",
                        data_autofocus=True)),
                  close=False, t=t)


def select(id_, options, selected, label=None):
    sel = None if selected is None else str(selected)
    return h("select", {"id": id_, "aria-label": label},
             *[h("option", {"value": value, "selected": str(value) == sel}, text=text)
               for value, text in options],
             props={"value": sel} if sel is not None else None)


def settings_dialog(view, ui, t):
    d = ui.draft
    if d is None:
        return None
    kids = []
    if d.get("error"):
        kids.append(h("p", {"cls": "message", "role": "alert", "id": "settings-error"}, text=d["error"]))
    gen = [h("legend", text=t("settings")),
           h("label", {"cls": "row"}, h("span", text=t("lang")), select("set-lang", LANGS, d["lang"])),
           h("label", {"cls": "row"}, h("span", text=t("level")),
             select("set-level", [(x, t("level_" + x)) for x in LEVELS], d["level"])),
           h("label", {"cls": "row"}, h("span", text=t("speed")),
             select("set-speed", [(x, t("speed_" + x)) for x in SPEEDS], d["speed"]))]
    for i, name in enumerate(d["names"]):
        gen.append(h("label", {"cls": "row"}, h("span", text=t("player_n", n=i + 1)),
                     h("input", {"id": "set-name-" + str(i), "type": "text", "maxlength": 24,
                                 "autocomplete": "off"}, props={"value": name})))
    kids.append(h("fieldset", None, *gen))
    kids.append(h("div", {"cls": "dialog-buttons"},
                  btn(t("save"), "apply-settings", "btn btn-primary", id="btn-apply")))
    kids.append(rules_fieldset(d, ui, t))
    share = [btn(t("share"), "share", "btn", id="btn-share")]
    if ui.share_url:
        share.append(h("input", {"id": "share-url", "type": "text", "readonly": True,
                                 "aria-label": t("share_link")}, props={"value": ui.share_url}))
    kids.append(h("div", {"cls": "share"}, *share))
    kids.append(h("div", {"cls": "share game-file", "aria-label": t("game_file")},
                  btn(t("export"), "export", "btn", id="btn-export", disabled=view is None),
                  btn(t("import"), "import", "btn", id="btn-import"),
                  h("input", {"id": "import-file", "type": "file", "hidden": True,
                              "accept": ".json,application/json", "aria-label": t("import")})))
    kids.append(h("p", {"cls": "version", "id": "version"},
                  text=t("version") + ": thousand " + (ui.version or "…") + " · build " + (ui.build or "?")))
    kids.append(h("div", {"cls": "dialog-buttons"},
                  btn(t("apply_new"), "apply-new", "btn btn-primary", id="btn-apply-new"),
                  btn(t("close"), "close", "btn")))
    return dialog("settings", t("settings"), h("div", {"cls": "settings", "id": "settings-form"}, *kids),
                  close=False, t=t)


def offered_rules(cat, conv):
    """What the settings offer: (presets, catalog items), only for player counts the table
    draws (TABLE_PLAYERS).  The game's own preset and player count stay listed even when a
    link brought another one, so the form always shows the rules in force."""
    values = cat.get("preset_values") or {}
    preset = conv.get("preset", "classic")
    presets = [p for p in cat.get("presets") or [] if p == preset
               or (values.get(p) or {}).get("players", 3) in TABLE_PLAYERS]
    if preset not in presets:
        presets.append(preset)
    players = conv.get("players", (values.get(preset) or {}).get("players", 3))
    counts = [n for n in TABLE_PLAYERS]
    if players not in counts:
        counts.append(players)
    items = []
    for item in cat.get("catalog") or []:
        if item["id"] == "players":
            if len(counts) < 2:
                continue
            item = dict(item, values=[n for n in item.get("values") or [] if n in counts])
        elif item["section"] == "7" and counts == [3]:
            continue        # the variants for 2, 4, 5, 6 players mean nothing at three
        items.append(item)
    return presets, items


def rules_fieldset(d, ui, t):
    cat = ui.catalog or {}
    conv = d["conv"]
    preset = conv.get("preset", "classic")
    base = (cat.get("preset_values") or {}).get(preset) or {}
    presets, items = offered_rules(cat, conv)
    kids = [h("legend", text=t("rules")),
            h("label", {"cls": "row"}, h("span", text=t("preset")),
              select("set-preset", [(p, p) for p in presets], preset))]
    by_section = {}
    for item in items:
        by_section.setdefault(item["section"], []).append(item)
    for sec in SECTIONS:
        items = by_section.get(sec)
        if not items:
            continue
        rows = [h("legend", text="§" + sec + " " + t("sec_" + sec))]
        for item in items:
            cid = item["id"]
            value = conv.get(cid, base.get(cid))
            label = item["label_ru"] if t.lang == "ru" else item["label_en"]
            if item["kind"] == "bool":
                inp = h("input", {"type": "checkbox", "id": "conv-" + cid}, props={"checked": bool(value)})
            elif item.get("values"):
                inp = select("conv-" + cid, [(o, str(o)) for o in item["values"]], value)
            elif item["kind"] == "threshold":      # off, or points 0-120 (empty: off)
                inp = h("input", {"type": "number", "id": "conv-" + cid, "step": 5, "min": 0,
                                  "max": 120, "inputmode": "numeric", "placeholder": t("off")},
                        props={"value": "" if value in (None, "off") else str(value)})
            else:
                inp = h("input", {"type": "number", "id": "conv-" + cid, "step": 5, "min": 5,
                                  "inputmode": "numeric"}, props={"value": str(value)})
            rows.append(h("label", {"cls": "row conv", "data-conv": cid},
                          h("span", {"cls": "conv-label"},
                            h("span", {"cls": "conv-text"}, text=label),
                            h("small", {"cls": "conv-id"}, text=cid)),
                          inp, key="conv-" + cid))
        kids.append(h("fieldset", {"cls": "section", "data-section": sec}, *rows, key="sec-" + sec))
    return h("fieldset", {"id": "rules"}, *kids)


DIALOGS = {"sheet": sheet_dialog, "last": last_dialog, "meld": meld_dialog,
           "summary": summary_dialog, "over": over_dialog, "settings": settings_dialog}
