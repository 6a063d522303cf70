"""Classification: each standard's PTA and band edges, type, configuration, asymmetry, red flags."""

from __future__ import annotations

import pytest

from clinbench.audiogram.audiogram_model import Audiogram
from clinbench.audiogram.classify import DEGREES, STANDARDS, Criteria, classify, get_standard

from .conftest import build

# (standard, flat threshold = PTA, degree) at and either side of every published edge.
EDGES = [
    ("who2021", 15, "normal"),
    ("who2021", 20, "mild"),
    ("who2021", 30, "mild"),
    ("who2021", 35, "moderate"),
    ("who2021", 45, "moderate"),
    ("who2021", 50, "moderately severe"),
    ("who2021", 60, "moderately severe"),
    ("who2021", 65, "severe"),
    ("who2021", 75, "severe"),
    ("who2021", 80, "profound"),
    ("who2021", 90, "profound"),
    ("who2021", 95, "complete"),
    ("asha", 15, "normal"),
    ("asha", 20, "slight"),
    ("asha", 25, "slight"),
    ("asha", 30, "mild"),
    ("asha", 40, "mild"),
    ("asha", 45, "moderate"),
    ("asha", 55, "moderate"),
    ("asha", 60, "moderately severe"),
    ("asha", 70, "moderately severe"),
    ("asha", 75, "severe"),
    ("asha", 90, "severe"),
    ("asha", 95, "profound"),
    ("goodman", 25, "normal"),
    ("goodman", 30, "mild"),
    ("goodman", 40, "mild"),
    ("goodman", 45, "moderate"),
    ("goodman", 55, "moderate"),
    ("goodman", 60, "moderately severe"),
    ("goodman", 70, "moderately severe"),
    ("goodman", 75, "severe"),
    ("goodman", 90, "severe"),
    ("goodman", 95, "profound"),
]


@pytest.mark.parametrize(("standard", "level", "degree"), EDGES)
def test_degree_band_edges_on_flat_audiograms(standard, level, degree):
    bone = {f: max(-10, level - 5) for f in (500, 1000, 2000, 4000)}
    result = classify(build(level, right_bone=bone, left_bone=bone), standard)
    assert result.right.pta == level
    assert result.right.degree == degree
    assert result.better_ear_degree == degree


@pytest.mark.parametrize(
    ("standard", "below", "at"),
    [("who2021", 19.9, 20.0), ("who2021", 34.9, 35.0), ("who2021", 94.9, 95.0)],
)
def test_who_edges_belong_to_the_band_above(standard, below, at):
    std = get_standard(standard)
    assert std.degree_of(below) != std.degree_of(at)
    assert std.degrees.index(std.degree_of(at)) == std.degrees.index(std.degree_of(below)) + 1


@pytest.mark.parametrize(
    ("standard", "inside", "above"),
    [("asha", 15.0, 15.1), ("asha", 25.0, 25.1), ("asha", 90.0, 90.1), ("goodman", 25.0, 25.1)],
)
def test_asha_and_goodman_upper_integers_belong_to_the_lower_band(standard, inside, above):
    std = get_standard(standard)
    assert std.degrees.index(std.degree_of(above)) == std.degrees.index(std.degree_of(inside)) + 1


def test_vocabularies_are_the_published_ones():
    assert STANDARDS["who2021"].degrees[-1] == "complete"
    assert DEGREES["asha"] == STANDARDS["asha"].degrees
    assert "slight" in STANDARDS["asha"].degrees and "slight" not in STANDARDS["who2021"].degrees
    assert STANDARDS["goodman"].degrees == (
        "normal",
        "mild",
        "moderate",
        "moderately severe",
        "severe",
        "profound",
    )
    with pytest.raises(ValueError, match="unknown standard"):
        get_standard("iso")


