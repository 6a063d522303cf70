"""An audited reply whose critical errors are not known (the rules grader's section in which
the fact check read no claim: ``critical_errors_unknown`` in its score metadata) keeps a third
state, ``unknown``, on every surface of the audit: the key, the population, the consensus
page, the agreement report, the reweighted tables and the report's judge section. It is never
"no critical error", and every critical-error figure leaves it out and says how many."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import numpy as np
import pandas as pd
import pytest

from clinbench.audit.agreement_report import audit_report
from clinbench.audit.consensus import REVIEWERS_VS_ADJUDICATOR, consensus_reason
from clinbench.audit.labels import validate_label
from clinbench.audit.reweighted import reweighted_tables
from clinbench.audit.sampling import DB_FILE, load_key
from clinbench.audit.store import AuditStore
from clinbench.report.judges_section import agreement_text, human_agreement, read_audit
from tests.audit.audit_support import LiveServer, make_audit, make_results

NO_CLAIM_READ = json.dumps({"critical_errors_unknown": "no_claim_read"})
UNIT = ["model", "item_id", "question"]
UNKNOWN = "unknown"  # the third flag state as key.csv, population.csv and items.csv write it


@pytest.fixture
def unread(tmp_path: Path) -> tuple[Path, pd.DataFrame]:
    """A results table whose Q1 sections of every other case have critical errors unknown
    (graded, no critical error written, as the rules grader leaves them), and its audit."""
    table = make_results(tmp_path)
    mask = (table["question"] == "Q1") & table["item_id"].isin(
        [f"case-{c:03d}" for c in range(0, 12, 2)]
    )
    table.loc[mask, "score_metadata"] = NO_CLAIM_READ
    table.loc[mask, "critical_errors"] = ""
    path = tmp_path / "results.csv"
    table.to_csv(path, index=False)
    audit = make_audit(tmp_path, path, n=24, calibration=6, strata=("question", "grade"))
    return audit, table.assign(unknown=mask)


def _unknown_units(audit: Path, table: pd.DataFrame) -> pd.DataFrame:
    key = load_key(audit)
    return key.merge(table[[*UNIT, "unknown", "critical_errors"]], on=UNIT, validate="1:1")


def test_the_key_the_population_and_the_warnings_say_unknown(unread):
    audit, table = unread
    key = _unknown_units(audit, table)
    assert key["unknown"].sum() >= 2, "the sample holds no reply with unknown critical errors"
    flags = key["adjudicator_critical_error"].astype(str)
    assert (flags[key["unknown"]] == UNKNOWN).all()
    known = key[~key["unknown"]]
    expected = known["critical_errors"].fillna("").astype(str).str.len() > 0
    assert (flags[~key["unknown"]] == expected.astype(str)).all()
    population = pd.read_csv(audit / "population.csv")
    assert (population["critical_error"].astype(str) == UNKNOWN).sum() == table["unknown"].sum()
    warnings = json.loads((audit / "audit.json").read_text())["warnings"]
    assert any(f"{key['unknown'].sum()} of 24 sampled replies" in w for w in warnings), warnings


def test_an_unknown_flag_never_disagrees_with_the_reviewers():
    said = [{"grade": "B", "critical_error": True, "error_type": "x"}] * 2
    assert consensus_reason(said, "B", None) is None
    assert consensus_reason(said, "B", False) == REVIEWERS_VS_ADJUDICATOR
    assert consensus_reason(said, "C", None) == REVIEWERS_VS_ADJUDICATOR


def _label_all(audit: Path, key: pd.DataFrame) -> tuple[AuditStore, list[str], set[str]]:
    """Two reviewers give the adjudicator's grade; on known flags they agree with it except on
    two items (both flip it, consensus recorded); on unknown ones they flag an error, except
    one item where they disagree (consensus recorded). Return the store, the lead's token and
    the flipped items."""
    store = AuditStore(audit / DB_FILE)
    lead = store.add_reviewer("lead", role="lead")
    people = {n: store.reviewer_by_token(store.add_reviewer(n)) for n in ("ann", "ben")}
    flipped = set(key.loc[~key["unknown"], "audit_id"][:2])
    split = key.loc[key["unknown"], "audit_id"].iloc[0]
    for _, k in key.iterrows():
        for name, person in people.items():
            if k["unknown"]:
                flag = not (k["audit_id"] == split and name == "ben")
            else:
                flag = (str(k["adjudicator_critical_error"]) == "True") ^ (k["audit_id"] in flipped)
            label, errors = validate_label(
                k["adjudicator_grade"], flag, "severity_misclassification" if flag else None,
                "noted",
            )  # fmt: skip
            assert not errors
            store.save_label(person["id"], k["audit_id"], label)
    for person in people.values():
        assert store.submit_set(person["id"], list(key["audit_id"]))
    ann = people["ann"]["id"]
    for audit_id in [*flipped, split]:
        mine = [lab for lab in store.labels() if lab["audit_id"] == audit_id][0]
        label, _ = validate_label(mine["grade"], True if audit_id == split else bool(
            mine["critical_error"]), "severity_misclassification" if audit_id == split or
            mine["critical_error"] else None, "agreed at consensus")  # fmt: skip
        reason = "reviewers_disagree" if audit_id == split else "reviewers_vs_adjudicator"
        store.save_consensus(audit_id, label, reason, ann)
    return store, lead, flipped


def test_agreement_figures_leave_unknown_flags_out_and_count_them(unread, tmp_path):
    audit, table = unread
    key = _unknown_units(audit, table)
    _, _, flipped = _label_all(audit, key)
    k = int(key["unknown"].sum())
    out = tmp_path / "report"
    audit_report(audit, out, n_boot=20, seed=1)

    adj = pd.read_csv(out / "adjudicator_vs_consensus.csv").set_index("scope")
    assert adj.loc["overall", "n"] == 24  # every item resolved; grades cover all of them
    assert adj.loc["overall", "critical_error_unknown"] == k
    assert adj.loc["overall", "critical_error_n"] == 24 - k
    assert adj.loc["overall", "critical_error_raw_agreement"] == pytest.approx(
        (24 - k - len(flipped)) / (24 - k)
    )
    direction = pd.read_csv(out / "error_direction.csv").set_index("scope")
    row = direction.loc["overall"]
    assert row["flag_unknown"] == k
    assert row["over_flags"] + row["under_flags"] == len(flipped)
    assert row["both_flag"] + row["neither_flags"] == 24 - k - len(flipped)
    known = key[~key["unknown"]]
    a_flag = known["adjudicator_critical_error"].astype(str) == "True"
    assert row["adjudicator_critical_error_rate_reweighted"] == pytest.approx(
        float(np.average(a_flag, weights=known["weight"]))
    )
    assert row["adjudicator_critical_error_rate_n"] == 24 - k
    items = pd.read_csv(out / "items.csv")
    assert (items["adjudicator_critical_error"].astype(str) == UNKNOWN).sum() == k
    summary = json.loads((out / "summary.json").read_text())
    assert summary["audit"]["adjudicator_critical_error_unknown"] == k
    assert f"(the fact check read no claim): {k} items" in (out / "report.md").read_text()

    tables = reweighted_tables(audit, n_boot=20, seed=1)
    (versus,) = [t for c, t in tables.items() if c.startswith("Adjudicator vs human")]
    flags = versus[(versus["label"] == "critical error")].set_index("reference")
    human = flags.loc["human consensus label"]  # one row per statistic
    assert (human["flag_unknown"] == k).all() and (human["n"] == 24 - k).all()
    (rates,) = [t for c, t in tables.items() if c.startswith("Critical-error")]
    rate = rates[(rates["who"] == "adjudicator") & (rates["rate_of"] == "critical error flagged")]
    assert rate["n"].item() == 24 - k and rate["left_out"].item() == k

    judged = human_agreement(read_audit(out)).set_index("question").loc["all"]
    assert judged["critical_error_unknown"] == k and judged["critical_error_n"] == 24 - k
    assert f"{k} with the judge's critical errors not known left out" in agreement_text(judged)


def test_the_consensus_page_shows_an_unknown_flag_as_unknown(unread):
    audit, table = unread
    key = _unknown_units(audit, table)
    _, lead, _ = _label_all(audit, key)
    with (
        LiveServer(audit) as server,
        httpx.Client(
            base_url=server.url, headers={"Authorization": f"Bearer {lead}"}, timeout=30
        ) as client,
    ):
        page = client.get("/consensus")
        rows = client.get("/api/consensus").json()["items"]
    assert page.status_code == 200
    assert "unknown (no claim read)" in page.text
    shown = {r["item"]["audit_id"]: r["adjudicator"]["critical_error"] for r in rows}
    unknown = set(key.loc[key["unknown"], "audit_id"])
    assert any(a in unknown for a in shown)
    assert all(shown[a] is None for a in shown if a in unknown)
    assert all(isinstance(shown[a], bool) for a in shown if a not in unknown)
