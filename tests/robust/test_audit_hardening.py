"""The audit's database is owner-only, and `audit serve` on a busy port is one line, exit 2."""

from __future__ import annotations

import json
import os
import socket
import stat

from typer.testing import CliRunner

from clinbench.audit.store import AuditStore
from clinbench.cli import _mount, app

_mount()


def test_the_audit_database_and_its_journal_are_owner_only(tmp_path):
    old = os.umask(0o022)  # a usual umask: plain files would be world-readable
    try:
        store = AuditStore(tmp_path / "audit.sqlite")
        store.add_reviewer("alice")
    finally:
        os.umask(old)
    for path in tmp_path.iterdir():
        assert stat.S_IMODE(path.stat().st_mode) & 0o077 == 0, (path.name, oct(path.stat().st_mode))


def test_serve_on_a_busy_port_is_one_line_and_exit_2(tmp_path):
    (tmp_path / "audit.json").write_text(json.dumps({}))  # the port is checked first
    busy = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    busy.bind(("127.0.0.1", 0))
    busy.listen(1)
    port = busy.getsockname()[1]
    try:
        result = CliRunner().invoke(app, ["audit", "serve", str(tmp_path), "--port", str(port)])
    finally:
        busy.close()
    assert result.exit_code == 2, result.output
    assert "Serving" not in result.output
    assert result.output.strip().splitlines() == [
        f"error: cannot serve on 127.0.0.1:{port}: the port is in use (Address already in use)"
    ]
