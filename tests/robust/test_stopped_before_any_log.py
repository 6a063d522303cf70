"""A run stopped before Inspect wrote any log is not sent to `clinbench resume`.

SmolLM2 via `clinbench local` (realuse5): a Ctrl-C 10 s into `clinbench run ausclin`, while
the eval was still starting, left only eval-set.json in the log folder. The run said
"Continue it with: clinbench resume DIR", and that resume answered "no Inspect logs in this
folder; give the folder the run wrote its logs to (its --log-dir)", which is the folder the
run wrote to. Nothing was logged, so the way on is the same command again, and both say so.
"""

from __future__ import annotations

import json
import signal

import pytest
from typer.testing import CliRunner

from clinbench.cli.console import TableOutput
from clinbench.cli.run import print_stopped
from clinbench.results.export import results_from_logs
from clinbench.runner import RunInputError, RunOutcome, resume


def _stopped_before_any_log(log_dir) -> None:
    """Leave what that run left: the eval set's own file and no log."""
    log_dir.mkdir()
    (log_dir / "eval-set.json").write_text(json.dumps({"eval_set_id": "x", "tasks": [
        {"name": "ausclin", "task_id": "t", "task_args": {}, "model": "openai-api/local/m",
         "model_args": {}, "sequence": 0}]}))  # fmt: skip


def test_a_run_stopped_before_any_log_says_to_run_it_again_not_resume(tmp_path, capsys):
    log_dir = tmp_path / "logs"
    _stopped_before_any_log(log_dir)
    outcome = RunOutcome(False, [], results_from_logs([]), signal.SIGINT)
    print_stopped(TableOutput("table"), outcome, log_dir, tmp_path / "r.parquet", [])
    said = " ".join(capsys.readouterr().out.split())
    assert "clinbench resume" not in said, said
    assert "Interrupted (SIGINT) before any sample was logged" in said, said
    assert "run the same command again" in said, said


def test_resume_of_that_folder_says_what_happened_and_what_to_do(tmp_path):
    log_dir = tmp_path / "logs"
    _stopped_before_any_log(log_dir)
    with pytest.raises(RunInputError) as raised:
        resume(log_dir)
    message = str(raised.value)
    assert "stopped before it logged any sample" in message, message
    assert "run the command that started it again" in message, message
    assert "give the folder the run wrote" not in message, message


def test_the_resume_command_exits_2_with_that_message(tmp_path):
    from clinbench.cli import _mount, app

    _mount()
    log_dir = tmp_path / "logs"
    _stopped_before_any_log(log_dir)
    result = CliRunner().invoke(app, ["resume", str(log_dir)])
    assert result.exit_code == 2, result.output
    assert "stopped before it logged any sample" in " ".join(result.output.split())
