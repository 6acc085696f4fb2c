"""The dialogs as functions: ``overlay(view, ui, lang) -> VNode`` (``#overlay-root``).

One builder per ``ui.overlay`` kind (DIALOGS): score sheet, last trick, marriage question,
deal summary, game over, "start a new game?", settings.  Reads only the view and the UIState
(the settings read the conventions catalog the engine sent at start, ``ui.catalog``; their
words come from the catalogs: every convention, option value and rule set has a label).
"""
from .dom import h
from .i18n import LANGS, fmt_delta
from .render_seats import icon, positions, seats, suit_sign, trick
from .render_table import btn, meld_question, text_for
from .ui_state import MAX_PENALTY, SPEEDS, TABLE_PLAYERS
from . import messages
from .render_review import challenge_results, challenge_share, in_challenge, review_dialog, summary_buttons

SECTIONS = ("6.1", "6.2", "6.3", "6.4", "6.5", "6.5a", "6.6", "6.7", "7")


def overlay(view, ui, lang):
    kind = ui.overlay
    kids = []
    build = DIALOGS.get(kind)
    if build is not None and (view is not None or kind in ("settings", "scorebook", "stats")):
        d = build(view, ui, text_for(view, ui, lang))
        if d is not None:
            kids.append(h("div", {"cls": "backdrop", "data-key": "backdrop-" + kind}, d))
    return h("div", {"id": "overlay-root"}, *kids)


def dialog(kind, title, *children, close=True, t=None):
    kids = [h("h2", {"id": "dialog-title-" + kind, "tabindex": "-1"}, text=title)]
    kids.extend(c for c in children if c is not None)
    if close:
        kids.append(h("div", {"cls": "dialog-buttons"},
                      btn(t("close"), "close", "btn", data_autofocus=True)))
    return h("div", {"cls": "dialog dialog-" + kind, "role": "dialog", "aria-modal": "true",
                     "aria-labelledby": "dialog-title-" + kind, "id": "dialog-" + kind}, *kids)


# ---- the score sheet -------------------------------------------------------------------------
def row_marks(row, t):
    """The declarer's mark in the sheet: made ✓, failed ✗, conceded, redeal; ×2; blind."""
    kids = []
    out = row.get("outcome")
    mark = {"made": "✓", "failed": "✗", "conceded": "✎"}.get(out, "")
    if mark:
        kids.append(h("span", {"cls": "outcome-mark outcome-" + out, "role": "img",
                               "aria-label": t(out, name="", contract="").strip()}, text=mark))
    if out == "redeal":
        kids.append(h("span", {"cls": "outcome-mark outcome-redeal"}, text=t("redeal_row")))
    if row.get("doubled"):
        kids.append(h("span", {"cls": "sheet-badge badge-golden", "title": t("mark_doubled"),
                               "data-mark": "doubled"}, icon("golden"), h("span", text="×2")))
    if row.get("blind"):
        kids.append(h("span", {"cls": "sheet-badge badge-blind", "title": t("mark_blind"),
                               "data-mark": "blind"}, icon("blind", t("mark_blind"))))
    return kids


def sheet_table(view, t, review=False, row_extra=None, extra_head=""):
    """The score sheet's rows (``view["sheet"]``); with `review`, each played deal's row has a
    "Разбор" button; ``row_extra(row)``: one more cell per row (the real game's sheet: events
    and edit, render_scorebook)."""
    n = seats(view)
    head = h("tr", None, h("th", {"scope": "col"}, text=t("deal")), h("th", {"scope": "col"}, text=""),
             *[h("th", {"scope": "col"}, text=t.name(s)) for s in n],
             h("th", {"scope": "col"}, text="") if review else None,
             h("th", {"scope": "col"}, text=extra_head) if row_extra else None)
    rows = []
    for row in view.get("sheet") or []:
        decl = row.get("declarer")
        who = []
        if decl is not None:
            who.append(h("span", text=t.name(decl) + " " + str(row.get("contract") or "")))
        cells = [h("td", text=str(row["deal"] + 1)),
                 h("td", {"cls": "decl"}, *who, *row_marks(row, t))]
        for s in n:
            parts = [h("span", {"cls": "delta"}, text=fmt_delta(row["delta"][s])),
                     h("span", {"cls": "total"}, text=str(row["scores"][s]))]
            b = row["bolts"][s]
            if b:
                parts.append(h("span", {"cls": "bolts", "role": "img",
                                        "aria-label": t("bolts") + ": " + str(b)}, text="/" * b))
            bar = row["barrel"][s]
            if bar.get("on"):
                parts.append(h("span", {"cls": "barrel-mark", "role": "img",
                                        "aria-label": t("barrel_aria", n=bar.get("attempts", 0))},
                               icon("barrel"), h("span", {"aria-hidden": "true"},
                                                 text=str(bar.get("attempts", 0)))))
            cells.append(h("td", {"cls": "num"}, *parts))
        if review:
            cells.append(h("td", {"cls": "review-cell"},
                           btn(t("review"), "review", "btn btn-small", data_value=row["deal"],
                               aria_label=t("review_title", n=row["deal"] + 1))
                           if row.get("outcome") != "redeal" else None))
        if row_extra:
            cells.append(row_extra(row))
        rows.append(h("tr", {"data-deal-row": row["deal"], "data-outcome": row.get("outcome"),
                             "data-doubled": "true" if row.get("doubled") else None,
                             "data-blind": "true" if row.get("blind") else None},
                      *cells, key="row-" + str(row["deal"])))
    foot = h("tr", None, h("th", {"scope": "row"}, text=t("total")), h("td"),
             *[h("td", {"cls": "num"}, text=str(view["scores"][s])) for s in n],
             h("td") if review else None,
             h("td") if row_extra else None)
    return h("div", {"cls": "sheet-wrap"},
             h("table", {"cls": "sheet", "id": "sheet-table"},
               h("thead", None, head), h("tbody", None, *rows), h("tfoot", None, foot)))


