"""Every extraction rule, on realistic replies."""

from __future__ import annotations

import pytest

from clinbench.items.model import ExactItem, FIBItem, MCQItem, SAItem, TFItem
from clinbench.scoring.exact import is_correct, score_extraction
from clinbench.scoring.extract import extract_answer

MCQ = MCQItem(
    id="m", stem="Which frequency?", options={"A": "500", "B": "1000", "C": "4000", "D": "8000"},
    answer="C",
)  # fmt: skip
TF = TFItem(id="t", stem="A type A tympanogram is normal.", answer=True)
FIB = FIBItem(id="f", stem="Notch near ____ Hz.", answer="4000", accept=["4 kHz"])
SA = SAItem(id="s", stem="Which test?", answer="tympanometry", accept=["a tympanogram"])
EXACT = ExactItem(
    id="e",
    stem="Refer? How many days?",
    fields=[
        {"name": "refer", "kind": "choice", "options": ["yes", "no"]},
        {"name": "days", "kind": "text"},
    ],
    answer={"refer": "yes", "days": "7"},
)


@pytest.mark.parametrize(
    "reply, status, answer",
    [
        ("ANSWER: C", "ok", "C"),
        ("The notch sits at 4 kHz, so the answer is C.", "ok", "C"),
        ("**Answer:** (c)", "ok", "C"),
        ("C) 4000 Hz", "ok", "C"),
        ("A noise notch is classically at 4000 Hz: option C.", "ok", "C"),
        ("I would pick C.", "ok", "C"),
        ("Either B or C could be argued.", "ambiguous", "B"),
        ("A or B.", "ambiguous", "A"),
        ("Answer: B. On reflection, the answer is C.", "ambiguous", "B"),
        ("E", "none", None),  # not a valid option
        ("", "none", None),
        ("I'm sorry, I can't provide medical advice.", "refused", None),  # issue 29: a refusal
        ("DECLINE", "declined", None),
        ("decline.", "declined", None),
    ],
)
def test_mcq_rules(reply, status, answer):
    extraction = extract_answer(MCQ, reply)
    assert extraction.status == status, extraction
    assert extraction.answer == answer


@pytest.mark.parametrize(
    "reply, status, answer",
    [
        ("ANSWER: true", "ok", "true"),
        ("True. A type A trace means normal pressure and compliance.", "ok", "true"),
        ("FALSE", "ok", "false"),
        ("This is true in adults but false in infants.", "ambiguous", "true"),
        ("Answer: false (although some texts say true)", "ok", "false"),
        ("It depends on the ear canal volume.", "none", None),
        ("I cannot say whether this is true.", "ambiguous", "true"),  # hedge, not an answer
        ("I can't tell if that is true or false.", "ambiguous", "true"),
        ("It is true if the ear-canal volume is normal.", "ok", "true"),
        ("Not true: a type A trace is normal.", "ambiguous", "true"),  # never read as "false"
        ("That statement isn't true for infants.", "ambiguous", "true"),
        ("Answer: false. It is not true in infants.", "ok", "false"),  # the mark wins
        ("False; it is not a normal finding.", "ok", "false"),  # "not" before another word
    ],
)
def test_tf_rules(reply, status, answer):
    extraction = extract_answer(TF, reply)
    assert (extraction.status, extraction.answer) == (status, answer)


@pytest.mark.parametrize(
    "reply, status, answer",
    [
        ("The notch is usually at [[4000]] Hz.", "ok", "4000"),
        ("[[4 kHz]]", "ok", "4 kHz"),
        ("Answer: 4000", "ok", "4000"),
        ("Either [[3000]] or [[4000]].", "ambiguous", "3000"),
        ("It is around 4000 Hz.", "none", None),
        # the real local model (SmolLM2) wrote the decline word into the blank: a decline
        ("The lower edge of hearing loss is DECLINE.", "declined", None),
        (
            "The audiogram symbol for unmasked right-ear air conduction is a **decLINE**.",
            "declined",
            None,
        ),
        ("A decline in hearing near 4000 Hz.", "none", None),  # a word in prose
        ("DECLINED-looking text is not the word.", "none", None),
        ("The notch is at [[4000]] Hz, or I would DECLINE.", "ok", "4000"),  # marked: read
    ],
)
def test_fib_rules(reply, status, answer):
    extraction = extract_answer(FIB, reply)
    assert (extraction.status, extraction.answer) == (status, answer)


