"""An ear-canal volume after a comparison ("ECV > 2.0 ml?", "canal volume above 2 ml",
"ECV greater than 2.5 ml") is the limit a volume is tested against, not the measured volume
(result_claims._VOLUME_BOUND). Near misses: a volume stated ("ECV 3.4 ml", "canal volume of
0.9 ml") is read and judged."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.result_claims import canal_volume_claims

from .conftest import build

# right: type B with a large volume (perforation); left: type A, 1.1 ml
PERFORATION = build(
    35,
    10,
    tympanometry={
        "right": {"type": "B", "ear_canal_volume_ml": 3.4},
        "left": {"type": "A", "ear_canal_volume_ml": 1.1},
    },
)

LIMITS = [
    "step 2: ECV > 2.0 ml? right yes -> perforation branch",
    "a canal volume above 2 ml on the right means a perforation",
    "right ECV greater than 2.5 ml, so not an effusion",
    "physical volume over 2.0 ml in the right ear",
    "ECV \u2265 2.0 ml on the right",
]


@pytest.mark.parametrize("text", LIMITS)
def test_a_limit_is_not_a_volume(text):
    assert canal_volume_claims(text.lower(), "right", False) == []
    assert check_reply("Right type B. " + text, PERFORATION).critical_errors == []


STATED = [
    ("Right ECV 3.4 ml, type B.", []),
    ("Right: canal volume of 0.9 ml.", ["fabricated_result"]),
    ("Right ECV 3.4 ml (above 2.0 ml), a perforation.", []),
]


@pytest.mark.parametrize(("text", "errors"), STATED)
def test_a_stated_volume_is_read(text, errors):
    assert len(canal_volume_claims(text.lower(), "right", False)) == 1
    assert check_reply(text, PERFORATION).critical_errors == errors
