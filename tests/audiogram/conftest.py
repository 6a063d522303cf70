"""Fixtures for the audiogram tests: hand-built audiograms and a small generated case set."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clinbench.audiogram.audiogram_model import Audiogram

DATA = Path(__file__).parent / "data"
OCTAVES_3K6K = (250, 500, 1000, 2000, 3000, 4000, 6000, 8000)


def build(
    right: dict[int, int] | int,
    left: dict[int, int] | int | None = None,
    *,
    right_bone: dict[int, int] | None = None,
    left_bone: dict[int, int] | None = None,
    bone_masked: bool | None = False,
    **extra,
) -> Audiogram:
    """Return an Audiogram from per-frequency thresholds (an int means flat at that level).

    ``bone_masked`` marks every bone threshold masked (ear-specific), ``False`` (default)
    unmasked: the better cochlea's response (see classify.unattributed_bone); ``None``
    leaves masking unrecorded (bare numbers).
    """

    def expand(values, masked=None):
        if isinstance(values, int):
            return {str(f): values for f in OCTAVES_3K6K}
        if masked is not None:
            return {str(f): {"value": v, "masked": masked} for f, v in values.items()}
        return {str(f): v for f, v in values.items()}

    left = right if left is None else left
    raw = {
        "right": {"air": expand(right), "bone": expand(right_bone or {}, bone_masked)},
        "left": {"air": expand(left), "bone": expand(left_bone or {}, bone_masked)},
        **extra,
    }
    return Audiogram.model_validate(raw)


def threshold_levels(text: str, audiogram: Audiogram) -> list[tuple]:
    """Return the sorted (ear, frequency, claimed) of each threshold read in ``text``."""
    from clinbench.audiogram.check import check_reply

    return sorted(
        (f.ear, f.frequency, f.claimed)
        for f in check_reply(text, audiogram).findings
        if f.kind.value == "threshold"
    )


def conductive_right(**extra) -> Audiogram:
    """Return a right conductive loss (air 30-45 dB HL over masked bone of 5-10) beside a
    normal left ear (10 dB HL throughout), with any other field of ``build`` in ``extra``."""
    return build(
        {250: 45, 500: 45, 1000: 40, 2000: 35, 4000: 30, 8000: 30},
        10,
        right_bone={500: 5, 1000: 10, 2000: 10, 4000: 5},
        left_bone={500: 5, 1000: 5, 2000: 10, 4000: 5},
        bone_masked=True,
        **extra,
    )


@pytest.fixture(scope="session")
def labelled_cases() -> dict[str, dict]:
    return json.loads((DATA / "cases.json").read_text())


def read_replies(name: str) -> list[dict]:
    """Return the labelled replies of a JSONL file in tests/audiogram/data."""
    return [json.loads(line) for line in (DATA / name).read_text().splitlines()]


@pytest.fixture(scope="session")
def labelled_replies() -> list[dict]:
    """Replies written with the checker (development set) and after it (held-out set)."""
    return read_replies("replies.jsonl") + read_replies("replies_holdout.jsonl")


@pytest.fixture(scope="session")
def generated(tmp_path_factory):
    """Return (folder, items) for 11 generated cases, one per profile."""
    from clinbench.audiogram.generate import PROFILES, generate_cases

    out = tmp_path_factory.mktemp("generated")
    items = generate_cases(len(PROFILES), 3, out)
    return out, items


def cpu_cost(read) -> float:
    """Return the least CPU seconds of two calls of ``read()``, the garbage collector off.

    The linear-time tests compare the cost of a text with that of four times the text; a
    collection landing inside one timing (or another process taking the core) can double
    that one figure on a loaded machine, so each figure is the better of two runs with the
    collector paused.
    """
    import gc
    import time

    gc.collect()
    gc.disable()
    try:
        spent = []
        for _ in range(2):
            began = time.process_time()
            read()
            spent.append(time.process_time() - began)
    finally:
        gc.enable()
    return min(spent)


def assert_linear(small: float, big: float, *, floor: float = 0.01, most: float | None = None):
    """Assert that reading four times the text costs under ten times the CPU seconds.

    ``small`` and ``big`` are the :func:`cpu_cost` of a text and of four times it; a linear
    reader costs about four times as much, a quadratic one sixteen. ``floor`` is the least
    figure ``small`` counts as (a cost near zero is all timer noise); ``most``, when given,
    is the CPU seconds the long text took on a quiet development machine, and the test fails
    only past :data:`CEILING_SLACK` times that: the ratio is the test of linear reading, the
    ceiling only catches a cost that is out of all proportion at both sizes (a pattern that
    backtracks without end), and a shared CI machine is two to three times slower under load.
    """
    assert big < 10 * max(small, floor), f"{big:.3f} s for 4x the text, {small:.3f} s for 1x"
    if most is not None:
        assert big < CEILING_SLACK * most, f"{big:.3f} s for the long text, over {most} s x5"


CEILING_SLACK = 5
"""How many times its quiet-machine figure a long text may cost before a test calls it a
runaway (:func:`assert_linear`); performance goals themselves live in ``benchmarks/``."""


def assert_blanked(text: str, gone: list[str], kept: list[str]) -> None:
    """Assert that the words in ``gone`` are blanked from ``text`` as not the writer's claim,
    those in ``kept`` stay, and the text keeps its length (offsets after a blank do not move)."""
    from clinbench.audiogram.discourse import without_unclaimed

    out = without_unclaimed(text)
    assert len(out) == len(text)
    assert not any(word in out for word in gone), out
    assert all(word in out for word in kept), out


def random_word_texts(words, seps, *, seed: int, count: int, longest: int):
    """Yield ``count`` random texts of 1 to ``longest`` of ``words``, each followed by one of
    ``seps`` (seeded): the inputs on which a cheap guard is checked against its pattern."""
    import random

    rng = random.Random(seed)
    for _ in range(count):
        yield "".join(rng.choice(words) + rng.choice(seps) for _ in range(rng.randint(1, longest)))


def claim_fields(
    text: str,
    *fields: str,
    kinds: tuple[str, ...] = ("threshold",),
    ordered: bool = False,
    whole_reader: bool = False,
) -> list[tuple]:
    """Return a tuple of ``fields`` of each claim of ``kinds`` read from ``text``: by the
    pattern reader (``read_statements``), or by the whole reader (``read_claims``) where
    ``whole_reader``; in reading order, or sorted where ``ordered``."""
    from clinbench.audiogram.claims import read_claims
    from clinbench.audiogram.statements import read_statements

    claims = (
        read_claims(text) if whole_reader else [c for part in read_statements(text) for c in part]
    )
    out = [tuple(getattr(c, f) for f in fields) for c in claims if c.kind in kinds]
    return sorted(out) if ordered else out


def degree_values(text: str) -> list[str]:
    """Return the grade words the pattern reader reads from ``text``, in reading order."""
    from clinbench.audiogram.statements import read_statements

    return [c.value for part in read_statements(text) for c in part if c.kind == "degree"]
