"""Label reading (as a person reads a label reply) and the transcript-match baseline's rules."""

from __future__ import annotations

import pytest

from clinbench.suites.slp.baseline import (
    disorder_type_label,
    symptom_label,
    transcript_match_reply,
    transcript_matches,
)
from clinbench.suites.slp.replies import read_label_reply
from clinbench.suites.slp.scenarios import SCENARIOS, scenario_prompt, transcript_from_prompt

SYMPTOM = SCENARIOS["slp_symptom"]
LETTERS = list(SYMPTOM.options)


def _read(reply: str, cot: bool = False) -> tuple[str, str | None]:
    found = read_label_reply(reply, SYMPTOM, cot=cot)
    return found.status, found.answer if found.status == "ok" else None


# Issue 25/28: a reply a person reads as one label is that label. Until then "b", "B because
# of the lisp" and "ANSWER: C, the sounds are added" were parse failures (now read as the
# letter by clinbench's multiple-choice rule), and "A or B" too (now ambiguous).
@pytest.mark.parametrize(
    ("reply", "expected"),
    [("B", ("ok", "omission")), (" B.\n", ("ok", "omission")), ("(C)", ("ok", "addition")),
     ("b", ("ok", "omission")), ("B because of the lisp", ("ok", "omission")),
     ("Z", ("none", None)), ("A or B", ("ambiguous", None)),
     ("ANSWER: C", ("ok", "addition")), ("ANSWER: C, the sounds are added", ("ok", "addition")),
     ("", ("none", None)), ("DECLINE", ("declined", None)),
     ("B - omission", ("ok", "omission")), ("A - omission", ("ambiguous", None)),
     ("Omission (B)", ("ok", "omission")), ("omission", ("ok", "omission")),
     ("typically_developing", ("ok", "typically_developing")),
     ("Typically-developing.", ("ok", "typically_developing")),
     ("E - stuttering (sounds or syllables repeated or prolonged, or trouble starting)",
      ("ok", "stuttering")),
     ("I'm sorry, I can't assess audio recordings.", ("refused", None)),
     ("Omission disorder", ("ok", "omission")), ("speech disorder disorder", ("none", None))],
)  # fmt: skip
def test_a_label_reply_is_read_as_a_person_reads_it(reply, expected):
    assert _read(reply) == expected


def test_letter_and_label_that_disagree_name_both_candidates():
    found = read_label_reply("A - omission", SYMPTOM)
    assert found.status == "ambiguous" and found.candidates == ["substitution", "omission"]
    assert "disagree" in found.reason


def test_cot_takes_only_a_final_answer_line():
    assert _read("Sounds are swapped.\nANSWER: A", cot=True) == ("ok", "substitution")
    assert _read("Answer: c", cot=True) == ("ok", "addition")  # a lower-case letter alone
    assert _read("Sounds are left out.\nANSWER: B - omission", cot=True) == ("ok", "omission")
    assert _read("I think it is A.", cot=True)[0] == "none"
    assert _read("ANSWER: A\nbut maybe B", cot=True)[0] == "none"


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


@pytest.mark.parametrize(
    ("reply", "status", "transcript"),
    [
        ("wed ball", "ok", "wed ball"),
        ('"wed ball"', "ok", "wed ball"),
        ("\u201cwed ball\u201d", "ok", "wed ball"),
        ("Sure! Here is the transcription:\n\nwed ball\n\nLet me know!", "ok", "wed ball"),
        ("Sure! Here is the transcription: wed ball", "ok", "wed ball"),
        ("Transcription: wed ball", "ok", "wed ball"),
        ("Certainly! The child said:\nwed ball", "ok", "wed ball"),
        ("Here you go:\n**wed ball**", "ok", "wed ball"),
        ('The child says "wed ball", swapping /r/ for /w/.', "ok", "wed ball"),
        ("wed ball\nThe child replaced /r/ with /w/.", "ok", "wed ball"),
        ("The child said wed ball", "ok", "wed ball"),
        ("wed ball wed ball wed ball wed ball wed", "ok", "wed ball"),  # a loop, cut short
        ("red ball red ball", "ok", "red ball red ball"),  # twice: kept as said
        ("no no no no", "ok", "no no no no"),  # one word repeated: speech, kept
        ("b b b ball", "ok", "b b b ball"),
        ("I'm sorry, I can't transcribe audio.", "refused", None),
        ("DECLINE", "declined", None),
        ("   ", "none", None),
        ("Here is the transcription:", "none", None),
    ],
)
def test_transcript_is_taken_by_the_stated_rule(reply, status, transcript):
    from clinbench.suites.slp.replies import read_transcription_reply

    found = read_transcription_reply(reply)
    assert found.status == status, found
    if status == "ok":
        assert found.answer == transcript


