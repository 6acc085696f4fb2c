"""The table as a function: ``table(view, ui, lang) -> VNode`` (``#table``).

Reads only the engine's view of the human (seat 0) and the UIState; never the engine.  The
seats sit around the table (render_seats: 2 to 6 players, the human at the bottom); the
middle shows the bidding, the talon, the given cards, the trick (each card in front of the
seat that played it), the marriage announcement (a polite live region) and the status.

DOM contract (README): ``#table[data-phase]``, ``[data-seat]``, ``[data-card]`` with
``data-legal``, the ``data-action`` names, the data-* state on ``#table``; and since issue 9
``#bids``, ``#gives`` / ``[data-given]``, ``[data-points]``, ``#announce``.
"""
from .dom import h
from .i18n import MARRIAGE_VALUE, Text, card_points, fmt_delta
from .render_seats import (before_play, backs, bids_list, card, dead_block, discards_block,
                           given_cards_in_hand, gives_block, human_marks, icon, opponents,
                           positions, ring, seat_box, seat_head, seats, stock_block, talon_block,
                           talon_cards_in_hand, trick)
from .ui_state import HUMAN

__all__ = ["table", "opponents", "seats", "seat_box", "seat_head", "card", "backs", "before_play"]

# (message id, data-action, icon, short label id)
TOOLS = (("last_trick", "last-trick", "last", "last_trick_short"), ("sheet", "sheet", "sheet", "sheet_short"),
         ("settings", "settings", "settings", "settings_short"), ("new_game", "new-game", "new", "new_game_short"))


def btn(label, action, cls="btn", **attrs):
    a = {"type": "button", "cls": cls, "data-action": action}
    for k, v in attrs.items():
        a[k.replace("_", "-")] = v
    return h("button", a, text=label)


def text_for(view, ui, lang):
    return Text(lang, ui.names(view) if view else [])


def shown_view(view, ui):
    """While the deal summary is open the table keeps showing the finished deal."""
    if ui.summary and ui.summary.get("view") and ui.in_summary() and not view.get("finished"):
        return ui.summary["view"], True
    return view, False


def hinted_action(view, ui):
    hnt = ui.hint
    if hnt and hnt.get("status") == "done" and hnt.get("at") == view.get("action_count"):
        return hnt.get("action")
    return None


# ---- the whole table ---------------------------------------------------------------------
def table(view, ui, lang):
    t = text_for(view, ui, lang)
    if view is None:
        body = [topbar(None, ui, t), notices(ui, t)]
        if ui.ready:
            body.append(h("div", {"cls": "empty"}, btn(t("new_game"), "new-game", "btn btn-primary")))
        return h("div", {"id": "table", "cls": "table", "data-phase": "none", "data-lang": lang},
                 *body)
    v, finished_deal = shown_view(view, ui)
    cur = v.get("current_seat")
    n = len(v.get("names") or [])
    attrs = {
        "id": "table", "cls": "table seats-" + str(n) + ("" if ui.ready else " waiting")
        + " speed-" + str(ui.settings.get("speed") or "normal"),
        "data-lang": lang, "data-phase": v["phase"],
        "data-showing": "finished-deal" if finished_deal else "",
        "data-turn": "" if cur is None else str(cur),
        "data-human-turn": "true" if ui.can_act(v) else "false",
        "data-deal": str(v.get("deal_number", "")),
        "data-actions": str(view.get("action_count", "")),
        "data-rules": view.get("rules_code") or "",
        "data-trump": v.get("trump") or "",
        "data-seats": str(n),
        "data-golden": "true" if v.get("golden_deal") else None,
        "data-blind": "true" if v.get("blind") else None,
        "data-challenge": "true" if ui.challenge is not None else None,
    }
    return h("div", attrs,
             topbar(v, ui, t), notices(ui, t),
             ring(v, ui, t, center(v, ui, t)),
             controls(v, ui, t), player_box(v, ui, t))


