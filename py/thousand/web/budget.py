"""Thinking time of the hard bot in the browser (no PyScript imports: the benchmarks read it).

The hard bot stops searching once its budget (seconds per decision) is spent and it has solved
at least 3 worlds, so a decision can overrun the budget.  scripts/bench_bot_web.py measures the
time per decision through the table's worker path in headless Chromium; target: p95 <= 1.5 s.
"""
HARD_BUDGET = 0.8   # the hard bots at the table
HINT_BUDGET = 1.0   # the human's Hint button (the same search for seat 0; ~1 s)
