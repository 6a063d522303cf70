"""Teaching posts and quiz answer keys (issue #26, validation batch 34, used as tuning data):
a mistake the writer names as such ("Common mistake: calling this conductive") is the error
warned against, not a finding; of a multiple-choice question's options only the one its
answer key picks is the writer's answer, of a question offering alternatives ("Conductive,
sensorineural or mixed? Conductive.") only the answer, and a true-or-false statement keyed
false is no claim; and a grade given as the answer ("Answer: B - moderately severe") grades
the hearing the question asks about."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.degree_claims import degree_claims
from clinbench.audiogram.discourse import without_unclaimed

from .conftest import assert_blanked, build, conductive_right, cpu_cost

CONDUCTIVE_RIGHT = conductive_right()  # right PTA 37.5 (moderate) conductive; left normal
SEVERE_BOTH = build(70, right_bone=dict.fromkeys((500, 1000, 2000, 4000), 65))  # PTA 70, severe
FINDING = "Right moderate conductive hearing loss, left normal. "

# (text, words that must be gone, words that must stay)
BLANKED = [
    ("Common mistake: reading the 2 kHz bone dip as a sensorineural part. 20 dB HL is still "
     "normal bone.", ["sensorineural"], ["Common mistake:", "20 dB HL is still normal bone."]),
    ("**Pitfall:** calling a low-frequency loss conductive by reflex. Check the bone.",
     ["conductive"], ["Check the bone."]),
    ("A common mistake is to call this mixed, but the bone is normal.", ["mixed"],
     ["but the bone is normal."]),
    ("It would be a mistake to call the right sensorineural - the gap is 30 dB.",
     ["sensorineural"], ["- the gap is 30 dB."]),
    ("Avoid calling this loss mild; the average is 37.5.", ["mild"], ["the average is 37.5."]),
    ("Common mistakes students make: calling it mixed.", ["mixed"], ["Common mistakes"]),
    ("Students often call this sensorineural. It is conductive.", ["sensorineural"],
     ["It is conductive."]),
    ("It's tempting to call this mixed. The bone is normal.", ["mixed"], ["The bone is normal."]),
    ("Never call a loss like this mixed; check the bone.", ["mixed"], ["check the bone."]),
    # a label alone on its line heads the list items below it, up to the first other line
    ("Common mistakes:\n- calling this mixed\n2. grading it mild. It is moderate.\n\nRight "
     "sensorineural.", ["mixed", "mild"], ["It is moderate.", "Right sensorineural."]),
    # the options an answer key does not pick, on one line or one a line
    ("Q: What degree of loss?\nA. Mild  B. Moderate  C. Profound\nAnswer: B.",
     ["Mild", "Profound"], ["[x]Moderate", "Answer: B."]),
    ("A. normal hearing\nB. mild conductive loss\n(C) mild sensorineural loss\n"
     "Answer: A, normal hearing in both ears.", ["conductive", "sensorineural"],
     ["[x]normal hearing", "Answer: A, normal hearing"]),
    ("a) mild\nb) moderate\nc) severe\nAnswer: b", ["mild", "severe"], ["[x]moderate"]),
    ("**A.** Mild\n**B.** Moderate\n**C.** Profound\n\n**Answer:** B", ["Mild", "Profound"],
     ["Moderate", "**Answer:** B"]),
    # a question offering alternatives that the next words answer with one of them
    ("Conductive, sensorineural or mixed? Conductive.", ["sensorineural", "mixed"],
     ["Conductive."]),
    ("Quiz: mixed or conductive?\n\n.\n.\n.\n\nConductive on the right.", ["mixed"],
     ["Quiz:", "Conductive on the right."]),
    ("Right or left? The right.", ["Right or left"], ["The right."]),
    # a true-or-false statement keyed false
    ("True or false: the right loss is mixed. False - it is conductive.", ["mixed"],
     ["True or false:", "False - it is conductive."]),
    ("True or false? The right loss is mixed.\n\nAnswer: false.", ["mixed"], ["Answer: false."]),
    ("- A) left\n- B) right\n\nCorrect answer: B (right ear, conductive).", ["left"],
     ["[x]right", "Correct answer: B (right"]),
]  # fmt: skip

# Words that only look like a named mistake or an unpicked option: read as they are.
KEPT = [
    "The mistake was mine: the right is sensorineural.",  # a correction, not a warning
    "Error: the right is sensorineural.",  # 'error' alone is no teaching label
    "Students should call this sensorineural.",  # what they should do is the writer's claim
    "True or false: the right loss is mixed. True.",  # keyed true: the writer's claim
    "True or false: the right loss is mixed.",  # no key: not known to be false
    "A. Right ear: mild loss.\nB. Left ear: normal.",  # lettered sections, no answer key
    "A. Right ear: mild loss.\nB. Left ear: normal.\nAnswer: a mild loss on the right.",
    "Answer: B (right ear, conductive).\n- (A) left\n- (B) right",  # options after the key
    "A. Mild\n\nB. Moderate\nAnswer: B.",  # a blank line: no run of options
    "Right: sensorineural or mixed?",  # a hedged impression, not answered
    "Sensorineural or conductive? Look at the bone.",  # not answered by an alternative
]


@pytest.mark.parametrize(("text", "gone", "kept"), BLANKED)
def test_named_mistakes_and_unpicked_options_are_blanked(text, gone, kept):
    assert_blanked(text, gone, kept)


@pytest.mark.parametrize("text", KEPT)
def test_look_alikes_are_kept(text):
    assert without_unclaimed(text) == text


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        (FINDING + "Common mistake: calling this sensorineural because it is flat.", []),
        (FINDING + "Pitfall: reading the right as a mixed loss. The bone is normal.", []),
        (FINDING + "A classic error is calling the right sensorineural.", []),
        ("Which type?\nA. Sensorineural  B. Conductive  C. Mixed\nAnswer: B.\n" + FINDING, []),
        ("A. right conductive loss\nB. left conductive loss\nC. right sensorineural loss\n"
         "Answer: A.", []),
        ("Conductive, sensorineural or mixed? Conductive. " + FINDING, []),
        ("Trainees would say mixed here. " + FINDING, []),
        ("Common mistakes:\n- calling this mixed\n- calling it sensorineural\n\n" + FINDING, []),
        ("It is tempting to call the right sensorineural. " + FINDING, []),
        ("True or false: the right loss is sensorineural. False. " + FINDING, []),
        # near misses: the writer's own words after the mistake, the option picked, and
        # lettered sections with no answer key are claims
        (FINDING + "Common mistake: calling this conductive. The right is sensorineural.",
         ["type_misclassification"]),
        (FINDING + "Common mistake: missing the gap - the right is sensorineural.",
         ["type_misclassification"]),
        ("A. right conductive loss\nB. left conductive loss\nC. right sensorineural loss\n"
         "Answer: C.", ["type_misclassification"]),
        ("A. Right ear: conductive loss.\nB. Left ear: sensorineural loss.",
         ["type_misclassification"]),
        ("Conductive, sensorineural or mixed? Sensorineural, on the right.",
         ["type_misclassification"]),
        ("Right: sensorineural or mixed?", ["type_misclassification"]),
        ("True or false: the right loss is sensorineural. True.", ["type_misclassification"]),
    ],
)  # fmt: skip
def test_only_the_writers_answer_is_judged(reply, errors):
    """The first ten gave a type error on main 6690db5 (batch 34's VL19, VL23, VL29)."""
    assert check_reply(reply, CONDUCTIVE_RIGHT).critical_errors == errors


@pytest.mark.parametrize(
    ("clause", "grades"),
    [
        ("quiz answer: b - moderately severe", ["moderately severe"]),
        ("[x] moderate", ["moderate"]),
        ("answer: moderate.", ["moderate"]),
        ("the answer is (c) profound", ["profound"]),
        # near misses: no grade answered
        ("answer: b.", []),
        ("the answer is severe tinnitus", []),
        ("moderately severe, bilateral.", []),
    ],
)
def test_a_grade_given_as_the_answer_is_read(clause, grades):
    assert [c.value for c in degree_claims(clause, None, False, clause)] == grades


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        ("Quiz answer: B - mild, bilateral.", ["severity_misclassification"]),
        ("Answer: moderate.", ["severity_misclassification"]),
        ("Quiz answer: C - severe, bilateral.", []),
        # the option an answer key picks, given only by its letter, is the writer's grade
        (
            "What degree?\nA. Mild  B. Moderate  C. Profound\nAnswer: B.",
            ["severity_misclassification"],
        ),
        ("What degree?\n(A) mild\n(B) moderate\n(C) severe\nAnswer: C", []),
        ("Degree, right ear: [x] Mild [ ] Severe", ["severity_misclassification"]),
        ("Right ear: [x] Mild [ ] Severe", ["severity_misclassification"]),
        ("The answer is hearing aids; the tinnitus is mild.", []),  # near miss
    ],
)
def test_the_answer_keys_grade_is_judged(reply, errors):
    """Every row with an error found none on main 6690db5: the first two are batch 34's
    VL33; then the option an answer key picks by its letter alone, and ticked grades."""
    assert check_reply(reply, SEVERE_BOTH).critical_errors == errors


