"""A reviewer link made with the default port names the port `audit serve` actually uses."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from clinbench.audit.links import LINKS_FILE, read_links
from clinbench.audit.sampling import DB_FILE
from clinbench.audit.store import AuditStore
from clinbench.cli.audit_commands import app
from tests.audit.audit_support import free_port, make_audit

runner = CliRunner()


def test_serving_on_another_port_rewrites_the_links_it_keeps(
    tmp_path: Path, results_file: Path, monkeypatch: pytest.MonkeyPatch
):
    import uvicorn

    out = make_audit(tmp_path, results_file, n=4, calibration=0)
    added = runner.invoke(app, ["add-reviewer", str(out), "ann"])
    assert added.exit_code == 0, added.output
    printed = added.stdout.strip()
    assert ":8765/" in printed
    assert "port 8765" in added.stderr and "--port" in added.stderr  # says whose port it is
    port = free_port()
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, *a, **k: None)  # announce only
    served = runner.invoke(app, ["serve", str(out), "--port", str(port)])
    assert served.exit_code == 0, served.output
    (row,) = read_links(out)
    assert row["link"].startswith(f"http://127.0.0.1:{port}/?token=")
    assert "1 reviewer link(s) named another port" in served.output
    assert str(out / LINKS_FILE) in served.output
    token = row["link"].split("token=")[1]
    assert token == printed.split("token=")[1]  # the same person, the same token
    assert AuditStore(out / DB_FILE).reviewer_by_token(token)["name"] == "ann"
    again = runner.invoke(app, ["serve", str(out), "--port", str(port)])
    assert "named another port" not in again.output  # nothing to move the second time


def test_a_link_keeps_the_host_its_maker_gave(tmp_path: Path, results_file: Path):
    from clinbench.audit.links import point_links_at

    out = make_audit(tmp_path, results_file, n=4, calibration=0)
    runner.invoke(app, ["add-reviewer", str(out), "ann", "--host", "audit.example.org"])
    assert point_links_at(out, 9100) == 1  # the server binds 0.0.0.0; reviewers use the name
    (row,) = read_links(out)
    assert row["link"].startswith("http://audit.example.org:9100/?token=")
