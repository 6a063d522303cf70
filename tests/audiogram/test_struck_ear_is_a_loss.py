"""An ear said affected, impacted, impaired, damaged or to have a condition is a claim that this
ear has a loss, however garbled the sentence around it (affected_ears.AFFECTED_EAR and
HEARING_STRUCK_IN_AN_EAR; claims' "lay middle ear" row): the patient's hearing struck with the
ear as its place or agent, the ear (or its hearing) struck by a named mechanism or with a
conduction set beside it, the ear named as the affected one, the loss named as the ear's own,
and the ear named as the loss's source. Judged as the ear's type: a loss put in a normal ear
while the other ear has it is a critical error, the ear with the loss named is none. Near
misses stay quiet: a condition, a question, a denial, an ear affected by something that is
not the hearing's. Wording of our own, in prose, list items, a form field, shorthand and a
second mention (issue #26, batches 186 and 187: the real local model's replies)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

RIGHT_LOSS = build(50, 10, right_bone=45, left_bone=10)  # right sensorineural, left normal
LEFT_AFFECTED = [
    # the patient's hearing struck, the ear its place or agent
    "Her hearing is affected by air conduction on the left side.",
    "His hearing is compromised in the left ear, per the test.",
    "- Hearing impacted by the left ear\n- Review in 6 months",
    "Summary: the hearing in the left ear is impaired.",
    # the ear or its hearing struck, with a mechanism named or a conduction beside it
    "The left ear is affected by a sensorineural loss.",
    "Left ear (bone conduction) is affected.",
    "The left ear, air conduction, is impacted.",
    "Left ear hearing has been compromised by noise.",
    # the ear named as the affected one
    "Checklist: affected ear is the left.",
    "Affected side: left\nReview: in six months",
    "The audiogram is clear. The affected ear is the left one.",
    # the loss named as the ear's own
    "We looked at the left ear's hearing loss in detail.",
    "Value 25, which is the left ear's hearing impairment.",
    "Note the left ear's reduced hearing sensitivity at work.",
    "| Left | the left ear's poor hearing needs a seat on the right |",
    "Plan: hearing aid for the left ear. The left ear's diminished hearing is lifelong.",
    # the ear named as the loss's source
    "The left ear is the main source of the hearing loss.",
    "The left ear was identified as the cause of the deafness.",
]


@pytest.mark.parametrize("reply", LEFT_AFFECTED)
def test_a_loss_put_in_the_normal_ear_is_an_error(reply):
    assert check_reply(reply, RIGHT_LOSS).critical_errors != []


@pytest.mark.parametrize("reply", LEFT_AFFECTED)
def test_the_same_words_of_the_ear_with_the_loss_are_true(reply):
    swapped = reply.replace("left", "right").replace("Left", "Right")
    assert check_reply(swapped, RIGHT_LOSS).critical_errors == []


@pytest.mark.parametrize(
    "reply",
    [
        "If the left ear were affected, we would expect a gap.",
        "Whether the left ear's hearing is impaired is unclear; repeat the test.",
        "The left ear is not affected by the loss.",
        "The left ear is affected by wax.",
        "The left ear is not the cause of the loss.",
        "Is the affected ear the left?",
        "Left ear's hearing loss: none.",
        "Left ear's reduced hearing: none found.",
    ],
)
def test_a_condition_question_denial_or_other_cause_is_no_loss(reply):
    assert check_reply(reply, RIGHT_LOSS).critical_errors == []


@pytest.mark.parametrize(
    ("text", "ear"),
    [
        ("Her hearing loss is a left middle ear condition.", "left"),
        ("Right ear: middle ear disorder.", "right"),
        ("The left ear has a middle ear disease.", "left"),
    ],
)
def test_a_middle_ear_condition_is_read_as_conductive(text, ear):
    said = [(c.value, c.ears) for cl in read_statements(text) for c in cl if c.kind == "type"]
    checked = check_reply(text, RIGHT_LOSS)
    assert said == [("conductive", (ear,))] or any(
        f.claimed == "conductive" and f.ear == ear for f in checked.findings
    )


def test_no_middle_ear_disease_is_no_type_claim():
    assert check_reply("There is no middle ear disease.", RIGHT_LOSS).critical_errors == []
