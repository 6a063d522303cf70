"""SLPHelm tables from the results table: scenario metrics, slices, ensembles, confusions.

All functions read the frozen results table (one row per model x task x item ...) whose
``score_metadata`` JSON holds, for slp tasks, ``gold_label`` / ``predicted_label`` (labels),
``reference`` / ``hypothesis`` (transcription) and the slice fields (``gender``, ``age_band``,
``language``, ``pipeline``, ``cot``, ``few_shot``, ``noise``). No model is called.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence

import pandas as pd

from clinbench.scoring import outcomes
from clinbench.scoring.speech import confusion_table, transcription_report
from clinbench.stats.classification import classification_report
from clinbench.suites.slp.replies import LABEL_RULES, READ_FROM_PROSE
from clinbench.suites.slp.scenarios import SCENARIOS

SLICE_FIELDS = ("gender", "age_band", "language", "corpus", "pipeline", "cot", "few_shot", "noise")


def expand_slp(results: pd.DataFrame) -> pd.DataFrame:
    """Return slp rows of a results table with their score metadata as columns."""
    if results.empty:
        return results.copy()
    rows = results[results["task"].isin(SCENARIOS)].copy()
    meta = rows["score_metadata"].map(
        lambda s: json.loads(s) if isinstance(s, str) and s else (s if isinstance(s, dict) else {})
    )
    for key in ("gold_label", "predicted_label", "reference", "hypothesis", *SLICE_FIELDS):
        rows[key] = meta.map(lambda m, k=key: m.get(k))
    rows[READ_FROM_PROSE] = meta.map(lambda m: bool(m.get(READ_FROM_PROSE)))
    rows["noise"] = rows["noise"].fillna("none")
    return rows


# answered replies whose label was read from a chain-of-thought reply's prose (no ANSWER:
# line; slp README): shown beside answered and excluded whenever a table has any
PROSE_COLUMN = "read from prose"
_OTHER_RULE_SUFFIX = {"all_items": " (answered only)", "answered_only": " (all items)"}


def _predictions(rows: pd.DataFrame) -> list[str | None]:
    """Return each row's predicted label; None for a reply with no valid label."""
    return [
        p if outcome in (outcomes.CORRECT, outcomes.INCORRECT) and isinstance(p, str) and p
        else None
        for outcome, p in zip(rows["outcome"], rows["predicted_label"], strict=True)
    ]  # fmt: skip


def scored_rows(group: pd.DataFrame, task: str) -> pd.DataFrame:
    """Return the rows a scenario's metric counts (``all_items`` rule for label scenarios).

    Transcription: rows with a reference whose reply was not excluded. Label scenarios: rows
    with a gold label that were answered or excluded (an unreadable reply is a wrong label).
    """
    if SCENARIOS[task].kind == "transcription":
        return group[group["reference"].notna() & ~group["outcome"].isin(outcomes.EXCLUDED)]
    return group[
        group["outcome"].isin((*outcomes.ANSWERED, *outcomes.EXCLUDED))
        & group["gold_label"].notna()
    ]


def predicted_labels(rows: pd.DataFrame) -> list[str | None]:
    """Return each row's predicted label; None for a reply with no valid label."""
    return _predictions(rows)


def scenario_metrics(group: pd.DataFrame, task: str, *, resamples: int = 0, seed: int = 0,
                     label_rule: str = LABEL_RULES[0]) -> dict:  # fmt: skip
    """Return one scenario's metrics (n, F1s and Exact Match, or WER/MER/WIP) for its rows."""
    return _metrics_for(group, task, resamples, seed, label_rule)


def _metrics_for(
    group: pd.DataFrame, task: str, resamples: int, seed: int, label_rule: str
) -> dict:
    spec = SCENARIOS[task]
    if spec.kind == "transcription":
        kept = scored_rows(group, task)
        out = transcription_report(
            list(kept["reference"]),
            list(kept["hypothesis"].fillna("")),
            resamples=resamples,
            seed=seed,
        )
        return {"n": len(kept), "excluded": len(group) - len(kept), **out}
    scored = scored_rows(group, task)
    answered = scored[scored["outcome"].isin(outcomes.ANSWERED)]
    labels = (
        list(SCENARIOS["slp_disorder"].options.values())
        if spec.kind != "label"
        else list(spec.options.values())
    )
    by_rule = {
        rule: classification_report(
            list(rows["gold_label"]), _predictions(rows), labels, resamples=resamples, seed=seed
        )
        for rule, rows in (("all_items", scored), ("answered_only", answered))
    }
    other = LABEL_RULES[1 - LABEL_RULES.index(label_rule)]
    suffix = _OTHER_RULE_SUFFIX[label_rule]
    prose = int(answered[READ_FROM_PROSE].sum()) if READ_FROM_PROSE in answered else 0
    return {
        "n": len(scored),
        "answered": len(answered),
        "excluded": len(group) - len(answered),
        **({PROSE_COLUMN: prose} if prose else {}),
        **by_rule[label_rule],
        **{f"{key}{suffix}": value for key, value in by_rule[other].items()},
    }


