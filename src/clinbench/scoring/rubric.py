"""Rubric grading: 1-5 subdimension scores and critical errors -> 0-100 score, letter grade, caps.

The adjudicator (an LLM judge or a deterministic grader) only reports subdimension points
and the critical errors it found; everything numeric happens here, in code, from a rubric
file. This follows the AudiologyBench design (Q1/Q2/Q3 weights, six critical-error types,
"missed red flag -> at most D, dangerous recommendation -> F"), with the scale mapping and
grade bands that paper leaves unpublished set in the rubric file (see the suite's
``rubric.yaml`` for clinbench's documented defaults).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from clinbench import suites
from clinbench.errors import InputFileError


class RubricError(InputFileError, ValueError):
    """Raised when a rubric file is invalid or a judgement does not fit the rubric."""


class _FieldProblem(ValueError):
    """A rubric-wide check's problem, with the field (a path of keys) it is about."""

    def __init__(self, field: Sequence[str | int], message: str) -> None:
        super().__init__(message)
        self.field = tuple(field)


class Tolerance(BaseModel):
    """How far a stated value may be from the reference and still count as accurate."""

    model_config = ConfigDict(extra="forbid")

    value: float = Field(gt=0)
    unit: str = Field(min_length=1)
    applies_to: str = ""  # which values, in the clinician's words ("thresholds, PTAs, SRTs")


class Dimension(BaseModel):
    """One subdimension of a question: its weight, what the judge scores, any tolerance."""

    model_config = ConfigDict(extra="forbid")

    weight: float = Field(gt=0)
    description: str = ""
    tolerance: Tolerance | None = None


class Question(BaseModel):
    """One case question (e.g. Q1 results) and its weighted subdimensions."""

    model_config = ConfigDict(extra="forbid")

    title: str = ""
    dimensions: dict[str, Dimension] = Field(min_length=1)


class Scale(BaseModel):
    """The judge's point scale and each point's value on the 0-100 score scale."""

    model_config = ConfigDict(extra="forbid")

    min: int
    max: int
    points: dict[int, float]

    @model_validator(mode="after")
    def _every_point_mapped(self) -> Scale:
        if self.min >= self.max:
            raise ValueError(f"scale min {self.min} must be below max {self.max}")
        expected = set(range(self.min, self.max + 1))
        if set(self.points) != expected:
            raise ValueError(f"points must map exactly the judge points {sorted(expected)}")
        for point, value in self.points.items():
            if not 0 <= value <= 100:
                raise ValueError(f"point {point} maps to {value}, outside 0-100")
        return self


class GradeBand(BaseModel):
    """A letter grade: the lowest score that earns it and the ceiling a cap lowers scores to."""

    model_config = ConfigDict(extra="forbid")

    grade: str = Field(min_length=1)
    min: float
    max: float


class CriticalErrorType(BaseModel):
    """A critical-error type and the best grade a reply with it can get."""

    model_config = ConfigDict(extra="forbid")

    cap: str
    label: str = ""  # the type in the clinician's words (audit forms, reports)
    description: str = ""


