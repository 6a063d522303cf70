"""Item model, loaders and `clinbench items` validation."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from clinbench.cli import _mount, app
from clinbench.items import ItemFileError, load_items, read_items, validate_files, write_items

runner = CliRunner()
_mount()


def write_jsonl(path: Path, rows: list) -> Path:
    path.write_text("\n".join(r if isinstance(r, str) else json.dumps(r) for r in rows) + "\n")
    return path


MCQ = {
    "id": "q1",
    "format": "mcq",
    "stem": "Which ossicle?",
    "options": {"A": "malleus", "B": "stapes"},
    "answer": "B",
}


def test_sample_items_cover_every_closed_format(sample_items_path):
    items = load_items(sample_items_path)
    counts = Counter(i.format for i in items)
    for fmt in ("mcq", "tf", "fib", "sa", "exact"):
        assert counts[fmt] >= 10, fmt
    assert all(i.illustrative for i in items)
    assert len({i.id for i in items}) == len(items)


def test_every_problem_is_reported_with_file_line_and_field(tmp_path):
    path = write_jsonl(
        tmp_path / "bad.jsonl",
        [
            MCQ,
            MCQ,  # duplicate id on line 2
            {"id": "q3", "format": "essay", "stem": "x"},
            {**MCQ, "id": "q4", "answer": "E"},
            {"id": "q5", "format": "tf", "stem": "Is it?", "answer": "maybe"},
            {"id": "q6", "format": "case", "stem": "History.", "images": ["missing.png"],
             "questions": [{"id": "Q1", "prompt": "Results?", "reference": "Normal."}]},
            "{not json",
            {"id": "q8", "format": "exact", "stem": "Refer?",
             "fields": [{"name": "refer", "kind": "choice", "options": ["yes", "no"]}],
             "answer": {"refer": "perhaps"}},
        ],
    )  # fmt: skip
    problems = [str(p) for p in validate_files([path])]
    expected_starts = [
        f"{path}:2: id: duplicate id 'q1'",
        f"{path}:3: format: unknown format 'essay'",
        f"{path}:4: answer: answer 'E' is not among the options",
        f"{path}:5: answer:",
        f"{path}:6: images.0: media file not found: missing.png",
        f"{path}:7: -: invalid JSON",
        f"{path}:8: answer.refer: answer 'perhaps' for field 'refer' is not among its options",
    ]
    assert len(problems) == len(expected_starts), problems
    for problem, start in zip(problems, expected_starts, strict=True):
        assert problem.startswith(start), (problem, start)


def test_csv_items_with_json_cells_and_dotted_provenance(tmp_path):
    path = tmp_path / "items.csv"
    path.write_text(
        "id,format,stem,options,answer,provenance.url,tags\n"
        'c1,mcq,Which nerve?,"{""A"": ""VII"", ""B"": ""VIII""}",B,https://example.org,"[""anatomy""]"\n'
        "c2,tf,Sound is a wave.,,true,,\n"
    )
    items = load_items(path)
    assert items[0].options == {"A": "VII", "B": "VIII"}
    assert str(items[0].provenance.url) == "https://example.org"
    assert items[0].tags == ["anatomy"]
    assert items[1].answer is True
    assert items[1].source == f"{path}:3"


def test_csv_bad_json_cell_names_line_and_column(tmp_path):
    path = tmp_path / "items.csv"
    path.write_text('id,format,stem,options,answer\nc1,mcq,Q?,"{A: 1}",A\n')
    problems = validate_files([path])
    assert str(problems[0]).startswith(f"{path}:2: options: cell is not valid JSON")


def test_load_items_raises_with_all_problems(tmp_path):
    path = write_jsonl(tmp_path / "bad.jsonl", [MCQ, MCQ])
    with pytest.raises(ItemFileError) as info:
        load_items(path)
    assert len(info.value.problems) == 1


def test_write_items_round_trip(tmp_path, sample_items_path):
    items = load_items(sample_items_path)
    out = write_items(items, tmp_path / "copy.jsonl")
    again = load_items(out)
    assert [i.model_dump() for i in again] == [i.model_dump() for i in items]


def test_validate_cli_exits_2_and_prints_problems(tmp_path):
    path = write_jsonl(tmp_path / "bad.jsonl", [MCQ, {**MCQ, "id": "q2", "answer": "Z"}])
    result = runner.invoke(app, ["items", "validate", str(path)])
    assert result.exit_code == 2
    assert f"{path}:2: answer: answer 'Z'" in result.output


def test_validate_cli_accepts_good_files(sample_items_path):
    result = runner.invoke(app, ["items", "validate", str(sample_items_path)])
    assert result.exit_code == 0, result.output
    assert "OK: 52 items" in result.output


def test_schema_cli_prints_json_schema_with_every_format():
    result = runner.invoke(app, ["items", "schema"])
    assert result.exit_code == 0
    schema = json.loads(result.output)
    text = json.dumps(schema)
    for fmt in ("mcq", "tf", "fib", "sa", "exact", "case", "audio"):
        assert f'"const": "{fmt}"' in text or f'"{fmt}"' in text
    assert "discriminator" in text


def test_read_items_reports_missing_file(tmp_path):
    items, problems = read_items([tmp_path / "nope.jsonl"])
    assert not items and "file not found" in str(problems[0])


def test_non_utf8_file_is_a_problem_not_a_crash(tmp_path):
    path = tmp_path / "latin1.jsonl"
    path.write_bytes(json.dumps({**MCQ, "stem": "Café?"}, ensure_ascii=False).encode("latin-1"))
    result = runner.invoke(app, ["items", "validate", str(path)])
    assert result.exit_code == 2
    assert f"{path}:1: -: not UTF-8 text" in result.output


def test_csv_problem_in_a_multiline_row_names_the_row_first_line(tmp_path):
    path = tmp_path / "items.csv"
    path.write_text('id,format,stem,answer\nt1,tf,"Two\nlines",true\nt2,tf,Stem,maybe\n')
    problems = validate_files([path])
    assert [str(p).split(": ")[0] for p in problems] == [f"{path}:4"]
    items, _ = read_items([path])
    assert items[0].source == f"{path}:2"


def test_validate_cli_rejects_a_file_with_no_items(tmp_path):
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n")
    result = runner.invoke(app, ["items", "validate", str(empty)])
    assert result.exit_code == 2
    # file:line: field: message, as every other problem (surf33)
    assert f"{empty}:1: -: no items: the file has no item rows" in result.output
