"""Both ears' worked averages, each the other ear's to the quarter decibel and off its own
by 2.5 dB or more ("4FA R 28.75, L 17.5" when the right is 17.5 and the left 28.75), were
exchanged: a laterality error, though each lies within the tolerance of some average of its
own ear (adjudication._crossed_averages; batch 172 UU36). Wording of our own."""

from __future__ import annotations

from clinbench.audiogram.check import check_reply

from .conftest import build

LEFT_NOTCH = build({500: 10, 1000: 10, 2000: 15, 3000: 25, 4000: 35, 8000: 15},
                   {500: 10, 1000: 15, 2000: 25, 3000: 50, 4000: 65, 8000: 30})  # fmt: skip


def test_exchanged_averages_are_a_laterality_error():
    reply = "Deeper notch on the left. 4FA R 28.75, L 17.5."
    assert check_reply(reply, LEFT_NOTCH).critical_errors == ["laterality_confusion"]


def test_counter_cases_stay_unflagged():
    assert check_reply("Deeper notch on the left. 4FA R 17.5, L 28.75.",
                       LEFT_NOTCH).critical_errors == []  # fmt: skip
    # rounded averages near both ears are no exchange of worked values
    assert check_reply("4FA R 20, L 25.", LEFT_NOTCH).critical_errors == []
