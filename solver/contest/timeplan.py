"""The two seconds of a contest run, spent: every figure of the time plan in one place.

paiza.IO stops a run CONTEST_SECONDS after its process starts, the interpreter's
start-up included (contest/clock.py reads that start from /proc).  A run is held to
WALL_BAR_SECONDS of wall time, so DEFAULT_BUDGET_SECONDS, from process start to the
last board started, leaves room for what comes after it: the board in play at the
deadline (a board is started only while LAST_BOARD_SECONDS are left, and it stops
at its next stall), COLLECT_GRACE_SECONDS for the workers' last records, the select
list's one write (2.3 MB on a 20,000-board ADC2025 pack) and the exit.  A budget of
1.92 s let a whole process reach 1.96 s (docs/measurements/contest.md, "Wall time: the budget of 1.90 s").

Within the budget, reading comes first: the index of a pack gets INDEX_SHARE of the
time left and the plan stops keying headers at PLAN_SHARE of it; a pack cut short is
indexed further only while NEXT_ROUND_SECONDS are left, and the boards a plan passed
over are played only while PASSED_OVER_SECONDS are.  The plan re-makes its cut every
REPLAN_EVERY boards and trusts its predictions for PRIOR_SHARE of the time before the
real speed counts.  Workers send their records every FLUSH_SECONDS or FLUSH_RECORDS
boards, and each at once from URGENT_SECONDS before they are stopped.

Read by the entry (contest/paiza.py), the run (batch, chunks, plan, workers), the
build (bundler/script.py: the default budget) and the lab (the session's and the
pack advisor's arithmetic of the 2 s).
"""

CONTEST_SECONDS = 2.0  # paiza.IO's limit on a run, from process start
WALL_BAR_SECONDS = 1.95  # what a run's whole wall time is held to (a session: the runs' sum)
DEFAULT_BUDGET_SECONDS = 1.90  # from process start to the end of play (build.py --budget)

# Time spent before the entry's first statement where /proc cannot tell it: interpreter
# start-up plus compiling the bundled script, which take a few tens of milliseconds
# (docs/measurements/strength.md, "Decisions"); 0.1 s covers a machine about twice as slow, and a
# slower start-up only eats into the margin the budget leaves.
STARTUP_ALLOWANCE_SECONDS = 0.1

INDEX_SHARE = 0.25  # of the time left (at first: of the budget), for finding the boards of a pack
PLAN_SHARE = 0.3  # of the time left, by which the plan stops keying lines and estimating shapes
COLLECT_GRACE_SECONDS = 0.015  # after the budget, for the workers' last boards and records
# Time left worth indexing more of a pack cut short: a round indexes at least one chunk
# (packindex.INDEX_CHUNK, 30-60 ms on the development machine) before it plays; with 0.05 s
# a second round ran 50 ms past the deadline (docs/measurements/hostile.md, "Hostile packs, 2026-11-26").
NEXT_ROUND_SECONDS = 0.15
PASSED_OVER_SECONDS = 0.05  # time left worth a plan and workers for the boards passed over
# Room left when a board is started: keeping room for the slowest board so far instead
# stopped runs early (docs/measurements/throughput.md, "Per phase": the start guard).
LAST_BOARD_SECONDS = 0.002
# a board played blind (engine/blind.py: 40 us, 0.1 ms at most) is started until this
# long before the deadline
BLIND_LAST_SECONDS = 0.001

REPLAN_EVERY = 32  # boards between two computations of the plan's cut
PRIOR_SHARE = 0.02  # of the time, trusted to the predictions before the real speed counts

FLUSH_SECONDS = 0.02  # a worker sends its records at least this often...
FLUSH_RECORDS = 64  # ...or when it holds this many,
URGENT_SECONDS = 0.1  # ...and each at once from this long before a worker is stopped
