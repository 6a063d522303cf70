"""A grade word before "impairments" in the plural grades a list of conditions, not the
hearing: "The claimant has the following severe impairments: degenerative disc disease ...;
bilateral sensorineural hearing loss" is the US Social Security step-two finding (20 CFR
404.1520(c): an impairment that is more than slight), not a severe loss (issue #26,
validation batch 69, tribunal and court decisions, as tuning data: WV36). A grade of the
hearing impairment ("a severe hearing impairment", "severe impairment of hearing") is read.
The wording here is new, not the batch's."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply

from .conftest import build

MILD = build(25)  # both ears flat 25 dB HL: mild


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Step two: the severe impairments found are diabetes, a knee replacement and a "
         "mild bilateral hearing loss.", []),
        ("He has two moderate impairments, namely COPD and mild hearing loss in both ears.",
         []),
        ("Medically determinable severe impairments: obesity; mild sensorineural hearing loss, "
         "bilateral.", []),
        # near misses: the hearing's own grade
        ("He has a severe hearing impairment in both ears.", ["severity_misclassification"]),
        ("There is severe impairment of hearing bilaterally.", ["severity_misclassification"]),
    ],
)  # fmt: skip
def test_grade_of_listed_impairments_is_not_the_hearings(reply, errors):
    assert check_reply(reply, MILD).critical_errors == errors
