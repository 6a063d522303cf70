"""clinbench.suites.slp: the SLPHelm design (speech-language pathology from child speech)."""

from pathlib import Path

from clinbench.suites import SuiteSpec

_HERE = "clinbench.suites.slp"

SUITE = SuiteSpec(
    name="slp",
    card=Path(__file__).parent / "README.md",
    tasks={
        name: f"{_HERE}.tasks:{name}"
        for name in (
            "slp_disorder",
            "slp_transcript_diagnosis",
            "slp_transcription",
            "slp_disorder_type",
            "slp_symptom",
        )  # fmt: skip
    },
    # free-text and audio items: the transcript-match baseline answers them offline
    offline_model="clinbench/rules",
    format_hints={
        "audio": "the slp suite scores speech recordings from a manifest (CSV/JSONL of "
        "audio, label, transcript ...): clinbench run slp_transcription -T manifest=FILE "
        "(WER, MER, WIP) or slp_disorder (the slp suite README lists the columns)",
    },
    rules_baseline={"audio": f"{_HERE}.baseline:transcript_match_reply"},
    report_sections=f"{_HERE}.report:sections",
    demo_runs=f"{_HERE}.demo:demo_runs",
    summary_tables=f"{_HERE}.report:summary_tables",
    demo_tables=f"{_HERE}.demo:demo_tables",
    board_measures=f"{_HERE}.report:board_measures",
    cli="clinbench.cli.slp_commands:app",
    # background noise at an SNR (``babble@10dB``, ``synthetic_road_hum@20dB``) tests a
    # result's robustness; chain of thought (``cot``) and few-shot (``2shot``) are prompting
    # conditions SLPHelm reports as results of their own
    robustness_checks=(r".+@.+dB",),
)
