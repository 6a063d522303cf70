"""The rubric file is the one source of the grade scale, pass rule and critical-error types."""

from __future__ import annotations

import ast
from pathlib import Path

import yaml

from clinbench.scoring.rubric import grade_rules, load_rubric
from clinbench.suites.audiology import RUBRIC

SRC = Path(__file__).resolve().parents[2] / "src" / "clinbench"


def test_grade_rules_follow_the_rubric_file(tmp_path):
    data = yaml.safe_load(RUBRIC.read_text(encoding="utf-8"))
    data["grades"] = [{"grade": "P", "min": 50, "max": 100}, {"grade": "N", "min": 0, "max": 49}]
    data["pass_grade"] = "P"
    data["critical_errors"] = {"wrong_ear": {"cap": "N", "label": "Wrong ear"}}
    data.pop("aliases")
    other = tmp_path / "other.yaml"
    other.write_text(yaml.safe_dump(data))
    rules = grade_rules(load_rubric(other))
    assert (rules.grades, rules.passing, rules.failing) == (("P", "N"), ("P",), ("N",))
    assert rules.critical_errors == ("wrong_ear",)
    assert rules.critical_error_labels == {"wrong_ear": "Wrong ear"}
    default = grade_rules()
    assert default.passing == ("A", "B", "C") and default.failing == ("D", "F")
    assert len(default.critical_errors) == 6


def _string_tuples(path: Path) -> list[tuple[int, tuple[str, ...]]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Tuple | ast.List | ast.Set)
            and node.elts
            and all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts)
        ):
            found.append((node.lineno, tuple(e.value for e in node.elts)))
    return found


def test_no_module_writes_the_grade_scale_or_the_error_types_again():
    rules = grade_rules()
    # a subset with its own meaning (e.g. the error types a checker can detect) is a rule of
    # its own; a copy of the whole scale, pass rule, failing grades or error list is not
    whole = [set(rules.grades), set(rules.passing), set(rules.failing), set(rules.critical_errors)]
    copies = [
        f"{path.relative_to(SRC)}:{line}: {values}"
        for path in SRC.rglob("*.py")
        for line, values in _string_tuples(path)
        if set(values) in whole
    ]
    assert copies == []


def test_band_midpoints_come_from_the_rubric_bands():
    # the values the statistics used to hard-code (stats._common) now follow from rubric.yaml
    from clinbench.scoring.rubric import grade_midpoints

    assert grade_midpoints() == {"A": 95.0, "B": 82.5, "C": 67.5, "D": 50.0, "F": 20.0}
    rubric = load_rubric()
    shuffled = rubric.model_copy(update={"grades": list(reversed(rubric.grades))})
    assert grade_midpoints(shuffled) == grade_midpoints(rubric)  # read in score order
    assert grade_rules(rubric).midpoints == grade_midpoints(rubric)
