"""The deal review ("Разбор") and the deal challenge ("Сыграть эту раздачу") on the table.

``review_dialog(view, ui, t)`` draws ``ui.review`` (controller.open_review: the worker's
thousand.bots.review.Review run step by step): the progress while it runs, then the summary
line ("2 ошибки, −25 очков"), the biggest mistake, the bidding and contract decisions (the
hard bot's estimate from the human's own view, labelled as an estimate) and the deal trick by
trick with every hand open, each card the human played with the solver's values.

``challenge_block(row, ui, t)`` is the summary's part of a challenge: the link the player
made, or — at the end of a challenge deal — the sender's result beside the player's.

Main thread: runs under MicroPython too (no __future__, no dataclasses, no dict order).
"""
from .dom import h
from .i18n import fmt_delta
from .render_seats import mini
from .render_table import btn, describe_hint
from .ui_state import HUMAN


def minus(points):
    """A loss in points: "−25"; nothing lost: "0"."""
    return "−" + str(points) if points > 0 else "0"


def action_label(action, t):
    """One of the human's (or the bot's) actions in a few words: "120", "пас", "заказ 120"."""
    parts = str(action).split()
    verb = parts[0] if parts else ""
    if verb == "pass":
        return t("said_pass")
    if verb == "bid":
        return parts[1]
    if verb in ("play", "meld", "discard"):
        return t("review_act_" + verb, card=t.short(parts[1]))
    if verb == "give":
        to = parts[2] if parts[2] == "dead" else int(parts[2])
        return t("review_act_give", card=t.short(parts[1]), to=t.name_dat(to))
    if verb == "contract":
        return t("review_act_contract", value=parts[1])
    if verb == "talon":
        return t("review_act_talon", n=int(parts[1]) + 1)
    if verb in ("concede", "redeal", "blind", "unblind"):
        return t("review_act_" + verb)
    return str(action)


def summary_line(result, t):
    s = result.get("summary") or {}
    m = int(s.get("mistakes") or 0)
    if not m:
        return t("review_clean")
    return t("review_summary", mistakes=t.n("review_mistakes", m),
             points="−" + t.points(int(s.get("points_lost") or 0)))


def card_of(action):
    parts = str(action).split()
    return parts[1] if len(parts) > 1 else ""


def best_cards(c, t):
    return ", ".join(t.short(card_of(a)) for a in c.get("best") or [])


def worst_line(result, t):
    mistakes = result.get("mistakes") or []
    if not mistakes:
        return None
    c = mistakes[0]
    return h("p", {"cls": "review-worst", "id": "review-worst", "data-review-trick": c["trick"],
                   "data-cost": c["cost"]},
             text=t("review_worst", trick=c["trick"], played=t.short(card_of(c["played"])),
                    best=best_cards(c, t), points=minus(c["cost"])))


def decisions_block(result, dv, t):
    items = []
    for d in result.get("decisions") or []:
        phase = t("review_phase:" + str(d.get("phase")))
        if d.get("agrees"):
            text = t("review_decision_agrees", phase=phase, played=action_label(d["played"], t))
        else:
            advice = describe_hint(d["suggested"], d.get("estimate") or {}, dv or {}, t)
            text = t("review_decision", phase=phase, played=action_label(d["played"], t),
                     advice=advice)
        items.append(h("li", {"data-decision-phase": d.get("phase"),
                              "data-agrees": "true" if d.get("agrees") else "false",
                              "data-played": d.get("played"), "data-suggested": d.get("suggested")},
                       h("span", text=text),
                       h("span", {"cls": "estimate-label"}, text=t("review_estimate")),
                       key="dec-" + str(d.get("index"))))
    if not items:
        return None
    return h("section", {"cls": "review-decisions", "id": "review-decisions"},
             h("h3", text=t("review_decisions")),
             h("p", {"cls": "note"}, text=t("review_decisions_note")),
             h("ul", None, *items))


def open_hands(result, dv, number):
    """Every playing seat's cards before trick `number` (0-based): the hands when the play
    began less what the tricks before it took.  None where the deal had a stock (cards
    drawn during the play) or no play."""
    hands = result.get("hands")
    if not hands or ((dv or {}).get("layout") or {}).get("stock"):
        return None
    gone = set()
    for tr in ((dv or {}).get("tricks") or [])[:number]:
        for seat, code in tr.get("cards") or []:
            gone.add(code)
    return [[c for c in hand if c not in gone] for hand in hands]


def card_judgement(c, t):
    """The solver's values of the human's card in a trick."""
    if c["cost"] > 0:
        text = t("review_card_cost", played=t.short(card_of(c["played"])), value=c["value_played"],
                 best=best_cards(c, t), best_value=c["value_best"], points=minus(c["cost"]))
    else:
        text = t("review_card_best", played=t.short(card_of(c["played"])), value=c["value_played"])
    return h("p", {"cls": "review-card" + (" mistake" if c["cost"] > 0 else ""),
                   "data-review-card": card_of(c["played"]), "data-value-best": c["value_best"],
                   "data-value-played": c["value_played"], "data-cost": c["cost"]}, text=text)


