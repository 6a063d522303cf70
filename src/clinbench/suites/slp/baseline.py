"""The transcript-match baseline: SLPHelm's interpretation-free diagnoser, plus simple rules.

The baseline reads what the child said (the ASR transcript in the prompt; in the audio-native
pipeline it runs the offline ASR itself) and compares it with the words the child should say:

- disorder (scenario 1): typically developing (A) if the transcript matches the expected words
  after normalisation (case, punctuation, hesitation fillers "uh"/"um" ignored), else B;
- transcript-based diagnosis and transcription (scenarios 2-3): the transcript itself;
- disorder type (scenario 4): A if it matches; otherwise B (articulation) when the differences
  fall within one expected word, C (phonological) when two or more words differ (a pattern
  across words rather than one sound in one word);
- symptom (scenario 5): D if it matches; E (stuttering) if the transcript holds a part-word
  fragment (``b-``) or an immediately repeated word; otherwise, from the word alignment (jiwer),
  C (addition) when words were only inserted, B (omission) when deletions are at least as many
  as substitutions, else A (substitution).

These are documented rules of this project, not clinical criteria.
"""

from __future__ import annotations

from typing import Any

from clinbench.scoring.speech import normalise_transcript
from clinbench.suites.slp.scenarios import SCENARIOS, transcript_from_prompt

FILLERS = frozenset({"uh", "um", "er", "erm", "hmm"})


def comparable(text: str | None) -> list[str]:
    """Return the words used to compare transcripts: normalised, fillers dropped."""
    return [w for w in normalise_transcript(text).split() if w not in FILLERS]


def transcript_matches(transcript: str | None, expected: str | None) -> bool:
    """Return True when a transcript says exactly the expected words (after normalisation)."""
    return bool(expected) and comparable(transcript) == comparable(expected)


def error_profile(transcript: str | None, expected: str) -> dict[str, Any]:
    """Return the word alignment counts of a transcript against the expected words."""
    from clinbench.scoring.speech import align_words

    words = comparable(transcript)
    fragments = [w for w in words if w.endswith("-")]
    repeats = sum(1 for a, b in zip(words, words[1:], strict=False) if a == b)
    fluent = [w for w in words if not w.endswith("-")]
    fluent = [w for i, w in enumerate(fluent) if i == 0 or w != fluent[i - 1]]
    ref = comparable(expected)
    if not fluent:
        counts = {"substitutions": 0, "deletions": len(ref), "insertions": 0}
        wrong_words = len(ref)
    else:
        aligned = align_words(" ".join(ref), " ".join(fluent))
        counts = {k: aligned[k] for k in ("substitutions", "deletions", "insertions")}
        wrong_words = aligned["substitutions"] + aligned["deletions"]
    return {**counts, "fragments": len(fragments), "repeats": repeats, "wrong_words": wrong_words}


def disorder_type_label(transcript: str | None, expected: str) -> str:
    """Return the rule's disorder type: typically_developing, articulation or phonological."""
    if transcript_matches(transcript, expected):
        return "typically_developing"
    profile = error_profile(transcript, expected)
    return "phonological" if profile["wrong_words"] >= 2 else "articulation"


def symptom_label(transcript: str | None, expected: str) -> str:
    """Return the rule's symptom label (one of the five SLPHelm symptom labels)."""
    if transcript_matches(transcript, expected):
        return "typically_developing"
    profile = error_profile(transcript, expected)
    if profile["fragments"] or profile["repeats"]:
        return "stuttering"
    subs, dels, ins = profile["substitutions"], profile["deletions"], profile["insertions"]
    if ins and not subs and not dels:
        return "addition"
    if dels and dels >= subs:
        return "omission"
    if subs:
        return "substitution"
    return "addition"


def _heard(item: Any, prompt_text: str) -> str:
    transcript = transcript_from_prompt(prompt_text)
    if transcript is not None:
        return transcript
    from clinbench.audio.asr import get_asr, parse_asr_spec

    name, options = parse_asr_spec(str(item.metadata.get("slp_asr") or "pocketsphinx"))
    result = get_asr(name, **options).transcribe(
        item.resolve(item.audio),
        expected=item.prompt_words,
        language=str(item.metadata.get("language") or "en"),
    )
    if result.error:
        raise RuntimeError(f"{item.id}: {result.backend} recognition failed: {result.error}")
    return result.text


def transcript_match_reply(item: Any, prompt_text: str) -> str:
    """Return the transcript-match baseline's reply to an slp item's prompt."""
    scenario = SCENARIOS[str(item.metadata.get("slp_scenario") or "slp_disorder")]
    heard = _heard(item, prompt_text)
    if scenario.kind in ("transcription", "transcript_diagnosis"):
        return heard
    expected = item.prompt_words or ""
    if scenario.label_key == "disorder":
        label = "typically_developing" if transcript_matches(heard, expected) else "speech_disorder"
    elif scenario.label_key == "disorder_type":
        label = disorder_type_label(heard, expected)
    else:
        label = symptom_label(heard, expected)
    letter = scenario.letter_for(label)
    if item.metadata.get("slp_cot"):
        return f'The child said "{heard}" for "{expected}".\nANSWER: {letter}'
    return letter
