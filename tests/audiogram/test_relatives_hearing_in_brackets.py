"""A relative named with their own hearing in brackets ("came with her husband (severe
loss)", "Mum (hearing aids both ears) was present") is family history: the bracket and the
rest of its clause are the relative's, as "her mother has a severe loss" is
(discourse.RELATIVE_HEARING; batch 185 TD36's kind). A relative's bracket with no hearing word
in it ("mother (present)") leaves the clause read. Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

NORMAL = build(10)


@pytest.mark.parametrize(
    "reply",
    [
        "Came in with her husband (severe loss, aided). Her own test: 10 dB throughout, normal.",
        "- Accompanied by: father (profoundly deaf, implanted)\n- Patient: normal hearing.",
        "| Escort | wife (moderate hearing loss) |\n| Result | normal both ears |",
        "Brother (deaf since birth) interpreted. Her thresholds are normal.",
    ],
)
def test_the_relatives_bracket_is_not_this_audiogram(reply):
    assert check_reply(reply, NORMAL).critical_errors == []


@pytest.mark.parametrize(
    "reply",
    [
        "Mother (present) says the right ear has a severe loss.",
        "Came in with her husband (severe loss). Her own test: severe loss in both ears.",
    ],
)
def test_the_patients_findings_stay_read(reply):
    assert check_reply(reply, NORMAL).critical_errors == ["severity_misclassification"]
