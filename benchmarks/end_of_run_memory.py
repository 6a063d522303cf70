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

``--before`` is the root of another clinbench source tree (e.g. ``git archive main src``
unpacked); the tree this file sits in is always measured ("after").

Measured on the shared 2-core machine, 5,000 samples, 32 connections, before = main 993f91e:
before plateau 354 MB, end peak 415 MB (1.17x), load 9.0; after (runpath branch) plateau
288 MB, end peak 369 MB (1.28x), load 4.3. The end rise was about 80 MB at 2,000 and 5,000:
pandas and pyarrow, now imported only for the results table, and the table itself.
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
from http.server import ThreadingHTTPServer
from pathlib import Path

from throughput import Latency

HERE = Path(__file__).resolve().parents[1]


class Counting(Latency):
    """Latency's replies, counted."""

    answered = 0
    lock = threading.Lock()

    def do_POST(self):  # noqa: N802
        super().do_POST()
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


def measure(tree: Path, bank: Path, n: int, connections: int, work: Path) -> dict:
    """Return the plateau, end peak, whole-run peak (MB), seconds and exit of one run."""
    Counting.answered = 0
    command = [sys.executable, "-c", "from clinbench.cli import main; main()", "run",
               str(bank), "--model", "openai-api/local/m", "--max-connections", str(connections),
               "--log-dir", str(work / "logs"), "--display", "none"]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(tree / "src"), "XDG_DATA_HOME": str(work / "data")}
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
    return {
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
    args = parser.parse_args()
    Latency.latency = 0.0
    server = ThreadingHTTPServer(("127.0.0.1", 0), Counting)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    os.environ.update(LOCAL_API_KEY="k", LOCAL_BASE_URL=f"http://127.0.0.1:{server.server_port}/v1")
    trees = ([("before", args.before.resolve())] if args.before else []) + [("after", HERE)]
    with tempfile.TemporaryDirectory(prefix="end_of_run_memory_") as tmp:
        bank = write_bank(Path(tmp) / "bank.jsonl", args.items)
        for label, tree in trees:
            r = measure(tree, bank, args.items, args.connections, Path(tempfile.mkdtemp(dir=tmp)))
            print(
                f"{label:6} {args.items} samples: plateau {r['plateau']:6.0f} MB, end peak "
                f"{r['end_peak']:6.0f} MB ({r['end_peak'] / r['plateau']:.2f}x the plateau), "
                f"whole-run peak {r['peak']:6.0f} MB, {r['seconds']:6.1f} s, exit {r['exit']}, "
                f"load {os.getloadavg()[0]:.1f}",
                flush=True,
            )
            if r["exit"] != 0:
                print(f"        {r['stderr']}")
    print("target (#32): end peak at most 1.2x the plateau")


if __name__ == "__main__":
    main()