def test_fib_accepts_declared_alternatives_only():
    assert is_correct(FIB, "4 KHZ")  # case and whitespace are the item's declared rules
    assert not is_correct(FIB, "4 kilohertz")


def test_sa_is_whole_reply_and_normalised_match():
    extraction = extract_answer(SA, "  Tympanometry. ")
    assert extraction.status == "ok"
    assert is_correct(SA, extraction.answer)
    assert not is_correct(SA, "otoacoustic emissions")


@pytest.mark.parametrize(
    "reply, status, answer",
    [
        ('{"refer": "yes", "days": "7", "decline": false}', "ok", {"refer": "yes", "days": "7"}),
        (
            'Based on the guideline:\n```json\n{"refer": "yes", "days": 7, "decline": false}\n```',
            "ok",
            {"refer": "yes", "days": "7"},
        ),
        (
            'Sure! {"refer": "no", "days": "14", "decline": false} Let me know.',
            "ok",
            {"refer": "no", "days": "14"},
        ),
        ('{"refer": "", "days": "", "decline": true}', "declined", None),
        ('{"refer": "maybe", "days": "7", "decline": false}', "none", None),  # outside option set
        ('{"refer": "yes", "decline": false}', "none", None),  # missing field
        ('{"refer": "yes", "days": "7", "decline": fals', "none", None),  # malformed
        ('{"refer": "yes", "days": "7", "decline": false} or {"refer": "no", "days": "7", '
         '"decline": false}', "ambiguous", {"refer": "yes", "days": "7", "decline": False}),
        ("I cannot give billing advice.", "refused", None),
    ],
)  # fmt: skip
def test_exact_rules(reply, status, answer):
    extraction = extract_answer(EXACT, reply)
    assert extraction.status == status, extraction
    assert extraction.answer == answer


@pytest.mark.parametrize(
    "reply, outcome",
    [
        ('{"refer": "yes", "days": "7", "decline": false}', "correct"),
        ('{"refer": "yes", "days": "10", "decline": false}', "incorrect"),
        ('{"refer": "", "days": "", "decline": true}', "declined"),
        ("not json", "parse_failed"),
    ],
)
def test_exact_outcomes(reply, outcome):
    got, value = score_extraction(EXACT, extract_answer(EXACT, reply))
    assert got == outcome
    if outcome == "parse_failed":
        assert value != value  # NaN: excluded, never a default score
    else:
        assert value == (1.0 if outcome == "correct" else 0.0)


def test_exact_match_is_not_loosened_beyond_declared_normalisation():
    assert not is_correct(EXACT, {"refer": "Yes", "days": "7"})  # case not declared for refer
    assert is_correct(EXACT, {"refer": "yes", "days": " 7 "})  # whitespace is the default rule


def test_choice_field_accepts_a_reply_only_under_its_declared_normalisation():
    item = ExactItem(
        id="e2",
        stem="Refer?",
        fields=[{"name": "refer", "kind": "choice", "options": ["yes", "no"],
                 "normalise": ["case", "whitespace"]}],
        answer={"refer": "yes"},
    )  # fmt: skip
    reply = '{"refer": " Yes ", "decline": false}'
    extraction = extract_answer(item, reply)
    assert (extraction.status, extraction.answer) == ("ok", {"refer": "yes"})  # the option itself
    assert score_extraction(item, extraction)[0] == "correct"
    # the default rule (whitespace only) does not bridge case: outside the option set
    assert extract_answer(EXACT, '{"refer": "Yes", "days": "7", "decline": false}').status == "none"
    padded = extract_answer(EXACT, '{"refer": " yes", "days": "7", "decline": false}')
    assert padded.answer == {"refer": "yes", "days": "7"}


# -- issue 29: replies read as a person reads them (each rule fails on the main before it) --


