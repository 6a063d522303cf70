"""Paper maps: every row has a command (or says 'not yet'), the README shows the same rows,
and every listed command runs on the bundled samples (the offline demo's results table)."""

from __future__ import annotations

import shlex
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from clinbench.suites import SUITES_DIR
from clinbench.suites.paper_map import (
    paper_map_counts,
    paper_map_markdown,
    read_paper_map,
    readme_block,
)

SUITES = ("audiology", "ausclin", "slp")


@pytest.mark.parametrize("suite", SUITES)
def test_every_row_has_a_command_or_says_not_yet(suite):
    rows = read_paper_map(suite)["rows"]
    for row in rows:
        assert bool(row.get("command")) != bool(row.get("not_yet")), row
    counts = paper_map_counts(suite)
    assert counts["built"] + counts["not yet"] == counts["rows"] == len(rows)


@pytest.mark.parametrize("suite", SUITES)
def test_readme_renders_the_map(suite):
    readme = (SUITES_DIR / suite / "README.md").read_text(encoding="utf-8")
    assert readme_block(readme) == paper_map_markdown(suite)


@pytest.mark.parametrize("suite", SUITES)
def test_no_row_is_left_without_a_command(suite):
    # issue 28: every table and figure of the three papers has a command (SLPHelm's Figure 3
    # by `clinbench slp finetune-gain`)
    missing = [row["ref"] for row in read_paper_map(suite)["rows"] if row.get("not_yet")]
    assert missing == []


def test_a_row_without_command_is_refused(tmp_path, monkeypatch):
    import clinbench.suites.paper_map as pm

    (tmp_path / "x").mkdir()
    (tmp_path / "x" / pm.MAP_FILE).write_text("rows:\n  - ref: Table 1\n    shows: counts\n")
    monkeypatch.setattr(pm, "SUITES_DIR", tmp_path)
    with pytest.raises(ValueError, match=r"rows\[0\]: command, not_yet"):
        pm.read_paper_map("x")


@pytest.fixture(scope="module")
def demo_results(tmp_path_factory):
    """The offline demo's results table (every suite's bundled samples)."""
    from clinbench.demo_runner import run_demo

    out = tmp_path_factory.mktemp("demo")
    return run_demo(out).results_path


@pytest.fixture(scope="module")
def labelled_audit(tmp_path_factory):
    """An audit folder sampled from graded case replies, labelled by three reviewers."""
    from clinbench.audit.labels import GRADES, validate_label
    from clinbench.audit.sampling import DB_FILE, load_key
    from clinbench.audit.store import AuditStore
    from clinbench.results import write_results
    from tests.audit.audit_support import make_audit, make_results

    folder = tmp_path_factory.mktemp("audit")
    results = write_results(make_results(folder), folder / "results.parquet")
    audit = make_audit(folder, results, n=24, calibration=6, strata=("question", "grade"))
    store = AuditStore(audit / DB_FILE)
    people = [store.reviewer_by_token(store.add_reviewer(n)) for n in ("ann", "ben", "cy")]
    rng = np.random.default_rng(3)
    key = load_key(audit)
    for _, k in key.iterrows():
        base = GRADES.index(k["adjudicator_grade"])
        for person in people:
            grade = GRADES[int(np.clip(base + rng.integers(-1, 2), 0, 4))]
            flag = bool(grade in "DF" and rng.random() < 0.5)
            label, _ = validate_label(grade, flag, "severity_misclassification" if flag else None,
                                      "noted")  # fmt: skip
            store.save_label(person["id"], k["audit_id"], label)
    for person in people:
        store.submit_set(person["id"], list(key["audit_id"]))
    return audit


@pytest.fixture(scope="module")
def reference_audit(tmp_path_factory):
    """A short-answer reference audit (judged SA replies), labelled by two reviewers."""
    from clinbench.audit.labels import REFERENCE_LABELS, validate_reference_label
    from clinbench.audit.sampling import DB_FILE, load_key
    from clinbench.audit.store import AuditStore
    from clinbench.cli.audit_commands import app as audit_app
    from tests.audit.audit_support import make_sa_results

    folder = tmp_path_factory.mktemp("reference")
    results, bank = make_sa_results(folder)
    out = folder / "audit"
    made = CliRunner().invoke(audit_app, [
        "sample", str(results), "--items", str(bank), "--mode", "reference", "--n", "12",
        "--calibration", "0", "--seed", "1", "--out", str(out),
    ])  # fmt: skip
    assert made.exit_code == 0, made.output
    store = AuditStore(out / DB_FILE)
    rng = np.random.default_rng(6)
    for name in ("ann", "ben"):
        person = store.reviewer_by_token(store.add_reviewer(name))
        for audit_id in load_key(out)["audit_id"]:
            choice = str(rng.choice(REFERENCE_LABELS, p=[0.7, 0.2, 0.05, 0.05]))
            label, _ = validate_reference_label(choice, bool(rng.random() < 0.5), "checked")
            store.save_label(person["id"], audit_id, label)
    return out


def test_every_listed_command_runs_on_the_bundled_samples(
    demo_results, labelled_audit, reference_audit, tmp_path
):
    from clinbench.cli import _mount, app

    _mount()
    runner = CliRunner()
    done: dict[str, str] = {}
    ran = 0
    for suite in SUITES:
        for row in read_paper_map(suite)["rows"]:
            if not row.get("command"):
                continue
            if row.get("tested_by"):  # needs live models: its own test runs it end to end
                test_file = Path(__file__).resolve().parents[2] / row["tested_by"]
                subcommand = shlex.split(row["command"])[2]
                assert subcommand in test_file.read_text(encoding="utf-8"), (suite, row["ref"])
                continue
            line = row["command"].format(
                results=demo_results, audit=labelled_audit, out=tmp_path,
                reference_audit=reference_audit, suite_dir=SUITES_DIR / suite,
            )  # fmt: skip
            if line not in done:
                args = shlex.split(line)
                assert args[0] == "clinbench"
                result = runner.invoke(app, args[1:])
                assert result.exit_code == 0, (suite, row["ref"], result.output[:3000])
                done[line] = result.output
                ran += 1
            if row.get("section"):
                text = done[line]
                if "report.html" in line:
                    text = Path(tmp_path / "report.html").read_text(encoding="utf-8")
                assert row["section"] in text, (suite, row["ref"], row["section"])
            if row.get("output"):
                written = list(Path(tmp_path).rglob("*" + row["output"]))
                assert written, (suite, row["ref"], row["output"])
    assert ran >= 10
