"""The table as a function: ``table(view, ui, lang) -> VNode`` (``#table``).

Reads only the engine's view of the human (seat 0) and the UIState; never the engine.  Every
seat comes from ``len(view["names"])``: the opponents are the other seats in order, so the
same code draws 2 to 6 players (issue 9 places them around the table).

DOM contract (README): ``#table[data-phase]``, ``[data-seat]``, ``[data-card]`` with
``data-legal``, the ``data-action`` names, and the data-* state on ``#table``.
"""
from .dom import h
from .i18n import SUIT_NAMES, MARRIAGE_VALUE, Text, fmt_delta, glyph, is_red, rank_label, short_card
from .ui_state import HUMAN

TOOLS = (("last_trick", "last-trick", "↺"), ("sheet", "sheet", "☰"),
         ("settings", "settings", "⚙"), ("new_game", "new-game", "+"))


def btn(label, action, cls="btn", **attrs):
    a = {"type": "button", "cls": cls, "data-action": action}
    for k, v in attrs.items():
        a[k.replace("_", "-")] = v
    return h("button", a, text=label)


def text_for(view, ui, lang) -> Text:
    return Text(lang, ui.names(view) if view else [])


def seats(view) -> list:
    return list(range(len(view.get("names") or [])))


def opponents(view) -> list:
    return [s for s in seats(view) if s != HUMAN]


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


def card(code, lang, tag="div", **attrs):
    a = {"cls": "card" + (" red" if is_red(code) else ""), "data-card": code,
         "aria-label": Text(lang).card(code)}
    if tag == "div":
        a["role"] = "img"
    else:
        a["type"] = "button"
    for k, v in attrs.items():
        a[k.replace("_", "-")] = v
    return h(tag, a,
             h("span", {"cls": "rank", "aria-hidden": "true"}, text=rank_label(code)),
             h("span", {"cls": "suit", "aria-hidden": "true"}, text=glyph(code)))


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
    attrs = {
        "id": "table", "cls": "table" + ("" if ui.ready else " waiting"),
        "data-lang": lang, "data-phase": v["phase"],
        "data-showing": "finished-deal" if finished_deal else "",
        "data-turn": "" if cur is None else str(cur),
        "data-human-turn": "true" if ui.can_act(v) else "false",
        "data-deal": str(v.get("deal_number", "")),
        "data-actions": str(view.get("action_count", "")),
        "data-rules": view.get("rules_code") or "",
        "data-trump": v.get("trump") or "",
        "data-seats": str(len(v.get("names") or [])),
    }
    return h("div", attrs,
             topbar(v, ui, t), notices(ui, t),
             h("section", {"cls": "opponents"}, *[seat_box(v, ui, t, s) for s in opponents(v)]),
             center(v, ui, t), controls(v, ui, t), player_box(v, ui, t))


def topbar(v, ui, t):
    info = ""
    if v is not None and v.get("deal_number") is not None:
        info = t("game_info", n=v["deal_number"] + 1, dealer=t.name(v.get("dealer")))
    has_last = bool(v and v.get("last_trick"))
    tools = []
    for key, action, short in TOOLS:
        label = t(key)
        off = (action == "last-trick" and not has_last)
        tools.append(h("button", {"type": "button", "cls": "btn btn-small tool", "data-action": action,
                                  "aria-label": label, "title": label, "disabled": off},
                       h("span", {"cls": "tool-short", "aria-hidden": "true"}, text=short),
                       h("span", {"cls": "tool-long", "aria-hidden": "true"}, text=label)))
    return h("header", {"cls": "topbar"},
             h("h1", {"cls": "logo"}, text=t("title")),
             h("span", {"cls": "info", "id": "deal-info"}, text=info),
             h("nav", {"cls": "tools", "aria-label": t("settings")}, *tools))


def notices(ui, t):
    items = []
    for n in ui.notices:
        kids = [h("span", text=n["text"])]
        for label, action in n["actions"]:
            kids.append(btn(t(label), action, "btn btn-small"))
        if n["kind"] not in ("corrupt", "future", "other-tab", "engine"):
            kids.append(btn("×", "dismiss", "btn btn-small btn-quiet", data_kind=n["kind"],
                            aria_label=t("dismiss")))
        items.append(h("div", {"cls": "notice notice-" + n["kind"], "role": "alert",
                               "data-notice": n["kind"]}, *kids, key="notice-" + n["kind"]))
    return h("div", {"cls": "notices", "id": "notices"}, *items)


# ---- seats -------------------------------------------------------------------------------
def seat_head(v, t, s):
    score = v["scores"][s]
    bolts = v["bolts"][s]
    kids = [h("span", {"cls": "seat-name"}, text=t.name(s)),
            h("span", {"cls": "seat-score", "data-score": score}, text=str(score))]
    if bolts:
        kids.append(h("span", {"cls": "bolts", "aria-label": t("bolts") + ": " + str(bolts)},
                      text="/" * bolts))
    barrel = (v.get("barrel") or [{}] * (s + 1))[s]
    if barrel.get("on"):
        kids.append(h("span", {"cls": "barrel-mark"},
                      text="🛢 " + t("barrel", n=barrel.get("attempts", 0))))
    if v.get("dealer") == s:
        kids.append(h("span", {"cls": "dealer-mark", "title": t("dealer")}, text="⟲"))
    return h("div", {"cls": "seat-head"}, *kids)


