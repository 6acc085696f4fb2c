"""What the player can ask for: ``data-action`` name -> handler (the INTENTS table).

A handler gets the controller and the clicked element's data (``{"value": …, "to": …,
"kind": …, "card": …}``, read by the page) and either changes the UI state at once
(returns None; the page is redrawn) or returns a coroutine that talks to the engine
(the controller runs it).  A new action is one more entry: e.g. the coming ``redeal``,
``blind``, ``unblind`` are ``act("redeal")`` etc., and ``talon N`` / ``discard CARD`` take
their argument from ``data-value`` / ``data-card`` as "bid-min" and "give" do.

Card clicks in the hand go to ``click_card``; form fields (selects, inputs, checkboxes) to
``field``.
"""
from .ui_state import CLOSABLE, HUMAN, MAX_PENALTY


def act(action):
    """An intent that sends a fixed action: act("pass")."""
    return lambda c, data: c.act(action)


def act_with(verb, arg):
    """An intent whose action takes its argument from the element: act_with("bid", "value")."""
    return lambda c, data: c.act(verb + " " + str(data.get(arg))) if data.get(arg) else None


def chosen(verb):
    """bid / contract: the value the select shows (render_table.chosen_value)."""
    def handler(c, data):
        from .render_table import chosen_value
        value = chosen_value(c.view or {}, c.ui, verb) if c.view else None
        return c.act(verb + " " + value) if value else None
    return handler


def give(c, data):
    if c.ui.selected and data.get("to") is not None:
        return c.act("give " + c.ui.selected + " " + str(data["to"]))
    return None


def meld(c, data):
    return c.act("meld " + c.ui.meld_card) if c.ui.meld_card else None


def play_plain(c, data):
    return c.act("play " + c.ui.meld_card) if c.ui.meld_card else None


def next_deal(c, data):
    c.ui.overlay = None
    c.ui.overlay_back = None
    c.ui.summary = None
    c.ui.focus = "turn"


def open_sheet(kind):
    def handler(c, data):
        # the sheet opened from the deal summary goes back to it when closed
        c.ui.overlay_back = c.ui.overlay if c.ui.overlay in ("summary", "over") else None
        c.ui.overlay = kind
    return handler


def close(c, data):
    ui = c.ui
    if ui.overlay == "review":
        c.close_review()
        return
    if ui.overlay == "meld":
        ui.meld_card = None
    if ui.overlay in CLOSABLE:
        ui.overlay = ui.overlay_back if ui.overlay in ("sheet", "last") else None
        ui.overlay_back = None
        ui.draft = None


def dismiss(c, data):
    c.ui.drop_notice(data.get("kind"))


def link_start(c, data):
    from . import persist
    code = c.link_code or "classic"
    c.settings["rules"] = code
    persist.save_settings(c.storage, c.settings)
    return c.new_game(rules=code)


def link_keep(c, data):
    c.ui.drop_notice("link-pending")


def deal_of(c, data):
    """The deal a button is about: its data-value, else the summary's deal."""
    try:
        return int(data.get("value"))
    except (TypeError, ValueError):
        row = (c.ui.summary or {}).get("row") or {}
        return row.get("deal")


def review(c, data):
    """"Разбор" of a finished deal (the summary's, or a row of the score sheet)."""
    deal = deal_of(c, data)
    if deal is not None:
        c.open_review(deal)


def challenge(c, data):
    """"Сыграть эту раздачу": a link to the deal for a friend."""
    deal = deal_of(c, data)
    return c.make_challenge(deal) if deal is not None else None


def challenge_keep(c, data):
    c.challenge_text = None
    c.ui.drop_notice("challenge-pending")


def hint(c, data):
    c.request_hint()


def settings(c, data):
    c.open_settings()


def new_game(c, data):
    """New game: straight away, unless a game is in progress (then ask first)."""
    if c.in_progress() and c.ui.overlay != "over":
        c.ui.overlay = "confirm"
        return None
    return c.new_game()


def confirm_new_game(c, data):
    c.ui.overlay = None
    return c.new_game()


INTENTS = {
    "new-game": new_game,
    "confirm-new-game": confirm_new_game,
    "pass": act("pass"),
    "concede": act("concede"),
    "redeal": act("redeal"),
    "blind": act("blind"),
    "unblind": act("unblind"),
    "talon": act_with("talon", "value"),
    "bid-min": act_with("bid", "value"),
    "bid": chosen("bid"),
    "contract": chosen("contract"),
    "give": give,
    "meld": meld,
    "play-plain": play_plain,
    "next-deal": next_deal,
    "sheet": open_sheet("sheet"),
    "last-trick": open_sheet("last"),
    "hint": hint,
    "settings": settings,
    "close": close,
    "apply-settings": lambda c, data: c.apply_settings(new=False),
    "apply-new": lambda c, data: c.apply_settings(new=True),
    "share": lambda c, data: c.share(),
    "dismiss": dismiss,
    "take-over": lambda c, data: c.take_over(),
    "export": lambda c, data: c.export_game(),
    "import": lambda c, data: c.page.pick_file(),       # the file input's change imports it
    "link-start": link_start,
    "link-keep": link_keep,
    "review": review,
    "challenge": challenge,
    "challenge-start": lambda c, data: c.start_challenge(),
    "challenge-keep": challenge_keep,
    "challenge-back": lambda c, data: c.leave_challenge(),
}
# the score sheet of a real game and the statistics (issue 11): scorebook.INTENTS
from .scorebook import INTENTS as _BOOK_INTENTS  # noqa: E402
INTENTS.update(_BOOK_INTENTS)


