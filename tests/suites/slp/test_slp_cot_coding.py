"""Chain-of-thought trace coding (issue 28 item 5, SLPHelm Figure 7): the keyword baseline
against the hand-labelled traces, the judge role (a replayed judge, offline), per-model rates
with Wilson intervals, and the `clinbench slp cot` command."""

from __future__ import annotations

import csv
import json

import pandas as pd
import pytest
from sklearn.metrics import cohen_kappa_score
from statsmodels.stats.proportion import proportion_confint
from typer.testing import CliRunner

from clinbench.suites.slp import cot_coding as cot


@pytest.fixture(scope="module")
def rules_coded() -> pd.DataFrame:
    return cot.code_traces_by_rules(cot.read_traces(cot.LABELLED_TRACES))


def test_the_labelled_set_covers_every_behaviour_both_ways():
    labels = pd.read_csv(cot.LABELLED_TRACES)
    assert len(labels) >= 30 and labels["model"].nunique() >= 3
    for behaviour in cot.behaviour_ids():  # each behaviour present and absent, so kappa exists
        assert 0 < labels[behaviour].sum() < len(labels)


def test_rules_baseline_agreement_is_sklearns_kappa_and_high(rules_coded):
    table = cot.agreement_with_labels(rules_coded, n_boot=200).set_index("behaviour")
    for behaviour in cot.behaviour_ids():
        expected = cohen_kappa_score(rules_coded[behaviour], rules_coded[f"label_{behaviour}"])
        assert table.loc[behaviour, "kappa"] == pytest.approx(expected)
        # in-sample (the cues were written after the traces): a floor that catches broken cues
        assert table.loc[behaviour, "kappa"] >= 0.8, behaviour


@pytest.mark.parametrize(
    ("trace", "shown"),
    [
        ("There is no error I can hear; each word matches. ANSWER: A", set()),
        ('First, I will compare; then classify. "tat" for "cat". ANSWER: B',
         {"subgoal_setting", "error_detection"}),
        ("A pattern across a class of sounds indicates a phonological disorder. ANSWER: C",
         {"rule_following"}),
    ],
)  # fmt: skip
def test_rules_read_each_behaviour(trace, shown):
    codes = cot.code_by_rules(trace)
    assert {b for b, v in codes.items() if v} == shown


def test_rates_carry_wilson_intervals_and_correct_when_shown(rules_coded):
    rates = cot.behaviour_rates(rules_coded)
    assert set(rates["model"]) == set(rules_coded["model"])
    row = rates[(rates["model"] == "illustrative-a") & (rates["behaviour"] == "error_detection")]
    row = row.iloc[0]
    group = rules_coded[rules_coded["model"] == "illustrative-a"]
    shown = group[group["error_detection"]]
    assert row["shown"] == len(shown) and row["rate"] == pytest.approx(len(shown) / len(group))
    assert row["CI95%"] == pytest.approx(proportion_confint(len(shown), len(group),
                                                            method="wilson"))  # fmt: skip
    correct = int((shown["outcome"] == "correct").sum())
    assert row["correct when shown"] == pytest.approx(correct / len(shown))


