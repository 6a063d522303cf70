"""The five SLPHelm scenarios: label sets and prompts (meaning as published, wording our own).

SLPHelm (Patel, Nguyen, Truong et al., "The Sound of Syntax", appendix F) asks a model acting as
an experienced speech-language pathologist about a recording in which a clinician says a prompt
and a child repeats it. Classification scenarios list lettered labels and ask for a single
letter with no explanation; transcription scenarios ask for the child's words only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

ASR_MODEL = "slp_asr_model"
"""The item metadata key of the ASR model the run chose, known before any decode (the task
sets it), so that a row whose recognition failed (an error row, which has no score metadata)
still names it (asr_fidelity reads it)."""

ROLE = (
    "You are an experienced speech-language pathologist. The recording usually holds a "
    "clinician saying a prompt and then a child repeating it."
)
ASR_ROLE = (
    "You are an experienced speech-language pathologist. A clinician said a prompt and a "
    "child repeated it; an automatic speech recogniser transcribed the recording, and you "
    "see its transcript instead of hearing the audio."
)
SINGLE_LETTER = "Reply with a single letter only, with no explanation or other text."
COT_INSTRUCTION = (
    "Think it through step by step first. Then end your reply with a last line of the form "
    "ANSWER: <letter>, and nothing after it."
)
TRANSCRIPT_TAG = "Transcript of the recording to assess"
_TRANSCRIPT_BLOCK = re.compile(re.escape(TRANSCRIPT_TAG) + r': """(.*?)"""', re.DOTALL)


@dataclass(frozen=True)
class Scenario:
    """One SLPHelm scenario: what it asks, its lettered labels (if any) and the item label used."""

    name: str
    kind: str  # "label", "transcript_diagnosis", "transcription"
    label_key: str | None
    options: dict[str, str] = field(default_factory=dict)  # letter -> label
    descriptions: dict[str, str] = field(default_factory=dict)  # letter -> shown text
    needs_prompt_words: bool = True

    def letter_for(self, label: str) -> str:
        """Return the letter of a label; KeyError if the scenario has no such label."""
        return {v: k for k, v in self.options.items()}[label]


SCENARIOS: dict[str, Scenario] = {
    "slp_disorder": Scenario(
        "slp_disorder",
        "label",
        "disorder",
        {"A": "typically_developing", "B": "speech_disorder"},
        {"A": "typically developing", "B": "speech disorder"},
    ),
    "slp_transcript_diagnosis": Scenario(
        "slp_transcript_diagnosis", "transcript_diagnosis", "disorder"
    ),
    "slp_transcription": Scenario(
        "slp_transcription", "transcription", None, needs_prompt_words=False
    ),
    "slp_disorder_type": Scenario(
        "slp_disorder_type",
        "label",
        "disorder_type",
        {"A": "typically_developing", "B": "articulation", "C": "phonological"},
        {
            "A": "typically developing (speech within the range expected for the child's age)",
            "B": "articulation (trouble producing particular speech sounds: sounds are "
            "replaced, left out or distorted)",
            "C": "phonological (trouble with the sound system of the language: whole classes "
            "of sounds are affected in a pattern)",
        },
    ),
    "slp_symptom": Scenario(
        "slp_symptom",
        "label",
        "symptom",
        {
            "A": "substitution",
            "B": "omission",
            "C": "addition",
            "D": "typically_developing",
            "E": "stuttering",
        },
        {
            "A": "substitution (a word, syllable or sound is replaced by another)",
            "B": "omission (a word, syllable or sound is left out)",
            "C": "addition (an extra word, syllable or sound is put in)",
            "D": "typically developing (speech as expected for the child's age)",
            "E": "stuttering (sounds or syllables repeated or prolonged, or trouble starting)",
        },
    ),
}


def transcript_block(transcript: str | None) -> str:
    """Return the tagged transcript block the ASR pipeline puts in a prompt."""
    return f'{TRANSCRIPT_TAG}: """{transcript or ""}"""'


def transcript_from_prompt(prompt: str) -> str | None:
    """Return the transcript in a prompt's tagged block (the last one), or None if absent."""
    found = _TRANSCRIPT_BLOCK.findall(prompt)
    return found[-1] if found else None


def scenario_prompt(
    scenario: Scenario,
    prompt_words: str | None,
    *,
    pipeline: str = "audio",
    cot: bool = False,
    transcript: str | None = None,
) -> str:
    """Return the user prompt of a scenario (``transcript`` fills the ASR pipeline's block)."""
    role = ROLE if pipeline == "audio" else ASR_ROLE
    parts = [role]
    if pipeline == "asr":
        parts.append(transcript_block(transcript))
    if scenario.kind == "label":
        parts.append(f"The child is trying to say: {prompt_words}.")
        task = {
            "disorder": "Judge whether the child's speech shows typical development or a "
            "possible speech-language disorder.",
            "disorder_type": "Judge whether the child's speech shows typical development or "
            "a possible speech-language disorder, and of which type.",
            "symptom": "Identify the main atypical feature of the child's speech, if any.",
        }[scenario.label_key or ""]
        options = "\n".join(f"{k} - {v}" for k, v in scenario.descriptions.items())
        parts += [task, f"Choose one of these labels:\n{options}"]
        parts.append(COT_INSTRUCTION if cot else SINGLE_LETTER)
    elif scenario.kind == "transcript_diagnosis":
        parts.append(
            "Transcribe what the child actually says. Do not assume the words the child was "
            "meant to say; write only the words you hear the child produce. Reply with the "
            "transcription only, with no other text."
        )
    else:
        parts.append(
            "Transcribe the child's speech, using your sense of what the child is trying to "
            "say. Give only the child's words, not the clinician's prompt, with no commentary "
            "and no punctuation."
        )
    return "\n\n".join(parts)
