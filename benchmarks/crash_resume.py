"""Crash and resume figures: SIGKILL `clinbench run` mid-way, `clinbench resume`, count.

A local OpenAI-compatible server (127.0.0.1, a set latency per reply) records which item each
request asks and when each reply went out. The run is killed with SIGKILL once
``--kill-after`` replies are out, then resumed; the script prints: replies out before the
kill, requests in flight at the kill, requests on resume, items asked again (re-queried),
items missing from the exported table (lost), duplicated rows, and the rows a naive export
of every log would have had.

    python benchmarks/crash_resume.py [--items 300] [--delay 0.05] [--connections 10]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import clinbench

PACKAGE = Path(clinbench.__file__).parent
ITEM_ID = re.compile(r"\bq\d{4}\b")
STATE = {"phase": "run", "asked": {"run": [], "resume": []}, "answered": []}
LOCK = threading.Lock()


class Slow(BaseHTTPRequestHandler):
    """Chat completions after a fixed delay, with token usage set."""

    delay = 0.05

    def log_message(self, *args):
        pass

    def do_POST(self):  # noqa: N802
        try:
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        except (ValueError, ConnectionResetError):  # the client died while sending
            return
        item = ITEM_ID.search(json.dumps(body["messages"])).group(0)
        with LOCK:
            phase = STATE["phase"]
            STATE["asked"][phase].append(item)
        time.sleep(self.delay)
        reply = {
            "id": "x", "object": "chat.completion", "created": 0, "model": body["model"],
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": "ANSWER: A"}}],
            "usage": {"prompt_tokens": 40, "completion_tokens": 3, "total_tokens": 43},
        }  # fmt: skip
        data = json.dumps(reply).encode()
        try:
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            return
        with LOCK:
            if STATE["phase"] == phase:
                STATE["answered"].append(item)


def main() -> None:
    """Print the crash-resume figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=300)
    parser.add_argument("--delay", type=float, default=0.05)
    parser.add_argument("--connections", type=int, default=10)
    parser.add_argument("--kill-after", type=int, default=None, help="default: half the items")
    args = parser.parse_args()
    kill_after = args.kill_after or args.items // 2
    Slow.delay = args.delay
    server = ThreadingHTTPServer(("127.0.0.1", 0), Slow)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        items = folder / "items.jsonl"
        with items.open("w") as f:
            for i in range(args.items):
                item = {"id": f"q{i:04d}", "format": "mcq", "stem": f"Question q{i:04d}: pick A.",
                        "options": {"A": "yes", "B": "no"}, "answer": "A"}  # fmt: skip
                f.write(json.dumps(item) + "\n")
        env = {**os.environ, "PYTHONPATH": str(PACKAGE.parent), "LOCAL_API_KEY": "k",
               "LOCAL_BASE_URL": f"http://127.0.0.1:{server.server_port}/v1",
               "XDG_DATA_HOME": str(folder / "data")}  # fmt: skip
        clinbench_cmd = [sys.executable, "-c", "from clinbench.cli import main; main()"]
        logs = folder / "logs"
        started = time.perf_counter()
        run = subprocess.Popen(
            [*clinbench_cmd, "run", str(items), "--model", "openai-api/local/slow",
             "--max-connections", str(args.connections), "--log-dir", str(logs),
             "--display", "none", "-M", "max_retries=0"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        while True:
            with LOCK:
                if len(STATE["answered"]) >= kill_after:
                    os.kill(run.pid, signal.SIGKILL)
                    STATE["phase"] = "resume"
                    answered = set(STATE["answered"])
                    asked = set(STATE["asked"]["run"])
                    break
            if run.poll() is not None:
                sys.exit("the run finished before the kill; use more items or more delay")
            time.sleep(0.002)
        run.wait()
        killed_at = time.perf_counter() - started
        resumed = subprocess.run(
            [*clinbench_cmd, "resume", str(logs), "--display", "none", "--out",
             str(folder / "results.csv"), "--format", "csv"],
            env=env, capture_output=True, text=True,
        )  # fmt: skip
        if resumed.returncode != 0:
            sys.exit(resumed.stderr[-2000:])
        from inspect_ai.log import list_eval_logs, read_eval_log

        from clinbench.results.export import results_table

        frame = results_table(logs, on_skip=lambda _m: None)
        naive = sum(len(read_eval_log(i.name).samples or []) for i in list_eval_logs(str(logs)))
    again = STATE["asked"]["resume"]
    in_flight = asked - answered
    lost = {f"q{i:04d}" for i in range(args.items)} - set(frame["item_id"])
    duplicated = int(frame.duplicated(["task", "model", "item_id", "epoch", "scorer"]).sum())
    figures = [
        ("items", args.items),
        ("killed after (s)", round(killed_at, 1)),
        ("replies out before the kill", len(answered)),
        ("requests in flight at the kill", len(in_flight)),
        ("requests on resume", len(again)),
        ("re-queried (asked before and again)", len(set(again) & asked)),
        ("  of which replied to before the kill", len(set(again) & answered)),
        ("lost (missing from the table)", len(lost)),
        ("duplicated rows", duplicated),
        ("rows exported", len(frame)),
        ("rows if every log were exported", naive),
    ]
    for label, value in figures:
        print(f"{label:<40} {value:>8}")


if __name__ == "__main__":
    main()
