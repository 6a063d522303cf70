"""Report sections, the demo contribution and the command line, over the replayed run."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
from typer.testing import CliRunner

from clinbench.cli.ausclin_commands import app
from clinbench.report.sections import ReportSection
from clinbench.suites.ausclin.demo import demo_runs
from clinbench.suites.ausclin.report import sections


def test_sections_cover_every_required_table(ausclin_results):
    made = sections(ausclin_results)
    assert all(isinstance(s, ReportSection) for s in made)
    titles = [s.title for s in made]
    for word in ("accuracy", "declines", "severity", "robustness", "verdict", "exclusions"):
        assert any(word in t for t in titles), word
    accuracy = made[0].tables["Accuracy per model, condition and domain"]
    assert {"model", "condition", "domain", "CI95% low", "CI95% high", "chance-adjusted"} <= set(
        accuracy.columns
    )
    assert "clinbench/replay/flaky-model" not in set(accuracy["model"])
    assert not accuracy["condition"].str.contains("+", regex=False).any()
    assert made[0].figures
    severity = next(s for s in made if "severity" in s.title)
    assert severity.notes[0].startswith("Coverage:")
    table = severity.tables["Blind-condition wrong answers by severity"].set_index("model")
    good = table.loc["clinbench/replay/good-model"]
    assert (good["superseded"], good["foreign"], good["unclassified"]) == (2, 1, 1)
    # sloppy-json-model (right whenever it parses, 6 of 25 replies unparseable = 24%) is
    # excluded by the one threshold, so it cannot become the verdict's "best model"
    assert "clinbench/replay/sloppy-json-model" not in table.index
    exclusions = next(s for s in made if "exclusions" in s.title)
    assert any("flaky-model" in n and "threshold" in n for n in exclusions.notes)
    assert any("sloppy-json-model" in n and "6 parse failed" in n for n in exclusions.notes)
    section = next(s for s in made if "verdict" in s.title)
    verdict = section.tables["Verdict per condition"]
    assert set(verdict["verdict"]) <= {"KILL", "PROCEED", "UNDERPOWERED"}
    assert "clinbench/replay/sloppy-json-model" not in set(verdict["best model"])
    blind = [n for n in section.notes if "(blind)" in n]
    assert blind[0].startswith("Verdict (blind) considered: ") and "good-model" in blind[0]
    assert any("sloppy-json-model: excluded:" in n for n in blind[1:])
    assert any(n.startswith("blind: With 24 items this bank can detect") for n in section.notes)
    both = (
        made[0]
        .tables["Accuracy over answered and over all items"]
        .set_index(["model", "condition"])
    )
    row = both.loc[("clinbench/replay/good-model", "blind")]
    assert row["accuracy (all)"] <= row["accuracy (answered)"]


def test_demo_runs_and_summary(ausclin_results, tmp_path):
    runs = demo_runs(tmp_path)
    labels = [r.label for r in runs]
    assert labels[0].startswith("ausclin: blind") and "clinbench/chance" in runs[0].models
    assert any("rule" in label for label in labels)
    for run in runs:  # every replay run's frozen replies exist (chance needs none)
        if any(m.startswith("clinbench/replay/") for m in run.models):
            assert Path(run.model_args["responses"]).exists()
    assert any(label.startswith("contamination probe") for label in labels)
    import io

    from clinbench.cli.console import TableOutput
    from clinbench.summary import outcome_tables

    buffer = io.StringIO()
    output = TableOutput("table", file=buffer, width=200)
    for title, table, notes in outcome_tables(ausclin_results):
        output.table(table, title, notes)
    text = buffer.getvalue()
    assert "accuracy by model and condition" in text and "capitulated" in text
    assert "UNDERPOWERED" in text or "PROCEED" in text or "KILL" in text


def test_cli_commands_read_logs_and_tables(ausclin_run, tmp_path):
    log_dir, results = ausclin_run
    table = tmp_path / "results.csv"
    results.to_csv(table, index=False)
    runner = CliRunner()
    out = tmp_path / "pushback.csv"
    result = runner.invoke(app, ["pushback", str(log_dir), "--out", str(out)])
    assert result.exit_code == 0, result.output
    written = pd.read_csv(out).set_index("model")
    assert written.loc["clinbench/replay/agreeable-model", "capitulated"] == 6
    for command in ("severity", "rewording", "framing", "exclusions", "verdict", "summary"):
        result = runner.invoke(app, [command, str(table)])
        assert result.exit_code == 0, (command, result.output)
    result = runner.invoke(app, ["repeat", str(table)])
    assert result.exit_code == 0 and "agreement" in result.output
    result = runner.invoke(app, ["verdict", str(table), "--method", "bogus"])
    assert result.exit_code == 2 and "unknown interval method" in result.output
    result = runner.invoke(app, ["severity", str(tmp_path / "missing.parquet")])
    assert result.exit_code == 2 and "file not found" in result.output
    bad = tmp_path / "bad.csv"
    bad.write_text("model,outcome\nm,correct\n")
    result = runner.invoke(app, ["severity", str(bad)])
    assert result.exit_code == 2 and "required column" in result.output


def test_cli_validate(tmp_path):
    from clinbench.suites.ausclin.items import SAMPLE_ITEMS

    runner = CliRunner()
    result = runner.invoke(app, ["validate", str(SAMPLE_ITEMS)])
    assert result.exit_code == 0 and "25 items valid" in result.output
    bad = tmp_path / "bad.jsonl"
    bad.write_text(
        SAMPLE_ITEMS.read_text().splitlines()[0].replace('"quote": ', '"quote_": ') + "\n"
    )
    result = runner.invoke(app, ["validate", str(bad)])
    assert result.exit_code == 2 and f"{bad}:1: provenance" in result.output


def test_leaderboard_from_the_replayed_run_leaves_out_equipoise_and_excluded(ausclin_results):
    from clinbench.stats import leaderboard as lb

    board = lb.add_version(lb.empty_leaderboard(), ausclin_results, "1.0", "sample run")
    assert set(board.rows["condition"]) == {"blind", "rule"}  # check runs stay off the board
    rows = board.rows.set_index(["model", "condition"])
    good = rows.loc[("clinbench/replay/good-model", "blind")]
    assert (good["items"], good["answered"], good["correct"]) == (24, 24, 19)
    flaky = rows.loc[("clinbench/replay/flaky-model", "blind")]
    assert flaky["status"] == "excluded" and "empty" in flaky["excluded_reason"]


def test_sections_survive_partial_results(ausclin_results):
    """Only a check run, only an excluded model, or no rows: tables are empty, not errors."""
    parts = [
        ausclin_results[ausclin_results["condition"] == "blind+pushback"],
        ausclin_results[ausclin_results["model"] == "clinbench/replay/flaky-model"],
        ausclin_results.iloc[:0],
    ]
    for part in parts:
        made = sections(part.reset_index(drop=True))
        accuracy = made[0].tables["Accuracy per model and condition"]
        assert accuracy.empty
    # Only a rule run: no blind wrong answers to classify, so severity counts are all zero.
    rule_only = sections(ausclin_results[ausclin_results["condition"] == "rule"])
    assert not rule_only[0].tables["Accuracy per model and condition"].empty
    flaky_only = sections(parts[1].reset_index(drop=True))
    exclusions = next(s for s in flaky_only if "exclusions" in s.title)
    assert len(exclusions.notes) == 1
