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
