"""A grade given to a region named only by an adjective ("a moderately severe high-frequency
loss") grades that region's part of the frequencies the grades are defined on, 0.5-4 kHz
(WHO 2021 four-frequency average): 2-4 kHz for the high frequencies, not 6-8 kHz alone
(issue #26: the outside labels grade such claims on the 0.5-4 kHz thresholds; batches 84 and
104 as tuning data, the same claim labelled so in batches 39, 41, 43, 49 and 60;
judges._GRADED). A region stated as such (by its frequencies, or "in the high
frequencies"), or lying wholly outside 0.5-4 kHz, is judged where it is. Claim x audiogram
-> verdict; wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

# both ears: 10-15 dB HL to 2 kHz, 30 at 3k, 40 at 4k, then 55 / 60 at 6 / 8 kHz
HIGH_TAIL = build({250: 10, 500: 10, 1000: 15, 2000: 15, 3000: 30, 4000: 40, 6000: 55, 8000: 60})


def degree_verdicts(reply: str) -> list[tuple[str, str]]:
    found = check_reply(reply, HIGH_TAIL).findings
    return [(str(f.claimed), f.verdict.value) for f in found if f.kind.value == "degree"]


@pytest.mark.parametrize(
    "reply",
    [
        "Both ears: a moderately severe high-frequency sensorineural hearing loss.",
        "Bilateral severe high-frequency SNHL, bone on air.",
        "Right: moderately severe high-frequency loss. Left: the same.",
    ],
)
def test_a_grade_past_every_graded_threshold_of_the_region_is_a_severity_error(reply):
    assert check_reply(reply, HIGH_TAIL).critical_errors == ["severity_misclassification"]


@pytest.mark.parametrize(
    "reply",
    [
        "Both ears: a moderate high-frequency sensorineural hearing loss.",
        "Bilateral mild to moderate high-frequency SNHL.",
        # a region stated as such (by its frequencies, or "in the high frequencies") is
        # judged on all of it
        "Moderately severe loss at 6-8 kHz in both ears.",
        "Both ears are moderately severe at 6 and 8 kHz.",
        "There is a moderately severe loss in the high frequencies in each ear.",
    ],
)
def test_a_grade_the_region_holds_is_no_error(reply):
    assert check_reply(reply, HIGH_TAIL).critical_errors == []


def test_the_finding_shows_the_whole_region():
    (claimed, verdict), *_ = degree_verdicts("Bilateral moderately severe high-frequency loss.")
    assert verdict == "contradiction"
    found = check_reply("Bilateral moderately severe high-frequency loss.", HIGH_TAIL).findings
    truth = next(f.truth for f in found if f.kind.value == "degree")
    assert {6000, 8000} <= set(truth["right"])  # shown, though not graded on