# SmolLM2-135M on slp_transcript_diagnosis (asr pipeline, slp-s07; realuse3): it asks for the
# transcript it was given. Its first line was read as the child's words and scored.
SMOLLM2_ASKS_FOR_THE_INPUT = (
    "I'm sorry for the confusion, but as a speech-language pathologist, I specialize in "
    "diagnosing and treating disorders of communication. My role is to assist you by providing "
    "information about your child's condition or their treatment plan.\n\nPlease go ahead and "
    "provide the transcript that was recorded with the child's voice. I'll transcribe it for "
    "you without any additional text."
)


@pytest.mark.parametrize(
    ("reply", "status"),
    [
        (SMOLLM2_ASKS_FOR_THE_INPUT, "none"),
        ("Could you share the audio clip? Then I can transcribe it.", "none"),
        ("Please upload the recording first.", "none"),
        ("I need you to send me the audio file.", "none"),
        ("give me the ball", "ok"),  # a child's words with 'give me the'
        ("the boy can share the cake", "ok"),
    ],
)
def test_a_reply_that_asks_for_the_recording_holds_no_transcript(reply, status):
    from clinbench.suites.slp.replies import read_transcription_reply

    found = read_transcription_reply(reply)
    assert found.status == status, found


def test_a_long_loop_is_cut_in_linear_time():
    from clinbench.suites.slp.replies import read_transcription_reply

    found = read_transcription_reply("the boy is jumping " * 20_000)
    assert found.answer == "the boy is jumping" and "loop" in found.reason


# SmolLM2-135M on slp_transcript_diagnosis (asr pipeline; realuse3's run, read back from its
# log). Each reply but the first talks about the task; the old reader took a quoted word from
# the prose ("thinking", "ball", "green frog") or its first sentence as the child's words,
# and any words other than the target read as a disorder: scored correct on disordered clips.
SMOLLM2_RAMBLES = {
    "slp-s04": (
        "The child's voice was clearly audible, and the transcript is a transcription of their "
        "own words. I will transcribe what they say in the context of their language, without "
        "any other text or audio content.\n\nI'll just copy the transcript:\n```\nthe thleeping"
        "\nthinking\nthinking\ntalking\nto you\nyourself\nThe child was able to produce the "
        'words "thinking" an'
    ),
    "slp-s02": (
        "The child's voice is clearly \"ball\" in the transcript. I'll transcribe it for you, "
        "and we can discuss how to interpret the audio further.\n\nHere's the transcription:\n\n"
        'Original transcript: "Ball"\nChild\'s voice: "BALL"\nTranscription: "BALL"'
    ),
    "slp-s05": (
        'The child\'s voice was indeed "green frog" - a simple and grammatically correct '
        "phrase. I'll transcribe the transcript, but I need to know what it is:\n\nOriginal "
        "transcript:\nGreen Frog"
    ),
    "slp-s06": (
        'The child\'s voice was indeed "bi gree fro" - a phonetic transcription of the '
        "child's native language. I will transcribe this transcript to assess their "
        "pronunciation and intonation."
    ),
}


@pytest.mark.parametrize("item_id", sorted(SMOLLM2_RAMBLES))
def test_prose_about_the_task_is_no_transcript(item_id):
    from clinbench.suites.slp.replies import read_transcription_reply

    found = read_transcription_reply(SMOLLM2_RAMBLES[item_id])
    assert found.status == "none", found
    assert found.answer is None


@pytest.mark.parametrize(
    ("reply", "expected", "status", "transcript"),
    [
        # a transcript, after a lead-in, with commentary after it: read
        ('The child\'s response is: "re ball"\n\nTranscribe the transcript to identify the '
         "words.", "red ball", "ok", "re ball"),
        ('The child\'s transcript is: "ca"\n\nThe transcription only contains the words '
         'they heard, which are "ca".', "car", "ok", "ca"),
        ("Child's attempt: wed ball", "red ball", "ok", "wed ball"),
        ('Sure!\nThe child said "wed ball"', "red ball", "ok", "wed ball"),
        ('Here is the transcription:\nThe child says "wed ball".', None, "ok", "wed ball"),
        # commentary, a question or a description of the task: no transcript
        ("Could you repeat the sentence for me?", None, "none", None),
        ("What would you like me to write?", None, "none", None),
        ("This task asks for a transcription of the child's speech.", None, "none", None),
        ("As an AI language model, I cannot hear the recording.", None, "refused", None),
        # the words a child was asked to say are never taken for talk about the task
        ("the boy said hello", "the boy said hello", "ok", "the boy said hello"),
        ("can you see it?", "can you see it", "ok", "can you see it?"),
    ],
)  # fmt: skip
def test_a_transcript_is_the_childs_words_not_talk_about_them(reply, expected, status, transcript):
    from clinbench.suites.slp.replies import read_transcription_reply

    found = read_transcription_reply(reply, expected)
    assert found.status == status, found
    assert found.answer == transcript