def sheet_dialog(view, ui, t):
    return dialog("sheet", t("sheet"), sheet_table(view, t, review=True), t=t)


def last_dialog(view, ui, t):
    lt = view.get("last_trick")
    if not lt:
        return dialog("last", t("last_trick"), t=t)
    shown = dict(view, trick=[], phase="play", last_trick=lt)
    body = h("div", {"id": "last-trick", "cls": "last-trick"}, trick(shown, t, positions(view)))
    return dialog("last", t("last_trick"), body, h("p", text=t.who("took_trick", lt["winner"])), t=t)


def meld_dialog(view, ui, t):
    code = ui.meld_card
    if not code:
        return None
    from .render_seats import card
    return dialog("meld", meld_question(code, t), h("div", {"cls": "cards-row"}, card(code, t)),
                  h("div", {"cls": "dialog-buttons"},
                    btn(t("meld_yes"), "meld", "btn btn-primary", id="btn-meld", data_autofocus=True),
                    btn(t("meld_no"), "play-plain", "btn", id="btn-play-plain")),
                  t=t)


# ---- the end of a deal and of the game --------------------------------------------------------
def outcome_text(row, t, deal_view=None):
    decl = row.get("declarer")
    out = row.get("outcome")
    if out == "redeal":
        by = row.get("redeal_by")
        return t.who("redeal_by", by) if by is not None else t("redeal_row")
    if out == "played":
        return t("played")
    if decl is None or out not in ("made", "failed", "conceded"):
        return ""
    text = t.who(out, decl, contract=row.get("contract"))
    pts = row.get("points") or []
    if out in ("made", "failed") and decl < len(pts):
        text += " — " + t("declarer_took", points=t.points(pts[decl]), contract=row.get("contract"))
    return text


def event_text(e, t):
    """A score-sheet event from the engine ({"kind", "seat", "value"}) in words."""
    if not isinstance(e, dict):
        return str(e)
    seat = e.get("seat")
    name = t.name(seat) if isinstance(seat, int) else ""
    value = e.get("value")
    kind = str(e.get("kind"))
    if isinstance(value, int) and kind in ("third_bolt", "third_concession"):
        value = fmt_delta(value)
    key = "ev_" + kind
    if kind == "barrel_fall" and e.get("why"):
        key = "ev_barrel_fall_" + str(e["why"])
    from .i18n import has
    if not has(t.lang, key):
        key = "ev_barrel_fall" if kind == "barrel_fall" else "ev_other"
    return t(key, name=name, value=value)


