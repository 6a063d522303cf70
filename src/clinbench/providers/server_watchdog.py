"""Run a command; end it when the process that started this watchdog is gone.

``python server_watchdog.py FD COMMAND...`` (run by its path: it imports nothing of
clinbench). ``FD`` is the read end of a pipe whose write end only the starting process holds
(:func:`clinbench.providers.local_server.start_server`); when that process ends, however it
ends (SIGTERM, SIGKILL, a crash), its end closes and a read here gets end-of-file. The
watchdog then stops COMMAND (SIGTERM, SIGKILL after the grace) and exits. It also ends when
COMMAND does (with its exit code), and on SIGTERM stops COMMAND first, so that signalling the
process group (``clinbench local stop``) ends both. The watchdog is the group's leader; COMMAND
runs in its group, its output where the watchdog's goes.
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys

GRACE = 10.0  # seconds between SIGTERM and SIGKILL, as clinbench local stop gives


def _end(child: subprocess.Popen) -> None:
    if child.poll() is not None:
        return
    child.terminate()
    try:
        child.wait(GRACE)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()


def main(argv: list[str]) -> int:
    fd, command = int(argv[1]), argv[2:]
    child = subprocess.Popen(command, stdin=subprocess.DEVNULL)  # noqa: S603 - the starter's

    def stopped(signum: int, _frame: object) -> None:
        _end(child)
        os._exit(128 + signum)

    signal.signal(signal.SIGTERM, stopped)
    signal.signal(signal.SIGHUP, stopped)
    while child.poll() is None:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready and not os.read(fd, 1):  # end-of-file: the starting process is gone
            _end(child)
            return 0
    code = child.returncode
    return code if code >= 0 else 128 - code  # killed by a signal: 128 + its number


if __name__ == "__main__":
    sys.exit(main(sys.argv))
