"""What a cause does in general, or would do, is no claim about this patient: the indefinite
object of "typically produces", "usually causes", "would give" ("noise usually causes a
bilateral loss", "presbycusis generally produces a symmetrical loss") is a loss in general,
as the subject of "a conductive loss would show gaps" is (validation batch 76: a workers'
compensation panel's opinion on causation). The patient's own loss said beside it is read."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

RIGHT_ONLY = build(45, 10)  # a unilateral right loss (left normal)


@pytest.mark.parametrize(
    "reply",
    [
        "Moderate right loss. Age-related change usually causes a bilateral loss, so I would "
        "scan the internal auditory meatus.",
        "Right-sided moderate loss; presbycusis generally produces a symmetrical loss, which "
        "this is not.",
        "Moderate loss in the right ear. Factory noise would give a bilateral loss in most "
        "workers.",
    ],
)
def test_a_loss_in_general_is_no_laterality_claim(reply):
    assert check_reply(reply, RIGHT_ONLY).critical_errors == []


@pytest.mark.parametrize(
    "reply",
    [
        "She has a moderate bilateral loss, as noise usually causes.",
        "Presbycusis, which produces a symmetrical loss here in both ears.",
    ],
)
def test_the_patients_own_loss_is_still_read(reply):
    assert check_reply(reply, RIGHT_ONLY).critical_errors == ["laterality_confusion"]
