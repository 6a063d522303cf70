"""What the speech-language pathology suite adds to ``clinbench demo``: offline runs and tables.

ASR pipeline: PocketSphinx (prompt-constrained) transcribes each sample clip and the
transcript-match baseline (``clinbench/rules``) answers all five scenarios, beside the seeded
chance baseline. Audio-native pipeline: three ILLUSTRATIVE audio models replay frozen replies
(``data/replay_<scenario>.csv``; no real model was run). Robustness: synthetic babble and road
noise at 20 dB SNR, chain-of-thought and two-shot prompts, on the ASR pipeline.
"""

from __future__ import annotations

from pathlib import Path

from clinbench.demo_spec import DemoRun

DATA = Path(__file__).parent / "data"
SCENARIOS = ("slp_disorder", "slp_transcript_diagnosis", "slp_transcription", "slp_disorder_type",
             "slp_symptom")  # fmt: skip
REPLAY_MODELS = ("illustrative-audio-a", "illustrative-audio-b", "illustrative-audio-c")
RULES, CHANCE = "clinbench/rules", "clinbench/chance"


def demo_runs(workdir: Path) -> list[DemoRun]:
    """Return the suite's demo runs: ASR + rules, audio-native replay, noise, CoT, few-shot."""
    from clinbench.audio.asr.cache import transcript_cache_dir
    from clinbench.suites.slp import tasks

    # One transcript per clip and condition, and one noisy copy per clip and noise condition,
    # kept in the user cache and keyed on content, so a later demo (in any output folder)
    # reuses them; `clinbench demo --clear-cache` empties both. A folder name with a comma
    # cannot travel in the ASR spec: then every run decodes afresh.
    transcripts = transcript_cache_dir()
    asr = "pocketsphinx" if "," in str(transcripts) else f"pocketsphinx:cache={transcripts}"
    runs: list[DemoRun] = []
    for name in SCENARIOS:
        build = getattr(tasks, name)
        label_task = name not in ("slp_transcription", "slp_transcript_diagnosis")
        models = [RULES, CHANCE] if label_task else [RULES]
        runs.append(DemoRun(f"slp {name}: ASR pipeline", build(pipeline="asr", asr=asr), models))
        runs.append(
            DemoRun(
                f"slp {name}: audio-native (frozen replies)",
                build(pipeline="audio"),
                [f"clinbench/replay/{m}" for m in REPLAY_MODELS],
                model_args={"responses": str(DATA / f"replay_{name}.csv")},
            )
        )
    for noise in ("synthetic_babble", "synthetic_road_hum"):
        for name in ("slp_disorder_type", "slp_transcription"):
            task = tasks.slp_task(name, pipeline="asr", asr=asr, noise=noise, snr_db=20.0)
            runs.append(DemoRun(f"slp {name}: {noise} at 20 dB", task, [RULES]))
    runs.append(
        DemoRun(
            "slp symptom: chain of thought",
            tasks.slp_symptom(pipeline="asr", asr=asr, cot=True),
            [RULES],
        )
    )
    runs.append(
        DemoRun(
            "slp disorder: two-shot",
            tasks.slp_disorder(pipeline="asr", asr=asr, few_shot=2),
            [RULES],
        )
    )
    return runs


def demo_tables(results) -> list[tuple[str, object, list[str]]]:
    """Return the demo's extra table: a three-model majority-vote ensemble from the replies."""
    import pandas as pd

    from clinbench.suites.slp.scenario_tables import ensemble_results, scenario_table

    rows = results[results["suite"] == "slp"] if "suite" in results.columns else results
    if rows.empty:
        return []
    members = [f"clinbench/replay/{m}" for m in REPLAY_MODELS]
    ensemble = ensemble_results(rows, members, name="majority-vote(a,b,c)")
    frame = scenario_table(pd.concat([rows[rows["model"].isin(members)], ensemble]),
                           resamples=200)  # fmt: skip
    return [("slp: the three audio models and their majority vote", frame,
             ["The majority vote is built from the three replayed models' replies."])]  # fmt: skip
