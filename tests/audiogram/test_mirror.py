"""The mirror test (issue #26): right and left swapped in the audiogram and in every reply
(tests/audiogram/mirror.py) must keep each reply's verdict and findings.

On every fourth labelled reply of batches 1-50, the share of verdicts (the critical errors)
and of findings (kind, ear swapped back, verdict) kept must not fall below the share measured
when this test was written (FLOORS, recorded with ``python -m tests.audiogram.test_mirror``).
On all 2,730 replies main eda8395 kept 2,727 verdicts and 2,721 findings lists; the rules for
"right" said of a reading and for AS/AD as tympanogram types raised that to 2,729 and 2,727
(``python -m tests.audiogram.mirror [--findings]``). Slow: in tests/conftest.py SLOW_TESTS.
"""

from __future__ import annotations

import functools

from . import mirror
from .insertions import labelled_replies
from .validation import cases

FLOORS = {"verdicts": (682, 683), "findings": (681, 683)}
"""(replies kept, replies tried) on the sample, for verdicts and for findings."""


@functools.cache
def _sample() -> tuple[list[dict], dict]:
    return labelled_replies(50)[::4], cases()


def below(result: dict, floor: tuple[int, int]) -> bool:
    """Return True when the mirror kept a smaller share than the floor's."""
    kept, tried = floor
    return result["kept"] * tried < kept * result["tried"]


def rates(reader=None) -> dict[str, dict]:
    """Return mirror_invariance() of verdicts and of findings on the sample."""
    rows, known = _sample()
    return {
        "verdicts": mirror.mirror_invariance(rows, known, reader=reader),
        "findings": mirror.mirror_invariance(rows, known, findings=True),
    }


def test_the_mirror_keeps_each_verdict():
    result = rates()
    for what, floor in FLOORS.items():
        assert not below(result[what], floor), (what, result[what]["kept"],
                                                result[what]["broken"][:10])  # fmt: skip


def test_the_mirror_swaps_every_ear_form():
    text = ("Right ear: moderate SNHL. L: WNL. RE 40, LE 10. AD/AS. Rt & Lt. R>L. "
            "right_ear: 1. Tymp type AS. Mrs L. agreed. Your PTA is right.")  # fmt: skip
    assert mirror.mirror_text(text) == (
        "Left ear: moderate SNHL. R: WNL. LE 40, RE 10. AS/AD. Lt & Rt. L>R. "
        "left_ear: 1. Tymp type AS. Mrs L. agreed. Your PTA is right."
    )
    assert mirror.mirror_text(mirror.mirror_text(text)) == text
    rows, known = _sample()
    case = known[rows[0]["case"]]
    twin = mirror.mirror_case(case)
    assert twin.right == case.left and twin.left == case.right
    assert mirror.mirror_case(twin) == case


def test_a_reader_that_prefers_the_right_ear_fails_the_mirror():
    """The test can fail: a reader that gives every "left" claim of a reply to the right ear
    (a default that prefers one ear) keeps no verdict of a reply whose ears differ."""
    from .perturb import verdict

    def right_first(text, case):
        return verdict(text.replace("left", "right").replace("Left", "Right"), case)

    assert below(rates(right_first)["verdicts"], FLOORS["verdicts"])


if __name__ == "__main__":  # print the floors of today's reader, to record them
    for what, result in rates().items():
        print(f'    "{what}": ({result["kept"]}, {result["tried"]}),')
