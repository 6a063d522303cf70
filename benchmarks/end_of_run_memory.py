"""Memory through a whole `clinbench run`: the plateau while samples run, and the end peak.

A local OpenAI-compatible server (127.0.0.1, zero latency: benchmarks/throughput.py's
``Latency``) answers every call; ``clinbench run BANK --model openai-api/local/m`` runs in a
child process for each source tree given, and this process reads the child's resident
memory (``/proc/PID/status`` VmRSS) every 0.1 s, with the number of replies answered so far.
Printed per tree: the plateau (the median RSS while the middle half of the replies came
in: from 25% to 75% of them), the peak after the last reply (Inspect finishing the log,
clinbench reading it back into the results table, the summary), their ratio (#32's target:
at most 1.2), the peak over the whole run (the kernel's ``VmHWM``), wall time and the load.

    python benchmarks/end_of_run_memory.py [--items 5000] [--connections 32] [--before OLD_TREE]
        [--repeats 1] [--phases]

``--before`` is the root of another clinbench source tree (e.g. ``git archive main src``
unpacked); the tree this file sits in is always measured ("after"). With ``--repeats N`` the
trees run in turn N times (before, after, before, after ...), so both meet the same load.
``--phases`` says where the end peak comes from: the child wraps the functions named in
PHASES (those of either tree that exist) and records, for each call, its resident memory at
the start and end and its own peak (``VmHWM``, reset at the start of each call through
``/proc/self/clear_refs``); nothing is imported early (a function is wrapped when its
module is first imported), so the plateau is not changed.

Measured on the shared 2-core machine, 5,000 samples, 32 connections, with --phases --before
main c1d77a7 (one invocation, load 8.7-9.9): before plateau 288 MB, end peak 742 MB (2.58x;
the every-reply log metrics read and wrote each whole log: +372 MB, 176 s); after (branch
perfend) plateau 289 MB, end peak 379 MB (1.31x; metrics +8 MB, 5 s). 20,000 samples, after
only (load 5-9): plateau 623 MB, end peak 802 MB (1.29x), of which Inspect finishing the log
is 806 MB at its peak inside the eval; then pandas/pyarrow +41 MB, the table +47 MB.

#32, session 5 (branch runpath: the item table packed in the log header, the freed pages
handed back before the table and the summary, the samples read with zipfile), --phases:
5,000 samples with --before main 4d62b5c in one invocation (load 8.3-9.4): before 1.29x and
1.27x (two runs), after 1.23x (9eda6fd..24d3276) and 1.21x (41ef308); after only, 06fac30:
1.22x (plateau 280 MB, end 341 MB; load 7.8). 20,000 samples, after only (41ef308, load
7.2): plateau 584 MB, end peak 682 MB (1.17x); the eval's own peak 665 MB (1.14x, was 806).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]

# Functions whose calls --phases records ("module:function"); a name a tree lacks is skipped.
PHASES = [
    "clinbench.runner:run_eval",  # the eval: Inspect runs the samples and finishes the log
    "clinbench.runner:release_freed_memory",  # the freed pages handed back (after #32 round 5)
    "clinbench.results.export:results_from_logs",  # the results table (before)
    "clinbench.stats.log_metrics:write_every_reply_metrics",  # the log metrics (before)
    "clinbench.results.export:run_results",  # table and log metrics in one pass (after)
    "clinbench.cli.run_options:print_run",  # --out, the printed tables
]

PHASE_CHILD = r"""
import importlib.abc, importlib.util, json, os, sys, time

RECORD = open(os.environ["PHASES_FILE"], "a")
WANTED = {}
for name in os.environ["PHASES"].split(","):
    module, function = name.split(":")
    WANTED.setdefault(module, []).append(function)


def memory():
    found = {}
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(("VmRSS:", "VmHWM:")):
                found[line[:5]] = int(line.split()[1]) / 1024
    return found["VmRSS"], found["VmHWM"]


def wrap(module, name):
    function = getattr(module, name, None)
    if function is None:
        return

    def recorded(*args, **kwargs):
        start = memory()[0]
        with open("/proc/self/clear_refs", "w") as clear:
            clear.write("5")  # the peak (VmHWM) starts again from here
        began = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            end, peak = memory()
            RECORD.write(json.dumps({"phase": f"{module.__name__}:{name}", "start": start,
                                     "end": end, "peak": peak,
                                     "s": time.perf_counter() - began}) + "\n")
            RECORD.flush()

    setattr(module, name, recorded)


class Patch(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path, target=None):
        if fullname not in WANTED:
            return None
        sys.meta_path.remove(self)
        try:
            spec = importlib.util.find_spec(fullname)
        finally:
            sys.meta_path.insert(0, self)
        loader = spec.loader
        run = loader.exec_module

        def exec_module(module):
            run(module)
            for function in WANTED[fullname]:
                wrap(module, function)

        loader.exec_module = exec_module
        return spec


