"""Re-grade stored case judgements under another rubric, without calling any model.

Every rubric-graded row of the results table keeps the judge's JSON (subscores, critical
errors) in ``score_metadata["judge_json"]``. Re-grading applies a different rubric file
(weights, scale mapping, grade bands, caps) to that JSON — a sensitivity analysis of the
grading choices that leaves the judge's reading untouched. The Inspect logs are only read.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pandas as pd

from clinbench.errors import InputFileError
from clinbench.scoring import outcomes, panel
from clinbench.scoring.adjudicator import JudgeParseError, judgement_from_json
from clinbench.scoring.rubric import Rubric, RubricError, grade, load_rubric

RUBRIC_SCORERS = ("rubric_adjudicator", "rubric_rules_grader")


class RegradeError(InputFileError, ValueError):
    """Raised when stored judgements do not fit the new rubric (names the log, item, question)."""


def is_rubric_scorer(name: Any) -> bool:
    """Return True for the scorer names that carry rubric judgements."""
    return isinstance(name, str) and panel.panel_scorer(name.split("/")[-1]) in RUBRIC_SCORERS


def _regraded(details: dict, question: str, rubric: Rubric, rubric_path: str) -> dict:
    """Return one judgement's details re-graded under ``rubric`` (raises when it does not fit)."""
    raw = details.get("judge_json")
    if not isinstance(raw, dict):
        raise RubricError("no stored judge_json to re-grade")
    judgement = judgement_from_json(raw, question, rubric)
    score, letter, capped_by = grade(
        judgement.question, judgement.subscores, judgement.critical_errors, rubric
    )
    original = details.get("score")
    return details | {
        "regraded": {
            "rubric": rubric.name,
            "rubric_version": rubric.version,
            "rubric_path": rubric_path,
            "original_score": None if original is None or pd.isna(original) else float(original),
            "original_grade": details.get("grade"),
            "original_capped_by": details.get("capped_by", []),
        },
        "score": score,
        "grade": letter,
        "capped_by": capped_by,
        "critical_errors": judgement.critical_errors,
        "unclassified_errors": judgement.unclassified_errors,
    }


def _regraded_panel(details: dict, question: str, rubric: Rubric, rubric_path: str) -> dict:
    """Return a panel's details with each graded judge re-graded and the panel re-aggregated."""
    judges = [
        _regraded(j, question, rubric, rubric_path) if j.get("outcome") == outcomes.GRADED else j
        for j in details["judges"]
    ]
    graded = [j for j in judges if j.get("outcome") == outcomes.GRADED]
    aggregate = panel.rubric_panel(graded, details["panel"]["aggregation"], rubric.grade_for)
    kept = {k: v for k, v in details.items() if k != "reason"}
    return kept | aggregate | {
        "judges": judges,
        "regraded": {"rubric": rubric.name, "rubric_version": rubric.version,
                     "rubric_path": rubric_path, "original_score": details.get("score"),
                     "original_grade": details.get("grade")},
    }  # fmt: skip


