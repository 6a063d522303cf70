"""Console tables: fitted to 80 columns, every model row distinguishable, four formats."""

from __future__ import annotations

import io
import json
import re

import pandas as pd
import pytest
from typer.testing import CliRunner

from clinbench.cli.console import TableOutput, model_labels, render_text
from clinbench.stats.synthetic import synthetic_case_results, synthetic_knowledge_results
from clinbench.summary import outcome_tables

# Model names as they come from providers: a long shared prefix, a provider-only difference,
# and names longer than any label may be (written before the code was run).
LONG_MODELS = {
    "synthetic/model-a": "clinbench/replay/illustrative-audio-a",
    "synthetic/model-b": "clinbench/replay/illustrative-audio-b",
    "synthetic/model-c": "openai/gpt-4o-2024-08-06-with-a-very-long-deployment-name",
}


@pytest.fixture(scope="module")
def results():
    cases = synthetic_case_results(n_models=3, n_cases=6, seed=3, unscored=2)
    knowledge = synthetic_knowledge_results(n_models=3, n_items=24, seed=5)
    frame = pd.concat([cases, knowledge], ignore_index=True)
    frame["model"] = frame["model"].map(LONG_MODELS)
    other = knowledge[knowledge.model == "synthetic/model-a"].copy()
    other["model"] = "azure/gpt-4o-2024-08-06-with-a-very-long-deployment-name"
    return pd.concat([frame, other], ignore_index=True)


def _legend(text: str) -> dict[str, str]:
    return dict(re.findall(r"^  (\S+) = (\S+)$", text, re.M))


def test_labels_short_unique_and_traceable():
    names = ["clinbench/chance", "openai/gpt-4o", "azure/gpt-4o", "clinbench/replay/good-model",
             "vendor/" + "x" * 40]  # fmt: skip
    labels = model_labels(names)
    assert len(set(labels.values())) == len(names)
    assert labels["clinbench/chance"] == "chance"
    assert labels["openai/gpt-4o"] == "openai/gpt-4o"  # the provider tells them apart
    assert labels["clinbench/replay/good-model"] == "good-model"
    assert labels["vendor/" + "x" * 40] == "M1"
    assert all(len(v) <= 20 for v in labels.values())


def test_every_model_row_distinguishable_at_80_columns(results):
    buffer = io.StringIO()
    output = TableOutput("table", file=buffer, width=80)
    tables = outcome_tables(results)
    assert {t for t, _, _ in tables} >= {"Exact-match outcomes", "Rubric-graded replies"}
    for title, table, notes in tables:
        output.table(table, title, notes)
    text = buffer.getvalue()
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "…" not in text  # nothing cut
    legend = _legend(text)
    assert set(legend.values()) == set(results["model"])  # every label traces to one model
    assert len(set(legend)) == len(legend)
    # every model's rows are printed under its own label, in every table that has it
    for title, table, _ in tables:
        if "model" not in table.columns:
            continue
        one = io.StringIO()
        alone = TableOutput("table", file=one, width=80)
        alone.register_models(results["model"])
        alone.table(table, title)
        printed = one.getvalue()
        labels = {name: label for label, name in legend.items()}
        for model in table["model"].unique():
            label = labels[model]
            rows = len(table[table["model"] == model])
            if rows and f"model: {model}" not in printed:  # a lone model is named in the title
                pattern = rf"(^|\s){re.escape(label)}\s"
                lines = [ln for ln in printed.splitlines() if re.search(pattern, ln)]
                assert len(lines) >= rows, (title, model, label)


def test_identifying_cells_never_wrapped():
    frame = pd.DataFrame(
        {
            "model": ["clinbench/replay/illustrative-audio-a", "clinbench/rules"],
            "condition": ["asr+synthetic_road_hum@20dB", "asr"],
            "reason": ["0 failed and 16 empty of 50 replies (32.0%) exceed the 10% threshold", ""],
            **{f"metric {i}": [0.5, 0.25] for i in range(8)},
        }
    )
    text = render_text(frame, "t", width=80)
    assert "asr+synthetic_road_hum@20dB" in text and "illustrative-audio-a" in text
    assert max(len(line) for line in text.splitlines()) <= 80


def test_counts_print_as_counts_rates_as_rates():
    frame = pd.DataFrame({"model": ["a", "b"], "declined": [1.0, 0.0], "accuracy": [1.0, 0.5]})
    text = render_text(frame, width=80)
    assert re.search(r"a\s+1\s+1\.000", text) and "1.000" not in text.split("a")[-1][:3]


@pytest.mark.parametrize("fmt", ["csv", "markdown", "json"])
def test_machine_formats_full_names(results, fmt):
    buffer, err = io.StringIO(), io.StringIO()
    output = TableOutput(fmt, file=buffer, err=err)
    for title, table, notes in outcome_tables(results):
        output.table(table, title, notes)
    output.message("Log: x.eval")
    output.close()
    text = buffer.getvalue()
    for model in results["model"].unique():
        assert model in text
    if fmt == "json":
        doc = json.loads(text)
        assert [t["title"] for t in doc["tables"]][:2] == [
            "Exact-match outcomes", "Rubric-graded replies"
        ]  # fmt: skip
        assert "Log: x.eval" in err.getvalue()
    if fmt == "csv":
        assert "# Rubric-graded replies" in text and "CI95%_low" in text


