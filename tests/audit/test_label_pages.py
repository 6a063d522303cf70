"""The label pages (``item.html`` for grading a reply, ``reference.html`` for judging a
reference or a drafted one) render the same HTML after their shared parts were factored
into one layout (duplicates D2).

``data/label_pages_before.json`` holds each page as the templates before that change
rendered it (recorded by running this file: ``python tests/audit/test_label_pages.py``),
for every branch: each audit kind, a fresh form, a form sent back with errors, and a
submitted (locked) label. Whitespace between tags is not compared; text is.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from clinbench.audit.web import state

RECORD = Path(__file__).parent / "data" / "label_pages_before.json"

ITEM = {
    "audit_id": "A-007", "segment": "main", "case_id": "aud-case-001",
    "case_text": "67-year-old, gradual loss.\nOtoscopy clear.", "images": ["img/a.png"],
    "question": "Q2", "question_prompt": "Describe the type & degree <of> loss.",
    "reference": "Moderate sensorineural loss, right ear.", "response": "Whole reply text.",
    "response_section": "", "source": "Guideline 4.2", "grounding_flags": "number_not_in_case:57",
}  # fmt: skip
PROGRESS = {"submitted": False, "total": 5, "total_done": 2, "calibration_total": 0}
FIRST_ERROR = next(iter(state.CRITICAL_ERROR_LABELS))
GRADED = {
    "grade": "D",
    "critical_error": True,
    "error_type": FIRST_ERROR,
    "rationale": "Wrong ear.",
}
JUDGED = {"grade": "flawed", "critical_error": False, "rationale": "Not in the source."}
CASES = {
    "item fresh": ("item.html", "review", {}, {}, False, {}),
    "item section": ("item.html", "review", {"response_section": "The Q2 part."}, {}, False, {}),
    "item errors": ("item.html", "review", {}, GRADED, False, {"rationale": "required"}),
    "item locked": ("item.html", "review", {}, GRADED, True, {}),
    "reference fresh": ("reference.html", "reference", {}, {}, False, {}),
    "reference errors": ("reference.html", "reference", {}, JUDGED, False, {"reply_credit": "x"}),
    "reference locked": ("reference.html", "reference", {}, JUDGED, True, {}),
    "draft fresh": ("reference.html", "draft", {}, {}, False, {}),
    "draft locked": ("reference.html", "draft", {}, JUDGED, True, {}),
}


def render(name: str) -> str:
    """Return one case's page as rendered now, whitespace between tags dropped."""
    page, kind, item, label, submitted, errors = CASES[name]
    html = state.TEMPLATES.get_template(page).render(
        reviewer={"name": "Ann"}, csrf="CSRF", nonce="NONCE", kind=kind,
        grades=state.GRADES, grade_definitions=state.GRADE_DEFINITIONS,
        error_types=state.CRITICAL_ERROR_TYPES, error_labels=state.CRITICAL_ERROR_LABELS,
        rationale_grades=state.GRADES_NEEDING_RATIONALE,
        reference_labels=state.REFERENCE_LABELS,
        reference_definitions=state.REFERENCE_DEFINITIONS,
        rationale_references=state.REFERENCE_LABELS_NEEDING_RATIONALE,
        item={**ITEM, **item}, label=label, progress={**PROGRESS, "submitted": submitted},
        errors=errors,
    )  # fmt: skip
    return re.sub(r">\s+<", "><", re.sub(r"[ \t]*\n\s*", "\n", html)).strip()


@pytest.mark.parametrize("name", list(CASES))
def test_page_renders_as_before(name):
    assert render(name) == json.loads(RECORD.read_text(encoding="utf-8"))[name]


def test_pages_show_their_own_form():
    assert 'name="grade"' in render("item fresh") and "reference_label" not in render("item fresh")
    assert 'name="reply_credit"' in render("reference fresh")
    assert "reply_credit" not in render("draft fresh") and "Drafted reference" in render(
        "draft fresh"
    )
    assert "&lt;of&gt;" in render("item fresh")  # autoescaped


if __name__ == "__main__":
    RECORD.parent.mkdir(exist_ok=True)
    RECORD.write_text(json.dumps({n: render(n) for n in CASES}, indent=1) + "\n", encoding="utf-8")
    print(f"recorded {RECORD}")
