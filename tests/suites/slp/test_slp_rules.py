"""Strict label extraction and the transcript-match baseline's documented rules."""

from __future__ import annotations

import pytest

from clinbench.suites.slp.baseline import (
    disorder_type_label,
    symptom_label,
    transcript_match_reply,
    transcript_matches,
)
from clinbench.suites.slp.prompts import SCENARIOS, scenario_prompt, transcript_from_prompt
from clinbench.suites.slp.tasks import extract_label_letter

LETTERS = ["A", "B", "C", "D", "E"]


@pytest.mark.parametrize(
    ("reply", "expected"),
    [("B", ("ok", "B")), (" B.\n", ("ok", "B")), ("(C)", ("ok", "C")),
     ("b", ("parse_failed", None)), ("B because of the lisp", ("parse_failed", None)),
     ("Z", ("parse_failed", None)), ("A or B", ("parse_failed", None)),
     ("ANSWER: C", ("ok", "C")), ("ANSWER: C, the sounds are added", ("parse_failed", None)),
     ("", ("parse_failed", None)), ("DECLINE", ("declined", None))],
)  # fmt: skip
def test_single_letter_is_required(reply, expected):
    assert extract_label_letter(reply, LETTERS, cot=False) == expected


def test_cot_takes_only_a_final_answer_line():
    assert extract_label_letter("Sounds are swapped.\nANSWER: A", LETTERS, cot=True) == ("ok", "A")
    assert extract_label_letter("Answer: c", LETTERS, cot=True)[0] == "parse_failed"
    assert extract_label_letter("I think it is A.", LETTERS, cot=True)[0] == "parse_failed"
    assert extract_label_letter("ANSWER: A\nbut maybe B", LETTERS, cot=True)[0] == "parse_failed"


def test_match_rules():
    assert transcript_matches("Red ball, uh", "red ball")
    assert not transcript_matches("wed ball", "red ball")
    assert disorder_type_label("wed ball", "red ball") == "articulation"
    assert disorder_type_label("my tat tan do", "my cat can go") == "phonological"
    assert symptom_label("wed ball", "red ball") == "substitution"
    assert symptom_label("look the car", "look at the car") == "omission"
    assert symptom_label("blue and boat", "blue boat") == "addition"
    assert symptom_label("b- b- bird in the tree", "bird in the tree") == "stuttering"
    assert symptom_label("bird bird in the tree", "bird in the tree") == "stuttering"
    assert symptom_label("red ball", "red ball") == "typically_developing"


def test_baseline_reads_the_transcript_block_of_the_prompt():
    from clinbench.suites.slp.corpora import make_item

    item = make_item(item_id="x", audio="none.wav", prompt_words="red ball", disorder="td")
    for scenario, heard, reply in [
        ("slp_disorder", "red ball", "A"), ("slp_disorder", "wed ball", "B"),
        ("slp_disorder_type", "wed ball", "B"), ("slp_symptom", "ball", "B"),
        ("slp_transcription", "wed ball", "wed ball"),
    ]:  # fmt: skip
        tagged = item.model_copy(update={"metadata": {**item.metadata, "slp_scenario": scenario}})
        prompt = scenario_prompt(SCENARIOS[scenario], "red ball", pipeline="asr", transcript=heard)
        assert transcript_from_prompt(prompt) == heard
        assert transcript_match_reply(tagged, prompt) == reply


def test_published_prompt_meaning():
    prompt = scenario_prompt(SCENARIOS["slp_symptom"], "red ball")
    for letter in LETTERS:
        assert f"\n{letter} - " in prompt
    assert "single letter" in prompt and "red ball" in prompt
    cot = scenario_prompt(SCENARIOS["slp_symptom"], "red ball", cot=True)
    assert "ANSWER: <letter>" in cot and "single letter" not in cot


def test_baseline_runs_the_asr_itself_in_the_audio_pipeline():
    from clinbench.suites.slp.tasks import SAMPLE_MANIFEST, load_slp_items

    item = next(i for i in load_slp_items(str(SAMPLE_MANIFEST)) if i.id == "slp-r03")
    prompt = scenario_prompt(SCENARIOS["slp_disorder"], item.prompt_words, pipeline="audio")
    assert transcript_from_prompt(prompt) is None
    tagged = item.model_copy(update={"metadata": {**item.metadata, "slp_scenario": "slp_disorder"}})
    tagged._source_file = item._source_file
    assert transcript_match_reply(tagged, prompt) == "A"  # real speech: "ten of clubs"
    tagged.metadata["slp_scenario"] = "slp_transcription"
    assert transcript_match_reply(tagged, prompt) == "ten of clubs"
