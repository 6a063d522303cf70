"""The case rubric as tables: grade bands, critical-error caps, question subdimension weights.

AudiologyBench prints its letter-grade scale, its critical-error categories and its
subdimension weights as tables; these read them from the rubric file in use (the suite's
``rubric.yaml`` by default), so the printed tables cannot drift from what grades replies.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from clinbench.scoring.rubric import load_rubric


def rubric_tables(path: str | Path | None = None) -> dict[str, pd.DataFrame]:
    """Return the rubric's tables by caption: grade bands, critical errors, weights."""
    rubric = load_rubric(path)
    order = [band.grade for band in rubric.grades]  # best first
    last_pass = order.index(rubric.pass_grade) if rubric.pass_grade in order else None
    grades = pd.DataFrame(
        [{"grade": band.grade, "score from": band.min, "score to": band.max,
          "passes": None if last_pass is None else i <= last_pass}
         for i, band in enumerate(rubric.grades)]
    )  # fmt: skip
    errors = pd.DataFrame(
        [{"critical error": name, "label": e.label, "caps the grade at": e.cap,
          "definition": e.description} for name, e in rubric.critical_errors.items()],
        columns=["critical error", "label", "caps the grade at", "definition"],
    )  # fmt: skip
    weights = pd.DataFrame(
        [{"question": q, "title": question.title, "subdimension": d, "weight": spec.weight,
          "what is scored": spec.description}
         for q, question in rubric.questions.items() for d, spec in question.dimensions.items()]
    )  # fmt: skip
    title = f"{rubric.name} v{rubric.version}"
    return {
        f"Letter grades ({title})": grades,
        f"Critical errors and their caps ({title})": errors,
        f"Subdimension weights per question ({title})": weights,
    }
