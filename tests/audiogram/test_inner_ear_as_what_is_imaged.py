"""The words "of the inner ear" after a word for what is looked at (an image, a view, a
diagram, a model, the anatomy, an examination) name what is imaged or examined, not where a
loss arises, as "a scan of the hearing nerve" does (issue #26, batch 143: a real model's "the
tympanic exam is an image of the inner ear" was judged a sensorineural type). Near misses: a
loss or a problem of the inner ear is still the lay sensorineural type. Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

CONDUCTIVE = build(45, right_bone=10, left_bone=10)  # flat conductive loss both ears


@pytest.mark.parametrize(
    "reply",
    [
        "The test gives an image of the inner ear.",
        "Here is a diagram of the inner ear for the family.",
        "We discussed a model of the inner ear and the anatomy of the inner ear.",
        "An examination of the inner ear was not possible.",
        "A 3D view of the inner ear was shown.",
        # its size, shape or structure: anatomy too (batch 165 UN34)
        "Sound tubes are sized for the size of the inner ear.",
        "The shape of the inner ear was explained with a drawing.",
    ],
)
def test_what_is_imaged_is_no_type(reply):
    assert check_reply(reply, CONDUCTIVE).critical_errors == []


@pytest.mark.parametrize(
    "reply",
    [
        "The loss is a problem of the inner ear.",
        "Her hearing loss is of the inner ear.",
        "Her loss is of the inner ear, whatever the size of the outer one.",
    ],
)
def test_a_loss_of_the_inner_ear_is_still_sensorineural(reply):
    assert check_reply(reply, CONDUCTIVE).critical_errors == ["type_misclassification"]
