"""A class given with its score beside other scored classes is a candidate, not the claim:
only the top one is read (candidates.candidate_classes_blanked); a class after a rank below
the first ("2nd", "runner-up") is a candidate whatever its score, and so is each class of the
set a model chooses among ("classes = [normal, conductive, mixed]"). Scored classes set apart
as table columns (one per ear) are no list. Issue #26, batch 103 (classifier outputs, used as
tuning data); the texts here are new."""

from __future__ import annotations

import pytest

from clinbench.audiogram.candidates import candidate_classes_blanked
from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

BONE = dict.fromkeys((500, 1000, 2000, 4000), 25)
FLAT_MILD_SNHL = build(25, 25, right_bone=BONE, left_bone=BONE)  # mild sensorineural


def _classes(text: str) -> list[tuple[str, str]]:
    text = candidate_classes_blanked(text)
    return [
        (c.kind, c.value)
        for part in read_statements(text)
        for c in part
        if c.kind in ("type", "degree")
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Right ear class scores: sensorineural 0.81, mixed 0.12, conductive 0.07.",
        "Left ear softmax -> sensorineural=0.77 / conductive=0.15 / mixed=0.08",
        "Right ear grade probabilities: mild 58%, moderate 31%, severe 11%",
    ],
)
def test_only_the_top_scored_class_is_read(text):
    read = _classes(text)
    assert ("type", "conductive") not in read and ("type", "mixed") not in read
    assert ("degree", "severe") not in read
    assert check_reply(text, FLAT_MILD_SNHL).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        "Best guess for the right ear: sensorineural (0.70)\nRunner-up: conductive (0.20)",
        "Both ears: sensorineural p=0.66; second choice mixed p=0.29",
    ],
)
def test_a_lower_ranked_class_is_a_candidate(text):
    assert check_reply(text, FLAT_MILD_SNHL).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        # the top class is the claim, and a wrong one is still found
        "Right ear class scores: conductive 0.61, sensorineural 0.30, mixed 0.09.",
        # columns, one per ear, are no list of candidates
        "type        sensorineural (0.91)        conductive (0.64)",
    ],
)
def test_the_top_class_and_ear_columns_are_still_read(text):
    assert "conductive" in candidate_classes_blanked(text)
    assert "type_misclassification" in check_reply(text, FLAT_MILD_SNHL).critical_errors


@pytest.mark.parametrize(
    "text",
    [
        "Right ear model, label set (normal, conductive, mixed, sensorineural), output below.",
        "Left ear grade head picks one of [mild, moderate, severe, profound].",
        "Left ear types known to the model: ['sensorineural', 'conductive', 'mixed']",
    ],
)
def test_the_set_of_classes_a_model_chooses_among_is_no_claim(text):
    assert _classes(text) == []
    assert check_reply(text, FLAT_MILD_SNHL).critical_errors == []


def test_a_bracket_describing_an_ear_is_still_read():
    text = "Right ear (moderate, conductive, flat)."
    assert ("type", "conductive") in _classes(text)
    assert "type_misclassification" in check_reply(text, FLAT_MILD_SNHL).critical_errors
