"""What a reviewer records about a graded reply, and the rules a label must satisfy.

The label follows the audit design of AudiologyBench (Human Audit of Automated
Adjudication): a letter grade on the rubric's A-F scale, a yes/no flag for any
critical error, the single best-fit critical-error type when one is flagged, and
a short rationale whenever an error is flagged or a D or F is given.
"""

from __future__ import annotations

from dataclasses import dataclass

from clinbench.scoring.rubric import grade_rules

# Letter grades (best first), the six critical-error types and their names in the
# clinician's words, and the failing grades: all read from the case rubric file.
_RULES = grade_rules()
GRADES = _RULES.grades
GRADE_DEFINITIONS = _RULES.grade_definitions  # grade -> its score band and meaning
CRITICAL_ERROR_TYPES = _RULES.critical_errors
CRITICAL_ERROR_LABELS = _RULES.critical_error_labels

# A reply "fails" a question below the pass grade (AudiologyBench: failure = grade D, F is
# worse); a failing grade needs a rationale even without a flagged error.
FAIL_GRADES = _RULES.failing
GRADES_NEEDING_RATIONALE = FAIL_GRADES

MAX_RATIONALE_CHARS = 4000
MAX_ANSWER_CHARS = 20000


@dataclass(frozen=True)
class Label:
    """One reviewer's label of one audit item (or a consensus label)."""

    grade: str
    critical_error: bool
    error_type: str | None
    rationale: str


def _truthy(value: object) -> bool | None:
    """Return True/False for the usual spellings of a checkbox or JSON flag, None if unreadable."""
    if isinstance(value, bool):
        return value
    if value is None:
        return False
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "on", "y"):
        return True
    if text in ("", "0", "false", "no", "off", "n"):
        return False
    return None


def validate_label(
    grade: object,
    critical_error: object,
    error_type: object,
    rationale: object,
    *,
    require_rationale: bool = False,
) -> tuple[Label | None, dict[str, str]]:
    """Return (label, {}) when the fields make a valid label, else (None, {field: message}).

    The same rules hold for the web form, the JSON API and consensus labels, so a
    browser that skips the form's own checks cannot store an incomplete label.
    ``require_rationale`` makes the rationale required whatever the grade (consensus).
    """
    errors: dict[str, str] = {}
    grade_text = str(grade or "").strip().upper()
    if grade_text not in GRADES:
        errors["grade"] = f"choose a letter grade among {', '.join(GRADES)}"
    if critical_error is None or str(critical_error).strip() == "":
        # Nothing is pre-selected on the form, so an unanswered flag is refused, never "no".
        errors["critical_error"] = "answer whether the reply has any critical error (yes or no)"
        flag: bool | None = False
    else:
        flag = _truthy(critical_error)
    if flag is None:
        errors["critical_error"] = "the critical-error flag must be yes or no"
        flag = False
    type_text = str(error_type or "").strip() or None
    if flag:
        if type_text is None:
            errors["error_type"] = "choose the best-fit critical-error type"
        elif type_text not in CRITICAL_ERROR_TYPES:
            errors["error_type"] = f"unknown critical-error type {type_text!r}"
    elif type_text is not None:
        errors["error_type"] = "a critical-error type needs the critical-error flag set"
    rationale_text = str(rationale or "").strip()
    if len(rationale_text) > MAX_RATIONALE_CHARS:
        errors["rationale"] = f"keep the rationale under {MAX_RATIONALE_CHARS} characters"
    elif not rationale_text and (
        require_rationale or flag or grade_text in GRADES_NEEDING_RATIONALE
    ):
        if require_rationale:
            errors["rationale"] = "a rationale is required"
        else:
            errors["rationale"] = (
                "a rationale is required when a critical error is flagged or a D or F is given"
            )
    if errors:
        return None, errors
    return Label(grade_text, bool(flag), type_text if flag else None, rationale_text), {}


def is_fail(grade: object) -> bool:
    """Return True when a letter grade counts as a failed question."""
    return str(grade).strip().upper() in FAIL_GRADES


# ---------------------------------------------------------------------------------------------
# The reference-answer audit's scale (AudiologyBench, "Reference Answer Fidelity (SA Tier)"):
# a reviewer reads a short-answer item's question, its source text and its reference answer,
# labels the reference on a four-level scale, and re-judges the graded model reply (grading
# fidelity: does the reply deserve credit?). It is stored in the same labels table as a grade
# label: the reference label in ``grade``, the re-judgement in ``critical_error`` (1 = the
# reply deserves credit), no error type; reports name the columns for what they hold.

REFERENCE_LABELS = ("accurate", "defensible", "flawed", "indeterminate")
REFERENCE_DEFINITIONS = {
    "accurate": "The reference is right and complete for the question, as the source states it.",
    "defensible": "The reference is acceptable though not the only or the best answer the "
    "source supports.",
    "flawed": "The reference is wrong, incomplete in a way that matters, or not supported by "
    "the source.",
    "indeterminate": "The question or the source does not allow a single reference to be judged.",
}
# A flawed or indeterminate reference needs the reviewer's reason (it may change the key).
REFERENCE_LABELS_NEEDING_RATIONALE = ("flawed", "indeterminate")
REFERENCE_KIND = "reference"
# A draft-review audit (clinbench.audit.drafts): reviewers label model-drafted case references
# on the same scale, with no reply to re-judge; accurate or defensible signs a draft.
DRAFT_KIND = "draft"


def validate_reference_label(
    reference_label: object, reply_credit: object, rationale: object
) -> tuple[Label | None, dict[str, str]]:
    """Return (label, {}) for a valid reference-audit label, else (None, {field: message}).

    ``reference_label`` is one of REFERENCE_LABELS; ``reply_credit`` answers whether the
    model's reply deserves credit (yes/no, nothing pre-selected); a rationale is required
    for a flawed or indeterminate reference. Returned as a :class:`Label` whose ``grade`` is
    the reference label and ``critical_error`` the credit (the store's columns).
    """
    errors: dict[str, str] = {}
    text = str(reference_label or "").strip().lower()
    if text not in REFERENCE_LABELS:
        errors["reference_label"] = f"choose one of {', '.join(REFERENCE_LABELS)}"
    credit = None
    if reply_credit is None or str(reply_credit).strip() == "":
        errors["reply_credit"] = "answer whether the model's reply deserves credit (yes or no)"
    else:
        credit = _truthy(reply_credit)
        if credit is None:
            errors["reply_credit"] = "the reply's credit must be yes or no"
    note = str(rationale or "").strip()
    if len(note) > MAX_RATIONALE_CHARS:
        errors["rationale"] = f"keep the rationale under {MAX_RATIONALE_CHARS} characters"
    elif not note and text in REFERENCE_LABELS_NEEDING_RATIONALE:
        errors["rationale"] = "a rationale is required for a flawed or indeterminate reference"
    if errors:
        return None, errors
    return Label(text, bool(credit), None, note), {}


def label_from(kind: str, values: dict[str, object]) -> tuple[Label | None, dict[str, str]]:
    """Return a validated label from form or JSON ``values`` under the audit kind's scale."""
    if kind == DRAFT_KIND:  # no reply to re-judge: the credit column is stored as "no"
        return validate_reference_label(values.get("reference_label"), "0",
                                        values.get("rationale"))  # fmt: skip
    if kind == REFERENCE_KIND:
        return validate_reference_label(
            values.get("reference_label"), values.get("reply_credit"), values.get("rationale")
        )
    return validate_label(
        values.get("grade"), values.get("critical_error"), values.get("error_type"),
        values.get("rationale"),
    )  # fmt: skip
