"""The versioned leaderboard: each version appends rows and a changelog entry; nothing moves.

A leaderboard is a file (.json, or .csv with a ``.versions.csv`` changelog beside it) of
one row per model x task x condition x scorer per version (a task scored two ways, such as
exact match on its MCQs and a normalised match on its fill-ins, has a row for each: its
scorers' replies are never pooled into one accuracy, and a reply two scorers judge is never
counted twice). ``add_version`` summarises a results table and appends its rows under a
new version with its note. A row from an earlier version is never changed, except that when
the same model x task x condition x scorer is run again its old row is marked
``superseded_by`` the new version and the new row is marked as a re-run (``rerun``,
``replaces_version``). Models whose failed, empty or unreadable replies exceed a threshold
are entered as excluded, with the reason, and are never scored zero.

Equipoise items (``"equipoise": true`` in an item's metadata) are scored apart and do not
enter leaderboard accuracy.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

import pandas as pd

from clinbench.io import read_own_csv, write_csv
from clinbench.scoring import outcomes

DEFAULT_EXCLUSION_THRESHOLD = 0.10
KEY = ["model", "task", "condition", "scorer"]
# a rubric-graded case task has one row per question of its cases (the run summary's and the
# report's rows): its case score, never an accuracy; every other row has question ""
ROW_KEY = [*KEY, "question"]
ALL_QUESTIONS = "all"  # the question of a case task's row over all of its questions
CASE_COLUMNS = ["question", "graded", "unscored", "score", "score_ci_low", "score_ci_high"]
# a scorer its suite measures on a scale over the whole task (a corpus WER: ``SuiteSpec.
# board_measures``): its figure is ``score`` over ``graded`` replies, named by ``measure``
MEASURE_COLUMNS = ["measure", "lower_is_better"]
ROW_COLUMNS = [
    "version", "added", "model", "task", "condition", "scorer", "status", "excluded_reason",
    "items", "answered", "correct", "accuracy", "ci_low", "ci_high", "declined",
    "parse_failed", "errors", "empty", "rerun", "replaces_version", "superseded_by",
    "release_date", *CASE_COLUMNS, *MEASURE_COLUMNS,
]  # fmt: skip
SUMMARY_COLUMNS = [
    "model", "task", "condition", "scorer", "status", "excluded_reason", "items", "answered",
    "correct",
    "accuracy", "ci_low", "ci_high", "declined", "parse_failed", "errors", "empty",
    *CASE_COLUMNS, *MEASURE_COLUMNS,
]  # fmt: skip
VERSION_COLUMNS = ["version", "date", "note", "rows_added", "reruns", "models"]
SCORED = "scored"
NOTHING_SCORED = "nothing scored"
"""The status of a row whose model is not excluded but whose replies give it no figure: no
reply answered (every one unparseable, contradictory or an error) or, for a rubric-graded
task, no section graded (every verdict unreadable or its call failed). Its counts say why;
it is never shown as scored, nor drawn in the trend."""
EXCLUDED = "excluded"


@dataclass
class Leaderboard:
    """A leaderboard: its rows (every version's) and its changelog (one row per version)."""

    rows: pd.DataFrame
    versions: pd.DataFrame

    def current(self) -> pd.DataFrame:
        """Return the rows not superseded by a later re-run."""
        mask = self.rows["superseded_by"].fillna("").astype(str) == ""
        return self.rows[mask].reset_index(drop=True)


def empty_leaderboard() -> Leaderboard:
    """Return a leaderboard with no versions."""
    return Leaderboard(pd.DataFrame(columns=ROW_COLUMNS), pd.DataFrame(columns=VERSION_COLUMNS))


def _item_meta(text: Any) -> dict:
    if isinstance(text, dict):
        return text
    if not isinstance(text, str) or not text.strip():
        return {}
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        return {}
    if isinstance(value, dict) and isinstance(value.get("item"), dict):
        return value["item"]
    return value if isinstance(value, dict) else {}


def is_equipoise(results: pd.DataFrame) -> pd.Series:
    """Return a boolean Series: True for rows whose item is marked equipoise."""
    if "item_metadata" not in results.columns:
        return pd.Series(False, index=results.index)
    return results["item_metadata"].map(lambda t: bool(_item_meta(t).get("equipoise")))


def _empty_reply(value: Any) -> bool:
    return (
        value is None or (isinstance(value, float) and math.isnan(value)) or not str(value).strip()
    )


def _failed_samples(group: pd.DataFrame) -> int:
    """Return the number of samples of ``group`` whose call failed (outcome ``error``), each
    sample once however many scorer or question rows it has."""
    failed = group[group["outcome"] == outcomes.ERROR]
    return len(
        failed.drop_duplicates([k for k in ("item_id", "epoch", "run_id") if k in failed.columns])
    )


# what makes one reply of a model: a sample of a task, in one run (scorers and questions are
# rows of the same reply)
REPLY_KEYS = ("task", "condition", "item_id", "epoch", "run_id")


def model_exclusions(
    results: pd.DataFrame, threshold: float = DEFAULT_EXCLUSION_THRESHOLD
) -> pd.DataFrame:
    """Return per-model counts of unusable replies and whether the model is excluded.

    Unusable replies are failed (outcome ``error``), empty (a blank response) or unreadable
    (``outcomes.UNREADABLE``: ``parse_failed``, not in the required form, or
    ``contradictory``, a decline and an answer at once; each in its own column), each reply
    (a sample of a task in one run, whatever its scorers and questions: ``REPLY_KEYS``)
    counted once, in that order. A model is excluded
    when unusable / replies exceeds ``threshold``: one threshold, so a model cannot rank
    "best" by answering out of the required form (its parse failures would otherwise leave
    the accuracy denominator). Columns: model, replies, failed, empty, parse_failed,
    contradictory, unusable_share, excluded, reason.
    """
    out = []
    # one reply per sample: a results table has a row per scorer (and per question of a
    # case), and a sample's reply is unusable when any of its rows says so
    sample = [k for k in REPLY_KEYS if k in results.columns]
    for model, rows in results.groupby("model", sort=True):
        rows = rows.assign(
            _failed=rows["outcome"] == outcomes.ERROR,
            _empty=rows["response"].map(_empty_reply),
            _unparsed=rows["outcome"] == outcomes.PARSE_FAILED,
            _contradictory=rows["outcome"] == outcomes.CONTRADICTORY,
        )
        marks = ["_failed", "_empty", "_unparsed", "_contradictory"]
        if sample:
            keyed = rows[sample].astype(str).fillna("")
            rows = rows[marks].groupby([keyed[k] for k in sample], sort=False).any()
        failed = rows["_failed"]
        empty = rows["_empty"] & ~failed
        unparsed = rows["_unparsed"] & ~failed & ~empty
        contradictory = rows["_contradictory"] & ~failed & ~empty
        replies = len(rows)
        unusable = failed.sum() + empty.sum() + unparsed.sum() + contradictory.sum()
        share = unusable / replies if replies else math.nan
        excluded = bool(replies and share > threshold)
        reason = ""
        if excluded:
            reason = (
                f"{int(failed.sum())} failed, {int(empty.sum())} empty, "
                f"{int(unparsed.sum())} parse failed and {int(contradictory.sum())} "
                f"contradictory of {replies} replies ({share:.1%}) exceed the "
                f"{threshold:.0%} threshold"
            )
        out.append(
            {
                "model": model,
                "replies": replies,
                "failed": int(failed.sum()),
                "empty": int(empty.sum()),
                "parse_failed": int(unparsed.sum()),
                "contradictory": int(contradictory.sum()),
                "unusable_share": float(share),
                "excluded": excluded,
                "reason": reason,
            }
        )
    columns = ["model", "replies", "failed", "empty", "parse_failed", "contradictory",
               "unusable_share", "excluded", "reason"]  # fmt: skip
    frame = pd.DataFrame(out, columns=columns)
    frame["excluded"] = frame["excluded"].astype(bool)  # a boolean mask even with no rows
    return frame


def is_check_run(results: pd.DataFrame) -> pd.Series:
    """Return True for rows of robustness-check runs: a condition with a part its suite
    declares a check (``clinbench.suites.is_robustness_check``: ``blind+pushback``,
    ``asr+babble@10dB``), never a prompting condition reported as a result (``asr+cot``).
    The one test of every surface that keeps checks apart from results."""
    from clinbench.suites import is_robustness_check

    conditions = results["condition"].fillna("").astype(str)
    suites = results["suite"].fillna("").astype(str) if "suite" in results.columns else ""
    keys = list(zip(pd.Series(suites, index=results.index), conditions, strict=True))
    known = {key: is_robustness_check(key[1], key[0]) for key in set(keys)}
    return pd.Series([known[key] for key in keys], index=results.index, dtype=bool)


def summarise(
    results: pd.DataFrame,
    *,
    threshold: float = DEFAULT_EXCLUSION_THRESHOLD,
    confidence: float = 0.95,
    include_checks: bool = False,
) -> pd.DataFrame:
    """Return leaderboard rows (model x task x condition x scorer) from a results table.

    One row per scorer, as every other accuracy table (the run summary, ``analyze``, the
    report) gives it: pooling a task's scorers would give a figure no other surface shows,
    and count twice a reply that two scorers judge (a fill-in judged by the adjudicator and
    by the normalised match).

    Accuracy is correct / answered, where answered = correct + incorrect + declined +
    refused; parse failures, contradictory replies and errors are counted and excluded. Its
    interval is the one accuracy estimator's (``stats.clustered.accuracy_two_denominators``:
    clustered by item when items have several epochs). Equipoise items are left out, and so
    are robustness-check runs (:func:`is_check_run`: ``blind+pushback``, noise) unless
    ``include_checks``. Excluded
    models get status ``excluded`` with the reason and no accuracy; a row with nothing
    answered (or graded) gets ``nothing scored`` (:data:`NOTHING_SCORED`).
    """
    exclusions = model_exclusions(results, threshold).set_index("model")
    if "scorer" not in results.columns:
        results = results.assign(scorer="")
    board = results[~is_equipoise(results)]
    if not include_checks:
        board = board[~is_check_run(board)]
    from clinbench.stats.repeated_epochs import accuracy_two_denominators

    estimates = accuracy_two_denominators(board, by=KEY, confidence=confidence, n_boot=0)
    estimates = estimates.set_index(KEY)
    rubric = outcomes.rubric_pairs(board)
    sections = section_pairs(board) - rubric
    measured = suite_measures(board)
    rows = []
    for (model, task, condition, scorer), group in board.groupby(KEY, sort=True, dropna=False):
        key = (model, task, condition, scorer)
        if key in measured.index:
            excluded = bool(exclusions.loc[model, "excluded"])
            reason = exclusions.loc[model, "reason"] if excluded else ""
            rows.append(_measure_row(group, key, measured.loc[key], excluded, reason))
            continue
        if (task, scorer) in rubric | sections:
            excluded = bool(exclusions.loc[model, "excluded"])
            reason = exclusions.loc[model, "reason"] if excluded else ""
            rows += (_case_rows(group, key, excluded, reason, confidence)
                     if (task, scorer) in rubric
                     else _section_rows(group, key, excluded, reason))  # fmt: skip
            continue
        counts = estimates.loc[key] if key in estimates.index else None
        answered = int(counts["answered"]) if counts is not None else 0
        row = {
            "model": model,
            "task": task,
            "condition": condition,
            "scorer": scorer,
            "items": int(group["item_id"].nunique()),
            "answered": answered,
            "correct": int(counts["correct"]) if counts is not None else 0,
            "declined": int(counts["declined"]) if counts is not None else 0,
            "parse_failed": int(counts["parse_failed"]) if counts is not None else 0,
            "errors": int(counts["error"]) if counts is not None else 0,
            "empty": int(group["response"].map(_empty_reply).sum()),
        }
        if bool(exclusions.loc[model, "excluded"]):
            row.update(
                status=EXCLUDED,
                excluded_reason=exclusions.loc[model, "reason"],
                accuracy=math.nan,
                ci_low=math.nan,
                ci_high=math.nan,
            )
        else:
            row.update(
                status=SCORED if answered else NOTHING_SCORED,
                excluded_reason="",
                accuracy=counts["accuracy_answered"] if answered else math.nan,
                ci_low=counts["ci_answered_low"] if answered else math.nan,
                ci_high=counts["ci_answered_high"] if answered else math.nan,
            )
        rows.append(row | {"question": ""})
    frame = pd.DataFrame(rows, columns=SUMMARY_COLUMNS)
    frame["measure"] = frame["measure"].where(frame["measure"].notna(), "").astype(str)
    frame["lower_is_better"] = frame["lower_is_better"].astype(object).fillna(False).astype(bool)
    return frame


SHOW_COLUMNS = ["version", "model", "task", "condition", "scorer", "status", "accuracy",
                "ci_low", "ci_high", "answered", "declined", "parse_failed", "rerun",
                "superseded_by", "excluded_reason"]  # fmt: skip


def shown_rows(rows: pd.DataFrame) -> pd.DataFrame:
    """Return board rows as ``leaderboard show`` prints them: best first within each task,
    condition, scorer and question (highest accuracy or case score; lowest figure of a
    measure that is lower-is-better, such as a WER), with the columns the rows need."""
    better = rows["lower_is_better"].astype(bool)
    score = pd.to_numeric(rows["score"], errors="coerce")
    rank = (-pd.to_numeric(rows["accuracy"], errors="coerce")).fillna(score.where(better, -score))
    rows = rows.assign(_rank=rank).sort_values(
        ["task", "condition", "scorer", "question", "_rank"], na_position="last", kind="stable"
    )
    columns = list(SHOW_COLUMNS)
    if (rows["question"] != "").any():  # a rubric-graded case task: its case score per question
        columns[6:6] = ["question", "score", "score_ci_low", "score_ci_high", "graded",
                        "unscored", "errors"]  # fmt: skip
    if (rows["measure"] != "").any():  # a suite's own measure (a WER): named, with its direction
        rows = rows.assign(measure=[
            f"{m}, {'lower' if low else 'higher'} is better" if m else ""
            for m, low in zip(rows["measure"], better.loc[rows.index], strict=True)
        ])  # fmt: skip
        columns[6:6] = ["measure", *(c for c in ("score", "graded", "errors") if c not in columns)]
    return rows[columns].reset_index(drop=True)


def suite_measures(results: pd.DataFrame) -> pd.DataFrame:
    """Return the suites' own whole-task measures (``SuiteSpec.board_measures``: a corpus
    WER), indexed by model, task, condition and scorer; none for suites that declare none."""
    from clinbench import suites

    columns = [*KEY, "measure", "value", "n", "lower_is_better"]
    parts = []
    present = set(results["suite"].dropna().astype(str)) if "suite" in results.columns else set()
    for name, spec in suites.suites().items():
        if name in present and spec.board_measures is not None:
            rows = results[results["suite"] == name].reset_index(drop=True)
            parts.append(suites.load(spec.board_measures)(rows))
    parts = [p for p in parts if len(p)]
    table = pd.concat(parts, ignore_index=True) if parts else pd.DataFrame(columns=columns)
    return table[columns].set_index(KEY)


def _measure_row(
    group: pd.DataFrame, key: tuple, measure: pd.Series, excluded: bool, reason: str
) -> dict:
    """Return the board row of a scorer its suite measures over the whole task: the suite's
    figure (``measure``: name, value, n, lower_is_better), never an accuracy, with the
    unreadable replies and failed samples counted."""
    model, task, condition, scorer = key
    scored = int(measure["n"]) > 0 and pd.notna(measure["value"]) and not excluded
    return {
        "model": model, "task": task, "condition": condition, "scorer": scorer,
        "status": EXCLUDED if excluded else SCORED if scored else NOTHING_SCORED,
        "excluded_reason": reason, "items": int(group["item_id"].nunique()), "answered": 0,
        "correct": 0, "accuracy": math.nan, "ci_low": math.nan, "ci_high": math.nan,
        "declined": 0, "parse_failed": int((group["outcome"] == outcomes.PARSE_FAILED).sum()),
        "errors": _failed_samples(group), "empty": int(group["response"].map(_empty_reply).sum()),
        "question": "", "graded": int(measure["n"]), "unscored": 0,
        "score": float(measure["value"]) if scored else math.nan,
        "score_ci_low": math.nan, "score_ci_high": math.nan,
        "measure": str(measure["measure"]), "lower_is_better": bool(measure["lower_is_better"]),
    }  # fmt: skip


def _case_rows(
    group: pd.DataFrame, key: tuple, excluded: bool, reason: str, confidence: float
) -> list[dict]:
    """Return a rubric-graded task's rows of one model x task x condition x scorer: one per
    question, its case score (``stats.describe.rubric_score_means``, the run summary's and
    the report's figure: mean, interval, n graded), the unscored judgements, and the
    samples whose call failed (counted under each question, as the run summary does)."""
    from clinbench.stats.describe import rubric_score_means

    judged = group[group["outcome"].isin([outcomes.GRADED, outcomes.UNSCORED])]
    judged = judged.assign(question=judged["question"].fillna("").astype(str))
    graded = judged[(judged["outcome"] == outcomes.GRADED) & judged["score"].notna()]
    means = rubric_score_means(graded, by=["question"], confidence=confidence)
    ci = means.columns[-1]
    means = means.set_index("question")
    # the task's case score over every question (the report's and analyze's headline: mean
    # rubric score, interval, n graded sections), then each question's
    pooled = rubric_score_means(graded.assign(question=ALL_QUESTIONS), ["question"], confidence)
    means = pd.concat([pooled.set_index("question"), means])
    every = [(ALL_QUESTIONS, judged), *judged.groupby("question", sort=True)]
    return _question_rows(group, key, excluded, reason, every, means, ci)


def _question_rows(
    group: pd.DataFrame,
    key: tuple,
    excluded: bool,
    reason: str,
    every: list[tuple[str, pd.DataFrame]],
    means: pd.DataFrame,
    ci: str | None,
) -> list[dict]:
    """Return one board row per (question, its judged rows) of ``every``: the mean and n of
    ``means`` (indexed by question), its interval from column ``ci`` (none where ``ci`` is
    None), the unscored judgements, and the samples whose call failed (under each question)."""
    errors = _failed_samples(group)
    model, task, condition, scorer = key
    rows = []
    for question, asked in every:
        scored = question in means.index and not excluded
        low, high = means.loc[question, ci] if scored and ci else (math.nan, math.nan)
        rows.append({
            "model": model, "task": task, "condition": condition, "scorer": scorer,
            "status": EXCLUDED if excluded else SCORED if scored else NOTHING_SCORED,
            "excluded_reason": reason,
            "items": int(group["item_id"].nunique()), "answered": 0, "correct": 0,
            "accuracy": math.nan, "ci_low": math.nan, "ci_high": math.nan, "declined": 0,
            "parse_failed": 0, "errors": errors,
            "empty": int(asked["response"].map(_empty_reply).sum()),
            "question": question,
            "graded": int(means.loc[question, "n"]) if question in means.index else 0,
            "unscored": int((asked["outcome"] == outcomes.UNSCORED).sum()),
            "score": float(means.loc[question, "mean"]) if scored else math.nan,
            "score_ci_low": float(low), "score_ci_high": float(high),
        })  # fmt: skip
    return rows


def section_pairs(results: pd.DataFrame) -> set[tuple[str, str]]:
    """Return the (task, scorer) pairs that score each section of a reply (question Q1, Q2
    ...) on a scale: a rubric grade, or a score of its own with no grade (the audiogram
    fact check); they have section rows on the board, never an accuracy."""
    from clinbench.stats.repeated_epochs import on_a_scale

    if "question" not in results.columns:
        return set()
    scaled = results[on_a_scale(results)]
    scaled = scaled[scaled["question"].fillna("").astype(str) != ""]
    return set(zip(scaled["task"], scaled["scorer"], strict=True))


def _section_rows(group: pd.DataFrame, key: tuple, excluded: bool, reason: str) -> list[dict]:
    """Return the rows of a scorer that scores each section with no letter grade (the
    audiogram fact check), one per question: the mean of its graded sections
    (``stats.describe.section_means``, the figure the audiology tables beside the rubric give;
    no interval, as none of them gives one), the sections graded and unscored, the samples
    whose call failed (under each question, as for a case score)."""
    from clinbench.stats.describe import section_means

    judged = group[group["outcome"].isin([outcomes.GRADED, outcomes.UNSCORED])]
    judged = judged.assign(question=judged["question"].fillna("").astype(str))
    means = section_means(judged[judged["outcome"] == outcomes.GRADED], ["question"])
    every = list(judged.groupby("question", sort=True))
    return _question_rows(group, key, excluded, reason, every, means.set_index("question"), None)


def read_release_dates(path: str | Path) -> dict[str, str]:
    """Return model -> ISO release date from a CSV with columns model, release_date."""
    from clinbench.curate.textnorm import csv_rows
    from clinbench.items.loader import ItemFileError, ItemProblem

    path = Path(path)
    if not path.exists():
        raise ItemFileError([ItemProblem(str(path), 0, "-", "file not found")])
    problems, dates = [], {}
    for line, row in csv_rows(path):
        model = (row.get("model") or "").strip()
        text = (row.get("release_date") or "").strip()
        if not model:
            problems.append(ItemProblem(str(path), line, "model", "empty or missing column"))
            continue
        try:
            dates[model] = date.fromisoformat(text).isoformat()
        except ValueError:
            problems.append(
                ItemProblem(str(path), line, "release_date", f"not a YYYY-MM-DD date: {text!r}")
            )
    if problems:
        raise ItemFileError(problems)
    return dates


def _versions_path(path: Path) -> Path:
    return path.with_name(path.stem + ".versions.csv")


def read_leaderboard(path: str | Path) -> Leaderboard:
    """Return the leaderboard stored at ``path`` (an empty one when the file does not exist)."""
    path = Path(path)
    if not path.exists():
        return empty_leaderboard()
    if path.suffix.lower() == ".json":
        data = json.loads(path.read_text(encoding="utf-8"))
        rows = pd.DataFrame(data.get("rows", []), columns=ROW_COLUMNS)
        versions = pd.DataFrame(data.get("versions", []), columns=VERSION_COLUMNS)
    elif path.suffix.lower() == ".csv":
        rows = read_own_csv(
            path,
            dtype={"version": str, "replaces_version": str, "superseded_by": str},
            keep_default_na=True,
        )
        rows = rows.reindex(columns=ROW_COLUMNS)
        vpath = _versions_path(path)
        versions = (
            read_own_csv(vpath, dtype={"version": str}, keep_default_na=False)
            if vpath.exists()
            else pd.DataFrame(columns=VERSION_COLUMNS)
        )
    else:
        raise ValueError(f"{path}: a leaderboard file is .json or .csv")
    # "scorer": "" on a row stored before the board kept scorers (it pooled the task's)
    for column in ("scorer", "superseded_by", "replaces_version", "excluded_reason",
                   "release_date", "question", "measure"):  # fmt: skip
        rows[column] = rows[column].astype(object).where(rows[column].notna(), "").astype(str)
    for column in ("rerun", "lower_is_better"):
        rows[column] = rows[column].astype(object).where(rows[column].notna(), False)
        rows[column] = rows[column].map(lambda v: str(v).lower() in ("true", "1")).astype(bool)
    return Leaderboard(rows, versions)


def write_leaderboard(board: Leaderboard, path: str | Path) -> Path:
    """Write the leaderboard atomically (JSON, or CSV plus a .versions.csv changelog)."""
    from clinbench.io import atomic_write_text

    path = Path(path)
    if path.suffix.lower() == ".json":
        data = {
            "rows": json.loads(board.rows.to_json(orient="records")),
            "versions": json.loads(board.versions.to_json(orient="records")),
        }
        return atomic_write_text(path, json.dumps(data, indent=2) + "\n")
    if path.suffix.lower() == ".csv":
        write_csv(board.versions, _versions_path(path))
        write_csv(board.rows, path)
        return path
    raise ValueError(f"{path}: a leaderboard file is .json or .csv")


def add_version(
    board: Leaderboard,
    results: pd.DataFrame,
    version: str,
    note: str,
    *,
    release_dates: dict[str, str] | None = None,
    threshold: float = DEFAULT_EXCLUSION_THRESHOLD,
    today: str | None = None,
    include_checks: bool = False,
) -> Leaderboard:
    """Return a new leaderboard with ``results`` appended as ``version`` with its changelog note.

    Rows for a model x task x condition x scorer already on the board are re-runs: the new
    row says so and the old row is marked superseded by this version; no other earlier row
    changes. A row stored before the board kept scorers (scorer "") stands for every scorer
    of its model x task x condition.
    """
    version = str(version).strip()
    if not version:
        raise ValueError("a version needs a name")
    if version in set(board.versions["version"].astype(str)):
        raise ValueError(f"version {version!r} is already on the leaderboard")
    if not note.strip():
        raise ValueError("a version needs a changelog note")
    today = today or date.today().isoformat()
    new = summarise(results, threshold=threshold, include_checks=include_checks)
    if new.empty:
        checks = sorted(set(results.loc[is_check_run(results), "condition"].astype(str)))
        if checks and not include_checks and len(results) and is_check_run(results).all():
            raise ValueError(
                "every row is of a robustness-check run (a condition its suite calls a check: "
                f"{', '.join(checks)}), which the board leaves out unless asked for "
                "(--with-checks)"
            )
        raise ValueError("the results hold no rows to add")
    rows = board.rows.copy()
    current = rows["superseded_by"] == ""
    reruns = 0
    rerun_flags, replaced = [], []
    for key in new[ROW_KEY].itertuples(index=False):
        match = current
        for column, value in zip(ROW_KEY, key, strict=True):
            same = rows[column].astype(str) == str(value)
            if column in ("scorer", "question"):  # a row stored before stands for every one
                same = same | (rows[column].astype(str) == "")
            match = match & same
        if match.any():
            reruns += 1
            rerun_flags.append(True)
            replaced.append(str(rows.loc[match, "version"].iloc[-1]))
            rows.loc[match, "superseded_by"] = version
        else:
            rerun_flags.append(False)
            replaced.append("")
    # A release date is a property of the model: one given with an earlier version carries
    # over to this version's rows (e.g. a re-run) unless a new one is supplied now.
    known = rows[rows["release_date"].astype(str) != ""]
    dates = dict(zip(known["model"], known["release_date"], strict=True)) | (release_dates or {})
    new = new.assign(
        version=version,
        added=today,
        rerun=rerun_flags,
        replaces_version=replaced,
        superseded_by="",
        release_date=[dates.get(m, "") for m in new["model"]],
    ).reindex(columns=ROW_COLUMNS)
    entry = pd.DataFrame(
        [
            {
                "version": version,
                "date": today,
                "note": note.strip(),
                "rows_added": len(new),
                "reruns": reruns,
                "models": ", ".join(sorted(new["model"].astype(str).unique())),
            }
        ],
        columns=VERSION_COLUMNS,
    )
    parts = [frame for frame in (rows, new) if len(frame)]
    all_rows = pd.concat(parts, ignore_index=True) if parts else new
    versions = pd.concat([f for f in (board.versions, entry) if len(f)], ignore_index=True)
    return Leaderboard(all_rows.reindex(columns=ROW_COLUMNS), versions)


def trend(board: Leaderboard, condition: str | None = None) -> pd.DataFrame:
    """Return current scored rows with a release date, oldest model first.

    Columns: release_date, model, condition, accuracy, ci_low, ci_high, version.
    """
    rows = board.current()
    rows = rows[(rows["status"] == SCORED) & (rows["release_date"].astype(str) != "")]
    # accuracies: a case score or a suite's own measure (a WER) is not one
    rows = rows[(rows["question"].astype(str) == "") & (rows["measure"].astype(str) == "")]
    if condition is not None:
        rows = rows[rows["condition"] == condition]
    columns = ["release_date", "model", "condition", "accuracy", "ci_low", "ci_high", "version"]
    return rows.sort_values(["condition", "release_date", "model"])[columns].reset_index(drop=True)


def trend_correlation(trend_rows: pd.DataFrame) -> pd.DataFrame:
    """Return, per condition, Spearman's rank correlation of accuracy with release date.

    Columns: condition, models, rho, p-val (NaN with fewer than three models).
    """
    from scipy.stats import spearmanr

    out = []
    for condition, group in trend_rows.groupby("condition", sort=True):
        days = pd.to_datetime(group["release_date"]).map(pd.Timestamp.toordinal)
        rho, p = (math.nan, math.nan)
        if len(group) >= 3 and group["accuracy"].nunique() > 1 and days.nunique() > 1:
            result = spearmanr(days, group["accuracy"])
            rho, p = float(result.statistic), float(result.pvalue)
        out.append({"condition": condition, "models": len(group), "rho": rho, "p-val": p})
    return pd.DataFrame(out, columns=["condition", "models", "rho", "p-val"])
