"""`clinbench run ausclin` printed its headline tables empty, headers only, when the one model
was excluded (SmolLM2, realuse3: 3 of 8 replies contradictory): a reader saw tables with no row
and no word of why. Each empty table now says which models it leaves out and why."""

from __future__ import annotations

import pandas as pd

from clinbench.results.schema import RESULT_COLUMNS
from clinbench.suites.ausclin import report

# SmolLM2-135M's outcomes on the first 8 sample items (closed book): 5 wrong, 3 contradictory
OUTCOMES = ["incorrect", "contradictory", "incorrect", "incorrect", "incorrect",
            "contradictory", "incorrect", "contradictory"]  # fmt: skip


def _table(model: str) -> pd.DataFrame:
    rows = [
        {"suite": "ausclin", "model": model, "task": "ausclin", "condition": "blind",
         "item_id": f"i{n:03d}", "epoch": 1, "outcome": o, "scorer": "item_scorer",
         "response": '{"x": "15", "decline": true}', "score": 0.0, "item_metadata": "{}",
         "score_metadata": "{}"}
        for n, o in enumerate(OUTCOMES)
    ]  # fmt: skip
    return pd.DataFrame(rows).reindex(columns=RESULT_COLUMNS)


def _cli(tmp_path, command: str) -> str:
    """Return what `clinbench ausclin COMMAND` prints for SmolLM2's table (exit 0 asserted)."""
    from typer.testing import CliRunner

    from clinbench.cli import _mount, app

    _mount()
    path = tmp_path / "results.csv"
    _table("openai-api/local/smollm2").to_csv(path, index=False)
    result = CliRunner().invoke(app, ["ausclin", command, str(path)], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return result.output


def test_each_empty_table_says_the_model_is_excluded_and_why():
    tables = report.summary_tables(_table("openai-api/local/smollm2"))
    empty = [(title, notes) for title, table, notes in tables if table.empty]
    assert empty, [t for t, _, _ in tables]
    for title, notes in empty:
        text = " ".join(notes)
        assert "openai-api/local/smollm2" in text and "excluded" in text, title
        assert "3 contradictory of 8 replies" in text, title


def test_summary_command_says_the_model_is_excluded_not_that_the_check_is_missing(tmp_path):
    # use30: `clinbench ausclin summary` on SmolLM2's run said "Declines per model and
    # condition: no rows (that check is not in these results)" though the run held declines:
    # the one model was excluded. An empty table now names the excluded model and why.
    output = _cli(tmp_path, "summary")
    assert "that check is not in these results" not in output
    assert "excluded from scoring: openai-api/local/smollm2" in output
    assert "3 contradictory of 8 replies" in output  # (the Exclusions table's reason)


def test_empty_table_with_no_model_excluded_says_the_check_is_missing():
    frame = _table("clinbench/rules").assign(outcome="correct")
    note = report.empty_table_note(frame, 0.1, rows_with_every_model=0)
    assert note == "no rows (that check is not in these results)"


def test_a_check_missing_from_the_results_is_said_missing_even_with_a_model_excluded(tmp_path):
    # the run has no framing variants: its framing table is empty because the check is not
    # there, not because the model is excluded
    output = _cli(tmp_path, "framing")
    assert "no rows (that check is not in these results)" in output
    assert "excluded from scoring" not in output
