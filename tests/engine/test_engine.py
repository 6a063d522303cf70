"""The engine end to end with offline providers: replay round trip, outcomes, chance, settings."""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest
from inspect_ai import eval as inspect_eval
from inspect_ai.log import read_eval_log
from typer.testing import CliRunner

from clinbench.cli import _mount, app
from clinbench.item_tasks import clinbench_items
from clinbench.results import read_results
from clinbench.results.export import results_table

runner = CliRunner()
_mount()

# What the replay fixture was written to produce (see src/clinbench/data/replay_fixture.csv).
EXPECTED_SPECIAL_OUTCOMES = {
    "sample-mcq-01": "correct",  # letter inside prose ("the answer is C")
    "sample-mcq-02": "correct",  # ambiguous, resubmitted, second reply correct
    "sample-mcq-03": "parse_failed",  # ambiguous twice
    "sample-mcq-04": "incorrect",
    "sample-mcq-05": "parse_failed",  # empty reply
    "sample-mcq-06": "refused",  # refusal text: its own outcome since issue 29 (was parse_failed)
    "sample-tf-01": "declined",
    "sample-tf-02": "incorrect",
    "sample-fib-01": "correct",  # accepted alternative "8 kHz"
    "sample-fib-02": "incorrect",
    "sample-sa-01": "correct",  # normalised: case and punctuation
    "sample-sa-10": "error",  # no frozen response
    "sample-exact-01": "correct",  # JSON wrapped in prose
    "sample-exact-02": "parse_failed",  # malformed JSON
    "sample-exact-03": "declined",
    "sample-exact-05": "correct",  # fenced JSON
    "sample-exact-06": "incorrect",
    "sample-exact-09": "parse_failed",  # value outside the published option set
}


@pytest.fixture(scope="module")
def replay_run(tmp_path_factory):
    from tests.conftest import DATA

    log_dir = tmp_path_factory.mktemp("replay_logs")
    out = log_dir / "results.csv"
    result = runner.invoke(
        app,
        [
            "run", str(DATA / "sample_items.jsonl"),
            "--model", "clinbench/replay/fixture-model",
            "-M", f"responses={DATA / 'replay_fixture.csv'}",
            "--log-dir", str(log_dir), "--out", str(out), "--display", "none",
        ],
    )  # fmt: skip
    # the fixture has no reply for one item: that sample is an error, so the run exits 3
    assert result.exit_code == 3, result.output
    assert "error: 1 of " in result.output and "samples ended in error" in result.output
    return log_dir, out, result.output


def frozen_final_replies(path: Path) -> dict[str, str]:
    """Return the last-turn frozen response per item, read straight from the fixture."""
    final: dict[str, tuple[int, str]] = {}
    with path.open() as handle:
        for row in csv.DictReader(handle):
            turn = int(row["turn"])
            if row["item_id"] not in final or turn > final[row["item_id"]][0]:
                final[row["item_id"]] = (turn, row["response"])
    return {k: v[1] for k, v in final.items()}


def test_replay_round_trip_reproduces_responses_and_outcomes(replay_run, replay_fixture_path):
    log_dir, out, _ = replay_run
    table = read_results(out)
    assert len(table) == 52
    frozen = frozen_final_replies(replay_fixture_path)
    answered = table[table["outcome"] != "error"]
    for row in answered.itertuples():
        assert (row.response if isinstance(row.response, str) else "") == frozen[row.item_id]
    outcomes = dict(zip(table["item_id"], table["outcome"], strict=True))
    for item_id, expected in EXPECTED_SPECIAL_OUTCOMES.items():
        assert outcomes[item_id] == expected, item_id
    others = {k: v for k, v in outcomes.items() if k not in EXPECTED_SPECIAL_OUTCOMES}
    assert set(others.values()) == {"correct"}
    # the table re-derived from the logs alone is identical to the exported one
    again = results_table(log_dir)
    pd.testing.assert_frame_equal(
        again.drop(columns=["log_file"]).reset_index(drop=True),
        read_results(out).drop(columns=["log_file"]).reset_index(drop=True),
        check_dtype=False,
    )


