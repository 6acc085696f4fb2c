"""Seats around the table, for 2 to 6 players: ``ring(view, ui, t)`` and the human's box.

The human (seat 0) sits at the bottom; the others follow clockwise — to his left, across,
to his right — at the positions of ``POSITIONS[players]`` (the ring's grid areas in
style.css).  Each trick card lies in front of the seat that played it (the same position
names inside ``#trick``); a taken trick gathers towards its winner.

Every seat shows what a player plays by: name, score, bolts, the barrel, the dealer and
declarer marks, its bids, its running points in the deal (``show_points``), its declared
marriages and the card the declarer gave it (face up for everybody, face down only to its
receiver).  A dealer who sits the deal out (four_mode=dealer_sits_out) and the dead hand
(two_mode=dead_hand) are shown as such.  Reads only the view and the UIState.
"""
from .dom import h
from .i18n import glyph, is_red, rank_label
from .ui_state import HUMAN

# clockwise from the seat after the human
POSITIONS = {
    1: [],
    2: ["top"],
    3: ["tl", "tr"],
    4: ["left", "top", "right"],
    5: ["left", "tl", "tr", "right"],
    6: ["left", "tl", "top", "tr", "right"],
}
# phases in which the seats' running points mean something
POINT_PHASES = ("play", "done")
# after the deal, once the game is over: every other phase a view shows is one of the steps
# before the play (the engine's phase table, flow.phase_table, has them in order)
AFTER_PHASES = ("play", "done", "over")


def before_play(phase) -> bool:
    """Is `phase` one of the deal's steps before the play (bids on the table)?"""
    return phase is not None and phase not in AFTER_PHASES


def seats(view):
    return list(range(len(view.get("names") or [])))


def opponents(view):
    return [s for s in seats(view) if s != HUMAN]


def positions(view):
    """seat -> position name ("bottom" for the human)."""
    n = len(view.get("names") or [])
    ring = POSITIONS.get(n) or ["top"] * max(0, n - 1)
    out = {HUMAN: "bottom"}
    for i, s in enumerate(opponents(view)):
        out[s] = ring[i] if i < len(ring) else "top"
    return out


# ---- small pieces ---------------------------------------------------------------------------
def icon(name, label=None, cls=""):
    """An SVG mark (style.css draws .icon-NAME as a mask in the text colour)."""
    a = {"cls": ("icon icon-" + name + " " + cls).strip()}
    if label:
        a.update({"role": "img", "aria-label": label, "title": label})
    else:
        a["aria-hidden"] = "true"
    return h("span", a)


def suit_sign(suit, t):
    """A suit's sign, read out by its name."""
    if suit == "A":
        return h("span", {"cls": "suit-word"}, text=t("marriage:A"))
    return h("span", {"cls": "suit-sign" + (" red" if suit in "DH" else ""), "role": "img",
                      "aria-label": t("suit:" + suit)}, text=glyph(suit))


def card(code, t, tag="div", **attrs):
    a = {"cls": "card" + (" red" if is_red(code) else ""), "data-card": code,
         "aria-label": t.card(code)}
    if tag == "div":
        a["role"] = "img"
    else:
        a["type"] = "button"
    for k, v in attrs.items():
        a[k.replace("_", "-")] = v
    return h(tag, a,
             h("span", {"cls": "rank", "aria-hidden": "true"}, text=rank_label(code, t.lang)),
             h("span", {"cls": "suit", "aria-hidden": "true"}, text=glyph(code)))


def mini(code, t, **attrs):
    """A small face-up card (given cards, the talon in play), or a back when code is None."""
    if code is None:
        a = {"cls": "mini back", "role": "img", "aria-label": t("face_down_card")}
        a.update({k.replace("_", "-"): v for k, v in attrs.items()})
        return h("span", a)
    a = {"cls": "mini" + (" red" if is_red(code) else ""), "data-card": code, "role": "img",
         "aria-label": t.card(code)}
    a.update({k.replace("_", "-"): v for k, v in attrs.items()})
    return h("span", a, h("span", {"aria-hidden": "true"}, text=glyph(code) + rank_label(code, t.lang)))


def backs(n, t, cls="backs"):
    shown = min(n, 12)
    return h("div", {"cls": cls, "role": "img", "aria-label": t.n("cards_left", n), "data-count": n},
             *[h("span", {"cls": "card-back"}) for _ in range(shown)])


