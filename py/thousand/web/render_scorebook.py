"""The score sheet of a real game as a dialog: ``scorebook_dialog(view, ui, t)``
(``#dialog-scorebook``, ui.overlay == "scorebook"; the state is ``ui.scorebook``, see
thousand.web.scorebook).

Two faces: the setup of a new sheet (names, the rules with the settings' own fieldset, the
first dealer, starting scores) and the sheet itself (the rows scored by the engine in the
game's own sheet table, each with its events and an edit button; the entry form of the next
deal; undo, file, link, print).  Its words are the catalogs' (``sb_*``); the rows' marks,
bolts, barrel and events are drawn by the game's renderers (render_dialogs).
"""
from .dom import h
from .i18n import Text
from . import messages

KIND_LABELS = (("played", "sb_kind_played"), ("conceded", "sb_kind_conceded"),
               ("redeal", "sb_kind_redeal"))
SUIT_ORDER = ("S", "C", "D", "H")


def field_err(b, fid):
    text = (b.get("errors") or {}).get(fid)
    if not text:
        return None
    return h("p", {"cls": "field-error", "id": "err-" + fid, "role": "alert"}, text=text)


def invalid(b, fid):
    return {"aria-invalid": "true", "aria-describedby": "err-" + fid} if fid in (b.get("errors") or {}) else {}


def invalid_kw(b, fid):
    """The same, as keywords of render_dialogs.select (underscores become hyphens)."""
    return {"aria_invalid": "true", "aria_describedby": "err-" + fid} if fid in (b.get("errors") or {}) else {}


def number_input(fid, value, b, label, lo=None, hi=None, step=None, placeholder=None):
    a = {"type": "number", "id": fid, "inputmode": "numeric", "aria-label": label,
         "min": lo, "max": hi, "step": step, "placeholder": placeholder}
    a.update(invalid(b, fid))
    return h("input", a, props={"value": str(value)})


def scorebook_dialog(view, ui, t):
    b = ui.scorebook
    if b is None:
        return None
    from .render_dialogs import dialog
    mode = b.get("mode")
    if mode == "setup":
        return setup_dialog(ui, b, t)
    st = b.get("state")
    if mode != "sheet" or not st:
        return dialog("scorebook", t("sb_title"), h("p", {"cls": "note", "role": "status"},
                                                    text=t("sb_loading")), t=t)
    return sheet_dialog(ui, b, st, Text(t.lang, st.get("names") or []))


# ---- a new sheet ----------------------------------------------------------------------------
def setup_dialog(ui, b, t):
    from .render_dialogs import dialog, draft_players, rules_fieldset, select
    from .render_table import btn
    d = ui.draft
    if d is None:
        return None
    n = draft_players(d, ui)
    names = [h("legend", text=t("names"))]
    for i in range(n):
        value = d["names"][i] if i < len(d["names"]) else ""
        names.append(h("label", {"cls": "row"}, h("span", text=t("player_n", n=i + 1)),
                       h("input", {"id": "set-name-" + str(i), "type": "text", "maxlength": 24,
                                   "autocomplete": "off", "placeholder": t("player_n", n=i + 1)},
                         props={"value": value}), key="name-" + str(i)))
    shown = [(d["names"][i].strip() if i < len(d["names"]) else "") or t("player_n", n=i + 1)
             for i in range(n)]
    setup = b.get("setup") or {}
    dealer = setup.get("dealer", 0)
    start = [h("legend", text=t("sb_start")), h("p", {"cls": "note"}, text=t("sb_start_note"))]
    for i in range(n):
        typed = setup.get("start", [""] * 6)[i] if i < len(setup.get("start", [])) else ""
        start.append(h("label", {"cls": "row"}, h("span", text=shown[i]),
                       number_input("sb-start-" + str(i), typed, b, shown[i], step=5,
                                    placeholder="0"),
                       key="start-" + str(i)))
        start.append(field_err(b, "sb-start-" + str(i)))
    body = [h("p", {"cls": "note"}, text=t("sb_intro")),
            h("fieldset", None, *names),
            h("fieldset", None, h("legend", text=t("sb_first_dealer")),
              h("label", {"cls": "row"}, h("span", text=t("dealer")),
                select("sb-dealer", [(str(i), shown[i]) for i in range(n)],
                       str(dealer if dealer < n else 0), t("sb_first_dealer")))),
            h("fieldset", None, *start),
            h("fieldset", None, h("legend", text=t("sb_rules_link")),
              h("div", {"cls": "share"},
                h("input", {"id": "sb-rules-link", "type": "text", "autocomplete": "off",
                            "aria-label": t("sb_rules_link"), "placeholder": "…#rules=…",
                            "aria-invalid": "true" if "sb-rules-link" in (b.get("errors") or {}) else None},
                  props={"value": setup.get("link") or ""}),
                btn(t("sb_rules_apply"), "sb-rules-link", "btn", id="sb-btn-rules-link")),
              field_err(b, "sb-rules-link")),
            rules_fieldset(d, ui, t)]
    foot = []
    if d.get("error") or b.get("error"):
        foot.append(h("p", {"cls": "field-error form-error", "role": "alert", "id": "sb-setup-error"},
                      text=d.get("error") or b.get("error")))
    foot.append(h("div", {"cls": "dialog-buttons"},
                  btn(t("sb_begin"), "sb-start", "btn btn-primary", id="sb-btn-start"),
                  btn(t("close"), "close", "btn", id="sb-btn-close")))
    return dialog("scorebook", t("sb_new_title"),
                  h("div", {"cls": "settings", "id": "sb-setup"}, *body),
                  h("div", {"cls": "settings-foot"}, *foot), close=False, t=t)