def test_pta_frequencies_differ_between_who_and_asha():
    # 4 kHz at 70 dB lifts the WHO 4-frequency PTA but not the 3-frequency one.
    air = {250: 10, 500: 10, 1000: 15, 2000: 20, 3000: 50, 4000: 70, 6000: 60, 8000: 40}
    bone = {500: 10, 1000: 15, 2000: 20, 4000: 65}
    audiogram = build(air, right_bone=bone, left_bone=bone)
    assert classify(audiogram, "who2021").right.pta == pytest.approx(28.8, abs=0.05)
    assert classify(audiogram, "who2021").right.degree == "mild"
    assert classify(audiogram, "asha").right.pta == pytest.approx(15.0)
    assert classify(audiogram, "asha").right.degree == "normal"
    assert classify(audiogram, "goodman").right.degree == "normal"
    # An ASHA-normal PTA with abnormal high frequencies is still a sensorineural ear.
    assert classify(audiogram, "asha").right.type == "sensorineural"


def test_type_conductive_mixed_sensorineural_normal():
    conductive = build(45, right_bone={500: 5, 1000: 10, 2000: 10, 4000: 5}, bone_masked=True)
    assert classify(conductive).right.type == "conductive"
    assert classify(conductive).right.significant_air_bone_gap is True
    mixed = build(70, right_bone={500: 40, 1000: 40, 2000: 45, 4000: 45}, bone_masked=True)
    assert classify(mixed).right.type == "mixed"
    snhl = build(55, right_bone={500: 50, 1000: 55, 2000: 50, 4000: 55})
    assert classify(snhl).right.type == "sensorineural"
    normal = build(10, right_bone={500: 5, 1000: 10, 2000: 10, 4000: 5})
    assert classify(normal).right.type == "normal"
    assert classify(normal).right.configuration is None


def test_gap_at_one_frequency_is_not_significant_and_threshold_is_configurable():
    one_gap = build(40, right_bone={500: 15, 1000: 35, 2000: 40, 4000: 35}, bone_masked=True)
    assert classify(one_gap).right.type == "sensorineural"
    small_gaps = build(40, right_bone={500: 30, 1000: 30, 2000: 30, 4000: 30}, bone_masked=True)
    assert classify(small_gaps).right.type == "sensorineural"
    assert classify(small_gaps, abg_threshold=10).right.type == "mixed"


def test_type_undetermined_without_bone_and_sensorineural_when_bone_absent_at_limits():
    no_bone = build(50)
    assert classify(no_bone).right.type == "undetermined"
    assert any("undetermined" in note for note in classify(no_bone).right.notes)
    profound = Audiogram.model_validate(
        {
            "right": {
                "air": {str(f): {"value": 110, "no_response": True} for f in (500, 1000, 2000)}
                | {"4000": 115},
                "bone": {
                    str(f): {"value": 70, "no_response": True, "masked": True}
                    for f in (500, 1000, 2000, 4000)
                },
            },
            "left": {"air": {"500": 5, "1000": 5, "2000": 5, "4000": 5}},
        }
    )
    result = classify(profound)
    assert result.right.type == "sensorineural"
    assert result.right.degree == "complete"
    assert any("no-response" in note for note in result.right.notes)


CONFIGS = {
    "flat": {250: 40, 500: 40, 1000: 45, 2000: 40, 3000: 45, 4000: 40, 6000: 45, 8000: 45},
    "sloping": {250: 15, 500: 20, 1000: 30, 2000: 40, 3000: 45, 4000: 55, 6000: 60, 8000: 65},
    "rising": {250: 55, 500: 50, 1000: 40, 2000: 30, 3000: 25, 4000: 20, 6000: 20, 8000: 20},
    "cookie-bite": {250: 15, 500: 25, 1000: 50, 2000: 50, 3000: 40, 4000: 25, 6000: 20, 8000: 20},
    "noise-notch": {250: 10, 500: 10, 1000: 10, 2000: 20, 3000: 40, 4000: 55, 6000: 45, 8000: 25},
    "precipitous": {250: 10, 500: 10, 1000: 15, 2000: 50, 3000: 65, 4000: 75, 6000: 80, 8000: 85},
}