def click_card(c, code):
    """A card in the human's hand: play it, ask about a marriage, or pick it to give."""
    v, ui = c.view, c.ui
    if v is None or ui.blocked or not ui.ready or ui.busy:
        return None
    if v.get("current_seat") != HUMAN:
        ui.message = c.t("turn_of", name=c.t_name(v.get("current_seat")))
        return None
    legal = v.get("legal") or []
    ph = v.get("phase")
    ui.hand_focus = code
    if ph == "play":
        if "meld " + code in legal:
            ui.meld_card = code
            ui.overlay = "meld"
            return None
        return c.act("play " + code)      # an illegal card gets the engine's reason
    if ph == "giving":
        if any(a.startswith("give " + code + " ") for a in legal):
            ui.selected = None if ui.selected == code else code
            ui.hand_focus = code
            ui.message = ""
            if ui.selected:
                ui.focus = "give"      # Enter again gives it to the first who has none yet
        else:
            ui.message = c.t("illegal", why=c.t("pick_card"))
        return None
    if "discard " + code in legal:
        return c.act("discard " + code)
    return None


def field(c, fid, value, checked=None):
    """A form field changed: remember the choice in the UI state (never read the form later)."""
    ui = c.ui
    if fid.startswith("sb-"):          # the real game's score sheet (scorebook.py)
        from .scorebook import field as sheet_field
        sheet_field(c, fid, value, checked)
        return
    if fid in ("bid-select", "contract-select"):
        ui.choice[fid] = value
        return
    d = ui.draft
    if d is None:
        return
    if fid in ("set-lang", "set-level", "set-speed"):
        d[fid[4:]] = value
    elif fid == "set-show_points":
        d["show_points"] = bool(checked)
    elif fid.startswith("set-name-"):
        i = int(fid[9:])
        if 0 <= i < len(d["names"]):
            d["names"][i] = value[:24]
    elif fid == "set-preset":
        d["conv"] = {"preset": value}          # the preset's own values, redrawn at once
    elif fid.startswith("conv-"):
        cid = fid[5:]
        item = None
        for it in (ui.catalog or {}).get("catalog") or []:
            if it["id"] == cid:
                item = it
        if item is None:
            return
        errors = d.setdefault("field_errors", {})
        errors.pop(fid, None)
        d["error"] = ""
        kind = item["kind"]
        if kind == "bool":
            d["conv"][cid] = bool(checked)
        elif kind == "threshold" and value.strip() in ("", "off"):
            d["conv"][cid] = "off"
        elif kind in ("threshold", "penalty"):
            # numbers typed in: only values the engine accepts (else an error by the field)
            try:
                n = int(value.strip())
            except ValueError:
                n = None
            ok = n is not None and (0 <= n <= 120 if kind == "threshold"
                                    else 0 < n <= MAX_PENALTY and n % 5 == 0)
            if ok:
                d["conv"][cid] = n
            else:
                errors[fid] = c.t("field_points" if kind == "threshold" else "field_multiple_of_5")
        else:
            match = None
            for v in item.get("values") or []:
                if str(v) == value:
                    match = v
            if match is not None:
                d["conv"][cid] = match
            else:
                errors[fid] = c.t("field_number")


def escape(c):
    if c.ui.overlay in CLOSABLE:
        close(c, {})
        return True
    if c.ui.selected:                  # a card picked to give: put it back
        c.ui.selected = None
        return True
    return False


def move_in_hand(c, key):
    """Arrow keys (Home, End) in the hand: the card that gets the Tab stop, or None."""
    v = c.view or {}
    hand = list(v.get("hand") or [])
    if not hand:
        return None
    from .render_table import focus_card, legal_cards
    cur = focus_card(v, c.ui, hand, legal_cards(v, c.ui))
    i = hand.index(cur) if cur in hand else 0
    if key in ("ArrowRight", "ArrowDown"):
        i = (i + 1) % len(hand)
    elif key in ("ArrowLeft", "ArrowUp"):
        i = (i - 1) % len(hand)
    elif key == "Home":
        i = 0
    elif key == "End":
        i = len(hand) - 1
    else:
        return None
    c.ui.hand_focus = hand[i]
    return hand[i]
