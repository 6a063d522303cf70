"""'Within normal limits' (or WNL, normal) as the value of another examination's field
("Language: within normal limits", "BP: WNL", "Voice - normal") is that field's result, not
the hearing's (issue #26, validation batch 54 WG12: speech-language pathology reports, as
tuning data; lexicon.OTHER_DOMAIN_LABEL, read by both readers). The hearing's own field, an
ear's label and a normal phrase after another field's sentence are still read."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.lexicon import OTHER_DOMAIN_LABEL

from .conftest import assert_linear, build, cpu_cost

FLAT_MOD_SEVERE = build(55, right_bone=50, left_bone=50)

OTHER_FIELDS = [
    "Language: within normal limits.",
    "BP: WNL.",
    "Voice - within normal limits.",
    "Cognition (ACE-III): within normal limits.",
    "Language: WNL.",
    "Swallow: within normal limits; IDDSI 7.",
    "Auditory processing screen (SCAN-A): within normal limits.",
]

STILL_HEARING = [
    "Hearing: within normal limits.",
    "Right ear: WNL.",
    "Language is fine. Hearing is within normal limits in both ears.",
    "Voice therapy done; both ears within normal limits.",
    "Hearing screen: within normal limits.",
]


@pytest.mark.parametrize("text", OTHER_FIELDS)
def test_other_field_is_not_the_hearing(text):
    assert check_reply(text, FLAT_MOD_SEVERE).critical_errors == []


@pytest.mark.parametrize("text", STILL_HEARING)
def test_hearing_still_read(text):
    assert check_reply(text, FLAT_MOD_SEVERE).critical_errors == ["severity_misclassification"]


def test_label_is_linear():
    def cost(n):
        text = "language voice motor " * n + ":"
        return cpu_cost(lambda: OTHER_DOMAIN_LABEL.search(text))

    assert_linear(cost(2000), cost(8000))
