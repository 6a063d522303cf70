"""A line labelled "Examiner:" is a viva's prompt only in a transcript, where the examined
person speaks too ("Candidate: ...", "C: ...") or questions are put. In a medical examination
report where no one else speaks ("Enlistment medical ... Examiner: a bilateral flat
sensorineural hearing loss"), it is the examining doctor's finding, and is read (issue #26,
validation batch 41 VT38, used as tuning data)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed

from .conftest import build, cpu_cost

# (reply, whether the examiner's finding is kept)
READING = [
    ("Enlistment medical\nCandidate 40. Both ears 20 dB HL.\nExaminer: a bilateral flat "
     "sensorineural hearing loss.", True),
    ("Medico-legal report\nExaminer: moderate sensorineural hearing loss on the left.", True),
    # a hedged diagnosis ("?otosclerosis") and a small-letter list item are no transcript
    ("Enlistment medical.\nExaminer: bilateral flat sensorineural hearing loss, moderate.\n"
     "Impression: ?otosclerosis", True),
    ("Enlistment medical.\nExaminer: bilateral flat sensorineural hearing loss, moderate.\n"
     "a) hearing\nb) vision", True),
    # near misses: a transcript, where the examiner sets the task
    ("Examiner: a bilateral flat sensorineural hearing loss.\nCandidate: No, it is normal.",
     False),
    ("Examiner: a bilateral flat sensorineural hearing loss.\nC: I would call it normal.",
     False),
    ("Examiner: a bilateral flat sensorineural hearing loss - why?\nNormal hearing.", False),
]  # fmt: skip


@pytest.mark.parametrize(("reply", "kept"), READING, ids=[row[0] for row in READING])
def test_reading(reply, kept):
    assert ("sensorineural hearing loss" in without_unclaimed(reply)) is kept


NORMAL = build(20, 20, right_bone=15, left_bone=15)


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Enlistment medical - hearing\nCandidate 40. Right and left: 20 dB HL flat; bone 15 "
         "dB HL.\nExaminer: a bilateral flat sensorineural hearing loss, symmetrical.",
         ["type_misclassification"]),
        ("Examiner: is it a bilateral flat sensorineural hearing loss?\nCandidate: No, "
         "hearing is within normal limits in both ears.", []),
    ],
)  # fmt: skip
def test_end_to_end(reply, errors):
    assert check_reply(reply, NORMAL).critical_errors == errors


def test_many_examiner_lines_read_in_linear_time():
    def cost(n):
        text = "Examiner: a mild loss.\n" * n
        return len(text), cpu_cost(lambda: without_unclaimed(text))

    size, small = cost(1000)
    _, big = cost(4000)
    assert size > 20_000
    assert big < 10 * max(small, 0.02)
