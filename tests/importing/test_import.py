"""Bring your own benchmark (issue 16): import through maps, context, protocols, majority."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest
from inspect_ai import eval as inspect_eval
from typer.testing import CliRunner

from clinbench.cli import _mount, app
from clinbench.item_tasks import clinbench_items
from clinbench.items.digest import item_set_hash
from clinbench.items.importer import ImportFailed, import_items, read_map, shipped_maps
from clinbench.items.loader import load_items
from clinbench.items.model import MCQItem
from clinbench.items.sample import from_metadata
from clinbench.results.export import results_table
from clinbench.solvers.prompts import item_prompt

runner = CliRunner()
_mount()
FIXTURES = Path(__file__).parent / "fixtures"

CASES = {  # map -> (source, extra CLI args, expected item count)
    "medqa": ("medqa.jsonl", [], 3),
    "pubmedqa": ("ori_pqal.json", ["--keep-ids", str(FIXTURES / "test_ground_truth.json")], 2),
    "pubmedqa_lettered": (
        "ori_pqal.json",
        ["--keep-ids", str(FIXTURES / "test_ground_truth.json")],
        2,
    ),
    "medmcqa": ("medmcqa_dev.json", [], 3),
    "spreadsheet": ("spreadsheet.csv", [], 3),
}


def _import(tmp_path, name, source, extra):
    out = tmp_path / f"{name}.jsonl"
    args = ["items", "import", str(FIXTURES / source), "--map", name, "-o", str(out), *extra]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    return out


def test_every_shipped_map_has_a_fixture():
    assert sorted([*CASES, "healthbench"]) == shipped_maps()  # healthbench: test_healthbench.py


@pytest.mark.parametrize("name", sorted(CASES))
def test_import_validate_run_chance_and_majority_export(name, tmp_path):
    source, extra, count = CASES[name]
    out = _import(tmp_path, name, source, extra)
    items = load_items(out)  # the written file validates on its own
    assert len(items) == count and all(isinstance(i, MCQItem) for i in items)
    assert runner.invoke(app, ["items", "validate", str(out)]).exit_code == 0
    models = ["clinbench/chance", "clinbench/majority"]
    task = clinbench_items(items=str(out))
    logs = inspect_eval(task, model=models, log_dir=str(tmp_path / "logs"), display="none")
    assert all(log.status == "success" for log in logs)
    frame = results_table(tmp_path / "logs")
    assert set(frame["model"]) == {"clinbench/chance", "clinbench/majority"}
    assert (frame["item_set_sha256"] == item_set_hash(items)).all()
    assert (frame["n_items"] == count).all()
    protocol = json.loads(frame["protocol"].iloc[0])
    expected = read_map(name).protocol or {}
    assert {k: protocol[k] for k in expected} == expected
    assert not frame["outcome"].isin(["parse_failed", "error"]).any()


CONTEXT = (
    "Context:\n"
    "BACKGROUND: Wax may block the probe and distort tympanograms.\n"
    "RESULTS: Peak pressure was measured before and after wax removal in 60 ears and did "
    "not differ.\n\n"
    "Question:\n"
    "Does wax removal change tympanometric peak pressure?\n\n"
)


def test_pubmedqa_prompt_reproduces_the_published_protocol_exactly(tmp_path):
    """#29: question + context -> yes/no/maybe, the answer read as the word; no letters."""
    out = _import(tmp_path, "pubmedqa", *CASES["pubmedqa"][:2])
    task = clinbench_items(items=str(out))
    sample = next(s for s in task.dataset if s.id == "pubmedqa-90000003")
    assert sample.input == CONTEXT + "Reply with yes, no or maybe only."
    assert sample.target == "B"
    assert "DECLINE" not in sample.input and "ANSWER" not in sample.input
    assert "A. yes" not in sample.input


