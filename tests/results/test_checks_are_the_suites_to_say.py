"""Which conditions are robustness checks is the suite's to say (surf27 item 1).

The leaderboard took every condition with a '+' for a robustness check, so the SLP suite's
chain-of-thought and few-shot runs (``asr+cot``, ``audio+2shot``: prompting conditions the
SLPHelm paper reports as results of their own) were left off it unless ``--with-checks``.
Each suite now declares the parts of its conditions that are checks
(``SuiteSpec.robustness_checks``); the leaderboard and the clinical-policy suite's tables
ask the one function (``stats.leaderboard.is_check_run``).
"""

from __future__ import annotations

import json

import pandas as pd
import pytest
from typer.testing import CliRunner

from clinbench.cli.leaderboard_commands import app
from clinbench.results.schema import RESULT_COLUMNS
from clinbench.stats import leaderboard as lb


def _table(suite: str, task: str, conditions: list[str]) -> pd.DataFrame:
    rows = [
        {"suite": suite, "task": task, "model": "m", "item_id": f"i{n}", "format": "audio",
         "condition": condition, "epoch": 1, "scorer": "label", "response": "B",
         "outcome": "correct" if n % 3 else "incorrect", "score": float(n % 3 > 0),
         "item_metadata": json.dumps({"item": {"id": f"i{n}"}})}
        for condition in conditions for n in range(6)
    ]  # fmt: skip
    return pd.DataFrame(rows).reindex(columns=RESULT_COLUMNS)


@pytest.mark.parametrize("condition", ["asr+cot", "audio+2shot", "asr=whisper+cot+2shot"])
def test_an_slp_prompting_condition_is_a_result_on_the_board(condition):
    table = _table("slp", "slp_disorder_type", ["asr", condition])
    assert not lb.is_check_run(table).any()
    rows = lb.summarise(table)
    assert set(rows["condition"]) == {"asr", condition}
    assert (rows["status"] == lb.SCORED).all() and rows["accuracy"].notna().all()


@pytest.mark.parametrize(
    "suite,task,condition",
    [
        ("slp", "slp_disorder_type", "asr+babble@10dB"),
        ("slp", "slp_disorder", "audio+cot+synthetic_road_hum@20dB"),
        ("ausclin", "ausclin", "blind+pushback"),
        ("ausclin", "ausclin", "rule+framing=australia"),
        ("ausclin", "ausclin", "blind+rewording=1"),
        ("ausclin", "ausclin", "blind+repeat=2"),
    ],
)
def test_a_noise_or_perturbation_run_stays_a_check(suite, task, condition):
    base = condition.split("+")[0]
    table = _table(suite, task, [base, condition])
    checks = lb.is_check_run(table)
    assert set(table.loc[checks, "condition"]) == {condition}
    assert set(lb.summarise(table)["condition"]) == {base}
    assert set(lb.summarise(table, include_checks=True)["condition"]) == {base, condition}


def test_every_check_a_suite_task_records_is_declared_and_nothing_else():
    """The conditions the tasks write are what the declarations match: a test of the suites'
    own names, so a renamed check cannot slip onto the board."""
    from clinbench.suites import is_robustness_check
    from clinbench.suites.ausclin.tasks import _perturbation, condition_name
    from clinbench.suites.slp.tasks import _condition_name

    perturbed = [
        _perturbation("australia", None, False, None),
        _perturbation(None, 1, False, None),
        _perturbation(None, None, True, None),
        _perturbation(None, None, False, 2),
    ]
    for perturbation in perturbed:
        assert is_robustness_check(condition_name("blind", perturbation), "ausclin"), perturbation
    assert not is_robustness_check(condition_name("retrieval"), "ausclin")
    noisy = _condition_name("asr", "whisper", True, 2, "/x/synthetic_babble.wav", 10.0)
    assert is_robustness_check(noisy, "slp"), noisy
    for cot, shots in ((True, 0), (False, 2), (True, 2)):
        plain = _condition_name("audio", "pocketsphinx", cot, shots, None, 20.0)
        assert not is_robustness_check(plain, "slp"), plain


def test_leaderboard_add_takes_an_slp_cot_run_without_with_checks(tmp_path):
    """The old code refused it: 'every row is of a robustness-check run ... (--with-checks)'."""
    results, board = tmp_path / "cot.csv", tmp_path / "board.csv"
    _table("slp", "slp_disorder_type", ["asr+cot"]).to_csv(results, index=False)
    added = CliRunner().invoke(
        app, ["add", str(results), "--version", "1", "--note", "cot", "--board", str(board)]
    )
    assert added.exit_code == 0, added.output
    rows = lb.read_leaderboard(board).rows
    assert rows["condition"].tolist() == ["asr+cot"] and rows["status"].tolist() == [lb.SCORED]


def test_the_clinical_policy_tables_ask_the_same_rule():
    """ausclin's unperturbed runs are the rows the leaderboard does not call checks."""
    from clinbench.suites.ausclin.analysis import plain_runs

    table = _table("ausclin", "ausclin", ["blind", "rule", "blind+pushback", "rule+repeat=2"])
    assert plain_runs(table).equals(table[~lb.is_check_run(table)])
    assert set(plain_runs(table)["condition"]) == {"blind", "rule"}
