"""The frozen results table: one row per model × task × item × epoch × condition × scorer."""

from __future__ import annotations

# The file kinds a results table is written as (kept here, away from pandas, so a command can
# check its --out before it imports anything heavy).
SUFFIXES = (".parquet", ".csv")

# Columns in order. `question` is set for multi-question items (e.g. Q1/Q2/Q3 of a case)
# and empty otherwise; `score` is 1/0 for exact-match outcomes, the 0-100 rubric score for
# graded replies, and empty (NaN) for excluded outcomes (parse_failed, error, unscored).
# `target` is the item's key as text (the gold label for classification tasks), so every
# metric can be re-derived from the table; `epochs` is how many epochs that item has in its
# run (model x task x condition), so intervals can cluster by item. `judge` names who gave
# a judged score: the grader model, ``panel:RULE`` for a judge panel's aggregated row (each
# judge then has its own rows, scorer ``SCORER[judgeN]``, judge = its model; see
# clinbench.scoring.panel), or '' for judge-independent scorers. `latency_s` is the reply's
# working time and `queue_s` the time it waited for a connection or rate limit
# (clinbench.results.run_facts); `structured_output` the mode its JSON form was asked in.
RESULT_COLUMNS = [
    "suite", "task", "model", "item_id", "format", "condition", "epoch", "epochs", "scorer",
    "judge", "question", "target", "response", "extracted_answer", "outcome", "score", "grade",
    "critical_errors",
    "input_tokens", "output_tokens", "domain", "source_pool", "difficulty", "tags",
    "item_metadata", "score_metadata", "run_id", "log_file",
    # what the run cost and what was run (clinbench.results.run_facts, results.cost)
    "reasoning_tokens", "latency_s", "queue_s", "cost_usd", "structured_output", "eval_created",
    "task_version", "suite_version", "item_set_sha256", "n_items", "protocol",
    "verdict_registration",
]  # fmt: skip
