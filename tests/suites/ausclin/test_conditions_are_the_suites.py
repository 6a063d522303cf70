"""ausclin's conditions (blind, rule, retrieval, ``blind+<perturbation>``) are the suite's own.

On the old code, importing the suite registered them as global prompt conditions: any item
file could then be run under ``condition=rule`` (and failed on an item with no rule text, or
not, depending on whether the suite had been imported first), and every ``blind+...``
perturbation a task was built with stayed registered for the process. The suite now rewrites
its own prompts; the samples, the grouping by condition and the leaderboard rows are as before.

``data/logs_with_global_conditions`` holds logs the old code wrote (main at 3eb5acf, replayed
``sloppy-json-model``, first 8 items: blind, rule, retrieval and ``blind+framing=australia``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from clinbench.solvers.conditions import conditions
from clinbench.suites.ausclin.items import DATA_DIR

OLD_LOGS = Path(__file__).parent / "data" / "logs_with_global_conditions"
MODEL = "clinbench/replay/sloppy-json-model"
RUNS = [  # (task options, replay file): as the old logs were made
    ({}, "replay_blind.csv"),
    ({"condition": "rule"}, "replay_rule.csv"),
    ({"framing": "australia"}, "replay_framing_australia.csv"),
    ({"condition": "retrieval"}, "replay_blind.csv"),
]
# what identifies a row and what it says; the log file, run id, timings and the bank file's
# place on the machine that ran it differ from run to run
COLUMNS = ["suite", "task", "model", "item_id", "format", "condition", "epoch", "scorer",
           "target", "response", "extracted_answer", "outcome", "score", "domain",
           "difficulty", "tags", "input_tokens", "output_tokens"]  # fmt: skip


def test_the_suite_registers_no_condition():
    from clinbench.suites.ausclin.tasks import ausclin

    for options, _file in RUNS:
        ausclin(**options)
    ausclin(rewording=1)
    ausclin(pushback=True)
    assert conditions() == ["default"]  # old code: blind, blind+framing=australia, ...


@pytest.mark.parametrize("condition", ["blind", "rule", "retrieval"])
def test_an_item_file_is_not_asked_under_the_suites_conditions(condition, sample_items_path):
    import clinbench.suites.ausclin.tasks  # noqa: F401 - what registered them on the old code
    from clinbench.item_tasks import clinbench_items

    with pytest.raises(ValueError, match="unknown condition"):
        clinbench_items(items=str(sample_items_path), condition=condition)


def _prompts(log_dir: Path) -> dict[tuple[str, str], str]:
    from inspect_ai.log import read_eval_log

    prompts = {}
    for path in sorted(log_dir.glob("*.eval")):
        log = read_eval_log(str(path))
        for sample in log.samples or []:
            text = sample.input if isinstance(sample.input, str) else sample.input[-1].text
            prompts[(sample.metadata["condition"], str(sample.id))] = text
    return prompts


def _board(results):
    from clinbench.stats.leaderboard import summarise

    return summarise(results, include_checks=True).reset_index(drop=True)


def test_new_logs_give_the_old_logs_table_and_leaderboard(tmp_path):
    import pandas as pd
    from inspect_ai import eval as inspect_eval

    from clinbench.results.export import results_table
    from clinbench.solvers.prompts import unit_phrase
    from clinbench.suites.ausclin.items import load_ausclin_items
    from clinbench.suites.ausclin.tasks import ausclin

    for options, file in RUNS:
        (log,) = inspect_eval(
            ausclin(**options), model=MODEL, model_args={"responses": str(DATA_DIR / file)},
            log_dir=str(tmp_path), display="none", limit=8,
        )  # fmt: skip
        assert log.status == "success", log.error
    old, new = results_table(OLD_LOGS), results_table(tmp_path)
    assert sorted(set(old["condition"])) == [
        "blind", "blind+framing=australia", "retrieval", "rule",
    ]  # fmt: skip
    key = ["condition", "item_id"]
    new, old = (t.sort_values(key).reset_index(drop=True) for t in (new, old))
    # since surf32 the answer form names a field's declared unit ("(in minutes)"), which the
    # old code's prompts did not: those items' prompts are that many tokens longer, no other
    unit = {i.id: f" ({unit_phrase(f)})" for i in load_ausclin_items() for f in i.fields
            if f.unit is not None}  # fmt: skip
    longer = new["input_tokens"] - old["input_tokens"]
    assert (longer[~new["item_id"].isin(unit)] == 0).all()
    assert (longer[new["item_id"].isin(unit)] > 0).all() and new["item_id"].isin(unit).any()
    same = [c for c in COLUMNS if c != "input_tokens"]
    pd.testing.assert_frame_equal(new[same], old[same])
    pd.testing.assert_frame_equal(_board(new), _board(old))
    assert len(_board(new)) == 4  # one leaderboard row per condition
    # each condition's prompt is the one the old code wrote (the rule's text, the search
    # note), but for the unit the answer form now names
    prompts = {k: v.replace(unit[k[1]], "") if k[1] in unit else v
               for k, v in _prompts(tmp_path).items()}  # fmt: skip
    assert prompts == _prompts(OLD_LOGS)
