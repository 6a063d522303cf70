"""A local OpenAI-compatible HTTP server for tests: 127.0.0.1, a free port, canned replies.

Tests subclass :class:`OpenAIHandler` with a ``reply(body) -> str`` method (and may
override ``do_POST`` for other routes), then start it with :func:`serve`, which also points
Inspect's ``openai-api/local/...`` provider at it.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class OpenAIHandler(BaseHTTPRequestHandler):
    """Answers POST /v1/chat/completions with ``reply(body)``; records every request body."""

    requests: list[dict] = []
    usage = {"prompt_tokens": 40, "completion_tokens": 9, "total_tokens": 49}

    def log_message(self, *args):  # keep test output quiet
        pass

    def reply(self, body: dict) -> str:
        raise NotImplementedError

    def send_json(self, payload: dict) -> None:
        data = json.dumps(payload).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def read_json(self) -> dict:
        return json.loads(self.rfile.read(int(self.headers["Content-Length"])))

    def do_POST(self):  # noqa: N802 (http.server's naming)
        if not self.path.endswith("/chat/completions"):
            self.send_error(404)
            return
        body = self.read_json()
        type(self).requests.append(body)
        self.complete(body)

    def complete(self, body: dict) -> None:
        """Send the chat completion of ``reply(body)`` with the handler's usage."""
        message = {"role": "assistant", "content": self.reply(body)}
        self.send_json(
            {
                "id": "chatcmpl-local",
                "object": "chat.completion",
                "created": 0,
                "model": body["model"],
                "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
                "usage": self.usage,
            }
        )


LLAMA_CPP_REFUSAL = (
    "1 validation error:\n  {'type': 'literal_error', 'loc': ('body', 'response_format', "
    "'type'), 'msg': \"Input should be 'text' or 'json_object'\", 'input': 'json_schema'}"
)


class RefusesFormats(OpenAIHandler):
    """Answers like llama-cpp-python's server: HTTP 500 for the response formats in
    ``refuse`` (``json_schema`` by default; ``None`` = a request with no format), ``reply``
    otherwise."""

    refuse: tuple[str | None, ...] = ("json_schema",)
    status = 500
    message = LLAMA_CPP_REFUSAL

    def send_error_json(self, status: int, message: str) -> None:
        data = json.dumps({"error": {"message": message, "type": "server_error"}}).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):  # noqa: N802
        body = self.read_json()
        kind = (body.get("response_format") or {}).get("type")
        type(self).requests.append(body)
        if kind in self.refuse:
            self.send_error_json(self.status, self.message)
            return
        self.complete(body)


def format_kinds(requests: list[dict]) -> list[str | None]:
    """Return the response-format type of each request (None: no format asked)."""
    return [(r.get("response_format") or {}).get("type") for r in requests]


@contextmanager
def serve(handler: type[OpenAIHandler], monkeypatch) -> Iterator[ThreadingHTTPServer]:
    """Run the handler on 127.0.0.1 and set LOCAL_BASE_URL / LOCAL_API_KEY for Inspect."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    handler.requests = []
    monkeypatch.setenv("LOCAL_API_KEY", "test-key")
    monkeypatch.setenv("LOCAL_BASE_URL", f"http://127.0.0.1:{server.server_port}/v1")
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
