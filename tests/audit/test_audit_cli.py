"""The audit command line: the whole workflow from a results file, and clear input errors."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from clinbench.audit.sampling import DB_FILE
from clinbench.audit.store import AuditStore
from clinbench.cli.audit_commands import app

runner = CliRunner()


def _items(results: Path) -> str:
    return str(results.parent / "items" / "cases.jsonl")


def test_sample_add_reviewers_and_report(tmp_path: Path, results_file: Path):
    out = tmp_path / "audit"
    result = runner.invoke(
        app,
        ["sample", str(results_file), "--items", _items(results_file), "--n", "12", "--seed", "4",
         "--strata", "question,grade", "--calibration", "3", "--out", str(out)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Sampled 12 of 108 replies" in result.output
    assert {p.name for p in out.iterdir()} >= {"audit.json", "items.jsonl", "key.csv", "media"}
    links = []
    for name in ("ann", "ben"):
        added = runner.invoke(app, ["add-reviewer", str(out), name, "--port", "9001"])
        assert added.exit_code == 0
        links.append(added.stdout.strip())  # the note goes to stderr
    assert all(re.fullmatch(r"http://127\.0\.0\.1:9001/\?token=[\w-]{40,}", link) for link in links)
    again = runner.invoke(app, ["add-reviewer", str(out), "ann"])
    assert again.exit_code == 2 and "already exists" in again.output
    empty = runner.invoke(app, ["report", str(out)])
    assert empty.exit_code == 2 and "no labels" in empty.output
    store = AuditStore(out / DB_FILE)
    from clinbench.audit.labels import validate_label
    from clinbench.audit.sampling import load_key

    for link in links:
        reviewer = store.reviewer_by_token(link.split("token=")[1])
        for audit_id in load_key(out)["audit_id"]:
            store.save_label(reviewer["id"], audit_id, validate_label("B", False, None, "")[0])
    report = runner.invoke(app, ["report", str(out), "--n-boot", "100"])
    assert report.exit_code == 0, report.output
    assert (out / "report" / "summary.json").exists() and "labels.csv" in report.output
    baseline = runner.invoke(
        app, ["export-baseline", str(out), "--out", str(tmp_path / "h.csv"), "--model-name", "h1"]
    )
    assert baseline.exit_code == 2 and "not a baseline audit" in baseline.output
    assert not (tmp_path / "h.csv").exists()


def test_bad_input_exits_2_and_writes_nothing(tmp_path: Path, results_file: Path):
    out = tmp_path / "never"

    def sample(*args: str):
        return runner.invoke(app, ["sample", *args, "--out", str(out)])

    missing = sample(str(tmp_path / "nope.csv"), "--items", _items(results_file))
    assert missing.exit_code == 2 and "nope.csv" in missing.output
    bad_mode = sample(str(results_file), "--mode", "sideways")
    assert bad_mode.exit_code == 2 and "--mode" in bad_mode.output
    bad_column = sample(
        str(results_file), "--strata", "question,ward", "--items", _items(results_file)
    )
    assert bad_column.exit_code == 2 and "ward: column missing" in bad_column.output
    too_many = sample(str(results_file), "--n", "500", "--items", _items(results_file))
    assert too_many.exit_code == 2 and "500" in too_many.output
    no_items = sample(str(results_file), "--n", "5")
    assert no_items.exit_code == 2 and "--items" in no_items.output
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"id": "x", "format": "case"}\n')
    bad_items = sample(str(results_file), "--items", str(broken))
    assert bad_items.exit_code == 2 and "broken.jsonl:1" in bad_items.output
    assert not out.exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".never")] == []
    not_audit = runner.invoke(app, ["serve", str(tmp_path)])
    assert not_audit.exit_code == 2 and "not an audit folder" in not_audit.output


def test_serve_binds_loopback_by_default():
    help_text = runner.invoke(app, ["serve", "--help"]).output
    assert "127.0.0.1" in help_text


def test_report_with_one_reviewer_says_how_to_add_the_second(tmp_path: Path, results_file: Path):
    """Found in real use: with one reviewer's labels, `audit report` said only 'agreement needs
    labels from at least two reviewers', not who has labelled or what to do next."""
    from clinbench.audit.labels import validate_label
    from clinbench.audit.sampling import load_key
    from tests.audit.audit_support import make_audit

    audit = make_audit(tmp_path, results_file, n=3, calibration=0)
    store = AuditStore(audit / DB_FILE)
    alice = store.reviewer_by_token(store.add_reviewer("alice"))
    label, errors = validate_label("B", False, None, "")
    assert not errors
    for audit_id in load_key(audit)["audit_id"]:
        store.save_label(alice["id"], audit_id, label)
    result = runner.invoke(app, ["report", str(audit)])
    assert result.exit_code == 2
    assert "labels so far: alice" in result.output, result.output
    assert f"clinbench audit add-reviewer {audit} NAME" in result.output, result.output


