"""The slp suite's report sections: scenario table, slices, noise, confusion matrices."""

from __future__ import annotations

import pandas as pd

from clinbench.report.sections import ReportSection

RESAMPLES = 500
SEED = 0
# The item bootstrap behind every SD of the slp sections, for the report's disclosures.
BOOTSTRAP_SD = {"procedure": "SLP item bootstrap SD (F1s, exact match, WER/MER/WIP)",
                "resamples": RESAMPLES, "seed": SEED}  # fmt: skip


def _one_table_section(
    table: pd.DataFrame,
    title: str,
    intro: str,
    caption: str,
    notes: list[str],
    resampling: list[dict] | None = None,
) -> ReportSection | None:
    """Return an slp section holding one table, or None when the table is empty (not run)."""
    if table.empty:
        return None
    return ReportSection(title=title, suite="slp", intro=intro, tables={caption: table},
                         notes=notes, resampling=resampling or [])  # fmt: skip


def _scenario_section(results: pd.DataFrame) -> ReportSection:
    from clinbench.suites.slp.scenario_tables import scenario_table

    table = scenario_table(results, resamples=RESAMPLES, seed=SEED)
    return ReportSection(
        title="SLP scenarios",
        suite="slp",
        intro=(
            "Micro F1, macro F1 and exact match for the classification scenarios; corpus WER, "
            "MER and WIP for transcription; each with a seeded bootstrap SD "
            f"({RESAMPLES} resamples of items)."
        ),
        tables={"Scenario metrics by model and condition": table},
        resampling=[BOOTSTRAP_SD],
        notes=[
            "Label scenarios: Micro F1, Macro F1 and Exact Match are over every scored item, a "
            "reply with no valid label (unreadable, ambiguous, or declining and answering at "
            "once) counted as a wrong prediction, as SLPHelm scores; the '(answered only)' "
            "columns leave those replies out. n counts scored items, 'answered' the answered "
            "ones, 'excluded' the rest (disclosed); 'read from prose' (when any) the answered "
            "chain-of-thought replies with no ANSWER: line whose reasoning ends in one offered "
            "label and names no other.",
            "Declines and refusals count as answered and wrong; an empty, declined or refused "
            "transcription counts as every word deleted.",
            "How replies are read (letter and label agreeing, a label alone, the transcript "
            "after a preamble, a looping reply cut): see the slp README.",
        ],
    )


def _slice_section(results: pd.DataFrame) -> ReportSection:
    from clinbench.suites.slp.scenario_tables import slice_table

    tables = {}
    for field, caption in (("gender", "gender"), ("age_band", "age band (5-7, 8-10, 10+)"),
                           ("language", "language")):  # fmt: skip
        tables[f"Scenario metrics by {caption}"] = slice_table(
            results, field, resamples=RESAMPLES, seed=SEED
        )
    return ReportSection(
        title="SLP slices",
        suite="slp",
        intro="The same metrics within each speaker gender, age band and language.",
        tables=tables,
        notes=["'unknown' collects items whose corpus does not record the field."],
        resampling=[BOOTSTRAP_SD],
    )


def _noise_section(results: pd.DataFrame) -> ReportSection | None:
    from clinbench.suites.slp.scenario_tables import expand_slp, scenario_table

    rows = expand_slp(results)
    noisy_tasks = set(rows.loc[rows["noise"] != "none", "task"])
    if not noisy_tasks:
        return None
    rows = rows[rows["task"].isin(noisy_tasks)]
    return _one_table_section(
        scenario_table(
            rows, by=("model", "task", "pipeline", "noise"), resamples=RESAMPLES, seed=SEED
        ),  # fmt: skip
        "SLP background noise",
        "Scenario metrics without and with background noise mixed in at the stated SNR.",
        "Scenario metrics by noise",
        ["Noises named synthetic_* are generated stand-ins, not recordings."],
        resampling=[BOOTSTRAP_SD],
    )


NORMALISED_AWAY_NOTES = [
    "A clip has a child error when its reference transcript differs from the attempted "
    "words. Normalised away: the ASR wrote the attempted words; kept: it wrote the reference "
    "transcript; other: neither. Words compared after lower-casing and dropping punctuation "
    "and fillers; one decode per clip, back-end and noise (rule: slp README).",
    "Rate = normalised away / child-error clips with a transcript; a failed recognition is "
    "counted under no_transcript.",
]


def _normalised_away_section(results: pd.DataFrame) -> ReportSection | None:
    from clinbench.suites.slp.asr_fidelity import normalised_away_table

    return _one_table_section(
        normalised_away_table(results),
        "SLP: child errors the ASR normalised away",
        "For each ASR back-end, how often the transcript showed the words the child attempted "
        "instead of what the child said: an error erased before any model reads it.",
        "Child errors kept or normalised away, by ASR back-end",
        NORMALISED_AWAY_NOTES,
    )


RECOGNISER_NOTE = (
    "asr model: the recogniser's weights as the run recorded them (a pinned SHA-256 for the "
    "bundled Whisper), chosen before any clip was decoded, so a condition whose every "
    "recognition failed names it too; the decoding settings and the logs holding each "
    "transcript are in the report's section 'SLP: ASR back-end and settings'."
)
FAILED_DECODES_NOTE = (
    "recognition failed: clips the recogniser gave no transcript for; each is an error row, "
    "never a transcript or a score, and 'why it failed' gives the commonest cause (of how "
    "many). 'none: recognition failed' as settings or mode: no clip of the condition was "
    "recognised, so no decode recorded them."
)