# ---- the sheet ------------------------------------------------------------------------------
def row_notes(row, t, editing):
    """The last column of a row: its events in words and the edit button."""
    from .render_dialogs import event_text
    from .render_table import btn
    i = row["deal"]
    evs = [h("li", {"data-event": e.get("kind")}, text=event_text(e, t))
           for e in row.get("events") or [] if isinstance(e, dict)]
    return h("td", {"cls": "sb-notes"},
             h("ul", {"cls": "events sb-events"}, *evs) if evs else None,
             btn(t("sb_edit"), "sb-edit", "btn btn-small btn-quiet no-print", id="sb-edit-" + str(i),
                 data_value=i, aria_label=t("sb_edit_n", n=i + 1),
                 aria_pressed="true" if editing == i else None))


def sheet_dialog(ui, b, st, t):
    from .render_dialogs import dialog, sheet_table
    from .render_table import btn
    rows = st.get("rows") or []
    shown = {"names": st.get("names") or [], "sheet": rows, "scores": st.get("scores") or []}
    editing = b.get("editing")
    table = sheet_table(shown, t, row_extra=lambda row: row_notes(row, t, editing),
                        extra_head=t("sb_notes"))
    kids = [h("p", {"cls": "note sb-rules", "id": "sb-rules", "data-rules": st.get("rules_code")},
              text=t("rules") + ": " + messages.rules_summary(t, st.get("conventions"))),
            table]
    if st.get("finished"):
        w = st.get("winner")
        kids.append(h("p", {"cls": "winner", "id": "sb-winner", "data-winner": w},
                      text=t("sb_winner", name=t.name(w)) if w is not None else t("no_winner")))
    if not st.get("finished") or editing is not None:
        kids.append(entry_form(b, st, t))
    share = [btn(t("sb_undo"), "sb-undo", "btn", id="sb-btn-undo", disabled=not rows),
             btn(t("sb_export"), "sb-export", "btn", id="sb-btn-export"),
             btn(t("sb_import"), "sb-import", "btn", id="sb-btn-import"),
             h("input", {"id": "sb-import-file", "type": "file", "hidden": True,
                         "accept": ".json,application/json", "aria-label": t("sb_import")}),
             btn(t("sb_share"), "sb-share", "btn", id="sb-btn-share"),
             btn(t("sb_print"), "sb-print", "btn", id="sb-btn-print"),
             btn(t("sb_new"), "sb-new", "btn", id="sb-btn-new"),
             btn(t("close"), "close", "btn", id="sb-btn-close", data_autofocus=True)]
    kids.append(h("div", {"cls": "dialog-buttons no-print", "id": "sb-tools"}, *share))
    if b.get("share_status") or b.get("share_url"):
        kids.append(h("div", {"cls": "share no-print"},
                      h("span", {"cls": "share-status", "id": "sb-share-status", "role": "status"},
                        text=t("share_" + b["share_status"]) if b.get("share_status") else ""),
                      h("input", {"id": "sb-share-url", "type": "text", "readonly": True,
                                  "aria-label": t("sb_share_link")},
                        props={"value": b.get("share_url") or ""})))
    return dialog("scorebook", t("sb_title"), *kids, close=False, t=t)


