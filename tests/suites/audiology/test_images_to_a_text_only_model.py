"""audiology_cases sends the case's images; a text-only model behind llama-cpp-python refuses
the request (HTTP 500, a request-validation dump). It is not retried, and the run's error
line names the cause and the fix (-T images=false), as the SLP suite does for audio."""

from __future__ import annotations

import json

import pytest

from clinbench.runner import CallLimits, run_benchmark, sample_errors
from tests.local_openai import OpenAIHandler, serve

DUMP = (
    "2 validation errors: {'type': 'string_type', 'loc': ('body', 'messages', 1, "
    "'ChatCompletionRequestUserMessage', 'content', 'str'), 'msg': 'Input should be a valid "
    "string', 'input': [{'type': 'image_url'}]}"
)


class NoImages(OpenAIHandler):
    def do_POST(self):  # noqa: N802
        body = self.read_json()
        NoImages.requests.append(body)
        parts = body["messages"][-1]["content"]
        if isinstance(parts, list) and any(p.get("type") == "image_url" for p in parts):
            data = json.dumps({"error": {"message": DUMP, "type": "server_error"}}).encode()
            self.send_response(500)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            return
        self.complete(body)

    def reply(self, body: dict) -> str:
        return "Q1 Results: normal.\nQ2 Diagnosis: normal hearing.\nQ3 Recommendations: none."


@pytest.fixture
def no_images_server(monkeypatch):
    with serve(NoImages, monkeypatch) as server:
        yield server


def test_case_images_to_a_text_only_model_are_not_retried_and_name_the_text_only_run(
    no_images_server, tmp_path
):
    outcome = run_benchmark(
        ["audiology_cases"], ["openai-api/local/no-images"], tmp_path / "logs",
        CallLimits(max_retries=3, max_connections=1), limit=1,
    )  # fmt: skip
    errors = sample_errors(outcome.results)
    assert errors.failed == 1, errors
    # one attempt (the openai client repeats a 500 twice itself); before: 4 attempts, 12
    assert len(NoImages.requests) <= 3, len(NoImages.requests)
    assert "-T images=false" in errors.line() and "not retried" in errors.line(), errors.line()