def test_pubmedqa_lettered_is_a_named_option(tmp_path):
    out = _import(tmp_path, "pubmedqa_lettered", *CASES["pubmedqa_lettered"][:2])
    task = clinbench_items(items=str(out))
    sample = next(s for s in task.dataset if s.id == "pubmedqa-90000003")
    assert sample.input == (
        CONTEXT + "A. yes\nB. no\nC. maybe\n\nReply with the letter of the correct option only."
    )


@pytest.mark.parametrize(
    ("reply", "letter"),
    [("no", "B"), ("No.", "B"), ("Maybe", "C"), ("Yes. There is no evidence of harm.", "A"),
     ("Answer: no", "B"), ("**yes**", "A"), ("The answer is maybe.", "C")],
)  # fmt: skip
def test_pubmedqa_word_replies_are_read_as_the_word(tmp_path, reply, letter):
    from clinbench.items.sample import from_metadata
    from clinbench.scoring.extract import extract_answer

    out = _import(tmp_path, "pubmedqa", *CASES["pubmedqa"][:2])
    sample = next(iter(clinbench_items(items=str(out)).dataset))
    got = extract_answer(from_metadata(sample.metadata), reply)
    assert (got.status, got.answer) == ("ok", letter)


def test_pubmedqa_word_replies_that_cannot_be_read(tmp_path):
    from clinbench.items.sample import from_metadata
    from clinbench.scoring.extract import extract_answer

    out = _import(tmp_path, "pubmedqa", *CASES["pubmedqa"][:2])
    sample = next(iter(clinbench_items(items=str(out)).dataset))
    item = from_metadata(sample.metadata)
    assert extract_answer(item, "B").status == "none"  # a letter was never offered
    assert extract_answer(item, "It could be yes or no").status == "ambiguous"


def test_every_shipped_map_names_its_published_protocol():
    readme = (Path(__file__).parents[2] / "src/clinbench/items/maps/README.md").read_text()
    rows = {line.split("|")[1].strip().strip("`"): line for line in readme.splitlines()
            if line.startswith("| `")}  # fmt: skip
    assert sorted(rows) == shipped_maps()
    for name, row in rows.items():
        assert len([c for c in row.split("|") if c.strip()]) == 4, name


def test_tsv_json_list_and_parquet_sources_give_the_same_items(tmp_path):
    spec = read_map("spreadsheet")
    from_csv = import_items(FIXTURES / "spreadsheet.csv", spec)
    from_tsv = import_items(FIXTURES / "spreadsheet.tsv", spec)
    frame = pd.read_csv(FIXTURES / "spreadsheet.csv", dtype=str, keep_default_na=False)
    frame.to_parquet(tmp_path / "bank.parquet")
    (tmp_path / "bank.json").write_text(frame.to_json(orient="records"))
    from_parquet = import_items(tmp_path / "bank.parquet", spec)
    from_json = import_items(tmp_path / "bank.json", spec)
    key = [(i.id, i.answer, tuple(sorted(i.options.items()))) for i in from_csv]
    for other in (from_tsv, from_parquet, from_json):
        assert [(i.id, i.answer, tuple(sorted(i.options.items()))) for i in other] == key
    assert from_csv[0].answer == "C" and sorted(from_csv[2].options) == ["A", "B", "C"]
    assert from_csv[1].context.startswith("HISTORY:")


def test_medmcqa_answer_index_counts_from_one():
    items = import_items(FIXTURES / "medmcqa_dev.json", read_map("medmcqa"))
    assert [i.answer for i in items] == ["B", "C", "A"]
    assert items[0].options["B"] == "Facial nerve" and items[0].domain == "ENT"