def regrade_table(results: pd.DataFrame, rubric: Rubric, rubric_path: str = "") -> pd.DataFrame:
    """Return a copy of a results table with rubric-graded rows re-graded under ``rubric``.

    Changed columns: ``score``, ``grade``, ``critical_errors`` and ``score_metadata`` (which
    gains ``regraded``: the rubric used, the original score, grade and caps). Unscored rows
    stay unscored; other scorers' rows are unchanged.
    """
    out = results.copy()
    problems: list[str] = []
    for index, row in out.iterrows():
        if not is_rubric_scorer(row["scorer"]):
            continue
        where = f"{row['log_file']}: item {row['item_id']} epoch {row['epoch']} {row['question']}"
        try:
            details = json.loads(row["score_metadata"]) if row["score_metadata"] else {}
        except json.JSONDecodeError as err:
            problems.append(f"{where}: score_metadata is not JSON ({err.msg})")
            continue
        is_panel = isinstance(details.get("panel"), dict) and "judges" in details
        if row["outcome"] != outcomes.GRADED and not is_panel:
            continue
        try:
            if is_panel:  # a judge panel: its judges re-graded, then aggregated by its rule
                details = _regraded_panel(details, str(row["question"]), rubric, rubric_path)
            else:
                details = _regraded(details, str(row["question"]), rubric, rubric_path)
        except (JudgeParseError, RubricError, KeyError) as err:
            problems.append(f"{where}: {err}")
            continue
        out.at[index, "outcome"] = details.get("outcome", row["outcome"])
        out.at[index, "score"] = math.nan if details["score"] is None else details["score"]
        out.at[index, "grade"] = details["grade"] or ""
        out.at[index, "critical_errors"] = ";".join(details["critical_errors"])
        out.at[index, "score_metadata"] = json.dumps(details, sort_keys=True, default=str)
    if problems:
        shown = "\n".join(problems[:20])
        more = f"\n... and {len(problems) - 20} more" if len(problems) > 20 else ""
        raise RegradeError(
            f"{len(problems)} stored judgement(s) do not fit the rubric:\n{shown}{more}"
        )
    return out


def regrade_logs(log_dir: str | Path, rubric_path: str | Path) -> pd.DataFrame:
    """Return the results table of the logs in ``log_dir`` re-graded under a rubric file."""
    from clinbench.results.export import results_table

    rubric = load_rubric(rubric_path)
    table = results_table(log_dir)
    return regrade_table(table, rubric, str(rubric_path))


def grade_changes(before: pd.DataFrame, after: pd.DataFrame) -> pd.DataFrame:
    """Return, per scorer and question, how many rubric judgements were graded (n) and
    unscored, and how many graded ones changed grade and score.

    A question whose judge replies were all unscored has its row, with n 0: nothing of it
    could be re-graded, and that is said rather than left out.
    """
    keys = ["model", "item_id", "epoch", "scorer", "question"]
    rubric = before["scorer"].map(is_rubric_scorer)
    mask = rubric & (before["outcome"] == outcomes.GRADED)
    unscored = before[rubric & (before["outcome"] == outcomes.UNSCORED)]
    unscored_n = unscored.groupby(["scorer", "question"]).size()
    merged = before[mask][keys + ["score", "grade"]].merge(
        after[keys + ["score", "grade"]], on=keys, suffixes=("_before", "_after")
    )
    groups = dict(iter(merged.groupby(["scorer", "question"], sort=True)))
    rows = []
    for scorer_name, question in sorted({*groups, *unscored_n.index}):
        group = groups.get((scorer_name, question), merged.iloc[:0])
        moved = group["score_after"] - group["score_before"]
        rows.append(
            {
                "scorer": scorer_name,
                "question": question,
                "n": len(group),
                "unscored": int(unscored_n.get((scorer_name, question), 0)),
                "grade changed": int((group["grade_before"] != group["grade_after"]).sum()),
                "mean before": float(group["score_before"].mean()) if len(group) else math.nan,
                "mean after": float(group["score_after"].mean()) if len(group) else math.nan,
                "mean change": float(moved.mean()) if len(moved) else math.nan,
            }
        )
    return pd.DataFrame(
        rows,
        columns=["scorer", "question", "n", "unscored", "grade changed", "mean before",
                 "mean after", "mean change"],
    )  # fmt: skip


def regrade_note(changes: pd.DataFrame) -> str:
    """Return the line under the regrade table: nothing rubric-graded, nothing graded, or ''."""
    if changes.empty:
        return "no rubric-graded rows"
    graded, unscored = int(changes["n"].sum()), int(changes["unscored"].sum())
    if graded == 0:
        return (f"none of the {unscored} rubric judgements was graded ({unscored} unscored: "
                "the judge's reply failed to parse or its call failed); "
                "nothing to re-grade")  # fmt: skip
    return ""
