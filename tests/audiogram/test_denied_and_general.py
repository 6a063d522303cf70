"""A finding denied with "nothing" ("nothing to call sensorineural") and a general statement
with "can be" ("a sudden loss can be the first sign of ...") are not the writer's claims
about this patient (issue #26 item 5, classes of batch 26)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.lexicon import negated

from .conftest import build

# (text, the word, whether it is not claimed)
ROWS = [
    ("Both ears normal, so there is nothing to grade as mixed.", "mixed", True),
    ("Nothing here I would label conductive.", "conductive", True),
    ("Refer: an asymmetric SNHL can be the first sign of a schwannoma.", "SNHL", True),
    ("The right is a conductive loss and can be aided.", "conductive", False),
    ("Right: mixed loss.", "mixed", False),
]  # fmt: skip


@pytest.mark.parametrize(("text", "word", "not_claimed"), ROWS)
def test_denied_and_general_mentions(text, word, not_claimed):
    low = text.lower()
    assert negated(low, low.index(word.lower())) is not_claimed


NORMAL = build(15, 15, right_bone=10, left_bone=10, bone_masked=True)


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Both ears are within normal limits; there is nothing to type as conductive.", []),
        ("Both ears are within normal limits. Note: a low-frequency SNHL can be the first "
         "sign of endolymphatic hydrops.", []),
        ("Both ears are within normal limits. The right has a mild conductive loss.",
         ["severity_misclassification", "type_misclassification"]),
    ],
)  # fmt: skip
def test_only_findings_about_this_patient_are_judged(reply, errors):
    """The first two gave a type error on main 069008c."""
    assert check_reply(reply, NORMAL).critical_errors == errors