def topbar(v, ui, t):
    info = ""
    if v is not None and v.get("deal_number") is not None:
        dealer = v.get("dealer")
        info = (t("game_info_you", n=v["deal_number"] + 1) if dealer == 0 else
                t("game_info", n=v["deal_number"] + 1, dealer=t.name(dealer)))
    has_last = bool(v and v.get("last_trick"))
    tools = []
    for key, action, ico, short in TOOLS:
        label = t(key)
        off = (action == "last-trick" and not has_last)
        tools.append(h("button", {"type": "button", "cls": "btn btn-small tool tool-" + action,
                                  "data-action": action, "aria-label": label, "title": label,
                                  "disabled": off},
                       icon(ico),
                       h("span", {"cls": "tool-short", "aria-hidden": "true"}, text=t(short)),
                       h("span", {"cls": "tool-long", "aria-hidden": "true"}, text=label)))
    return h("header", {"cls": "topbar"},
             h("h1", {"cls": "logo"}, text=t("title")),
             h("span", {"cls": "info", "id": "deal-info"}, text=info),
             h("nav", {"cls": "tools", "aria-label": t("tools")}, *tools))


def notices(ui, t):
    items = []
    for n in ui.notices:
        kids = [h("span", {"cls": "notice-text"}, text=n["text"])]
        for label, action in n["actions"]:
            kids.append(btn(t(label), action, "btn btn-small"))
        if n["kind"] not in ("corrupt", "future", "other-tab", "engine", "challenge"):
            kids.append(btn("×", "dismiss", "btn btn-small btn-quiet", data_kind=n["kind"],
                            aria_label=t("dismiss")))
        items.append(h("div", {"cls": "notice notice-" + n["kind"], "role": "alert",
                               "data-notice": n["kind"]}, *kids, key="notice-" + n["kind"]))
    return h("div", {"cls": "notices", "id": "notices"}, *items)


# ---- compatibility names (tests and tools use them) -----------------------------------------
def seat_status(v, t, s):
    from .render_seats import bid_text
    return bid_text(v, t, s)


def legal_cards(v, ui):
    if not ui.can_act(v):
        return set()
    out = set()
    for a in v.get("legal") or []:
        verb, _, rest = a.partition(" ")
        if verb in CARD_VERBS and rest:
            out.add(rest.split()[0])
    return out


def focus_card(v, ui, cards, playable):
    """The hand's one Tab stop (roving tabindex): the card the player last moved to, else
    the first card he may play."""
    if ui.hand_focus in cards:
        return ui.hand_focus
    for c in cards:
        if c in playable:
            return c
    return cards[0] if cards else None


def player_box(v, ui, t):
    turn = v.get("current_seat") == HUMAN
    playable = legal_cards(v, ui)
    choosing = ui.can_act(v) and v["phase"] in ("play", "giving", "discard") and bool(v.get("legal"))
    hinted = hinted_action(v, ui) or ""
    parts = hinted.split()
    hint_card = parts[1] if len(parts) > 1 and parts[0] in CARD_VERBS else None
    hand = v.get("hand")
    from_talon = talon_cards_in_hand(v)
    given = given_cards_in_hand(v)
    codes = list(hand or [])
    tab = focus_card(v, ui, codes, playable)
    cards = []
    for code in codes:
        cls = []
        attrs = {"tabindex": "0" if code == tab else "-1"}
        label = t.card(code)
        if choosing:
            attrs["data_legal"] = "true" if code in playable else "false"
            if code not in playable:
                cls.append("dim")
        if ui.selected == code:
            attrs["aria_pressed"] = "true"
            cls.append("selected")
        if choosing and hint_card == code:
            cls.append("hinted")
            attrs["data_hint"] = "true"
        if code in from_talon:
            cls.append("from-talon")
            attrs["data_from_talon"] = "true"
            label += " (" + t("talon_mark") + ")"
        if code in given:
            cls.append("given")
            attrs["data_received"] = "true"
            label += " (" + t("given_mark") + ")"
        attrs["aria_label"] = label
        c = card(code, t, tag="button", **attrs)
        if cls:
            c.attrs["class"] = c.attrs["class"] + " " + " ".join(cls)
        cards.append(c)
    if hand is None and (v.get("hand_sizes") or [0])[HUMAN]:
        body = backs(v["hand_sizes"][HUMAN], t, "hand-backs")
        hand_el = h("div", {"cls": "hand hidden", "id": "hand", "role": "group",
                            "aria-label": t("hand_hidden")}, body)
    else:
        hand_el = h("div", {"cls": "hand", "id": "hand", "role": "group", "aria-label": t("hand")},
                    *cards)
    return h("section", {"cls": "seat me" + (" turn" if turn else "")
                         + (" declarer" if v.get("declarer") == HUMAN else ""),
                         "data-seat": HUMAN, "data-pos": "bottom",
                         "data-turn": "true" if turn else None},
             h("div", {"cls": "me-head"}, *human_marks(v, ui, t)),
             hand_el)


