"""The short-answer reference audit: sampled judged SA replies, blinded, labelled in the review
app on the four-level reference scale with a re-judgement of the reply, summarised with
Fleiss/Krippendorff agreement and the automated grader's false negatives."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import krippendorff
import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import cohen_kappa_score
from statsmodels.stats.inter_rater import aggregate_raters, fleiss_kappa
from typer.testing import CliRunner

from clinbench.audit.labels import REFERENCE_LABELS, validate_reference_label
from clinbench.audit.sampling import DB_FILE, load_key, load_manifest
from clinbench.audit.store import AuditStore
from tests.audit.audit_support import LiveServer, make_sa_results

N_ITEMS = 10  # make_sa_results writes this many SA items


@pytest.fixture
def reference_audit(tmp_path: Path) -> Path:
    from clinbench.cli.audit_commands import app

    results, bank = make_sa_results(tmp_path)
    out = tmp_path / "ref"
    run = CliRunner().invoke(app, [
        "sample", str(results), "--items", str(bank), "--mode", "reference", "--n", "12",
        "--calibration", "0", "--enrich", "all_models_fail", "--seed", "3", "--out", str(out),
    ])  # fmt: skip
    assert run.exit_code == 0, run.output
    return out


def test_reference_sample_is_blinded_and_keeps_the_grader_verdict_hidden(reference_audit):
    meta, items = load_manifest(reference_audit)
    assert meta["kind"] == "reference" and len(items) == 12
    for item in items:
        assert item["audit_id"].startswith("R")
        assert item["reference"].startswith("Finding") and "also accepted" in item["reference"]
        assert "Abstract" in item["source"] and item["question_prompt"].startswith("What did")
        text = json.dumps(item)
        assert "vendor" not in text and "incorrect" not in text  # no model, no verdict
    key = load_key(reference_audit)
    assert set(key["grader_verdict"]) <= {"correct", "incorrect"}
    assert key["weight"].nunique() > 1  # enriched for items every model got wrong
    assert set(key["item_id"]) <= {f"sa-{i:02d}" for i in range(N_ITEMS)}  # no MCQ row


def test_reference_label_rules():
    label, errors = validate_reference_label("Accurate", "1", "")
    assert not errors and label.grade == "accurate" and label.critical_error is True
    _, errors = validate_reference_label("flawed", "0", " ")
    assert "rationale" in errors
    _, errors = validate_reference_label("correct", None, "x")
    assert set(errors) == {"reference_label", "reply_credit"}  # nothing pre-selected


def test_reviewers_label_in_the_app_and_the_summary_matches_the_libraries(reference_audit):
    from clinbench.audit.reference import reference_tables
    from clinbench.cli.audit_commands import app

    store = AuditStore(reference_audit / DB_FILE)
    tokens = {name: store.add_reviewer(name) for name in ("ann", "ben", "cy")}
    key = load_key(reference_audit).set_index("audit_id")
    rng = np.random.default_rng(5)
    given: dict[tuple[str, str], tuple[str, bool]] = {}
    with LiveServer(reference_audit) as server:
        for name, token in tokens.items():
            headers = {"Authorization": f"Bearer {token}"}
            with httpx.Client(base_url=server.url, headers=headers, timeout=30) as client:
                csrf = client.get("/api/session").json()["csrf_token"]
                page = client.get("/items/R01")
                assert page.status_code == 200 and "The reference answer is" in page.text
                assert "indeterminate" in page.text and "vendor" not in page.text
                bad = client.post(
                    "/items/R01",
                    data={"reference_label": "flawed", "reply_credit": "1", "csrf_token": csrf},
                )
                assert bad.status_code == 422 and "rationale" in bad.text  # reason needed
                for audit_id in key.index:
                    choice = str(rng.choice(REFERENCE_LABELS, p=[0.6, 0.2, 0.1, 0.1]))
                    credit = bool(rng.random() < 0.5)
                    form = {
                        "reference_label": choice,
                        "reply_credit": "1" if credit else "0",
                        "rationale": "checked against the abstract",
                        "csrf_token": csrf,
                    }
                    if audit_id == "R02":  # the JSON API takes the same scale
                        body = {k: v for k, v in form.items() if k != "csrf_token"}
                        saved = client.post(f"/api/items/{audit_id}/label", json=body,
                                            headers={"X-CSRF-Token": csrf})  # fmt: skip
                    else:
                        saved = client.post(f"/items/{audit_id}", data=form)
                    assert saved.status_code in (200, 303), saved.text
                    given[(name, audit_id)] = (choice, credit)
                assert client.post("/api/submit", headers={"X-CSRF-Token": csrf}).json() == {
                    "submitted": True
                }
                assert client.get("/consensus").status_code in (403, 404, 409)
    tables = reference_tables(reference_audit, n_boot=100)
    caption = next(c for c in tables if c.startswith("Reviewer agreement"))
    whole = tables[caption].set_index(["label", "statistic"])
    wide = pd.DataFrame({(n, a): [v[0]] for (n, a), v in given.items()}).T
    labels = wide[0].unstack(0)[["ann", "ben", "cy"]]
    codes = labels.apply(lambda c: c.map(REFERENCE_LABELS.index)).to_numpy(int)
    expected = fleiss_kappa(aggregate_raters(codes, n_cat=4)[0], method="fleiss")
    fleiss = whole.xs("reference_label").iloc[0]
    assert fleiss["value"] == pytest.approx(expected)
    alpha = whole.xs("reference_label").iloc[1]
    assert alpha["value"] == pytest.approx(krippendorff.alpha(
        reliability_data=codes.T.astype(float), value_domain=range(4),
        level_of_measurement="nominal"))  # fmt: skip

    fidelity = next(t for c, t in tables.items() if c.startswith("Grading fidelity"))
    ann = fidelity.set_index("rater").loc["ann"]
    credit = pd.Series({a: v[1] for (n, a), v in given.items() if n == "ann"})
    grader = key.loc[credit.index, "grader_verdict"] == "correct"
    assert ann["grader_false_negatives"] == int((~grader & credit).sum())
    assert ann["grader_false_positives"] == int((grader & ~credit).sum())
    assert ann["kappa"] == pytest.approx(cohen_kappa_score(grader, credit))
    shares = next(t for c, t in tables.items() if c.startswith("Reference labels"))
    fidelity_row = shares.set_index(["rater", "label"]).loc[
        ("ann", "accurate or defensible (key fidelity)")
    ]
    ann_labels = labels["ann"]
    assert fidelity_row["count"] == int(ann_labels.isin(["accurate", "defensible"]).sum())

    csv = CliRunner().invoke(app, ["references", str(reference_audit), "--n-boot", "50",
                                   "-f", "csv"])  # fmt: skip
    assert csv.exit_code == 0, csv.output
    assert "Krippendorff alpha" in csv.output and "grader_false_negatives" in csv.output
    from clinbench.audit.agreement_report import audit_report

    written = {p.name for p in audit_report(reference_audit, reference_audit / "report",
                                            n_boot=50)}  # fmt: skip
    assert {"reference_labels.csv", "reference_agreement.csv", "grading_fidelity.csv",
            "corrected_scores.csv", "report.md"} <= written  # fmt: skip


def test_references_refuses_an_audit_of_another_kind(tmp_path, results_file):
    from clinbench.cli.audit_commands import app
    from tests.audit.audit_support import make_audit

    audit = make_audit(tmp_path, results_file, n=6, calibration=0)
    out = CliRunner().invoke(app, ["references", str(audit)])
    assert out.exit_code != 0 and "not a reference audit" in out.output