def _recognisers(results: pd.DataFrame) -> tuple[pd.DataFrame, list[str]]:
    """Return the table of ASR back-ends and settings (``asr_fidelity.asr_settings_table``)
    and the notes on its failed decodes: without its 'why it failed' column when none failed."""
    from clinbench.suites.slp.asr_fidelity import asr_settings_table

    table = asr_settings_table(results)
    if not table.empty and table["recognition failed"].any():
        return table, [FAILED_DECODES_NOTE]
    return table.drop(columns=["why it failed"]), []


def _asr_settings_section(results: pd.DataFrame) -> ReportSection | None:
    table, failed = _recognisers(results)
    return _one_table_section(
        table,
        "SLP: ASR back-end and settings",
        "The speech recogniser each ASR-pipeline condition ran, with its settings and decoding "
        "mode as the run recorded them, and where its transcripts are.",
        "ASR back-end, settings and transcripts by model, task and condition",
        [
            "Each clip's transcript is in the results table (score_metadata: asr_transcript; "
            "a clip whose recognition failed is an error row, its error saying why) and in the "
            "sample metadata of the Inspect logs named (asr_transcript, asr).",
            "settings and mode are each row's asr_settings and asr_mode; values that differ "
            "within one condition are all listed, and 'not recorded' marks rows without them "
            "(results of earlier versions).",
            *failed,
        ],
    )


def _confusion_section(results: pd.DataFrame) -> ReportSection:
    from clinbench.suites.slp.scenario_tables import confusion_tables

    tables = {
        f"{task} - {model} (rows gold, columns predicted)": frame.reset_index()
        for (model, task), frame in confusion_tables(results).items()
    }
    return ReportSection(title="SLP confusion matrices", suite="slp", tables=tables)


def sections(results: pd.DataFrame) -> list[ReportSection]:
    """Return the slp report sections: scenarios, slices, noise, the ASR back-ends and their
    settings and ASR fidelity (if run), the clinical bar, confusions."""
    out = [_scenario_section(results), _slice_section(results)]
    extras = (_noise_section(results), _asr_settings_section(results),
              _normalised_away_section(results))  # fmt: skip
    for extra in extras:
        if extra is not None:
            out.append(extra)
    out.append(_bar_section(results))
    out.append(_confusion_section(results))
    return out


def _bar_section(results: pd.DataFrame) -> ReportSection:
    from clinbench.suites.slp.bar import DEFAULT_BAR, bar_note, clinical_bar

    table = clinical_bar(results, DEFAULT_BAR, resamples=RESAMPLES, seed=SEED)
    return ReportSection(
        title="SLP clinical bar",
        suite="slp",
        intro=(
            "Micro F1 of each model and classification task against 0.80-0.85, the range "
            "SLPHelm takes from cleared diagnostic systems: an end is reached only when the "
            "whole 95% interval lies at or above it. Micro F1 here is the share of items "
            "labelled right, the leaderboard's accuracy over all items, so its interval is the "
            "leaderboard's (Wilson, clustered by item with several epochs); the interval column "
            "names the method."
        ),
        tables={"Micro F1 against the clinical bar": table},
        notes=[bar_note(table, DEFAULT_BAR)],
    )


def summary_tables(results: pd.DataFrame) -> list[tuple[str, pd.DataFrame, list[str]]]:
    """Return the tables `clinbench run` prints for slp rows: F1s, exact match, WER/MER/WIP,
    and (ASR pipeline) the child errors each back-end normalised away."""
    from clinbench.suites.slp.asr_fidelity import normalised_away_table

    section = _scenario_section(results)  # the report's table: the same SDs on both surfaces
    table = next(iter(section.tables.values()))
    out = [("scenario metrics by model and condition", table, section.notes)]
    recognisers, failed = _recognisers(results)  # the report's table, less settings and logs
    if not recognisers.empty:
        shown = recognisers.drop(columns=["settings", "logs"])
        out.append(("speech recogniser and its model", shown, [RECOGNISER_NOTE, *failed]))
    fidelity = normalised_away_table(results)
    if not fidelity.empty:
        out.append(("child errors the ASR normalised away", fidelity, NORMALISED_AWAY_NOTES))
    return out


BOARD_MEASURE = "WER"  # the transcription scenario's headline, as SLPHelm ranks it


def board_measures(results: pd.DataFrame) -> pd.DataFrame:
    """Return the leaderboard's figure of each transcription scorer: corpus WER (lower is
    better) from the scenario table, the run summary's, ``analyze``'s and the report's."""
    from clinbench.suites.slp.scenario_tables import scenario_table
    from clinbench.suites.slp.scenarios import SCENARIOS

    columns = ["model", "task", "condition", "scorer", "measure", "value", "n",
               "lower_is_better"]  # fmt: skip
    kinds = results["task"].map(lambda t: getattr(SCENARIOS.get(t), "kind", ""))
    rows = results[kinds == "transcription"]
    if rows.empty:
        return pd.DataFrame(columns=columns)
    by = ("model", "task", "condition", "scorer")
    table = scenario_table(rows, by=by, resamples=0)
    return table.assign(measure=BOARD_MEASURE, value=table[BOARD_MEASURE],
                        lower_is_better=True)[columns]  # fmt: skip
