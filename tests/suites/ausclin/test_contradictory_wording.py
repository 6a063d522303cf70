"""One term, one definition, on every AusClinBench surface: a reply that declines and answers
at once is "contradictory", counted in its own column beside "parse failed" (a reply not in
the required form); the two together are the "unreadable" replies. No table counts a
contradictory reply under "parse failed", and no surface calls them "unparseable".

realuse's run: the accuracy table said "parse failed 0, contradictory 3" while the exclusions
table said "parse failed 3" and its reason "3 unparseable": the same replies, other words."""

from __future__ import annotations

import pandas as pd

from clinbench.results.schema import RESULT_COLUMNS
from clinbench.suites.ausclin import analysis, report


def _rows(model: str, outcomes: list[str]) -> list[dict]:
    return [
        {"suite": "ausclin", "model": model, "task": "ausclin", "condition": "blind",
         "item_id": f"i{n:03d}", "epoch": 1, "outcome": o, "scorer": "ausclin_scorer",
         "response": "see above" if o == "parse_failed" else '{"decline": true, "x": "yes"}',
         "score": 1.0 if o == "correct" else 0.0, "item_metadata": "{}", "score_metadata": "{}"}
        for n, o in enumerate(outcomes)
    ]  # fmt: skip


# careful: 1 contradictory reply of 20 (kept, 5%); sloppy: 2 parse failed and 3 contradictory
# of 12 (excluded, 42%)
CAREFUL = ["correct"] * 17 + ["incorrect", "incorrect", "contradictory"]
SLOPPY = ["correct"] * 6 + ["incorrect"] + ["parse_failed"] * 2 + ["contradictory"] * 3
TABLE = pd.DataFrame(_rows("careful", CAREFUL) + _rows("sloppy", SLOPPY)).reindex(
    columns=RESULT_COLUMNS
)


def test_the_exclusions_count_contradictory_replies_apart_in_the_same_words():
    excl = analysis.exclusions(TABLE).set_index("model")
    assert (excl.loc["sloppy", "parse_failed"], excl.loc["sloppy", "contradictory"]) == (2, 3)
    assert (excl.loc["careful", "parse_failed"], excl.loc["careful", "contradictory"]) == (0, 1)
    assert bool(excl.loc["sloppy", "excluded"]) and not bool(excl.loc["careful", "excluded"])
    reason = excl.loc["sloppy", "reason"]
    assert "2 parse failed and 3 contradictory of 12 replies" in reason, reason
    assert "unparseable" not in reason


def test_every_table_counts_contradictory_replies_in_their_own_column():
    failures = analysis.parse_failures_table(TABLE).set_index("model")
    assert (failures.loc["sloppy", "parse failed"], failures.loc["sloppy", "contradictory"]) == (
        2, 3)  # fmt: skip
    accuracy = analysis.accuracy_table(TABLE, by=("model", "condition")).set_index("model")
    assert (accuracy.loc["careful", "parse failed"], accuracy.loc["careful", "contradictory"]) == (
        0, 1)  # fmt: skip
    both = analysis.denominators_table(TABLE).set_index("model")
    assert (both.loc["careful", "parse failed"], both.loc["careful", "contradictory"]) == (0, 1)
    verdict = analysis.best_model_verdict(TABLE, "blind", bar=0.95).iloc[0]
    assert verdict["best model"] == "careful"
    assert (verdict["parse failed"], verdict["contradictory"]) == (0, 1)
    assert "unreadable" not in verdict.index  # the umbrella word names no single column
    for title, table in report.headline_tables(TABLE).items():
        if "parse failed" in table.columns:
            assert "contradictory" in table.columns, title


def test_no_ausclin_report_surface_says_unparseable():
    words = []
    for section in report.sections(TABLE, figures=False):
        words += [section.title, section.intro or "", *section.notes, *section.tables]
        words += [" ".join(map(str, t.columns)) for t in section.tables.values()]
    text = " ".join(words)
    assert "unparseable" not in text.lower(), text
    assert "contradictory" in text
