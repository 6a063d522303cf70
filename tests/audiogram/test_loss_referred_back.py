"""A loss or its part referred back to with 'the' ("the conductive part improves", "the
inner-ear part of the loss will remain", "the conductive loss is not drug-related") points
back to the loss the reply described, not to the ear named last on an earlier line (often
the normal ear); its type is judged with no ear named. An ear named on the same line, or by
an ear heading above, still scopes it. And "a scan of the hearing nerve" names what is
imaged, not a sensorineural loss (issue #26, validation batches 40, 42 and 44, used as
tuning data)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims
from clinbench.audiogram.statements import read_statements

from .conftest import build, cpu_cost

# right: mixed loss (bone 20-25 masked, air 40-45); left: normal
RIGHT_MIXED = build(
    {500: 45, 1000: 40, 2000: 40, 4000: 45},
    10,
    right_bone={500: 20, 1000: 20, 2000: 25, 4000: 25},
    left_bone={500: 5, 1000: 5, 2000: 10, 4000: 10},
    bone_masked=True,
)


def _type_ears(text: str) -> list[tuple[str, tuple[str, ...]]]:
    return [
        (c.value, c.ears)
        for claims in read_statements(text)
        for c in claims
        if c.kind in ("type", "type_component")
    ]


# (text, the (type, ears) read from its last line)
READING = [
    ("Left 10 dB HL, normal.\nAt best the conductive part improves.", [("conductive", ())]),
    ("Left: normal.\nThe sensorineural part of the loss will remain.", [("sensorineural", ())]),
    ("Left 10 dB HL.\nThe conductive loss is not drug-related.", [("conductive", ())]),
    # near misses: the ear is named, or named on the same line, or by a heading
    ("Left 10 dB HL.\nThe conductive part on the right improves.", [("conductive", ("right",))]),
    ("Right: mixed loss. The conductive component is 25 dB.",
     [("mixed", ("right",)), ("conductive", ("right",))]),
    ("### Right ear\nMixed loss.\nThe conductive component is 25 dB.",
     [("mixed", ("right",)), ("conductive", ("right",))]),
    ("Left 10 dB HL.\nA conductive loss.", [("conductive", ("left",))]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "types"), READING, ids=[row[0] for row in READING])
def test_reading(text, types):
    assert _type_ears(text)[-len(types) :] == types


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("we would like you to have a scan of the hearing nerve", False),
        ("an MRI of the inner ear", False),
        ("the loss comes from the inner ear", True),
        ("damage of the hair cells", True),
    ],
)
def test_imaged_part_is_no_type(text, read):
    assert any(c.kind == "type" for c in read_claims(text)) is read


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Right: moderate mixed loss, masked bone 20-25 dB HL. Left 10 dB HL, normal.\n"
         "Findings: eroded incus.\nAt best the conductive part improves; the inner-ear part of "
         "the loss will remain.", []),
        ("Right: moderate conductive loss. Left 10 dB HL, normal.\nThe sensorineural loss "
         "is not drug-related.", ["type_misclassification"]),
        # near miss: the normal ear named on the same line keeps the part
        ("Right: moderate mixed loss. Left 10 dB HL, normal; the conductive part is 20 dB.",
         ["type_misclassification"]),
    ],
)  # fmt: skip
def test_end_to_end(reply, errors):
    assert check_reply(reply, RIGHT_MIXED).critical_errors == errors


def test_many_references_read_in_linear_time():
    def cost(n):
        text = "Left 10 dB HL.\n" + "The conductive part of the loss will improve. " * n
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(1000)
    _, big = cost(4000)
    assert size > 40_000
    assert big < 10 * max(small, 0.02)
