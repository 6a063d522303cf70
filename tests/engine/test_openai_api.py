"""The real provider path: Inspect's `openai-api` provider against a local canned endpoint.

This is the code path used with vLLM, Ollama or a hosted OpenAI-compatible API; here the
server is a small HTTP server on 127.0.0.1 that the test starts and stops.
"""

from __future__ import annotations

import json

import pytest
from inspect_ai import eval as inspect_eval

from clinbench.item_tasks import clinbench_items
from clinbench.results.export import results_table
from tests.local_openai import OpenAIHandler, serve

CANNED = {
    "Which ossicle has its footplate in the oval window?": "The stapes: ANSWER: C",
    "A 58-year-old woke two days ago": 'Here you go: {"urgent_referral": "yes", "decline": false}',
    "Using the WHO 2021 grades, what grade is a better-ear pure-tone average (500-4000 Hz) of 52":
        '{"grade": "moderately severe", "decline": fa',
}  # fmt: skip


class CannedChat(OpenAIHandler):
    def reply(self, body: dict) -> str:
        prompt = body["messages"][-1]["content"]
        if isinstance(prompt, list):
            prompt = " ".join(part.get("text", "") for part in prompt)
        return next((r for key, r in CANNED.items() if key in prompt), "no canned reply")


@pytest.fixture
def canned_server(monkeypatch):
    with serve(CannedChat, monkeypatch) as server:
        yield server


def test_openai_compatible_endpoint_through_inspect(canned_server, tmp_path, sample_items_path):
    task = clinbench_items(items=str(sample_items_path))
    log = inspect_eval(
        task,
        model="openai-api/local/canned-model",
        sample_id=["sample-mcq-05", "sample-exact-01", "sample-exact-02"],
        log_dir=str(tmp_path),
        display="none",
        max_retries=0,
    )[0]
    assert log.status == "success", log.error
    table = results_table(tmp_path).set_index("item_id")
    assert table.loc["sample-mcq-05", "outcome"] == "correct"
    assert table.loc["sample-exact-01", "outcome"] == "correct"  # JSON wrapped in prose
    assert table.loc["sample-exact-02", "outcome"] == "parse_failed"  # malformed JSON
    assert table["input_tokens"].tolist() == [40, 40, 40]  # the server's usage, not tiktoken
    # exact items send their reply schema as structured output; MCQ items do not
    formats = {json.dumps(r.get("response_format", {}).get("type")): r for r in CannedChat.requests}
    assert '"json_schema"' in formats
    schema_request = formats['"json_schema"']
    properties = schema_request["response_format"]["json_schema"]["schema"]["properties"]
    assert "decline" in properties
    assert any("response_format" not in r for r in CannedChat.requests)
    assert all(r.get("temperature") == 0.0 for r in CannedChat.requests)
