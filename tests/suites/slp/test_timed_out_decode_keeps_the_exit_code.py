"""A run whose Whisper decodes were abandoned at the time limit ends with its own exit code.

Found with surf29 item 1 (every Whisper decode of a run failing): ``clinbench run
slp_transcription -T pipeline=asr -T asr=whisper:time_limit=0.001`` printed its tables and
its error line, then died in a segmentation fault (exit 139; under pytest, ``terminate
called without an active exception``, 134) in 5 of 6 tries, never with the exit code 3 the
errors call for: the abandoned decode was still inside CTranslate2 when the interpreter freed
the model. The process now waits for it at exit (``whisper_asr._finish_abandoned_decodes``).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

CLINBENCH = [sys.executable, "-c", "from clinbench.cli import main; main()"]


def test_the_run_exits_3_not_in_a_crash(tmp_path: Path):
    done = subprocess.run(
        [*CLINBENCH, "run", "slp_transcription", "--limit", "3", "-T", "pipeline=asr",
         "-T", "asr=whisper:time_limit=0.001", "--log-dir", str(tmp_path / "logs"),
         "--display", "none"],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert done.returncode == 3, (done.returncode, done.stderr[-2000:])
    assert "3 of 3 samples ended in error" in done.stderr
    assert "terminate called" not in done.stderr