def test_bad_rows_are_reported_with_source_line_and_nothing_written(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text(
        "id,question,option_a,option_b,answer\n"
        "q1,First question?,yes,no,A\n"
        "q2,Second question?,yes,no,E\n"  # key not among the options
        "q3,,yes,no,A\n"  # no stem
    )
    with pytest.raises(ImportFailed) as err:
        import_items(bad, read_map("spreadsheet"))
    lines = sorted({(p.line, p.field) for p in err.value.problems})
    assert [line for line, _ in lines] == [3, 4]
    out = tmp_path / "out.jsonl"
    result = runner.invoke(app, ["items", "import", str(bad), "--map", "spreadsheet",
                                 "-o", str(out)])  # fmt: skip
    assert result.exit_code == 2 and f"{bad}:3:" in result.output and not out.exists()


def test_bad_map_names_the_field(tmp_path):
    path = tmp_path / "m.yaml"
    path.write_text("format: mcq\nid: id\nstem: q\nanswer: a\n")
    with pytest.raises(ValueError, match="options"):
        read_map(path)
    path.write_text("format: mcq\nid: id\nstem: q\nanswer: a\noptions: [x]\nfoo: 1\n")
    with pytest.raises(ValueError, match="foo"):
        read_map(path)


def test_default_protocol_prompt_is_unchanged_and_options_are_recorded(sample_items_path):
    task = clinbench_items(items=str(sample_items_path))
    items = {i.id: i for i in load_items(sample_items_path)}
    for sample in task.dataset:
        if isinstance(sample.input, str):
            assert sample.input == item_prompt(items[str(sample.id)])
    assert task.metadata["protocol"]["decline"] is True


def test_protocol_options_decline_instruction_shuffle_fewshot(tmp_path, sample_items_path):
    mcq = [i for i in load_items(sample_items_path) if isinstance(i, MCQItem)]
    path = tmp_path / "mcq.jsonl"
    from clinbench.items.loader import write_items

    write_items(mcq[2:], path)
    shots = write_items(mcq[:2], tmp_path / "shots.jsonl")
    plain = clinbench_items(items=str(path), decline=False, instruction="bare_letter")
    assert all("DECLINE" not in s.input and s.input.endswith("option only.") for s in plain.dataset)
    one = clinbench_items(items=str(path), shuffle=True, shuffle_seed=3)
    two = clinbench_items(items=str(path), shuffle=True, shuffle_seed=3)
    assert [s.input for s in one.dataset] == [s.input for s in two.dataset]
    for sample in one.dataset:  # the key moves with its option text
        original = next(i for i in mcq if i.id == sample.id)
        asked = from_metadata(sample.metadata)  # the item as asked (options shuffled)
        assert asked.options[sample.target] == original.options[original.answer]
    moved = sum(s.target != next(i for i in mcq if i.id == s.id).answer for s in one.dataset)
    assert moved > 0
    few = clinbench_items(items=str(path), fewshot=str(shots), fewshot_n=2, decline=False)
    first = few.dataset[0].input
    assert first.startswith(mcq[0].stem) and f"\n\nANSWER: {mcq[0].answer}\n\n" in first
    assert first.count("ANSWER: ") == 2 + 1  # two solved examples, then the instruction
    assert few.metadata["protocol"]["fewshot_n"] == 2
    with pytest.raises(ValueError, match="also test items"):
        clinbench_items(items=str(shots), fewshot=str(shots), fewshot_n=1)


def test_majority_baseline_answers_the_most_common_key(tmp_path):
    rows = [{"format": "mcq", "id": f"q{i}", "stem": f"Question {i}?",
             "options": {"A": "a", "B": "b", "C": "c"}, "answer": "B" if i < 7 else "A"}
            for i in range(10)]  # fmt: skip
    path = tmp_path / "bank.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    log = inspect_eval(clinbench_items(items=str(path)), model="clinbench/majority",
                       log_dir=str(tmp_path), display="none")[0]  # fmt: skip
    frame = results_table(log.location)
    assert set(frame["extracted_answer"]) == {"B"}
    assert (frame["outcome"] == "correct").sum() == 7


def test_context_is_a_labelled_block_before_the_question():
    item = MCQItem(id="c1", stem="What is the type?", context="RESULTS: flat trace.",
                   options={"A": "A", "B": "B"}, answer="B")  # fmt: skip
    text = item_prompt(item)
    assert text.startswith("Context:\nRESULTS: flat trace.\n\nQuestion:\nWhat is the type?")
    assert "DECLINE" in text  # clinbench's own protocol is unchanged