def summary_rows(view, row, deal_view, t):
    """Per seat: card points, marriages, bolt, change and score of the deal."""
    dv = deal_view or {}
    playing = dv.get("playing") or list(range(len(row["scores"])))
    played = row.get("outcome") in ("made", "failed", "played")
    head = h("tr", None, *[h("th", {"scope": "col"}, text=t(k)) for k in
                           ("sum_player", "sum_cards", "sum_melds", "sum_bolt", "sum_change", "sum_score")])
    body = []
    for s in seats(view):
        cards = "—"
        melds = []
        if played and s in playing and dv.get("card_points") is not None:
            cards = str(dv["card_points"][s])
            for m in dv.get("melds") or []:
                if m.get("seat") == s:
                    melds.append(h("span", {"cls": "meld", "data-meld": m["suit"]},
                                   suit_sign(m["suit"], t), h("span", text=str(m["value"]))))
        bolted = (row.get("bolted") or [False] * (s + 1))[s]
        name = t.name(s)
        if dv.get("sitting_out") == s:
            name += " (" + t("sitting_out") + ")"
        body.append(h("tr", {"data-summary-seat": s,
                             "cls": "declarer" if row.get("declarer") == s else None},
                      h("th", {"scope": "row"}, text=name),
                      h("td", {"cls": "num", "data-card-points": cards if cards != "—" else None}, text=cards),
                      h("td", {"cls": "melds"}, *(melds or [h("span", text="—")])),
                      h("td", {"cls": "bolt"}, h("span", {"cls": "bolts", "role": "img",
                                                          "aria-label": t("bolt")}, text="/")
                        if bolted else h("span", text="—")),
                      h("td", {"cls": "num delta"}, text=fmt_delta(row["delta"][s])),
                      h("td", {"cls": "num total"}, text=str(row["scores"][s])), key="sum-" + str(s)))
    return h("div", {"cls": "sheet-wrap"},
             h("table", {"cls": "sheet summary-table", "id": "summary-table"},
               h("thead", None, head), h("tbody", None, *body)))


def summary_dialog(view, ui, t):
    row = (ui.summary or {}).get("row")
    if row is None:
        return None
    dv = (ui.summary or {}).get("view")
    events = h("ul", {"cls": "events", "id": "summary-events"},
               *[h("li", text=event_text(e, t)) for e in row.get("events") or []])
    return dialog("summary", t("deal_over", n=row["deal"] + 1),
                  h("p", {"cls": "outcome", "id": "summary-outcome"},
                    h("span", text=outcome_text(row, t, dv)), *row_marks(dict(row, outcome=None), t)),
                  summary_rows(view, row, dv, t), events,
                  challenge_results(row, ui, t) if in_challenge(row, ui) else None,
                  summary_buttons(row, ui, t), challenge_share(row, ui, t),
                  close=False, t=t)


def over_reason(view, t):
    """Why the game ended: a barrel win, or a score at −1000 (and who leads then)."""
    sheet = view.get("sheet") or []
    last = sheet[-1] if sheet else {}
    kinds = [e.get("kind") for e in last.get("events") or [] if isinstance(e, dict)]
    scores = view.get("scores") or []
    w = view.get("winner")
    lines = []
    if "barrel_win" in kinds and w is not None:
        lines.append(t.who("over_barrel", w, score=scores[w]))
    elif "minus_1000" in kinds or (scores and min(scores) <= -1000):
        low = min(range(len(scores)), key=lambda s: scores[s])
        lines.append(t("over_minus", name=t.name(low), score=scores[low]))
        top = max(scores)
        if w is not None:
            lines.append(t("over_top", name=t.name(w), score=top))
        else:
            lines.append(t("over_tie", score=top))
    return lines


def over_dialog(view, ui, t):
    w = view.get("winner")
    title = t.who("winner", w) if w is not None else t("no_winner")
    owed = h("ul", {"cls": "settlement", "id": "settlement"},
             *[h("li", text=t("owes", debtor=t.name(d["from"]), winner=t.name(d["to"]), points=d["points"]))
               for d in view.get("settlement") or []])
    sheet = view.get("sheet") or []
    last = sheet[-1] if sheet else None
    return dialog("over", t("game_over"),
                  h("p", {"cls": "winner", "id": "winner", "data-winner": w}, text=title),
                  h("ul", {"cls": "over-reason", "id": "over-reason"},
                    *[h("li", text=x) for x in over_reason(view, t)]),
                  h("p", {"cls": "outcome"}, text=outcome_text(last, t)) if last else None,
                  owed, sheet_table(view, t, review=True),
                  h("div", {"cls": "dialog-buttons"},
                    btn(t("new_game"), "new-game", "btn btn-primary", id="btn-new-game-over",
                        data_autofocus=True)),
                  close=False, t=t)


def confirm_dialog(view, ui, t):
    return dialog("confirm", t("confirm_new_title"),
                  h("p", text=t("confirm_new_text", n=(view.get("deal_number") or 0) + 1)),
                  h("div", {"cls": "dialog-buttons"},
                    btn(t("keep_playing"), "close", "btn", id="btn-keep-playing", data_autofocus=True),
                    btn(t("confirm_new_yes"), "confirm-new-game", "btn btn-danger",
                        id="btn-confirm-new")),
                  close=False, t=t)


