"""Asymmetry criteria said not met ("our asymmetry criteria are not met", "the asymmetry rule
was not reached") claim that the ears do not differ enough to count as asymmetric: the word
'asymmetry' there names the criteria, and the sentence denies them. Criteria said met
("meets the 3 kHz asymmetry criterion") still claim an asymmetry (issue #26, validation batch
44 VW10, used as tuning data)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import laterality_claims

from .conftest import build, cpu_cost

# (clause, the symmetry values read)
READING = [
    ("our asymmetry criteria are not met for this hearing loss", ["symmetric"]),
    ("the asymmetry rule was not reached in either ear", ["symmetric"]),
    ("the asymmetry protocol has not been fulfilled; sensorineural loss", ["symmetric"]),
    # near misses: criteria met, or no criteria named
    ("the hearing loss meets the 3 kHz asymmetry criterion", ["asymmetric"]),
    ("beyond the usual asymmetry criteria for the ear", ["asymmetric"]),
    ("an asymmetry of the loss, not met before", ["asymmetric"]),
    ("asymmetric hearing loss, criteria not met", ["asymmetric"]),
]  # fmt: skip


@pytest.mark.parametrize(("clause", "read"), READING, ids=[row[0] for row in READING])
def test_reading(clause, read):
    got = [c.value for c in laterality_claims(clause, None, False, clause) if c.kind == "asymmetry"]
    assert got == read


SYMMETRIC = build({500: 70, 1000: 75, 2000: 70, 4000: 75}, {500: 70, 1000: 75, 2000: 70, 4000: 75})


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Flat severe sensorineural hearing loss in both ears. Our asymmetry criteria are not "
         "met (no interaural difference at all).", []),
        ("Flat severe sensorineural hearing loss in both ears, which meets our asymmetry "
         "criteria.", ["laterality_confusion"]),
    ],
)  # fmt: skip
def test_end_to_end(reply, errors):
    assert check_reply(reply, SYMMETRIC).critical_errors == errors


def test_many_criteria_read_in_linear_time():
    def cost(n):
        text = "the asymmetry criteria of the loss " * n
        return len(text), cpu_cost(lambda: laterality_claims(text, None, False, text))

    size, small = cost(1000)
    _, big = cost(4000)
    assert size > 30_000
    assert big < 10 * max(small, 0.02)
