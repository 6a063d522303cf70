"""Every file the audit area writes is owner-only (0600) and every folder it makes 0700.

The audit folder holds reviewers' labels, the answer key and the model replies under review;
its report and exports carry the same. A usual umask (022) would leave them readable by
every user of the machine; the README promises owner-only.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from clinbench.audit.agreement_report import audit_report
from clinbench.audit.human_baseline import export_baseline
from clinbench.audit.labels import validate_label
from clinbench.audit.sampling import DB_FILE, load_key, load_manifest
from clinbench.audit.store import AuditStore
from tests.audit.audit_support import make_audit


@pytest.fixture
def usual_umask():
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def _open_to_others(root: Path) -> list[str]:
    """Return 'path mode' of everything under root (root too) that others could read."""
    found = []
    for path in [root, *root.rglob("*")]:
        mode = stat.S_IMODE(path.lstat().st_mode)
        want = 0o700 if path.is_dir() else 0o600
        if mode != want:
            found.append(f"{path.relative_to(root.parent)} {oct(mode)}")
    return found


def _label_everything(audit: Path) -> None:
    store = AuditStore(audit / DB_FILE)
    ids = list(load_key(audit)["audit_id"])
    for name, grade in (("ann", "C"), ("ben", "C")):
        person = store.reviewer_by_token(store.add_reviewer(name))
        for audit_id in ids:
            label, problems = validate_label(grade, False, None, "")
            assert not problems
            store.save_label(person["id"], audit_id, label)
        assert store.submit_set(person["id"], ids)


def test_an_audit_folder_and_its_report_are_owner_only(usual_umask, tmp_path, results_file):
    audit = make_audit(tmp_path, results_file, n=8, calibration=2, strata=("question",))
    _label_everything(audit)
    out = tmp_path / "shared" / "report"  # a folder the command makes (and its parent)
    written = audit_report(audit, out, n_boot=20)
    assert written and all(p.parent == out for p in written)
    assert _open_to_others(audit) == []
    assert _open_to_others(out) == []
    assert _open_to_others(tmp_path / "shared") == []


def test_a_report_into_an_existing_folder_keeps_that_folder_as_it_was(
    usual_umask, tmp_path, results_file
):
    audit = make_audit(tmp_path, results_file, n=8, calibration=2, strata=("question",))
    _label_everything(audit)
    out = tmp_path / "mine"
    out.mkdir(mode=0o755)
    os.chmod(out, 0o755)
    written = audit_report(audit, out, n_boot=20)
    assert stat.S_IMODE(out.stat().st_mode) == 0o755  # not ours to change
    assert [p.name for p in written if stat.S_IMODE(p.stat().st_mode) != 0o600] == []


def test_a_baseline_audit_and_its_export_are_owner_only(usual_umask, tmp_path, results_file):
    audit = make_audit(tmp_path, results_file, n=4, calibration=0, mode="baseline")
    store = AuditStore(audit / DB_FILE)
    person = store.reviewer_by_token(store.add_reviewer("ann"))
    _, items = load_manifest(audit)
    for item in items:
        answers = {q["id"]: "mild loss, left ear" for q in item["questions"]}
        store.save_answers(person["id"], item["audit_id"], answers)
    questions = {item["audit_id"]: [q["id"] for q in item["questions"]] for item in items}
    assert store.submit_set(person["id"], list(questions), questions)
    report = audit_report(audit, tmp_path / "baseline-report", n_boot=20)
    assert report
    export_baseline(audit, tmp_path / "answers.csv", model_name="human-01")
    assert _open_to_others(audit) == []
    assert _open_to_others(tmp_path / "baseline-report") == []
    assert stat.S_IMODE((tmp_path / "answers.csv").stat().st_mode) == 0o600
