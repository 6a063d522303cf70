"""Words that are not the writer's claims (unticked options, questions, examiner lines):
reading (text -> what is left to read, text -> claims) and end to end (issue #26 item 5)."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.claims import read_claims
from clinbench.audiogram.discourse import RULES, without_unclaimed

from .conftest import assert_blanked, assert_linear, conductive_right, cpu_cost

# (text, words that must be gone, words that must stay)
BLANKED = [
    ("Ear: [x] Left  [ ] Right  [ ] Both", ["Right", "Both"], ["[x] Left"]),
    ("Kind of loss: [ ] SNHL [x] CHL [ ] MHL", ["SNHL", "MHL"], ["[x] CHL"]),
    ("Flags: [] Pulsatile tinnitus [ ] Vertigo\nR: 40 dB", ["Pulsatile", "Vertigo"], ["R: 40 dB"]),
    ("Is the left loss sensorineural? Yes: bone matches air.", ["sensorineural"], ["bone matches"]),
    ("Why would it not be mixed? The gaps are small.", ["mixed"], ["gaps are small"]),
    # an examiner's line naming one ear leaves that ear's heading: the answer is about it
    ("Examiner: Tell me about the right ear.\nCandidate: Moderate SNHL.",
     ["Tell me", "right ear"], ["Right ear:", "Candidate: Moderate SNHL."]),
    ("E: And the left?\nC: Mild, sloping.", ["And the left"], ["Left ear:", "C: Mild, sloping."]),
    ("Examiner: Compare the right with the left.\nC: Symmetrical.",
     ["Compare", "Right ear:", "Left ear:"], ["C: Symmetrical."]),
    ("My initial impression was a mixed loss, but the gaps close with masking.",
     ["mixed"], ["but the gaps close"]),
    ("At first I thought it was conductive - however bone matches air.",
     ["conductive"], ["however bone matches air"]),
]  # fmt: skip

# A hedge is no question: these stay as written.
KEPT = [
    "Comment: ?otosclerosis on the right.",
    "Right: conductive loss? mixed? query review.",
    "Left ear: normal hearing.",
    "[x] Mixed",
    "Exam result: R 30 dB at 1 kHz.",
    "My first thought was conductive, and bone confirms it.",  # not set aside
    "First, the right ear: conductive, but mild.",
]


@pytest.mark.parametrize(("text", "gone", "kept"), BLANKED)
def test_unclaimed_words_are_blanked(text, gone, kept):
    assert_blanked(text, gone, kept)


@pytest.mark.parametrize("text", KEPT)
def test_hedges_and_ticked_boxes_are_kept(text):
    assert without_unclaimed(text) == text


def test_every_rule_cites_its_source_and_is_used():
    assert set(RULES) == {
        "unticked option",
        "question",
        "question answered",  # tests in test_form_fields_and_answers.py
        "purpose",  # tests in test_purpose_of_a_test.py
        "set aside",
        "examiner line",
        "rejected quotation",
        "rejected report",
        # issue #26 "who is speaking" (tests in test_whose_words.py)
        "hypothesis rejected",
        "ruled out",
        "contrary to fact",
        "struck through",
        "quoted thread",
        "other speaker",
        "block quotation",
        "correction mark",
        "past result",
        "baseline result",  # tests in test_baseline_values.py
        "loudness measure",  # tests in test_loudness_measures.py
        "quoted rule",  # tests in test_quoted_rules.py
        "trial criterion",  # tests in test_trial_criteria.py
        "labelled source",
        "second thought",  # tests in test_second_thoughts.py
        "definition",
        "named mistake",  # tests in test_teaching_posts.py
        "unpicked option",
        "answered alternatives",
        "query answered no",  # tests in test_query_answered_no.py
        "statement judged false",
        "literature",  # tests in test_case_report_discussion.py
        "later test",
        "slide corrected",  # tests in test_slide_corrected_by_notes.py
        # issue #26 scope: not about this audiogram (tests in test_not_about_this_audiogram.py)
        "relative's hearing",
        "tester's own ears",  # tests in test_audiometer_checks.py
        "fitness condition",  # tests in test_fitness_condition.py
        "condition of change",
        "dated earlier test",
        "earlier occasion",
        "earlier time",  # tests in test_earlier_time_named_after.py
        "service title",  # tests in test_service_titles.py
        "general statement",
        "aid target",
        "fitting measure",  # tests in test_fitting_measures.py
        "signed level",  # tests in test_signed_level_is_a_change.py
        "drug dose",
        # issue #26 ears that are not the claim's (tests in test_ears_of_something_else.py)
        "aside of something else",
        "aside on another part",  # tests in test_side_of_another_body_part.py
    }
    for pattern, source in RULES.values():
        assert pattern.pattern and len(source) > 20


# (text, kinds and values read after blanking)
READ = [
    ("Type: [ ] Sensorineural [x] Conductive [ ] Mixed", [("type", "conductive")]),
    ("Is this a mixed loss? No.", []),
    ("Examiner: Is the right side sensorineural?\nCandidate: Conductive on the right.",
     [("type", "conductive")]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), READ)
def test_claims_read_after_blanking(text, expected):
    claims = read_claims(without_unclaimed(text))
    got = [(c.kind, c.value) for c in claims if c.kind == "type"]
    assert got == expected


CONDUCTIVE_RIGHT = conductive_right()


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Side: [x] Right [ ] Left\nLoss: [x] Conductive [ ] Sensorineural [ ] Mixed", []),
        ("Loss: [ ] Conductive [x] Sensorineural", ["type_misclassification"]),
        ("E: Would you call it mixed?\nC: No: bone is normal, so conductive on the right.", []),
        ("Would you call it mixed? No: bone is normal, so conductive on the right.", []),
        ("My first thought was sensorineural, but bone is normal: conductive on the right.", []),
        ("Examiner: The right ear?\nCandidate: Average about 40... I'll say profound.",
         ["severity_misclassification"]),
        ("Examiner: Could it be sensorineural?\nCandidate: Yes, a right sensorineural loss.",
         ["type_misclassification"]),
    ],
)  # fmt: skip
def test_only_the_writers_words_are_judged(reply, errors):
    """Each of these gave a type error from an unticked box, a question or a first thought
    on main d013948 (the first, third, fourth and fifth), or must find the writer's own
    error (the last was missed on main: no ear and no grade read)."""
    assert check_reply(reply, CONDUCTIVE_RIGHT).critical_errors == errors


def test_blanking_is_linear_on_long_replies():
    """A reply of more than 100 KB of boxes, questions and examiner lines is blanked in well
    under a second, and four times the text costs well under eight times the time."""

    def cost(n):
        text = ("[ ] Mixed [x] Conductive\nIs it mixed? No.\nE: Degree?\nC: mild. " * n) + "?"
        text += ". is it" * n + "[ ]" + "[ ] (" * n  # questions and boxes left open
        text += "my first thought was " * n + "at first i thought " * n + ", but"
        text += "\nExaminer: " + "right left " * n
        return len(text), cpu_cost(lambda: without_unclaimed(text))

    size, small = cost(1700)
    big_size, big = cost(6800)
    assert big_size > 400_000 and size > 100_000
    assert_linear(small, big, most=1.0)
