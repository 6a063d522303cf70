"""Difficulty tags: cognitive level (by a written rule or a model call) and pilot accuracy.

AudiologyBench tagged each item's difficulty from its cognitive level and from pilot-run
accuracy, and released the tag as item metadata. Here both are written into
``item.metadata`` with their source recorded:

- ``cognitive_level`` (recall / application / analysis) and ``cognitive_level_source``
  (``rule:bloom-v1`` with the cue that fired, or ``model:<name>`` with the log file);
- ``pilot_accuracy`` (share of pilot models correct), ``pilot_models`` and
  ``pilot_models_excluded`` (models whose every reply was excluded: disclosed, not scored).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

import pandas as pd
from pydantic import BaseModel, ConfigDict

from clinbench.curate.structured_calls import OK, load_prompt, structured_eval
from clinbench.items.loader import ItemFileError, ItemProblem
from clinbench.items.model import Item
from clinbench.scoring.outcomes import ANSWERED, CORRECT, EXCLUDED

LEVELS = ("recall", "application", "analysis")
RULE_NAME = "rule:bloom-v1"

# Cognitive levels adapted from the revised Bloom's taxonomy (Anderson & Krathwohl, 2001):
# remember -> recall; apply -> application; analyse/evaluate -> analysis. The first group
# whose cue occurs in the stem decides; analysis cues are tried first, then application
# cues (a patient vignette, measured values, a computation or a management choice), and
# an item with neither is a recall item.
_ANALYSIS_CUES = [
    r"most (?:likely|probable) (?:diagnosis|cause|explanation|site|lesion|reason)",
    r"best (?:explains?|accounts? for)",
    r"accounts? for",
    r"differential",
    r"(?:most )?consistent with",
    r"what do(?:es)? (?:these|the) (?:results|findings)",
    r"which finding",
    r"interpret",
    r"distinguish",
    r"\bwhy\b",
]
_APPLICATION_CUES = [
    r"\d+[- ]year[- ]old",
    r"\b(?:patient|client|child|infant|adult|man|woman|boy|girl|listener) "
    r"(?:with|who|has|had|presents|reports|is|was)\b",
    r"presents? with",
    r"\d+(?:\.\d+)?\s*(?:dB|Hz|kHz|ms|daPa|%)",
    r"\b(?:calculate|compute|estimate)\b",
    r"\bclassify\b",
    r"next step",
    r"(?:should|would) (?:you|the clinician|the audiologist)",
    r"\brecommend",
    r"\bmanage(?:ment)?\b",
]


def cognitive_level_rule(item: Item) -> tuple[str, str]:
    """Return (level, cue) for an item by the written rule (see ``_ANALYSIS_CUES``)."""
    if item.format == "case":
        return "analysis", "case format (several findings to integrate)"
    text = item.stem
    for level, cues in (("analysis", _ANALYSIS_CUES), ("application", _APPLICATION_CUES)):
        for cue in cues:
            match = re.search(cue, text, re.IGNORECASE)
            if match:
                return level, match.group(0)
    return "recall", "no application or analysis cue"


class CognitiveLevelReply(BaseModel):
    """A model's cognitive-level label for an item, with its reason."""

    model_config = ConfigDict(extra="forbid")
    level: Literal["recall", "application", "analysis"]
    reason: str


def _item_text(item: Item) -> str:
    text = item.stem
    options = getattr(item, "options", None)
    if isinstance(options, dict):
        text += "\n" + "\n".join(f"{k}. {v}" for k, v in options.items())
    return text


def cognitive_levels(
    items: Sequence[Item],
    *,
    method: str = "rule",
    model: Any = None,
    model_args: dict[str, Any] | None = None,
    log_dir: str | Path = "logs/curate",
) -> pd.DataFrame:
    """Return one row per item: ``item_id``, ``cognitive_level`` (None when the model reply
    did not parse or the call failed), ``source``, ``status``, ``detail``."""
    rows = []
    if method == "rule":
        for item in items:
            level, cue = cognitive_level_rule(item)
            rows.append(
                {"item_id": item.id, "cognitive_level": level,
                 "source": f"{RULE_NAME} (cue: {cue})", "status": OK, "detail": ""}
            )  # fmt: skip
    elif method == "model":
        if model is None:
            raise ValueError("method 'model' needs a model")
        template = load_prompt("cognitive_level")
        prompts = [
            (item.id, template.substitute(format=item.format, item=_item_text(item)), {})
            for item in items
        ]
        replies, log_file = structured_eval(
            "curate_cognitive_level",
            prompts,
            CognitiveLevelReply,
            model=model,
            model_args=model_args,
            log_dir=log_dir,
        )
        name = str(model)  # a Model prints as provider/name
        for item in items:
            reply = replies[item.id]
            rows.append(
                {
                    "item_id": item.id,
                    "cognitive_level": reply.value.level if reply.status == OK else None,
                    "source": f"model:{name} ({log_file})",
                    "status": reply.status,
                    "detail": reply.value.reason if reply.status == OK else reply.detail,
                }
            )
    else:
        raise ValueError(f"method must be 'rule' or 'model', got {method!r}")
    return pd.DataFrame(rows, columns=["item_id", "cognitive_level", "source", "status", "detail"])


