"""Blind x rule per-item readings, trap x condition, unclassified values to research."""

from __future__ import annotations

import pandas as pd
from typer.testing import CliRunner

from clinbench.cli.ausclin_commands import app
from clinbench.suites.ausclin.analysis import accuracy_table, items_from_results, with_facts
from clinbench.suites.ausclin.condition_compare import (
    KNOWLEDGE,
    REASONING,
    condition_pairs,
    condition_readings,
    trap_table,
    unclassified_values,
)
from clinbench.suites.ausclin.severity import classify_wrong_answer, parse_answer

GOOD = "clinbench/replay/good-model"


def test_readings_follow_the_two_outcomes(ausclin_results):
    pairs = condition_pairs(ausclin_results)
    good = pairs[pairs["model"] == GOOD]
    rows = ausclin_results[(ausclin_results["model"] == GOOD) & ~ausclin_results["condition"]
                           .str.contains("+", regex=False)]  # fmt: skip
    rows = with_facts(rows)
    rows = rows[~rows["equipoise"]]
    blind = rows[rows["condition"] == "blind"].set_index("item_id")["outcome"]
    rule = rows[rows["condition"] == "rule"].set_index("item_id")["outcome"]
    common = blind.index.intersection(rule.index)
    assert len(good) == len(common) > 0
    knowledge = {i for i in common if blind[i] == "incorrect" and rule[i] == "correct"}
    reasoning = {i for i in common if rule[i] == "incorrect" and blind[i] != "declined"}
    assert set(good.loc[good["reading"] == KNOWLEDGE, "item_id"]) == knowledge
    assert set(good.loc[good["reading"] == REASONING, "item_id"]) == reasoning
    assert knowledge  # the replay has items it gets wrong from memory but right with the rule
    counts = condition_readings(pairs).set_index("model")
    assert counts.loc[GOOD, KNOWLEDGE] == len(knowledge)
    assert counts.loc[GOOD, "pairs"] == len(common)


def test_trap_table_splits_the_accuracy_table(ausclin_results):
    traps = trap_table(ausclin_results)
    assert set(traps["trap"]) == {"trap", "not trap"}
    whole = accuracy_table(ausclin_results, by=("model", "condition")).set_index(
        ["model", "condition"]
    )
    summed = traps.groupby(["model", "condition"])[["answered", "correct"]].sum()
    for key, row in summed.iterrows():
        assert row["answered"] == whole.loc[key, "answered"]
        assert row["correct"] == whole.loc[key, "correct"]


def test_unclassified_values_match_no_evidence(ausclin_results):
    table = unclassified_values(ausclin_results)
    assert not table.empty and (table["count"] >= 1).all()
    items = items_from_results(ausclin_results)
    for _, row in table.iterrows():
        item = items[row["item_id"]]
        assert not any(
            w.value == row["value"] for w in item.wrong_values if w.field == row["field"]
        )
    # the counts add up to the unclassified wrong blind answers (one wrong field each here)
    blind = ausclin_results[(ausclin_results["condition"] == "blind")
                            & (ausclin_results["outcome"] == "incorrect")]  # fmt: skip
    blind = with_facts(blind)
    blind = blind[~blind["equipoise"]]
    unclassified = sum(
        classify_wrong_answer(items[i], parse_answer(a)) == "unclassified"
        for i, a in zip(blind["item_id"], blind["extracted_answer"], strict=True)
    )
    assert table["count"].sum() >= unclassified > 0


def test_commands_print_each_table(ausclin_results, tmp_path):
    from clinbench.cli import _mount
    from clinbench.cli import app as main_app

    table = tmp_path / "results.csv"
    ausclin_results.to_csv(table, index=False)
    runner = CliRunner()
    for command in (["conditions"], ["conditions", "--items"], ["traps"], ["unclassified"]):
        result = runner.invoke(app, [*command, str(table), "-f", "csv"])
        assert result.exit_code == 0, (command, result.output)
    out = tmp_path / "traps.csv"
    assert runner.invoke(app, ["traps", str(table), "--out", str(out)]).exit_code == 0
    assert set(pd.read_csv(out)["trap"]) == {"trap", "not trap"}
    _mount()
    result = runner.invoke(main_app, ["stats", "accuracy", str(table), "--by", "condition,trap",
                                      "-f", "csv"])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "blind,True" in result.output and "blind,False" in result.output


def test_report_breakdown_reads_trap_from_the_suite_block(ausclin_results):
    from clinbench.report.generic import breakdown_section

    section = breakdown_section(ausclin_results, "trap")
    table = section.tables["Accuracy by trap"]
    assert set(table["trap"]) == {"True", "False"}
