"""An NR that ends a slash list of levels ("35/45/55/NR (0.5/1/2/4 kHz)") is that list's
last item, the no response at the last frequency only, not at every frequency named after it
(issue #26, batches 95 and 96: masked bone lists with no response at 4 kHz). Wording of our
own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

CASE = build(
    {250: 80, 500: 85, 1000: 90, 2000: 95, 3000: 100, 4000: 105, 6000: 110, 8000: 110},
    right_bone={500: 35, 1000: 45, 2000: 55, 4000: {"value": 70, "no_response": True}},
    left_bone={500: 35, 1000: 45, 2000: 55, 4000: {"value": 70, "no_response": True}},
    bone_masked=None,
)  # bone no response at 4 kHz (at 70)


def no_responses(text: str) -> set[int]:
    return {
        f for part in read_statements(text) for c in part
        if c.kind == "threshold" and c.value == "no response" for f in c.frequencies
    }  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "Bone, masked, right: 35/45/55/NR (0.5/1/2/4 kHz).",
        "Right BC 35 / 45 / 55 / NR (500, 1000, 2000 and 4000 Hz).",
    ],
)
def test_the_nr_item_is_the_last_frequency_only(text):
    assert no_responses(text) == {4000}
    assert "fabricated_result" not in check_reply(text, CASE).critical_errors


def test_an_nr_over_named_frequencies_is_still_every_one():
    assert no_responses("Bone: NR at 0.5, 1 and 2 kHz on the right.") == {500, 1000, 2000}
    assert (
        "fabricated_result"
        in check_reply("Bone: NR at 0.5, 1 and 2 kHz on the right.", CASE).critical_errors
    )


def test_a_list_that_does_not_pair_says_no_frequency():
    assert no_responses("Right BC 35/NR (0.5/1/2/4 kHz).") == set()
