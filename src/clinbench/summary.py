"""The outcome tables `clinbench run` and `clinbench demo` print, for every task type.

It sits above stats/, report/ and the suite registry, and only the command line uses it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pandas as pd

from clinbench import suites
from clinbench.scoring import outcomes

ACCURACY_NOTE = (
    "Accuracy is correct / answered (declines count as not correct); parse failures, "
    "contradictory replies (a decline and an answer at once) and errors are excluded from it "
    "and counted apart. Accuracy (all) is correct / every reply, with those counted as not "
    "correct (none when every call failed: no reply came back to score). CI95% is the 95% "
    "Wilson interval; with several epochs per item it is clustered by item (Wilson at the "
    "cluster-robust effective n), so repeated epochs never narrow it by themselves."
)
CANNOT_ANSWER_NOTE = (
    "Cannot answer: items a baseline has no way to answer (e.g. clinbench/rules on a format it "
    "has no rules for); never scored and in no denominator."
)
STOPPED_NOTE = (
    "Not run (stopped): samples the run was stopped in (Ctrl-C or SIGTERM) before they had a "
    "reply; neither errors nor results, and in no denominator. clinbench resume asks them."
)
RUBRIC_NOTE = (
    "Rubric score 0-100 of graded replies (mean with 95% t interval on the logit scale, so it "
    "stays inside 0-100); pass = grade C or above; "
    "unreadable = the judge replied but its verdict could not be read; judge call failed = "
    "the judge's call failed after its attempts (the run's closing line names it): neither is "
    "scored, each is counted apart."
)
FAILED_CALL_NOTE = (
    "error = the model's call failed, so the reply had nothing to grade: counted under each "
    "question, never scored."
)
EVERY_CALL_FAILED_NOTE = (
    "every call of these models on these tasks failed: no reply was scored, so no scorer's "
    "table counts them; the error is the commonest message of their failed samples"
)
SAMPLE_KEYS = ("condition", "item_id", "epoch")  # one sample of a model on a task


def judged_scorers(results: pd.DataFrame) -> set[tuple[str, str]]:
    """Return the (task, scorer) pairs that grade replies on a scale (a rubric grade, a word
    error rate, a fact check: ``stats.repeated_epochs.on_a_scale``) rather than mark them
    correct or not. None of their rows is an exact-match outcome: a failed call or an
    unreadable reply is counted in their own tables and headline, never as accuracy."""
    from clinbench.stats.repeated_epochs import on_a_scale

    scaled = results[on_a_scale(results)]
    return set(zip(scaled["task"], scaled["scorer"], strict=True))


def _rows_of(results: pd.DataFrame, pairs: set[tuple[str, str]]) -> pd.Series:
    """Return True on the rows of the given (task, scorer) pairs."""
    return pd.Series(
        [(t, s) in pairs for t, s in zip(results["task"], results["scorer"], strict=True)],
        index=results.index,
        dtype=bool,
    )


def _failed_samples_of(results: pd.DataFrame, pairs: set[tuple[str, str]]) -> pd.DataFrame:
    """Return the ``error`` rows of the given (task, scorer) pairs."""
    failed = results[results["outcome"] == outcomes.ERROR]
    return failed[_rows_of(failed, pairs)]


def nothing_scored(results: pd.DataFrame) -> pd.Series:
    """Return True on the rows of each task and model whose every row is a failed call.

    No scorer scored anything there, so the export could not tell which scorers would have
    applied and put each failed sample under all of them; those rows are no scorer's errors
    (never an exact-match error of a scorer that grades on a scale): the summary reports them
    apart as calls that all failed (:func:`failed_everywhere`).
    """
    if results.empty or not {"task", "model", "outcome"} <= set(results.columns):
        return pd.Series(False, index=results.index, dtype=bool)
    failed = results["outcome"] == outcomes.ERROR
    groups = [results["task"].fillna("").astype(str), results["model"].fillna("").astype(str)]
    return failed.groupby(groups).transform("all").astype(bool)


def failed_everywhere(results: pd.DataFrame) -> pd.DataFrame:
    """Return per task and model whose every call failed: replies (n) and the error message.

    Columns: suite, task, model, n (distinct replies), error (the commonest message, with how
    many other messages there were).
    """
    columns = ["suite", "task", "model", "n", "error"]
    rows = results[nothing_scored(results)]
    if rows.empty:
        return pd.DataFrame(columns=columns)
    sample = [k for k in (*SAMPLE_KEYS, "run_id") if k in rows.columns]

    def message(metadata: object) -> str:
        return outcomes.failure_cause(metadata) or "no message"

    out = []
    for (task, model), group in rows.groupby(["task", "model"], sort=False):
        replies = group.drop_duplicates(sample)
        said = replies.get("score_metadata", pd.Series(dtype=object)).map(message).value_counts()
        first = str(said.index[0]) if len(said) else "no message"
        more = len(said) - 1
        suite = str(group["suite"].iloc[0]) if "suite" in group else ""
        out.append(
            {
                "suite": suite,
                "task": task,
                "model": model,
                "n": len(replies),
                "error": first + (f" (and {more} other messages)" if more > 0 else ""),
            }
        )
    return pd.DataFrame(out, columns=columns)


def exact_match_rows(results: pd.DataFrame) -> pd.DataFrame:
    """Return the rows an exact-match table counts: all but those of scorers that grade on
    a scale (:func:`judged_scorers`; their own tables count them)."""
    return results[~_rows_of(results, judged_scorers(results))]


def _failed_counts(results: pd.DataFrame, pairs: set[tuple[str, str]], keys: list[str]):
    """Return the failed samples per `keys` of the given pairs (a failed sample counted
    under each question its scorer grades: its reply, which never came, had them all)."""
    failed = _failed_samples_of(results, pairs)
    if failed.empty:
        return pd.DataFrame(columns=[*keys, "error"])
    outer = [k for k in keys if k != "question"]
    counts = (
        failed.drop_duplicates([*outer, *SAMPLE_KEYS])
        .groupby(outer, as_index=False)
        .size()
        .rename(columns={"size": "error"})
    )
    if "question" not in keys:
        return counts
    graded = results[results["outcome"].isin([outcomes.GRADED, outcomes.UNSCORED])]
    questions = graded[["task", "scorer", "question"]].drop_duplicates()
    return counts.merge(questions, on=["task", "scorer"], how="inner")[[*keys, "error"]]


def accuracy_table(results: pd.DataFrame, by: Sequence[str]) -> pd.DataFrame:
    """Return the accuracy summary for printing: both denominators, each with its interval.

    Columns: <by>..., n, answered, correct, accuracy, CI95%, accuracy (all), CI95% (all),
    declined, parse_failed, error, and epochs and interval (the method) when any item has
    several epochs. From ``clinbench.stats.repeated_epochs.accuracy_two_denominators``.
    A group whose every call failed has no accuracy (NaN), over answered or all replies.
    """
    from clinbench.stats.repeated_epochs import (
        COUNTED_OUTCOMES,
        accuracy_two_denominators,
    )

    rows = results[results["outcome"].isin(outcomes.EXACT_MATCH)]
    both = accuracy_two_denominators(rows, by=list(by))
    apart = {outcomes.CANNOT_ANSWER: "cannot answer", outcomes.CANCELLED: "not run (stopped)"}
    for outcome in outcomes.NOT_ASKED:  # samples with no reply: counted, in no denominator
        cannot = results[results["outcome"] == outcome]
        if cannot.empty:
            continue
        counts = cannot.groupby(list(by)).size().rename(apart[outcome]).reset_index()
        both = both.merge(counts, on=list(by), how="outer").sort_values(list(by))
        counted = [c for c in both.columns if c not in by and pd.api.types.is_numeric_dtype(
            both[c]) and (c in ("n_rows", "answered", "correct", "n_epochs", *apart.values())
                          or c in COUNTED_OUTCOMES)]  # fmt: skip
        both[counted] = both[counted].fillna(0).astype(int)
    if both.empty:
        return pd.DataFrame()
    nan = (float("nan"), float("nan"))
    out = both[[*by]].copy()
    out["n"] = both["n_rows"]
    out["answered"] = both["answered"]
    out["correct"] = both["correct"]
    out["accuracy"] = both["accuracy_answered"]
    out["CI95%"] = [
        (lo, hi) if a else nan
        for lo, hi, a in zip(both["ci_answered_low"], both["ci_answered_high"], both["answered"],
                             strict=True)
    ]  # fmt: skip
    # a group whose every call failed (no reply came back) has no accuracy, never 0: the
    # model is excluded, not scored (errors count as not correct only beside real replies)
    replied = (both["n_rows"] > both[outcomes.ERROR]).to_numpy()
    out["accuracy (all)"] = both["accuracy_all"].where(replied)
    out["CI95% (all)"] = [
        (lo, hi) if r else nan
        for lo, hi, r in zip(both["ci_all_low"], both["ci_all_high"], replied, strict=True)
    ]
    always = (outcomes.DECLINED, outcomes.PARSE_FAILED, outcomes.ERROR)
    for column in COUNTED_OUTCOMES:  # others (refused, contradictory, ...) shown when any
        if column != outcomes.UNSCORED and (column in always or both[column].any()):
            out[column] = both[column]
    for column in apart.values():
        if column in both.columns:
            out[column] = both[column]
    if (both["n_epochs"] > 1).any():
        out["epochs"] = both["n_epochs"]
        out["interval"] = both["method"]
    return out.reset_index(drop=True)


def rubric_table(results: pd.DataFrame) -> pd.DataFrame:
    """Return, per task, scorer, model (and question), the letter-graded scores for printing.

    Columns: graded, unreadable (the judge replied but its verdict could not be read),
    judge_call_failed (only when a judge's call failed), error (only when a sample's call
    failed: counted under each question), mean, CI95% (t), pass_rate (grade C or above),
    critical_error_rate. Only (task, scorer) pairs that give letter grades (or record their
    rubric) enter: other scorers have their own scales and their suites' tables.
    """
    if "grade" not in results.columns:
        return pd.DataFrame()
    every = results
    rows = results[results["outcome"].isin([outcomes.GRADED, outcomes.UNSCORED])]
    # a rubric scorer gives a grade, or records its rubric where no reply got one (every
    # judgement failed): its unscored replies are counted here, never left out
    pairs = outcomes.rubric_pairs(results)
    rows = rows[[(t, s) in pairs for t, s in zip(rows["task"], rows["scorer"], strict=True)]]
    if rows.empty:
        return pd.DataFrame()
    keys = ["task", "scorer", "model"]
    if (rows["question"].fillna("").astype(str) != "").any():
        keys.append("question")
    rows = rows.assign(**{k: rows[k].fillna("").astype(str) for k in keys})
    graded = rows[(rows["outcome"] == outcomes.GRADED) & rows["score"].notna()]
    # an unscored judgement is an unreadable verdict or a failed judge call: each counted by
    # the rule the report's case table and the run's closing line count it by
    unscored = outcomes.unscored_counts(rows, keys)
    call_failed = ["judge_call_failed"] if unscored["judge_call_failed"].any() else []
    failed = _failed_counts(every.assign(**{k: every[k].fillna("").astype(str) for k in keys}),
                            pairs, keys)  # fmt: skip
    failed_column = ["error"] if len(failed) else []
    unscored = unscored.merge(failed, on=keys, how="outer")
    counts = [*outcomes.UNSCORED_COUNTS, "error"]
    unscored[counts] = unscored[counts].fillna(0).astype(int)
    columns = [*keys, "graded", "unreadable", *call_failed, *failed_column, "mean", "CI95%",
               "pass_rate", "critical_error_rate"]  # fmt: skip
    if graded.empty:  # no judgement could be used: counted, with no measure to show
        nothing = {"graded": 0, "mean": math.nan, "CI95%": None, "pass_rate": math.nan,
                   "critical_error_rate": math.nan}  # fmt: skip
        out = unscored.assign(**nothing)
        return out[columns].sort_values(keys, kind="stable").reset_index(drop=True)
    from clinbench.stats.describe import (  # scipy: imported only where rubric scores are
        critical_error_rate,
        pass_rate,
        rubric_score_means,
    )

    scores = rubric_score_means(graded, by=keys).rename(columns={"n": "graded"})
    passes = pass_rate(graded, by=keys)[[*keys, "pass_rate"]]
    errors = critical_error_rate(graded, by=keys)[[*keys, "critical_error_rate"]]
    out = unscored.merge(scores, on=keys, how="left")
    out = out.merge(passes, on=keys, how="left").merge(errors, on=keys, how="left")
    out["graded"] = out["graded"].fillna(0).astype(int)
    return out[columns].sort_values(keys, kind="stable").reset_index(drop=True)


def outcome_tables(
    results: pd.DataFrame, by: Sequence[str] = ("suite", "task", "model", "condition", "format")
) -> list[tuple[str, pd.DataFrame, list[str]]]:
    """Return the tables `run` and `demo` print: (title, table, notes) for every task type.

    Exact-match accuracy per group of `by` (and scorer, so two scorers are never pooled);
    letter-graded rubric scores; then each suite's own summary tables (WER, F1, ...), from
    its ``SuiteSpec.summary_tables`` where it declares them.
    """
    out: list[tuple[str, pd.DataFrame, list[str]]] = []
    keys = [k for k in by if k in results.columns]
    if "scorer" in results.columns and "scorer" not in keys:
        keys.insert(min(2, len(keys)), "scorer")
    frame = results.assign(**{k: results[k].fillna("").astype(str) for k in keys})
    failed = failed_everywhere(frame)
    if not failed.empty:
        out.append(("Every call failed (nothing scored)", failed, [EVERY_CALL_FAILED_NOTE]))
    frame = frame[~nothing_scored(frame)]
    accuracy = accuracy_table(exact_match_rows(frame), by=keys)
    if not accuracy.empty:
        from clinbench.stats.repeated_epochs import repeated_epochs_warning

        warning = repeated_epochs_warning(frame) if "epoch" in frame.columns else ""
        notes = [ACCURACY_NOTE, *([warning] * bool(warning))]
        if "cannot answer" in accuracy.columns:
            notes.append(CANNOT_ANSWER_NOTE)
        if "not run (stopped)" in accuracy.columns:
            notes.append(STOPPED_NOTE)
        out.append(("Exact-match outcomes", accuracy, notes))
    rubric = rubric_table(frame)
    if not rubric.empty:
        from clinbench.report.judges_section import reliability, reliability_note

        judged = reliability(frame)
        notes = [RUBRIC_NOTE, *([FAILED_CALL_NOTE] * ("error" in rubric.columns))]
        for task, scorer in rubric[["task", "scorer"]].drop_duplicates().itertuples(index=False):
            note = reliability_note(judged, scorer, task)
            if note:
                notes.append(note)
        out.append(("Rubric-graded replies", rubric, notes))
    if "suite" in results.columns:
        present = set(results["suite"].dropna().astype(str))
        for suite, spec in suites.suites().items():
            if suite not in present or spec.summary_tables is None:
                continue
            hook = suites.load(spec.summary_tables)
            rows = results[results["suite"] == suite].reset_index(drop=True)
            out += [(f"{suite}: {title}", table, list(notes))
                    for title, table, notes in hook(rows)]  # fmt: skip
    return out


HEADLINE_KEYS = ("suite", "task", "scorer", "model", "condition")


def _main_condition(conditions: pd.DataFrame) -> pd.Series:
    """Return True on the row of each (task, scorer, model) taken as its headline condition.

    The condition with the most replies; on a tie a result before a robustness check (the
    suite's own rule, :func:`clinbench.suites.is_robustness_check`), then the first by name.
    """
    names = conditions["condition"].astype(str)
    of_suite = conditions["suite"] if "suite" in conditions.columns else pd.Series("", names.index)
    checks = [suites.is_robustness_check(c, s) for c, s in zip(names, of_suite, strict=True)]
    order = conditions.assign(
        _check=pd.Series(checks, index=conditions.index, dtype=bool), _name=names
    ).sort_values(["_n", "_check", "_name"], ascending=[False, True, True], kind="stable")
    first = ~order.duplicated(["task", "scorer", "model"], keep="first")
    return first.reindex(conditions.index)


def _not_ranked(results: pd.DataFrame, table: pd.DataFrame) -> list[str]:
    """Return per headline row why the report, ``analyze`` and the leaderboard leave its
    model out of ranking (``report.headline.exclusions``: too many unusable replies, or none
    scored), or ""; a row under no condition (a rubric or graded row) takes any of its
    model's conditions on the task."""
    from clinbench.report.headline import exclusions

    needed = {"suite", "condition", "outcome", "item_id", "epoch", "response"}
    if not needed <= set(results.columns):  # what the exclusion rule reads
        return [""] * len(table)
    excluded = exclusions(results)
    reasons: dict[tuple, str] = {}
    for row in excluded.itertuples(index=False):
        reasons.setdefault((row.suite, row.task, row.condition, row.model), str(row.reason))
        reasons.setdefault((row.suite, row.task, "", row.model), str(row.reason))
    keys = zip(table["suite"], table["task"], table["condition"].fillna(""), table["model"],
               strict=True)  # fmt: skip
    return [reasons.get(tuple("" if pd.isna(k) else str(k) for k in key), "") for key in keys]


def headline_rows(results: pd.DataFrame) -> pd.DataFrame:
    """Return one headline row per task, scorer and model (and question), for the answer block.

    Columns: suite, task, scorer, model, condition, question, kind ('accuracy', 'rubric' or
    'graded'), value, CI95%, n (replies), answered, correct, value_all, CI95% (all), declined,
    refused, parse_failed, contradictory, error, unscored, unreadable and judge_call_failed
    (of a rubric row: :func:`rubric_table`'s two causes), graded, replies and unit (of a
    'graded' row: what graded and unscored count, 'sections' of that many replies when the
    scorer grades each question of a reply, else 'replies'), message (of a 'failed' row: a
    model whose every call on the task failed, under no scorer, :func:`failed_everywhere`),
    other_conditions (how many more conditions the detail tables show for that model),
    not_ranked (why the report, ``analyze`` and the leaderboard leave the model out of
    ranking: :func:`_not_ranked`; "" when they rank it).
    Accuracy rows are :func:`accuracy_table` over the model's main condition (formats
    pooled: the task's overall accuracy), every reply it counts (contradictory ones too);
    rubric rows are :func:`rubric_table`; any other graded scorer is counted only (its own
    table holds its measure). Sorted by task, scorer, then headline value, best first.
    """
    columns = ["suite", "task", "scorer", "model", "condition", "question", "kind", "value",
               "CI95%", "n", "answered", "correct", "value_all", "CI95% (all)", "declined",
               "refused", "parse_failed", "contradictory", "error", "unscored", "unreadable",
               "judge_call_failed", "graded",
               "replies", "unit", "message", "other_conditions", "not_ranked"]  # fmt: skip
    if results.empty or "task" not in results.columns:
        return pd.DataFrame(columns=columns)
    keys = [k for k in HEADLINE_KEYS if k in results.columns]
    frame = results.assign(**{k: results[k].fillna("").astype(str) for k in keys})
    for key in HEADLINE_KEYS:
        if key not in frame.columns:
            frame[key] = ""
    out: list[pd.DataFrame] = []
    failed = failed_everywhere(frame)
    if not failed.empty:  # once per model, under no scorer: nothing was scored
        out.append(failed.rename(columns={"error": "message"}).assign(
            kind="failed", scorer="", condition="", question="", error=failed["n"],
            other_conditions=0,
        ))  # fmt: skip
    frame = frame[~nothing_scored(frame)]
    # every reply the detail tables count (contradictory ones too), so both say the same n
    closed = exact_match_rows(frame)
    closed = closed[closed["outcome"].isin(outcomes.EXACT_MATCH)]
    accuracy = accuracy_table(closed, by=list(HEADLINE_KEYS))
    if not accuracy.empty:
        accuracy = accuracy.assign(_n=accuracy["n"])
        main = _main_condition(accuracy)
        counts = accuracy.groupby(["task", "scorer", "model"])["condition"].transform("nunique")
        accuracy["other_conditions"] = counts - 1
        accuracy = accuracy[main.to_numpy()].rename(
            columns={"accuracy": "value", "accuracy (all)": "value_all"}
        )
        out.append(accuracy.assign(kind="accuracy", question=""))
    rubric = rubric_table(frame)
    if not rubric.empty:
        suites_of = frame.drop_duplicates("task").set_index("task")["suite"]
        rubric = rubric.rename(columns={"mean": "value"}).assign(
            kind="rubric",
            suite=lambda t: t["task"].map(suites_of).fillna(""),
            condition="",
            unscored=lambda t: t["unreadable"] + t.get("judge_call_failed", 0),
            n=lambda t: t["graded"] + t["unscored"] + t.get("error", 0),
            other_conditions=0,
        )
        if "question" not in rubric.columns:
            rubric["question"] = ""
        out.append(rubric)
    covered = {(t, s) for part in out for t, s in zip(part["task"], part["scorer"], strict=True)}
    other = frame[frame["outcome"].isin([outcomes.GRADED, outcomes.UNSCORED])]
    other = other[[(t, s) not in covered
                   for t, s in zip(other["task"], other["scorer"], strict=True)]]  # fmt: skip
    if not other.empty:
        keys = ["suite", "task", "scorer", "model"]
        pairs = set(zip(other["task"], other["scorer"], strict=True))
        # the scorer's replies with no grade that are neither unscored nor failed calls
        # (unreadable, declined: the suite's table says how it counts them)
        other = frame[_rows_of(frame, pairs) & (frame["outcome"] != outcomes.ERROR)]
        counted = other.groupby(keys, as_index=False).agg(
            graded=("outcome", lambda o: int((o == outcomes.GRADED).sum())),
            unscored=("outcome", lambda o: int((o == outcomes.UNSCORED).sum())),
            n=("outcome", "size"),
            conditions=("condition", "nunique"),
            **{o: ("outcome", lambda x, o=o: int((x == o).sum()))
               for o in (*outcomes.NOT_ANSWERING, *outcomes.UNREADABLE)},
        )  # fmt: skip
        # a scorer that grades each section of a reply (a case's Q1, Q2 ...) counts sections:
        # the headline says so, and from how many replies they come
        sample = [k for k in (*SAMPLE_KEYS, "run_id") if k in other.columns]
        section = (other["question"].fillna("").astype(str) != "") if "question" in other else False
        units = other.assign(_section=section).groupby(keys)["_section"].any()
        replies = pd.DataFrame({
            "replies": other.drop_duplicates([*keys, *sample]).groupby(keys).size(),
            "unit": units.map({True: "sections", False: "replies"}),
        }).reset_index()  # fmt: skip
        counted = counted.merge(replies, on=keys, how="left")
        counted = counted.merge(_failed_counts(frame, pairs, keys), on=keys, how="left")
        counted["error"] = counted["error"].fillna(0).astype(int)
        counted["n"] = counted["n"] + counted["error"]
        counted["other_conditions"] = counted.pop("conditions") - 1
        out.append(counted.assign(kind="graded", condition="", question=""))
    if not out:
        return pd.DataFrame(columns=columns)
    table = pd.concat(out, ignore_index=True).reindex(columns=columns)
    table["not_ranked"] = _not_ranked(frame, table)
    table["_best"] = -pd.to_numeric(table["value"], errors="coerce").fillna(-1.0)
    table = table.sort_values(["task", "scorer", "question", "_best", "model"], kind="stable")
    return table.drop(columns="_best").reset_index(drop=True)
