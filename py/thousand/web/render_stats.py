"""The player's statistics as a dialog: ``stats_dialog(view, ui, t)`` (``#dialog-stats``,
ui.overlay == "stats"; ``ui.stats`` = {"status", "stats": stats.aggregate(...)}).

Figures (games and wins per bot level, make rate and mean contract as declarer, points per
deal, bolts, barrel wins and falls, points lost per deal by the deal review) and a small
chart drawn here as inline SVG: one bar per game (points per deal, filled when won) and,
once reviews have filled it, a line of the points lost per deal.  No external service.
"""
from .dom import h

CHART_W = 320
CHART_H = 120
PAD = 6


def pct(x):
    return str(int(round(float(x) * 100))) + "%"


def num(x):
    """A figure as the engine rounded it ("12.5"), or a dash."""
    if x is None:
        return "—"
    if isinstance(x, float) and x == int(x):
        return str(int(x))
    return str(x)


def chart(series, t):
    """Inline SVG: a bar per game (points per deal; ``data-won``), a zero line, and the
    review's points lost per deal as a polyline where there are any."""
    series = [p for p in series or [] if isinstance(p, dict)]
    values = [float(p.get("points_per_deal") or 0) for p in series]
    lost = [p.get("lost_per_deal") for p in series]
    top = max([1.0] + [v for v in values if v > 0] + [float(x) for x in lost if x is not None])
    low = min([0.0] + [v for v in values if v < 0])
    span = top - low
    inner = CHART_H - 2 * PAD

    def y(v):
        return int(round(PAD + (top - v) * inner / span))
    zero = y(0.0)
    n = max(1, len(series))
    step = (CHART_W - 2 * PAD) // n
    bar = max(2, step - 2)
    kids = [h("line", {"x1": PAD, "x2": CHART_W - PAD, "y1": zero, "y2": zero, "cls": "axis"})]
    for i, v in enumerate(values):
        x = PAD + i * step
        y0, y1 = (y(v), zero) if v >= 0 else (zero, y(v))
        kids.append(h("rect", {"x": x, "y": y0, "width": bar, "height": max(1, y1 - y0),
                               "cls": "bar" + (" won" if series[i].get("won") else ""),
                               "data-ppd": num(series[i].get("points_per_deal")),
                               "data-won": "true" if series[i].get("won") else "false"},
                       key="bar-" + str(i)))
    pts = [str(PAD + i * step + bar // 2) + "," + str(y(float(x)))
           for i, x in enumerate(lost) if x is not None]
    if pts:
        kids.append(h("polyline", {"points": " ".join(pts), "cls": "lost", "id": "stats-lost-line"}))
    label = t("stats_chart_label", n=len(series))
    return h("svg", {"id": "stats-chart", "cls": "stats-chart", "role": "img",
                     "aria-label": label, "viewBox": "0 0 " + str(CHART_W) + " " + str(CHART_H),
                     "width": CHART_W, "height": CHART_H, "data-games": len(series)}, *kids)


def figures(s, t):
    rows = [("stats_games", str(s.get("games", 0))),
            ("stats_wins", str(s.get("wins", 0)) + (" (" + pct(s["wins"] / s["games"]) + ")" if s.get("games") else "")),
            ("stats_make_rate", pct(s["make_rate"]) if s.get("make_rate") is not None else "—"),
            ("stats_mean_contract", num(s.get("mean_contract"))),
            ("stats_points_per_deal", num(s.get("points_per_deal"))),
            ("stats_bolts", str(s.get("bolts", 0))),
            ("stats_barrel_wins", str(s.get("barrel_wins", 0))),
            ("stats_barrel_falls", str(s.get("barrel_falls", 0))),
            ("stats_lost_per_deal", num(s.get("lost_per_deal")))]
    return h("table", {"cls": "sheet stats-figures", "id": "stats-figures"},
             h("tbody", None, *[h("tr", {"data-stat": key[6:]}, h("th", {"scope": "row"}, text=t(key)),
                                  h("td", {"cls": "num"}, text=value), key=key)
                                for key, value in rows]))


def per_level(s, t):
    levels = s.get("per_level") or {}
    rows = []
    for lv in sorted(levels):
        g = levels[lv]
        label = t("level_" + lv) if lv in ("easy", "normal", "hard", "random") else lv
        rows.append(h("tr", {"data-level": lv}, h("th", {"scope": "row"}, text=label),
                      h("td", {"cls": "num"}, text=str(g.get("games", 0))),
                      h("td", {"cls": "num"}, text=str(g.get("wins", 0))), key="lv-" + lv))
    return h("table", {"cls": "sheet stats-levels", "id": "stats-levels"},
             h("thead", None, h("tr", None, h("th", {"scope": "col"}, text=t("level")),
                                h("th", {"scope": "col"}, text=t("stats_games")),
                                h("th", {"scope": "col"}, text=t("stats_wins")))),
             h("tbody", None, *rows))


def stats_dialog(view, ui, t):
    from .render_dialogs import dialog
    st = ui.stats or {}
    status = st.get("status")
    if status == "pending":
        body = [h("p", {"cls": "note", "role": "status"}, text=t("sb_loading"))]
    elif status != "done":
        body = [h("p", {"cls": "field-error", "role": "alert"}, text=t("stats_error"))]
    else:
        s = st.get("stats") or {}
        if not s.get("games"):
            body = [h("p", {"cls": "note", "id": "stats-empty"}, text=t("stats_empty"))]
        else:
            body = [figures(s, t), per_level(s, t),
                    h("figure", {"cls": "stats-figure"}, chart(s.get("series"), t),
                      h("figcaption", {"cls": "note"}, text=t("stats_chart_note")))]
            if s.get("lost_per_deal") is None:
                body.append(h("p", {"cls": "note"}, text=t("stats_lost_note")))
    return dialog("stats", t("stats_title"), h("div", {"id": "stats-body", "data-status": status}, *body), t=t)