# ---- what a seat said, took and got -----------------------------------------------------------
def said(action, t):
    if action == "pass":
        return t("said_pass")
    if action.startswith("bid "):
        return action.split()[1]
    return t("said_" + action.split()[0])


def last_bid(v, s):
    last = None
    for seat, a in v.get("bids") or []:
        if seat == s:
            last = a
    return last


def bid_text(v, t, s):
    """The seat's word in this deal's bidding (its last one), or its tricks in play."""
    ph = v.get("phase")
    if before_play(ph):
        last = last_bid(v, s)
        if last:
            return said(last, t)
        if ph == "bidding" and s == v.get("forced_bidder") and v.get("bids") is not None:
            return "100"
        return ""
    if ph in ("play", "done") and s in (v.get("playing") or []):
        return t.n("tricks", (v.get("tricks_taken") or [0] * (s + 1))[s])
    return ""


def points_text(v, ui, t, s):
    """The seat's points in this deal so far; the declarer's against his contract."""
    if not ui.settings.get("show_points", True) or v.get("phase") not in POINT_PHASES:
        return None
    if s not in (v.get("playing") or []):
        return None
    pts = (v.get("points") or [0] * (s + 1))[s]
    if v.get("declarer") == s and v.get("contract"):
        return pts, t("points_of", points=t.points(pts), contract=v["contract"])
    return pts, t.points(pts)


def seat_melds(v, t, s):
    items = [m for m in v.get("melds") or [] if m.get("seat") == s]
    if not items:
        return None
    return h("span", {"cls": "seat-melds"},
             *[h("span", {"cls": "meld", "data-meld": m["suit"]}, suit_sign(m["suit"], t),
                 h("span", {"cls": "meld-value"}, text=str(m["value"]))) for m in items])


def gives_to(v, s):
    return [g for g in v.get("gives") or [] if g.get("to") == s]


def seat_given(v, t, s):
    """The card(s) the declarer gave this seat: face up, or a back for a face-down give."""
    got = gives_to(v, s)
    if not got:
        return None
    return h("div", {"cls": "seat-given", "data-given": s},
             h("span", {"cls": "given-label"}, text=t.who("received", s)),
             *[mini(g.get("card"), t, data_given_card=g.get("card") or None) for g in got])


def marks(v, t, s):
    kids = []
    if v.get("dealer") == s:
        kids.append(icon("dealer", t("dealer"), "mark mark-dealer"))
    if v.get("declarer") == s:
        kids.append(icon("declarer", t("declarer_mark"), "mark mark-declarer"))
    if v.get("blind") and v.get("declarer") == s:
        kids.append(icon("blind", t("mark_blind"), "mark mark-blind"))
    bolts = (v.get("bolts") or [0] * (s + 1))[s]
    if bolts:
        kids.append(h("span", {"cls": "bolts", "role": "img",
                               "aria-label": t("bolts") + ": " + str(bolts)}, text="/" * bolts))
    barrel = (v.get("barrel") or [{}] * (s + 1))[s] or {}
    if barrel.get("on"):
        n = barrel.get("attempts", 0)
        kids.append(h("span", {"cls": "barrel-mark", "role": "img", "aria-label": t("barrel_aria", n=n),
                               "title": t("barrel_aria", n=n)},
                      icon("barrel"), h("span", {"aria-hidden": "true"}, text=str(n) + "/3")))
    return kids


def seat_head(v, t, s):
    score = v["scores"][s]
    return h("div", {"cls": "seat-head"},
             h("span", {"cls": "seat-name"}, text=t.name(s)),
             h("span", {"cls": "seat-score", "data-score": score}, text=str(score)),
             *marks(v, t, s))


def seat_line(v, ui, t, s):
    """Bid or tricks, running points, marriages."""
    kids = []
    b = bid_text(v, t, s)
    if b:
        kids.append(h("span", {"cls": "seat-bid", "data-bid": last_bid(v, s) or None}, text=b))
    pts = points_text(v, ui, t, s)
    if pts is not None:
        kids.append(h("span", {"cls": "seat-points", "data-points": pts[0],
                               "title": t("points_label")}, text=pts[1]))
    m = seat_melds(v, t, s)
    if m is not None:
        kids.append(m)
    return h("div", {"cls": "seat-line"}, *kids)


def sitting_out(v, s):
    return v.get("sitting_out") == s and v.get("phase") not in ("over",)


