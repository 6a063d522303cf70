"""An audit's reliability and rate statistics reweighted to the population it was drawn from.

AudiologyBench's expanded Q1 audit (80 image-grounded regradings drawn with enrichment for
cases every model failed) reports "all reliability and rate statistics reweighted" to the
268-reply Q1 population with the sampling weights. This gives, from an audit folder (any
number of reviewers; optionally one question type, e.g. Q1):

- each reviewer pair's agreement (quadratic-weighted grade kappa, exact and within-one
  grade agreement; critical-error kappa and agreement), reweighted;
- the adjudicator against the human label (the consensus label, and each reviewer alone):
  grade kappa, critical-error kappa, sensitivity, specificity, PPV, NPV and the shares of
  over- and under-flags, reweighted;
- critical-error and failing-grade rates, reweighted: the adjudicator's, each reviewer's,
  and the human rate under each rule for combining reviewers (either flags, both flag, the
  consensus label), so the paper's "range across rules" can be read off.

Each figure carries its unweighted value beside it, and intervals resample items within the
audit's cells (``stats.weighted_agreement``, ``stats.calibration.reweighted_estimate``).
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pandas as pd

from clinbench.audit.labels import FAIL_GRADES, GRADES
from clinbench.audit.sampling import DB_FILE, load_manifest
from clinbench.audit.store import AuditStore

FLAG = [False, True]


def _items(audit_dir: Path, question: str | None) -> tuple[pd.DataFrame, list[str]]:
    from clinbench.audit.consensus import audit_items

    meta, manifest = load_manifest(audit_dir)
    if meta.get("kind") == "baseline":
        raise ValueError(f"{audit_dir}: a human-baseline folder has no grades to reweight")
    store = AuditStore(audit_dir / DB_FILE)
    segments = {item["audit_id"]: item["segment"] for item in manifest}
    _, _, names, items, _ = audit_items(audit_dir, store, store.reviewers("reviewer"), segments)
    if question is not None:
        items = items[items["question"].astype(str) == question]
        if items.empty:
            raise ValueError(f"{audit_dir}: no audit item of question {question!r}")
    if items["weight"].isna().any():
        raise ValueError(f"{audit_dir}: key.csv has items without a sampling weight")
    return items.reset_index(drop=True), names


def _pair(
    items: pd.DataFrame, a: str, b: str, *, reference: bool, n_boot: int, seed: int
) -> pd.DataFrame:
    from clinbench.stats.weighted_agreement import weighted_pair_agreement

    shared = {"weight": "weight", "strata": "cell", "n_boot": n_boot, "seed": seed}
    grade = weighted_pair_agreement(
        items, f"{a}_grade", f"{b}_grade", categories=GRADES, kappa_weights="quadratic",
        **shared,
    ).assign(label="grade")  # fmt: skip
    # an adjudicator flag that is not known (None: no claim read) leaves its item out here
    flags = items.dropna(subset=[f"{a}_critical_error", f"{b}_critical_error"]).assign(
        **{c: lambda d, c=c: d[c].astype(bool) for c in (f"{a}_critical_error",
                                                          f"{b}_critical_error")}
    )  # fmt: skip
    flag = weighted_pair_agreement(
        flags, f"{a}_critical_error", f"{b}_critical_error", categories=FLAG,
        reference=reference, **shared,
    ).assign(label="critical error")  # fmt: skip
    grade, flag = grade.assign(flag_unknown=0), flag.assign(flag_unknown=len(items) - len(flags))
    return pd.concat([grade, flag], ignore_index=True)


def _rates(items: pd.DataFrame, names: list[str], *, n_boot: int, seed: int) -> pd.DataFrame:
    from clinbench.stats.calibration import reweighted_estimate

    data = pd.DataFrame({"weight": items["weight"].astype(float), "cell": items["cell"]})
    sources: dict[str, tuple[str, pd.Series, pd.Series]] = {
        "adjudicator": ("adjudicator", items["adjudicator_critical_error"],
                        items["adjudicator_grade"]),
    }  # fmt: skip
    for name in names:
        sources[name] = ("reviewer", items[f"{name}_critical_error"], items[f"{name}_grade"])
    flags = pd.DataFrame({n: items[f"{n}_critical_error"] for n in names})
    every = flags.notna().all(axis=1)
    sources["either reviewer flags"] = (
        "reviewers combined", flags.fillna(False).astype(bool).any(axis=1).where(every), None,
    )  # fmt: skip
    sources["every reviewer flags"] = (
        "reviewers combined", flags.fillna(False).astype(bool).all(axis=1).where(every), None,
    )  # fmt: skip
    sources["human consensus label"] = (
        "reviewers combined", items["human_critical_error"], items["human_grade"],
    )  # fmt: skip
    rows = []
    for who, (kind, flag, grade) in sources.items():
        measures = [("critical error flagged", flag)]
        if grade is not None:
            failing = grade.map(lambda g: None if pd.isna(g) else str(g) in FAIL_GRADES)
            measures.append(("failing grade", failing))
        for rate_of, values in measures:
            part = data.assign(value=pd.to_numeric(values.map(
                lambda v: None if v is None or pd.isna(v) else float(bool(v))
            ), errors="coerce"))  # fmt: skip
            part = part.dropna(subset=["value"])
            if part.empty:
                continue
            est = reweighted_estimate(part, "value", "weight", strata=["cell"], n_boot=n_boot,
                                      seed=seed).iloc[0]  # fmt: skip
            low, high = est.iloc[2]
            rows.append({
                "rate_of": rate_of, "who": who, "kind": kind, "n": int(est["n"]),
                "left_out": len(data) - len(part),
                "n_eff": est["n_eff"], "reweighted": est["estimate"], "ci_low": low,
                "ci_high": high, "unweighted": est["unweighted"],
            })  # fmt: skip
    return pd.DataFrame(rows)


def reweighted_tables(
    audit_dir: str | Path, *, question: str | None = None, n_boot: int = 2000, seed: int = 0
) -> dict[str, pd.DataFrame]:
    """Return the audit's reweighted tables by caption: reviewer pairs, adjudicator, rates.

    ``question`` keeps one question type (AudiologyBench's expanded audit is Q1 only).
    Weights are the sampling weights in ``key.csv`` (population over sampled count of each
    cell); items no reviewer pair labelled, or still unresolved, drop out of the figures
    that need them (each row's ``n`` says how many were used). An adjudicator flag that is
    not known (the fact check read no claim) leaves its item out of the critical-error
    figures: ``flag_unknown`` counts them beside the adjudicator's agreement, and a rate's
    ``left_out`` counts the items without a known value.
    """
    audit_dir = Path(audit_dir)
    items, names = _items(audit_dir, question)
    pairs = []
    for a, b in itertools.combinations(names, 2):
        part = items.dropna(subset=[f"{a}_grade", f"{b}_grade"])
        if part.empty:
            continue
        pairs.append(_pair(part, a, b, reference=False, n_boot=n_boot, seed=seed)
                     .assign(reviewer_a=a, reviewer_b=b))  # fmt: skip
    versus = []
    for reference in ["human", *names]:
        part = items.dropna(subset=[f"{reference}_grade"])
        if part.empty:
            continue
        table = _pair(part, "adjudicator", reference, reference=True, n_boot=n_boot, seed=seed)
        label = "human consensus label" if reference == "human" else reference
        versus.append(table.assign(reference=label))
    if not pairs:
        raise ValueError(f"{audit_dir}: no item labelled by two reviewers")
    pair_df = pd.concat(pairs, ignore_index=True)
    scope = f" (question {question})" if question else ""
    tables = {
        f"Reviewer pairs, reweighted to the population{scope}": pair_df[
            ["reviewer_a", "reviewer_b", "label", *pair_df.columns[:9]]
        ],
    }
    if versus:
        vs_df = pd.concat(versus, ignore_index=True)
        tables[f"Adjudicator vs human labels, reweighted{scope}"] = vs_df[
            ["reference", "label", *vs_df.columns[:9], "flag_unknown"]
        ]
    tables[f"Critical-error and failing-grade rates, reweighted{scope}"] = _rates(
        items, names, n_boot=n_boot, seed=seed
    )
    return tables