def seat_status(v, t, s) -> str:
    ph = v["phase"]
    if ph == "bidding":
        last = None
        for seat, a in v.get("bids") or []:
            if seat == s:
                last = a
        if last == "pass":
            return t("pass")
        if last and last.startswith("bid "):
            return last.split()[1]
        if last:                          # blind, unblind (§6.7)
            return t("said_" + last)
        if s == v.get("forced_bidder"):
            return "100"
        return ""
    if v.get("declarer") == s and v.get("contract"):
        return str(v["contract"])
    if ph == "play":
        return t("tricks", n=v["tricks_taken"][s])
    return ""


def seat_box(v, ui, t, s):
    turn = v.get("current_seat") == s
    n = v["hand_sizes"][s] if v.get("hand_sizes") else 0
    status = seat_status(v, t, s)
    if turn and not v["finished"]:
        status = (status + " · " if status else "") + t("thinking", name="").strip(" …") + "…"
    return h("div", {"cls": "seat" + (" turn" if turn else "")
                     + (" declarer" if v.get("declarer") == s else ""),
                     "data-seat": s, "data-turn": "true" if turn else None},
             seat_head(v, t, s),
             h("div", {"cls": "backs", "role": "img", "aria-label": t("cards_left", n=n)},
               *[h("span", {"cls": "card-back"}) for _ in range(n)]),
             h("div", {"cls": "seat-status"}, text=status))


def legal_cards(v, ui) -> set:
    if not ui.can_act(v):
        return set()
    out = set()
    for a in v.get("legal") or []:
        verb, _, rest = a.partition(" ")
        if verb in ("play", "meld", "give", "discard") and rest:
            out.add(rest.split()[0])
    return out


def player_box(v, ui, t):
    turn = v.get("current_seat") == HUMAN
    head = seat_head(v, t, HUMAN)
    status = seat_status(v, t, HUMAN)
    if status:
        head.children.append(h("span", {"cls": "seat-status"}, text=status))
    playable = legal_cards(v, ui)
    choosing = ui.can_act(v) and v["phase"] in ("play", "giving", "discard") and bool(v.get("legal"))
    hinted = hinted_action(v, ui) or ""
    parts = hinted.split()
    hint_card = parts[1] if len(parts) > 1 and parts[0] in ("play", "meld", "give", "discard") else None
    cards = []
    for code in v.get("hand") or []:
        cls = []
        attrs = {}
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
        c = card(code, t.lang, tag="button", **attrs)
        if cls:
            c.attrs["class"] = c.attrs["class"] + " " + " ".join(cls)
        cards.append(c)
    return h("section", {"cls": "seat me" + (" turn" if turn else ""), "data-seat": HUMAN,
                         "data-turn": "true" if turn else None},
             head,
             h("div", {"cls": "hand", "id": "hand", "role": "group", "aria-label": t("hand")},
               *cards))


# ---- the middle of the table -------------------------------------------------------------
def center(v, ui, t):
    ph = v["phase"]
    trump = v.get("trump")
    line = []
    if trump:
        line.append(h("span", {"cls": "trump" + (" red" if trump in "DH" else ""), "id": "trump",
                               "data-trump": trump},
                      text=t("trump") + ": " + SUIT_NAMES[t.lang][trump]))
    if v.get("declarer") is not None and ph not in ("bidding",):
        line.append(h("span", {"cls": "contract-info", "id": "contract-info"},
                      text=t.who("declarer", v["declarer"],
                                 contract=v.get("contract") or v.get("high_bid"))))
    elif ph == "bidding":
        line.append(h("span", {"cls": "contract-info"},
                      text=t("bidding_at", bid=v.get("high_bid"), name=t.name(v.get("bidder")))))
    kids = [h("div", {"cls": "center-info"}, *line)]
    if ph in ("giving", "contract") and v.get("talon") is not None:
        kids.append(h("div", {"cls": "talon", "id": "talon", "aria-label": t("talon")},
                      h("div", {"cls": "label"}, text=t("talon")),
                      h("div", {"cls": "cards-row"}, *[card(c, t.lang) for c in v["talon"]])))
    elif ph in ("giving", "contract") and v.get("declarer") is not None:
        kids.append(h("div", {"cls": "talon", "id": "talon"},
                      h("div", {"cls": "label"}, text=t("talon")),
                      h("div", {"cls": "cards-row"},
                        *[h("span", {"cls": "card-back big"}) for _ in range(3)])))
    trick_cards = v.get("trick") or []
    done = False
    if ph in ("play", "done") and not trick_cards and v.get("last_trick"):
        trick_cards = v["last_trick"]["cards"]
        done = True
    if ph == "play" or trick_cards:
        slots = [h("div", {"cls": "slot slot-" + str(seat), "data-played-by": seat},
                   card(code, t.lang), h("span", {"cls": "who"}, text=t.name(seat)),
                   key="slot-" + code)
                 for seat, code in trick_cards]
        kids.append(h("div", {"cls": "trick" + (" done" if done else ""), "id": "trick",
                              "aria-live": "polite"}, *slots))
        if done:
            kids.append(h("div", {"cls": "trick-caption"},
                          text=t.who("took_trick", v["last_trick"]["winner"])))
    kids.append(h("div", {"cls": "status", "id": "status", "role": "status"},
                  text=status_text(v, ui, t)))
    kids.append(h("div", {"cls": "message", "id": "message", "role": "alert"}, text=ui.message))
    return h("section", {"cls": "center", "id": "center"}, *kids)


