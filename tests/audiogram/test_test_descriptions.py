"""A statement that describes what a test or device examines ("This equipment measures the
sound from your inner ear", "The test checks the pressure in the middle ear") and states no
result names the parts of the ear the test looks at, not where this patient's loss arises
(the type is where the loss arises, BSA 2018): its lay place words are no type claim. A
statement that goes on to a result ("the test shows the loss comes from the inner ear") keeps
them (issue #26, real-model text of validation batch 124, used as tuning data)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims

from .conftest import conductive_right


def _types(text: str) -> list[str]:
    return [str(c.value) for c in read_claims(text) if c.kind == "type"]


@pytest.mark.parametrize(
    ("text", "types"),
    [
        # descriptions of a test or device: no type read
        ("This machine measures the signal from your inner ear and its echo.", []),
        ("The probe checks the pressure in your middle ear and the eardrum's movement.", []),
        ("A scan examines the nerve in the inner ear at high resolution.", []),
        # near misses: a result stated beside the test, or no test described
        ("The bone test shows the loss comes from the inner ear.", ["sensorineural"]),
        ("This test measures hearing; your loss is in the middle ear.", ["conductive"]),
        ("It comes from the inner ear.", ["sensorineural"]),
    ],
)  # fmt: skip
def test_test_descriptions_read(text, types):
    assert _types(text) == types


def test_described_test_is_no_type_error():
    reply = ("This equipment measures the sound from your inner ear and how well sound passes "
             "through your middle ear.")  # fmt: skip
    fc = check_reply(reply, conductive_right())
    assert fc.critical_errors == []
    assert fc.outcome == "no_claim_read"