def scenario_table(
    results: pd.DataFrame,
    *,
    by: Sequence[str] = ("model", "task", "condition"),
    resamples: int = 1000,
    seed: int = 0,
    label_rule: str = LABEL_RULES[0],
) -> pd.DataFrame:
    """Return one row per group: n, answered, excluded, F1s and Exact Match (or WER/MER/WIP).

    Label scenarios show both rules for a reply with no valid label (unreadable, ambiguous,
    contradictory, failed): under ``all_items`` (the default, SLPHelm's) F1 and exact match
    are over every scored item, such a reply counted as a wrong prediction; under
    ``answered_only`` over answered items only. The columns without a suffix follow
    ``label_rule``; the other rule's columns carry its name (e.g. ``Micro F1 (answered
    only)``). ``n`` counts scored rows, ``answered`` correct, incorrect, declined and refused
    ones, ``excluded`` the rest (disclosed). Declines and refusals are wrong answers under
    both rules; an empty, declined or refused transcription counts as all words deleted.
    """
    if label_rule not in LABEL_RULES:
        raise ValueError(f"label_rule must be one of {', '.join(LABEL_RULES)}, got {label_rule!r}")
    rows = results if "gold_label" in results.columns else expand_slp(results)
    out = []
    for key, group in rows.groupby(list(by), dropna=False, sort=True):
        values = dict(zip(by, key if isinstance(key, tuple) else (key,), strict=True))
        task = group["task"].iloc[0]
        out.append({**values, **_metrics_for(group, task, resamples, seed, label_rule)})
    table = pd.DataFrame(out)
    if PROSE_COLUMN in table.columns:
        table[PROSE_COLUMN] = table[PROSE_COLUMN].fillna(0).astype(int)
    return table


def slice_table(
    results: pd.DataFrame, slice_by: str, *, resamples: int = 1000, seed: int = 0
) -> pd.DataFrame:
    """Return scenario metrics per model, task and value of one slice field (e.g. ``gender``)."""
    rows = expand_slp(results)
    rows[slice_by] = rows[slice_by].fillna("unknown").astype(str)
    return scenario_table(rows, by=("model", "task", slice_by), resamples=resamples, seed=seed)


def confusion_tables(results: pd.DataFrame) -> dict[tuple[str, str], pd.DataFrame]:
    """Return a confusion table (gold x predicted) per (model, label task) over answered rows."""
    rows = expand_slp(results)
    tables = {}
    for (model, task), group in rows.groupby(["model", "task"]):
        spec = SCENARIOS[task]
        if spec.kind == "transcription":
            continue
        answered = group[group["outcome"].isin(outcomes.ANSWERED)]
        if answered.empty:
            continue
        labels = list(spec.options.values()) or list(SCENARIOS["slp_disorder"].options.values())
        tables[(model, task)] = confusion_table(
            answered["gold_label"],
            answered["predicted_label"].fillna("declined"),
            [*labels, "declined"],
        )
    return tables


def majority_vote(votes: Sequence[str | None]) -> tuple[str | None, bool]:
    """Return ``(label, tied)``: the most frequent label among the votes, ties to the earliest.

    Tie rule (documented; SLPHelm breaks ties arbitrarily): among the labels with the highest
    count, the one voted by the earliest model in the ensemble's stated order wins. Missing
    votes (parse failures, errors, declines) abstain; with no votes at all the result is None.
    """
    cast = [v for v in votes if v]
    if not cast:
        return None, False
    counts = Counter(cast)
    top = max(counts.values())
    leaders = [v for v in cast if counts[v] == top]
    return leaders[0], len(set(leaders)) > 1


def ensemble_results(
    results: pd.DataFrame, models: Sequence[str], *, name: str | None = None
) -> pd.DataFrame:
    """Return results-table rows of a majority-vote ensemble of ``models`` (no model calls).

    Rows are matched by task, condition, item and epoch; an item is kept only when every model
    has a row for it. The ensemble row's outcome is correct/incorrect against the shared gold
    label; declined when every member declined; parse_failed when every member abstained
    otherwise (parse failures, errors, declines); ``score_metadata`` records the votes.
    """
    rows = expand_slp(results)
    rows = rows[
        rows["model"].isin(models)
        & rows["task"].map(lambda t: SCENARIOS[t].kind != "transcription")
    ]
    label = name or "ensemble(" + "+".join(models) + ")"
    out = []
    keys = ["task", "condition", "item_id", "epoch"]
    for _key, group in rows.groupby(keys, dropna=False):
        by_model = {m: g.iloc[0] for m, g in group.groupby("model")}
        if set(by_model) != set(models):
            continue
        votes = [
            by_model[m]["predicted_label"]
            if by_model[m]["outcome"] in (outcomes.CORRECT, outcomes.INCORRECT)
            else None
            for m in models
        ]
        winner, tied = majority_vote(votes)
        first = by_model[models[0]]
        gold = first["gold_label"]
        if winner is None and all(
            by_model[m]["outcome"] == outcomes.DECLINED for m in models
        ):  # every member declined: the ensemble declines (answered, not correct)
            outcome, score = outcomes.DECLINED, 0.0
        elif winner is None:
            outcome, score = outcomes.PARSE_FAILED, float("nan")
        else:
            outcome = outcomes.CORRECT if winner == gold else outcomes.INCORRECT
            score = 1.0 if winner == gold else 0.0
        meta = (
            json.loads(first["score_metadata"]) if isinstance(first["score_metadata"], str) else {}
        )
        meta.update(
            {
                "gold_label": gold,
                "predicted_label": winner,
                "votes": dict(zip(models, votes, strict=True)),
                "tied": tied,
                "outcome": outcome,
            }
        )
        row = first.drop(labels=[c for c in first.index if c not in results.columns]).to_dict()
        row.update(
            model=label, outcome=outcome, score=score, extracted_answer=winner, response=None,
            score_metadata=json.dumps(meta), log_file=None,
        )  # fmt: skip
        out.append(row)
    return pd.DataFrame(out, columns=list(results.columns))