def tricks_block(result, dv, t):
    tricks = (dv or {}).get("tricks") or []
    if not tricks:
        return None
    by_trick = {}
    for c in result.get("cards") or []:
        by_trick[c["trick"]] = c
    rows = []
    for i, tr in enumerate(tricks):
        hands = open_hands(result, dv, i)
        kids = [h("h4", text=t("review_trick", n=i + 1))]
        if hands is not None:
            kids.append(h("ul", {"cls": "review-hands"},
                          *[h("li", {"data-hand-seat": s},
                              h("span", {"cls": "who"}, text=t.name(s)),
                              h("span", {"cls": "cards-row"}, *[mini(code, t) for code in hands[s]]),
                              key="hand-" + str(s))
                            for s in range(len(hands)) if hands[s]]))
        kids.append(h("div", {"cls": "review-played"},
                      *[h("span", {"cls": "played", "data-played-by": seat},
                          h("span", {"cls": "who"}, text=t.name(seat)), mini(code, t),
                          key="pl-" + str(seat))
                        for seat, code in tr.get("cards") or []]))
        kids.append(h("p", {"cls": "note"}, text=t.who("took_trick", tr.get("winner"))))
        c = by_trick.get(i + 1)
        if c is not None:
            kids.append(card_judgement(c, t))
        rows.append(h("li", {"data-review-trick": i + 1,
                             "data-cost": c["cost"] if c is not None else None},
                      *kids, key="trick-" + str(i)))
    return h("section", {"cls": "review-tricks"},
             h("h3", text=t("review_tricks")),
             h("p", {"cls": "note"}, text=t("review_values_note")),
             h("ol", {"id": "review-tricks"}, *rows))


def review_body(rv, t):
    result = rv.get("result") or {}
    dv = rv.get("view") or {}
    s = result.get("summary") or {}
    kids = [h("p", {"cls": "review-summary", "id": "review-summary",
                    "data-mistakes": s.get("mistakes", 0), "data-points-lost": s.get("points_lost", 0)},
              text=summary_line(result, t))]
    if not result.get("cards"):
        kids.append(h("p", {"cls": "note", "id": "review-no-cards"},
                        text=t("review_no_play") if not dv.get("tricks") else t("review_no_cards")))
    kids.append(worst_line(result, t))
    kids.append(decisions_block(result, dv, t))
    kids.append(tricks_block(result, dv, t))
    return kids


def review_dialog(view, ui, t):
    from .render_dialogs import dialog
    rv = ui.review
    if rv is None:
        return None
    status = rv.get("status")
    if status == "done":
        body = review_body(rv, t)
    elif status == "error":
        body = [h("p", {"cls": "field-error", "id": "review-error", "role": "alert"},
                  text=t("review_error"))]
    else:
        done, total = int(rv.get("done") or 0), int(rv.get("total") or 0)
        body = [h("p", {"cls": "review-progress", "id": "review-progress", "role": "status",
                        "data-done": done, "data-total": total},
                  text=t("review_progress", done=done, total=total) if total else t("review_starting")),
                h("progress", {"max": max(total, 1), "aria-hidden": "true"},
                  props={"value": done})]
    return dialog("review", t("review_title", n=int(rv.get("deal") or 0) + 1),
                  h("div", {"cls": "review", "id": "review", "data-status": status,
                            "data-review-deal": rv.get("deal")}, *body),
                  t=t)


# ---- the deal challenge -----------------------------------------------------------------------
def challenge_results(row, ui, t):
    """At the end of a challenge deal: the sender's result and the player's, side by side."""
    ch = ui.challenge or {}
    sender = ch.get("result")
    mine = row["delta"][HUMAN]
    name = ch.get("name") or t("challenge_sender")
    cells = [h("div", {"cls": "challenge-result", "data-challenge-result": "sender",
                       "data-points": sender if sender is not None else None},
               h("span", {"cls": "who"}, text=name),
               h("span", {"cls": "num"}, text=fmt_delta(sender) if sender is not None else "—")),
             h("div", {"cls": "challenge-result", "data-challenge-result": "you", "data-points": mine},
               h("span", {"cls": "who"}, text=t("challenge_you")),
               h("span", {"cls": "num"}, text=fmt_delta(mine)))]
    if sender is None:
        verdict = ""
    elif mine > sender:
        verdict = t("challenge_better")
    elif mine < sender:
        verdict = t("challenge_worse", name=name)
    else:
        verdict = t("challenge_same")
    return h("div", {"cls": "challenge-results", "id": "challenge-results"},
             h("h3", text=t("challenge_results")),
             h("div", {"cls": "challenge-pair"}, *cells),
             h("p", {"id": "challenge-verdict"}, text=verdict) if verdict else None)


def challenge_share(row, ui, t):
    """The link the player made of this deal (and what became of it)."""
    sh = ui.challenge_share
    if not sh or sh.get("deal") != row["deal"]:
        return None
    kids = [h("span", {"cls": "share-status", "id": "challenge-status", "role": "status"},
              text=t("share_" + sh["status"]) if sh.get("status") in ("copied", "shared", "manual") else "")]
    if sh.get("url"):
        kids.append(h("input", {"id": "challenge-url", "type": "text", "readonly": True,
                                "aria-label": t("challenge_link")}, props={"value": sh["url"]}))
    return h("div", {"cls": "share challenge-share"}, *kids)


def in_challenge(row, ui):
    """Is this summary the end of the challenge deal being played?"""
    return ui.challenge is not None and row.get("deal") == 0


def summary_buttons(row, ui, t):
    """The summary's buttons: next deal (or back to one's own game after a challenge), the
    review, the challenge link, the sheet."""
    deal = row["deal"]
    reviewable = row.get("outcome") != "redeal"
    if in_challenge(row, ui):
        first = btn(t("challenge_back"), "challenge-back", "btn btn-primary", id="btn-challenge-back",
                    data_autofocus=True)
    else:
        first = btn(t("next_deal"), "next-deal", "btn btn-primary", id="btn-next-deal",
                    data_autofocus=True)
    return h("div", {"cls": "dialog-buttons"}, first,
             btn(t("review"), "review", "btn", id="btn-review", data_value=deal) if reviewable else None,
             btn(t("challenge_make"), "challenge", "btn", id="btn-challenge", data_value=deal)
             if reviewable else None,
             btn(t("sheet"), "sheet", "btn"))
