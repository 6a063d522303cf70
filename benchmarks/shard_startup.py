"""Seconds from `clinbench run --workers N` start to each worker's first model request.

A worker's first request waits for everything it does before its first sample: building the
task, cutting out its shard of the items, starting the eval. This prints that time for
each worker at several bank sizes, and the CPU every process of the command had used by
the time the last worker's first request arrived; the run is then stopped (its process
group is killed), so a 20,000-item bank costs only its start-up.

A local OpenAI-compatible server, in its own process, answers every chat completion after
``--latency`` seconds and notes when it first saw an item of each shard (items are dealt
round-robin, so item ``i`` belongs to worker ``i % N + 1``; the item's number is read from
its prompt). With ``--before SRC`` the same runs are made from another source tree
(``PYTHONPATH=SRC``, e.g. an unchanged checkout's ``src``), interleaved run by run with this
one, so that both columns see the same machine load; the 1-minute load average is printed
with every line.

    python benchmarks/shard_startup.py [--items 1000,4000,20000] [--workers 2]
                                       [--repeats 2] [--before SRC] [--timeout 600]
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

SERVER = r"""
import json, re, sys, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LATENCY, WORKERS = float(sys.argv[1]), int(sys.argv[2])
FIRST, LOCK = {}, threading.Lock()
NUMBER = re.compile(r"Question (\d+):")

class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, data):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):  # /first: {worker: epoch seconds}; /reset clears it
        with LOCK:
            data = json.dumps(FIRST).encode()
            if self.path == "/reset":
                FIRST.clear()
        self.reply(data)

    def do_POST(self):
        now = time.time()
        raw = self.rfile.read(int(self.headers["Content-Length"]))
        body = json.loads(raw)
        found = NUMBER.search(raw.decode())
        if found:
            with LOCK:
                FIRST.setdefault(str(int(found.group(1)) % WORKERS + 1), now)
        time.sleep(LATENCY)
        self.reply(json.dumps({
            "id": "x", "object": "chat.completion", "created": 0, "model": body["model"],
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": "ANSWER: A"}}],
            "usage": {"prompt_tokens": 40, "completion_tokens": 3, "total_tokens": 43},
        }).encode())

class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 1024

    def handle_error(self, request, client_address):
        pass  # a run killed while its requests wait: nothing to report

server = Server(("127.0.0.1", 0), Handler)
print(server.server_port, flush=True)
server.serve_forever()
"""


def _get(port: str, path: str) -> dict[str, float]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as answer:
        return json.loads(answer.read())


def _session_cpu(session: int) -> float:
    """Return the CPU seconds (user + system) of the live processes of a session (Linux)."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # ended meanwhile
            continue
        if int(fields[3]) == session:  # field 6 of stat: the session id
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def _first_requests(command: list[str], env: dict[str, str], port: str, workers: int,
                    timeout: float) -> tuple[list[float], float]:  # fmt: skip
    """Return (seconds to each worker's first request, CPU of the command until the last).

    The command runs in a session of its own, killed (that process group) once every worker
    has asked its first question or after ``timeout`` seconds.
    """
    _get(port, "/reset")
    started = time.time()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, start_new_session=True)  # fmt: skip
    cpu = float("nan")
    try:
        while True:
            seen = _get(port, "/first")
            if len(seen) >= workers:
                cpu = _session_cpu(process.pid)
                break
            if process.poll() is not None:
                sys.exit(f"the run ended before every worker asked:\n{process.stderr.read()}")
            if time.time() - started > timeout:  # the CPU used so far: at least that
                cpu = _session_cpu(process.pid)
                break
            time.sleep(0.05)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)  # the session this script started
        process.wait()
    return [seen.get(str(k), float("nan")) - started for k in range(1, workers + 1)], cpu


def main() -> None:
    """Print each worker's start-up at each bank size, before and after, interleaved."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", default="1000,4000,20000")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--latency", type=float, default=0.5)
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("--before", metavar="SRC", help="another source tree to compare with")
    args = parser.parse_args()
    server = subprocess.Popen([sys.executable, "-c", SERVER, str(args.latency), str(args.workers)],
                              stdout=subprocess.PIPE, text=True)  # fmt: skip
    port = server.stdout.readline().strip()
    env = {**os.environ, "LOCAL_API_KEY": "k", "LOCAL_BASE_URL": f"http://127.0.0.1:{port}/v1"}
    trees = {"after": str(Path(__file__).resolve().parents[1] / "src")}  # this checkout
    if args.before:
        trees = {"before": args.before, **trees}
    clinbench = [sys.executable, "-c", "from clinbench.cli import main; main()"]
    names = "  ".join(f"w{k} s" for k in range(1, args.workers + 1))
    print(f"--workers {args.workers}, {os.cpu_count()} CPUs: seconds from the command's start "
          f"to each worker's first request, and the command's CPU seconds by then")  # fmt: skip
    print(f"{'items':>6} {'tree':<7} {names}  {'CPU s':>6}  load (1 min)")
    firsts: dict[tuple[int, str], list[float]] = {}
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for size in [int(n) for n in args.items.split(",") if n]:
                items = Path(tmp) / f"items-{size}.jsonl"
                with items.open("w") as f:
                    for i in range(size):
                        f.write(json.dumps({"id": f"q{i:05d}", "format": "mcq",
                                            "stem": f"Question {i}: pick A.",
                                            "options": {"A": "yes", "B": "no"},
                                            "answer": "A"}) + "\n")  # fmt: skip
                for repeat in range(args.repeats):
                    for tree, path in trees.items():
                        logs = Path(tmp) / f"logs-{size}-{repeat}-{tree}"
                        command = [*clinbench, "run", str(items), "--model", "openai-api/local/m",
                                   "--workers", str(args.workers), "--max-connections", "16",
                                   "--log-dir", str(logs), "--display", "none",
                                   "-M", "max_retries=0"]  # fmt: skip
                        run_env = {**env, "PYTHONPATH": path}
                        times, cpu = _first_requests(command, run_env, port, args.workers,
                                                     args.timeout)  # fmt: skip
                        firsts.setdefault((size, tree), []).append(max(times))
                        # a worker that asked nothing within --timeout: more than that
                        shown = "  ".join(f"{t:>4.1f}" if t == t else f">{args.timeout:.0f}"
                                          for t in times)  # fmt: skip
                        print(f"{size:>6} {tree:<7} {shown}  {cpu:>6.1f}  "
                              f"{os.getloadavg()[0]:.1f}", flush=True)  # fmt: skip
            print("median seconds to the last worker's first request:")
            for (size, tree), values in firsts.items():
                if any(v != v for v in values):  # timed out: nan
                    print(f"  {size:>6} {tree:<7} >{args.timeout:.0f} (timed out)")
                else:
                    print(f"  {size:>6} {tree:<7} {statistics.median(values):>6.1f}")
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
