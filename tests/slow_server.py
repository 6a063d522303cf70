"""A slow local OpenAI-compatible server for tests of stopped, killed and resumed runs.

:class:`SlowChat` answers every MCQ prompt with ``ANSWER: A`` after ``delay`` seconds and
records, per ``phase`` (the test names them: "first run", "resume" ...), which items were
asked and when each was answered. With ``hold_after`` set, the requests of the phase
"first run" beyond that many wait until ``release`` is set, so a test can stop the client
with a known set of replies in hand however loaded the machine is. The ``slow_server``
fixture (tests/conftest.py) starts it on 127.0.0.1 for one test, with a fresh handler class.
"""

from __future__ import annotations

import json
import re
import sys
import threading
import time
from pathlib import Path

from tests.local_openai import OpenAIHandler

CLINBENCH = [sys.executable, "-c", "from clinbench.cli import main; main()"]
ITEM_ID = re.compile(r"\bq\d{3,}\b")


class SlowChat(OpenAIHandler):
    """Answers 'ANSWER: A' after ``delay`` seconds; records asked and answered items by phase."""

    delay = 0.3
    hold_after: int | None = None
    lock = threading.Lock()
    phase = "first run"
    asked: dict[str, list[str]] = {}
    answered: list[tuple[float, str, str]] = []  # (monotonic time, phase, item)
    release = threading.Event()

    @classmethod
    def reset(cls, delay: float = 0.3, hold_after: int | None = None) -> None:
        """Set the delay and hold, and forget what was asked (a fresh state for a test)."""
        cls.delay, cls.hold_after = delay, hold_after
        cls.lock = threading.Lock()
        cls.phase, cls.asked, cls.answered = "first run", {}, []
        cls.release = threading.Event()

    @classmethod
    def answered_in(cls, phase: str | None = None) -> list[str]:
        """Return the items answered (in ``phase``, else in any), in the order answered."""
        with cls.lock:
            return [item for _, p, item in cls.answered if phase is None or p == phase]

    def reply(self, body: dict) -> str:
        cls = type(self)
        found = ITEM_ID.search(json.dumps(body["messages"]))
        item = found.group(0) if found else "?"
        with cls.lock:
            phase = cls.phase
            cls.asked.setdefault(phase, []).append(item)
            held = (
                cls.hold_after is not None
                and phase == "first run"
                and len(cls.asked[phase]) > cls.hold_after
            )
        if held:
            cls.release.wait(timeout=120)
        time.sleep(cls.delay)
        with cls.lock:
            if cls.phase == phase:
                cls.answered.append((time.monotonic(), phase, item))
        return "ANSWER: A"

    def send_json(self, payload: dict) -> None:
        try:
            super().send_json(payload)
        except (BrokenPipeError, ConnectionResetError):  # the client went away mid-reply
            pass


def mcq_bank(path: Path, n: int) -> Path:
    """Write ``n`` MCQ items whose key is A (ids q000, q001 ...); return the path."""
    width = max(3, len(str(n - 1)))
    with path.open("w") as f:
        for i in range(n):
            item_id = f"q{i:0{width}d}"
            item = {"id": item_id, "format": "mcq", "stem": f"Question {item_id}: pick A.",
                    "options": {"A": "yes", "B": "no"}, "answer": "A"}  # fmt: skip
            f.write(json.dumps(item) + "\n")
    return path


def wait_until(condition, process, timeout: float = 120, what: str = "the condition") -> None:
    """Poll ``condition()`` every 10 ms until it holds; fail if ``process`` ends first."""
    deadline = time.monotonic() + timeout
    while not condition():
        if process.poll() is not None:
            raise AssertionError(f"the command ended before {what}: exit {process.returncode}")
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} never happened within {timeout} s")
        time.sleep(0.01)
