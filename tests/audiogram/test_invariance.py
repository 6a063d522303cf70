"""Metamorphic tests of the reader (issue #26): rewriting a reply in a form a clinician reads as
the same (perturb.TRANSFORMS) must not change the reply's verdict.

On a fixed sample of the labelled replies of batches 1-38 (every fourth), each transform's
invariance (replies whose critical errors stay the same, of the replies it rewrote) must
not fall below the rate measured when this test was written (FLOORS: kept/changed on the
sample, recorded from ``python -m tests.audiogram.test_invariance``). A reading rule that
makes the reader depend on surface form lowers a rate and fails here; a rule that mends
one lets the floor be raised. Slow (about 5-10 s): in tests/conftest.py SLOW_TESTS.
"""

from __future__ import annotations

import functools
import re

import pytest

from . import perturb
from .validation import cases

FLOORS: dict[str, tuple[int, int]] = {
    "ears_as_letters": (201, 206),
    "ears_as_re_le": (203, 206),
    "ears_as_latin": (203, 206),
    "letters_as_ears": (43, 44),
    "ear_word_dropped": (88, 88),
    "degree_shorthand": (313, 316),
    "degree_written_out": (23, 23),
    "type_abbreviated": (150, 150),
    "type_written_out": (90, 90),
    "hz_as_khz": (146, 146),
    "hz_as_k": (17, 17),
    "hz_as_capital_k": (17, 17),
    "khz_as_hz": (205, 205),
    "db_hl_as_db": (295, 295),
    "as_bullets": (374, 375),
    "hard_wrapped": (470, 475),
    "greeting_and_sign_off": (533, 533),
    "headings_upper": (65, 65),
    "headings_lower": (61, 61),
    "american_spelling": (13, 13),
    "british_spelling": (2, 2),
    "degree_after_ear": (2, 2),
}
"""Per transform, (replies whose verdict was kept, replies rewritten) on the sample when
recorded; the rate kept/changed is the floor."""


@functools.cache
def _sample() -> tuple[list[dict], dict]:
    return perturb.labelled_replies()[::4], cases()


def _caching(reader):
    seen: dict[tuple[str, int], tuple[str, ...]] = {}

    def read(text, case):
        key = (text, id(case))
        if key not in seen:
            seen[key] = reader(text, case)
        return seen[key]

    return read


_READER = _caching(perturb.verdict)


def rates(reader=_READER, names=None) -> dict[str, dict]:
    """Return invariance() of each transform (or of ``names``) on the sample."""
    rows, known = _sample()
    return {
        name: perturb.invariance(rows, known, perturb.TRANSFORMS[name], reader=reader)
        for name in names or perturb.TRANSFORMS
    }


def below_floor(result: dict, floor: tuple[int, int]) -> bool:
    """Return True when a transform kept a smaller share of verdicts than its floor."""
    kept, changed = floor
    return result["changed"] > 0 and result["kept"] * changed < kept * result["changed"]


@pytest.mark.parametrize("name", sorted(perturb.TRANSFORMS))
def test_invariance_not_below_the_measured_rate(name):
    assert name in FLOORS, f"no floor recorded for {name}"
    result = rates(names=[name])[name]
    assert result["changed"] > 0, f"{name} rewrote no reply of the sample"
    assert not below_floor(result, FLOORS[name]), (name, result["kept"], result["changed"],
                                                   result["broken"])  # fmt: skip


def test_a_reader_that_depends_on_the_unit_fails_the_frequency_rewrite():
    """The test can fail: a reader blind to "kHz" (it reads "2 kHz" as a bare 2) keeps its
    own verdicts under every rewrite that leaves kHz alone, but hz_as_khz breaks it."""
    blind = _caching(lambda text, case: perturb.verdict(re.sub(r"\s?kHz\b", "", text), case))
    result = rates(blind, names=["hz_as_khz"])["hz_as_khz"]
    assert below_floor(result, FLOORS["hz_as_khz"]), result["kept"]


def test_a_reader_that_stops_at_the_first_line_fails_the_greeting():
    """The test can fail: a reader that reads only the first paragraph is blind after a
    greeting line."""
    first = _caching(lambda text, case: perturb.verdict(text.split("\n\n")[0], case))
    result = rates(first, names=["greeting_and_sign_off"])["greeting_and_sign_off"]
    assert below_floor(result, FLOORS["greeting_and_sign_off"]), result["kept"]


if __name__ == "__main__":  # print the FLOORS of today's reader, to record them
    for name, result in rates().items():
        print(f'    "{name}": ({result["kept"]}, {result["changed"]}),')