class Rubric(BaseModel):
    """A case rubric: scale mapping, grade bands, question weights and critical-error caps."""

    model_config = ConfigDict(extra="forbid")

    name: str = "rubric"
    version: int | str = 1
    scale: Scale
    grades: list[GradeBand] = Field(min_length=2)
    # grade -> its meaning for reviewers; a grade without one shows its score band only
    grade_meanings: dict[str, str] = Field(default_factory=dict)
    pass_grade: str | None = None
    decimals: int = Field(default=2, ge=0, le=6)
    questions: dict[str, Question] = Field(min_length=1)
    critical_errors: dict[str, CriticalErrorType] = Field(default_factory=dict)
    aliases: dict[str, str] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _consistent(self) -> Rubric:
        letters = [band.grade for band in self.grades]
        if len(set(letters)) != len(letters):
            raise _FieldProblem(["grades"], f"grade letters repeat: {letters}")
        for i, (better, worse) in enumerate(zip(self.grades, self.grades[1:], strict=False)):
            if not worse.min < better.min:
                raise _FieldProblem(
                    ["grades", i + 1, "min"],
                    f"grades must be listed best first with falling minimums "
                    f"({better.grade} min {better.min}, {worse.grade} min {worse.min})",
                )
            if not worse.max < better.min:
                raise _FieldProblem(
                    ["grades", i + 1, "max"],
                    f"grade {worse.grade} max {worse.max} must be below {better.grade} min "
                    f"{better.min}, or a capped score would earn the better grade",
                )
        for i, band in enumerate(self.grades):
            if band.max < band.min:
                raise _FieldProblem(
                    ["grades", i, "max"],
                    f"grade {band.grade} max {band.max} is below its min {band.min}",
                )
        if self.grades[-1].min > min(self.scale.points.values()):
            raise _FieldProblem(
                ["grades", len(self.grades) - 1, "min"],
                f"the worst grade's min ({self.grades[-1].min}) must cover the lowest "
                f"possible score ({min(self.scale.points.values())})",
            )
        if self.pass_grade is not None and self.pass_grade not in letters:
            raise _FieldProblem(
                ["pass_grade"], f"pass_grade {self.pass_grade!r} is not one of {letters}"
            )
        for name, error in self.critical_errors.items():
            if error.cap not in letters:
                raise _FieldProblem(
                    ["critical_errors", name, "cap"],
                    f"critical error {name!r} caps at unknown grade {error.cap!r}",
                )
        for alias, target in self.aliases.items():
            if target not in self.critical_errors:
                raise _FieldProblem(
                    ["aliases", alias],
                    f"alias {alias!r} points to unknown critical error {target!r}",
                )
        return self

    # -- lookups -------------------------------------------------------------------------
    def band(self, grade: str) -> GradeBand:
        """Return the band of a letter grade."""
        for band in self.grades:
            if band.grade == grade:
                return band
        raise KeyError(grade)

    def rank(self, grade: str) -> int:
        """Return a grade's position, 0 for the best."""
        return [band.grade for band in self.grades].index(grade)

    def grade_for(self, score: float) -> str:
        """Return the letter grade a 0-100 score earns (the best band whose min it reaches)."""
        for band in self.grades:
            if score >= band.min:
                return band.grade
        return self.grades[-1].grade

    def passes(self, grade: str) -> bool | None:
        """Return True when a grade is at or above the pass grade (None without a pass grade)."""
        if self.pass_grade is None:
            return None
        return self.rank(grade) <= self.rank(self.pass_grade)

    def error_type(self, label: str) -> str | None:
        """Return the canonical critical-error type for a judge's label, or None if unknown."""
        key = re.sub(r"[\s\-/]+", "_", label.strip().lower())
        if key in self.critical_errors:
            return key
        return self.aliases.get(key)


def default_rubric_path() -> Path:
    """Return the rubric file a registered suite declares (``SuiteSpec.rubric``).

    Exactly one suite may declare the default rubric; RubricError otherwise.
    """
    declared = [spec.rubric for spec in suites.suites().values() if spec.rubric is not None]
    if len(declared) != 1:
        raise RubricError(f"expected one suite to declare a rubric file, found {len(declared)}")
    return Path(declared[0])


def load_rubric(path: str | Path | None = None) -> Rubric:
    """Return the rubric read from a YAML file (the registered default when ``path`` is None)."""
    path = Path(path) if path is not None else default_rubric_path()
    return _load_rubric_cached(str(path.resolve()), path.stat().st_mtime if path.exists() else 0)


@lru_cache(maxsize=16)
def _load_rubric_cached(path: str, _mtime: float) -> Rubric:
    file = Path(path)
    if not file.exists():
        raise RubricError(f"{path}: rubric file not found")
    try:
        raw = yaml.safe_load(file.read_text(encoding="utf-8"))
    except yaml.YAMLError as err:
        raise RubricError(f"{path}: not valid YAML: {err}") from err
    if not isinstance(raw, dict):
        raise RubricError(f"{path}: a rubric file must hold a mapping")
    try:
        return Rubric.model_validate(raw)
    except ValidationError as err:
        raise RubricError(_problems(path, file.read_text(encoding="utf-8"), err)) from err