def test_sample_of_zero_items_names_the_option(tmp_path: Path, results_file: Path):
    """`audit sample --n 0` said '<results file>: n must be at least 1', blaming the file."""
    out = tmp_path / "audit"
    result = runner.invoke(
        app,
        [
            "sample",
            str(results_file),
            "--items",
            _items(results_file),
            "--n",
            "0",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 2
    assert "--n" in result.output and f"{results_file}:" not in result.output, result.output
    assert not out.exists()


def _suite_case_results(tmp_path: Path) -> Path:
    """Graded replies to the audiology suite's shipped cases, as `results export` writes them
    (item_metadata holds the item's metadata, not the item)."""
    import pandas as pd

    from tests.audit.audit_support import make_results

    table = make_results(tmp_path, n_cases=3)
    ids = {f"case-{c:03d}": f"aud-case-{c + 1:03d}" for c in range(3)}
    table = table.assign(
        suite="audiology", task="audiology_cases", item_id=table["item_id"].map(ids),
        item_metadata='{"standard": "who2021"}',
    )  # fmt: skip
    path = tmp_path / "suite_results.csv"
    pd.DataFrame(table).to_csv(path, index=False)
    return path


def test_sample_without_items_names_the_suites_item_file(tmp_path: Path):
    from clinbench.suites import SUITES_DIR

    results = _suite_case_results(tmp_path)
    out = tmp_path / "audit"
    result = runner.invoke(app, ["sample", str(results), "--out", str(out), "--n", "3"])
    assert result.exit_code == 2, result.output
    shipped = SUITES_DIR / "audiology" / "data" / "cases.jsonl"
    assert f"--items {shipped}" in " ".join(result.output.split()), result.output
    assert not out.exists()


def test_sample_of_a_run_without_images_shows_none(tmp_path: Path):
    # a real text-only run of the suite's cases (-T images=false): reviewers must see what
    # the model saw, so the sample leaves the images out without --text-only
    import json

    from inspect_ai import eval as inspect_eval

    from clinbench.results import write_results
    from clinbench.results.export import results_from_logs
    from clinbench.suites import SUITES_DIR
    from clinbench.suites.audiology.tasks import audiology_cases

    cases = SUITES_DIR / "audiology" / "data" / "cases.jsonl"
    runs = {}
    for images in (False, True):
        (log,) = inspect_eval(
            audiology_cases(images=images), model="clinbench/rules",
            sample_id=["aud-case-001", "aud-case-002"], log_dir=str(tmp_path / f"logs{images}"),
            display="none",
        )  # fmt: skip
        runs[images] = tmp_path / f"results{images}.parquet"
        write_results(results_from_logs([log]), runs[images])
    shown = {}
    for images, results in runs.items():
        out = tmp_path / f"audit{images}"
        result = runner.invoke(
            app, ["sample", str(results), "--items", str(cases), "--out", str(out), "--n", "4"]
        )
        assert result.exit_code == 0, result.output
        records = [json.loads(line) for line in (out / "items.jsonl").read_text().splitlines()]
        shown[images] = sum(len(r["images"]) for r in records)
        meta = json.loads((out / "audit.json").read_text())
        assert meta["text_only"] is (not images)
    assert shown[False] == 0 and shown[True] > 0
