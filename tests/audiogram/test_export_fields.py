"""Records of machine-structured output whose ear sits in a field (issue #26, batch 31's
class): "ear=L;", a JSON record's "ear", "hz" and "db" fields, and a field named for its ear
("TYMP_R=A") are read as the ear's claims. The records are written here, not the batch's."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.notation import export_fields_written_out

from .conftest import assert_linear, build, cpu_cost

WRITTEN_OUT = [
    ("ear=L; pta=40; class=moderate", "L: pta=40; class=moderate"),
    ('{"ear": "R", "hz": 2000, "db": 45}', "{R: 2000 Hz 45 dB}"),
    ("TYMP_R=B TYMP_L=A", "R: TYMP=B; L: TYMP=A;"),
    ("AC.L=NR", "L: AC=NR;"),
    ('"right_ear": {"type": "mixed"}', 'right ear: {"type": "mixed"}'),
    ('"LE": {"pta": 30}', 'left ear: {"pta": 30}'),
    ('"word_recognition_pct": 88', "word recognition: 88%"),
    (
        '{"code": {"text": "Air conduction 2000 Hz"}, "bodySite": {"text": "left ear"}, '
        '"valueQuantity": {"value": 30, "unit": "dB HL"}}',
        "{left ear: Air conduction 2000 Hz: 30 dB HL}",
    ),
    (
        '{"code": {"text": "Tympanometry"}, "bodySite": {"text": "Right ear"}, '
        '"valueString": "Type B"}',
        "{Right ear: Tympanometry: Type B}",
    ),
    # near misses: ear words that are no ear field, fields named for no ear
    ("the left ear: mild loss", "the left ear: mild loss"),
    ("year=2024; hearing=normal", "year=2024; hearing=normal"),
    ("MAX_LEVEL=120 dB", "MAX_LEVEL=120 dB"),
    ('"right": "normal", "Le": {"x": 1}', '"right": "normal", "Le": {"x": 1}'),  # no object; "Le"
    ('"pct_done": 88', '"pct_done": 88'),
    ('"upright": {"x": 1}, HR: {"y": 2}', '"upright": {"x": 1}, HR: {"y": 2}'),  # inside words
    (  # a site that is not followed by the value: left as written
        '{"code": {"text": "PTA"}, "bodySite": {"text": "left ear"}, "note": "x"}',
        '{"code": {"text": "PTA"}, "bodySite": {"text": "left ear"}, "note": "x"}',
    ),
    ("tested at 2000 Hz, 45 dB", "tested at 2000 Hz, 45 dB"),
]


@pytest.mark.parametrize(("text", "expected"), WRITTEN_OUT)
def test_export_fields_are_written_as_ear_tags(text, expected):
    assert export_fields_written_out(text) == expected


LEFT_MILD = build(10, 30)  # right 10 flat, left 30 flat; no tympanometry


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("ear=L; pta=30; degree=mild\near=R; pta=10; degree=normal", []),
        ("ear=R; pta=30; degree=mild\near=L; pta=10; degree=normal", ["laterality_confusion"]),
        ('[{"ear": "L", "hz": 2000, "db": 30}, {"ear": "R", "hz": 2000, "db": 10}]', []),
        ('[{"ear": "L", "hz": 2000, "db": 70}]', ["fabricated_result"]),
        ("TYMP_R=A TYMP_L=A", ["fabricated_result"]),  # no tympanometry was done
        ('{"left_ear": {\n  "degree": "mild",\n  "pta": 30\n}}', []),
        ('{"right_ear": {\n  "degree": "mild",\n  "pta": 30\n}}', ["laterality_confusion"]),
        ('{"RE": {"word_recognition_pct": 96}}', ["fabricated_result"]),  # no speech test
        (
            '[{"code": {"text": "Air conduction threshold 2000 Hz"}, "bodySite": {"text": '
            '"right ear"}, "valueQuantity": {"value": 70, "unit": "dB HL"}}]',
            ["fabricated_result"],  # the right is 10 at 2 kHz
        ),
    ],
)
def test_export_records_are_read_with_their_ears(reply, errors):
    assert check_reply(reply, LEFT_MILD).critical_errors == errors


def test_writing_out_is_linear():
    def cost(n):
        text = '{"ear": "L", "hz": 2000, "db": 30}, TYMP_R=A, ear=R; ' * n
        return len(text), cpu_cost(lambda: export_fields_written_out(text))

    size, small = cost(2000)
    _, big = cost(8000)
    assert size > 100_000
    assert_linear(small, big, floor=0.02, most=2.0)
