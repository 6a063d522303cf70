"""An ear named by its letter before "ear" after a comparative ("worse in the R ear") is
named as the worse one, as "worse in the right ear" is (lexicon.WORSE; batch 171 UT14).
Wording of our own."""

from __future__ import annotations

from clinbench.audiogram.check import check_reply

from .conftest import build

LEFT_WORSE = build(15, 45)


def test_the_letter_names_the_worse_ear():
    assert check_reply("Worse in the R ear.", LEFT_WORSE).critical_errors == [
        "laterality_confusion"
    ]
    assert check_reply("Worse in the L ear.", LEFT_WORSE).critical_errors == []


def test_a_bare_letter_after_the_is_not_read_so():
    assert check_reply("Worse in the R at night.", LEFT_WORSE).critical_errors == []