# ---- the middle of the table -------------------------------------------------------------
def center(v, ui, t):
    ph = v["phase"]
    pos = positions(v)
    kids = [center_info(v, t)]
    for block in (bids_list(v, t), talon_block(v, t), gives_block(v, t), discards_block(v, t),
                  dead_block(v, t), stock_block(v, t)):
        if block is not None:
            kids.append(block)
    if ph in ("play", "done"):
        kids.append(trick(v, t, pos))
        if trick_done_winner(v) is not None:
            kids.append(h("div", {"cls": "trick-caption", "id": "trick-caption"},
                          text=t.who("took_trick", trick_done_winner(v))))
    kids.append(announce_line(v, t))
    kids.append(h("div", {"cls": "status", "id": "status", "role": "status"},
                  text=status_text(v, ui, t)))
    kids.append(h("div", {"cls": "message", "id": "message", "aria-live": "polite"},
                  text=ui.message))
    return h("section", {"cls": "center", "id": "center"}, *kids)


def announce_line(v, t):
    from .render_seats import announce
    return announce(v, t)


def trick_done_winner(v):
    if v.get("phase") in ("play", "done") and not v.get("trick") and v.get("last_trick"):
        return v["last_trick"].get("winner")
    return None


def center_info(v, t):
    ph = v["phase"]
    trump = v.get("trump")
    line = []
    if trump:
        line.append(h("span", {"cls": "trump" + (" red" if trump in "DH" else ""), "id": "trump",
                               "data-trump": trump},
                      text=t("trump") + ": " + t.suit(trump)))
    if v.get("declarer") is not None and ph not in ("bidding",):
        line.append(h("span", {"cls": "contract-info", "id": "contract-info"},
                      text=t.who("declarer", v["declarer"],
                                 contract=v.get("contract") or v.get("high_bid"))))
    elif ph == "bidding":
        line.append(h("span", {"cls": "contract-info", "id": "contract-info"},
                      text=t("bidding_at", bid=v.get("high_bid"), name=t.name(v.get("bidder")))))
    golden = v.get("golden_deal")
    if golden:
        line.append(h("span", {"cls": "badge badge-golden", "id": "golden-badge"},
                      icon("golden"), h("span", text=t("golden_badge", k=golden,
                                                       n=len(v.get("names") or [])))))
    elif v.get("doubled"):
        line.append(h("span", {"cls": "badge badge-golden", "id": "golden-badge"},
                      icon("golden"), h("span", text=t("mark_doubled") + " ×2")))
    if v.get("blind") and v.get("declarer") is not None:
        line.append(h("span", {"cls": "badge badge-blind", "id": "blind-badge"},
                      icon("blind"), h("span", text=t.who("blind_badge", v["declarer"]))))
    return h("div", {"cls": "center-info"}, *line)