# ---- settings ---------------------------------------------------------------------------------
def select(id_, options, selected, label=None, **attrs):
    sel = None if selected is None else str(selected)
    a = {"id": id_, "aria-label": label}
    a.update({k.replace("_", "-"): v for k, v in attrs.items()})
    return h("select", a,
             *[h("option", {"value": value, "selected": str(value) == sel}, text=text)
               for value, text in options],
             props={"value": sel} if sel is not None else None)


def field_error(d, fid):
    """The form's own complaint about a field (intents.field), else the engine's."""
    err = (d.get("field_errors") or {}).get(fid) or (d.get("server_errors") or {}).get(fid)
    if not err:
        return None
    return h("p", {"cls": "field-error", "id": "err-" + fid, "role": "alert"}, text=err)


def settings_dialog(view, ui, t):
    d = ui.draft
    if d is None:
        return None
    players = draft_players(d, ui)
    gen = [h("legend", text=t("general")),
           h("label", {"cls": "row"}, h("span", text=t("lang")), select("set-lang", LANGS, d["lang"])),
           h("label", {"cls": "row"}, h("span", text=t("level")),
             select("set-level", [(x, t("level_" + x)) for x in ui.levels(d["level"])], d["level"])),
           h("label", {"cls": "row"}, h("span", text=t("speed")),
             select("set-speed", [(x, t("speed_" + x)) for x in SPEEDS], d["speed"]))]
    disp = [h("legend", text=t("display")),
            h("label", {"cls": "row"}, h("span", text=t("show_points")),
              h("input", {"type": "checkbox", "id": "set-show_points"},
                props={"checked": bool(d.get("show_points", True))}))]
    names = [h("legend", text=t("names")), h("p", {"cls": "note"}, text=t("names_note"))]
    from .i18n import default_name
    for i in range(players):
        value = d["names"][i] if i < len(d["names"]) else ""
        names.append(h("label", {"cls": "row"}, h("span", text=t("player_n", n=i + 1)),
                       h("input", {"id": "set-name-" + str(i), "type": "text", "maxlength": 24,
                                   "autocomplete": "off", "placeholder": default_name(t.lang, i)},
                         props={"value": value}), key="name-" + str(i)))
    body = [h("fieldset", None, *gen), h("fieldset", None, *disp), h("fieldset", None, *names),
            rules_fieldset(d, ui, t)]
    share = [btn(t("share"), "share", "btn", id="btn-share"),
             h("span", {"cls": "share-status", "id": "share-status", "role": "status"},
               text=t("share_" + ui.share_status) if ui.share_status else "")]
    if ui.share_url:
        share.append(h("input", {"id": "share-url", "type": "text", "readonly": True,
                                 "aria-label": t("share_link")}, props={"value": ui.share_url}))
    body.append(h("div", {"cls": "share"}, *share))
    body.append(h("div", {"cls": "share game-file", "aria-label": t("game_file")},
                  btn(t("export"), "export", "btn", id="btn-export", disabled=view is None),
                  btn(t("import"), "import", "btn", id="btn-import"),
                  h("input", {"id": "import-file", "type": "file", "hidden": True,
                              "accept": ".json,application/json", "aria-label": t("import")})))
    # the score sheet of a real game and the statistics (issue 11): dialogs of their own
    body.append(h("div", {"cls": "share more-tools"},
                  btn(t("sb_open"), "scorebook", "btn", id="btn-scorebook"),
                  btn(t("stats_open"), "stats", "btn", id="btn-stats")))
    body.append(h("p", {"cls": "version", "id": "version"},
                  text=t("version") + ": thousand " + (ui.version or "…") + " · build " + (ui.build or "?")))
    foot = []
    if d.get("error"):
        foot.append(h("p", {"cls": "field-error form-error", "role": "alert", "id": "settings-error"},
                      text=d["error"]))
    in_game = view is not None and not view.get("finished") and (view.get("action_count") or 0) > 0
    changed = rules_differ(d, ui, view)
    if in_game and changed:
        foot.append(h("p", {"cls": "note", "id": "rules-note"}, text=t("rules_in_force")))
    foot.append(h("div", {"cls": "dialog-buttons"},
                  btn(t("apply_next") if (in_game and changed) else t("save"), "apply-settings",
                      "btn btn-primary", id="btn-apply"),
                  btn(t("apply_new"), "apply-new", "btn", id="btn-apply-new"),
                  btn(t("close"), "close", "btn", id="btn-settings-close")))
    return dialog("settings", t("settings"),
                  h("div", {"cls": "settings", "id": "settings-form"}, *body),
                  h("div", {"cls": "settings-foot", "id": "settings-foot"}, *foot),
                  close=False, t=t)


