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
HARD_BUDGET = 0.8   # the hard bots at the table
HINT_BUDGET = 1.0   # the human's Hint button (the same search for seat 0; ~1 s)