@pytest.mark.parametrize("configuration", sorted(CONFIGS))
def test_configuration_rules(configuration):
    air = CONFIGS[configuration]
    bone = {f: air[f] for f in (500, 1000, 2000, 4000)}
    result = classify(build(air, right_bone=bone, left_bone=bone))
    assert result.right.configuration == configuration
    assert result.right.type == "sensorineural"


def test_configuration_thresholds_are_configurable():
    air = CONFIGS["noise-notch"]
    bone = {f: air[f] for f in (500, 1000, 2000, 4000)}
    audiogram = build(air, right_bone=bone, left_bone=bone)
    deep = classify(audiogram, criteria=Criteria(notch_depth=50))
    assert deep.right.configuration != "noise-notch"


def _pair(right: dict[int, int], left: dict[int, int], **extra) -> Audiogram:
    rb = {f: right[f] for f in (500, 1000, 2000, 4000) if f in right}
    lb = {f: left[f] for f in (500, 1000, 2000, 4000) if f in left}
    return build(right, left, right_bone=rb, left_bone=lb, **extra)


BASE = {250: 15, 500: 15, 1000: 20, 2000: 25, 3000: 30, 4000: 35, 6000: 40, 8000: 45}


def test_asymmetry_two_contiguous_frequencies():
    left = dict(BASE) | {3000: 45, 4000: 50}
    result = classify(_pair(BASE, left))
    assert result.asymmetry.asymmetric and result.asymmetry.worse_ear == "left"
    assert result.asymmetry.frequencies == [3000, 4000]
    codes = [f.code for f in result.red_flags]
    assert codes == ["asymmetric_sensorineural_loss"]


def test_asymmetry_needs_contiguous_frequencies():
    left = dict(BASE) | {1000: 35, 3000: 45}  # 1000 and 3000 are not adjacent
    assert not classify(_pair(BASE, left)).asymmetry.asymmetric
    # The 'rule 3000' alternative does flag it.
    assert classify(_pair(BASE, left), asymmetry_criterion="rule3000").asymmetry.asymmetric


def test_asymmetry_pta_criterion():
    left = {f: v + 15 for f, v in BASE.items()}
    result = classify(_pair(BASE, left), asymmetry_criterion="pta")
    assert result.asymmetry.asymmetric and result.asymmetry.pta_difference == 15.0
    assert not classify(
        _pair(BASE, left), asymmetry_criterion="pta", asymmetry_db=20
    ).asymmetry.asymmetric


def test_unilateral_loss_flags_unilateral_and_sudden():
    normal = {f: 5 for f in BASE}
    loss = {f: 60 for f in BASE}
    result = classify(_pair(normal, loss, onset="sudden", age_years=50))
    assert result.laterality == "unilateral left"
    codes = [(f.code, f.ear) for f in result.red_flags]
    assert ("unilateral_sensorineural_loss", "left") in codes
    assert ("sudden_sensorineural_loss", "left") in codes
    assert not any(
        f.code == "sudden_sensorineural_loss" for f in classify(_pair(normal, loss)).red_flags
    )


def _conductive(age: int, volume: float) -> Audiogram:
    return build(
        40,
        5,
        right_bone={500: 5, 1000: 5, 2000: 10, 4000: 5},
        left_bone={500: 5, 1000: 5, 2000: 5, 4000: 5},
        bone_masked=True,
        tympanometry={
            "right": {"type": "B", "ear_canal_volume_ml": volume},
            "left": {"type": "A"},
        },
        age_years=age,
    )


def test_type_b_conductive_flag_only_in_adults_with_normal_volume():
    assert [f.code for f in classify(_conductive(45, 1.0)).red_flags] == ["adult_conductive_type_b"]
    assert classify(_conductive(5, 1.0)).red_flags == []
    assert classify(_conductive(45, 3.2)).red_flags == []  # perforation, not effusion


def test_classification_to_dict_is_json_ready():
    import json

    result = classify(_conductive(45, 1.0), "asha")
    data = json.loads(json.dumps(result.to_dict()))
    assert data["standard"] == "asha"
    assert data["right"]["type"] == "conductive"
    assert data["right"]["air_bone_gap"]["500"] == 35
