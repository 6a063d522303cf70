"""Replay pre-check: import-responses reads replies as the run will, before anything runs;
a missing clarifying turn is parse_failed with its reason, not an error."""

from __future__ import annotations

import json

from inspect_ai import eval as inspect_eval
from typer.testing import CliRunner

from clinbench.cli import _mount, app
from clinbench.providers.responses import NO_CLARIFYING_REPLY, precheck_replies, read_responses
from clinbench.results.export import results_table

_mount()
runner = CliRunner()

# Natural replies a person collected by hand (written before the check was coded):
# sample-tf-02's key is false; sample-mcq-01's options are A-D.
FROZEN = (
    "item_id,model,response,turn\n"
    'sample-tf-02,hand,"That is not true; home readings are usually lower",0\n'
    "sample-mcq-01,hand,A or D,0\n"
    "sample-mcq-04,hand,B or C,0\n"
    "sample-mcq-04,hand,ANSWER: C,1\n"
    "sample-mcq-05,hand,I would rather refer this patient to a specialist.,0\n"
    "sample-mcq-06,hand,ANSWER: C,0\n"
)


def _frozen(tmp_path):
    path = tmp_path / "hand.csv"
    path.write_text(FROZEN)
    return path


def test_precheck_lists_ambiguous_unparseable_and_missing_turn(tmp_path, sample_items_path):
    from clinbench.items.loader import load_items

    problems = precheck_replies(read_responses(_frozen(tmp_path)), load_items([sample_items_path]))
    found = {(p.item_id, p.kind, p.line) for p in problems}
    assert found == {
        ("sample-tf-02", "needs turn 1", 2),
        ("sample-mcq-01", "needs turn 1", 3),
        ("sample-mcq-04", "ambiguous", 4),  # has its turn=1 row: that one is scored
        ("sample-mcq-05", "unparseable", 6),
    }


def test_import_responses_cli_lists_them_by_line(tmp_path, sample_items_path):
    path = _frozen(tmp_path)
    result = runner.invoke(app, ["import-responses", str(path), "--items", str(sample_items_path)])
    assert result.exit_code == 0, result.output
    assert f"{path}:2: hand sample-tf-02: needs turn 1" in result.output
    assert f"{path}:3: hand sample-mcq-01: needs turn 1" in result.output
    assert f"{path}:6: hand sample-mcq-05: unparseable" in result.output
    assert "Ready to replay" not in result.output  # never said while replies will not score
    assert "4 replies will not score as answers" in result.output


def test_missing_clarifying_turn_is_parse_failed_with_reason(tmp_path, sample_items_path):
    from clinbench.item_tasks import clinbench_items

    logs = inspect_eval(
        clinbench_items(items=str(sample_items_path)),
        model="clinbench/replay/hand",
        model_args={"responses": str(_frozen(tmp_path))},
        sample_id=["sample-tf-02", "sample-mcq-01", "sample-mcq-04"],
        log_dir=str(tmp_path / "logs"),
        display="none",
    )
    assert logs[0].status == "success"
    table = results_table([logs[0].location]).set_index("item_id")
    for item in ("sample-tf-02", "sample-mcq-01"):
        assert table.loc[item, "outcome"] == "parse_failed"
        assert json.loads(table.loc[item, "score_metadata"])["reason"] == NO_CLARIFYING_REPLY
    # the turn=1 reply was the one scored
    assert table.loc["sample-mcq-04", "outcome"] in ("correct", "incorrect")
    assert table.loc["sample-mcq-04", "extracted_answer"] == "C"


def test_import_responses_counts_empty_contradictory_and_leaves_refusals(tmp_path):
    """Issue 29: empty replies are flagged with the unreadable ones; issue 25: a decline with
    an answer is listed as contradictory; a refusal is an outcome the run scores."""
    items = tmp_path / "items.jsonl"
    items.write_text(
        json.dumps({"id": "e1", "format": "exact", "stem": "Approval needed?",
                    "fields": [{"name": "approval", "kind": "choice", "options": ["yes", "no"]}],
                    "answer": {"approval": "no"}}) + "\n"
        + json.dumps({"id": "m1", "format": "mcq", "stem": "Which?",
                      "options": {"A": "a", "B": "b", "C": "c"}, "answer": "B"}) + "\n"
        + json.dumps({"id": "m2", "format": "mcq", "stem": "Which?",
                      "options": {"A": "a", "B": "b", "C": "c"}, "answer": "B"}) + "\n"
    )  # fmt: skip
    frozen = tmp_path / "frozen.jsonl"
    rows = [
        {"item_id": "e1", "model": "m", "response": '{"approval": "yes", "decline": true}'},
        {"item_id": "m1", "model": "m", "response": "   "},
        {"item_id": "m2", "model": "m", "response": "I'm sorry, I can't help with that."},
    ]
    frozen.write_text("".join(json.dumps(r) + "\n" for r in rows))
    result = runner.invoke(app, ["import-responses", str(frozen), "--items", str(items)])
    assert result.exit_code == 0, result.output
    assert f"{frozen}:1: m e1: contradictory" in result.output
    assert f"{frozen}:2: response: empty for 'm1'" in result.output
    assert ": m m2:" not in result.output  # the refusal is an outcome, not a format problem
    assert "2 replies will not score as answers as they stand (1 contradictory, 1 empty)" in (
        " ".join(result.output.split())
    )
    assert "Ready to replay" not in result.output
