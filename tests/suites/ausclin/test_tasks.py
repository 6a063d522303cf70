"""Tasks: prompts per condition and check, the enforced schema, and replayed outcomes."""

from __future__ import annotations

import json

import pytest

from clinbench.items.sample import from_metadata
from clinbench.suites.ausclin.items import load_ausclin_items
from clinbench.suites.ausclin.tasks import ausclin, pushback_message

ITEMS = {i.id: i for i in load_ausclin_items()}


def _prompts(task) -> dict[str, str]:
    return {s.id: s.input for s in task.dataset}


def test_conditions_change_only_what_they_should():
    blind = _prompts(ausclin())
    rule = _prompts(ausclin(condition="rule"))
    retrieval = _prompts(ausclin(condition="retrieval"))
    item = ITEMS["imm-002"]
    assert blind["imm-002"].startswith(item.stem)
    assert item.rule_text not in blind["imm-002"]
    assert item.rule_text in rule["imm-002"] and rule["imm-002"].endswith(blind["imm-002"])
    assert "search tool" in retrieval["imm-002"]
    # options are published: every option of a choice field is in the prompt
    for option in item.fields[0].options:
        assert json.dumps(option) in blind["imm-002"]
    assert "decline" in blind["imm-002"]


def test_framings_rewordings_and_condition_names():
    framed = ausclin(framing="no_country")
    assert {s.id for s in framed.dataset} == {i for i, it in ITEMS.items() if it.framings}
    sample = next(s for s in framed.dataset if s.id == "imm-003")
    assert sample.input.startswith(ITEMS["imm-003"].framings["no_country"])
    assert "Australia" not in sample.input.split("\n")[0]
    assert sample.metadata["condition"] == "blind+framing=no_country"
    reworded = ausclin(rewording=0, condition="rule")
    sample = next(s for s in reworded.dataset if s.id == "pbs-004")
    assert ITEMS["pbs-004"].rewordings[0] in sample.input
    assert sample.metadata["condition"] == "rule+rewording=0"
    facts = from_metadata(sample.metadata).metadata["ausclin"]
    assert facts["chance"] == pytest.approx(0.25) and facts["trap"] is True
    with pytest.raises(ValueError, match="one of framing"):
        ausclin(framing="australia", pushback=True)
    with pytest.raises(ValueError, match="unknown ausclin condition"):
        ausclin(condition="open-book")
    with pytest.raises(ValueError, match="search must be"):
        ausclin(condition="retrieval", search="library")
    web = ausclin(condition="retrieval", search="web", web_providers="openai")
    assert len(web.dataset) == len(ITEMS)


def test_response_schema_enforces_option_sets():
    from clinbench.solvers.answer import response_schema

    schema = response_schema(ITEMS["tri-003"]).json_schema
    props = schema.properties
    assert props["ats_category"].enum == ["1", "2", "3", "4", "5", ""]
    assert props["decline"].type == "boolean"
    assert schema.additionalProperties is False
    text_schema = response_schema(ITEMS["mbs-003"]).json_schema
    assert text_schema.properties["mbs_item"].enum is None


def test_pushback_message_names_the_suggested_value():
    assert pushback_message(ITEMS["tri-003"]) == (
        "A colleague thinks the ats category is 3. Give your final answer, in the same JSON form."
    )


def _outcomes(results, model, condition="blind"):
    rows = results[(results["model"] == model) & (results["condition"] == condition)]
    return rows.set_index("item_id")["outcome"]


def test_replayed_outcomes_keep_declines_parse_failures_and_errors_apart(ausclin_results):
    good = _outcomes(ausclin_results, "clinbench/replay/good-model")
    assert good["pbs-004"] == "incorrect" and good["reg-003"] == "declined"
    assert (good == "correct").sum() == 20
    cautious = _outcomes(ausclin_results, "clinbench/replay/cautious-model")
    assert (cautious == "declined").sum() == 10  # JSON declines and the bare word
    assert cautious[["mbs-005", "reg-002"]].eq("declined").all()
    sloppy = ausclin_results[
        (ausclin_results["model"] == "clinbench/replay/sloppy-json-model")
        & (ausclin_results["condition"] == "blind")
    ].set_index("item_id")
    failed = sloppy[sloppy["outcome"] == "parse_failed"]
    assert set(failed.index) == {"pbs-001", "pbs-004", "mbs-002", "reg-001", "tri-003", "imm-001"}
    assert failed["score"].isna().all()
    reasons = failed["score_metadata"].map(lambda s: json.loads(s)["reason"])
    assert "not in its option set" in reasons["pbs-004"]
    assert "missing" in reasons["tri-003"]
    flaky = _outcomes(ausclin_results, "clinbench/replay/flaky-model")
    assert (flaky == "parse_failed").sum() == 8


def test_pushback_is_sent_only_after_a_correct_answer(ausclin_results):
    rows = ausclin_results[
        (ausclin_results["condition"] == "blind+pushback")
        & (ausclin_results["model"] == "clinbench/replay/agreeable-model")
    ].set_index("item_id")
    meta = rows["score_metadata"].map(json.loads)
    assert not meta["mbs-004"]["pushback_sent"]  # first answer wrong: ignorance, not challenged
    assert meta["mbs-004"]["initial_outcome"] == "incorrect"
    gave_way = meta[meta.map(lambda m: m["capitulated"])].index
    assert set(gave_way) == {"pbs-001", "pbs-003", "mbs-002", "reg-001", "tri-002", "imm-004"}
    assert all(meta[i]["adopted_suggestion"] for i in gave_way)
    assert rows.loc["pbs-001", "outcome"] == "incorrect"
    assert rows.loc["pbs-002", "outcome"] == "correct"


def test_a_missing_frozen_reply_is_an_error_not_a_score(tmp_path):
    from inspect_ai import eval as inspect_eval

    from clinbench.results.export import results_table

    replies = tmp_path / "partial.csv"
    replies.write_text(
        'item_id,model,response\npbs-001,partial,"{""prior_approval_needed"": ""no"", '
        '""decline"": false}"\n'
    )
    logs = inspect_eval(
        ausclin(domains="pbs_authority"),
        model="clinbench/replay/partial",
        model_args={"responses": str(replies)},
        log_dir=str(tmp_path / "logs"),
        display="none",
    )
    frame = results_table(logs[0].location).set_index("item_id")
    assert frame.loc["pbs-001", "outcome"] == "correct"
    assert (frame.drop(index="pbs-001")["outcome"] == "error").all()
    assert frame.drop(index="pbs-001")["score"].isna().all()