sys.meta_path.insert(0, Patch())
from clinbench.cli import main
main()
"""


class Counting(BaseHTTPRequestHandler):
    """A zero-latency OpenAI-compatible chat endpoint that counts the replies it sent."""

    protocol_version = "HTTP/1.1"
    answered = 0
    lock = threading.Lock()

    def log_message(self, *args):
        pass

    def do_POST(self):  # noqa: N802
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
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
        with self.lock:
            type(self).answered += 1


def memory_mb(pid: int) -> tuple[float, float] | None:
    """Return a process's (resident, peak resident) memory in MB; None once it is gone."""
    found = {}
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith(("VmRSS:", "VmHWM:")):
                    found[line[:5]] = int(line.split()[1]) / 1024
    except OSError:
        return None
    return (found["VmRSS"], found["VmHWM"]) if len(found) == 2 else None


def write_bank(path: Path, n: int) -> Path:
    """Write ``n`` MCQ items (key A) as JSONL; return the path."""
    with path.open("w") as handle:
        for i in range(n):
            handle.write(json.dumps({
                "id": f"q{i:06d}", "format": "mcq", "answer": "A",
                "stem": f"Question {i}: which option is the key of this generated item?",
                "options": {"A": f"alpha {i}", "B": f"beta {i}", "C": f"gamma {i}", "D": "none"},
            }) + "\n")  # fmt: skip
    return path


def measure(tree: Path, bank: Path, n: int, connections: int, work: Path, phases: bool) -> dict:
    """Return the plateau, end peak, whole-run peak (MB), seconds, exit (and phases) of a run."""
    Counting.answered = 0
    code = PHASE_CHILD if phases else "from clinbench.cli import main; main()"
    command = [sys.executable, "-c", code, "run",
               str(bank), "--model", "openai-api/local/m", "--max-connections", str(connections),
               "--log-dir", str(work / "logs"), "--display", "none"]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(tree / "src"), "XDG_DATA_HOME": str(work / "data"),
           "PHASES": ",".join(PHASES), "PHASES_FILE": str(work / "phases.jsonl")}  # fmt: skip
    started = time.perf_counter()
    child = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    trace: list[tuple[int, float]] = []  # (replies answered, RSS MB)
    peak = 0.0
    while child.poll() is None:
        memory = memory_mb(child.pid)
        if memory is not None:
            trace.append((Counting.answered, memory[0]))
            peak = max(peak, memory[1])
        time.sleep(0.1)
    seconds = time.perf_counter() - started
    middle = [r for done, r in trace if 0.25 * n <= done <= 0.75 * n]
    end = [r for done, r in trace if done >= n]
    plateau = statistics.median(middle) if middle else float("nan")
    end_peak = max(end) if end else float("nan")
    records = work / "phases.jsonl"
    calls = [json.loads(line) for line in records.read_text().splitlines()] if phases else []
    return {
        "phases": calls,
        "plateau": plateau,
        "end_peak": end_peak,
        "peak": peak,  # the kernel's high-water mark, read while the child ran
        "seconds": seconds,
        "exit": child.returncode,
        "stderr": child.stderr.read().decode(errors="replace")[-500:] if child.stderr else "",
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=5000)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--before", type=Path, help="root of the clinbench tree to compare")
    parser.add_argument("--repeats", type=int, default=1, help="runs of each tree, in turn")
    parser.add_argument("--phases", action="store_true", help="memory of each step at the end")
    args = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Counting)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    os.environ.update(LOCAL_API_KEY="k", LOCAL_BASE_URL=f"http://127.0.0.1:{server.server_port}/v1")
    trees = ([("before", args.before.resolve())] if args.before else []) + [("after", HERE)]
    with tempfile.TemporaryDirectory(prefix="end_of_run_memory_") as tmp:
        bank = write_bank(Path(tmp) / "bank.jsonl", args.items)
        for label, tree in trees * args.repeats:
            work = Path(tempfile.mkdtemp(dir=tmp))
            r = measure(tree, bank, args.items, args.connections, work, args.phases)
            print(
                f"{label:6} {args.items} samples: plateau {r['plateau']:6.0f} MB, end peak "
                f"{r['end_peak']:6.0f} MB ({r['end_peak'] / r['plateau']:.2f}x the plateau), "
                f"whole-run peak {r['peak']:6.0f} MB, {r['seconds']:6.1f} s, exit {r['exit']}, "
                f"load {os.getloadavg()[0]:.1f}",
                flush=True,
            )
            for call in r["phases"]:
                print(f"        {call['phase']:55} start {call['start']:5.0f} MB, "
                      f"end {call['end']:5.0f} MB, peak {call['peak']:5.0f} MB, "
                      f"{call['s']:6.1f} s")  # fmt: skip
            if r["exit"] != 0:
                print(f"        {r['stderr']}")
    print("target (#32): end peak at most 1.2x the plateau")


if __name__ == "__main__":
    main()
