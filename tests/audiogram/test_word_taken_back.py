"""A word taken back and replaced in the same statement ("she called it moderate - sorry,
moderately severe", "mild - no wait, I checked the letter, it says moderately severe",
"conductive - no, sensorineural") is withdrawn as an earlier statement's is: the last word
stands, also when the replacement is the false one (issue #26, validation batch 51:
patients' accounts, as tuning data; claims._taken_back). What follows the replacement
corrects nothing, and a claim of both ears, or of no ear, taken back withdraws its finding
(check._superseded); "moderate" taken back leaves "moderately severe" standing."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import Qualifier, read_claims

from .conftest import assert_linear, build, cpu_cost

FLAT_MILD = build(25, right_bone=20, left_bone=20)  # mild sensorineural, both ears
FLAT_MOD_SEVERE = build(55, right_bone=50, left_bone=50)  # moderately severe sensorineural


def _said(text: str) -> list[tuple[str, str]]:
    return [(c.value, c.qualifier.value) for c in read_claims(text) if c.kind in ("degree", "type")]


READING = [
    ("Both ears flat around 55, which she called moderate - sorry, moderately severe.",
     [("moderate", "withdrawn"), ("moderately severe", "asserted")]),
    ("She said mild - no wait, I checked the letter, it says moderately severe.",
     [("mild", "withdrawn"), ("moderately severe", "asserted")]),
    ("She called it conductive - no, sensorineural, I mix those up - moderate overall.",
     [("conductive", "withdrawn"), ("sensorineural", "asserted"), ("moderate", "asserted")]),
    # near misses: no correction word between them, or a bare "no" after a comma
    ("Both ears moderate, sensorineural.",
     [("moderate", "asserted"), ("sensorineural", "asserted")]),
    ("Conductive, no, sensorineural.", [("conductive", "asserted")]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "said"), READING, ids=[r[0] for r in READING])
def test_reading(text, said):
    assert _said(text) == said


CHECKED = [
    (FLAT_MOD_SEVERE, "Both ears flat around 55, which she called moderate - sorry, moderately "
                      "severe.", []),
    (FLAT_MOD_SEVERE, "Both ears moderate. Sorry, moderately severe.", []),
    (FLAT_MILD, "Both ears flat at 25. She said mild - no wait, I checked the letter, it says "
                "moderately severe.", ["severity_misclassification"]),
    (FLAT_MILD, "Both ears moderately severe - sorry, mild.", []),
    (FLAT_MILD, "She called it conductive - no, sensorineural.", []),
    (FLAT_MILD, "She called it sensorineural - no, conductive.", ["type_misclassification"]),
    (FLAT_MILD, "Right ear - no, left ear moderate.", ["severity_misclassification"]),
]  # fmt: skip


@pytest.mark.parametrize(("case", "text", "errors"), CHECKED, ids=[r[1] for r in CHECKED])
def test_last_word_stands(case, text, errors):
    assert check_reply(text, case).critical_errors == errors


def test_qualifier_is_withdrawn():
    first = read_claims("Both ears mild - sorry, moderate.")[0]
    assert first.qualifier == Qualifier.WITHDRAWN


def test_taken_back_reading_is_linear():
    def cost(n):
        text = "mild - no wait, moderate, conductive - no, mixed, " * n + "."
        return cpu_cost(lambda: read_claims(text))

    assert_linear(cost(100), cost(400))