def test_a_rambling_reply_is_unparsed_not_a_disorder_diagnosis(tmp_path):
    import csv

    from inspect_ai import eval as inspect_eval

    from clinbench.results.export import results_table
    from clinbench.suites.slp.tasks import SAMPLE_MANIFEST, slp_transcript_diagnosis

    responses = tmp_path / "replies.csv"
    with responses.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["item_id", "model", "response"])
        writer.writerows([i, "smollm2", SMOLLM2_RAMBLES[i]] for i in ("slp-s04", "slp-s06"))
    task = slp_transcript_diagnosis(manifest=str(SAMPLE_MANIFEST), pipeline="asr")
    (log,) = inspect_eval(
        task, model="clinbench/replay/smollm2", model_args={"responses": str(responses)},
        sample_id=["slp-s04", "slp-s06"], log_dir=str(tmp_path / "logs"), display="none",
    )  # fmt: skip
    assert log.status == "success", log.error
    table = results_table(tmp_path / "logs").set_index("item_id")
    assert set(table["outcome"]) == {"parse_failed"}, table["outcome"].to_dict()


@pytest.mark.parametrize(
    ("reply", "transcript"),
    [
        # words a child may say are a transcript, whatever the target (review of round 7)
        ("more juice please", "more juice please"),
        ("sorry mummy", "sorry mummy"),
        ("hair clip", "hair clip"),
        ("ai want ball", "ai want ball"),
        # an answer or hearing lead-in before a colon is not the child's words
        ("Answer: wed ball", "wed ball"),
        ("I heard: wed ball", "wed ball"),
    ],
)
def test_childs_words_and_lead_ins(reply, transcript):
    from clinbench.suites.slp.replies import read_transcription_reply

    found = read_transcription_reply(reply, "red ball")
    assert (found.status, found.answer) == ("ok", transcript), found


def test_unclosed_curly_quotes_read_in_linear_time():
    from clinbench.suites.slp.replies import read_transcription_reply
    from tests.audiogram.conftest import assert_linear, cpu_cost

    text = "the boy “" * 5_000
    small = cpu_cost(lambda: read_transcription_reply(text))
    big = cpu_cost(lambda: read_transcription_reply(text * 4))
    assert_linear(small, big)


def test_a_reply_with_no_transcript_is_parse_failed_not_a_wer_of_one(tmp_path):
    """Prose about the task gives no transcript: parse_failed (excluded and disclosed), not
    graded as an empty transcript; an empty reply still deletes every word (graded)."""
    import csv

    from inspect_ai import eval as inspect_eval

    from clinbench.results.export import results_table
    from clinbench.suites.slp.tasks import SAMPLE_MANIFEST, slp_transcription

    responses = tmp_path / "replies.csv"
    with responses.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["item_id", "model", "response"])
        writer.writerow(["slp-s04", "m", SMOLLM2_RAMBLES["slp-s04"]])
        writer.writerow(["slp-s06", "m", ""])
    task = slp_transcription(manifest=str(SAMPLE_MANIFEST))
    (log,) = inspect_eval(
        task, model="clinbench/replay/m", model_args={"responses": str(responses)},
        sample_id=["slp-s04", "slp-s06"], log_dir=str(tmp_path / "logs"), display="none",
    )  # fmt: skip
    assert log.status == "success", log.error
    table = results_table(tmp_path / "logs").set_index("item_id")
    assert table.loc["slp-s04", "outcome"] == "parse_failed"
    assert table.loc["slp-s06", "outcome"] == "graded"
    # the log's corpus WER counts the empty reply's deletions only
    [wer] = [m.value for s in log.results.scores for n, m in s.metrics.items() if n == "wer"]
    assert wer == 1.0
    counted = [s.scores for s in log.samples]
    assert "word_counts" not in counted[0]["slp_transcription_scorer"].metadata
