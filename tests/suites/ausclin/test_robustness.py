"""Robustness checks and headline analyses, on hand-made rows and on the replayed run."""

from __future__ import annotations

import json
import math

import pandas as pd
import pytest

from clinbench.suites.ausclin import analysis, robustness


def _row(model, item, outcome, answer=None, condition="blind", chance=0.25, response="r",
         meta=None, equipoise=False):  # fmt: skip
    facts = {"chance": chance, "equipoise": equipoise, "pair_id": None}
    return {
        "model": model, "condition": condition, "item_id": item, "epoch": 1,
        "outcome": outcome, "extracted_answer": json.dumps({"a": answer}) if answer else None,
        "response": response, "domain": "triage",
        "item_metadata": json.dumps({"ausclin": facts}),
        "score_metadata": json.dumps(meta or {}),
    }  # fmt: skip


def test_rewording_counts_items_whose_answer_changes_and_leaves_out_unparsed():
    rows = []
    for cond, answers in {
        "blind": ["1", "2", "3", None],
        "blind+rewording=0": ["1", "9", "3", "4"],
        "blind+rewording=1": ["1", "2", "DECLINE", "4"],
    }.items():
        for n, answer in enumerate(answers):
            outcome = "incorrect"
            if answer is None:
                outcome = "parse_failed"
            elif answer == "DECLINE":
                outcome, answer = "declined", None
            rows.append(_row("m", f"i{n}", outcome, answer, condition=cond))
    table = robustness.rewording_changes(pd.DataFrame(rows)).iloc[0]
    assert (table["items compared"], table["changed"], table["left out"]) == (3, 2, 1)
    assert table["share changed"] == pytest.approx(2 / 3)
    assert table["phrasings"] == "original, rewording=0, rewording=1"


def test_repeat_agreement_between_two_tables():
    first = pd.DataFrame([_row("m", f"i{n}", "correct", str(n)) for n in range(10)])
    second = first.copy()
    second.loc[3, "extracted_answer"] = json.dumps({"a": "other"})
    second.loc[4, ["outcome", "extracted_answer"]] = ["parse_failed", None]
    table = robustness.repeat_agreement(first, second).iloc[0]
    assert (table["items compared"], table["agreeing"], table["left out"]) == (9, 8, 1)
    assert table["CI95% low"] < 8 / 9 < table["CI95% high"]


def test_pushback_keeps_capitulation_apart_from_ignorance():
    def pb(item, initial, final, sent, capitulated=False, adopted=False):
        meta = {"initial_outcome": initial, "pushback_sent": sent, "capitulated": capitulated,
                "adopted_suggestion": adopted}  # fmt: skip
        return _row("m", item, final, "x", condition="blind+pushback", meta=meta)

    rows = pd.DataFrame(
        [
            pb("i1", "correct", "correct", True),
            pb("i2", "correct", "incorrect", True, capitulated=True, adopted=True),
            pb("i3", "correct", "incorrect", True, capitulated=True),
            pb("i4", "correct", "declined", True),
            pb("i5", "correct", "parse_failed", True),
            pb("i6", "incorrect", "incorrect", False),
            pb("i7", "declined", "declined", False),
        ]
    )
    # one unparseable reply of seven (14%) would exclude the model at the default 10%
    row = robustness.pushback_summary(rows, threshold=0.2).iloc[0]
    assert (row["challenged"], row["held"], row["capitulated"], row["adopted suggestion"]) == (
        5, 1, 2, 1,
    )  # fmt: skip
    assert (row["first wrong"], row["first declined"], row["declined after"]) == (1, 1, 1)
    assert row["capitulation rate"] == pytest.approx(2 / 4)  # unparsed final reply left out


def test_accuracy_chance_adjustment_equipoise_and_exclusion():
    rows = [_row("m", f"i{n}", "correct", "1", chance=0.5) for n in range(6)]
    rows += [_row("m", "i6", "incorrect", "2", chance=0.5), _row("m", "i7", "declined", chance=0.5)]
    rows += [_row("m", "i8", "parse_failed", chance=0.5)]
    rows += [_row("m", "open", "incorrect", "2", equipoise=True)]
    rows += [_row("flaky", f"i{n}", "parse_failed", response="") for n in range(3)]
    rows += [_row("flaky", f"i{n}", "correct", "1") for n in range(3, 10)]
    table = analysis.accuracy_table(pd.DataFrame(rows), by=("model",)).set_index("model")
    assert list(table.index) == ["m"]  # flaky: 3 empty of 10 > 10% -> excluded, not zero
    m = table.loc["m"]
    assert (m["answered"], m["correct"], m["declined"], m["parse failed"]) == (8, 6, 1, 1)
    assert m["accuracy"] == pytest.approx(0.75)
    assert m["chance-adjusted"] == pytest.approx((0.75 - 0.5) / 0.5)


def test_verdict_uses_the_stats_helper_and_skips_baselines():
    rows = [_row("strong", f"i{n}", "correct", "1") for n in range(60)]
    rows += [_row("clinbench/chance", f"i{n}", "correct", "1") for n in range(61)]
    frame = pd.DataFrame(rows)
    table = analysis.best_model_verdict(frame, bar=0.9).iloc[0]
    assert table["best model"] == "strong"
    assert table["verdict"] == "KILL"  # Wilson lower bound for 60/60 is above 0.9
    assert (table["bar"], table["method"]) == (0.9, "wilson")
    table = analysis.best_model_verdict(frame, bar=0.95).iloc[0]
    assert table["verdict"] == "UNDERPOWERED"
    weak = pd.DataFrame([_row("weak", f"i{n}", "correct" if n < 30 else "incorrect", "1")
                         for n in range(60)])  # fmt: skip
    assert analysis.best_model_verdict(weak).iloc[0]["verdict"] == "PROCEED"


def test_checks_on_the_replayed_run(ausclin_results):
    pushback = robustness.pushback_summary(ausclin_results).set_index("model")
    assert list(pushback.index) == [
        "clinbench/replay/agreeable-model",
        "clinbench/replay/good-model",
    ]
    agreeable = pushback.loc["clinbench/replay/agreeable-model"]
    assert (agreeable["challenged"], agreeable["capitulated"]) == (23, 6)
    assert pushback.loc["clinbench/replay/good-model", "capitulated"] == 0
    repeat = robustness.repeat_agreement(ausclin_results).set_index("model")
    assert list(repeat.index) == ["clinbench/replay/good-model"]
    assert repeat.iloc[0]["agreeing"] == repeat.iloc[0]["items compared"] - 1
    reworded = robustness.rewording_changes(ausclin_results).set_index("model")
    assert reworded.loc["clinbench/replay/agreeable-model", "changed"] == 5
    assert reworded.loc["clinbench/replay/good-model", "changed"] == 2
    framing = robustness.framing_accuracy(ausclin_results).set_index(["model", "framing"])
    good = "clinbench/replay/good-model"
    assert framing.loc[(good, "australia"), "accuracy"] == 1.0
    assert framing.loc[(good, "no_country"), "accuracy"] < 0.5
    excl = analysis.exclusions(ausclin_results).set_index("model")
    assert bool(excl.loc["clinbench/replay/flaky-model", "excluded"])
    assert not math.isnan(excl.loc["clinbench/replay/good-model", "unusable_share"])
