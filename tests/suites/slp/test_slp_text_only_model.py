"""A text-only model sent the clips as audio: the run fails fast and says why and what to do.

The server (127.0.0.1, started by the test) answers like llama-cpp-python's server with a
text-only model: a request whose user turn carries an ``input_audio`` part is refused with
HTTP 500 and a request-validation dump (what SmolLM2 gave through ``clinbench local``).
Retrying such a request gets the same answer, so it must not be retried, and the run's one
error line must name the cause (audio to a model that takes none) and the fix
(``-T pipeline=asr``), not only the dump.
"""

from __future__ import annotations

import json

import pytest

from clinbench.runner import CallLimits, run_benchmark, sample_errors
from clinbench.suites.slp.tasks import SAMPLE_MANIFEST
from tests.local_openai import OpenAIHandler, serve

VALIDATION_DUMP = (
    "15 validation errors: {'type': 'literal_error', 'loc': ('body', 'messages', 0, "
    "'ChatCompletionRequestSystemMessage', 'role'), 'msg': \"Input should be 'system'\", "
    "'input': 'user', 'ctx': {'expected': \"'system'\"}} {'type': 'string_type', 'loc': "
    "('body', 'messages', 0, 'ChatCompletionRequestUserMessage', 'content', 'str'), "
    "'msg': 'Input should be a valid string', 'input': [{'type': 'input_audio'}]}"
)


class TextOnly(OpenAIHandler):
    def do_POST(self):  # noqa: N802
        body = self.read_json()
        TextOnly.requests.append(body)
        parts = body["messages"][-1]["content"]
        if isinstance(parts, list) and any(p.get("type") == "input_audio" for p in parts):
            data = json.dumps({"error": {"message": VALIDATION_DUMP, "type": "server_error"}})
            self.send_response(500)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data.encode())
            return
        self.complete(body)

    def reply(self, body: dict) -> str:
        return "B"


@pytest.fixture
def text_only_server(monkeypatch):
    with serve(TextOnly, monkeypatch) as server:
        yield server


def test_audio_to_a_text_only_model_fails_fast_and_names_the_asr_pipeline(
    text_only_server, tmp_path
):
    outcome = run_benchmark(
        ["slp_disorder"], ["openai-api/local/smollm2"], tmp_path / "logs",
        CallLimits(max_retries=3, max_connections=1),
        task_args={"manifest": str(SAMPLE_MANIFEST)}, limit=2,
    )  # fmt: skip
    errors = sample_errors(outcome.results)
    assert errors.failed == 2 and errors.samples == 2
    # one attempt a clip (the openai client itself sends a 500 twice more, 3 requests);
    # before: Inspect's 4 attempts of 3 requests a clip, 24 requests in about 60 s. The count
    # of requests is the test of "fast": a wall-clock bound failed under a loaded machine.
    assert len(TextOnly.requests) <= 6, len(TextOnly.requests)
    line = errors.line()
    assert "audio" in line and "-T pipeline=asr" in line, line
    assert "not retried" in line and "validation error" in line, line


def test_a_text_only_model_on_the_asr_pipeline_still_answers(text_only_server, tmp_path):
    # the last test's model name, on a server at another port: each run builds its model anew
    outcome = run_benchmark(
        ["slp_disorder"], ["openai-api/local/smollm2"], tmp_path / "logs",
        CallLimits(max_retries=3, max_connections=1),
        task_args={"manifest": str(SAMPLE_MANIFEST), "pipeline": "asr"}, limit=2,
    )  # fmt: skip
    assert sample_errors(outcome.results).failed == 0
    assert set(outcome.results["outcome"]) <= {"correct", "incorrect"}


class _HTTPError(Exception):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status_code = status


@pytest.mark.parametrize(
    ("status", "message", "refused"),
    [
        (500, VALIDATION_DUMP, True),  # llama-cpp-python: the body failed validation
        (400, "Invalid value for 'content': audio input is not supported", True),
        (422, "Unprocessable Entity", True),
        (500, "Internal Server Error", False),  # an outage may pass: retried
        (503, "Service Unavailable", False),
        (429, "Rate limit reached", False),
        # a passing failure whose words sound like a refusal is still retried (review, round 7)
        (503, "We cannot process your request right now, please retry later", False),
        (429, "Batch size not supported at this tier, retry in 20s", False),
        (504, "Gateway timeout: upstream does not support keep-alive", False),
        (413, "Payload Too Large", True),  # the request itself is too big: never passes
    ],
)
def test_only_a_refusal_of_the_request_itself_is_not_retried(status, message, refused):
    from clinbench.model_errors import refused_request

    found = refused_request(RuntimeError("RetryError[<Future>]").with_traceback(None))
    assert found is None
    err = RuntimeError("wrapped")
    err.__cause__ = _HTTPError(status, message)
    assert (refused_request(err) is not None) is refused
