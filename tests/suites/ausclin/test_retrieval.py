"""Retrieval: TF-IDF search over local documents, and the tool inside Inspect's loop."""

from __future__ import annotations

import pytest

from clinbench.curate.passages import read_documents
from clinbench.suites.ausclin.items import DOCS_DIR
from clinbench.suites.ausclin.retrieval import DocumentIndex, format_hits


def test_search_ranks_the_matching_current_source_first():
    index = DocumentIndex()
    hits = index.search("GP chronic condition management plan MBS item", top_k=3)
    assert hits[0].passage.doc == "mbs_online_factsheet"
    assert any("965" in h.passage.text for h in hits)
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    text = format_hits(hits)
    assert text.startswith("[1] MBS Online") and "<https://" in text
    assert index.search("   ") == []
    assert format_hits([]) == "No matching documents."


def test_collection_holds_stale_and_overseas_pages_on_purpose():
    docs = {p.doc for p in read_documents(DOCS_DIR)}
    assert {"archived_pap_smear_guidance", "us_cdc_shingles"} <= docs
    hits = DocumentIndex().search("shingles vaccine age", top_k=2)
    assert {h.passage.doc for h in hits} == {"us_cdc_shingles", "australian_immunisation_handbook"}


def test_headers_and_paragraphs(tmp_path):
    (tmp_path / "a.txt").write_text(
        "TITLE: Rule A\nURL: https://a.example\n\nFirst para.\n\nSecond\npara.\n"
    )
    (tmp_path / "b.txt").write_text("No header here.\n")
    passages = read_documents(tmp_path)
    assert [(p.doc, p.citation, p.text) for p in passages] == [
        ("a", "Rule A", "First para."),
        ("a", "Rule A", "Second para."),
        ("b", "b", "No header here."),
    ]
    with pytest.raises(FileNotFoundError):
        read_documents(tmp_path / "missing")
    assert [p.id for p in passages] == ["a-001", "a-002", "b-001"]
    assert [p.url for p in passages] == ["https://a.example", "https://a.example", ""]
    assert passages[1].source == f"{tmp_path / 'a.txt'}:6"  # file:line of the passage


def test_retrieval_task_calls_the_search_tool(tmp_path):
    from inspect_ai import eval as inspect_eval
    from inspect_ai.model import ModelOutput, ModelUsage, get_model

    from clinbench.results.export import results_table
    from clinbench.suites.ausclin.tasks import ausclin

    def used(output):
        output.usage = ModelUsage(input_tokens=10, output_tokens=5, total_tokens=15)
        return output

    outputs = [
        used(ModelOutput.for_tool_call("mockllm/model", "search_documents",
                                       {"query": "bowel screening kit age"})),
        used(ModelOutput.from_content("mockllm/model", '{"minimum_age": "45", "decline": false}')),
    ]  # fmt: skip
    model = get_model("mockllm/model", custom_outputs=outputs)
    task = ausclin(condition="retrieval", domains="immunisation_screening")
    task.dataset = task.dataset.filter(lambda s: s.id == "imm-002")
    logs = inspect_eval(task, model=model, log_dir=str(tmp_path), display="none")
    sample = logs[0].samples[0]
    tool_replies = [m for m in sample.messages if m.role == "tool"]
    assert tool_replies and "45 to 49" in tool_replies[0].text
    frame = results_table(logs[0].location)
    assert frame.loc[0, "outcome"] == "correct" and frame.loc[0, "condition"] == "retrieval"
