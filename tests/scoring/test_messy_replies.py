"""Replies read as a person reads them: clinbench's reading against hand labels (issue 29).

``tests/scoring/validation/messy_replies.jsonl`` was labelled by hand before the reading rules
were changed (figures before and after: ``benchmarks/reply_reading.py``). The test holds the
agreement per format and overall, and names every disagreement in its message.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
try:
    import reply_reading
finally:
    sys.path.remove(str(ROOT / "benchmarks"))

# Agreement measured when the rules were written (120 of 122); each floor leaves no room for
# more than the disagreements listed in KNOWN_DISAGREEMENTS.
FLOORS = {"mcq": 40 / 41, "tf": 1.0, "slp_label": 27 / 28, "transcription": 1.0, "exact": 1.0}
# Replies a person reads differently, left as they are on purpose: "Between A and D, I would
# choose D" names two options (a rule that picks the chosen one would also pick from "A or
# D?"), and a label inside a sentence is not read (a sentence may negate it).
KNOWN_DISAGREEMENTS = {"mcq-34", "slp_label-26"}


BATCH_2 = reply_reading.LABELS.with_name("messy_replies_batch2.jsonl")
# Batch 2 was labelled after the rules were written and first read with them unchanged: 28 of
# 31 agreed. Three rules were then added from its misses ("option c" as a lower-case option,
# a label followed by "disorder", "The child says" before a transcript without a colon), so
# its 31 of 31 is no longer a held-out figure.
BATCH_2_DISAGREEMENTS: set[str] = set()


@pytest.fixture(scope="module")
def measured():
    return reply_reading.agreement(reply_reading.load())


def test_the_labelled_set_is_large_and_covers_every_outcome():
    rows = reply_reading.load()
    assert len(rows) >= 80
    assert {r["format"] for r in rows} == set(FLOORS)
    outcomes = {r["expected"]["outcome"] for r in rows}
    assert outcomes == {"ok", "ambiguous", "refused", "declined", "contradictory", "unreadable"}


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_agreement_with_hand_labels_per_format(measured, name):
    table, misses = measured
    agree, n = table[name]
    listed = "\n".join(
        f"{row_id}: {reply!r} labelled {expected} read {outcome} {answer!r}"
        for row_id, reply, expected, outcome, answer in misses
        if row_id.startswith(name + "-")
    )
    assert agree / n >= FLOORS[name] - 1e-9, f"{name}: {agree}/{n} agree\n{listed}"


def test_only_the_known_disagreements_remain(measured):
    table, misses = measured
    assert {m[0] for m in misses} == KNOWN_DISAGREEMENTS, misses
    assert table["all"] == (120, 122)


def test_batch_2_agreement_and_its_named_disagreements():
    table, misses = reply_reading.agreement(reply_reading.load(BATCH_2))
    assert {m[0] for m in misses} == BATCH_2_DISAGREEMENTS, misses
    assert table["all"] == (31, 31)
