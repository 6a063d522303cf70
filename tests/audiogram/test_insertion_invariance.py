"""Metamorphic tests of scope (issue #26): inserting a sentence that is not a claim about this
audiogram (insertions.INSERTIONS: an earlier test, a relative's hearing, a plan, a referral
criterion, an aid target, a loudness discomfort level, a tinnitus match, a drug dose, a
textbook norm, each with figures false of the audiogram) must not change a reply's verdict;
inserting a false claim about this audiogram beside such words (insertions.REVERSE) must
give a finding.

On every eighth labelled reply of batches 1-50 (1-44 until the ear kinds came; the scope
kinds' floors were re-recorded on the wider sample, none lower), each kind's invariance must
not fall below the rate measured when this test was written (FLOORS, kept/changed on the
sample, recorded from ``python -m tests.audiogram.test_insertion_invariance``), and the
reverse check's found share below READ_FLOORS. The first figures, before the scope rules of
discourse.py, were 0.05-0.80 for seven of the nine kinds (in
/work/notes/NOTE-scope8-before.txt for all 2,430 replies). The ear kinds (an ear named for
something else: otoscopy, another organ, the phone ear, a device or operation) are also
placed always as a parenthesis beside a claim (ASIDE_FLOORS): main eda8395 kept 331-333 of
342 there (303 for the held-out otoscopy phrasings). Slow (several seconds): in
tests/conftest.py SLOW_TESTS.
"""

from __future__ import annotations

import functools

import pytest

from . import insertions
from .validation import cases

FLOORS: dict[str, tuple[int, int]] = {
    "earlier_test": (342, 342),
    "relative": (342, 342),
    "hypothetical": (342, 342),
    "referral_criterion": (342, 342),
    "aid_target": (342, 342),
    "loudness_discomfort": (342, 342),
    "tinnitus_match": (342, 342),
    "drug_dose": (342, 342),
    "textbook_norm": (342, 342),
    "otoscopy_aside": (341, 342),
    "sided_organ": (341, 342),
    "phone_ear": (341, 342),
    "device_side": (341, 342),
}
"""Per kind, (replies whose verdict was kept, replies it was inserted into) on the sample."""

ASIDE_FLOORS: dict[str, tuple[int, int]] = {
    "otoscopy_aside": (341, 342),
    "sided_organ": (342, 342),
    "phone_ear": (342, 342),
    "device_side": (342, 342),
    "otoscopy_aside (held out)": (311, 342),
    "sided_organ (held out)": (342, 342),
    "phone_ear (held out)": (342, 342),
    "device_side (held out)": (334, 342),
}
"""Per ear kind placed as a parenthesis (insertions.ASIDES), (kept, inserted) on the sample.
The held-out device phrasing is no longer unseen: merging tune9's "what was not done voids
only its own sentence" let its "(a bone-conduction device ... on the right)" give Z39's
"Unilateral SNHL" the right ear (331); the lead then read it and made "bone" naming a device
the device's (lexicon.HEARING_IN_AN_ASIDE), 334."""

READ_FLOORS: dict[str, tuple[int, int]] = {
    "claim_beside_measures": (169, 171),
    "claim_beside_other_sides": (169, 171),
}
"""Per reverse kind, (false claims found, correct replies tried) on the sample."""


@functools.cache
def _sample() -> tuple[list[dict], dict]:
    return insertions.labelled_replies(50)[::8], cases()


_READER = insertions.caching()


def rates(reader=_READER, names=None) -> dict[str, dict]:
    """Return insertions.invariance() of each kind (or of ``names``) on the sample."""
    rows, known = _sample()
    return {
        name: insertions.invariance(rows, known, insertions.INSERTIONS[name], reader=reader)
        for name in names or insertions.INSERTIONS
    }


def aside_rates(reader=_READER, names=None) -> dict[str, dict]:
    """Return insertions.invariance() of each ear kind placed as a parenthesis."""
    rows, known = _sample()
    return {
        name: insertions.invariance(rows, known, insertions.ASIDES[name], reader=reader)
        for name in names or insertions.ASIDES
    }


def read_rates(reader=_READER) -> dict[str, dict]:
    """Return insertions.read_rate() of each reverse kind on the sample."""
    rows, known = _sample()
    return {
        name: insertions.read_rate(rows, known, insert, reader=reader)
        for name, insert in insertions.REVERSE.items()
    }


def below(got: int, of: int, floor: tuple[int, int]) -> bool:
    """Return True when got/of is a smaller share than the floor's."""
    kept, changed = floor
    return of > 0 and got * changed < kept * of


@pytest.mark.parametrize("name", sorted(insertions.INSERTIONS))
def test_an_inserted_sentence_about_something_else_keeps_the_verdict(name):
    assert name in FLOORS, f"no floor recorded for {name}"
    result = rates(names=[name])[name]
    assert not below(result["kept"], result["changed"], FLOORS[name]), (
        name,
        result["kept"],
        result["changed"],
        result["broken"][:10],
    )


@pytest.mark.parametrize("name", sorted(insertions.ASIDES))
def test_an_aside_naming_an_ear_for_something_else_keeps_the_verdict(name):
    assert name in ASIDE_FLOORS, f"no floor recorded for {name}"
    result = aside_rates(names=[name])[name]
    assert not below(result["kept"], result["changed"], ASIDE_FLOORS[name]), (
        name,
        result["kept"],
        result["changed"],
        result["broken"][:10],
    )


def test_a_false_claim_beside_those_words_is_still_found():
    for name, result in read_rates().items():
        assert not below(result["found"], result["tried"], READ_FLOORS[name]), (
            name,
            result["found"],
            result["tried"],
            result["missed"][:10],
        )


def test_a_reader_that_takes_a_relative_for_the_patient_fails_the_relative_floor():
    """The test can fail: a reader that reads "her mother" as "the patient" (no scope for a
    relative) keeps every verdict of the replies as written, but not with a relative's
    hearing inserted."""
    from .perturb import verdict

    blind = insertions.caching(
        lambda text, case: verdict(
            text.replace("Her mother", "The patient").replace("her mother", "the patient"), case
        )
    )
    result = rates(blind, names=["relative"])["relative"]
    assert below(result["kept"], result["changed"], FLOORS["relative"]), result["kept"]


def test_a_reader_that_skips_sentences_beside_a_measure_fails_the_reverse_check():
    """The test can fail: a reader that drops every sentence naming another measure (too
    broad a scope) no longer finds the false claim beside it."""
    import re

    from .perturb import verdict

    beside = re.compile(r"[^.\n]*\b(?:loudness|tinnitus|mother|drops)\b[^.\n]*", re.I)
    broad = insertions.caching(lambda text, case: verdict(beside.sub("", text), case))
    result = read_rates(broad)["claim_beside_measures"]
    assert below(result["found"], result["tried"], READ_FLOORS["claim_beside_measures"])


if __name__ == "__main__":  # print the floors of today's reader, to record them
    for name, result in rates().items():
        print(f'    "{name}": ({result["kept"]}, {result["changed"]}),')
    for name, result in aside_rates().items():
        print(f'    "{name}": ({result["kept"]}, {result["changed"]}),')
    for name, result in read_rates().items():
        print(f'    "{name}": ({result["found"]}, {result["tried"]}),')
