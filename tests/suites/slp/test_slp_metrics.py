"""WER/MER/WIP against hand-computed values, F1 against scikit-learn, ensembles and ties."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import f1_score

from clinbench.results.schema import RESULT_COLUMNS
from clinbench.scoring.speech import (
    normalise_transcript,
    transcription_measures,
    transcription_report,
)
from clinbench.stats.classification import classification_measures, classification_report
from clinbench.suites.slp.scenario_tables import ensemble_results, majority_vote, scenario_table


def test_wer_mer_wip_hand_computed():
    # "sat"->"sit" substituted, second "the" deleted: H=4 S=1 D=1 I=0, 6 reference words
    m = transcription_measures(["the cat sat on the mat"], ["the cat sit on mat"])
    assert m["WER"] == pytest.approx(2 / 6)
    assert m["MER"] == pytest.approx(2 / 6)
    assert m["WIP"] == pytest.approx((4 / 6) * (4 / 5))
    # one insertion: H=2 I=1
    m = transcription_measures(["red ball"], ["red big ball"])
    assert (m["WER"], m["MER"], m["WIP"]) == pytest.approx((1 / 2, 1 / 3, 2 / 3))


@pytest.mark.parametrize("empty", ["", None, "   ", "..."])
def test_empty_hypothesis_is_all_deleted(empty):
    m = transcription_measures(["red ball"], [empty])
    assert (m["WER"], m["MER"], m["WIP"]) == (1.0, 1.0, 0.0)


def test_corpus_wer_pools_word_counts():
    # 2 errors over 6 words, then 2 deletions over 2 words: (2 + 2) / 8
    m = transcription_measures(["the cat sat on the mat", "red ball"], ["the cat sit on mat", ""])
    assert m["WER"] == pytest.approx(4 / 8)


def test_normalisation_splits_fragments_and_drops_punctuation():
    assert normalise_transcript("B-b-Ball, please!") == "b- b- ball please"
    assert normalise_transcript("don't") == "don't"


def test_f1_against_scikit_learn_on_a_fixed_confusion():
    labels = ["A", "B", "C"]
    confusion = np.array([[5, 2, 1], [1, 6, 0], [2, 1, 3]])  # rows gold, columns predicted
    gold, pred = [], []
    for i, g in enumerate(labels):
        for j, p in enumerate(labels):
            gold += [g] * confusion[i, j]
            pred += [p] * confusion[i, j]
    m = classification_measures(gold, pred, labels)
    precision = np.diag(confusion) / confusion.sum(axis=0)
    recall = np.diag(confusion) / confusion.sum(axis=1)
    by_hand_macro = np.mean(2 * precision * recall / (precision + recall))
    assert m["Macro F1"] == pytest.approx(by_hand_macro)
    assert m["Macro F1"] == pytest.approx(f1_score(gold, pred, average="macro"))
    assert m["Micro F1"] == pytest.approx(14 / 21) == pytest.approx(m["Exact Match"])


def test_table_measures_equal_scikit_learn():
    from clinbench.stats.classification import measures_from_tables

    rng = np.random.default_rng(0)
    labels = ["A", "B", "C"]
    for _ in range(20):
        gold = list(rng.choice(labels, size=30))
        pred = [None if x == "-" else x for x in rng.choice([*labels, "-"], size=30)]
        codes = {x: i for i, x in enumerate([*labels, None])}
        table = np.zeros((4, 4))
        for g, p in zip(gold, pred, strict=True):
            table[codes[g], codes[p]] += 1
        fast = {k: float(v) for k, v in measures_from_tables(table, 3).items()}
        present = sorted(set(gold) | {p for p in pred if p})
        marked = [p or "-" for p in pred]
        assert fast["Macro F1"] == pytest.approx(
            f1_score(gold, marked, labels=present, average="macro", zero_division=0)
        )
        assert fast["Micro F1"] == pytest.approx(
            f1_score(gold, marked, labels=[*present, "-"], average="micro")
        )
        assert fast == pytest.approx(classification_measures(gold, pred))


def test_bootstrap_sd_is_seeded_and_positive():
    gold = ["A", "B"] * 20
    pred = ["A", "A", "B", "B"] * 10
    a = classification_report(gold, pred, ["A", "B"], resamples=200, seed=3)
    b = classification_report(gold, pred, ["A", "B"], resamples=200, seed=3)
    c = classification_report(gold, pred, ["A", "B"], resamples=200, seed=4)
    assert a == b and a["Micro F1 SD"] > 0 and a["Micro F1 SD"] != c["Micro F1 SD"]
    t = transcription_report(["a b", "c d"] * 5, ["a b", ""] * 5, resamples=100, seed=0)
    assert t["WER"] == pytest.approx(0.5) and t["WER SD"] > 0


def test_majority_vote_and_tie_rule():
    assert majority_vote(["B", "A", "A"]) == ("A", False)
    assert majority_vote(["C", "B", "A"]) == ("C", True)  # three-way tie: earliest model wins
    assert majority_vote([None, "B", "A"]) == ("B", True)  # abstention leaves a 1-1 tie
    assert majority_vote(["A", None, None]) == ("A", False)
    assert majority_vote([None, None, None]) == (None, False)


def _row(model, item, gold, predicted, outcome):
    row = dict.fromkeys(RESULT_COLUMNS)
    row.update(suite="slp", task="slp_disorder", model=model, item_id=item, epoch=1,
               condition="audio", outcome=outcome, score=float(outcome == "correct"),
               score_metadata=json.dumps({"gold_label": gold, "predicted_label": predicted,
                                          "gender": "female", "pipeline": "audio"}))  # fmt: skip
    return row


def test_ensemble_from_existing_results():
    td, sd = "typically_developing", "speech_disorder"
    rows = [
        _row("m1", "i1", td, td, "correct"), _row("m2", "i1", td, sd, "incorrect"),
        _row("m3", "i1", td, td, "correct"),
        _row("m1", "i2", sd, td, "incorrect"), _row("m2", "i2", sd, None, "parse_failed"),
        _row("m3", "i2", sd, sd, "correct"),
        _row("m1", "i3", sd, None, "parse_failed"), _row("m2", "i3", sd, None, "error"),
        _row("m3", "i3", sd, None, "parse_failed"),
        _row("m1", "i4", td, td, "correct"),  # i4 lacks m2, m3: left out
        _row("m1", "i5", td, None, "declined"), _row("m2", "i5", td, None, "declined"),
        _row("m3", "i5", td, None, "declined"),
    ]  # fmt: skip
    frame = pd.DataFrame(rows, columns=RESULT_COLUMNS)
    out = ensemble_results(frame, ["m1", "m2", "m3"], name="vote3").set_index("item_id")
    assert list(out.index) == ["i1", "i2", "i3", "i5"]
    assert out.loc["i1", "outcome"] == "correct"
    assert out.loc["i2", "outcome"] == "incorrect"  # m1 (td) vs m3 (sd) tie -> m1, the earliest
    assert json.loads(out.loc["i2", "score_metadata"])["tied"] is True
    assert out.loc["i3", "outcome"] == "parse_failed"
    assert out.loc["i5", "outcome"] == "declined"  # all declined: a decline, not a parse failure
    table = scenario_table(pd.concat([frame, out.reset_index()]), resamples=50)
    vote = table[table["model"] == "vote3"].iloc[0]
    # SLPHelm's rule (the default): the parse failure is a wrong prediction, over all 4 items;
    # over answered items only (the named alternative) it is left out: 1 of 3.
    assert vote["n"] == 4 and vote["answered"] == 3 and vote["excluded"] == 1
    assert vote["Exact Match"] == pytest.approx(1 / 4)
    assert vote["Exact Match (answered only)"] == pytest.approx(1 / 3)


def test_run_and_report_give_the_same_sd_for_the_same_results():
    """`clinbench run` printed WER SD 2.691 (200 resamples) where the report and analyze
    gave 2.626 (500) for the same six SmolLM2 transcriptions: one number on every surface."""
    from clinbench.suites.slp.report import sections, summary_tables

    td, sd = "typically_developing", "speech_disorder"
    rows = []
    for i in range(12):
        gold, predicted = td if i % 2 else sd, td if i % 3 else sd
        rows.append(_row("m1", f"i{i}", gold, predicted,
                         "correct" if gold == predicted else "incorrect"))  # fmt: skip
    frame = pd.DataFrame(rows, columns=RESULT_COLUMNS)
    printed = summary_tables(frame)[0][1]
    reported = next(iter(sections(frame)[0].tables.values()))
    assert printed["Exact Match SD"].iloc[0] > 0
    pd.testing.assert_frame_equal(printed.reset_index(drop=True), reported.reset_index(drop=True))
