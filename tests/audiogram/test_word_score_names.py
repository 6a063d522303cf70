"""A word score goes by other names: "speech recognition" in quiet (US reports; not the
speech recognition threshold, a level), and "verbal" or "vocal audiometry", "understanding
of words" or "word understanding" in reports translated from French, Italian, Spanish or
Polish clinics. A percentage after one of them is a word recognition score, so a score on
an audiogram without speech audiometry is read and found invented (issue #26, validation
batch 35 VM08, batch 36 VN13)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.statements import read_statements

from .conftest import cpu_cost


def _scores(text: str) -> list[tuple]:
    return [(c.kind, c.ears, c.value) for cl in read_statements(text) for c in cl]


@pytest.mark.parametrize(
    ("text", "scores"),
    [
        ("Speech recognition in quiet was 96% on the right and 92% on the left.",
         [("wrs", ("right",), 96), ("wrs", ("left",), 92)]),
        ("Verbal audiometry: 100% understanding of words in both ears at 65 dB.",
         [("wrs", ("right", "left"), 100)]),
        ("Vocal audiometry: 90% in the right ear.", [("wrs", ("right",), 90)]),
        ("Word understanding 88% on the left.", [("wrs", ("left",), 88)]),
        # near misses: the speech recognition threshold is a level, not a score; a
        # percentage of something else
        ("Speech recognition threshold 40 dB in the right ear.", [("srt", ("right",), 40)]),
        ("Extra time of 25% in exams for the left-sided loss.", []),
    ],
)  # fmt: skip
def test_word_score_names(text, scores):
    assert [s for s in _scores(text) if s[0] in {"wrs", "srt"}] == scores


def test_word_score_names_linear():
    def cost(n):
        text = "Verbal audiometry: 100% understanding of words right, 90% left. " * n
        return len(text), cpu_cost(lambda: list(read_statements(text)))

    size, small = cost(250)
    big_size, big = cost(1000)
    assert big_size >= 60_000 and size >= 15_000
    assert big < 10 * max(small, 0.01)
