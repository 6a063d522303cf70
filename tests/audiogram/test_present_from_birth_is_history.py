""" "Present from birth" (since birth, at birth) is a loss's history, a congenital loss, not a
test's response: a sentence that says so beside a test's name ("present from birth, and it
matches the ABR from the newborn period") reads no ABR, OAE or reflex result from it
(result_claims._SINCE_BIRTH; issue #26 batch 192 TI49, a false alarm of an ABR the case
lacks). A response said present stays a result. Wording of our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.statements import read_statements

from .conftest import build

PROFOUND = build(110)  # no ABR, OAE or reflexes in the case


def _results(text: str) -> list[tuple]:
    return [(c.kind, c.value) for cl in read_statements(text) for c in cl
            if c.kind in ("abr", "oae", "reflexes")]  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "A profound loss in both ears, present from birth, and it matches the ABR from the "
        "newborn period.",
        "- congenital: present since birth (newborn OAE screen referred him)",
        "Deafness present at birth; the ABR then agreed.",
    ],
)
def test_present_from_birth_reads_no_test_result(text):
    assert _results(text) == []


@pytest.mark.parametrize(
    ("text", "results"),
    [
        ("OAEs present on the right.", [("oae", "present")]),
        ("ABR: wave V present at 5.6 ms.", [("abr", "normal")]),
    ],
)
def test_a_response_said_present_stays_a_result(text, results):
    assert _results(text) == results


def test_history_stays_unflagged_and_a_made_up_result_is_caught():
    reply = "No response at 110 dB HL in either ear: a profound loss present from birth."
    assert check_reply(reply, PROFOUND).critical_errors == []
    assert check_reply(reply + " OAEs present on the right.", PROFOUND).critical_errors == [
        "fabricated_result"
    ]