def entry_form(b, st, t):
    from .render_dialogs import select
    from .render_table import btn
    from .scorebook import derived_points, to_int
    f = b.get("form") or {}
    ctx = b.get("ctx") or {}
    n = st.get("players") or len(st.get("names") or [])
    playing = ctx.get("playing") or list(range(n))
    editing = b.get("editing")
    deal = ctx.get("deal", 0)
    kind = f.get("kind", "played")
    info = [t("sb_deal_n", n=deal + 1, dealer=t.name(ctx.get("dealer")))]
    if ctx.get("doubled"):
        info.append(t("sb_golden"))
    for s in range(n):
        if (ctx.get("on_barrel") or [False] * n)[s]:
            info.append(t("sb_on_barrel", name=t.name(s), need=ctx.get("need")))
    kids = [h("legend", text=t("sb_edit_title", n=deal + 1) if editing is not None
              else t("sb_next_title", n=deal + 1)),
            h("p", {"cls": "note", "id": "sb-deal-info"}, text="; ".join(info))]
    kinds = [(k, t(label)) for k, label in KIND_LABELS if k != "conceded" or ctx.get("bidding")]
    kids.append(h("label", {"cls": "row"}, h("span", text=t("sb_kind")),
                  select("sb-kind", kinds, kind, t("sb_kind"))))
    kids.append(field_err(b, "sb-kind"))
    decl = None
    if kind != "redeal" and ctx.get("bidding"):
        gold = ctx.get("golden_declarer")
        decl = gold if gold is not None else to_int(f.get("declarer"))
        opts = [(str(s), t.name(s)) for s in playing]
        kids.append(h("label", {"cls": "row"}, h("span", text=t("sb_declarer")),
                      select("sb-declarer", opts, str(decl) if decl is not None else None,
                             t("sb_declarer"), disabled=True if gold is not None else None,
                             **invalid_kw(b, "sb-declarer"))))
        kids.append(field_err(b, "sb-declarer"))
        kids.append(h("label", {"cls": "row"}, h("span", text=t("sb_contract")),
                      number_input("sb-contract", f.get("contract", ""), b, t("sb_contract"),
                                   lo=100, hi=ctx.get("max_bid", 300), step=ctx.get("bid_step", 5))))
        kids.append(field_err(b, "sb-contract"))
        if ctx.get("blind"):
            kids.append(h("label", {"cls": "row"}, h("span", text=t("sb_blind")),
                          h("input", {"type": "checkbox", "id": "sb-blind"},
                            props={"checked": bool(f.get("blind"))})))
            kids.append(field_err(b, "sb-blind"))
        if kind == "played":
            kids.append(h("label", {"cls": "row"}, h("span", text=t("sb_result")),
                          select("sb-result", [("made", t("sb_made")), ("failed", t("sb_failed"))],
                                 f.get("result", "made"), t("sb_result"),
                                 **invalid_kw(b, "sb-result"))))
            kids.append(field_err(b, "sb-result"))
    if kind == "played":
        kids.append(points_table(b, f, ctx, st, t, n, playing, decl))
    elif kind == "conceded" and ctx.get("four_nines"):
        kids.append(nines_row(f, t, playing))
    if ctx.get("sitter") and kind != "redeal":
        sitter = ctx["sitter"][0]
        kids.append(h("label", {"cls": "row"},
                      h("span", text=t("sb_talon_points", name=t.name(sitter))),
                      number_input("sb-talon-points", f.get("talon_points", ""), b,
                                   t("sb_talon_points", name=t.name(sitter)), lo=0, hi=33,
                                   placeholder="0")))
        kids.append(field_err(b, "sb-talon-points"))
        kids.append(h("label", {"cls": "row"}, h("span", text=t("sb_talon_marriage")),
                      select("sb-talon-marriage", [("", "—")] + [(x, t("marriage:" + x)) for x in SUIT_ORDER],
                             f.get("talon_marriage", ""), t("sb_talon_marriage"))))
    buttons = [btn(t("sb_save_edit") if editing is not None else t("sb_add"), "sb-add",
                   "btn btn-primary", id="sb-btn-add")]
    if editing is not None:
        buttons.append(btn(t("sb_cancel_edit"), "sb-cancel-edit", "btn", id="sb-btn-cancel"))
    if b.get("error"):
        kids.append(h("p", {"cls": "field-error form-error", "role": "alert", "id": "sb-error"},
                      text=b["error"]))
    kids.append(h("div", {"cls": "dialog-buttons"}, *buttons))
    return h("fieldset", {"cls": "sb-form no-print", "id": "sb-form",
                          "data-editing": editing, "data-deal": deal}, *kids)


