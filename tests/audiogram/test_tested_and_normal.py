""" "Bone conduction was also tested and was normal at 0-5 dB in each ear": the second
predicate after "and" shares the clause's subject, so its levels are bone levels (on an
air-only test, an invented bone result; issue #26, validation batch 35 VM24). Another
subject after "and", or a predicate that is no normal finding, still starts a new clause."""

from __future__ import annotations

import pytest

from clinbench.audiogram.statements import clauses, read_statements

from .conftest import cpu_cost


def _bone(text: str) -> list[tuple]:
    return [(c.ears, c.value) for cl in read_statements(text) for c in cl
            if c.kind == "bone_level"]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "bone"),
    [
        ("Bone conduction was also tested and was normal at 0-5 dB in each ear.",
         [(("right", "left"), 0)]),
        ("Bone conduction was measured and was found normal at 10 dB on the right.",
         [(("right",), 10)]),
        # near miss: no conduction is the subject
        ("The right was tested and was normal at 20 dB.", []),
    ],
)  # fmt: skip
def test_tested_and_normal_bone(text, bone):
    assert _bone(text) == bone


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        ("Bone conduction was tested and was normal at 5 dB.", 1),
        # near misses: another subject; a predicate that is no normal finding
        ("Bone conduction was tested and the left was normal.", 2),
        ("Air conduction was 40 dB and was worse on the left.", 2),
    ],
)
def test_shared_subject_clauses(text, parts):
    assert len(clauses(text)) == parts


def test_shared_subject_linear():
    def cost(n):
        text = "Bone conduction was also tested and was normal at 0-5 dB in each ear. " * n
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(250)
    big_size, big = cost(1000)
    assert big_size >= 70_000 and size >= 17_000
    assert big < 10 * max(small, 0.01)