def _problems(path: str, text: str, err: ValidationError) -> str:
    """Return each problem of a rubric file as ``file:line: field: message``, one a line."""
    lines = []
    for problem in err.errors():
        loc, message = tuple(problem["loc"]), problem["msg"]
        cause = (problem.get("ctx") or {}).get("error")
        if isinstance(cause, _FieldProblem):  # a rubric-wide check names its own field
            loc, message = loc + cause.field, str(cause)
        field = ".".join(str(part) for part in loc) or "-"
        lines.append(f"{path}:{_yaml_line(text, loc)}: {field}: {message}")
    return "\n".join(lines)


def _yaml_line(text: str, loc: Sequence[Any]) -> int:
    """Return the line (from 1) of the YAML key at ``loc``, or of its nearest written parent.

    A field that is missing is reported at the line of the mapping that should hold it.
    """
    try:
        node = yaml.compose(text)
    except yaml.YAMLError:
        return 1
    line = node.start_mark.line + 1 if node is not None else 1
    for part in loc:
        if isinstance(node, yaml.MappingNode):
            found = next(((k, v) for k, v in node.value if str(k.value) == str(part)), None)
            if found is None:
                break
            line, node = found[0].start_mark.line + 1, found[1]
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int):
            if not 0 <= part < len(node.value):
                break
            node = node.value[part]
            line = node.start_mark.line + 1
        else:
            break
    return line


def weighted_score(question: str, subscores: Mapping[str, int], rubric: Rubric) -> float:
    """Return the uncapped 0-100 score: subdimension points mapped by the scale, weight-averaged."""
    if question not in rubric.questions:
        raise RubricError(f"unknown question {question!r}; rubric has {sorted(rubric.questions)}")
    dimensions = rubric.questions[question].dimensions
    missing = sorted(set(dimensions) - set(subscores))
    extra = sorted(set(subscores) - set(dimensions))
    if missing or extra:
        raise RubricError(
            f"{question} subscores must name exactly {sorted(dimensions)}"
            + (f"; missing {missing}" if missing else "")
            + (f"; unexpected {extra}" if extra else "")
        )
    total_weight = sum(d.weight for d in dimensions.values())
    total = 0.0
    for name, dimension in dimensions.items():
        point = subscores[name]
        if isinstance(point, bool) or not isinstance(point, int):
            if isinstance(point, float) and point.is_integer():
                point = int(point)
            else:
                raise RubricError(f"{question}.{name}: score {point!r} is not a whole number")
        if point not in rubric.scale.points:
            raise RubricError(
                f"{question}.{name}: score {point} is outside the scale "
                f"{rubric.scale.min}-{rubric.scale.max}"
            )
        total += dimension.weight * rubric.scale.points[point]
    return round(total / total_weight, rubric.decimals)


def grade(
    question: str,
    subscores: Mapping[str, int],
    critical_errors: Sequence[str],
    rubric: Rubric,
) -> tuple[float, str, list[str]]:
    """Return (score, grade, capped_by) for one question's judgement under a rubric.

    ``score`` is the weighted 0-100 score; when a critical error caps the reply below the
    grade that score earns, the grade is lowered to the cap and the score to that grade's
    ceiling (``max``). ``capped_by`` lists the critical-error types whose cap lowered the
    grade (empty when no cap changed anything). Critical errors must be types the rubric
    names (or its aliases); unknown labels raise :class:`RubricError`.
    """
    score = weighted_score(question, subscores, rubric)
    letter = rubric.grade_for(score)
    errors: list[str] = []
    for label in critical_errors:
        canonical = rubric.error_type(label)
        if canonical is None:
            raise RubricError(
                f"unknown critical error {label!r}; rubric has {sorted(rubric.critical_errors)}"
            )
        if canonical not in errors:
            errors.append(canonical)
    if not errors:
        return score, letter, []
    worst_cap = max((rubric.critical_errors[e].cap for e in errors), key=rubric.rank)
    if rubric.rank(letter) >= rubric.rank(worst_cap):
        return score, letter, []  # already at or below the cap: nothing to lower
    capped_by = sorted(e for e in errors if rubric.critical_errors[e].cap == worst_cap)
    ceiling = rubric.band(worst_cap).max
    return round(min(score, ceiling), rubric.decimals), worst_cap, capped_by


