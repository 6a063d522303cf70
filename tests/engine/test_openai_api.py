"""The real provider path: Inspect's `openai-api` provider against a local canned endpoint.

This is the code path used with vLLM, Ollama or a hosted OpenAI-compatible API; here the
server is a small HTTP server on 127.0.0.1 that the test starts and stops.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from inspect_ai import eval as inspect_eval

from clinbench.results.export import results_table
from clinbench.tasks import clinbench_items

CANNED = {
    "Which ossicle has its footplate in the oval window?": "The stapes: ANSWER: C",
    "A 58-year-old woke two days ago": 'Here you go: {"urgent_referral": "yes", "decline": false}',
    "Using the WHO 2021 grades, what grade is a better-ear pure-tone average (500-4000 Hz) of 52":
        '{"grade": "moderately severe", "decline": fa',
}  # fmt: skip


class CannedChat(BaseHTTPRequestHandler):
    requests: list[dict] = []

    def log_message(self, *args):  # keep test output quiet
        pass

    def do_POST(self):  # noqa: N802 (http.server's naming)
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        CannedChat.requests.append(body)
        if not self.path.endswith("/chat/completions"):
            self.send_error(404)
            return
        prompt = body["messages"][-1]["content"]
        if isinstance(prompt, list):
            prompt = " ".join(part.get("text", "") for part in prompt)
        reply = next((r for key, r in CANNED.items() if key in prompt), "no canned reply")
        payload = {
            "id": "chatcmpl-local",
            "object": "chat.completion",
            "created": 0,
            "model": body["model"],
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": reply},
                    "finish_reason": "stop",
                }
            ],
            "usage": {"prompt_tokens": 40, "completion_tokens": 9, "total_tokens": 49},
        }
        data = json.dumps(payload).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


@pytest.fixture
def canned_server(monkeypatch):
    server = ThreadingHTTPServer(("127.0.0.1", 0), CannedChat)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    CannedChat.requests = []
    monkeypatch.setenv("LOCAL_API_KEY", "test-key")
    monkeypatch.setenv("LOCAL_BASE_URL", f"http://127.0.0.1:{server.server_port}/v1")
    yield server
    server.shutdown()
    server.server_close()


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
