"""How often an ASR normalised a child's error away, on a hand-made results frame (issue 25,
item 7), and the table in the slp report and summary."""

from __future__ import annotations

import json
import math

import pandas as pd

from clinbench.suites.slp.asr_fidelity import asr_decodes, normalised_away_table
from clinbench.suites.slp.report import sections, summary_tables

CLIPS = {  # item: (attempted words, what the child said)
    "look": ("look at the car", "look the car"),
    "rabbit": ("the rabbit is sleeping", "the wabbit is sleeping"),
    "cat": ("my cat can go", "my tat tan do"),
    "stutter": ("bird in the tree", "b- b- bird in the tree"),
    "typical": ("red ball", "red ball"),
}


def _row(item, asr, heard, task="slp_transcription", condition="asr", error=None):
    attempted, said = CLIPS[item]
    item_meta = {"slp_asr": asr, "slp_prompt_words": attempted, "slp_reference_transcript": said}
    if error:
        score_meta = {"error": error}
    else:
        score_meta = {"pipeline": "asr", "asr": asr, "asr_transcript": heard, "asr_error": None}
    return {
        "task": task,
        "model": "m",
        "item_id": item,
        "condition": condition,
        "item_metadata": json.dumps(item_meta),
        "score_metadata": json.dumps(score_meta),
    }


def _frame() -> pd.DataFrame:
    rows = [
        # whisper: writes what the child should have said
        _row("look", "whisper", "Look at the car!"),
        _row("rabbit", "whisper", "The rabbit is sleeping."),
        _row("cat", "whisper", "My cat can go."),
        _row("stutter", "whisper", "Mama bird in the tree!"),
        _row("typical", "whisper", "Red ball."),
        # the same clips again in another scenario: one decode per clip is counted
        _row("look", "whisper", "Look at the car!", task="slp_disorder"),
        _row("look", "whisper", "Look at the car!", task="slp_symptom", condition="asr+cot"),
        # pocketsphinx: keeps two errors, one other, one failed recognition
        _row("look", "pocketsphinx", "look the car"),
        _row("rabbit", "pocketsphinx", "uh the wabbit is sleeping"),
        _row("cat", "pocketsphinx", "my cat tan"),
        _row(
            "stutter",
            "pocketsphinx",
            None,
            task="slp_disorder",
            error="stutter: pocketsphinx recognition failed: decoder crashed",
        ),  # fmt: skip
        _row(
            "stutter",
            "pocketsphinx",
            None,
            task="slp_symptom",
            error="RuntimeError: the model call failed",
        ),  # says nothing of the ASR
        # under noise: its own group
        _row("look", "whisper", "look at the car", condition="asr+synthetic_babble@20dB"),
        # the audio pipeline has no ASR: left out
        _row("look", "whisper", "look at the car", condition="audio"),
    ]
    return pd.DataFrame(rows)


def test_each_clip_gets_one_verdict_per_backend_and_noise():
    decodes = asr_decodes(_frame())
    assert len(decodes) == 10  # 5 whisper + 4 pocketsphinx + 1 noisy whisper
    verdicts = {(r.asr, r.noise, r.item_id): r.verdict for r in decodes.itertuples()}
    assert verdicts[("whisper", "none", "look")] == "normalised_away"
    assert verdicts[("whisper", "none", "stutter")] == "other"  # "mama bird": neither
    assert verdicts[("whisper", "none", "typical")] == "no_child_error"  # no child error to erase
    assert verdicts[("pocketsphinx", "none", "rabbit")] == "kept_error"  # filler ignored
    assert verdicts[("pocketsphinx", "none", "cat")] == "other"
    assert verdicts[("pocketsphinx", "none", "stutter")] == "no_transcript"
    assert verdicts[("whisper", "synthetic_babble@20dB", "look")] == "normalised_away"


def test_the_table_counts_and_rates_per_backend():
    table = normalised_away_table(_frame()).set_index(["asr", "noise"])
    whisper = table.loc[("whisper", "none")]
    assert (whisper["clips"], whisper["child_error_clips"]) == (5, 4)
    assert (whisper["normalised_away"], whisper["kept_error"], whisper["other"]) == (3, 0, 1)
    assert whisper["normalised_away_rate"] == 0.75
    sphinx = table.loc[("pocketsphinx", "none")]
    assert (sphinx["normalised_away"], sphinx["kept_error"], sphinx["other"]) == (0, 2, 1)
    assert sphinx["no_transcript"] == 1 and sphinx["normalised_away_rate"] == 0.0  # 0 of 3
    noisy = table.loc[("whisper", "synthetic_babble@20dB")]
    assert noisy["normalised_away_rate"] == 1.0
    empty = normalised_away_table(_frame().iloc[[4]])  # only a typical clip: rate undefined
    assert empty["child_error_clips"].item() == 0 and math.isnan(empty["normalised_away_rate"][0])


def test_report_and_summary_show_the_table_only_for_asr_runs():
    frame = _frame()
    fidelity = normalised_away_table(frame)
    titles = {s.title: s for s in sections(_frame_with_scores(frame))}
    section = titles["SLP: child errors the ASR normalised away"]
    [(name, table)] = section.tables.items()
    assert table.equals(fidelity)
    printed = {title: table for title, table, _ in summary_tables(_frame_with_scores(frame))}
    assert printed["child errors the ASR normalised away"].equals(fidelity)
    audio_only = _frame_with_scores(frame[frame["condition"] == "audio"])
    assert not any("normalised away" in s.title for s in sections(audio_only))


def _frame_with_scores(frame: pd.DataFrame) -> pd.DataFrame:
    """The columns the other slp tables read, so the report can be built from the frame."""
    out = frame.copy()
    out["outcome"] = "graded"
    out["score"] = 0.0
    out["epoch"] = 1
    out["scorer"] = "slp_transcription_scorer"
    meta = [json.loads(m) for m in out["score_metadata"]]
    out["score_metadata"] = [
        json.dumps({**m, "reference": "look the car", "hypothesis": "look the car"}) for m in meta
    ]
    out["task"] = "slp_transcription"
    return out
