"""Column names as a clinician reads them, and a glossary of the statistical terms used.

The tables keep the names their statistics libraries give (pingouin's ``p-unc``, ``ddof1``,
``RBC``; clinbench's ``eta2_H``) in CSV and Markdown output, so they can be traced to the
library's documentation; the HTML report shows the names below instead, and ends with a
glossary of the terms that appear in it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# table column -> the heading shown in the HTML report
DISPLAY_NAMES = {
    "n": "n",
    "k": "count",
    "CI95%": "95% CI",
    "boot_CI95%": "95% CI (bootstrap)",
    "pass CI95%": "pass rate 95% CI",
    "pass_rate": "pass rate (C or above)",
    "critical_error_rate": "critical-error rate",
    "parse_failed": "parse failed",
    "judge_call_failed": "judge call failed",
    "failed_or_empty_share": "failed or empty share",
    "unusable_share": "failed, empty or unreadable share",
    "p-unc": "p (unadjusted)",
    "p-corr": "p (adjusted for multiple comparisons)",
    "p-adjust": "adjustment",
    "p-val": "p",
    "pval": "p",
    "p-boot": "p (bootstrap)",
    "p_bonferroni": "p (Bonferroni)",
    "ddof1": "degrees of freedom",
    "df1": "df (between)",
    "df2": "df (within)",
    "RBC": "rank-biserial r",
    "CLES": "common-language effect size",
    "eta2_H": "effect size η²(H)",
    "cohen_d": "Cohen's d",
    "U": "Mann–Whitney U",
    "U-val": "Mann–Whitney U",
    "H": "Kruskal–Wallis H",
    "Source": "compared across",
    "mean_A": "mean of A",
    "mean_B": "mean of B",
    "n_A": "n of A",
    "n_B": "n of B",
    "diff": "difference A − B",
    "coef": "coefficient",
    "SE": "standard error",
    "z": "z",
    "term": "term",
    "converged": "model converged",
    "start": "fit started from",
    "source_pool": "source pool",
    "error_type": "critical-error type",
    "order_kept": "order kept in resamples",
    "rank_kept": "rank kept in resamples",
    "ordering_kept": "ordering kept without the case",
    "max_fold_mean": "highest mean without one case",
    "min_fold_mean": "lowest mean without one case",
    "folds": "cases left out in turn",
    "judge": "judge",
    "human_agreement": "agreement with human labels",
    "audited": "audited replies",
    "log_file": "log file",
    "run_id": "run",
    "item_id": "item",
}

# term -> explanation; a term is listed when its heading appears in the report
GLOSSARY = {
    "95% CI": "95% confidence interval. Accuracy and rates: Wilson score interval; means: "
    "t interval; '(bootstrap)': percentile interval of resampled means.",
    "pass rate (C or above)": "Share of graded replies with a letter grade of C or better.",
    "critical-error rate": "Share of graded replies with at least one critical error (an "
    "error the rubric treats as unsafe or clinically consequential).",
    "parse failed": "The reply gave no answer in the required form; excluded from accuracy "
    "and counted apart, never scored as wrong or right.",
    "contradictory": "The reply declined and gave an answer at once, so neither is taken; "
    "like a parse failure (the two are the unreadable replies), excluded from accuracy and "
    "counted apart.",
    "p (unadjusted)": "p-value of a single test, before adjusting for the number of tests.",
    "p (adjusted for multiple comparisons)": "p-value after adjusting for the number of "
    "comparisons (Bonferroni unless stated), so many tests do not inflate false findings.",
    "p (Bonferroni)": "p-value multiplied by the number of comparisons (capped at 1).",
    "degrees of freedom": "For Kruskal–Wallis, the number of groups minus one.",
    "rank-biserial r": "Effect size of a Mann–Whitney test, from −1 to 1: positive when "
    "the first group (A) tends to score higher.",
    "common-language effect size": "Probability that a random score from A exceeds one from B.",
    "effect size η²(H)": "Share of the rank variance explained by the grouping, from the "
    "Kruskal–Wallis H: (H − k + 1)/(n − k); about 0.01 small, 0.06 medium, 0.14 large.",
    "Cohen's d": "Difference of means in units of the pooled standard deviation.",
    "Mann–Whitney U": "Rank test comparing two groups without assuming normal scores.",
    "Kruskal–Wallis H": "Rank test of whether several groups share one distribution.",
    "model converged": "Whether the mixed model's fitting finished; when it did not, its "
    "estimates are not reliable.",
    "fit started from": "Where the mixed model's optimiser began: moment estimates (least "
    "squares and the ANOVA case variance), or statsmodels' default start when that fit did not "
    "converge. Either way it is the same REML estimate.",
    "ICC": "Intraclass correlation: how much of the score variation lies between cases.",
    "weighted κ": "Cohen's kappa with quadratic weights for ordered grades: agreement beyond "
    "chance, where near misses count more than distant ones (1 perfect, 0 chance).",
    "κ": "Cohen's kappa: agreement beyond chance between two raters (1 perfect, 0 chance).",
    "PABAK": "Prevalence- and bias-adjusted kappa: kappa as if both answers were equally "
    "common; shown because kappa is low when critical errors are rare.",
    "McNemar": "Test of two models on the same items, using only the items where they differ.",
    "Wilson interval": "Confidence interval for a proportion that stays within 0–1 and "
    "behaves well for small n.",
    "floor baseline": "A model that does not read the question (random valid answer, or "
    "clinbench's rules): the score any real model must clear.",
}
ALWAYS = ("95% CI", "floor baseline", "Wilson interval")

# Plain labels of the code names the shared areas record (suites add theirs in their cards).
SHARED_LABELS = {
    "clinbench_items": "your own items",
    "clinbench_contamination": "contamination probe",
    "item_scorer": "exact match with the key",
    "closed_exact_match": "exact match (closed answers)",
    "normalised_match": "match after normalising the text",
    "verbatim_overlap": "verbatim overlap with the source",
    "default": "as written",
    "verbatim": "continue the source text",
}
LABELLED_COLUMNS = ("task", "scorer", "condition", "pipeline", "scenario")


def plain_label(code: str) -> str:
    """Return the plain label of a code name (a condition's '+' parts each labelled), or the
    name itself when no card or shared label names it."""
    from clinbench import suites

    labels = {**SHARED_LABELS, **suites.plain_labels()}
    text = str(code)
    if text in labels:
        return labels[text]
    parts = text.split("+")
    if len(parts) > 1 and all(p in labels for p in parts):
        return ", ".join(labels[p] for p in parts)
    return text


def display_name(column: object) -> str:
    """Return the heading a clinician reads for a table column."""
    name = str(column)
    if name in DISPLAY_NAMES:
        return DISPLAY_NAMES[name]
    return name.replace("_", " ")


def glossary(texts: Iterable[str]) -> list[tuple[str, str]]:
    """Return (term, explanation) for each glossary term found in `texts`, in glossary order."""
    blob = "\n".join(texts)
    found = []
    for term, meaning in GLOSSARY.items():
        if term in ALWAYS or re.search(rf"(?<!\w){re.escape(term)}(?!\w)", blob):
            found.append((term, meaning))
    return found