def test_judge_role_codes_traces_and_records_unreadable_replies(tmp_path):
    from inspect_ai.log import read_eval_log
    from inspect_ai.model import get_model

    traces = cot.read_traces(cot.LABELLED_TRACES).head(4)
    codes = {"subgoal_setting": True, "rule_following": False, "error_detection": True}
    replies = [json.dumps(codes)] * 3 + ["It shows subgoal setting, I think."]
    path = tmp_path / "judge.csv"
    with path.open("w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["item_id", "model", "response"])
        writer.writerows([i, "cot-judge", r] for i, r in enumerate(replies))
    judge = get_model("clinbench/replay/cot-judge", responses=str(path))
    coded = cot.code_traces_by_judge(traces, judge, tmp_path / "logs")
    assert coded["coded"].tolist() == [True, True, True, False]  # prose is never guessed from
    assert coded.loc[3, "judge_note"] == "no JSON object"
    assert coded.loc[:2, "error_detection"].all() and not coded.loc[:2, "rule_following"].any()
    (log_path,) = (tmp_path / "logs").glob("*.eval")
    assert "grader" in (read_eval_log(str(log_path)).eval.model_roles or {})
    rates = cot.behaviour_rates(coded)
    a = rates[(rates["model"] == "illustrative-a") & (rates["behaviour"] == "subgoal_setting")]
    assert a.iloc[0]["unscored"] == 1 and a.iloc[0]["rate"] == 1.0  # 3 coded of 4 traces


def test_read_judge_reply_needs_every_behaviour_as_a_bool():
    ok, why = cot.read_judge_reply('{"subgoal_setting": true, "rule_following": false}')
    assert ok is None and why.startswith("error_detection")
    ok, why = cot.read_judge_reply(
        '{"subgoal_setting": "yes", "rule_following": false, "error_detection": true}'
    )
    assert ok is None and "subgoal_setting" in why


def test_results_table_keeps_only_chain_of_thought_rows(tmp_path):
    rows = pd.DataFrame({"model": ["m", "m"], "item_id": ["a", "a"],
                         "condition": ["asr+cot", "asr"], "outcome": ["correct", "incorrect"],
                         "response": ['First, I will compare. "tat" for "cat".', "B"]})  # fmt: skip
    path = tmp_path / "results.csv"
    rows.to_csv(path, index=False)
    traces = cot.read_traces(path)
    assert traces["condition"].tolist() == ["asr+cot"]


def test_cot_command_json_and_bad_labels(tmp_path):
    from clinbench.cli import _mount, app

    _mount()
    result = CliRunner().invoke(app, ["slp", "cot", str(cot.LABELLED_TRACES), "--format", "json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    titles = [t["title"] for t in doc["tables"]]
    assert titles == ["Reasoning behaviours per model", "Agreement with the hand labels"]
    bad = pd.read_csv(cot.LABELLED_TRACES, dtype=str)
    bad.loc[4, "rule_following"] = "maybe"
    path = tmp_path / "bad.csv"
    bad.to_csv(path, index=False)
    result = CliRunner().invoke(app, ["slp", "cot", str(path)])
    assert result.exit_code == 2 and result.stdout == "", result.output
    assert f"{path}:6: rule_following: 'maybe'" in result.output  # file:line: field: message


def test_a_failed_judge_call_is_counted_apart_and_fails_the_command(tmp_path):
    """A judge whose call fails (here: the replay judge holds no reply for traces 2 and 3)
    is a failed judge call, never an unreadable reply and never a code: counted apart in the
    table, recorded with the provider's cause, and `slp cot` exits 3 naming the judge."""
    from clinbench.cli import _mount, app

    traces = tmp_path / "traces.csv"
    pd.read_csv(cot.LABELLED_TRACES, dtype=str).head(4).to_csv(traces, index=False)
    codes = {"subgoal_setting": True, "rule_following": False, "error_detection": True}
    replies = tmp_path / "judge.csv"
    pd.DataFrame({"item_id": ["0", "1"], "model": "cot-judge",
                  "response": [json.dumps(codes), "prose, no codes"]}).to_csv(
        replies, index=False
    )  # fmt: skip
    _mount()
    result = CliRunner().invoke(app, [
        "slp", "cot", str(traces), "--judge", "clinbench/replay/cot-judge",
        "-G", f"responses={replies}", "--log-dir", str(tmp_path / "logs"), "--format", "json",
    ])  # fmt: skip
    assert result.exit_code == 3, result.output
    said = " ".join(result.stderr.split())
    assert "error: grader clinbench/replay/cot-judge: 2 of 4 judge calls failed" in said, said
    assert "first cause:" in said and "no frozen response" in said, said
    (rates, *_) = json.loads(result.stdout)["tables"]
    per_behaviour = pd.DataFrame(rates["rows"]).groupby("behaviour")
    assert (per_behaviour["traces"].sum() == 4).all()
    assert (per_behaviour["judge call failed"].sum() == 2).all()
    assert (per_behaviour["unscored"].sum() == 1).all()  # the prose: unreadable, not failed
    assert (per_behaviour["shown"].sum() <= 1).all()  # one trace coded
    from inspect_ai.model import get_model

    judge = get_model("clinbench/replay/cot-judge", responses=str(replies))
    coded = cot.code_traces_by_judge(cot.read_traces(traces), judge, tmp_path / "logs2")
    assert coded["coded"].tolist() == [True, False, False, False]
    assert coded["judge_call_failed"].tolist() == [False, False, True, True]
    # an uncoded trace has no behaviour values: missing, never False ("not shown")
    assert coded.loc[1:, list(cot.behaviour_ids())].isna().all().all()
    assert coded.loc[2, "judge_note"].startswith("the judge's call failed: ")
    assert "no frozen response" in coded.loc[2, "judge_note"]