def status_text(v, ui, t):
    cur = v.get("current_seat")
    if not ui.ready:
        return t("boot_" + ui.boot_stage) if ui.boot_stage else t("boot_saved")
    if v["finished"]:
        return t("game_over")
    if v["phase"] == "done":
        return t("deal_over", n=v["deal_number"] + 1)
    if ui.blocked:
        return t("other_tab")
    if cur == HUMAN:
        return t("your_turn")
    if cur is not None:
        return t("thinking", name=t.name(cur))
    return ""


# ---- the human's controls ----------------------------------------------------------------
def chosen_value(v, ui, verb):
    """The value a bid/contract select shows: the player's pick, else the hint's, else the
    lowest legal one (the intents send the same)."""
    fid = verb + "-select"
    values = [a.split()[1] for a in v.get("legal") or [] if a.startswith(verb + " ")]
    if ui.choice.get(fid) in values:
        return ui.choice[fid]
    hverb, _, harg = (hinted_action(v, ui) or "").partition(" ")
    if hverb == verb and harg in values:
        return harg
    return min(values, key=int) if values else None


def value_select(id_, label, values, selected):
    return h("select", {"id": id_, "aria-label": label},
             *[h("option", {"value": x, "selected": selected == str(x)}, text=str(x))
               for x in values],
             props={"value": selected} if selected is not None else None)


def controls(v, ui, t):
    kids = []
    if v.get("current_seat") == HUMAN and not ui.blocked and not v["finished"]:
        kids = control_items(v, ui, t)
    return h("section", {"cls": "controls", "id": "controls"}, *kids)


def control_items(v, ui, t):
    """The buttons for the human's legal actions; one builder per phase (PHASE_CONTROLS)."""
    legal = v.get("legal") or []
    hinted = hinted_action(v, ui) or ""
    build = PHASE_CONTROLS.get(v["phase"], choice_controls)
    kids = build(v, ui, t, legal, hinted)
    if legal:
        pending = bool(ui.hint and ui.hint.get("status") == "pending"
                       and ui.hint.get("at") == v.get("action_count"))
        kids.append(btn(t("hint"), "hint", "btn btn-hint", id="btn-hint",
                        aria_busy="true" if pending else None))
        kids.append(h("p", {"cls": "hint-text", "id": "hint-text", "role": "status",
                            "aria-live": "polite", "data-hint-action": hinted or None},
                      text=hint_text(v, ui, t)))
    return kids


def bidding_controls(v, ui, t, legal, hinted):
    kids = []
    verb, _, arg = hinted.partition(" ")
    bids = [int(a.split()[1]) for a in legal if a.startswith("bid ")]
    if "pass" in legal:
        kids.append(btn(t("pass"), "pass", "btn", id="btn-pass",
                        data_hint="true" if hinted == "pass" else None))
    if bids:
        lo, hi = min(bids), max(bids)
        step = v.get("bid_step") or 5
        up = lo - (v.get("high_bid") or 100)
        chosen = chosen_value(v, ui, "bid")
        kids.append(btn(t("bid_plus", step=up, value=lo) if up > 0 else str(lo),
                        "bid-min", "btn btn-primary", id="btn-bid-min", data_value=lo,
                        data_hint="true" if hinted == "bid " + str(lo) else None))
        if len(bids) > 1:
            kids.append(value_select("bid-select", t("your_bid"), bids, chosen))
            kids.append(btn(t("bid"), "bid", "btn", id="btn-bid",
                            data_hint="true" if verb == "bid" and arg != str(lo) else None))
        kids.append(h("span", {"cls": "hint", "id": "bid-range"},
                      text=t("bid_range", lo=lo, hi=hi) + ("" if step == 5 else " " + t("bid_step_note", step=step))))
    return kids


