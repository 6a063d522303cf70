"""A bad rubric file fails as ``file:line: field: message``, one problem a line, nothing run.

Its problems were joined on one line with no line number (``r.yaml: questions.Q1...:
...; questions.Q3...: ...``) and a rubric-wide check had no field at all (``r.yaml: -:
Value error, grades must be ...``), where an item file's problems name the line.
"""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from clinbench.scoring.rubric import RubricError, default_rubric_path, load_rubric

TEXT = default_rubric_path().read_text(encoding="utf-8")


def _line_of(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), start=1) if needle in line)


def _edited(tmp_path, old: str, new: str, name: str = "r.yaml"):
    assert TEXT.count(old) >= 1, old
    path = tmp_path / name
    path.write_text(TEXT.replace(old, new), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("old", "new", "field", "needle"),
    [
        ("weight: 50", "weight: -50", "questions.Q2.dimensions.diagnostic_accuracy.weight",
         "weight: -50"),
        ("weight: 50", "weight: fifty", "questions.Q2.dimensions.diagnostic_accuracy.weight",
         "weight: fifty"),
        ("{grade: B, min: 75,", "{grade: B, min: 95,", "grades.1.min", "{grade: B, min: 95,"),
        ("pass_grade: C", "pass_grade: Z", "pass_grade", "pass_grade: Z"),
    ],
)  # fmt: skip
def test_each_problem_names_its_line_and_field(tmp_path, old, new, field, needle):
    path = _edited(tmp_path, old, new)
    with pytest.raises(RubricError) as info:
        load_rubric(path)
    text = path.read_text(encoding="utf-8")
    assert str(info.value).startswith(f"{path}:{_line_of(text, needle)}: {field}: "), info.value


def test_several_problems_one_a_line(tmp_path):
    path = _edited(tmp_path, "weight: 40", "weight: 0")  # Q1 and Q3 each have one
    with pytest.raises(RubricError) as info:
        load_rubric(path)
    lines = str(info.value).splitlines()
    text = path.read_text(encoding="utf-8")
    numbers = [n for n, line in enumerate(text.splitlines(), start=1) if "weight: 0" in line]
    assert len(lines) == 2 and len(numbers) == 2
    for line, number in zip(lines, numbers, strict=True):
        assert line.startswith(f"{path}:{number}: questions.Q"), line
        assert line.endswith(": Input should be greater than 0")


def test_run_with_a_bad_rubric_exits_2_with_the_line_and_writes_nothing(tmp_path):
    from clinbench.cli import _mount, app

    _mount()
    path = _edited(tmp_path, "weight: 50", "weight: -50")
    logs, out = tmp_path / "logs", tmp_path / "out.parquet"
    result = CliRunner().invoke(app, [
        "run", "audiology_cases", "-T", f"rubric={path}", "--limit", "1",
        "--log-dir", str(logs), "--out", str(out),
    ])  # fmt: skip
    assert result.exit_code == 2, result.output
    line = _line_of(path.read_text(encoding="utf-8"), "weight: -50")
    assert f"{path}:{line}: questions.Q2.dimensions.diagnostic_accuracy.weight: " in result.output
    assert not out.exists() and not (logs.exists() and any(logs.iterdir()))