def pilot_results(path: str | Path) -> pd.DataFrame:
    """Return the pilot models' results table (Parquet or CSV) for :func:`pilot_accuracy`.

    Read by :func:`clinbench.results.read_results` (the one results reader); raises
    ItemFileError for a file that cannot be read and for each column a pilot needs that lacks.
    """
    from clinbench.results import ResultsFileError, read_results

    try:
        frame = read_results(path)
    except ResultsFileError as err:
        raise ItemFileError([ItemProblem(err.path, err.line, err.field, err.message)]) from err
    missing = [c for c in ("item_id", "model", "outcome") if c not in frame.columns]
    if missing:
        raise ItemFileError(
            [ItemProblem(str(path), 1, c, "results-table column missing") for c in missing]
        )
    return frame


def pilot_accuracy(
    results: pd.DataFrame, *, scorer: str | None = None, condition: str | None = None
) -> pd.DataFrame:
    """Return per item: ``pilot_accuracy`` (share of pilot models correct), ``pilot_models``
    (models with an answered reply) and ``pilot_models_excluded`` (models whose every reply
    was excluded: parse_failed / error / unscored).

    Only exact-match outcomes count (correct / incorrect / declined answered; a decline is
    not correct). With several epochs a model's share correct on the item is used, so the
    figure is the mean over models. Rubric-graded rows are ignored. When the table holds
    several scorers, ``scorer`` must name one.
    """
    frame = results
    if condition is not None and "condition" in frame.columns:
        frame = frame[frame["condition"] == condition]
    frame = frame[frame["outcome"].isin(ANSWERED + EXCLUDED)]
    if "scorer" in frame.columns:
        if scorer is not None:
            frame = frame[frame["scorer"] == scorer]
        elif frame["scorer"].nunique() > 1:
            raise ValueError(
                f"the results table has several scorers {sorted(frame['scorer'].unique())}: "
                "name one"
            )
    columns = ["item_id", "pilot_accuracy", "pilot_models", "pilot_models_excluded"]
    if frame.empty:
        return pd.DataFrame(columns=columns)
    frame = frame.assign(
        answered=frame["outcome"].isin(ANSWERED), correct=frame["outcome"] == CORRECT
    )
    per_model = frame.groupby(["item_id", "model"]).agg(
        answered=("answered", "sum"), correct=("correct", "sum")
    )
    per_model["share"] = per_model["correct"] / per_model["answered"].where(
        per_model["answered"] > 0
    )
    per_item = per_model.groupby("item_id").agg(
        pilot_accuracy=("share", "mean"),
        pilot_models=("share", "count"),
        pilot_models_excluded=("share", lambda s: int(s.isna().sum())),
    )
    return per_item.reset_index()[columns]


def difficulty_band(accuracy: float, bands: tuple[float, float]) -> str:
    """Return ``hard`` below bands[0], ``easy`` at or above bands[1], else ``medium``."""
    low, high = bands
    if accuracy < low:
        return "hard"
    if accuracy >= high:
        return "easy"
    return "medium"


def tag_items(
    items: Sequence[Item],
    *,
    levels: pd.DataFrame | None = None,
    pilot: pd.DataFrame | None = None,
    bands: tuple[float, float] | None = None,
) -> list[Item]:
    """Return copies of the items with cognitive level and pilot accuracy in ``metadata``.

    An item whose level could not be obtained, or that no pilot model answered, gets no
    value for that tag (never a default). With ``bands``, ``difficulty`` is set from pilot
    accuracy (see :func:`difficulty_band`) where it is known.
    """
    level_rows = {} if levels is None else {r.item_id: r for r in levels.itertuples(index=False)}
    pilot_rows = {} if pilot is None else {r.item_id: r for r in pilot.itertuples(index=False)}
    tagged = []
    for item in items:
        metadata = dict(item.metadata)
        update: dict[str, Any] = {}
        level = level_rows.get(item.id)
        if level is not None and level.cognitive_level is not None and level.status == OK:
            metadata["cognitive_level"] = level.cognitive_level
            metadata["cognitive_level_source"] = level.source
        found = pilot_rows.get(item.id)
        if found is not None:
            metadata["pilot_models"] = int(found.pilot_models)
            metadata["pilot_models_excluded"] = int(found.pilot_models_excluded)
            if found.pilot_models > 0:
                metadata["pilot_accuracy"] = round(float(found.pilot_accuracy), 4)
                if bands is not None:
                    update["difficulty"] = difficulty_band(float(found.pilot_accuracy), bands)
        update["metadata"] = metadata
        copy = item.model_copy(update=update)
        copy._source_file, copy._source_line = item._source_file, item._source_line
        tagged.append(copy)
    return tagged
