"""Classification metrics against a hand-made reference prediction set.

The expected numbers were worked out by hand (arithmetic in the comments) before the code
ran, and are also checked against scikit-learn called directly and a HELM-style calculation
(MultiLabelBinarizer over the labels, an out-of-set reply negative for every class).

Reference set: five declared classes a-e; d and e never occur (absent classes).

    item  gold  reply              outcome        prediction
    i01   a     a                  correct        a
    i02   a     a                  correct        a
    i03   a     b                  incorrect      b
    i04   b     b                  correct        b
    i05   b     a                  incorrect      a
    i06   b     DECLINE            declined       (none)
    i07   a     "maybe a or b"     parse_failed   (none)
    i08   b     "" (empty reply)   parse_failed   (none)
    i09   a     c                  incorrect      c   (c is predicted, never gold)
    i10   b     b                  correct        b

Answered rows (i01-i06, i09, i10): 8, correct 4 -> accuracy 4/8 = 0.5; over all 10 rows 0.4.
Labels present: gold {a, b} u predictions {a, b, c} = {a, b, c}.
  a: TP 2 (i01, i02), FP 1 (i05), FN 2 (i03, i09) -> F1 = 4 / 7
  b: TP 2 (i04, i10), FP 1 (i03), FN 2 (i05, i06) -> F1 = 4 / 7
  c: TP 0, FP 1 (i09), FN 0 -> F1 = 0
  macro over present labels = (8/7) / 3 = 8/21;  over all five declared = (8/7) / 5 = 8/35.
  micro with the decline as a wrong prediction: TP 4 of 8 predictions and 8 gold = 0.5
  (= accuracy). HELM-style micro (the decline is no prediction, only a missed gold label):
  TP 4, FP 3 (i03, i05, i09), FN 4 (i03, i05, i06, i09) -> 8 / 15.
All rows (parse failures as replies with no label, like declines): a FN 3, b FN 3 ->
  a: 4 / 8, b: 4 / 8, c: 0 -> macro 1/3; micro 4 / 10.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import f1_score
from sklearn.preprocessing import MultiLabelBinarizer

from clinbench.stats.classification import (
    NO_LABEL,
    classification,
    classification_measures,
    classification_report,
    f1_scores,
)

ALL = ["a", "b", "c", "d", "e"]
ROWS = [
    ("i01", "a", "a", "correct"),
    ("i02", "a", "a", "correct"),
    ("i03", "a", "b", "incorrect"),
    ("i04", "b", "b", "correct"),
    ("i05", "b", "a", "incorrect"),
    ("i06", "b", "DECLINE", "declined"),
    ("i07", "a", "", "parse_failed"),
    ("i08", "b", "", "parse_failed"),
    ("i09", "a", "c", "incorrect"),
    ("i10", "b", "b", "correct"),
]


def _table() -> pd.DataFrame:
    return pd.DataFrame(
        [
            {"model": "m", "task": "t", "item_id": i, "target": g, "extracted_answer": a,
             "outcome": o}
            for i, g, a, o in ROWS
        ]
    )  # fmt: skip


def _answered():
    gold = [g for _, g, _, o in ROWS if o != "parse_failed"]
    pred = [
        a if o in ("correct", "incorrect") else None for _, _, a, o in ROWS if o != "parse_failed"
    ]
    return gold, pred


def test_hand_computed_reference_values():
    gold, pred = _answered()
    out = f1_scores(gold, pred, all_labels=ALL)
    assert out["labels"] == ["a", "b", "c"]
    assert out["macro_f1"] == pytest.approx(8 / 21)
    assert out["macro_f1_all_labels"] == pytest.approx(8 / 35)
    assert out["micro_f1"] == pytest.approx(0.5) == pytest.approx(out["exact_match"])


def test_against_scikit_learn_called_directly():
    gold, pred = _answered()
    marked = [p or "#none" for p in pred]
    out = f1_scores(gold, pred, all_labels=ALL)
    present = sorted(set(gold) | {p for p in pred if p})
    assert out["macro_f1"] == pytest.approx(
        f1_score(gold, marked, labels=present, average="macro", zero_division=0)
    )
    assert out["macro_f1_all_labels"] == pytest.approx(
        f1_score(gold, marked, labels=ALL, average="macro", zero_division=0)
    )
    assert out["micro_f1"] == pytest.approx(
        f1_score(gold, marked, labels=[*present, "#none"], average="micro")
    )


def _helm(gold, pred, labels):
    # HELM's ClassificationMetric: binarise over the labels; an out-of-set reply (a decline)
    # is a negative for every class.
    mlb = MultiLabelBinarizer().fit([labels])
    y_true = mlb.transform([[g] for g in gold])
    y_pred = mlb.transform([[p] if p in labels else [] for p in pred])
    return {
        avg: f1_score(y_true, y_pred, average=avg, zero_division=0) for avg in ("micro", "macro")
    }


def test_against_a_helm_style_calculation():
    gold, pred = _answered()
    helm = _helm(gold, pred, ["a", "b", "c"])
    out = f1_scores(gold, pred)
    assert out["macro_f1"] == pytest.approx(helm["macro"]) == pytest.approx(8 / 21)
    # HELM does not count a decline as a false prediction: its micro-F1 is 8/15, not the
    # accuracy. clinbench counts it as wrong (as accuracy does); with no declines they agree.
    assert helm["micro"] == pytest.approx(8 / 15)
    kept = [(g, p) for g, p in zip(gold, pred, strict=True) if p is not None]
    g2, p2 = [g for g, _ in kept], [p for _, p in kept]
    assert f1_scores(g2, p2)["micro_f1"] == pytest.approx(_helm(g2, p2, ["a", "b", "c"])["micro"])


def test_absent_classes_do_not_drag_macro_f1():
    # a 2-of-5-class slice: perfect on the two classes present
    gold = ["a", "a", "b", "b"]
    assert classification_measures(gold, gold, ALL)["Macro F1"] == pytest.approx(1.0)
    assert classification_measures(gold, gold, ALL)["Macro F1 (all labels)"] == pytest.approx(0.4)


def test_results_table_command_both_denominators():
    row = classification(_table(), by=["model"], all_labels=ALL).iloc[0]
    assert (row["n_items"], row["n_rows"], row["answered"], row["excluded"]) == (10, 10, 8, 2)
    assert row["micro_f1"] == pytest.approx(0.5) and row["exact_match"] == pytest.approx(0.5)
    assert row["macro_f1"] == pytest.approx(8 / 21)
    assert row["macro_f1_all_labels"] == pytest.approx(8 / 35)
    assert row["micro_f1_all"] == pytest.approx(0.4) == pytest.approx(row["exact_match_all"])
    assert row["macro_f1_all"] == pytest.approx(1 / 3)
    assert row["labels"] == "a;b;c"


def test_micro_f1_equals_accuracy_with_declines():
    rng = np.random.default_rng(4)
    gold = list(rng.choice(["x", "y", "z"], 200))
    pred = [None if rng.random() < 0.2 else str(rng.choice(["x", "y", "z"])) for _ in gold]
    out = f1_scores(gold, pred)
    accuracy = np.mean([g == p for g, p in zip(gold, pred, strict=True)])
    assert out["micro_f1"] == pytest.approx(accuracy)


def test_no_label_marker_cannot_be_gold_and_unknown_labels_are_named():
    with pytest.raises(ValueError, match="gold"):
        f1_scores([NO_LABEL], ["a"])
    with pytest.raises(ValueError, match=r"\['z'\]"):
        f1_scores(["a"], ["z"], all_labels=["a", "b"])


def test_bootstrap_sd_of_reference_set_is_seeded():
    gold, pred = _answered()
    a = classification_report(gold, pred, ALL, resamples=500, seed=1)
    b = classification_report(gold, pred, ALL, resamples=500, seed=1)
    assert a == b and a["Macro F1"] == pytest.approx(8 / 21) and 0 < a["Macro F1 SD"] < 0.5


def test_per_class_precision_recall_f1_support_equal_scikit_learn():
    from sklearn.metrics import precision_recall_fscore_support

    from clinbench.stats.classification import NO_LABEL, per_class

    # a slice with a class never predicted ("c"), a decline and a parse failure
    rows = pd.DataFrame({
        "model": "m", "task": "t", "item_id": [f"i{n}" for n in range(8)],
        "target": ["a", "a", "b", "b", "b", "c", "a", "b"],
        "extracted_answer": ["a", "b", "b", "b", "a", "a", "", ""],
        "outcome": ["correct", "incorrect", "correct", "correct", "incorrect", "incorrect",
                    "declined", "parse_failed"],
    })  # fmt: skip
    table = per_class(rows, by=["model"])
    for denominator, mask in (("answered", rows["outcome"] != "parse_failed"),
                              ("all", rows["outcome"].notna())):  # fmt: skip
        part = rows[mask]
        gold = part["target"].tolist()
        pred = [p if p else NO_LABEL for p in part["extracted_answer"]]
        p, r, f, s = precision_recall_fscore_support(gold, pred, labels=["a", "b", "c"],
                                                     zero_division=0)  # fmt: skip
        mine = table[table["denominator"] == denominator].set_index("label")
        assert mine.loc[["a", "b", "c"], "precision"].tolist() == pytest.approx(list(p))
        assert mine.loc[["a", "b", "c"], "recall"].tolist() == pytest.approx(list(r))
        assert mine.loc[["a", "b", "c"], "f1"].tolist() == pytest.approx(list(f))
        assert mine.loc[["a", "b", "c"], "support"].tolist() == list(s)


def test_cli_classification_prints_per_class_rows(tmp_path):
    from typer.testing import CliRunner

    from clinbench.cli.stats_commands import app
    from clinbench.results import write_results

    rows = pd.DataFrame({"model": "m", "task": "t", "item_id": ["i1", "i2", "i3"],
                         "target": ["yes", "no", "maybe"],
                         "extracted_answer": ["yes", "yes", "maybe"],
                         "outcome": ["correct", "incorrect", "correct"]})  # fmt: skip
    path = write_results(rows, tmp_path / "r.csv")
    res = CliRunner().invoke(app, ["classification", str(path), "--format", "csv"])
    assert res.exit_code == 0, res.output
    assert "label,precision,recall,f1,support" in res.output.replace("denominator,", "")
    res = CliRunner().invoke(app, ["classification", str(path)])
    assert "per class" in res.output and "maybe" in res.output


def test_f1_scores_equal_scikit_learn_bit_for_bit():
    """The F1s come from one confusion table; every figure equals f1_score exactly (==)."""
    from clinbench.stats.classification import NO_LABEL, f1_scores

    rng = np.random.default_rng(7)
    for trial in range(300):
        pool = ["a", "b", "c", "d", "e"][: rng.integers(1, 6)]
        n = int(rng.integers(1, 60))
        gold = [str(x) for x in rng.choice(pool, size=n)]
        pred = [None if x == "-" else str(x) for x in rng.choice([*pool, "-"], size=n)]
        declared = [*pool, "z"]
        rng.shuffle(declared)  # the declared order is the order scikit-learn averages in
        got = f1_scores(gold, pred, all_labels=declared)
        marked = [NO_LABEL if p is None else p for p in pred]
        present = sorted(set(gold) | {p for p in pred if p is not None})

        for name, labels, average in (
            ("micro_f1", [*present, NO_LABEL], "micro"),
            ("macro_f1", present, "macro"),
            ("macro_f1_all_labels", list(declared), "macro"),
        ):
            expected = f1_score(gold, marked, labels=labels, average=average, zero_division=0)
            assert got[name] == float(expected), (trial, name)