def test_named_mistakes_and_options_are_linear():
    """Many named mistakes and rows of options cost linear time."""

    def cost(n):
        text = (
            "Common mistake: calling it mixed. A. Mild  B. Moderate  C. Profound\nAnswer: B.\n"
            "avoid calling it mild. Mild or moderate or severe or profound? Mild. " * n
        )
        return len(text), cpu_cost(lambda: without_unclaimed(text))

    size, small = cost(400)
    big_size, big = cost(1600)
    assert big_size > 200_000 and size > 50_000
    assert big < 5
    assert big < 10 * max(small, 0.01)


def test_questions_offering_alternatives_are_linear():
    """Long runs of "or" with no question mark, sentence after sentence, cost linear time."""

    def cost(n):
        text = ("Right: " + "mild or moderate " * 12 + ". ") * n + "Mild or severe? Mild."
        return len(text), cpu_cost(lambda: without_unclaimed(text))

    size, small = cost(250)
    big_size, big = cost(1000)
    assert big_size > 200_000 and size > 50_000
    assert big < 5
    assert big < 10 * max(small, 0.01)


def test_listed_mistakes_are_linear():
    """Labels heading lists of mistakes, one after another, cost linear time."""

    def cost(n):
        text = ("Common mistakes:\n" + "- calling it mixed and grading it mild\n" * 15) * n
        return len(text), cpu_cost(lambda: without_unclaimed(text))

    size, small = cost(100)
    big_size, big = cost(400)
    assert big_size > 200_000 and size > 50_000
    assert big < 5
    assert big < 10 * max(small, 0.01)