def giving_controls(v, ui, t, legal, hinted):
    dead = any(a.endswith(" dead") for a in legal)
    kids = [h("span", {"cls": "hint", "id": "give-prompt"},
              text=t("give_prompt_dead" if dead else "give_prompt"))]
    given_to = set(g["to"] for g in v.get("gives") or [])
    parts = hinted.split()
    targets = [s for s in opponents(v) if s in (v.get("playing") or opponents(v))]
    if dead:
        targets.append("dead")
    for s in targets:
        if s in given_to or not any(a.split()[-1] == str(s) for a in legal):
            continue
        if ui.selected:
            label = t("give_to", card=t.card(ui.selected, "acc"), to=t.name_dat(s))
        else:
            label = t("give_to_nothing", name=t.name(s))
        kids.append(btn(label, "give", "btn btn-primary", data_to=s, id="btn-give-" + str(s),
                        disabled=None if ui.selected else True,
                        data_hint="true" if parts and parts[0] == "give" and parts[-1] == str(s) else None))
    return kids


def contract_controls(v, ui, t, legal, hinted):
    kids = []
    verb, _, arg = hinted.partition(" ")
    values = [int(a.split()[1]) for a in legal if a.startswith("contract ")]
    if values:
        chosen = chosen_value(v, ui, "contract")
        if len(values) > 1:
            kids.append(value_select("contract-select", t("contract"), values, chosen))
        kids.append(btn(t("contract") + ("" if len(values) > 1 else " " + str(values[0])),
                        "contract", "btn btn-primary", id="btn-contract",
                        data_hint="true" if verb == "contract" else None))
        kids.append(h("span", {"cls": "hint", "id": "contract-range"},
                      text=t("contract_range", lo=min(values), hi=max(values))))
    if "concede" in legal:
        kids_text = concede_text(v, t)
        kids.append(btn(t("concede"), "concede", "btn", id="btn-concede",
                        data_hint="true" if hinted == "concede" else None))
        kids.append(h("span", {"cls": "hint", "id": "concede-cost"}, text=kids_text))
    return kids


def concede_text(v, t):
    """What conceding now does (the engine's preview, RULES §5.4 through §5.5): the
    declarer's change (and his bolt), and each opponent's — in one figure when they are all
    the same, else by name (an opponent on the barrel gets nothing)."""
    cost = v.get("concede_cost") or {}
    me = v.get("seat", 0)
    delta = cost.get("delta") or []
    mine = fmt_delta(cost.get("declarer", 0))
    if cost.get("bolt"):
        mine = t("concede_you_bolt") + ("" if cost.get("declarer", 0) == 0 else ", " + mine)
    if cost.get("opponents") is not None:
        return t("concede_cost", me=mine, opp=fmt_delta(cost["opponents"]))
    playing = v.get("playing") or range(len(delta))
    others = ", ".join(t.name(s) + " " + fmt_delta(delta[s]) for s in playing
                       if s != me and s < len(delta))
    return t("concede_cost_each", me=mine, others=others)


CARD_VERBS = ("play", "meld", "give", "discard")     # chosen by clicking a card in the hand


def window_prompt(v, t, ui):
    """What a word phase asks the human (blind, redeal, unblind, talon, discard).  A redeal's
    threshold is the table's (a preset's own value too: club001's talon below 5)."""
    ph = v["phase"]
    if ph == "blind":
        return t("blind_prompt")
    if ph == "unblind":
        return t("unblind_prompt", name=t.name(v.get("blind_declarer")))
    if ph == "talon":
        return t("talon_prompt")
    if ph == "discard":
        return t("discard_prompt", n=max(0, 2 - (v.get("discard_count") or 0)))
    if ph == "redeal":
        reasons = []
        rules = ui.table_rules(v.get("conventions"))
        for r in v.get("redeal_reasons") or []:
            n = rules.get(r) if isinstance(rules.get(r), int) else ""
            if r == "redeal_low_talon":
                pts = card_points(v.get("talon") or [])
            else:
                pts = v.get("hand_points") or 0
            reasons.append(t("reason:" + r, points=t.points(pts), n=n))
        return t("redeal_prompt", reasons="; ".join(reasons)) if reasons else ""
    return ""