def test_excluded_outcomes_have_no_score_and_are_counted(replay_run):
    _, out, output = replay_run
    table = read_results(out)
    excluded = table[table["outcome"].isin(["parse_failed", "error"])]
    assert excluded["score"].isna().all()
    assert table.loc[table["outcome"] == "declined", "score"].eq(0).all()
    assert "parse failed" in output


def test_ambiguous_reply_is_resubmitted_once_and_both_replies_are_logged(replay_run):
    log_dir, _, _ = replay_run
    log = read_eval_log(str(next(log_dir.glob("*.eval"))))
    samples = {s.id: s for s in log.samples}
    resolved = samples["sample-mcq-02"]
    assistant = [m.text for m in resolved.messages if m.role == "assistant"]
    assert assistant == ["It could be B or C depending on the ear-canal volume.", "ANSWER: B"]
    score = resolved.scores["item_scorer"]
    assert score.metadata["resubmitted"] is True
    assert score.metadata["first_reply"].startswith("It could be B or C")
    twice = samples["sample-mcq-03"].scores["item_scorer"]
    assert twice.metadata["outcome"] == "parse_failed"
    assert twice.metadata["extraction_status"] == "ambiguous"
    # unambiguous replies are not resubmitted
    assert len([m for m in samples["sample-mcq-04"].messages if m.role == "assistant"]) == 1


def test_task_settings_are_explicit_and_logged(tmp_path, sample_items_path):
    task = clinbench_items(items=str(sample_items_path), temperature=0.3, seed=11, max_tokens=99)
    log = inspect_eval(task, model="clinbench/chance", limit=3, log_dir=str(tmp_path),
                       display="none")[0]  # fmt: skip
    assert log.status == "success"
    assert log.eval.task_args["temperature"] == 0.3
    assert log.eval.task_args["seed"] == 11
    assert log.eval.metadata["max_tokens"] == 99
    assert log.plan.config.temperature == 0.3 and log.plan.config.seed == 11


def test_chance_baseline_is_seeded_and_sets_usage(tmp_path, sample_items_path):
    def replies(seed: int) -> dict:
        task = clinbench_items(items=str(sample_items_path), seed=seed, formats="mcq,tf,exact")
        log = inspect_eval(task, model="clinbench/chance", log_dir=str(tmp_path), display="none")[0]
        for sample in log.samples:
            usage = sample.model_usage["clinbench/chance"]
            assert usage.input_tokens > 0 and usage.output_tokens > 0
        return {s.id: s.output.completion for s in log.samples}

    first, again, other = replies(1), replies(1), replies(2)
    assert first == again
    assert first != other
    # closed answer sets are sampled; text-field exact items are declined
    assert first["sample-exact-05"].endswith('"decline": true}')
    letters = {v for k, v in first.items() if k.startswith("sample-mcq")}
    assert letters <= {f"ANSWER: {x}" for x in "ABCD"}


def test_import_responses_reports_unknown_duplicate_and_empty(tmp_path, sample_items_path):
    frozen = tmp_path / "frozen.csv"
    frozen.write_text(
        "item_id,model,response\n"
        "sample-mcq-01,m1,ANSWER: C\n"
        "sample-mcq-01,m1,ANSWER: D\n"
        "no-such-item,m1,ANSWER: A\n"
        "sample-tf-01,m1,\n"
    )
    result = runner.invoke(
        app, ["import-responses", str(frozen), "--items", str(sample_items_path)]
    )
    assert result.exit_code == 2
    assert f"{frozen}:3: item_id: duplicate response for 'sample-mcq-01'" in result.output
    assert f"{frozen}:4: item_id: unknown item 'no-such-item'" in result.output
    assert f"{frozen}:5: response: empty for 'sample-tf-01'" in result.output


def test_import_responses_accepts_the_fixture(sample_items_path, replay_fixture_path):
    result = runner.invoke(
        app, ["import-responses", str(replay_fixture_path), "--items", str(sample_items_path)]
    )
    assert result.exit_code == 0, result.output
    assert "fixture-model: 53 responses; 1 of 52 items unanswered" in result.output


