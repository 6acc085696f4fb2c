"""Statistics of a player's games (issue 11 item 4), kept locally by the table.

``game_summary(game, seat, level)`` condenses a finished (or abandoned) game into a small
JSON object the table stores; ``aggregate(summaries)`` adds them up: games and wins per bot
level, make rate and mean contract as declarer, points per deal, bolts, barrel wins and
falls, and — when reviews were run — the points lost per deal over time; ``series``: one
point per game (points per deal, won, lost per deal) for the table's chart.
"""
from __future__ import annotations

SUMMARY_KEYS = ("level", "players", "finished", "won", "deals", "declared", "made", "conceded",
                "contract_sum", "points", "bolts", "barrel_wins", "barrel_falls", "lost",
                "reviewed", "when")
SERIES = 40          # games in the chart's series (the newest)


def game_summary(game, seat: int, level: str, when: str = "", lost: int = 0,
                 reviewed: int = 0) -> dict:
    """One game as seen by `seat`.  `lost`/`reviewed`: points lost in reviewed deals."""
    out = {"level": level, "players": game.n, "finished": game.finished,
           "won": game.winner == seat, "deals": 0, "declared": 0, "made": 0, "conceded": 0,
           "contract_sum": 0, "points": 0, "bolts": 0, "barrel_wins": 0, "barrel_falls": 0,
           "lost": lost, "reviewed": reviewed, "when": when}
    for row in game.sheet:
        if row["outcome"] == "redeal":
            continue
        out["deals"] += 1
        out["points"] += row["delta"][seat]
        out["bolts"] += bool(row["bolted"][seat])
        if row["declarer"] == seat:
            out["contract_sum"] += row["contract"]
            if row["outcome"] == "conceded":
                out["conceded"] += 1
            else:
                out["declared"] += 1
                out["made"] += row["outcome"] == "made"
        for ev in row["events"]:
            if ev["seat"] == seat and ev["kind"] == "barrel_win":
                out["barrel_wins"] += 1
            if ev["seat"] == seat and ev["kind"] == "barrel_fall":
                out["barrel_falls"] += 1
    return out


def aggregate(summaries: list) -> dict:
    """Totals over stored game summaries (bad entries are skipped, never fatal)."""
    good = [s for s in summaries if isinstance(s, dict)
            and all(isinstance(s.get(k), (int, bool, str)) for k in SUMMARY_KEYS)]
    per_level: dict = {}
    t = {k: 0 for k in ("games", "wins", "deals", "declared", "made", "conceded",
                        "contract_sum", "points", "bolts", "barrel_wins", "barrel_falls",
                        "lost", "reviewed")}
    trend = []
    series = []      # one point per game, oldest first: the chart's bars
    for s in good:
        lv = per_level.setdefault(str(s["level"]), {"games": 0, "wins": 0})
        lv["games"] += 1
        lv["wins"] += bool(s["won"])
        t["games"] += 1
        t["wins"] += bool(s["won"])
        for k in ("deals", "declared", "made", "conceded", "contract_sum", "points", "bolts",
                  "barrel_wins", "barrel_falls", "lost", "reviewed"):
            t[k] += int(s[k])
        series.append({"when": s["when"], "level": str(s["level"]), "won": bool(s["won"]),
                       "points_per_deal": round(int(s["points"]) / int(s["deals"]), 1)
                       if int(s["deals"]) else 0,
                       "lost_per_deal": round(int(s["lost"]) / int(s["reviewed"]), 1)
                       if int(s["reviewed"]) else None})
        if s["reviewed"]:
            trend.append({"when": s["when"], "lost_per_deal": round(s["lost"] / s["reviewed"], 1)})
    played = t["declared"] + t["conceded"]
    return {
        "games": t["games"], "wins": t["wins"], "per_level": per_level,
        "make_rate": round(t["made"] / t["declared"], 3) if t["declared"] else None,
        "mean_contract": round(t["contract_sum"] / played, 1) if played else None,
        "points_per_deal": round(t["points"] / t["deals"], 1) if t["deals"] else None,
        "bolts": t["bolts"], "barrel_wins": t["barrel_wins"], "barrel_falls": t["barrel_falls"],
        "lost_per_deal": round(t["lost"] / t["reviewed"], 1) if t["reviewed"] else None,
        "trend": trend, "series": series[-SERIES:],
    }


__all__ = ["game_summary", "aggregate"]
