"""ears_in skips the ear patterns a clause cannot match (cheap necessary tests): the same ears."""

from __future__ import annotations

import re

from clinbench.audiogram.lexicon import BOTH, LEFT, RIGHT, ears_in

from .test_token_start import corpus

EDGES = [
    "AU", "R and L", "AD/AS", "Rt & Lt", "LE + RE", "bilaterally", "BOTH EARS", "Each ear",
    "either ear", "binaural", "right and left", "Left And Right", "in both", "both a middle-ear "
    "and an inner-ear part", "R: 40", "L ear", "rıght ear", "lEFT", "RİGHT", "the R", "AS",
    "AD", "", "nothing here", "Rt", "LT:", "R low-freq CHL", "İn both ears",
]  # fmt: skip


def ears_before(text: str) -> set[str]:
    """The ears as read before the guards: every pattern tried (the reference)."""
    ears = set()
    stripped = text
    if BOTH.search(text):
        ears.add("both")
        stripped = BOTH.sub(" ", text)
    if RIGHT.search(stripped):
        ears.add("right")
    if LEFT.search(stripped):
        ears.add("left")
    return ears


def test_ears_in_names_the_ears_every_pattern_would():
    texts = list(EDGES)
    for reply in corpus():
        texts += [reply, *re.split(r"[,.;:\n]", reply)]  # whole replies and clause-like pieces
    named = 0
    for text in texts:
        assert ears_in(text) == ears_before(text), text
        named += bool(ears_before(text))
    assert 0 < named < len(texts)