def rubric_text(question: str, rubric: Rubric) -> str:
    """Return the rubric for one question as plain text for a judge prompt."""
    q = rubric.questions[question]
    scale = f"{rubric.scale.min}-{rubric.scale.max}, {rubric.scale.max} = fully meets it"
    lines = [
        f"{question} ({q.title})" if q.title else question,
        f"Subdimensions (score each {scale}):",
    ]
    for name, dimension in q.dimensions.items():
        lines.append(f"- {name} (weight {dimension.weight:g}): {dimension.description}")
        if (tol := dimension.tolerance) is not None:
            which = f" ({tol.applies_to})" if tol.applies_to else ""
            lines.append(
                f"  Tolerance: a stated value{which} within ±{tol.value:g} {tol.unit} of the "
                f"reference counts as accurate; score and flag only differences beyond "
                f"±{tol.value:g} {tol.unit}."
            )
    lines.append("Critical errors (list every one present; use these exact names):")
    for name, error in rubric.critical_errors.items():
        lines.append(f"- {name}: {error.description}")
    return "\n".join(lines)


def rubric_tolerance(rubric: Rubric, unit: str) -> float | None:
    """Return the rubric's tolerance in ``unit`` (e.g. "dB"), None when it states none.

    ValueError when two dimensions state different tolerances in that unit: a checker
    taking one figure from the rubric could not tell which was meant.
    """
    found = {
        d.tolerance.value
        for q in rubric.questions.values()
        for d in q.dimensions.values()
        if d.tolerance is not None and d.tolerance.unit == unit
    }
    if len(found) > 1:
        raise RubricError(f"the rubric states several {unit} tolerances: {sorted(found)}")
    return found.pop() if found else None


def rubric_summary(rubric: Rubric) -> dict[str, Any]:
    """Return the rubric's identifying fields, recorded beside every grade."""
    return {"name": rubric.name, "version": rubric.version}


@dataclass(frozen=True)
class GradeRules:
    """The rubric's grade scale, pass rule and critical-error types, as other areas use them."""

    grades: tuple[str, ...]  # best first
    passing: tuple[str, ...]  # the pass grade and better
    failing: tuple[str, ...]  # below the pass grade
    critical_errors: tuple[str, ...]  # canonical types, in the rubric's order
    critical_error_labels: dict[str, str]  # type -> the clinician's words
    midpoints: dict[str, float]  # grade -> the middle of its band on the 0-100 scale
    grade_definitions: dict[str, str] = field(default_factory=dict)  # grade -> band and meaning


def grade_rules(rubric: Rubric | None = None) -> GradeRules:
    """Return the grade rules of a rubric (the registered default rubric when None)."""
    rubric = rubric if rubric is not None else load_rubric()
    grades = tuple(band.grade for band in rubric.grades)
    passing = tuple(g for g in grades if rubric.passes(g))
    return GradeRules(
        grades=grades,
        passing=passing,
        failing=tuple(g for g in grades if g not in passing),
        critical_errors=tuple(rubric.critical_errors),
        critical_error_labels={
            name: error.label or name.replace("_", " ").capitalize()
            for name, error in rubric.critical_errors.items()
        },
        midpoints=grade_midpoints(rubric),
        grade_definitions={
            band.grade: f"score {band.min:g}–{band.max:g}"
            + (
                f": {rubric.grade_meanings[band.grade]}"
                if band.grade in rubric.grade_meanings
                else ""
            )
            for band in rubric.grades
        },
    )


def grade_midpoints(rubric: Rubric | str | Path | None = None) -> dict[str, float]:
    """Return grade -> the middle of its band on the 0-100 scale.

    ``rubric``: a rubric, a rubric file, or None for the registered default. A band runs
    from its own ``min`` up to the next better band's ``min`` (so B, 75-89.99, is the span
    75-90 and its midpoint is 82.5); the best band runs from its ``min`` to its ``max``.
    Bands are read in score order, whatever order the file lists them in. Human grades are
    compared with adjudicator scores, and grades enter ICC(2,1), on this scale.
    """
    if not isinstance(rubric, Rubric):
        rubric = load_rubric(rubric)
    bands = sorted(rubric.grades, key=lambda band: band.min, reverse=True)
    tops = [bands[0].max] + [better.min for better in bands[:-1]]
    return {
        band.grade: round((band.min + top) / 2, 4) for band, top in zip(bands, tops, strict=True)
    }
