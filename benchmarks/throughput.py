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
time and over the whole command (start-up included), the ideal ``C / latency``, the
ratio achieved / ideal (eval time), and the CPU seconds of the whole command (every process
it started; ``os.wait4``). The load average is printed with every line: on a shared
machine the figures move with it.

The server is a stand-in for a remote endpoint, whose work costs the client machine
nothing. ``--server-check`` first fires the same number of requests at the same
concurrency from a bare asyncio client (no Inspect) and prints the time against the ideal
``items / connections * latency`` and the server's own CPU per request: if that is near
the ideal and the CPU small, the server is not what caps the runs.

``--cpu-per-sample`` also runs each kind once with one item (N items for N workers, so that
as many processes start) in each round; the CPU of the full run less the small run, over
the difference in samples, is the CPU each sample costs (start-up left out). On
``os.cpu_count()`` cores no run of that kind can do better than
``cores / (CPU per sample)`` samples a second, whatever the connections: that ceiling is
printed beside the ideal, so a ratio short of the target can be told apart from CPU the
machine does not have.

    python benchmarks/throughput.py [--items 512] [--latency 1] [--connections 128]
                                    [--workers 2,4] [--repeats 2] [--server-check]
                                    [--cpu-per-sample] [--no-realtime] [--breakdown]
                                    [--runs plain,clinbench,workers] [--before SRC]

``--breakdown`` prints under each run where its wall time went, from the samples' own
times in the logs: ``start`` (the command's start to the first sample: imports, task
set-up, worker start-up), ``stagger`` (first to last worker's first sample), ``loop`` (the
longest worker's first sample to its last), ``skew`` (first to last worker's last sample:
one idle while another works), ``finish`` (the last sample to the command's end: logs
finished, results table, summary). ``--before SRC`` runs the sharded kinds from another
source tree too (``PYTHONPATH=SRC``), interleaved, so a change is compared in one run.
``--runs`` picks the kinds (plain, clinbench, workers).

``--no-realtime`` adds a plain Inspect run with ``log_realtime=False`` (no sample buffer
database: a faster eval that a crash would cost its unflushed samples), to show what that
buffer costs per sample.
"""

from __future__ import annotations

import argparse
import json
import math
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
realtime = {"log_realtime": False} if sys.argv[4:] == ["no-realtime"] else {}
eval(task, model="openai-api/local/m", log_dir=sys.argv[2], display="none",
     max_connections=int(sys.argv[3]), max_retries=0, **realtime)
"""

CHECK = r"""
import asyncio, json, sys, time

PORT, REQUESTS, CONCURRENCY = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
BODY = json.dumps({"model": "m", "messages": [{"role": "user", "content": "pick A"}]}).encode()
REQUEST = (b"POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
           b"Content-Type: application/json\r\nContent-Length: "
           + str(len(BODY)).encode() + b"\r\n\r\n" + BODY)

async def client(queue):
    reader, writer = await asyncio.open_connection("127.0.0.1", PORT)
    while not queue.empty():
        queue.get_nowait()
        writer.write(REQUEST)
        head = await reader.readuntil(b"\r\n\r\n")
        length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n")
                      if line.lower().startswith(b"content-length"))
        await reader.readexactly(length)
    writer.close()

async def main():
    queue = asyncio.Queue()
    for _ in range(REQUESTS):
        queue.put_nowait(1)
    started = time.perf_counter()
    await asyncio.gather(*[client(queue) for _ in range(CONCURRENCY)])
    print(time.perf_counter() - started)

asyncio.run(main())
"""


def _run(command: list[str], env: dict[str, str]) -> tuple[int, str, float, float]:
    """Return (exit code, output tail, wall seconds, CPU seconds of it and its children)."""
    started = time.perf_counter()
    with tempfile.TemporaryFile("w+") as output:
        process = subprocess.Popen(command, env=env, stdout=output, stderr=subprocess.STDOUT,
                                   text=True)  # fmt: skip
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        wall = time.perf_counter() - started
        output.seek(0)
        tail = output.read()[-3000:]
    return process.returncode, tail, wall, usage.ru_utime + usage.ru_stime


