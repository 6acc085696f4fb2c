"""Thinking time of the hard bot in the browser (no browser imports: the benchmarks read it).

The hard bot begins no world that the mean time of those it solved says would end past its
budget (seconds per decision), stops its search wherever it is at
thousand.bots.hard.STOP_SHARE (1.4) × the budget, and never searches more than its node limit
(thousand.bots.hard.NODE_BUDGET), so no decision runs past 1.5 s even where one world's search
is long or the device slow.  What it thinks in that time, as the harness's node quota:
thousand.bots.hard.TABLE_NODES, HINT_NODES (measured with bench_bot_web.py --cpython-nodes).
scripts/bench_bot_web.py measures the time per decision through the table's worker path in
headless Chromium; targets: p95 <= 0.9 s, max <= 1.5 s.
"""
HARD_BUDGET = 0.8   # the hard bots at the table: the least a decision thinks
STOP_SHARE = 1.4    # thousand.bots.hard.STOP_SHARE (this module imports no bot)
HINT_BUDGET = 1.0   # the human's Hint button (the same search for seat 0; ~1 s)


def think_budget(pause_ms: float) -> float:
    """A bot decision's budget (seconds) when the table will show its move `pause_ms` from
    now anyway (the pace, the full trick left in view, the talon): the whole pause, so far
    as even a decision stopped at STOP_SHARE × its budget ends within it, and never less
    than HARD_BUDGET, so the wait for a move is never longer than it was with the fixed
    budget.  The worker's pondering adds to it (thousand.web.service.Service.ponder)."""
    return round(max(HARD_BUDGET, pause_ms / 1000 / STOP_SHARE), 3)


def bot_pause_ms(view: dict, pace_ms: float, trick_pause_ms: float) -> float:
    """How long after it is asked the table shows a bot's move (ms; `pace_ms` and
    `trick_pause_ms` are the table's speed's, thousand.web.ui_state): the pace, twice it when
    the talon was just shown (the player gets time to look), and the full trick's pause on
    top when a trick was just taken (it stays in view, then is taken).  The controller's
    bot_turn and the benchmarks' table clock (botbench.ponder_table) both read this."""
    pace = pace_ms
    if view.get("phase") == "giving" and not view.get("gives"):
        pace *= 2
    if view.get("phase") == "play" and not view.get("trick") and view.get("last_trick"):
        pace += trick_pause_ms
    return pace
