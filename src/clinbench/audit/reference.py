"""The short-answer reference audit's summary: reference fidelity, agreement, grading fidelity.

A reference audit (``clinbench audit sample --mode reference``) shows reviewers judged
short-answer replies: the question, its source, the reference answer and the reply, with no
model name and no automated verdict. Each reviewer labels the reference on AudiologyBench's
four-level scale (accurate, defensible, flawed, indeterminate) and re-judges the reply (does
it deserve credit?). This module turns the labels into:

- the reference labels: count and share of each label per reviewer (Wilson intervals) and
  the key-fidelity share (accurate or defensible), also reweighted with the sampling weights;
- agreement of the reviewers (two or more): Fleiss' kappa and Krippendorff's alpha (nominal)
  on the reference label and on the reply's credit, with bootstrap intervals and
  leave-one-item-out ranges, and each pair's Cohen kappa (``stats.panel_agreement``);
- grading fidelity: each reviewer's re-judgement against the automated grader's verdict
  (kept in the hidden key): agreement, the grader's false negatives (incorrect, yet credited
  by the reviewer) and false positives, Cohen's kappa (scikit-learn);
- the score each model would get with the reviewer's re-judgement in place of the grader's,
  beside the grader's own, both reweighted to the judged population per model.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from clinbench.audit.labels import REFERENCE_KIND, REFERENCE_LABELS
from clinbench.audit.sampling import DB_FILE, load_key, load_manifest
from clinbench.audit.store import AuditStore

KEY_FIDELITY = ("accurate", "defensible")


def reference_labels(audit_dir: str | Path) -> pd.DataFrame:
    """Return one row per reviewer label: item, rater, reference_label, reply_credit + key."""
    audit_dir = Path(audit_dir)
    meta, _ = load_manifest(audit_dir)
    if meta.get("kind") != REFERENCE_KIND:
        raise ValueError(f"{audit_dir}: not a reference audit (sample it with --mode reference)")
    labels = pd.DataFrame(AuditStore(audit_dir / DB_FILE).labels())
    if labels.empty:
        raise ValueError(f"{audit_dir}: no labels recorded yet")
    key = load_key(audit_dir).set_index("audit_id")
    out = pd.DataFrame({
        "item": labels["audit_id"].astype(str),
        "rater": labels["reviewer"].astype(str),
        # the store's columns under the reference scale (audit.labels): grade = reference
        # label, critical_error = the reply deserves credit
        "reference_label": labels["grade"].astype(str),
        "reply_credit": labels["critical_error"].astype(bool),
        "rationale": labels["rationale"],
    })  # fmt: skip
    for column in ("item_id", "model", "grader_verdict", "weight", "cell"):
        out[column] = out["item"].map(key[column])
    return out


def _label_shares(labels: pd.DataFrame, *, n_boot: int, seed: int) -> pd.DataFrame:
    from clinbench.stats.calibration import reweighted_estimate
    from clinbench.stats.proportions import wilson_interval

    rows = []
    for rater, part in labels.groupby("rater", sort=True):
        n = len(part)
        for name in (*REFERENCE_LABELS, "accurate or defensible (key fidelity)"):
            wanted = KEY_FIDELITY if name.startswith("accurate or") else (name,)
            hits = part["reference_label"].isin(wanted)
            low, high = wilson_interval(int(hits.sum()), n)
            est = reweighted_estimate(
                part.assign(hit=hits.astype(float)), "hit", "weight", strata=["cell"],
                n_boot=n_boot, seed=seed,
            ).iloc[0]  # fmt: skip
            rows.append({
                "rater": rater, "label": name, "n": n, "count": int(hits.sum()),
                "share": hits.mean(), "ci_low": low, "ci_high": high,
                "share_reweighted": est["estimate"],
                "distinct_items": part.loc[hits, "item_id"].nunique(),
            })  # fmt: skip
    return pd.DataFrame(rows)


def _grading_fidelity(labels: pd.DataFrame) -> pd.DataFrame:
    import warnings

    from sklearn.exceptions import UndefinedMetricWarning
    from sklearn.metrics import cohen_kappa_score

    from clinbench.stats.proportions import wilson_interval

    rows = []
    for rater, part in labels.groupby("rater", sort=True):
        grader = part["grader_verdict"] == "correct"
        human = part["reply_credit"]
        false_neg = int((~grader & human).sum())
        grader_wrong = int((~grader).sum())
        low, high = wilson_interval(false_neg, grader_wrong)
        with warnings.catch_warnings():  # one label only: kappa is NaN, reported as such
            warnings.simplefilter("ignore", UndefinedMetricWarning)
            kappa = cohen_kappa_score(grader, human, labels=[False, True])
        rows.append({
            "rater": rater, "n": len(part), "agree": int((grader == human).sum()),
            "grader_false_negatives": false_neg, "grader_false_positives":
            int((grader & ~human).sum()), "grader_incorrect": grader_wrong,
            "false_negative_share": false_neg / grader_wrong if grader_wrong else float("nan"),
            "fn_ci_low": low, "fn_ci_high": high, "kappa": float(kappa),
        })  # fmt: skip
    return pd.DataFrame(rows)


def _corrected_scores(labels: pd.DataFrame, *, n_boot: int, seed: int) -> pd.DataFrame:
    from clinbench.stats.calibration import reweighted_estimate

    rows = []
    for (model, rater), part in labels.groupby(["model", "rater"], sort=True):
        data = part.assign(
            grader=(part["grader_verdict"] == "correct").astype(float),
            reviewer=part["reply_credit"].astype(float),
        )
        shared = {"strata": ["cell"], "n_boot": n_boot, "seed": seed}
        grader = reweighted_estimate(data, "grader", "weight", **shared).iloc[0]
        human = reweighted_estimate(data, "reviewer", "weight", **shared).iloc[0]
        low, high = human.iloc[2]
        rows.append({
            "model": model, "rater": rater, "n": len(part),
            "grader_accuracy": grader["estimate"], "corrected_accuracy": human["estimate"],
            "corrected_ci_low": low, "corrected_ci_high": high,
            "grader_accuracy_unweighted": grader["unweighted"],
            "corrected_accuracy_unweighted": human["unweighted"],
        })  # fmt: skip
    return pd.DataFrame(rows)


def reference_tables(
    audit_dir: str | Path, *, n_boot: int = 2000, seed: int = 0
) -> dict[str, pd.DataFrame]:
    """Return the reference audit's tables by caption (labels, agreement, grading fidelity)."""
    from clinbench.stats.panel_agreement import pairwise_loo_kappa, panel_agreement

    labels = reference_labels(audit_dir)
    tables = {
        "Reference labels per reviewer (95% Wilson CI; share reweighted with the sampling "
        "weights)": _label_shares(labels, n_boot=n_boot, seed=seed),
    }
    if labels["rater"].nunique() >= 2:
        whole, pairs = [], []
        for column, categories in (("reference_label", list(REFERENCE_LABELS)),
                                   ("reply_credit", [False, True])):  # fmt: skip
            kw = {"value": column, "categories": categories}
            whole.append(panel_agreement(labels, n_boot=n_boot, seed=seed, **kw)
                         .assign(label=column))  # fmt: skip
            pairs.append(pairwise_loo_kappa(labels, **kw).assign(label=column))
        whole_df = pd.concat(whole, ignore_index=True)
        pair_df = pd.concat(pairs, ignore_index=True)
        tables["Reviewer agreement: Fleiss kappa and Krippendorff alpha (nominal; 95% "
               "bootstrap CI; leave-one-item-out range)"] = whole_df[
            ["label", *whole_df.columns[:-1]]
        ]  # fmt: skip
        tables["Reviewer pairs: Cohen kappa and its leave-one-item-out range"] = pair_df[
            ["label", *pair_df.columns[:-1]]
        ]
    tables["Grading fidelity: each reviewer's re-judgement against the automated grader"] = (
        _grading_fidelity(labels)
    )
    tables["Scores with the reviewer's re-judgement in place of the grader's (reweighted)"] = (
        _corrected_scores(labels, n_boot=n_boot, seed=seed)
    )
    return tables