def seat_box(v, ui, t, s, pos=None):
    turn = v.get("current_seat") == s
    n = v["hand_sizes"][s] if v.get("hand_sizes") else 0
    status = ""
    if sitting_out(v, s):
        status = t("sitting_out")
    elif turn and not v["finished"]:
        status = t("thinking_short")
    cls = "seat opp pos-" + (pos or "top")
    if turn:
        cls += " turn"
    if v.get("declarer") == s:
        cls += " declarer"
    if sitting_out(v, s):
        cls += " sitting-out"
    return h("div", {"cls": cls, "data-seat": s, "data-pos": pos, "data-turn": "true" if turn else None,
                     "data-sitting-out": "true" if sitting_out(v, s) else None},
             seat_head(v, t, s),
             backs(n, t) if not sitting_out(v, s) else None,
             seat_line(v, ui, t, s),
             seat_given(v, t, s),
             h("div", {"cls": "seat-status"}, text=status))


# ---- the trick ------------------------------------------------------------------------------
def trick_view(v):
    """(cards [[seat, card]], done, winner): the trick on the table, or the one just taken."""
    cards = v.get("trick") or []
    if v.get("phase") in ("play", "done") and not cards and v.get("last_trick"):
        lt = v["last_trick"]
        return lt["cards"], True, lt.get("winner")
    return cards, False, None


def trick(v, t, pos):
    cards, done, winner = trick_view(v)
    n = len(v.get("names") or [])
    cls = "trick n-" + str(n)
    if done:
        cls += " done to-" + pos.get(winner, "top")
    slots = [h("div", {"cls": "slot pos-" + pos.get(seat, "top"), "data-played-by": seat,
                       "aria-label": t("trick_card", name=t.name(seat), card=t.card(code)), "role": "img"},
               card(code, t, aria_hidden="true"), key="slot-" + code)
             for seat, code in cards]
    return h("div", {"cls": cls, "id": "trick", "role": "group", "aria-label": t("trick"),
                     "data-done": "true" if done else None}, *slots)


# ---- the middle: bids, talon, gives, dead hand, stock ---------------------------------------------
def bids_list(v, t):
    if not before_play(v.get("phase")):
        return None
    items = []
    bids = v.get("bids") or []
    fb = v.get("forced_bidder")
    layout = v.get("layout") or {}
    if fb is not None and layout.get("bidding", True) and not v.get("golden_deal") and (
            bids or v.get("phase") == "bidding"):
        if not any(a == "blind" for _, a in bids):
            items.append(h("li", {"data-bid-seat": fb, "data-bid": "forced"},
                           text=t.name(fb) + ": " + t("said_forced"), key="bid-f"))
    for i, (seat, a) in enumerate(bids):
        items.append(h("li", {"data-bid-seat": seat, "data-bid": a},
                       text=t.name(seat) + ": " + said(a, t), key="bid-" + str(i)))
    if not items:
        return None
    return h("div", {"cls": "bids-wrap"},
             h("span", {"cls": "label"}, text=t("bids_title")),
             h("ol", {"cls": "bids", "id": "bids", "aria-label": t("bids_title")}, *items))


def talon_block(v, t):
    """The talon where it is: closed piles before it is taken, then face up (or closed when
    hidden) by the declarer until the play, then a small reminder of its cards."""
    ph = v.get("phase")
    piles = v.get("talons") or []
    if not piles or ph == "over":
        return None
    if v.get("talon_pile") is None:
        if not before_play(ph):
            return None
        rows = []
        for i, size in enumerate(piles):
            label = t("talon_n", n=i + 1) if len(piles) > 1 else t("talon")
            rows.append(h("div", {"cls": "pile", "data-pile": i},
                          h("div", {"cls": "label"}, text=label), backs(size, t, "pile-backs")))
        return h("div", {"cls": "talon", "id": "talon", "data-talon": "closed"}, *rows)
    decl = v.get("declarer")
    cards = v.get("talon")
    if ph in ("play", "done"):
        if not cards:
            return None
        return h("div", {"cls": "talon compact", "id": "talon", "data-talon": "open"},
                 h("span", {"cls": "label"}, text=t("talon") + ":"),
                 *[mini(c, t) for c in cards])
    label = t.who("talon_taken", decl) if decl is not None else t("talon")
    if cards is not None:
        return h("div", {"cls": "talon", "id": "talon", "data-talon": "open", "aria-label": label},
                 h("div", {"cls": "label"}, text=label),
                 h("div", {"cls": "cards-row"}, *[card(c, t) for c in cards]))
    pile = v["talon_pile"]
    size = piles[pile] if 0 <= pile < len(piles) else piles[0]
    return h("div", {"cls": "talon", "id": "talon", "data-talon": "hidden", "aria-label": label},
             h("div", {"cls": "label"}, text=label + " · " + t("talon_hidden")),
             backs(size, t, "pile-backs"))