def draft_players(d, ui):
    n = ui.table_rules(d["conv"]).get("players", 3)
    return n if isinstance(n, int) and 2 <= n <= 6 else 3


def rules_differ(d, ui, view):
    """Do the rules in the form differ from those of the game on the table?"""
    if view is None:
        return False
    return ui.table_rules(view.get("conventions")) != ui.table_rules(d["conv"])


def offered_rules(cat, conv):
    """What the settings offer: (presets, catalog items).  Every player count the engine
    plays is offered (TABLE_PLAYERS); the §7 variants only for the count they are about."""
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
    base = values.get(preset) or {}
    four_mode = conv.get("four_mode", base.get("four_mode"))
    items = []
    for item in cat.get("catalog") or []:
        cid = item["id"]
        if cid == "players":
            if len(counts) < 2:
                continue
            item = dict(item, values=sorted(n for n in item.get("values") or [] if n in counts))
        elif cid == "two_mode" and players != 2:
            continue
        elif cid == "four_mode" and players != 4:
            continue
        elif cid == "sitter_marriage" and not (players == 4 and four_mode == "dealer_sits_out"):
            continue
        elif item["section"] == "7" and cid not in ("two_mode", "four_mode", "sitter_marriage"):
            continue
        items.append(item)
    return presets, items


def option_text(t, cid, value):
    return messages.option_label(t, cid, value)


def rules_fieldset(d, ui, t):
    cat = ui.catalog or {}
    conv = d["conv"]
    preset = conv.get("preset", "classic")
    base = (cat.get("preset_values") or {}).get(preset) or {}
    presets, items = offered_rules(cat, conv)
    kids = [h("legend", text=t("rules")),
            h("label", {"cls": "row"}, h("span", text=t("preset")),
              select("set-preset", [(p, messages.preset_label(t, p)) for p in presets], preset))]
    by_section = {}
    for item in items:
        by_section.setdefault(item["section"], []).append(item)
    for sec in SECTIONS:
        sec_items = by_section.get(sec)
        if not sec_items:
            continue
        rows = [h("legend", text="§" + sec + " " + t("sec_" + sec))]
        for item in sec_items:
            cid = item["id"]
            value = conv.get(cid, base.get(cid))
            label = messages.conv_label(t, cid, item)
            err = field_error(d, "conv-" + cid)
            extra = {"aria_invalid": "true" if err else None,
                     "aria_describedby": "err-conv-" + cid if err else None}
            if item["kind"] == "bool":
                inp = h("input", {"type": "checkbox", "id": "conv-" + cid}, props={"checked": bool(value)})
            elif item.get("values"):
                inp = select("conv-" + cid, [(o, option_text(t, cid, o)) for o in item["values"]], value,
                             **extra)
            elif item["kind"] == "threshold":      # off, or points 0-120 (empty: off)
                inp = h("input", {"type": "number", "id": "conv-" + cid, "step": 1, "min": 0,
                                  "max": 120, "inputmode": "numeric", "placeholder": t("off"),
                                  "aria-invalid": extra["aria_invalid"],
                                  "aria-describedby": extra["aria_describedby"]},
                        props={"value": "" if value in (None, "off") else str(value)})
            else:                                  # the penalty: a positive multiple of 5
                inp = h("input", {"type": "number", "id": "conv-" + cid, "step": 5, "min": 5,
                                  "max": MAX_PENALTY, "inputmode": "numeric",
                                  "aria-invalid": extra["aria_invalid"],
                                  "aria-describedby": extra["aria_describedby"]},
                        props={"value": str(value)})
            rows.append(h("div", {"cls": "conv-row" + (" invalid" if err else ""), "data-conv": cid},
                          h("label", {"cls": "row conv"},
                            h("span", {"cls": "conv-label"}, h("span", {"cls": "conv-text"}, text=label)),
                            inp),
                          err, key="conv-" + cid))
        kids.append(h("fieldset", {"cls": "section", "data-section": sec}, *rows, key="sec-" + sec))
    return h("fieldset", {"id": "rules"}, *kids)


DIALOGS = {"sheet": sheet_dialog, "last": last_dialog, "meld": meld_dialog,
           "summary": summary_dialog, "over": over_dialog, "confirm": confirm_dialog,
           "settings": settings_dialog, "review": review_dialog}
# issue 11: the score sheet of a real game, the statistics (modules of their own)
from .render_scorebook import scorebook_dialog  # noqa: E402
from .render_stats import stats_dialog  # noqa: E402
DIALOGS.update({"scorebook": scorebook_dialog, "stats": stats_dialog})
