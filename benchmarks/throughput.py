"""Samples per second for one model and for three models at once (one eval set), against ideal.

A local OpenAI-compatible server (127.0.0.1) answers every chat completion after a set
latency. The same items run through clinbench's run path (:func:`clinbench.runner.run_eval`)
on one model, then on three models as one eval set; the ideal is connections / latency per
model. Only the eval is timed (start-up excluded); both runs are in this one process.

    python benchmarks/throughput.py [--items 200] [--latency 0.25] [--connections 16]
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path


class Latency(BaseHTTPRequestHandler):
    """Chat completions after a fixed latency, with token usage set."""

    latency = 0.25

    def log_message(self, *args):
        pass

    def do_POST(self):  # noqa: N802
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        time.sleep(self.latency)
        data = json.dumps({
            "id": "x", "object": "chat.completion", "created": 0, "model": body["model"],
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": "ANSWER: A"}}],
            "usage": {"prompt_tokens": 40, "completion_tokens": 3, "total_tokens": 43},
        }).encode()  # fmt: skip
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


def main() -> None:
    """Print samples/s for one and three concurrent models."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=200)
    parser.add_argument("--latency", type=float, default=0.25)
    parser.add_argument("--connections", type=int, default=16)
    args = parser.parse_args()
    Latency.latency = args.latency
    server = ThreadingHTTPServer(("127.0.0.1", 0), Latency)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    os.environ.update(LOCAL_API_KEY="k", LOCAL_BASE_URL=f"http://127.0.0.1:{server.server_port}/v1")

    from clinbench.item_tasks import clinbench_items
    from clinbench.runner import CallLimits, run_eval

    limits = CallLimits(max_connections=args.connections)
    per_model_ideal = args.connections / args.latency
    print(f"{args.items} items, latency {args.latency} s, {args.connections} connections/model")
    print(
        f"{'models':<8} {'samples':>8} {'seconds':>8} {'samples/s':>10} {'ideal/s':>8} {'ratio':>6}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        items = Path(tmp) / "items.jsonl"
        with items.open("w") as f:
            for i in range(args.items):
                item = {"id": f"q{i:04d}", "format": "mcq", "stem": f"Question {i}: pick A.",
                        "options": {"A": "yes", "B": "no"}, "answer": "A"}  # fmt: skip
                f.write(json.dumps(item) + "\n")
        for n_models in (1, 3):
            models = [f"openai-api/local/m{k}" for k in range(n_models)]
            started = time.perf_counter()
            finished, logs = run_eval(
                clinbench_items(items=str(items)), models, Path(tmp) / f"logs{n_models}", limits,
                display="none", fail_on_error=False, model_args={"max_retries": 0},
            )  # fmt: skip
            seconds = time.perf_counter() - started
            samples = sum(log.results.completed_samples for log in logs if log.results)
            ideal = per_model_ideal * n_models
            rate = samples / seconds
            print(f"{n_models:<8} {samples:>8} {seconds:>8.1f} {rate:>10.1f} {ideal:>8.0f} "
                  f"{rate / ideal:>6.2f}")  # fmt: skip
            assert finished, [log.status for log in logs]


if __name__ == "__main__":
    main()