@pytest.mark.parametrize(
    "reply, status, answer",
    [
        ("Answer: C or D", "ambiguous", "C"),  # was read as C: a hedge scored as correct
        ("ANSWER: B/C", "ambiguous", "B"),
        ("Answer: (A) or (D)", "ambiguous", "A"),
        ("Answer: C, because D is too high", "ok", "C"),  # a comma offers nothing
        ("Answer: B or a combination of treatments", "ok", "B"),  # prose "a" after "or"
        ("either B or C", "ambiguous", "B"),
    ],
)
def test_several_options_offered_are_ambiguous(reply, status, answer):
    found = extract_answer(MCQ, reply)
    assert (found.status, found.answer) == (status, answer), found


@pytest.mark.parametrize(
    "reply, status, answer",
    [
        ("b)", "ok", "B"), ("(b)", "ok", "B"), ("b.", "ok", "B"), ("c", "ok", "C"),
        ("a", "ok", "A"), ("**d**", "ok", "D"), (" c.\n", "ok", "C"),
        ("I think it's b) the 1000 Hz one", "ok", "B"), ("Option (d)", "ok", "D"),
        ("My answer would be option c.", "ok", "C"), ("option c or option d", "ambiguous", "C"),
        ("b.\nThe notch is at 1 kHz.", "ok", "B"),  # a lettered line
        ("maybe b) or c)", "ambiguous", "B"),
        ("A) 500 Hz", "ok", "A"),  # "A)" is written as an option, not the article
        ("a notch at 4 kHz points to noise", "none", None),  # the article, not option A
        ("The answer is a high-frequency notch.", "none", None),
        ("e", "none", None),  # not an option of this item
    ],
)  # fmt: skip
def test_lower_case_option_letters_are_read_only_when_written_as_options(reply, status, answer):
    found = extract_answer(MCQ, reply)
    assert (found.status, found.answer) == (status, answer), found


@pytest.mark.parametrize(
    "item, reply",
    [
        (MCQ, "I'm sorry, I can't help with that."),
        (MCQ, "I cannot provide medical advice. Please see an audiologist."),
        (TF, "Sorry, I’m unable to answer medical questions."),
        (FIB, "I won't give a diagnosis."),
        (EXACT, "As an AI, I am not able to provide billing advice."),
    ],
)
def test_a_refusal_is_refused_counted_as_not_correct(item, reply):
    found = extract_answer(item, reply)
    assert found.status == "refused", found
    assert score_extraction(item, found) == ("refused", 0.0)


def test_a_disclaimer_then_an_answer_is_the_answer():
    reply = "I cannot diagnose patients. However, the most likely answer is C."
    assert extract_answer(MCQ, reply).answer == "C"


@pytest.mark.parametrize(
    "reply, status",
    [
        ('{"refer": "yes", "days": "7", "decline": true}', "contradictory"),
        ('{"refer": "", "days": "7", "decline": "true"}', "contradictory"),
        ('{"refer": "", "days": "", "decline": true}', "declined"),
        ('{"refer": null, "decline": true}', "declined"),
        ('{"decline": true}', "declined"),
    ],
)
def test_decline_with_an_answer_is_contradictory_and_excluded(reply, status):
    found = extract_answer(EXACT, reply)
    assert found.status == status, found
    outcome, value = score_extraction(EXACT, found)
    if status == "contradictory":
        assert outcome == "contradictory" and value != value  # NaN: excluded, disclosed
        assert "refer" in found.reason or "days" in found.reason
    else:
        assert (outcome, value) == ("declined", 0.0)


def test_new_outcomes_sit_in_the_one_set_of_tuples():
    from clinbench.scoring import outcomes

    assert outcomes.REFUSED in outcomes.ANSWERED and outcomes.REFUSED in outcomes.OUTCOMES
    assert outcomes.CONTRADICTORY in outcomes.EXCLUDED
    assert outcomes.CONTRADICTORY in outcomes.UNREADABLE
    assert outcomes.outcome_score(outcomes.REFUSED) == 0.0
    assert outcomes.outcome_score(outcomes.CONTRADICTORY) is None
