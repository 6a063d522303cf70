"""The HealthBench-style map (issue 16): conversation + rubric JSONL -> sa items, run, export.

The fixture (fixtures/healthbench.jsonl) was written by hand in HealthBench's published
layout before the map's code ran: three conversations (one with a system message and two
earlier turns), rubrics with positive and negative points and criterion tags, example tags,
and a ``canary`` field the map does not read.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from clinbench.cli import _mount, app
from clinbench.items.importer import ImportFailed, import_items, read_map
from clinbench.items.loader import load_items
from clinbench.items.model import SAItem
from clinbench.results import read_results

runner = CliRunner()
_mount()
SOURCE = Path(__file__).parent / "fixtures" / "healthbench.jsonl"


def _records():
    return [json.loads(line) for line in SOURCE.read_text().splitlines()]


def _import(tmp_path):
    out = tmp_path / "hb.jsonl"
    result = runner.invoke(app, ["items", "import", str(SOURCE), "--map", "healthbench",
                                 "-o", str(out)])  # fmt: skip
    assert result.exit_code == 0, result.output
    return out, result


def test_every_field_lands_where_the_map_says_and_nothing_is_dropped_silently(tmp_path):
    out, result = _import(tmp_path)
    assert "canary (3 of 3)" in result.stderr  # the one field with no home is named
    items = load_items(out)
    records = {f"healthbench-{r['prompt_id']}": r for r in _records()}
    assert [i.id for i in items] == list(records) and all(isinstance(i, SAItem) for i in items)
    for item in items:
        record = records[item.id]
        assert item.stem == record["prompt"][-1]["content"]
        assert item.tags == record["example_tags"]
        assert item.metadata["rubric"] == record["rubrics"]  # verbatim, tags and all
        lines = item.answer.splitlines()
        assert len(lines) == len(record["rubrics"])
        for line, criterion in zip(lines, record["rubrics"], strict=True):
            sign = "+" if criterion["points"] > 0 else "-"
            assert line == f"[{sign}{abs(criterion['points'])}] {criterion['criterion']}"
    multi = items[1]  # system message + user + assistant before the last user turn
    assert multi.context == (
        "SYSTEM: You are a helpful assistant for speech and hearing clinicians.\n\n"
        "USER: A 4 year old in my clinic still says 'tat' for 'cat'. Is that a concern?\n\n"
        "ASSISTANT: Fronting of velar sounds is common in young children. Could you tell me "
        "more about the rest of their speech?"
    )
    assert items[0].context is None  # a one-message conversation has no earlier turns


def test_import_validate_replay_export(tmp_path):
    out, _ = _import(tmp_path)
    assert runner.invoke(app, ["items", "validate", str(out)]).exit_code == 0
    replies = tmp_path / "replies.csv"
    replies.write_text(
        "item_id,model,response,turn\n"
        "healthbench-a1f3c9e0-0001,m,Please see a clinician within a few days.,0\n"
        "healthbench-a1f3c9e0-0002,m,A speech sound assessment would help.,0\n"
        "healthbench-a1f3c9e0-0003,m,It is a flat trace; check the canal volume.,0\n"
    )
    results = tmp_path / "results.csv"
    result = runner.invoke(app, ["run", str(out), "--model", "clinbench/replay/m",
                                 "-M", f"responses={replies}", "--log-dir",
                                 str(tmp_path / "logs"), "--out", str(results),
                                 "--display", "none"])  # fmt: skip
    assert result.exit_code == 0, result.output
    rows = read_results(results)
    assert len(rows) == 3 and set(rows["format"]) == {"sa"}
    assert rows["response"].str.len().gt(0).all()
    assert not rows["outcome"].isin(["parse_failed", "error"]).any()
    assert (rows["n_items"] == 3).all() and rows["item_set_sha256"].str.len().eq(64).all()
    protocol = json.loads(rows["protocol"].iloc[0])
    assert protocol["decline"] is False and protocol["instruction"] == "none"
    for row in rows.itertuples():  # the rubric travels to the export for outside grading
        assert json.loads(row.item_metadata)["rubric"]


def test_prompt_is_the_conversation_with_no_instruction_or_decline(tmp_path):
    from clinbench.item_tasks import clinbench_items

    out, _ = _import(tmp_path)
    task = clinbench_items(items=str(out))
    sample = next(s for s in task.dataset if s.id == "healthbench-a1f3c9e0-0003")
    assert sample.input == "what does a type B tympanogram mean"
    sample = next(s for s in task.dataset if s.id == "healthbench-a1f3c9e0-0002")
    assert sample.input.startswith("Context:\nSYSTEM: You are a helpful assistant")
    assert sample.input.endswith(
        "Question:\nThe rest is mostly clear, and strangers understand about 80% of what she says."
    )
    assert "DECLINE" not in sample.input and "ANSWER" not in sample.input


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r["prompt"].append({"role": "assistant", "content": "Hi"}), "not the user's"),
        (lambda r: r["rubrics"][0].update(points="eight"), "must be a number"),
        (lambda r: r.update(prompt=[]), "no list of messages"),
        (lambda r: r["prompt"][0].update(content=["a", "b"]), "needs a 'role' and text"),
    ],
)
def test_bad_records_are_refused_with_their_line(tmp_path, change, message):
    records = _records()
    change(records[1])
    source = tmp_path / "bad.jsonl"
    source.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    with pytest.raises(ImportFailed) as err:
        import_items(source, read_map("healthbench"))
    (problem,) = err.value.problems
    assert problem.line == 2 and message in str(problem)
    out = tmp_path / "out.jsonl"
    result = runner.invoke(app, ["items", "import", str(source), "--map", "healthbench",
                                 "-o", str(out)])  # fmt: skip
    assert result.exit_code == 2 and not out.exists()
    assert f"{source}:2:" in result.stderr


def test_a_map_gives_stem_or_conversation_not_both(tmp_path):
    path = tmp_path / "map.yaml"
    path.write_text("format: sa\nid: prompt_id\nstem: q\nconversation: prompt\nanswer: a\n")
    with pytest.raises(ValueError, match="exactly one of stem or conversation"):
        read_map(path)
