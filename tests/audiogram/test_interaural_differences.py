"""An interaural difference (how far apart the two ears' thresholds are) is a result of the
audiogram: read as a claim of its own kind (a size, of both ears, at a frequency where one is
named) and judged against the four-frequency averages' difference and the difference at every
frequency tested in both ears (issue #26, batches 140 and 146: "the difference between the two
ears is 15 dB" beside a dead ear, "5 dB less sensitive" where the ears differ by 25-45). Not
read: a difference between air and bone, between two frequencies, from normal, since an
earlier test, an upper bound, a denial."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import Claim
from clinbench.audiogram.interaural import KIND
from clinbench.audiogram.judges import judge_claims
from clinbench.audiogram.statements import read_statements

from .conftest import build, conductive_right, cpu_cost


def _sizes(text: str) -> list[tuple]:
    return [(c.value, c.frequencies, c.rules[0]) for cl in read_statements(text) for c in cl
            if c.kind == KIND]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "sizes"),
    [
        ("The two ears differ by about 30 dB.", [(30, (), "interaural difference")]),
        ("Between the left and the right ear there is a difference of roughly 35 dB.",
         [(35, (), "interaural difference")]),
        ("The interaural difference is 40 dB at 1 kHz.", [(40, (1000,), "interaural difference")]),
        ("At 4000 Hz the right ear is louder than the left, a difference of 12.5 decibels.",
         [(12.5, (4000,), "interaural difference")]),
        ("The ears differ by 15 dB or more.", [(15, (), "at least")]),
        ("The left ear is 25 dB worse than the right.", [(25, (), "size of a comparison")]),
        ("Her right ear is still 10 dB less sensitive than her left ear.",
         [(10, (), "size of a comparison")]),
        ("At 2 kHz the left ear is about 10 dB lower than the right.",
         [(10, (2000,), "size than the other ear")]),
        ("The right ear is 20 dB more sensitive than the left.",
         [(20, (), "size of a comparison")]),
        # near misses: air and bone of one ear, two frequencies, normal, an earlier test, an
        # upper bound, a denial, no ears compared
        ("In the right ear the difference between air and bone is 30 dB.", []),
        ("The left ear differs by 40 dB between 250 Hz and 4 kHz; the right is flat.", []),
        ("The right ear differs from normal by 35 dB; the left is normal.", []),
        ("The right ear differs by 10 dB since the previous test.", []),
        ("The two ears differ by less than 10 dB.", []),
        ("The ears agree within 5 dB, no difference of note.", []),
        ("There is no difference of 20 dB between the ears.", []),
        ("A difference of 20 dB is usual between these tests.", []),
        ("The right ear is worse than the left.", []),
        ("The ears differ most at 2 kHz: right 30 dB, left 55 dB.", []),
        ("The right ear is 10 dB louder than normal; the left too.", []),
        ("The air-bone gaps differ by 20 dB between the ears.", []),
        ("The SRTs of the two ears differ by 15 dB.", []),
        ("The right ear is not 10 dB lower than the left.", []),
    ],
)  # fmt: skip
def test_interaural_differences_read(text, sizes):
    assert _sizes(text) == sizes


def _judged(claim: Claim, audiogram) -> list[tuple]:
    from clinbench.audiogram.adjudication import Judge
    from clinbench.audiogram.check import case_facts

    judge = Judge(case_facts(audiogram))
    judge_claims([claim], judge)
    return [(f.frequency, str(f.verdict), f.critical_error) for f in judge.findings]


# right air 30-45 over masked bone 5-10, left 10 throughout: 4FA 37.5 / 10 (27.5), air
# differences 20-35, bone differences 0-5
@pytest.mark.parametrize(
    ("claim", "verdict"),
    [
        (Claim(KIND, ("right", "left"), 30), [(None, "match", None)]),
        (Claim(KIND, ("right", "left"), 27.5), [(None, "match", None)]),
        (Claim(KIND, ("right", "left"), 70), [(None, "contradiction", "fabricated_result")]),
        # the ears' hearing is their air conduction; bone only where the reply names it
        (Claim(KIND, ("right", "left"), 5), [(None, "contradiction", "fabricated_result")]),
        (Claim(KIND, ("right", "left"), 5, conduction="bone"), [(None, "match", None)]),
        (Claim(KIND, ("right", "left"), 35, frequencies=(250,)), [(250, "match", None)]),
        (Claim(KIND, ("right", "left"), 5, frequencies=(250,)),
         [(250, "contradiction", "fabricated_result")]),
        (Claim(KIND, ("right", "left"), 20, frequencies=(750,)),
         [(750, "contradiction", "fabricated_result")]),
        # in a region (low, high Hz): its differences there (25 at 2 kHz, 20 at 4 kHz)
        (Claim(KIND, ("right", "left"), 25, frequencies=(2000, 4000)), [(None, "match", None)]),
        (Claim(KIND, ("right", "left"), 60, frequencies=(2000, 4000)),
         [(None, "contradiction", "fabricated_result")]),
        (Claim(KIND, ("right", "left"), 15, rules=("at least",)), [(None, "match", None)]),
        # a bound no difference reaches says "asymmetric": the asymmetry judge's, not judged
        (Claim(KIND, ("right", "left"), 60, rules=("at least",)), [(None, "unverifiable", None)]),
    ],
)  # fmt: skip
def test_interaural_differences_judged(claim, verdict):
    assert _judged(claim, conductive_right()) == verdict


def test_a_dead_ear_is_a_lower_bound():
    dead = build({f: 110 for f in (250, 500, 1000, 2000, 4000)}, 10)
    assert _judged(Claim(KIND, ("right", "left"), 95), dead) == [(None, "match", None)]
    assert _judged(Claim(KIND, ("right", "left"), 15), dead) == [
        (None, "contradiction", "fabricated_result")
    ]


def test_end_to_end():
    case = conductive_right()
    assert check_reply("The two ears differ by about 30 dB.", case).critical_errors == []
    wrong = check_reply("The difference between the two ears is 5.4 dB.", case)
    assert wrong.critical_errors == ["fabricated_result"]
    compared = check_reply("The right ear is 60 dB less sensitive than the left.", case)
    assert compared.critical_errors == ["fabricated_result"]


def test_reading_differences_is_linear():
    def cost(n):
        text = "The two ears differ by about 30 dB at 1 kHz, a difference of note. " * n
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(250)
    big_size, big = cost(1000)
    assert big_size >= 50_000 and size >= 12_000
    assert big < 10 * max(small, 0.01)
