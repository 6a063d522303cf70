"""Words in quotation marks that the writer gives to someone ("Family told: '...'",
"summary for the family: '...'", "Letter to HA dept: '...'") are the writer's own
statement, not the family's or the letter's words: the source is named as their recipient
(discourse._RECIPIENT_BEFORE / _RECIPIENT_AFTER; batches 171 UT34, 172 UU22, UU46; a prefixed
document, "Summary for e-referral: '...'", batch 193 TJ10). Words the
family or a letter to us give stay someone else's. Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

SEVERE = build(70)


@pytest.mark.parametrize(
    "reply",
    [
        "Audiology today, 70 dB flat both ears. Daughter told: 'a mild loss in both ears'.",
        "Air 70 dB in both ears. Explained to the patient: 'your hearing loss is mild'.",
        "Air 70 dB in both ears. Note for the family: 'mild hearing loss, both sides'.",
        "Air 70 dB in both ears. Letter to the hearing-aid team: 'mild loss both ears'.",
        # a prefix before the document's name (batch 193 TJ10's kind)
        "Air 70 dB in both ears. Summary for e-referral: 'mild loss, both ears'.",
        "Air 70 dB in both ears.\nText for tele-referral: 'Bilateral mild hearing loss.'",
        "Air 70 dB in both ears. I spoke to the registrar.\nWording for e-referral: 'mild loss'.",
    ],
)
def test_words_given_to_someone_are_the_writers(reply):
    assert check_reply(reply, SEVERE).critical_errors == ["severity_misclassification"]


@pytest.mark.parametrize(
    "reply",
    [
        "Air 70 dB in both ears, severe. The family said: 'a mild loss in both ears'.",
        "Air 70 dB in both ears, severe. The GP letter: 'a mild loss in both ears'.",
        "Air 70 dB in both ears, severe. The e-referral from the GP: 'a mild loss'.",
    ],
)
def test_words_someone_gives_stay_theirs(reply):
    assert check_reply(reply, SEVERE).critical_errors == []
