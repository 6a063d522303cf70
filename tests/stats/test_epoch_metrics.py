"""Every metric Inspect logs under --epochs 3 equals the value computed from the results table.

Inspect reduces each sample's epochs to one score before it computes metrics (the ``mean``
reducer by default) and keeps only the first epoch's score metadata, so a metric that read
metadata used to see epoch 1 alone. Each run below gives different replies in each epoch
(replay with an epoch column), including declines, parse failures and missing sections.
The expected values are computed here from the results table (pandas, scikit-learn), never
from clinbench's own metric functions.
"""

from __future__ import annotations

import csv
import json
import math
import random
from pathlib import Path

import pandas as pd
import pytest
from inspect_ai import eval as inspect_eval
from sklearn.metrics import f1_score

from clinbench.results.export import results_table

EPOCHS = 3
MARK = "<no label>"


def _logged(log) -> dict[tuple[str, str], float]:
    out = {}
    for score in log.results.scores:
        for name, metric in score.metrics.items():
            assert (score.name, name) not in out, f"{score.name}/{name} logged twice"
            out[(score.name, name)] = metric.value
    return out


def _meta(rows: pd.DataFrame, key: str) -> list:
    return [json.loads(m).get(key) if m else None for m in rows["score_metadata"]]


def _expected(rows: pd.DataFrame, metric: str) -> float:
    """The value of one logged metric, computed from a scorer's rows of the results table."""
    kept = ["correct", "incorrect", "declined", "refused"]
    answered = rows[rows["outcome"].isin(kept)]
    predicted = answered  # the replies SLPHelm's F1s count
    if "all_items" in {r for r in _meta(rows, "label_rule") if r}:
        # SLP's default label rule (SLPHelm's): a reply with no valid label is a wrong
        # prediction in the F1s; the accuracy, its stderr and interval are the one
        # estimator's over the answered replies, as every clinbench surface prints (surf33)
        predicted = rows[rows["outcome"].isin([*kept, "parse_failed"])]
    graded = rows[rows["outcome"] == "graded"]
    if metric in ("accuracy", "accuracy_answered"):  # the table's accuracy: every epoch's
        return float((answered["outcome"] == "correct").mean())  # answered rows (surf32)
    if metric == "stderr":  # clustered by item: sum over items of (k - p n)^2, over N^2
        hit = answered.assign(k=answered["outcome"] == "correct")
        p = hit["k"].mean()
        per_item = hit.groupby("item_id")["k"].agg(["sum", "size"])
        resid = per_item["sum"] - p * per_item["size"]
        return float(math.sqrt((resid**2).sum()) / len(hit))
    if metric in ("accuracy_answered_ci_low", "accuracy_answered_ci_high"):
        from statsmodels.stats.proportion import proportion_confint

        hit = answered["outcome"] == "correct"
        p, se = hit.mean(), _expected(rows, "stderr")
        n_eff = min(len(hit), p * (1 - p) / se**2) if 0 < p < 1 else answered["item_id"].nunique()
        low, high = proportion_confint(p * n_eff, n_eff, method="wilson")
        return float(low if metric.endswith("low") else high)
    if metric in ("declined", "refused"):  # counts, every epoch's rows
        return float((rows["outcome"] == metric).sum())
    if metric in ("declined_rate", "refused_rate"):
        return float((answered["outcome"] == metric.removesuffix("_rate")).mean())
    if metric in ("micro_f1", "macro_f1"):
        gold = _meta(predicted, "gold_label")
        pred = [p or MARK for p in _meta(predicted, "predicted_label")]
        present = sorted(set(gold) | (set(pred) - {MARK}))
        if metric == "micro_f1":  # a decline is a wrong prediction: micro-F1 = accuracy
            return float(f1_score(gold, pred, labels=[*present, MARK], average="micro"))
        return float(f1_score(gold, pred, labels=present, average="macro", zero_division=0))
    if metric in ("wer", "mer", "wip"):
        counts = pd.DataFrame(_meta(rows, "word_counts")).sum()
        h, s, d, i = (counts[k] for k in ("hits", "substitutions", "deletions", "insertions"))
        return {
            "wer": (s + d + i) / (h + s + d),
            "mer": (s + d + i) / (h + s + d + i),
            "wip": (h / (h + s + d)) * (h / (h + s + i)),
        }[metric]
    if metric in ("critical_error_rate", "fact_check_error_rate"):
        # a graded reply whose critical errors are not known (the fact check read no claim)
        # is in neither count
        known = graded[[not u for u in _meta(graded, "critical_errors_unknown")]]
        return float((known["critical_errors"].fillna("") != "").mean())
    if metric == "unscored_questions":
        return float((rows["outcome"] == "unscored").sum())
    if metric == "no_claim_read":  # fact-checked sections in which no claim was read
        return float(sum(c == "no_claim_read" for c in _meta(rows, "unscored_cause")))
    if metric.startswith("Q"):  # question_mean: one value per question
        return float(graded.loc[graded["question"] == metric, "score"].mean())
    raise AssertionError(f"no reference calculation for logged metric {metric!r}")


def _check_every_metric(log, table: pd.DataFrame) -> int:
    checked = 0
    for (scorer, metric), value in _logged(log).items():
        rows = table[table["scorer"] == scorer]
        if rows.empty:  # a scorer that scored nothing (no grader bound) logs NaN, not a number
            assert math.isnan(value), f"{scorer}/{metric}"
            continue
        assert sorted(rows["epoch"].unique()) == [1, 2, 3]
        assert value == pytest.approx(_expected(rows, metric)), f"{scorer}/{metric}"
        checked += 1
    return checked


