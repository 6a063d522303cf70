"""An average named by its four frequencies ("4FA", "PTA4", "four-frequency average") of an
ear where one of 0.5, 1 and 2 kHz was not tested is a value the audiogram lacks: a
fabricated result, as a worked average of four terms is (claims.FOUR_NAMED, judges.judge_pta;
batch 172 UU50). A bare "PTA" may be any average of the tested frequencies and is not
judged there. Wording of our own."""

from __future__ import annotations

from clinbench.audiogram.check import check_reply

from .conftest import build

LEFT_1K_UNTESTED = build({500: 30, 1000: 35, 2000: 40, 4000: 50},
                         {500: 30, 2000: 45, 4000: 55})  # fmt: skip


def test_a_named_four_frequency_average_of_the_untested_ear_is_fabricated():
    for reply in ("Left 4FA 42.5.", "Left ear: four-frequency average 42.5 dB."):
        assert check_reply(reply, LEFT_1K_UNTESTED).critical_errors == ["fabricated_result"]


def test_counter_cases_stay_unflagged():
    assert check_reply("Right 4FA 38.75.", LEFT_1K_UNTESTED).critical_errors == []
    assert check_reply("Left PTA 42.5.", LEFT_1K_UNTESTED).critical_errors == []
