"""The label form pre-selects nothing and the server refuses an unanswered label; reviewer
links are kept and can be re-issued; `audit serve` says where it is and when it is ready
(issue 17, item 4)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from clinbench.audit.labels import validate_label
from clinbench.audit.links import LINKS_FILE, read_links
from clinbench.audit.sampling import DB_FILE
from clinbench.audit.store import AuditStore
from clinbench.cli.audit_commands import app as audit_cli
from tests.audit.audit_support import LiveServer, free_port, make_audit

runner = CliRunner()


@pytest.fixture
def audit(tmp_path: Path, results_file: Path) -> Path:
    return make_audit(tmp_path, results_file, n=4, calibration=0)


def test_an_unanswered_critical_error_flag_is_refused_not_taken_as_no():
    for unanswered in (None, "", "  "):
        label, errors = validate_label("B", unanswered, None, "")
        assert label is None and "critical_error" in errors
    assert validate_label("B", "0", None, "")[0].critical_error is False


def test_the_server_refuses_to_save_until_every_label_is_chosen(audit: Path):
    store = AuditStore(audit / DB_FILE)
    token = store.add_reviewer("alice")
    me = store.reviewer_by_token(token)["id"]
    with LiveServer(audit) as server:
        auth = {"Authorization": f"Bearer {token}"}
        with httpx.Client(base_url=server.url, headers=auth) as c:
            csrf = c.get("/api/session").json()["csrf_token"]
            page = c.get("/items/S01").text  # nothing chosen on a fresh item
            assert not re.search(r'name="critical_error" value="[01]" checked', page)
            assert not re.search(r'name="grade" value="[A-F]" checked', page)
            assert re.search(r'name="critical_error" value="0"[^>]*required', page)
            grade_only = c.post("/items/S01", data={"grade": "B", "csrf_token": csrf})
            assert grade_only.status_code == 422 and "critical_error" in grade_only.text
            assert not re.search(r'name="critical_error" value="[01]" checked', grade_only.text)
            flag_only = c.post("/items/S01", data={"critical_error": "0", "csrf_token": csrf})
            assert flag_only.status_code == 422 and "grade" in flag_only.text
            api = c.post("/api/items/S01/label", json={"grade": "B", "rationale": ""},
                         headers={"X-CSRF-Token": csrf})  # fmt: skip
            assert api.status_code == 422 and "critical_error" in api.json()["errors"]
            assert store.label(me, "S01") is None
            both = {"grade": "B", "critical_error": "0", "csrf_token": csrf}
            assert c.post("/items/S01", data=both).status_code == 303
            assert store.label(me, "S01")["grade"] == "B"
            again = c.get("/items/S01").text  # her own saved answer is shown back
            assert re.search(r'name="critical_error" value="0" checked', again)


def test_links_are_kept_owner_only_and_can_be_reissued(audit: Path):
    links = [runner.invoke(audit_cli, ["add-reviewer", str(audit), who]) for who in ("ann", "ben")]
    assert all(result.exit_code == 0 for result in links)
    first = [result.stdout.strip() for result in links]  # the port note is on stderr
    kept = read_links(audit)
    assert [row["link"] for row in kept] == first and [r["role"] for r in kept] == ["reviewer"] * 2
    assert (audit / LINKS_FILE).stat().st_mode & 0o077 == 0
    store = AuditStore(audit / DB_FILE)
    ann_id = store.reviewer_by_token(first[0].split("token=")[1])["id"]
    store.save_label(ann_id, "S01", validate_label("A", "0", None, "")[0])
    again = runner.invoke(audit_cli, ["reviewer-links", str(audit), "ann", "--port", "9100"])
    assert again.exit_code == 0, again.output
    new_link = re.search(r"ann \(reviewer\): (\S+)", again.output).group(1)
    assert new_link.startswith("http://127.0.0.1:9100/?token=") and new_link != first[0]
    assert store.reviewer_by_token(first[0].split("token=")[1]) is None  # the old link is dead
    assert store.reviewer_by_token(new_link.split("token=")[1])["id"] == ann_id
    assert store.label(ann_id, "S01")["grade"] == "A"  # her work is kept
    rows = {row["name"]: row["link"] for row in read_links(audit)}
    assert rows == {"ann": new_link, "ben": first[1]}
    everyone = runner.invoke(audit_cli, ["reviewer-links", str(audit)])
    assert everyone.exit_code == 0 and everyone.output.count("(reviewer): http") == 2
    unknown = runner.invoke(audit_cli, ["reviewer-links", str(audit), "zed"])
    assert unknown.exit_code == 2 and "zed" in unknown.output


def test_serve_prints_the_url_the_links_file_and_a_ready_line(audit: Path):
    runner.invoke(audit_cli, ["add-reviewer", str(audit), "ann"])
    link = read_links(audit)[0]["link"]
    port = free_port()
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, "-c", "from clinbench.cli import main; main()", "audit", "serve",
               str(audit), "--port", str(port)]  # fmt: skip
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env
    )
    lines: list[str] = []
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            line = process.stdout.readline()
            if not line:
                break
            lines.append(line.rstrip())
            if line.startswith("Ready:"):
                break
        text = "\n".join(lines)
        url = f"http://127.0.0.1:{port}/"
        assert f"at {url}" in text and str(audit / LINKS_FILE) in text, text
        assert lines and lines[-1].startswith(f"Ready: {url}"), text
        # Ready means ready: the app answers at once.
        assert httpx.get(url).status_code == 401
        token = link.split("token=")[1]
        assert httpx.get(url, params={"token": token}).status_code == 303
    finally:
        process.terminate()
        process.wait(timeout=20)