def test_run_prints_every_task_type_and_takes_format(tmp_path, sample_items_path,
                                                     replay_fixture_path, monkeypatch):  # fmt: skip
    from clinbench.cli import _mount, app

    _mount()
    runner = CliRunner()
    args = ["run", str(sample_items_path), "-m", "clinbench/chance", "-m",
            "clinbench/replay/fixture-model", "-M", f"responses={replay_fixture_path}",
            "--log-dir", str(tmp_path / "logs"), "--display", "none"]  # fmt: skip
    result = runner.invoke(app, args, env={"COLUMNS": "80"})
    # the replay fixture has no reply for one item (an error sample): exit 3, tables printed
    assert result.exit_code == 3, result.output
    assert "Exact-match outcomes" in result.output
    assert "chance = clinbench/chance" in result.output
    assert "fixture-model = clinbench/replay/fixture-model" in result.output
    # only the paths of the logs and of the full tables, and the one-line error report (not
    # wrappable), may run past 80 columns
    long_ok = ("Log: ", "error: 1 of ", str(tmp_path))
    lines = [ln for ln in result.output.splitlines() if not ln.strip().startswith(long_ok)]
    assert max(len(ln) for ln in lines) <= 80
    result = runner.invoke(app, [*args, "--format", "json"])
    assert result.exit_code == 3, result.output
    doc = json.loads(result.stdout)  # the error line goes to stderr, the JSON stays whole
    models = {row["model"] for row in doc["tables"][0]["rows"]}
    assert models == {"clinbench/chance", "clinbench/replay/fixture-model"}
    bad = runner.invoke(app, [*args, "--format", "xml"])
    assert bad.exit_code == 2 and "--format must be one of" in bad.output


@pytest.mark.parametrize(
    ("task", "expected"),
    [("audiology_cases", "Rubric-graded replies"), ("slp_transcription", "WER")],
)
def test_run_prints_judged_and_wer_tables(tmp_path, task, expected):
    from clinbench.cli import _mount, app

    _mount()
    args = ["run", task, "--limit", "1", "--log-dir", str(tmp_path), "--display", "none"]
    result = CliRunner().invoke(app, args, env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert expected in result.output
    if task == "audiology_cases":  # the judge is named beside its scores
        assert "not validated against human labels" in result.output


def test_a_table_with_no_rows_prints_its_header():
    """A filtered table can be empty (`run ausclin --limit 4`): the header prints, no crash."""
    text = io.StringIO()
    output = TableOutput("table", file=text, width=80)
    output.table(pd.DataFrame(columns=["model", "task", "n"]), "Nothing yet")
    assert text.getvalue().splitlines()[:2] == ["Nothing yet", "model  task  n"]


def test_an_empty_table_wider_than_the_terminal_is_never_cut_mid_word():
    """`run ausclin` with its only model excluded printed empty tables whose header ended
    '... chance-adjusted  dec' at 80 columns: the header is fitted and the rest named."""
    columns = ["model", "condition", "answered", "accuracy", "CI95% low", "CI95% high",
               "chance", "chance-adjusted", "declined", "refused", "unreadable"]  # fmt: skip
    text = io.StringIO()
    output = TableOutput("table", file=text, width=80)
    output.table(pd.DataFrame(columns=columns), "ausclin: accuracy by model and condition")
    lines = text.getvalue().splitlines()
    assert all(len(line) <= 80 for line in lines), lines
    words = set(" ".join(lines).replace(",", " ").replace(":", " ").split())
    for column in columns:  # every header word appears whole: in the header or named below
        assert set(column.replace("_", " ").split()) <= words, (column, lines)
    assert any(line.startswith("Not shown at this width") for line in lines), lines


def test_suites_and_results_cost_fit_80_columns(tmp_path, results, monkeypatch):
    """`clinbench suites` printed lines of up to 141 characters and `results cost` one of 100
    at COLUMNS=80: a terminal then cuts them mid-word. Their lines now wrap at words."""
    from clinbench.cli import _mount, app

    monkeypatch.setenv("COLUMNS", "80")
    _mount()
    table = tmp_path / "results.csv"
    frame = results.assign(latency_s=2.5, queue_s=1.25, input_tokens=1000, output_tokens=50)
    frame.to_csv(table, index=False)
    for args in (["suites"], ["results", "cost", str(table)]):
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 0, result.output
        wide = [line for line in result.output.splitlines() if len(line) > 80]
        assert wide == [], (args, wide)
    assert "s/reply (+1.25 s waiting)" in " ".join(result.output.split())


def test_identifying_columns_wider_than_the_terminal_are_never_cut():
    """`clinbench audiogram check` at 80 columns printed a one-row findings table whose
    identifying text columns alone needed more than 80: rich cut the last one to 'critical er'
    / 'severity_mi'. Nothing is cut: a short table prints one record per row, a long one lets
    its identifying text wrap."""
    row = {
        "verdict": "contradiction",
        "kind": "degree",
        "ear": "both",
        "claimed": "mild",
        "truth": "right moderate, left moderate",
        "critical error": "severity_misclassification",
    }
    for n_rows in (1, 2, 3, 12):
        text = render_text(pd.DataFrame([row] * n_rows), "Fact check", width=80)
        lines = text.splitlines()
        assert all(len(line) <= 80 for line in lines), (n_rows, lines)
        words = set(" ".join(lines).replace(",", " ").split())
        for value in row.values():  # every cell and header word appears whole
            assert set(value.replace(",", " ").split()) <= words, (n_rows, value, lines)
        assert {"critical", "error"} <= words, (n_rows, lines)
