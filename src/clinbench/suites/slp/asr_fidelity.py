"""Did the ASR keep the child's error? Per ASR back-end, how often it normalised it away.

A speech-language pathologist listens for the difference between what a child said and the
words the child attempted. An ASR trained on adult, fluent speech with a strong language model
tends to write the words it expects ("look the car" heard as "look at the car"), erasing
exactly that difference before any model reads the transcript.

The rule (one decode per clip, ASR back-end and noise condition, taken from the ASR-pipeline
rows of a results table):

- a clip **has a child error** when its reference transcript differs from the attempted
  (prompt) words;
- of those clips, the ASR **normalised the error away** when its transcript equals the
  attempted words, **kept the error** when it equals the reference transcript, and is
  **other** when it equals neither; a clip whose recognition failed is counted apart;
- "equals" compares the words as the transcript-match baseline does
  (:func:`clinbench.suites.slp.baseline.comparable`: lower case, punctuation and hesitation
  fillers dropped, part-word fragments kept as ``b-``).

The rate is normalised away / clips with a child error that have a transcript.
"""

from __future__ import annotations

import json
import re
from collections import Counter

import pandas as pd

from clinbench.suites.slp.baseline import comparable
from clinbench.suites.slp.scenarios import ASR_MODEL

COLUMNS = ["asr", "noise", "clips", "child_error_clips", "normalised_away", "kept_error",
           "other", "no_transcript", "normalised_away_rate"]  # fmt: skip


def _meta(value) -> dict:
    if isinstance(value, dict):
        return value
    return json.loads(value) if isinstance(value, str) and value else {}


def _noise(condition: str) -> str:
    """Return the noise part of a condition such as ``asr+synthetic_babble@20dB`` (or none)."""
    return next((part for part in str(condition).split("+") if "@" in part), "none")


def asr_decodes(results: pd.DataFrame) -> pd.DataFrame:
    """Return one row per (ASR back-end, noise, clip) of the ASR-pipeline rows, with its verdict.

    Reads ``item_metadata`` (``slp_asr``, ``slp_prompt_words``, ``slp_reference_transcript``),
    ``condition`` (pipeline and noise) and ``score_metadata`` (``asr_transcript``; on an error
    row, the error: a failed recognition is ``no_transcript``, any other error tells nothing
    of the ASR and the row is skipped). Columns: ``asr``, ``noise``, ``item_id``,
    ``prompt_words``, ``reference_transcript``, ``asr_transcript``, ``asr_error``,
    ``child_error`` (bool) and ``verdict`` (``normalised_away``, ``kept_error``, ``other``,
    ``no_transcript``, or ``no_child_error``).
    """
    columns = ["asr", "noise", "item_id", "prompt_words", "reference_transcript",
               "asr_transcript", "asr_error"]  # fmt: skip
    rows = []
    for item_id, condition, item_raw, score_raw in zip(
        results["item_id"], results["condition"], results["item_metadata"],
        results["score_metadata"], strict=True,
    ):  # fmt: skip
        item = _meta(item_raw)
        if not str(condition).startswith("asr") or not item.get("slp_asr"):
            continue
        scored = _meta(score_raw)
        error = scored.get("asr_error")
        if "error" in scored and "asr_transcript" not in scored:  # a sample that failed
            if "recognition failed" not in str(scored["error"]):
                continue
            error = scored["error"]
        rows.append([item["slp_asr"], _noise(condition), item_id, item.get("slp_prompt_words"),
                     item.get("slp_reference_transcript"),
                     None if error else scored.get("asr_transcript"), error])  # fmt: skip
    frame = pd.DataFrame(rows, columns=columns)
    # one decode per clip, back-end and noise (every task of a run sees the same transcript)
    frame = frame.sort_values("asr_transcript", na_position="last", kind="stable")
    frame = frame.drop_duplicates(["asr", "noise", "item_id"]).sort_index().reset_index(drop=True)
    child_error, verdict = [], []
    for row in frame.itertuples():
        attempted = comparable(row.prompt_words)
        said = comparable(row.reference_transcript)
        has_error = bool(said) and bool(attempted) and said != attempted
        child_error.append(has_error)
        if not has_error:
            verdict.append("no_child_error")
        elif not isinstance(row.asr_transcript, str):  # recognition failed (None or NaN)
            verdict.append("no_transcript")
        else:
            heard = comparable(row.asr_transcript)
            kept = "kept_error" if heard == said else "other"
            verdict.append("normalised_away" if heard == attempted else kept)
    frame["child_error"] = child_error
    frame["verdict"] = verdict
    return frame


