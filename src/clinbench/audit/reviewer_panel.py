"""The reviewer panel of an audit folder: agreement of every reviewer together.

The pairwise report (``audit.report``) compares reviewers two at a time. This adds, for any
number of reviewers: Fleiss' kappa and Krippendorff's alpha on the letter grade (ordinal
alpha) and on the any-critical-error flag, with bootstrap intervals and leave-one-item-out
ranges; each pair's quadratic-weighted (grade) and unweighted (flag) Cohen kappa with its
leave-one-item-out range; and each reviewer's critical-error and failing-grade rates with
Wilson intervals. The statistics live in ``clinbench.stats.panel_agreement``.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from clinbench.audit.labels import FAIL_GRADES, GRADES
from clinbench.audit.sampling import DB_FILE
from clinbench.audit.store import AuditStore


def panel_labels(audit_dir: str | Path) -> pd.DataFrame:
    """Return the audit's labels, one row per reviewer and item: item, rater, grade, flag."""
    labels = pd.DataFrame(AuditStore(Path(audit_dir) / DB_FILE).labels())
    if labels.empty:
        raise ValueError(f"{audit_dir}: no labels recorded yet")
    return pd.DataFrame({
        "item": labels["audit_id"].astype(str),
        "rater": labels["reviewer"].astype(str),
        "grade": labels["grade"].astype(str),
        "critical_error": labels["critical_error"].astype(bool),
    })  # fmt: skip


def panel_tables(
    audit_dir: str | Path, *, n_boot: int = 2000, seed: int = 0
) -> dict[str, pd.DataFrame]:
    """Return the panel's tables by caption: whole-panel agreement, pairs, reviewer rates."""
    from clinbench.stats.panel_agreement import pairwise_loo_kappa, panel_agreement, rater_rates

    labels = panel_labels(audit_dir)
    if labels["rater"].nunique() < 2:
        raise ValueError(f"{audit_dir}: agreement needs labels from at least two reviewers")
    whole, pairs = [], []
    for label, categories, ordinal, weights in (
        ("grade", list(GRADES), True, "quadratic"),
        ("critical_error", [False, True], False, None),
    ):
        kw = {"value": label, "categories": categories}
        whole.append(panel_agreement(labels, ordinal=ordinal, n_boot=n_boot, seed=seed, **kw)
                     .assign(label=label))  # fmt: skip
        pairs.append(pairwise_loo_kappa(labels, weights=weights, **kw)
                     .assign(label=label, weights=weights or "none"))  # fmt: skip
    failing = labels.assign(failing_grade=labels["grade"].isin(list(FAIL_GRADES)))
    rates = pd.concat([
        rater_rates(failing, flag="critical_error").assign(rate_of="critical error flagged"),
        rater_rates(failing, flag="failing_grade").assign(rate_of="failing grade"),
    ], ignore_index=True)  # fmt: skip
    whole_df = pd.concat(whole, ignore_index=True)
    pair_df = pd.concat(pairs, ignore_index=True)
    return {
        "Whole panel: Fleiss kappa and Krippendorff alpha (95% bootstrap CI; "
        "leave-one-item-out range)": whole_df[["label", *whole_df.columns[:-1]]],
        "Reviewer pairs: Cohen kappa and its leave-one-item-out range": pair_df[
            ["label", "weights", *pair_df.columns[:-2]]
        ],
        "Per-reviewer rates (95% Wilson CI)": rates[["rate_of", *rates.columns[:-1]]],
    }