def gives_block(v, t):
    gives = v.get("gives") or []
    if not gives or v.get("phase") not in ("giving", "discard", "contract", "redeal"):
        return None
    items = [h("li", {"data-give-to": g["to"]}, mini(g.get("card"), t),
               h("span", {"cls": "give-to"}, text="→ " + t.name(g["to"])),
               key="give-" + str(g["to"]))
             for g in gives]
    return h("div", {"cls": "gives-wrap"},
             h("span", {"cls": "label"}, text=t("gives_title")),
             h("ul", {"cls": "gives", "id": "gives"}, *items))


def discards_block(v, t):
    """The two cards the declarer laid off (two_talons): only he sees them, until the play."""
    cards = v.get("discards")
    if not cards or v.get("phase") not in ("discard", "contract", "redeal"):
        return None
    return h("div", {"cls": "gives-wrap", "id": "discards"},
             h("span", {"cls": "label"}, text=t("discards")), *[mini(c, t) for c in cards])


def dead_block(v, t):
    layout = v.get("layout") or {}
    if not layout.get("dead"):
        return None
    got = gives_to(v, "dead")
    return h("div", {"cls": "dead-hand", "id": "dead-hand", "data-seat-kind": "dead"},
             h("div", {"cls": "label"}, text=t("dead_hand") + " · " + t("dead_hand_note")),
             backs(v.get("dead_size") or 0, t, "pile-backs"),
             h("div", {"cls": "seat-given", "data-given": "dead"},
               h("span", {"cls": "given-label"}, text=t("received")),
               *[mini(g.get("card"), t, data_given_card=g.get("card") or None) for g in got]) if got else None)


def stock_block(v, t):
    layout = v.get("layout") or {}
    if not layout.get("stock"):
        return None
    n = v.get("stock_size") or 0
    return h("div", {"cls": "stock", "id": "stock", "data-stock": n},
             h("span", {"cls": "label"}, text=t("stock") + ": " + t.n("cards_left", n)),
             h("span", {"cls": "card-back"}) if n else None)


def announce_text(v, t):
    """The polite live line: the latest marriage, or a blind game."""
    melds = v.get("melds") or []
    if melds and v.get("phase") in ("play", "done"):
        m = melds[-1]
        return m
    return None


def announce(v, t):
    m = announce_text(v, t)
    kids = []
    if m is not None:
        name = t.name(m["seat"])
        if m["suit"] == "A":
            kids.append(h("span", text=t("meld_announce_ace", name=name, value=m["value"])))
        else:
            before, _, after = t("meld_announce", name=name, suit="\x00", value=m["value"]).partition("\x00")
            kids = [h("span", text=before), suit_sign(m["suit"], t), h("span", text=after)]
    return h("p", {"cls": "announce", "id": "announce", "aria-live": "polite",
                   "data-meld": (str(m["seat"]) + ":" + m["suit"]) if m is not None else None},
             *kids)


def ring(v, ui, t, center):
    """The seats around the table with the centre in the middle."""
    pos = positions(v)
    n = len(v.get("names") or [])
    return h("section", {"cls": "ring ring-" + str(min(max(n, 2), 6)), "id": "ring"},
             *[seat_box(v, ui, t, s, pos[s]) for s in opponents(v)], center)


def talon_cards_in_hand(v):
    """The cards the human took from the talon, while that matters (before the play)."""
    if v.get("declarer") != HUMAN or v.get("phase") not in ("giving", "discard", "contract", "redeal"):
        return set()
    return set(v.get("talon") or [])


def given_cards_in_hand(v):
    return set(g["card"] for g in gives_to(v, HUMAN) if g.get("card"))


def human_marks(v, ui, t):
    """The human's own head: marks, bid or tricks, points, marriages, what he received."""
    kids = [seat_head(v, t, HUMAN), seat_line(v, ui, t, HUMAN), seat_given(v, t, HUMAN)]
    if sitting_out(v, HUMAN):
        kids.append(h("div", {"cls": "seat-status"}, text=t("sitting_out_you")))
    return kids
