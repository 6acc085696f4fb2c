"""The worker's side of the score sheet for a real game (issue 11 item 3) and of the
statistics (item 4): JSON ops that thousand.web.service adds to its OPS.

The score sheet runs in the worker because scoring is the engine's (scoresheet.ScoreSheet
over scoring.score_deal, the one scoring path).  The ops are stateless: the table (main
thread, thousand.web.scorebook) holds the sheet's JSON (``ScoreSheet.to_json``, what it saves
under localStorage ``thousand.sheet``) and sends it with every request; the worker checks it
(``from_json``: the schema, every deal rescored), applies the change and answers with the
new state.  So the worker keeps no second copy that could disagree, a snapshot restore loses
nothing, and the game on the table (``Service.game``) is never touched.

    sheet {do: "new", rules, names, first_dealer, start_scores}
    sheet {do: "load", sheet}           sheet {do: "link", text}   (a #sheet= link's text)
    sheet {do: "add", sheet, entry, result}      result: "made"/"failed" as the user said
    sheet {do: "edit", sheet, index, entry, result}
    sheet {do: "undo", sheet}           sheet {do: "context", sheet, index}
      -> {"sheet", "rows", "scores", "names", "rules_code", "conventions", "players",
          "link", "context": what the entry form of the next deal (or of deal `index`) needs}
      a refused entry or sheet: {"ok": false, "error": "sheet", "info": {code, params}}
    stats_summary {level, when, lost, reviewed}  the game on the table as stats.game_summary
    stats {summaries}                   stats.aggregate of the stored summaries
"""
from __future__ import annotations

from thousand.conventions import Conventions
from thousand.errors import ConventionError, RecordError, ThousandError
from thousand.scoresheet import DECK_POINTS, ScoreSheet

HUMAN = 0
MAX_NAME = 40


def _refused(e: ThousandError) -> dict:
    return {"ok": False, "error": "sheet", "why": str(e), "info": e.to_json()}


def context(sheet: ScoreSheet, index: int | None = None) -> dict:
    """What the form for deal `index` (default: the next deal) needs to know: who deals and
    plays, the golden round, who is on the barrel, and the table's rules that change the
    form (blind, ace marriage, four nines, a sitting-out dealer, derived declarer points)."""
    if index is not None and index < len(sheet.entries):
        before = ScoreSheet.__new__(ScoreSheet)
        before.__dict__.update(conv=sheet.conv, layout=sheet.layout, n=sheet.n,
                               names=sheet.names, first_dealer=sheet.first_dealer,
                               start=sheet.start, entries=sheet.entries[:index])
        before._rescore()
    else:
        before, index = sheet, len(sheet.entries)
    conv, lay = sheet.conv, sheet.layout
    nxt = before.next_deal
    st = before.standing
    return {
        "deal": index, "dealer": nxt["dealer"], "playing": nxt["playing"],
        "first_hand": nxt["first_hand"], "doubled": nxt["doubled"],
        "golden_declarer": nxt["golden_declarer"], "finished": nxt["finished"],
        "on_barrel": list(st.on_barrel), "scores": list(st.scores),
        "need": conv.need, "barrel_at": conv.barrel_at, "bid_step": conv.bid_step,
        "max_bid": conv.max_bid, "bidding": bool(lay.bidding),
        # the declarer's card points are the rest of the deck's unless cards are out of play
        "derive": not (lay.dead or len(lay.talons) > 1), "deck": DECK_POINTS,
        "blind": conv.blind != "off", "ace_marriage": bool(conv.ace_marriage),
        "four_nines": bool(conv.four_nines_bonus), "tricks_matter": conv.bolt_on == "no_tricks",
        "sitter": [s for s in range(sheet.n) if s not in nxt["playing"]],
    }


def state(sheet: ScoreSheet, index: int | None = None) -> dict:
    return {"sheet": sheet.to_json(), "rows": sheet.rows, "scores": sheet.scores,
            "names": list(sheet.names), "players": sheet.n, "rules_code": sheet.conv.to_code(),
            "conventions": sheet.conv.to_dict(), "link": sheet.to_link(),
            "finished": sheet.standing.finished, "winner": sheet.standing.winner,
            "context": context(sheet, index)}


def _check_result(sheet: ScoreSheet, index: int, result) -> None:
    """The user said the contract was made (or not): the points he entered must agree."""
    if result not in ("made", "failed"):
        return
    row = sheet.rows[index]
    if row["outcome"] in ("made", "failed") and row["outcome"] != result:
        decl = row["declarer"]
        raise RecordError(f"deal {index + 1}: with these points the contract is "
                          f"{row['outcome']}, not {result}", "sheet_result_mismatch",
                          field="result", deal=index + 1, points=row["points"][decl],
                          contract=row["contract"], outcome=row["outcome"])


def _names(given, n: int) -> list:
    given = given if isinstance(given, list) else []
    out = []
    for s in range(n):
        x = given[s] if s < len(given) and isinstance(given[s], str) else ""
        out.append(x.strip()[:MAX_NAME] or str(s + 1))
    return out


def new_sheet(req) -> ScoreSheet:
    conv = Conventions.from_code(str(req.get("rules") or "classic")[:2000])
    n = conv.players
    dealer = req.get("first_dealer", 0)
    if not (type(dealer) is int and 0 <= dealer < n):
        dealer = 0
    start = None
    scores = req.get("start_scores")
    if isinstance(scores, list) and any(x for x in scores):
        # who starts at the barrel's score sits on it with no attempt used (§4.1)
        start = {"scores": scores,
                 "barrel": [0 if x == conv.barrel_at else None for x in scores]}
    return ScoreSheet(conv, _names(req.get("names"), n), dealer, start)


def op_sheet(service, req) -> dict:
    do = req.get("do")
    try:
        if do == "new":
            return state(new_sheet(req))
        if do == "link":
            return state(ScoreSheet.from_link(req.get("text")))
        sheet = ScoreSheet.from_json(req.get("sheet"))
        if do == "load":
            return state(sheet)
        if do == "context":
            index = req.get("index")
            return state(sheet, index if type(index) is int and index >= 0 else None)
        if do == "undo":
            sheet.undo()
            return state(sheet)
        if do == "add":
            sheet.add(req.get("entry"))
            _check_result(sheet, len(sheet.rows) - 1, req.get("result"))
            return state(sheet)
        if do == "edit":
            index = req.get("index")
            if type(index) is not int:
                raise RecordError("index: the deal to edit", "bad_sheet_entry", field="index")
            sheet.edit(index, req.get("entry"))
            _check_result(sheet, index, req.get("result"))
            return state(sheet)
    except (RecordError, ConventionError) as e:
        return _refused(e)
    return {"ok": False, "error": "op", "why": f"unknown sheet operation {str(do)[:40]!r}"}


def op_stats_summary(service, req) -> dict:
    from thousand.stats import game_summary
    g = service.game
    if g is None:
        return {"ok": False, "error": "turn", "why": "no game"}
    lost, reviewed = req.get("lost", 0), req.get("reviewed", 0)
    return {"summary": game_summary(g, HUMAN, str(req.get("level") or "normal")[:20],
                                    when=str(req.get("when") or "")[:40],
                                    lost=lost if type(lost) is int else 0,
                                    reviewed=reviewed if type(reviewed) is int else 0)}


def op_stats(service, req) -> dict:
    from thousand.stats import aggregate
    summaries = req.get("summaries")
    return {"stats": aggregate(summaries if isinstance(summaries, list) else [])}


OPS = {"sheet": op_sheet, "stats_summary": op_stats_summary, "stats": op_stats}
