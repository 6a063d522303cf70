"""``--max-retries N`` sends a failing request N+1 times, not 3(N+1): the client's retries are off.

The openai SDK retries a 5xx or 429 twice on its own inside each of Inspect's attempts, unless
its client is built with ``max_retries=0``: on the old code ``--max-retries 0`` sent 3 requests
and ``--max-retries 1`` sent 6, and the two hidden retries were in no log. The server
(127.0.0.1, started here) fails every request and counts them; Inspect's ``openai-api`` provider
(the local model's) and its ``openai`` provider are pointed at it. A user's own ``-M
max_retries`` is kept.
"""

from __future__ import annotations

import pytest

from clinbench.runner import CallLimits, run_benchmark, sample_errors
from tests.local_openai import OpenAIHandler, serve


class Fails(OpenAIHandler):
    """Answers every POST (chat completions or responses) with ``status``."""

    status = 500

    def do_POST(self):  # noqa: N802
        type(self).requests.append(self.read_json())
        data = b'{"error": {"message": "failed on purpose", "type": "server_error"}}'
        self.send_response(self.status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


class RateLimited(Fails):
    status = 429


def _requests(handler, model, monkeypatch, tmp_path, sample_items_path, max_retries, **args):
    with serve(handler, monkeypatch) as server:
        base_url = f"http://127.0.0.1:{server.server_port}/v1"
        monkeypatch.setenv("OPENAI_BASE_URL", base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "test-key")
        outcome = run_benchmark(
            [str(sample_items_path)], [model], tmp_path / "logs",
            CallLimits(max_retries=max_retries, max_connections=1),
            limit=1, **args,
        )  # fmt: skip
        errors = sample_errors(outcome.results)
        assert errors.failed == 1 and errors.samples == 1, errors.line()
        return len(handler.requests)


@pytest.mark.parametrize("handler", [Fails, RateLimited], ids=["500", "429"])
@pytest.mark.parametrize("model", ["openai-api/local/smollm2", "openai/gpt-4o-mini"])
def test_max_retries_0_sends_one_request(handler, model, monkeypatch, tmp_path, sample_items_path):
    # old code: 3 (the client's two retries inside Inspect's one attempt)
    assert _requests(handler, model, monkeypatch, tmp_path, sample_items_path, 0) == 1


def test_max_retries_1_sends_two_requests(monkeypatch, tmp_path, sample_items_path):
    # old code: 6
    sent = _requests(Fails, "openai-api/local/smollm2", monkeypatch, tmp_path, sample_items_path, 1)
    assert sent == 2


def test_a_users_own_client_retries_are_kept(monkeypatch, tmp_path, sample_items_path):
    sent = _requests(
        Fails, "openai-api/local/smollm2", monkeypatch, tmp_path, sample_items_path, 0,
        model_args={"max_retries": 1},
    )  # fmt: skip
    assert sent == 2  # Inspect's one attempt, and the one retry the user asked of the client


def test_the_log_records_the_client_setting(monkeypatch, tmp_path, sample_items_path):
    from inspect_ai.log import list_eval_logs, read_eval_log

    _requests(Fails, "openai-api/local/smollm2", monkeypatch, tmp_path, sample_items_path, 0)
    (info,) = list_eval_logs(str(tmp_path / "logs"))
    # a resume rebuilds the model from the log's model_args: its client retries stay off
    assert read_eval_log(info, header_only=True).eval.model_args == {"max_retries": 0}


def test_graders_clients_retry_no_more_than_the_run(monkeypatch):
    from clinbench.scoring.panel import role_models

    monkeypatch.setenv("LOCAL_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("LOCAL_API_KEY", "test-key")
    roles = role_models(
        ["openai-api/local/judge,clinbench/chance"], ["claim_reader=openai-api/local/reader"],
        {"organization": "clinic"}, None,
    )  # fmt: skip
    judge, chance = roles["grader"]
    assert judge.model_args == {"organization": "clinic", "max_retries": 0}
    assert chance.model_args == {"organization": "clinic"}  # no client of its own
    assert roles["claim_reader"].model_args == {"max_retries": 0}
    kept = role_models(["openai-api/local/judge"], None, {"max_retries": 2}, None)
    assert kept["grader"].model_args == {"max_retries": 2}  # -G max_retries=2 is the user's
