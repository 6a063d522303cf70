"""Read the outside validation set (see README.md here): audiograms with labels, and replies."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from clinbench.audiogram.audiogram_model import Audiogram

HERE = Path(__file__).parent


def _thresholds(text: str, *, bone: bool = False, recorded: bool = True) -> dict[str, Any]:
    """Return JSON thresholds from 'FREQ:VALUE[m|nr|mnr] ...'.

    The notation records masking: a bone value without ``m`` was tested unmasked, so it
    is written ``"masked": false`` (issue #26: a bare number means masking not recorded).
    ``recorded=False`` writes those values bare instead, as a set that does not record
    masking would.
    """
    out: dict[str, Any] = {}
    for token in text.split():
        freq, raw = token.split(":")
        suffix = raw.lstrip("-0123456789")
        masked, no_response = suffix in ("m", "mnr"), suffix in ("nr", "mnr")
        value = int(raw[: len(raw) - len(suffix)])
        if bone and recorded:
            out[freq] = {"value": value, "masked": masked, "no_response": no_response}
        elif masked or no_response:
            out[freq] = {"value": value, "masked": masked, "no_response": no_response}
        else:
            out[freq] = value
    return out


def audiogram_of(row: dict[str, Any], *, masking_recorded: bool = True) -> Audiogram:
    """Return the Audiogram written in one line of audiograms.jsonl.

    ``masking_recorded=False`` leaves out that bone without ``m`` was unmasked.
    """
    rb = _thresholds(row.get("RB", ""), bone=True, recorded=masking_recorded)
    lb = _thresholds(row.get("LB", ""), bone=True, recorded=masking_recorded)
    raw: dict[str, Any] = {
        "right": {"air": _thresholds(row["R"]), "bone": rb},
        "left": {"air": _thresholds(row["L"]), "bone": lb},
        "age_years": row.get("age"),
        "onset": row.get("onset"),
    }
    if "tymp" in row:
        raw["tympanometry"] = {
            ear: {"type": kind, "ear_canal_volume_ml": volume}
            for ear, (kind, volume) in row["tymp"].items()
        }
    if "speech" in row:
        raw["speech"] = {
            ear: {"srt_db": srt, "wrs_percent": wrs} for ear, (srt, wrs) in row["speech"].items()
        }
    return Audiogram.model_validate({k: v for k, v in raw.items() if v is not None})


def audiograms(name: str = "audiograms.jsonl") -> list[dict[str, Any]]:
    """Return the labelled audiograms: each row with its parsed ``audiogram``.

    ``audiograms.jsonl`` is the main set, ``masking.jsonl`` the unmasked-bone set.
    """
    rows = [json.loads(line) for line in (HERE / name).read_text().splitlines()]
    for row in rows:
        row["audiogram"] = audiogram_of(row)
    return rows


def replies(name: str = "replies.jsonl") -> list[dict[str, Any]]:
    """Return labelled replies (``id``, ``case``, ``critical_errors``, ``reply``, ``why``).

    ``replies.jsonl`` is the first outside batch, ``replies_batch2.jsonl`` the second.
    """
    return [json.loads(line) for line in (HERE / name).read_text().splitlines()]


def cases() -> dict[str, Audiogram]:
    """Return the validation audiograms by id, for the replies' ``case`` keys."""
    return {row["id"]: row["audiogram"] for row in audiograms()}