def _small_manifest(folder: Path, n: int) -> Path:
    from clinbench.suites.slp.tasks import SAMPLE_MANIFEST

    rows = list(csv.DictReader(SAMPLE_MANIFEST.open()))[:n]
    out = folder / "manifest.csv"
    with out.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        for row in rows:
            row["audio"] = str((SAMPLE_MANIFEST.parent / row["audio"]).resolve())
            writer.writerow(row)
    return out


def _replay(folder: Path, name: str, replies: dict[tuple[str, int], str]) -> str:
    path = folder / f"{name}.jsonl"
    rows = [
        {"item_id": item, "model": name, "epoch": epoch, "response": text}
        for (item, epoch), text in replies.items()
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return f"clinbench/replay/{name}"


def _run(task, model: str, replies_path: Path, log_dir: Path):
    (log,) = inspect_eval(task, model=model, model_args={"responses": str(replies_path)},
                          epochs=EPOCHS, log_dir=str(log_dir), display="none")  # fmt: skip
    assert log.status == "success"
    return log


def test_slp_label_metrics_across_epochs(tmp_path):
    from clinbench.suites.slp.tasks import slp_symptom

    task = slp_symptom(manifest=str(_small_manifest(tmp_path, 10)), pipeline="audio")
    rnd = random.Random(5)
    replies = {}
    for sample in task.dataset:
        for epoch in range(1, EPOCHS + 1):
            replies[(sample.id, epoch)] = rnd.choice(
                ["A", "B", "C", "D", "E", "DECLINE", "not sure", sample.target, sample.target]
            )
    model = _replay(tmp_path, "labeller", replies)
    log = _run(task, model, tmp_path / "labeller.jsonl", tmp_path / "logs")
    table = results_table(tmp_path / "logs")
    # the epochs differ, so a first-epoch-only metric would not match
    assert table.groupby("item_id")["outcome"].nunique().gt(1).any()
    # the one estimator's accuracy, stderr and interval, the counts and rates, and the F1s
    assert _check_every_metric(log, table) == 11
    # the table alone re-derives the F1s: `target` is the gold label, and each item's epochs
    from clinbench.stats.classification import classification

    assert set(table["epochs"]) == {EPOCHS}
    assert set(table["target"]) <= set(_meta(table, "gold_label"))
    assert (table["target"] == _meta(table, "gold_label")).all()
    row = classification(table, by=["model"]).iloc[0]
    logged = _logged(log)
    # the slp default label rule (SLPHelm's) is F1 over all items: the table's `_all` columns
    assert row["micro_f1_all"] == pytest.approx(logged[("slp_label_scorer", "micro_f1")])
    assert row["macro_f1_all"] == pytest.approx(logged[("slp_label_scorer", "macro_f1")])


def test_slp_transcription_metrics_across_epochs(tmp_path):
    from clinbench.suites.slp.tasks import slp_transcription

    task = slp_transcription(manifest=str(_small_manifest(tmp_path, 6)), pipeline="audio")
    replies = {}
    for sample in task.dataset:
        words = str(sample.target).split()
        replies[(sample.id, 1)] = " ".join(words)
        replies[(sample.id, 2)] = " ".join(words[:-1]) if len(words) > 1 else "uh"
        replies[(sample.id, 3)] = "DECLINE" if sample.id.endswith("1") else words[0] + " extra"
    model = _replay(tmp_path, "scribe", replies)
    log = _run(task, model, tmp_path / "scribe.jsonl", tmp_path / "logs")
    assert _check_every_metric(log, results_table(tmp_path / "logs")) == 3


def test_case_metrics_across_epochs(tmp_path):
    from clinbench.audiogram.rules_reply import rules_case_reply
    from clinbench.items.loader import load_items
    from clinbench.suites.audiology.tasks import CASE_ITEMS, audiology_cases

    replies = {}
    for item in load_items([CASE_ITEMS]):
        reply = rules_case_reply(item)
        head, _, rest = reply.partition("Q2 Diagnosis:")
        replies[(item.id, 1)] = reply
        replies[(item.id, 2)] = head + "Q3 Recommendations:" + rest.split("Q3 Recommendations:")[1]
        replies[(item.id, 3)] = "Q1 Audiogram: normal hearing in both ears."
    model = _replay(tmp_path, "casewriter", replies)
    log = _run(audiology_cases(items=str(CASE_ITEMS)), model, tmp_path / "casewriter.jsonl",
               tmp_path / "logs")  # fmt: skip
    table = results_table(tmp_path / "logs")
    assert (table["outcome"] == "unscored").sum() > 0
    assert _check_every_metric(log, table) >= 8


def test_exact_match_metrics_across_epochs(tmp_path):
    from clinbench.suites.audiology.tasks import audiology_objective

    task = audiology_objective()
    samples = list(task.dataset)[:12]
    rnd = random.Random(2)
    replies = {}
    for sample in samples:
        for epoch in range(1, EPOCHS + 1):
            key = sample.target if isinstance(sample.target, str) else sample.target[0]
            replies[(sample.id, epoch)] = rnd.choice([key, key, "B", "DECLINE", "?? unclear"])
    model = _replay(tmp_path, "quizzer", replies)
    replies_path = str(tmp_path / "quizzer.jsonl")
    (log,) = inspect_eval(task, model=model, model_args={"responses": replies_path},
                          epochs=EPOCHS, limit=12, log_dir=str(tmp_path / "logs"),
                          display="none")  # fmt: skip
    table = results_table(tmp_path / "logs")
    assert (table["outcome"] == "declined").sum() > 0
    keys = {s.id: s.target for s in samples}
    assert (table["target"] == table["item_id"].map(keys)).all() and set(table["epochs"]) == {3}
    assert _check_every_metric(log, table) >= 3
