"""A report machine-translated from a European clinic keeps its source's notation and
degree words (issue #26, validation batch 36): decimal commas ("38,75 dB", "0,5-1-2-4 kHz"),
dotted thousands ("4.000 Hz"), "medium grade" (moderate), "medium-severe" (moderately
severe), "high-grade" (severe), "low-grade" and "light" (mild), "gap air-bone" (the air-bone
gap, VN35), an average "on" its
frequencies, and German ear tags before a colon ("re.:", "li.:"). Each is read as the
English word; a list of values, a lower-case "re." without its colon, "light" that is no
grade and "medium" before no grade word stay as they are (VN17, VN22, VN34, VN39)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.notation import translated_terms_mended
from clinbench.audiogram.statements import read_statements

from .conftest import cpu_cost


@pytest.mark.parametrize(
    ("text", "mended"),
    [
        ("Mean loss left ear 38,75 dB.", "Mean loss left ear 38.75 dB."),
        ("mean on 0,5-1-2-4 kHz", "mean on 0.5-1-2-4 kHz"),
        ("notch at 4.000 Hz", "notch at 4000 Hz"),
        ("hypoacusis of medium grade", "hypoacusis of moderate grade"),
        ("mixed hypoacusis of medium-severe grade", "mixed hypoacusis of moderately severe grade"),
        ("High-grade inner ear hearing loss", "severe inner ear hearing loss"),
        ("Left low-grade, 25 dB", "Left mild, 25 dB"),
        ("light perceptive hypoacusis", "mild perceptive hypoacusis"),
        ("medium- to high-grade loss", "moderate to severe loss"),
        ("Gap air-bone not significant", "air-bone gap not significant"),
        ("a gap air bone of 10 dB", "a air bone gap of 10 dB"),
        # near misses: a list of values, light and medium that grade nothing, a gap in
        # English order
        ("thresholds 20,25,30 dB", "thresholds 20,25,30 dB"),
        ("right 45,50 dB", "right 45,50 dB"),
        ("in light of the history", "in light of the history"),
        ("a medium-sized room", "a medium-sized room"),
        ("sum 1.000,5 dB", "sum 1.000,5 dB"),
        ("gap in air-bone readings", "gap in air-bone readings"),
    ],
)  # fmt: skip
def test_translated_terms_mended(text, mended):
    assert translated_terms_mended(text) == mended


def _claims(text: str) -> list[tuple]:
    return [(c.kind, c.ears, c.value) for cl in read_statements(text) for c in cl]


@pytest.mark.parametrize(
    ("text", "claims"),
    [
        ("Left: mean threshold on 0.5-1-2-4 kHz 45 dB.", [("pta", ("left",), 45.0)]),
        ("re.: moderate hearing loss.\nli.: mild hearing loss.",
         [("degree", ("right",), "moderate"), ("degree", ("left",), "mild")]),
        # near misses: "on" before a level, not a frequency list; "re." with no colon
        ("Left: mean threshold on the day 45 dB.", []),
        ("Mild hearing loss, re. your letter.", [("degree", (), "mild")]),
    ],
)  # fmt: skip
def test_translated_report_claims(text, claims):
    assert [c for c in _claims(text) if c[0] in {"pta", "degree"}] == claims


def test_translated_terms_linear():
    def cost(n):
        text = "OD: 38,75 dB, medium-severe grade, light hypoacusis, 4.000 Hz; 20,25,30. " * n
        return len(text), cpu_cost(lambda: translated_terms_mended(text))

    size, small = cost(250)
    big_size, big = cost(1000)
    assert big_size >= 70_000 and size >= 17_000
    assert big < 10 * max(small, 0.01)
