"""What was measured once a treatment was done is another, later test than the audiogram
read ("After a grommet was inserted privately his right ear measured 10 to 15 dB": issue #26,
validation batch 69, tribunal decisions, as tuning data: WV06). The treatment's verb is past
("was inserted", "were placed", "had been performed"), so the clause is no plan; a treatment
still to come ("after grommets are inserted we will retest") and a result with no treatment
named are read. The wording here is new, not the batch's."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import conductive_right

# right conductive loss (air 30-45 dB HL, bone 5-10), left normal at 10 dB HL
CASE = conductive_right()


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Right conductive loss, left normal. Following the operation was performed in "
         "June, the right ear measured 10 dB HL throughout.", []),
        ("Right conductive loss over normal bone; left ear normal. Once the appeal was lodged "
         "nothing changed. After ventilation tubes were placed, she had 5 to 10 dB on the "
         "right.", []),
        ("Conductive loss in the right ear, the left normal. Since the stapedotomy had been "
         "performed, the right ear has measured 15 dB HL at 1 kHz.", []),
        # near misses: no treatment named, and a result read now on the wrong ear
        ("Conductive loss in the right ear, the left normal. The right ear measured 10 dB HL "
         "throughout.", ["fabricated_result"]),
        ("After grommets were inserted the right ear recovered. Today the left ear shows a "
         "conductive loss.", ["laterality_confusion"]),
    ],
)  # fmt: skip
def test_results_after_a_treatment_are_a_later_test(reply, errors):
    assert check_reply(reply, CASE).critical_errors == errors