def nines_row(f, t, playing):
    return h("div", {"cls": "row sb-nines", "id": "sb-nines"},
             h("span", text=t("sb_four_nines")),
             *[h("label", None, h("input", {"type": "checkbox", "id": "sb-nines-" + str(s)},
                                  props={"checked": bool(f["nines"][s])}),
                 h("span", text=t.name(s))) for s in playing])


def points_table(b, f, ctx, st, t, n, playing, decl):
    """Per player: card points (the declarer's are derived where the rules allow), the
    marriages declared, four nines, a trick without points; and the deck's check."""
    from .scorebook import to_int
    from .render_seats import suit_sign
    suits = SUIT_ORDER + (("A",) if ctx.get("ace_marriage") else ())
    head = [h("th", {"scope": "col"}, text=t("sum_player")), h("th", {"scope": "col"}, text=t("sum_cards"))]
    if ctx.get("four_nines"):
        head.append(h("th", {"scope": "col"}, text=t("sb_four_nines")))
    if ctx.get("tricks_matter"):
        head.append(h("th", {"scope": "col"}, text=t("sb_trick")))
    body = []
    derived = None
    from .scorebook import derived_points
    if decl is not None:
        derived = derived_points(dict(f, declarer=str(decl)), ctx, n)
    total = 0
    known = True
    for s in playing:
        fid = "sb-points-" + str(s)
        if s == decl and ctx.get("derive"):
            # the rest of the deck; the others' points alone when they are already too many
            ok = derived is not None and derived >= 0
            cell = h("output", {"id": "sb-derived", "data-derived": derived if ok else None},
                     text=str(derived) if ok else ("—" if derived is not None else "…"))
            if derived is None:
                known = False
            elif ok:
                total += derived
        else:
            cell = number_input(fid, f["points"][s], b, t("sb_points_of", name=t.name(s)),
                                lo=0, hi=ctx.get("deck", 120), placeholder="0")
            v = to_int(f["points"][s])
            if v is None:
                known = False
            else:
                total += v
        melds = []
        for x in suits:
            melds.append(h("label", {"cls": "sb-meld"},
                           h("input", {"type": "checkbox", "id": "sb-meld-" + str(s) + "-" + x,
                                       "aria-label": t("sb_meld_of", name=t.name(s),
                                                       marriage=t("marriage:" + x))},
                             props={"checked": x in f["melds"][s]}),
                           suit_sign(x, t), key="m-" + x))
        cells = [h("th", {"scope": "row"}, text=t.name(s) + (" (" + t("sb_declarer_short") + ")" if s == decl else "")),
                 h("td", {"cls": "num"}, cell, field_err(b, fid))]
        if ctx.get("four_nines"):
            cells.append(h("td", None, h("input", {"type": "checkbox", "id": "sb-nines-" + str(s),
                                                   "aria-label": t("sb_four_nines") + ": " + t.name(s)},
                                         props={"checked": bool(f["nines"][s])})))
        if ctx.get("tricks_matter"):
            cells.append(h("td", None, h("input", {"type": "checkbox", "id": "sb-trick-" + str(s),
                                                   "aria-label": t("sb_trick") + ": " + t.name(s)},
                                         props={"checked": bool(f["trick"][s])})))
        body.append(h("tr", {"data-sb-seat": s, "cls": "sb-seat"}, *cells, key="p-" + str(s)))
        # the marriages on a line of their own under the player (narrow screens)
        body.append(h("tr", {"cls": "sb-melds-row"},
                      h("td", {"cls": "melds", "colspan": len(head)},
                        h("span", {"cls": "note"}, text=t("sum_melds") + ":"), *melds),
                      key="m-" + str(s)))
    deck = ctx.get("deck", 120)
    check = t("sb_points_sum", total=total, deck=deck) if known else t("sb_points_sum_open", deck=deck)
    bad = known and (total > deck or (ctx.get("derive") and total != deck))
    return h("div", {"cls": "sb-points-block"},
             h("div", {"cls": "sheet-wrap"},
               h("table", {"cls": "sheet sb-points", "id": "sb-points"},
                 h("thead", None, h("tr", None, *head)), h("tbody", None, *body))),
             h("p", {"cls": "note" + (" field-error" if bad else ""), "id": "sb-points-sum",
                     "data-total": total if known else None}, text=check),
             field_err(b, "sb-points"), field_err(b, "sb-melds"), field_err(b, "sb-nines"))
