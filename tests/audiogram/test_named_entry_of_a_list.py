"""A document about several patients that names which entry is this patient's (a ward
sheet, a referral list, a results table; "query about bed 5", "row 2 is ours") holds other
patients' results in its other entries: their sides, grades and averages are not this
audiogram's (validation batch 86, used as tuning data). Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.voice import named_entry_only

from .conftest import conductive_right

CASE = conductive_right()  # right conductive loss 30-45 over bone 5-10, left normal

WARD_SHEET = (
    "Surgical ward - audiology requests, Sunday\n"
    "Bed 4: 50 M, left sudden sensorineural loss, left 4FA 70, severe.\n"
    "Bed 5: 33 F, right ear air 45 at 250 and 500 Hz, 40 at 1 kHz, 35 at 2 kHz, 30 at 4 kHz;\n"
    "   masked bone 5-10. {verdict} Left ear normal, 10 dB HL.\n"
    "Bed 6: 71 F, bilateral moderate sensorineural loss, 4FA 48.75 / 50.\n"
    "Nurse in charge asks about bed 5 only: does she need ENT before going home?\n"
)

REFERRAL_TABLE = (
    "| # | Initials | Hearing test | Next step |\n"
    "|---|---|---|---|\n"
    "| 1 | K.T. | left mixed loss, left average 62.5, severe | hearing aid |\n"
    "| 2 | D.W. | right air 45/45/40/35/30 dB HL at 250-4k, bone 5-10; {verdict} "
    "Left 10 dB HL throughout. | ENT |\n"
    "| 3 | M.B. | right dead ear, profound | CROS |\n"
    "\n"
    "Booking clerk: row 2 is the one the GP rang about.\n"
)

RIGHT = "Right moderate conductive loss."
WRONG_SIDE = "Left moderate conductive loss."


@pytest.mark.parametrize("document", [WARD_SHEET, REFERRAL_TABLE])
def test_other_entries_are_blanked(document):
    text = document.format(verdict=RIGHT)
    kept = named_entry_only(text)
    assert len(kept) == len(text)
    assert "severe" not in kept and "profound" not in kept and "48.75" not in kept
    assert "masked bone 5-10" in kept or "bone 5-10" in kept


@pytest.mark.parametrize("document", [WARD_SHEET, REFERRAL_TABLE])
def test_other_patients_results_are_not_judged(document):
    assert check_reply(document.format(verdict=RIGHT), CASE).critical_errors == []


@pytest.mark.parametrize("document", [WARD_SHEET, REFERRAL_TABLE])
def test_named_entry_is_still_judged(document):
    assert check_reply(document.format(verdict=WRONG_SIDE), CASE).critical_errors


@pytest.mark.parametrize(
    "text",
    [
        # an ordinary numbered reply: no entry of another patient, nothing named
        "1. Right ear: conductive loss, air 30-45 dB HL.\n2. Left ear: normal.\n"
        "3. Item 2 above needs no action.\n",
        # an item mentioned inside another item: a cross-reference of one reply's points
        "1. Right ear: moderate conductive loss, 45 dB HL at 250 Hz.\n"
        "2. Left ear: normal, 10 dB HL.\n3. Speak to the left side, the ear of item 2.\n",
        # letters opening the parts of one note, not a list of patients
        "S: blocked right ear.\nO: right air 45 dB HL, bone 5-10.\nA: right conductive loss."
        "\nP: review; see case A notes.\n",
        # several entries, none named and none fuller than the others: nothing says which
        # is this patient's (one that stands out is: test_fullest_entry_of_an_unnamed_list)
        WARD_SHEET.format(verdict=RIGHT)
        .replace("asks about bed 5 only", "asks about all")
        .replace(
            "4FA 48.75 / 50.",
            "air 40-55 dB HL from 250 Hz to 4 kHz on both sides, bone on air, 4FA 48.75 / 50.",
        ),
        # two entries named: no single one is this patient's
        WARD_SHEET.format(verdict=RIGHT).replace("about bed 5 only", "about bed 4 and bed 6"),
    ],
)
def test_without_one_named_entry_nothing_is_blanked(text):
    assert named_entry_only(text) == text
