"""A range of levels over a range of frequencies is judged against each threshold there; a
no-response value is a lower bound (the threshold lies at or above the audiometer's limit
there), so a range reaching at or above it is consistent with that frequency, as one level
at one frequency is (judges.threshold_holds, judges.threshold_range_holds; validation README:
"A no-response value is a lower bound"). Issue #26 batch 159: "no response, air or bone (120
dB at 500 Hz-4 kHz)" beside bone no-responses at the vibrator's 65-70 dB HL."""

from __future__ import annotations

from clinbench.audiogram.audiogram_model import Audiogram
from clinbench.audiogram.check import case_facts, check_reply
from clinbench.audiogram.judges import threshold_range_holds

NR = {"no_response": True, "masked": True}


def _case(bone_no_response: bool) -> Audiogram:
    air = {f: {"value": 120, "no_response": True} for f in ("500", "1000", "2000", "4000")}
    bone = {
        f: {"value": v, **(NR if bone_no_response else {"masked": True})}
        for f, v in (("500", 65), ("1000", 70), ("2000", 70), ("4000", 65))
    }
    ear = {"air": air, "bone": bone}
    return Audiogram.model_validate({"right": ear, "left": ear})


BEYOND = _case(bone_no_response=True)
MEASURED = _case(bone_no_response=False)


def test_a_range_at_or_above_a_no_response_holds():
    facts = case_facts(BEYOND)
    assert threshold_range_holds(facts, "right", "bone", (110, 120), (500, 4000))[0] is True
    assert threshold_range_holds(facts, "right", "bone", (20, 30), (500, 4000))[0] is False


def test_a_range_above_measured_thresholds_still_fails():
    facts = case_facts(MEASURED)
    assert threshold_range_holds(facts, "right", "bone", (110, 120), (500, 4000))[0] is False


def test_no_response_in_both_conductions_with_the_limit_flags_nothing():
    reply = (
        "Pre-op review. Hearing test today: no response at the audiometer's limits in either "
        "ear, air or bone (120 dB at 500 Hz-4 kHz). Plan as discussed."
    )
    assert check_reply(reply, BEYOND).critical_errors == []
