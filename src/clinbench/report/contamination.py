"""The report's contamination section: what the probes found, and what they cannot show."""

from __future__ import annotations

import pandas as pd

from clinbench.contamination.probe_results import (
    TASK,
    canary_recall,
    dated_accuracy,
    verbatim_contrast,
)
from clinbench.report.sections import ReportSection

CAN_AND_CANNOT = (
    "What this can show: a contrast well above zero (its interval clear of zero) means the "
    "model reproduces these items' own wording far better than it reproduces comparable text "
    "it cannot have seen, which is evidence that the items, or text very close to them, were "
    "in its training data; a recalled canary GUID means the published files were. What it "
    "cannot show: a contrast near zero, or an unrecalled canary, does not show the model is "
    "clean (models can learn items without reciting them, and can refuse or paraphrase); "
    "the mismatched control does not remove what can be inferred from the prefix, and a "
    "before/after accuracy difference can also come from items of different difficulty."
)


def contamination_section(results: pd.DataFrame):
    """Return the contamination section (None when no probe ran)."""
    if results.empty or "task" not in results.columns or not (results["task"] == TASK).any():
        return None
    tables = {}
    contrast = verbatim_contrast(results)
    if not contrast.empty:
        tables["Verbatim completion: ROUGE-L F1, bank vs control (95% bootstrap CI)"] = contrast
        lcs = verbatim_contrast(results, measure="lcs_ratio")
        tables["Verbatim completion: longest common substring / remainder length"] = lcs
    recall = canary_recall(results)
    if not recall.empty:
        tables["Canary recall"] = recall
    dated = dated_accuracy(results)
    if not dated.empty:
        tables["Accuracy before vs after the training cut-off"] = dated
    notes = []
    for row in contrast.itertuples(index=False):
        lo, hi = row[9], row[10]
        verdict = (
            "evidence of contamination" if lo > 0 else "no evidence either way" if lo <= 0 <= hi
            else "below the control"
        )  # fmt: skip
        notes.append(
            f"{row.model} on {row.bank} ({row.control.split(' ')[0]}): contrast "
            f"{row.contrast:+.3f} [{lo:+.3f}, {hi:+.3f}] — {verdict}."
        )
    return ReportSection(
        title="Contamination probes",
        intro=(
            "Verbatim completion: each item's text is cut in half; the model is asked to "
            "continue the first half word for word, and its continuation is compared with "
            "the true second half (ROUGE-L F1 and longest common substring) and, as a "
            "control, with text of the same format it cannot have seen. Canary recall: the "
            "model is asked for the bank's canary GUID. " + CAN_AND_CANNOT
        ),
        tables=tables,
        notes=notes,
    )
