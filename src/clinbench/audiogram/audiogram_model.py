"""The audiogram model: pure-tone thresholds per ear and the optional tests beside them.

JSON form (frequencies are string keys in JSON, integers in Python)::

    {"right": {"air": {"500": 15, "1000": 20, "4000": {"value": 60, "masked": true}},
               "bone": {"500": 10, "1000": {"value": 70, "no_response": true}}},
     "left": {...},
     "tympanometry": {"right": {"type": "A", "peak_pressure_dapa": -10, ...}, "left": {...}},
     "reflexes": {"right": {"ipsilateral": {"1000": 85}, "contralateral": {"1000": null}}},
     "speech": {"right": {"srt_db": 20, "wrs_percent": 96, "wrs_level_db": 60}},
     "oae": {"right": {"kind": "DPOAE", "result": "present"}},
     "abr": {"right": {"result": "normal", "wave_v_latency_ms": 5.6}},
     "age_years": 67, "onset": "gradual"}

A threshold is a bare number or an object with ``value``, ``masked`` and
``no_response``; a no-response threshold's value is the highest level presented. Masking
is as recorded: ``"masked": true`` (masked), ``"masked": false`` (tested unmasked) or
absent, as in a bare number (not recorded; ``Threshold.masked`` is None). An absent
frequency was not tested. An acoustic reflex of ``null`` was absent.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_serializer

FREQUENCIES = (250, 500, 750, 1000, 1500, 2000, 3000, 4000, 6000, 8000)
"""Audiometric test frequencies in Hz (octaves 250-8000 and the inter-octaves)."""

OCTAVE_FREQUENCIES = (250, 500, 1000, 2000, 4000, 8000)
EARS = ("right", "left")
Ear = Literal["right", "left"]
TympanogramType = Literal["A", "As", "Ad", "B", "C"]


class Threshold(BaseModel):
    """One threshold in dB HL; masked and no-response flags as on a clinical audiogram."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    value: int = Field(ge=-10, le=130, description="dB HL (for no response: the maximum level).")
    masked: bool | None = Field(
        default=None, description="True masked, False tested unmasked, None not recorded."
    )
    no_response: bool = False

    @model_serializer
    def _compact(self) -> int | dict[str, Any]:
        if self.masked is None and not self.no_response:
            return self.value
        out: dict[str, Any] = {"value": self.value}
        if self.masked is not None:
            out["masked"] = self.masked
        if self.no_response:
            out["no_response"] = True
        return out


def _threshold(raw: Any) -> Any:
    if isinstance(raw, bool):
        raise ValueError("a threshold must be a number of dB HL or an object, not a boolean")
    if isinstance(raw, int | float):
        if float(raw) != int(raw):
            raise ValueError(f"threshold {raw} must be a whole number of dB HL")
        return {"value": int(raw)}
    return raw


class EarThresholds(BaseModel):
    """Air- and bone-conduction thresholds of one ear, keyed by frequency in Hz."""

    model_config = ConfigDict(extra="forbid")

    air: dict[int, Threshold] = Field(default_factory=dict)
    bone: dict[int, Threshold] = Field(default_factory=dict)

    @field_validator("air", "bone", mode="before")
    @classmethod
    def _coerce(cls, raw: Any) -> Any:
        if not isinstance(raw, dict):
            return raw
        out = {}
        for key, value in raw.items():
            try:
                freq = int(key)
            except (TypeError, ValueError):
                raise ValueError(f"frequency {key!r} is not a number of Hz") from None
            if freq not in FREQUENCIES:
                raise ValueError(f"frequency {freq} Hz is not one of {list(FREQUENCIES)}")
            out[freq] = _threshold(value)
        return dict(sorted(out.items()))


class Tympanogram(BaseModel):
    """One ear's tympanogram: Jerger (1970) type and its measured values."""

    model_config = ConfigDict(extra="forbid")

    type: TympanogramType
    peak_pressure_dapa: float | None = None
    compliance_ml: float | None = Field(default=None, description="Static admittance (mmho/ml).")
    ear_canal_volume_ml: float | None = None


class AcousticReflexes(BaseModel):
    """Acoustic reflex thresholds in dB HL for one stimulated ear; null means absent."""

    model_config = ConfigDict(extra="forbid")

    ipsilateral: dict[int, int | None] = Field(default_factory=dict)
    contralateral: dict[int, int | None] = Field(default_factory=dict)

    def measured(self) -> list[int | None]:
        """Return every reflex threshold measured (None where absent)."""
        return list(self.ipsilateral.values()) + list(self.contralateral.values())


class SpeechScores(BaseModel):
    """Speech audiometry for one ear: speech reception threshold and word recognition."""

    model_config = ConfigDict(extra="forbid")

    srt_db: int | None = Field(default=None, description="Speech reception threshold, dB HL.")
    wrs_percent: int | None = Field(default=None, ge=0, le=100)
    wrs_level_db: int | None = Field(default=None, description="Presentation level, dB HL.")


class OAEResult(BaseModel):
    """Otoacoustic emissions for one ear."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["DPOAE", "TEOAE"] = "DPOAE"
    result: Literal["present", "absent", "reduced"]


class ABRResult(BaseModel):
    """Auditory brainstem response for one ear."""

    model_config = ConfigDict(extra="forbid")

    result: Literal["normal", "abnormal", "absent"]
    wave_v_latency_ms: float | None = None
    threshold_db_nhl: int | None = None
    note: str | None = None


class Audiogram(BaseModel):
    """One person's audiometric results, ear by ear."""

    model_config = ConfigDict(extra="forbid")

    right: EarThresholds = Field(default_factory=EarThresholds)
    left: EarThresholds = Field(default_factory=EarThresholds)
    tympanometry: dict[Ear, Tympanogram] | None = None
    reflexes: dict[Ear, AcousticReflexes] | None = None
    speech: dict[Ear, SpeechScores] | None = None
    oae: dict[Ear, OAEResult] | None = None
    abr: dict[Ear, ABRResult] | None = None
    age_years: int | None = Field(default=None, ge=0, le=120)
    onset: Literal["sudden", "gradual", "congenital", "unknown"] | None = None

    def ear(self, ear: str) -> EarThresholds:
        """Return the thresholds of ``ear`` ('right' or 'left')."""
        if ear not in EARS:
            raise ValueError(f"ear must be 'right' or 'left', got {ear!r}")
        return self.right if ear == "right" else self.left

    def to_json_dict(self) -> dict[str, Any]:
        """Return the JSON form, leaving out tests that were not done."""
        return self.model_dump(mode="json", exclude_none=True)


def load_audiogram(path: str | Path) -> Audiogram:
    """Return the audiogram in a JSON file (a bare audiogram or a case item with one)."""
    path = Path(path)
    raw = json.loads(path.read_text(encoding="utf-8"))
    return audiogram_from_json(raw)


def audiogram_from_json(raw: Any) -> Audiogram:
    """Return the audiogram in a parsed JSON object (bare, or a case item's ``data.audiogram``)."""
    if isinstance(raw, dict) and "data" in raw and isinstance(raw["data"], dict):
        if "audiogram" not in raw["data"]:
            raise ValueError("the case item has no data.audiogram")
        raw = raw["data"]["audiogram"]
    return Audiogram.model_validate(raw)
