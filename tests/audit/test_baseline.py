"""Human baseline: reviewers answer cases in the app; answers are scored like a model's."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import httpx
import numpy as np
import pandas as pd
import pytest

from clinbench.audit.human_baseline import export_baseline
from clinbench.audit.sampling import (
    DB_FILE,
    eligible_units,
    item_lookup,
    load_manifest,
    stratified_sample,
    write_audit,
)
from clinbench.audit.sampling import (
    audit_results as read_results,
)
from clinbench.audit.store import AuditStore
from clinbench.items.loader import load_items
from clinbench.suites.audiology.tasks import CASE_ITEMS
from tests.audit.audit_support import LiveServer

MODELS = ("lab-x/alpha", "lab-y/beta", "lab-z/gamma")


def _case_results(path: Path) -> Path:
    """A results table of graded replies to the audiology sample cases (three models)."""
    rng = np.random.default_rng(4)
    rows = []
    for item in load_items([CASE_ITEMS]):
        for model in MODELS:
            for q in ("Q1", "Q2", "Q3"):
                grade = "D" if item.id in ("aud-case-003", "aud-case-004") and q == "Q1" else "B"
                rows.append(
                    {
                        "model": model, "item_id": item.id, "format": "case", "question": q,
                        "scorer": "case_rubric", "grade": grade,
                        "score": 50.0 if grade == "D" else 82.0,
                        "response": f"{q}: ...", "task": "audiology_cases", "epoch": 1,
                        "condition": "default", "critical_errors": "", "item_metadata": "{}",
                        "variant": int(rng.integers(9)),
                    }
                )  # fmt: skip
    pd.DataFrame(rows).to_csv(path, index=False)
    return path


@pytest.fixture
def baseline_audit(tmp_path: Path) -> Path:
    """A baseline audit of 3 sample cases, enriched for cases every model failed."""
    results = _case_results(tmp_path / "results.csv")
    table = read_results(results)
    units = eligible_units(table, mode="baseline")
    drawn = stratified_sample(
        units, 3, strata=(), seed=0, calibration=1, mode="baseline", enrich="all_models_fail",
        enrich_share=0.67, results=table,
    )  # fmt: skip
    items = item_lookup(load_items([CASE_ITEMS]))
    out = tmp_path / "baseline"
    assert write_audit(drawn, out, mode="baseline", settings={}, items=items) == []
    return out


def _answers(reviewer: str, case_id: str) -> dict[str, str]:
    return {
        "Q1": f"{reviewer}: thresholds as plotted for {case_id}; type A tympanograms.",
        "Q2": f"{reviewer}: diagnosis for {case_id} from the pattern of results.",
        "Q3": f"{reviewer}: refer and review hearing for {case_id} in 6 months.",
    }


def test_reviewers_answer_cases_and_the_answers_are_scored_like_a_model(
    baseline_audit: Path, tmp_path: Path
):
    from inspect_ai import eval as inspect_eval
    from inspect_ai.model import get_model

    from clinbench.providers.responses import read_responses
    from clinbench.results.export import results_table
    from clinbench.suites.audiology.reply_sections import split_sections
    from clinbench.suites.audiology.tasks import audiology_cases

    store = AuditStore(baseline_audit / DB_FILE)
    tokens = {name: store.add_reviewer(name) for name in ("ann", "ben")}
    _, items = load_manifest(baseline_audit)
    cases = {item["audit_id"]: item["case_id"] for item in items}
    assert len(cases) == 3
    references = [q.reference for i in load_items([CASE_ITEMS]) for q in i.questions]
    with LiveServer(baseline_audit) as server:
        for name, token in tokens.items():
            with httpx.Client(
                base_url=server.url, headers={"Authorization": f"Bearer {token}"}
            ) as client:
                csrf = client.get("/api/session").json()["csrf_token"]
                for audit_id, case_id in cases.items():
                    page = client.get(f"/items/{audit_id}")
                    assert page.status_code == 200 and 'name="answer_Q1"' in page.text
                    for reference in references:  # closed book: no reference answer shown
                        assert reference not in page.text
                    answers = _answers(name, case_id)
                    if name == "ann":  # the form
                        form = {f"answer_{q}": a for q, a in answers.items()}
                        half = client.post(
                            f"/items/{audit_id}", data={"answer_Q1": "x", "csrf_token": csrf}
                        )
                        assert half.status_code == 422  # every question needs an answer
                        saved = client.post(f"/items/{audit_id}", data={**form, "csrf_token": csrf})
                        assert saved.status_code == 303
                    else:  # the JSON API
                        saved = client.post(
                            f"/api/items/{audit_id}/answers", json=answers,
                            headers={"X-CSRF-Token": csrf},
                        )  # fmt: skip
                        assert saved.status_code == 200
                assert client.post("/api/submit", headers={"X-CSRF-Token": csrf}).status_code == 200
                assert client.get("/api/consensus").status_code == 404  # no consensus step

    responses = tmp_path / "human.csv"
    summary = export_baseline(baseline_audit, responses, model_name="human-01")
    assert summary == {"rows": 6, "reviewers": 2, "epochs": 2}
    frozen = read_responses(responses)
    assert set(frozen["model"]) == {"human-01"} and sorted(frozen["epoch"].unique()) == [1, 2]
    assert not any(name in " ".join(frozen.columns) for name in ("ann", "ben"))
    record = json.loads((baseline_audit / "baseline_exports.json").read_text())
    assert record[0]["epochs"] == {"ann": 1, "ben": 2}
    by_id = {item.id: item for item in load_items([CASE_ITEMS])}
    first = frozen.iloc[0]
    split = split_sections(by_id[first["item_id"]], first["response"])
    assert split["missing_sections"] == []
    assert split["sections"]["Q2"] == _answers("ann", first["item_id"])["Q2"]

    # Score the human answers through the normal case pipeline (offline rules adjudicator).
    subset = tmp_path / "cases"
    shutil.copytree(CASE_ITEMS.parent / "images", subset / "images")
    lines = [
        line
        for line in CASE_ITEMS.read_text(encoding="utf-8").splitlines()
        if line.strip() and json.loads(line)["id"] in set(cases.values())
    ]
    (subset / "cases.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    model = get_model("clinbench/replay/human-01", responses=str(responses))
    logs = inspect_eval(
        audiology_cases(items=str(subset / "cases.jsonl"), epochs=2), model=model,
        log_dir=str(tmp_path / "logs"), display="none",
    )  # fmt: skip
    assert logs[0].status == "success"
    scored = results_table(tmp_path / "logs")
    graded = scored[scored["grade"].notna()]
    assert "error" not in set(scored["outcome"])  # every sample found its frozen answer
    rubric = scored[scored["scorer"] == "rubric_rules_grader"]
    assert set(rubric["outcome"]) == {"graded"} and len(rubric) == 3 * 3 * 2
    assert set(rubric["model"]) == {"clinbench/replay/human-01"}
    assert set(graded["item_id"]) == set(cases.values())


def test_export_refuses_what_it_cannot_export_honestly(baseline_audit: Path, tmp_path: Path):
    store = AuditStore(baseline_audit / DB_FILE)
    ann = store.reviewer_by_token(store.add_reviewer("ann"))
    with pytest.raises(ValueError, match="no reviewer has submitted"):
        export_baseline(baseline_audit, tmp_path / "r.csv", model_name="human-01")
    _, items = load_manifest(baseline_audit)
    store.save_answers(ann["id"], items[0]["audit_id"], _answers("ann", items[0]["case_id"]))
    with pytest.raises(ValueError, match="has not submitted"):
        export_baseline(baseline_audit, tmp_path / "r.csv", model_name="h", reviewer="ann")
    table = export_baseline(
        baseline_audit, tmp_path / "r.jsonl", model_name="human-02", include_unsubmitted=True
    )
    assert table["rows"] == 1  # only the fully answered case; the others are not padded
    with pytest.raises(ValueError, match="one word"):
        export_baseline(baseline_audit, tmp_path / "r.csv", model_name="human/01")
    assert not (tmp_path / "r.csv").exists()