def test_replay_file_with_bad_turn_is_rejected_with_line(tmp_path):
    from clinbench.providers.responses import ResponsesFileError, read_responses

    bad = tmp_path / "bad.csv"
    bad.write_text("item_id,model,response,turn\nq1,m,ANSWER: A,first\n")
    with pytest.raises(ResponsesFileError, match=r"bad.csv:2: turn: must be a whole number"):
        read_responses(bad)


def test_inspect_eval_cli_runs_a_clinbench_task_with_chance(tmp_path, sample_items_path):
    inspect = Path(sys.executable).with_name("inspect")
    completed = subprocess.run(
        [
            str(inspect), "eval", "clinbench/clinbench_items",
            "-T", f"items={sample_items_path}", "--model", "clinbench/chance",
            "--limit", "5", "--log-dir", str(tmp_path), "--display", "none",
        ],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert completed.returncode == 0, completed.stderr[-2000:]
    table = results_table(tmp_path)
    assert len(table) == 5
    assert set(table["model"]) == {"clinbench/chance"}


def test_run_rejects_bad_items_with_line_errors_and_writes_nothing(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text(
        '{"id": "q1", "format": "mcq", "stem": "Which?", "options": {"A": "x", "B": "y"}, '
        '"answer": "C"}\n'
    )
    log_dir = tmp_path / "logs"
    result = runner.invoke(app, ["run", str(bad), "--log-dir", str(log_dir), "--display", "none"])
    assert result.exit_code == 2
    assert f"{bad}:1: answer: answer 'C' is not among the options" in result.output
    assert not log_dir.exists()


def test_run_rejects_unknown_target(tmp_path):
    result = runner.invoke(app, ["run", "no_such_suite", "--log-dir", str(tmp_path / "l")])
    assert result.exit_code == 2
    # the message says what it is not and lists the tasks (issue 31: errors say what to do)
    assert "not a suite task and no such file" in result.output
    assert "suite tasks: " in result.output and "ausclin" in result.output


def test_results_export_cli_writes_parquet_and_rejects_bad_suffix(replay_run, tmp_path):
    log_dir, _, _ = replay_run
    out = tmp_path / "results.parquet"
    result = runner.invoke(app, ["results", "export", str(log_dir), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert len(read_results(out)) == 52
    bad = runner.invoke(app, ["results", "export", str(log_dir), "--out", str(tmp_path / "r.xlsx")])
    assert bad.exit_code == 2 and not (tmp_path / "r.xlsx").exists()


def test_replay_file_problems_name_the_starting_line_of_multiline_cells(tmp_path):
    from clinbench.providers.responses import ResponsesFileError, read_responses

    bad = tmp_path / "multi.csv"
    bad.write_text(
        'item_id,model,response,turn\nq1,m,"```json\n{""a"": 1}\n```",0\nq2,m,ANSWER: B,x\n'
    )
    with pytest.raises(ResponsesFileError, match=r"multi.csv:5: turn: must be a whole number"):
        read_responses(bad)


@pytest.mark.parametrize(
    "extra, message",
    [
        (["-T", "bogus=1"], "error: task clinbench_items has no argument bogus"),
        (["--model", "nosuch/model"], "error: model nosuch/model:"),
        (
            ["--model", "clinbench/replay/m", "-M", "responses=missing.csv"],
            "error: model clinbench/replay/m: missing.csv:0: -: file not found",
        ),
    ],
)
def test_run_bad_task_or_model_arguments_exit_2_before_running(
    tmp_path, sample_items_path, extra, message
):
    log_dir = tmp_path / "logs"
    args = ["run", str(sample_items_path), "--log-dir", str(log_dir), "--display", "none"]
    result = runner.invoke(app, args + extra)
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert not log_dir.exists()


def test_run_rejects_an_unknown_display(tmp_path, sample_items_path):
    result = runner.invoke(
        app, ["run", str(sample_items_path), "--display", "fancy", "--log-dir", str(tmp_path / "l")]
    )
    assert result.exit_code == 2
    assert "--display must be one of" in result.output
    assert not (tmp_path / "l").exists()