def normalised_away_table(results: pd.DataFrame) -> pd.DataFrame:
    """Return per ASR back-end and noise: clips, child-error clips, verdict counts and the rate."""
    decodes = asr_decodes(results)
    out = []
    for (asr, noise), group in decodes.groupby(["asr", "noise"], sort=True):
        counts = group["verdict"].value_counts()
        errors = int(group["child_error"].sum())
        heard = errors - int(counts.get("no_transcript", 0))
        away = int(counts.get("normalised_away", 0))
        out.append(
            {
                "asr": asr,
                "noise": noise,
                "clips": len(group),
                "child_error_clips": errors,
                "normalised_away": away,
                "kept_error": int(counts.get("kept_error", 0)),
                "other": int(counts.get("other", 0)),
                "no_transcript": int(counts.get("no_transcript", 0)),
                "normalised_away_rate": away / heard if heard else float("nan"),
            }
        )
    return pd.DataFrame(out, columns=COLUMNS)


SETTINGS_COLUMNS = ["model", "task", "condition", "asr", "asr model", "settings", "mode",
                    "clips", "transcribed", "recognition failed", "why it failed",
                    "logs"]  # fmt: skip
NOT_RECORDED = "not recorded"
# the settings and mode of a condition none of whose clips was recognised: the failed
# decodes recorded none (each row's error says why; the table counts them)
NO_DECODE = "none: recognition failed"
_FAILED = re.compile(r"recognition failed: (.*?)(?:['\"]\))?$", re.DOTALL)


def recognition_failure(scored: dict) -> str:
    """Return why a row's recognition failed, from its score metadata ('' when it did not).

    A row scored over a failed decode records ``asr_error``; a sample the failure ended (the
    ASR pipeline's solver raises) is an error row whose ``cause`` or ``error`` reads
    ``ID: BACKEND recognition failed: WHY``.
    """
    if scored.get("asr_error"):
        return str(scored["asr_error"])
    for text in (scored.get("cause"), scored.get("error")):
        found = _FAILED.search(str(text or ""))
        if found:
            return found.group(1)
    return ""


def _listed(values: pd.Series) -> str:
    """Return the distinct values, sorted and joined; a failed decode's mark only when no
    decode recorded one."""
    found = set(values)
    return " | ".join(sorted(found - {NO_DECODE} or found))


def _commonest(causes: pd.Series) -> str:
    """Return the commonest failure cause of a group with its count ('' when none failed)."""
    counts = Counter(c for c in causes if c)
    if not counts:
        return ""
    cause, n = min(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return f"{cause} ({n} of {sum(counts.values())})"


def asr_settings_table(results: pd.DataFrame) -> pd.DataFrame:
    """Return, per model, task and condition of the ASR-pipeline rows: the ASR back-end, the
    recogniser's model, the settings and decoding mode the run recorded, the clips
    transcribed and those whose recognition failed (with the commonest cause, and how many
    it ended), and the Inspect logs that hold the transcripts.

    Reads ``item_metadata`` (``slp_asr``; ``slp_asr_model``, the model the run chose before
    any decode) and ``score_metadata`` (``asr_model``, ``asr_settings``, ``asr_mode``,
    ``asr_transcript``, ``asr_error``; an error row's ``error``) of each row as the run wrote
    them; models, settings or modes that differ within a condition are all listed
    (``" | "``), a row that recorded none says so, and a condition whose every recognition
    failed says that (``none: recognition failed``). Empty when no row went through an ASR.
    """
    rows = []
    for row in results.itertuples(index=False):
        item = _meta(getattr(row, "item_metadata", None))
        if not str(row.condition).startswith("asr") or not item.get("slp_asr"):
            continue
        scored = _meta(row.score_metadata)
        settings = scored.get("asr_settings")
        why = recognition_failure(scored)
        unrecorded = NO_DECODE if why else NOT_RECORDED
        rows.append({
            "model": row.model, "task": row.task, "condition": row.condition,
            "asr": item["slp_asr"], "item_id": row.item_id,
            "settings": unrecorded if settings is None else json.dumps(settings, sort_keys=True),
            "mode": scored.get("asr_mode") or unrecorded,
            "asr model": scored.get("asr_model") or item.get(ASR_MODEL) or NOT_RECORDED,
            "transcribed": not why and isinstance(scored.get("asr_transcript"), str),
            "failed": bool(why), "why": why, "log": str(getattr(row, "log_file", "") or ""),
        })  # fmt: skip
    if not rows:
        return pd.DataFrame(columns=SETTINGS_COLUMNS)
    frame = pd.DataFrame(rows)
    out = []
    keys = ["model", "task", "condition", "asr"]
    for key, group in frame.groupby(keys, sort=True):
        failed = group[group["failed"]].drop_duplicates("item_id")
        out.append({
            **dict(zip(keys, key, strict=True)),
            "asr model": " | ".join(sorted(set(group["asr model"]) - {NOT_RECORDED}))
            or NOT_RECORDED,
            "settings": _listed(group["settings"]),
            "mode": _listed(group["mode"]),
            "clips": group["item_id"].nunique(),
            "transcribed": group.loc[group["transcribed"], "item_id"].nunique(),
            "recognition failed": len(failed),
            "why it failed": _commonest(failed["why"]),
            "logs": ", ".join(sorted(set(group["log"]) - {""})),
        })  # fmt: skip
    return pd.DataFrame(out, columns=SETTINGS_COLUMNS)
