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

from clinbench.scoring import outcomes
from clinbench.scoring.adjudicator import JudgeParseError, judgement_from_json
from clinbench.scoring.rubric import Rubric, RubricError, grade, load_rubric

RUBRIC_SCORERS = ("rubric_adjudicator", "rubric_rules_grader")


class RegradeError(ValueError):
    """Raised when stored judgements do not fit the new rubric (names the log, item, question)."""


def is_rubric_scorer(name: Any) -> bool:
    """Return True for the scorer names that carry rubric judgements."""
    return isinstance(name, str) and name.split("/")[-1] in RUBRIC_SCORERS


def regrade_table(results: pd.DataFrame, rubric: Rubric, rubric_path: str = "") -> pd.DataFrame:
    """Return a copy of a results table with rubric-graded rows re-graded under ``rubric``.

    Changed columns: ``score``, ``grade``, ``critical_errors`` and ``score_metadata`` (which
    gains ``regraded``: the rubric used, the original score, grade and caps). Unscored rows
    stay unscored; other scorers' rows are unchanged.
    """
    out = results.copy()
    problems: list[str] = []
    for index, row in out.iterrows():
        if not is_rubric_scorer(row["scorer"]) or row["outcome"] != outcomes.GRADED:
            continue
        where = f"{row['log_file']}: item {row['item_id']} epoch {row['epoch']} {row['question']}"
        try:
            details = json.loads(row["score_metadata"]) if row["score_metadata"] else {}
        except json.JSONDecodeError as err:
            problems.append(f"{where}: score_metadata is not JSON ({err.msg})")
            continue
        raw = details.get("judge_json")
        if not isinstance(raw, dict):
            problems.append(f"{where}: no stored judge_json to re-grade")
            continue
        try:
            judgement = judgement_from_json(raw, str(row["question"]), rubric)
            score, letter, capped_by = grade(
                judgement.question, judgement.subscores, judgement.critical_errors, rubric
            )
        except (JudgeParseError, RubricError, KeyError) as err:
            problems.append(f"{where}: {err}")
            continue
        details["regraded"] = {
            "rubric": rubric.name,
            "rubric_version": rubric.version,
            "rubric_path": rubric_path,
            "original_score": None if pd.isna(row["score"]) else float(row["score"]),
            "original_grade": row["grade"],
            "original_capped_by": details.get("capped_by", []),
        }
        details.update(
            score=score,
            grade=letter,
            capped_by=capped_by,
            critical_errors=judgement.critical_errors,
            unclassified_errors=judgement.unclassified_errors,
        )
        out.at[index, "score"] = score
        out.at[index, "grade"] = letter
        out.at[index, "critical_errors"] = ";".join(judgement.critical_errors)
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
    """Return, per scorer and question, how many rubric-graded rows changed grade and score."""
    keys = ["model", "item_id", "epoch", "scorer", "question"]
    mask = before["scorer"].map(is_rubric_scorer) & (before["outcome"] == outcomes.GRADED)
    merged = before[mask][keys + ["score", "grade"]].merge(
        after[keys + ["score", "grade"]], on=keys, suffixes=("_before", "_after")
    )
    rows = []
    for (scorer_name, question), group in merged.groupby(["scorer", "question"], sort=True):
        moved = group["score_after"] - group["score_before"]
        rows.append(
            {
                "scorer": scorer_name,
                "question": question,
                "n": len(group),
                "grade changed": int((group["grade_before"] != group["grade_after"]).sum()),
                "mean before": float(group["score_before"].mean()),
                "mean after": float(group["score_after"].mean()),
                "mean change": float(moved.mean()) if len(moved) else math.nan,
            }
        )
    return pd.DataFrame(
        rows,
        columns=["scorer", "question", "n", "grade changed", "mean before", "mean after",
                 "mean change"],
    )  # fmt: skip
