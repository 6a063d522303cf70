"""Errors that say what to do (issue 31 item 2): each names the problem as the user sees it
and how to put it right, in plain text, and exits 2 with nothing written."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from clinbench.cli import _mount, app

runner = CliRunner()
_mount()


def _run(args: list[str], **env: str):
    return runner.invoke(app, args, env=env or None)


def test_run_names_a_missing_file(tmp_path):
    result = _run(["run", str(tmp_path / "nope.jsonl"), "--log-dir", str(tmp_path / "logs")])
    assert result.exit_code == 2
    assert "nope.jsonl: file not found" in result.stderr
    assert "neither an item file" not in result.stderr
    assert not (tmp_path / "logs").exists()


def test_run_names_a_folder(tmp_path):
    (tmp_path / "bank").mkdir()
    result = _run(["run", str(tmp_path / "bank"), "--log-dir", str(tmp_path / "logs")])
    assert result.exit_code == 2
    assert "bank: is a folder" in result.stderr
    assert "item files in it" in result.stderr  # what to pass instead


def test_run_names_an_unknown_task_with_the_known_ones(tmp_path):
    result = _run(["run", "ausclinn", "--log-dir", str(tmp_path / "logs")])
    assert result.exit_code == 2
    assert "not a suite task" in result.stderr and "did you mean ausclin?" in result.stderr


def test_two_suite_tasks_are_told_to_run_one_at_a_time(tmp_path):
    """`run slp_disorder slp_transcription` said 'slp_disorder: not a suite task and no such
    file; did you mean slp_disorder?': a suite task given with other targets is named as one."""
    result = _run(["run", "slp_disorder", "slp_transcription", "--log-dir", str(tmp_path / "logs")])
    assert result.exit_code == 2
    assert "not a suite task" not in result.stderr and "did you mean" not in result.stderr
    assert "one suite task per run" in result.stderr, result.stderr
    assert "clinbench run slp_disorder" in result.stderr  # what to type instead


def test_a_provider_typo_gets_a_suggestion(tmp_path, sample_items_path):
    result = _run(["run", str(sample_items_path), "-m", "opnai/gpt-4o", "--limit", "1",
                   "--log-dir", str(tmp_path / "logs"), "--display", "none"])  # fmt: skip
    assert result.exit_code == 2
    assert "did you mean openai/gpt-4o?" in result.stderr, result.stderr


def test_a_missing_api_key_is_plain_text_naming_the_variable(tmp_path, sample_items_path,
                                                            monkeypatch):  # fmt: skip
    for name in ("OPENAI_API_KEY", "AZUREAI_OPENAI_API_KEY", "OPENAI_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    result = _run(["run", str(sample_items_path), "-m", "openai/gpt-4o", "--limit", "1",
                   "--log-dir", str(tmp_path / "logs"), "--display", "none"])  # fmt: skip
    assert result.exit_code == 2
    assert "[bold]" not in result.stderr and "[/" not in result.stderr, result.stderr
    assert "export OPENAI_API_KEY=" in result.stderr, result.stderr


def test_an_openai_compatible_endpoint_without_a_key_names_both_variables(
    tmp_path, sample_items_path, monkeypatch
):
    # openai-api/NAME/MODEL needs NAME_BASE_URL as well as NAME_API_KEY (Inspect's rule)
    for name in ("NOLOCAL_API_KEY", "NOLOCAL_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    result = _run(["run", str(sample_items_path), "-m", "openai-api/nolocal/x", "--limit", "1",
                   "--log-dir", str(tmp_path / "logs"), "--display", "none"])  # fmt: skip
    assert result.exit_code == 2
    assert "export NOLOCAL_API_KEY=" in result.stderr, result.stderr
    assert "export NOLOCAL_BASE_URL=" in result.stderr, result.stderr


def test_a_missing_mapped_column_is_reported_once_with_the_columns_found(tmp_path):
    source = tmp_path / "bank.csv"
    rows = "\n".join(f"q{i},Question {i}?,yes,no" for i in range(15))
    source.write_text("ID,Question,Choice A,Choice B\n" + rows + "\n")
    mapping = tmp_path / "map.yaml"
    mapping.write_text("format: mcq\nid: ID\nstem: Question\n"
                       "options: [Choice A, Choice B]\nanswer: Correct\n")  # fmt: skip
    out = tmp_path / "items.jsonl"
    result = _run(["items", "import", str(source), "--map", str(mapping), "-o", str(out)])
    assert result.exit_code == 2 and not out.exists()
    lines = [ln for ln in result.stderr.splitlines() if "Correct" in ln]
    assert len(lines) == 1, result.stderr
    assert re.search(r"bank\.csv:1: answer: column 'Correct' .*not in the file", lines[0])
    assert "columns found: ID, Question, Choice A, Choice B" in lines[0]


@pytest.mark.parametrize(
    ("command", "example"),
    [
        ("run", "export OPENAI_API_KEY="),  # the variable to set before an online run
        ("run", "clinbench run my_items.jsonl"),  # a file, not a folder
        ("run", "clinbench run ausclin"),  # a suite task by name
        ("items import", "clinbench items import bank.csv --map"),
    ],
)
def test_help_gives_an_example_for_each(command, example):
    result = _run([*command.split(), "--help"], COLUMNS="200")
    assert result.exit_code == 0
    assert example in " ".join(result.output.split()), result.output


def test_a_grader_typo_and_a_graders_missing_key_say_what_to_do(tmp_path, monkeypatch):
    for name in ("OPENAI_API_KEY", "AZUREAI_OPENAI_API_KEY", "OPENAI_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    base = ["run", "audiology_cases", "--limit", "1", "--log-dir", str(tmp_path / "logs"),
            "--display", "none"]  # fmt: skip
    typo = _run([*base, "--grader", "opnai/gpt-4o"])
    assert typo.exit_code == 2 and "did you mean openai/gpt-4o?" in typo.stderr, typo.stderr
    no_key = _run([*base, "--grader", "openai/gpt-4o"])
    assert no_key.exit_code == 2, no_key.stderr
    assert "grader openai/gpt-4o" in no_key.stderr and "export OPENAI_API_KEY=" in no_key.stderr
    assert "[bold]" not in no_key.stderr


def test_resume_of_a_folder_with_no_logs_says_so(tmp_path):
    """`clinbench resume` of a folder holding no Inspect log (a mistyped --log-dir) said
    'Nothing to resume: every eval in ... finished.' and exited 0, as if a run had finished."""
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "notes.txt").write_text("not a log\n")
    result = _run(["resume", str(tmp_path / "logs")])
    assert result.exit_code == 2, result.output
    assert "finished" not in result.output
    assert "no Inspect logs" in result.stderr and "--log-dir" in result.stderr, result.stderr