def choice_controls(v, ui, t, legal, hinted):
    """A phase of words (blind, redeal, unblind) or of talon piles: one button per legal
    action that is not a card of the hand (those are clicked in the hand: discard, play).
    ``data-action`` is the verb (intents.INTENTS), ``data-value`` its argument."""
    kids = []
    prompt = window_prompt(v, t, ui)
    if prompt:
        kids.append(h("span", {"cls": "hint prompt", "id": "window-prompt"}, text=prompt))
    ph = v["phase"]
    for a in legal:
        verb, _, arg = a.partition(" ")
        if verb in CARD_VERBS:
            continue
        key = "act_" + ph + "_" + verb if verb == "pass" else "act_" + verb
        attrs = {"id": "btn-" + verb + ("-" + arg if arg else ""),
                 "data_hint": "true" if hinted == a else None}
        if arg:
            attrs["data_value"] = arg
        kids.append(btn(t(key, n=int(arg) + 1 if arg.isdigit() else arg), verb,
                        "btn btn-primary" if verb != "pass" else "btn", **attrs))
    return kids


# phase -> the builder of its controls; a phase without one gets choice_controls (a button
# per legal action); its actions are entries of intents.INTENTS
PHASE_CONTROLS = {"bidding": bidding_controls, "giving": giving_controls,
                  "contract": contract_controls}


# ---- hints ---------------------------------------------------------------------------------
def hint_text(v, ui, t):
    hnt = ui.hint
    if not hnt or hnt.get("at") != v.get("action_count"):
        return ""
    if hnt["status"] == "pending":
        return t("hint_thinking")
    if hnt["status"] == "error":
        return t("hint_error")
    return describe_hint(hnt["action"], hnt.get("estimate") or {}, v, t)


def describe_hint(action, est, v, t):
    parts = action.split()
    verb = parts[0]
    if verb == "play":
        what = t("hint_play", card=t.short(parts[1]))
    elif verb == "meld":
        what = t("hint_meld", card=t.short(parts[1]))
    elif verb == "give":
        to = parts[2] if parts[2] == "dead" else int(parts[2])
        what = t("hint_give", card=t.short(parts[1]), to=t.name_dat(to))
    elif verb == "discard":
        what = t("hint_discard", card=t.short(parts[1]))
    elif verb == "bid":
        what = t("hint_bid", value=parts[1])
    elif verb == "contract":
        what = t("hint_contract", value=parts[1])
    elif verb == "talon":
        what = t("hint_talon", n=int(parts[1]) + 1)
    elif verb in ("concede", "pass", "blind", "redeal", "unblind"):
        what = t("hint_" + verb)
    else:
        what = action
    why = ""
    if "make_probability" in est and est.get("worlds"):
        n = int(est["worlds"])
        p = float(est["make_probability"])
        declarer = v.get("declarer") == HUMAN
        if not declarer:
            p = 1 - p
        k = round(p * n)
        key = "est_make" if declarer else "est_defeat"
        share = t("est_of", k=k, n=n) if n < 10 else str(round(p * 100)) + "%"
        why = t(key, share=share)
    elif "expected_points" in est:
        why = t("est_bid", points=t.points_gen(est["expected_points"]))
    elif "mean_points" in est:
        key = "est_concede" if verb == "concede" else "est_contract"
        why = t(key, points=t.points(est["mean_points"]))
    return what + " — " + why if why else what


def meld_question(code, t):
    suit = "A" if code[0] == "A" else code[1]
    return t("meld_q", marriage=t("marriage:" + suit), value=MARRIAGE_VALUE[suit])