def _process_cpu(pid: int) -> float:
    """Return the CPU seconds (user + system) a running process has used (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _server_check(port: str, requests: int, connections: int, latency: float,
                  server_pid: int) -> None:  # fmt: skip
    """Print how fast the server alone answers `requests` at `connections` at once."""
    before = _process_cpu(server_pid)
    done = subprocess.run([sys.executable, "-c", CHECK, port, str(requests), str(connections)],
                          capture_output=True, text=True, check=True)  # fmt: skip
    seconds = float(done.stdout)
    cpu = _process_cpu(server_pid) - before
    ideal = math.ceil(requests / connections) * latency
    print(
        f"server alone: {requests} requests, {connections} at once: {seconds:.2f} s "
        f"(ideal {ideal:.2f} s, ratio {ideal / seconds:.2f}); server CPU "
        f"{1000 * cpu / requests:.2f} ms per request; load {os.getloadavg()[0]:.1f}"
    )


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


def _breakdown(log_dir: Path, began: float, ended: float) -> str:
    """Return where a run's wall time went, from its logs' sample times (seconds).

    ``start`` is the command's start to the first sample's start (imports, task set-up,
    worker start-up); ``stagger`` the first to the last worker's first sample; ``loop`` the
    longest worker's first sample to its last sample's end; ``skew`` the first to the last
    worker's last sample's end (one worker idle while another works); ``finish`` the last
    sample's end to the command's end (log finishing, results table, summary). ``busy`` is
    each worker's own loop.
    """
    from inspect_ai.log import list_eval_logs, read_eval_log_sample_summaries

    firsts, lasts = [], []
    for info in list_eval_logs(str(log_dir), recursive=True):
        times = [
            (datetime.fromisoformat(str(s.started_at)).timestamp(),
             datetime.fromisoformat(str(s.completed_at)).timestamp())
            for s in read_eval_log_sample_summaries(info.name)
            if s.error is None and s.started_at and s.completed_at
        ]  # fmt: skip
        if times:
            firsts.append(min(t[0] for t in times))
            lasts.append(max(t[1] for t in times))
    if not firsts:
        return "no samples"
    busy = [last - first for first, last in zip(firsts, lasts, strict=True)]
    return (
        f"start {min(firsts) - began:.2f}  stagger {max(firsts) - min(firsts):.2f}  "
        f"loop {max(busy):.2f}  skew {max(lasts) - min(lasts):.2f}  "
        f"finish {ended - max(lasts):.2f}  busy " + "/".join(f"{b:.2f}" for b in busy)
    )


def main() -> None:
    """Print samples/s of plain Inspect and of clinbench with and without workers."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=512)
    parser.add_argument("--latency", type=float, default=1.0)
    parser.add_argument("--connections", type=int, default=128)
    parser.add_argument("--workers", default="2,4")
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--server-check", action="store_true")
    parser.add_argument("--cpu-per-sample", action="store_true")
    parser.add_argument("--no-realtime", action="store_true")
    parser.add_argument(
        "--runs",
        default="plain,clinbench,workers",
        help="which kinds to run: plain, clinbench, workers (comma-separated)",
    )
    parser.add_argument(
        "--breakdown",
        action="store_true",
        help="print where each run's wall time went (start, stagger, loop, skew, finish)",
    )
    parser.add_argument(
        "--before",
        metavar="SRC",
        help="also run --workers from this source tree (e.g. `git archive` of an older "
        "commit's src), interleaved, as 'before --workers N'",
    )
    args = parser.parse_args()
    server = subprocess.Popen([sys.executable, "-c", SERVER, str(args.latency)],
                              stdout=subprocess.PIPE, text=True)  # fmt: skip
    port = server.stdout.readline().strip()
    env = {**os.environ, "LOCAL_API_KEY": "k", "LOCAL_BASE_URL": f"http://127.0.0.1:{port}/v1"}
    ideal = args.connections / args.latency
    clinbench = [sys.executable, "-c", "from clinbench.cli import main; main()"]
    print(f"{args.items} items, latency {args.latency} s, {args.connections} connections: "
          f"ideal {ideal:.0f} samples/s; {os.cpu_count()} CPUs")  # fmt: skip
    rates: dict[str, list[float]] = {}
    per_sample: dict[str, list[float]] = {}
    try:
        if args.server_check:
            _server_check(port, args.items, args.connections, args.latency, server.pid)
        print(f"{'run':<30}{'samples':>8}{'eval s':>8}{'/s eval':>9}{'/s all':>8}{'ideal':>7}"
              f"{'ratio':>7}{'CPU s':>7}  load (1 min)")  # fmt: skip
        with tempfile.TemporaryDirectory() as tmp:
            kinds = set(args.runs.split(","))
            runs: dict[str, int | str] = {"plain Inspect": "plain"} if "plain" in kinds else {}
            if args.no_realtime:
                runs["plain Inspect, no realtime"] = "no-realtime"
            if "clinbench" in kinds:
                runs["clinbench"] = 1
            if "workers" in kinds:
                runs |= {f"clinbench --workers {n}": int(n) for n in args.workers.split(",") if n}
                if args.before:
                    runs |= {f"before --workers {n}": int(n) for n in args.workers.split(",") if n}
            # the small run of N workers has N items: as many processes start as in the full run
            small = {name: w if isinstance(w, int) else 1 for name, w in runs.items()}
            banks = {}
            sizes = {args.items, *small.values()} if args.cpu_per_sample else {args.items}
            for size in sizes:
                banks[size] = Path(tmp) / f"items-{size}.jsonl"
                with banks[size].open("w") as f:
                    for i in range(size):
                        f.write(json.dumps({"id": f"q{i:04d}", "format": "mcq",
                                            "stem": f"Question {i}: pick A.",
                                            "options": {"A": "yes", "B": "no"},
                                            "answer": "A"}) + "\n")  # fmt: skip
            for repeat in range(args.repeats):
                for name, workers in runs.items():
                    cpu = {}
                    for size in sorted({args.items, small[name]} & banks.keys(), reverse=True):
                        items = banks[size]
                        logs = Path(tmp) / f"logs-{repeat}-{size}-{name.replace(' ', '_')}"
                        if isinstance(workers, str):
                            command = [sys.executable, "-c", PLAIN, str(items), str(logs),
                                       str(args.connections), workers]  # fmt: skip
                        else:
                            command = [*clinbench, "run", str(items), "--model",
                                       "openai-api/local/m", "--max-connections",
                                       str(args.connections), "--log-dir", str(logs),
                                       "--display", "none", "-M", "max_retries=0"]  # fmt: skip
                            command += ["--workers", str(workers)] if workers > 1 else []
                        began = time.time()
                        tree = {"PYTHONPATH": args.before} if name.startswith("before") else {}
                        code, tail, whole, cpu[size] = _run(command, {**env, **tree})
                        ended = time.time()
                        if code:
                            sys.exit(f"{name} failed:\n{tail}")
                        if size != args.items:
                            continue
                        samples, span = _eval_span(logs)
                        rate = samples / span
                        rates.setdefault(name, []).append(rate)
                        print(f"{name:<30}{samples:>8}{span:>8.1f}{rate:>9.1f}"
                              f"{samples / whole:>8.1f}{ideal:>7.0f}{rate / ideal:>7.2f}"
                              f"{cpu[size]:>7.1f}  {os.getloadavg()[0]:.1f}",
                              flush=True)  # fmt: skip
                        if args.breakdown:
                            print(f"    {_breakdown(logs, began, ended)}", flush=True)
                    if args.cpu_per_sample:
                        few = small[name]
                        cost = (cpu[args.items] - cpu[few]) / (args.items - few)
                        per_sample.setdefault(name, []).append(cost)
            print("median samples/s (eval time) and ratio to ideal:")
            for name, values in rates.items():
                rate = statistics.median(values)
                print(f"  {name:<30}{rate:>8.1f}  {rate / ideal:.2f}")
            if per_sample:
                cores = os.cpu_count() or 1
                print(f"median CPU per sample (start-up left out) and the most {cores} cores "
                      "allow (ratio to ideal):")  # fmt: skip
                for name, values in per_sample.items():
                    cost = statistics.median(values)
                    ceiling = cores / cost
                    print(
                        f"  {name:<30}{1000 * cost:>6.1f} ms  {ceiling:>6.1f}/s  "
                        f"{min(ceiling, ideal) / ideal:.2f}"
                    )
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
