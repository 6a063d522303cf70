"""The range a product, device or service is made for (its indication: "These amplifiers are
intended for a mild loss", "the boost mode was built for moderate hearing loss") is a
yardstick, as a rule's or a funder's criterion is, not the person's result (issue #26,
validation batch 79 XF10, XF14, XF20: consumer hearing-app screens quoting the OTC hearing-aid
indication, as tuning data; discourse GENERAL_STATEMENT). A degree said of the person's own
ear beside it is still read."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import assert_blanked, build

FLAT_SEVERE = build(75, right_bone=70, left_bone=70)


@pytest.mark.parametrize(
    "text",
    [
        "Personal sound amplifiers are intended for adults with a mild loss; please see an "
        "audiologist.",
        "The earbuds' boost mode was built for moderate hearing loss, so it will not be enough.",
        "This kit is labelled only for slight to mild impairment.",
        "Budget amplifiers aren't approved for profound loss either.",
        "The listening programme is for use in mild hearing loss.",
    ],
)
def test_indication_is_no_claim(text):
    assert check_reply(text, FLAT_SEVERE).critical_errors == []


@pytest.mark.parametrize(
    "text",
    [
        "These amplifiers are intended for a mild loss; your right ear has a mild loss too.",
        "The aid is designed for the left ear's mild loss.",
        "Both ears show a mild loss, and the kit is made for that.",
    ],
)
def test_the_persons_degree_beside_it_is_read(text):
    assert check_reply(text, FLAT_SEVERE).critical_errors == ["severity_misclassification"]


def test_blanking():
    assert_blanked(
        "Personal sound amplifiers are intended for adults with a mild loss; both ears are severe.",
        gone=["mild loss"],
        kept=["both ears are severe"],
    )
    assert_blanked(
        "The starter model was made for moderate loss, so you need a clinic: your loss is severe.",
        gone=["moderate loss"],
        kept=["your loss is severe"],
    )