def status_text(v, ui, t) -> str:
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
                        "bid-min", "btn", id="btn-bid-min", data_value=lo,
                        data_hint="true" if hinted == "bid " + str(lo) else None))
        kids.append(value_select("bid-select", t("your_bid"), bids, chosen))
        kids.append(btn(t("bid"), "bid", "btn btn-primary", id="btn-bid",
                        data_hint="true" if verb == "bid" and arg != str(lo) else None))
        kids.append(h("span", {"cls": "hint", "id": "bid-range"},
                      text=t("bid_range", lo=lo, hi=hi) + ("" if step == 5 else " (×" + str(step) + ")")))
    return kids


def giving_controls(v, ui, t, legal, hinted):
    kids = [h("span", {"cls": "hint"}, text=t("give_prompt"))]
    given_to = {g["to"] for g in v.get("gives") or []}
    parts = hinted.split()
    for s in opponents(v):
        if s in given_to:
            continue
        label = t("give_to", card=t.card(ui.selected) if ui.selected else "…", name=t.name(s))
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
        kids.append(value_select("contract-select", t("contract"), values, chosen))
        kids.append(btn(t("contract"), "contract", "btn btn-primary", id="btn-contract",
                        data_hint="true" if verb == "contract" else None))
        kids.append(h("span", {"cls": "hint", "id": "contract-range"},
                      text=t("contract_range", lo=min(values), hi=max(values))))
    if "concede" in legal:
        cost = v.get("concede_cost") or {}
        opp = cost.get("opponents")
        if cost.get("bolt"):
            text = t("concede_bolt", opp=opp)
        else:
            text = t("concede_cost", me=fmt_delta(cost.get("declarer", 0)), opp=opp)
        kids.append(btn(t("concede"), "concede", "btn", id="btn-concede",
                        data_hint="true" if hinted == "concede" else None))
        kids.append(h("span", {"cls": "hint", "id": "concede-cost"}, text=text))
    return kids


CARD_VERBS = ("play", "meld", "give", "discard")     # chosen by clicking a card in the hand


def choice_controls(v, ui, t, legal, hinted):
    """A phase of words (blind, redeal, unblind) or of talon piles: one button per legal
    action that is not a card of the hand (those are clicked in the hand: discard, play).
    ``data-action`` is the verb (intents.INTENTS), ``data-value`` its argument."""
    kids = []
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
def hint_text(v, ui, t) -> str:
    hnt = ui.hint
    if not hnt or hnt.get("at") != v.get("action_count"):
        return ""
    if hnt["status"] == "pending":
        return t("hint_thinking")
    if hnt["status"] == "error":
        return t("hint_error", why=str(hnt.get("why", ""))[:200])
    return describe_hint(hnt["action"], hnt.get("estimate") or {}, v, t)


def describe_hint(action, est, v, t) -> str:
    parts = action.split()
    verb = parts[0]
    if verb == "play":
        what = t("hint_play", card=short_card(parts[1]))
    elif verb == "meld":
        what = t("hint_meld", card=short_card(parts[1]))
    elif verb == "give":
        what = t("hint_give", card=short_card(parts[1]), name=t.name(int(parts[2])))
    elif verb == "bid":
        what = t("hint_bid", value=parts[1])
    elif verb == "contract":
        what = t("hint_contract", value=parts[1])
    elif verb == "concede":
        what = t("hint_concede")
    elif verb == "pass":
        what = t("hint_pass")
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
        why = t("est_bid", points=t.points(est["expected_points"]))
    elif "mean_points" in est:
        key = "est_concede" if verb == "concede" else "est_contract"
        why = t(key, points=t.points(est["mean_points"]))
    return what + " — " + why if why else what


def meld_question(code, t) -> str:
    if code[0] == "A":
        return t("meld_ace")
    suit = code[1]
    return t("meld_q", suit=SUIT_NAMES[t.lang][suit], value=MARRIAGE_VALUE[suit])
