"""Samples per second of `clinbench run` (one process, and --workers N) vs ideal vs plain Inspect.

A local OpenAI-compatible server, in its own process (its threads must not share the
client's interpreter), answers every chat completion after ``--latency`` seconds. The same
``--items`` MCQ items then run, interleaved, ``--repeats`` times each:

- plain Inspect: ``inspect_ai.eval`` of a minimal task (the items as a memory dataset,
  ``generate()``, ``match()``) in a fresh process;
- ``clinbench run ITEMS --max-connections C`` in a fresh process, and the same with
  ``--workers N`` for each N of ``--workers`` (the C connections shared among the workers).

Each line gives the samples, the eval time (the first sample's start to the last sample's
end, from the logs; a sharded run spans all its workers' logs), samples/s over the eval
time and over the whole command (start-up included), the ideal ``C / latency`` and the
ratio achieved / ideal (eval time). The load average is printed with every line: on a
shared machine the figures move with it.

    python benchmarks/throughput.py [--items 512] [--latency 1] [--connections 128]
                                    [--workers 2,4] [--repeats 2]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

SERVER = r"""
import json, sys, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LATENCY = float(sys.argv[1])

class Latency(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        time.sleep(LATENCY)
        data = json.dumps({
            "id": "x", "object": "chat.completion", "created": 0, "model": body["model"],
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": "ANSWER: A"}}],
            "usage": {"prompt_tokens": 40, "completion_tokens": 3, "total_tokens": 43},
        }).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 1024

server = Server(("127.0.0.1", 0), Latency)
print(server.server_port, flush=True)
server.serve_forever()
"""

PLAIN = r"""
import json, sys
from inspect_ai import Task, eval
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.scorer import match
from inspect_ai.solver import generate

items = [json.loads(line) for line in open(sys.argv[1])]
samples = [Sample(id=i["id"], input=i["stem"] + "\nA) yes\nB) no\nReply ANSWER: LETTER.",
                  target="A") for i in items]
task = Task(dataset=MemoryDataset(samples), solver=generate(), scorer=match())
eval(task, model="openai-api/local/m", log_dir=sys.argv[2], display="none",
     max_connections=int(sys.argv[3]), max_retries=0)
"""


def _eval_span(log_dir: Path) -> tuple[int, float]:
    """Return (samples completed, seconds from the first sample's start to the last's end).

    From the samples' own times (the logs' ``stats`` times are whole seconds).
    """
    from inspect_ai.log import list_eval_logs, read_eval_log_sample_summaries

    starts, ends = [], []
    for info in list_eval_logs(str(log_dir), recursive=True):
        for sample in read_eval_log_sample_summaries(info.name):
            if sample.error is None and sample.started_at and sample.completed_at:
                starts.append(datetime.fromisoformat(str(sample.started_at)))
                ends.append(datetime.fromisoformat(str(sample.completed_at)))
    return len(ends), (max(ends) - min(starts)).total_seconds() if ends else float("nan")


def main() -> None:
    """Print samples/s of plain Inspect and of clinbench with and without workers."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=512)
    parser.add_argument("--latency", type=float, default=1.0)
    parser.add_argument("--connections", type=int, default=128)
    parser.add_argument("--workers", default="2,4")
    parser.add_argument("--repeats", type=int, default=2)
    args = parser.parse_args()
    server = subprocess.Popen([sys.executable, "-c", SERVER, str(args.latency)],
                              stdout=subprocess.PIPE, text=True)  # fmt: skip
    port = server.stdout.readline().strip()
    env = {**os.environ, "LOCAL_API_KEY": "k", "LOCAL_BASE_URL": f"http://127.0.0.1:{port}/v1"}
    ideal = args.connections / args.latency
    clinbench = [sys.executable, "-c", "from clinbench.cli import main; main()"]
    print(f"{args.items} items, latency {args.latency} s, {args.connections} connections: "
          f"ideal {ideal:.0f} samples/s; {os.cpu_count()} CPUs")  # fmt: skip
    print(f"{'run':<22}{'samples':>8}{'eval s':>8}{'/s eval':>9}{'/s all':>8}{'ideal':>7}"
          f"{'ratio':>7}  load (1 min)")  # fmt: skip
    rates: dict[str, list[float]] = {}
    try:
        with tempfile.TemporaryDirectory() as tmp:
            items = Path(tmp) / "items.jsonl"
            with items.open("w") as f:
                for i in range(args.items):
                    f.write(json.dumps({"id": f"q{i:04d}", "format": "mcq",
                                        "stem": f"Question {i}: pick A.",
                                        "options": {"A": "yes", "B": "no"},
                                        "answer": "A"}) + "\n")  # fmt: skip
            runs = {"plain Inspect": None, "clinbench": 1}
            runs |= {f"clinbench --workers {n}": int(n) for n in args.workers.split(",") if n}
            for repeat in range(args.repeats):
                for name, workers in runs.items():
                    logs = Path(tmp) / f"logs-{repeat}-{name.replace(' ', '_')}"
                    if workers is None:
                        command = [sys.executable, "-c", PLAIN, str(items), str(logs),
                                   str(args.connections)]  # fmt: skip
                    else:
                        command = [*clinbench, "run", str(items), "--model",
                                   "openai-api/local/m", "--max-connections",
                                   str(args.connections), "--log-dir", str(logs),
                                   "--display", "none", "-M", "max_retries=0"]  # fmt: skip
                        command += ["--workers", str(workers)] if workers > 1 else []
                    started = time.perf_counter()
                    done = subprocess.run(command, env=env, capture_output=True, text=True)
                    whole = time.perf_counter() - started
                    if done.returncode:
                        sys.exit(f"{name} failed:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
                    samples, span = _eval_span(logs)
                    rate = samples / span
                    rates.setdefault(name, []).append(rate)
                    print(f"{name:<22}{samples:>8}{span:>8.1f}{rate:>9.1f}{samples / whole:>8.1f}"
                          f"{ideal:>7.0f}{rate / ideal:>7.2f}  {os.getloadavg()[0]:.1f}",
                          flush=True)  # fmt: skip
            print("median samples/s (eval time) and ratio to ideal:")
            for name, values in rates.items():
                rate = statistics.median(values)
                print(f"  {name:<22}{rate:>8.1f}  {rate / ideal:.2f}")
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
