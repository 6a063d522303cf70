"""A run never hangs on a failing provider: retries and timeouts are bounded for every model."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pandas as pd
from inspect_ai.log import list_eval_logs, read_eval_log
from typer.testing import CliRunner

from clinbench.cli import _mount, app
from clinbench.runner import DEFAULT_ATTEMPT_TIMEOUT, DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT
from clinbench.suites.audiology.tasks import CASE_ITEMS
from tests.local_openai import OpenAIHandler, serve

runner = CliRunner()
_mount()
CLINBENCH = [sys.executable, "-c", "from clinbench.cli import main; main()"]
HANG = 300  # seconds: a run still going by then hangs (unbounded retries never end); generous
# because a shared CI machine can be slow, and a hang is told apart at any bound


def _run_bounded(args: list[str]) -> tuple[subprocess.CompletedProcess, float]:
    """Return the finished `clinbench` process and its wall time; fail if it hangs."""
    started = time.monotonic()
    done = subprocess.run([*CLINBENCH, *args], capture_output=True, text=True, timeout=HANG)
    return done, time.monotonic() - started


class AlwaysFails(OpenAIHandler):
    """Every chat completion answers HTTP 500 (a provider that is down)."""

    def do_POST(self):  # noqa: N802
        type(self).requests.append(self.read_json())
        self.send_error(500, "internal server error")


def _items(path, n):
    with path.open("w") as f:
        for i in range(n):
            item = {"id": f"q{i}", "format": "mcq", "stem": f"Question {i}?",
                    "options": {"A": "a", "B": "b"}, "answer": "A"}  # fmt: skip
            f.write(json.dumps(item) + "\n")
    return path


def _only_log(log_dir):
    (info,) = list_eval_logs(str(log_dir))
    return read_eval_log(info.name)


def test_a_provider_answering_500_ends_with_every_sample_error_and_a_table(tmp_path, monkeypatch):
    items = _items(tmp_path / "items.jsonl", 3)
    out = tmp_path / "results.csv"
    with serve(AlwaysFails, monkeypatch):
        result, elapsed = _run_bounded(
            ["run", str(items), "--model", "openai-api/local/down", "--log-dir",
             str(tmp_path / "logs"), "--out", str(out), "--display", "none",
             "--max-retries", "0", "--timeout", "30", "--attempt-timeout", "10",
             "-M", "max_retries=0"],  # the OpenAI client's own retries off: count Inspect's
        )  # fmt: skip
        requests = len(AlwaysFails.requests)
    # every sample failed: not a success (exit 3), one line with the count and the cause,
    # and the results table still written
    assert result.returncode == 3, result.stderr
    (line,) = [x for x in result.stderr.splitlines() if "ended in error" in x]
    assert line.startswith("error: 3 of 3 samples ended in error")
    assert "first cause: openai.InternalServerError" in line
    # the log is named as what it holds, not by Inspect's "success" for an eval that ran out
    (log_line,) = [x for x in (result.stdout + result.stderr).splitlines() if x.startswith("Log: ")]
    assert log_line.endswith("(complete; no sample scored)") and "success" not in log_line
    assert elapsed < HANG  # Inspect's own default retries a 500 without end
    assert requests == 3  # each sample asked once, not retried
    frame = pd.read_csv(out)
    assert len(frame) == 3 and set(frame["outcome"]) == {"error"}
    assert "error" in result.stdout  # the printed table counts them
    assert _only_log(tmp_path / "logs").plan.config.max_retries == 0


def test_run_defaults_bound_retries_and_timeouts(tmp_path, sample_items_path):
    result = runner.invoke(
        app,
        ["run", str(sample_items_path), "--limit", "1", "--log-dir", str(tmp_path),
         "--display", "none"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    config = _only_log(tmp_path).plan.config
    assert config.max_retries == DEFAULT_MAX_RETRIES == 3
    assert config.timeout == DEFAULT_TIMEOUT and config.attempt_timeout == DEFAULT_ATTEMPT_TIMEOUT
    assert DEFAULT_TIMEOUT <= 600 and DEFAULT_ATTEMPT_TIMEOUT <= DEFAULT_TIMEOUT  # minutes


def test_a_failing_grader_is_bounded_too(tmp_path, monkeypatch):
    with serve(AlwaysFails, monkeypatch):
        result, elapsed = _run_bounded(
            ["run", "audiology_cases", "-T", f"items={CASE_ITEMS}", "--limit", "1",
             "--grader", "openai-api/local/judge", "-G", "max_retries=0",
             "--log-dir", str(tmp_path), "--display",
             "none", "--max-retries", "0", "--timeout", "20", "--attempt-timeout", "10",
             "--max-connections", "2"],
        )  # fmt: skip
        requests = len(AlwaysFails.requests)
    assert elapsed < HANG, result.stderr
    log = _only_log(tmp_path)
    grader = log.eval.model_roles["grader"]
    assert grader.config.max_retries == 0 and grader.config.timeout == 20
    assert grader.config.max_connections == 2
    assert requests >= 1  # the grader was asked, and failed without retrying forever
    rubric = log.samples[0].scores["rubric_adjudicator"].value  # failed judge: no grade
    assert rubric and all(value != value for value in rubric.values())  # all NaN


def test_invalid_limits_exit_2_before_running(tmp_path, sample_items_path):
    result = runner.invoke(
        app, ["run", str(sample_items_path), "--timeout", "0", "--log-dir", str(tmp_path)]
    )
    assert result.exit_code == 2
    assert not list(tmp_path.iterdir())


def test_every_role_gets_the_limits_whether_named_or_built(replay_fixture_path):
    from inspect_ai.model import GenerateConfig, get_model

    from clinbench.runner import CallLimits, bounded_roles

    built = get_model("clinbench/chance", config=GenerateConfig(temperature=0.5))
    limits = CallLimits(max_retries=1, timeout=30, attempt_timeout=10, max_connections=4)
    roles = bounded_roles({"grader": built, "judge": "clinbench/rules"}, limits)
    for role in ("grader", "judge"):
        config = roles[role].config
        assert (config.max_retries, config.timeout, config.attempt_timeout) == (1, 30, 10)
        assert config.max_connections == 4
    assert roles["grader"].config.temperature == 0.5  # its own settings kept
    assert built.config.max_retries is None  # the caller's model is not changed
    assert bounded_roles(None, limits) is None


class Flaky(OpenAIHandler):
    """Answers HTTP 500 while ``down``, then a correct reply."""

    down = True

    def do_POST(self):  # noqa: N802
        if type(self).down:
            type(self).requests.append(self.read_json())
            self.send_error(500, "internal server error")
        else:
            super().do_POST()

    def reply(self, body: dict) -> str:
        return "ANSWER: A"


def test_resume_errors_re_asks_only_the_failed_samples_once_the_provider_is_back(
    tmp_path, monkeypatch
):
    items = _items(tmp_path / "items.jsonl", 3)
    log_dir = tmp_path / "logs"
    Flaky.down = True
    with serve(Flaky, monkeypatch):
        first = runner.invoke(
            app,
            ["run", str(items), "--model", "openai-api/local/flaky", "--log-dir", str(log_dir),
             "--display", "none", "--max-retries", "0", "-M", "max_retries=0"],
        )  # fmt: skip
        assert first.exit_code == 3, first.output  # finished, every sample in error
        Flaky.down, Flaky.requests = False, []
        plain = runner.invoke(app, ["resume", str(log_dir), "--display", "none"])
        assert plain.exit_code == 0 and "Nothing to resume" in plain.output
        assert Flaky.requests == []  # a finished eval is not re-run without --errors
        out = tmp_path / "results.csv"
        again = runner.invoke(
            app, ["resume", str(log_dir), "--errors", "--display", "none", "--out", str(out)]
        )
        assert again.exit_code == 0, again.output
        assert len(Flaky.requests) == 3  # each failed sample asked once more
    frame = pd.read_csv(out)
    assert len(frame) == 3 and set(frame["outcome"]) == {"correct"}


class HalfDown(OpenAIHandler):
    """Answers the first question and fails the others with HTTP 500."""

    def do_POST(self):  # noqa: N802
        body = self.read_json()
        type(self).requests.append(body)
        if "Question 0?" in json.dumps(body):
            self.complete(body)
        else:
            self.send_error(500, "internal server error")

    def reply(self, body: dict) -> str:
        return "ANSWER: A"


def test_a_run_with_some_failed_samples_exits_3_and_one_that_has_none_exits_0(
    tmp_path, monkeypatch
):
    items = _items(tmp_path / "items.jsonl", 3)
    args = ["run", str(items), "--model", "openai-api/local/half", "--display", "none",
            "--max-retries", "0", "-M", "max_retries=0"]  # fmt: skip
    with serve(HalfDown, monkeypatch):
        partly = runner.invoke(
            app, [*args, "--log-dir", str(tmp_path / "a"), "--out", str(tmp_path / "a.csv")]
        )
        whole = runner.invoke(
            app, [*args, "--limit", "1", "--log-dir", str(tmp_path / "b"),
                  "--out", str(tmp_path / "b.csv")],
        )  # fmt: skip
    assert partly.exit_code == 3, partly.output
    assert "error: 2 of 3 samples ended in error (no reply scored); first cause: " in partly.output
    assert "(complete; 1 of 3 samples scored)" in partly.output
    assert whole.output.count("(complete)") == 1
    assert sorted(pd.read_csv(tmp_path / "a.csv")["outcome"]) == ["correct", "error", "error"]
    assert whole.exit_code == 0, whole.output  # the first question alone: no failed sample
    assert "ended in error" not in whole.output
    assert list(pd.read_csv(tmp_path / "b.csv")["outcome"]) == ["correct"]
