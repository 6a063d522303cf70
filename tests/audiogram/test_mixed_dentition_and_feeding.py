"""The word "mixed" naming no hearing loss in paediatric, dental and orthodontic notes: a
child's "mixed dentition" (primary and permanent teeth together, about 6 to 12 years;
American Academy of Pediatric Dentistry reference manual), "mixed feeding" (breast and formula
milk) and a study's "mixed methods" are no type of loss of the ear named before them (issue
#26, validation batch 142 used as tuning data). A mixed loss said beside them is still read.
"""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build, claim_fields

CONDUCTIVE_RIGHT = build(
    {250: 60, 500: 60, 1000: 55, 2000: 55, 4000: 60, 8000: 65},
    10,
    right_bone={500: 10, 1000: 10, 2000: 15, 4000: 10},
    left_bone={500: 5, 1000: 5, 2000: 5, 4000: 5},
    bone_masked=True,
)


@pytest.mark.parametrize(
    "text",
    [
        "Chin deviates to the right. Early mixed dentition. Right ear: conductive loss.",
        "Girl, 8, cleft on the right; mixed dentition, crossbite. Right conductive loss.",
        "Right ear conductive loss. Infant on mixed feeding since week 2.",
        "Right conductive loss; the right-sided service review used mixed-methods interviews.",
    ],
)
def test_mixed_of_teeth_feeding_or_methods_is_no_type(text):
    assert claim_fields(text, "ears", "value", kinds=("type",)) == [(("right",), "conductive")]
    assert check_reply(text, CONDUCTIVE_RIGHT).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        "Mixed dentition. Right ear: mixed loss.",
        "Right ear: mixed hearing loss; mixed feeding at home.",
        "Right: mixed, with a large air-bone gap.",
    ],
)
def test_a_mixed_loss_beside_them_is_read(text):
    assert check_reply(text, CONDUCTIVE_RIGHT).critical_errors == ["type_misclassification"]
