"""A type of loss with a denying verdict after it ("mixed element - absent", "sensorineural
part (bone worse than 20 dB): not seen") is denied, as "no mixed element" is (issue #26, batch
96: a rule engine's criteria with their verdicts). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.denied_after import verdicts_after_put_first
from clinbench.audiogram.statements import read_statements

from .conftest import build

RIGHT_SNHL = build(
    {250: 40, 500: 45, 1000: 45, 2000: 50, 3000: 55, 4000: 60, 6000: 60, 8000: 65},
    10,
    right_bone={500: 40, 1000: 45, 2000: 45, 4000: 55},
    left_bone={500: 5, 1000: 5, 2000: 10, 4000: 10},
    bone_masked=True,
)


def kinds(text: str) -> set[tuple[str, str]]:
    text = verdicts_after_put_first(text)
    return {(c.kind, str(c.value)) for part in read_statements(text) for c in part}


@pytest.mark.parametrize(
    "text",
    [
        "Check 4 - conductive element (gaps of 15 dB or more at two frequencies): not seen.",
        "Right ear. Middle-ear component -> absent; sensorineural loss.",
    ],
)
def test_a_verdict_after_the_type_denies_it(text):
    found = kinds(text)
    assert ("type_component", "conductive") not in found
    assert ("type", "conductive") not in found
    assert "type_misclassification" not in check_reply(text, RIGHT_SNHL).critical_errors


def test_a_type_without_a_denial_is_still_judged():
    text = "Right ear: conductive element (gaps of 15 dB or more at two frequencies) present."
    assert "type_misclassification" in check_reply(text, RIGHT_SNHL).critical_errors


def test_the_rewrite_puts_no_first():
    assert verdicts_after_put_first("Mixed part: none").startswith("no Mixed part")
    assert verdicts_after_put_first("Mixed part is small") == "Mixed part is small"
