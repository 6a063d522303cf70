"""A run with ``--max-retries N`` sends a failing sample at most N+1 times, refusal solver or not.

``solvers/refused_request`` sends a sample's first attempt alone, so that a request the
provider refuses as sent is not retried. A failure that may pass is then asked again with the
run's retries: on the old code the full N, one attempt more than configured (N+2 in all).

The server (127.0.0.1, started here) fails every chat request and counts them. The openai
client's own retries are turned off (``model_args`` ``max_retries=0``), so every request it
receives is one of Inspect's attempts.
"""

from __future__ import annotations

import pytest

from clinbench.runner import CallLimits, run_benchmark, sample_errors
from clinbench.suites.slp.tasks import SAMPLE_MANIFEST
from tests.local_openai import RefusesFormats, serve


class AlwaysFails(RefusesFormats):
    """Fails every request with ``status`` and a message that is no refusal of the request."""

    status = 500
    message = "Internal Server Error"

    def do_POST(self):  # noqa: N802
        type(self).requests.append(self.read_json())
        self.send_error_json(self.status, self.message)


class NotFound(AlwaysFails):
    status = 404  # neither Inspect nor the refusal rule retries it
    message = "The model `smollm2` does not exist"


def _requests_for_one_clip(handler, monkeypatch, tmp_path, max_retries: int) -> int:
    with serve(handler, monkeypatch):
        outcome = run_benchmark(
            ["slp_disorder"], ["openai-api/local/smollm2"], tmp_path / "logs",
            CallLimits(max_retries=max_retries, max_connections=1),
            task_args={"manifest": str(SAMPLE_MANIFEST), "pipeline": "asr"},
            model_args={"max_retries": 0}, limit=1,
        )  # fmt: skip
        errors = sample_errors(outcome.results)
        assert errors.failed == 1 and errors.samples == 1
        assert "not retried" not in errors.line(), errors.line()  # no refusal
        return len(handler.requests)


@pytest.mark.parametrize("max_retries", [0, 1])
def test_a_failure_that_may_pass_is_sent_at_most_max_retries_plus_one_times(
    monkeypatch, tmp_path, max_retries
):
    # old code: 2 requests for --max-retries 0, 3 for --max-retries 1
    sent = _requests_for_one_clip(AlwaysFails, monkeypatch, tmp_path, max_retries)
    assert sent == max_retries + 1


def test_a_failure_no_one_retries_is_sent_once(monkeypatch, tmp_path):
    # old code: 2 requests (the first attempt, then the run's attempt)
    assert _requests_for_one_clip(NotFound, monkeypatch, tmp_path, max_retries=2) == 1
