"""Pre-registration of the verdict bar: fix the bar and interval method before results exist.

``register_verdict`` writes the bar, the interval method, the confidence, the item set's
content hash and a UTC timestamp, sealed with a SHA-256 over those fields. At verdict time
``check_registration`` compares what was used with what was registered and flags:

- a bar or method that differs from the registered one;
- a registration made after the first results it is applied to were created (so the bar
  may have been chosen knowing them -- the disclosure AusClinBench had to make by hand);
- an item set whose hash differs from the registered one;
- a registration file whose seal no longer matches its fields (edited after writing).

A timestamp written by the registrant proves nothing on its own: a registration is
evidence only where it was published or committed somewhere dated before the results (a
git commit, a preprint, an OSF registration). This module says what the file claims.
"""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from clinbench.io import atomic_write_text
from clinbench.stats.verdict import INTERVAL_METHODS

PREREG_VERSION = 1
SEALED = ("prereg_version", "registered_at", "bar", "method", "confidence",
          "item_set_sha256", "n_items", "condition", "note")  # fmt: skip


def _seal(fields: dict[str, Any]) -> str:
    body = {k: fields.get(k) for k in SEALED}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def register_verdict(
    bar: float,
    method: str = "wilson",
    confidence: float = 0.95,
    item_set_sha256: str | None = None,
    n_items: int | None = None,
    condition: str | None = None,
    note: str | None = None,
    now: datetime | None = None,
) -> dict[str, Any]:
    """Return a sealed registration of the verdict bar and method (a JSON-ready dict)."""
    if not 0.0 < bar < 1.0:
        raise ValueError(f"bar must be strictly between 0 and 1, got {bar}")
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be strictly between 0 and 1, got {confidence}")
    if method not in INTERVAL_METHODS:
        raise ValueError(
            f"unknown interval method {method!r}; use one of {sorted(INTERVAL_METHODS)}"
        )
    moment = (now or datetime.now(UTC)).astimezone(UTC)
    fields = {
        "prereg_version": PREREG_VERSION,
        "registered_at": moment.isoformat(timespec="seconds"),
        "bar": float(bar),
        "method": method,
        "confidence": float(confidence),
        "item_set_sha256": item_set_sha256,
        "n_items": n_items,
        "condition": condition,
        "note": note,
    }
    return {**fields, "sha256": _seal(fields)}


def read_registration(path: str | Path) -> dict[str, Any]:
    """Return the registration in a JSON file; ValueError naming the file if it is not one."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as err:
        raise ValueError(f"{path}: cannot read the registration: {err}") from err
    missing = [k for k in ("registered_at", "bar", "method", "sha256") if k not in data]
    if not isinstance(data, dict) or missing:
        raise ValueError(f"{path}: not a verdict registration (missing {', '.join(missing)})")
    return data


def write_registration(registration: dict[str, Any], path: str | Path) -> Path:
    """Write a registration as JSON, refusing to overwrite an existing one; return the path."""
    path = Path(path)
    if path.exists():
        raise FileExistsError(f"{path} exists: a registration is written once, never replaced")
    return atomic_write_text(path, json.dumps(registration, indent=2) + "\n")


def _moment(text: str | None) -> datetime | None:
    if not text:
        return None
    try:
        moment = datetime.fromisoformat(str(text))
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def check_registration(
    registration: dict[str, Any] | None,
    bar: float,
    method: str,
    item_set_sha256: str | None = None,
    results_created: str | None = None,
) -> dict[str, Any]:
    """Return how the verdict's bar and method relate to the registration, with flags.

    Keys: ``registered`` (bool), ``registered bar``, ``registered method``, ``registered
    at``, ``as registered`` (bool: bar and method both match), ``registered before
    results`` (True / False / None when a time is unknown), ``item set matches`` (True /
    False / None), ``flags`` (list of plain sentences, empty when nothing is wrong).
    """
    if not registration:
        keys = ("registered bar", "registered method", "registered at", "as registered",
                "registered before results", "item set matches")  # fmt: skip
        empty = dict.fromkeys(keys)
        flag = "no pre-registered bar: the bar was chosen without a registration"
        return {"registered": False, **empty, "flags": [flag]}
    flags = []
    reg_bar, reg_method = float(registration["bar"]), str(registration["method"])
    same = abs(reg_bar - float(bar)) < 1e-12 and reg_method == method
    if abs(reg_bar - float(bar)) >= 1e-12:
        flags.append(f"bar changed: registered {reg_bar:.1%}, used {float(bar):.1%}")
    if reg_method != method:
        flags.append(f"interval method changed: registered {reg_method}, used {method}")
    registered, created = _moment(registration.get("registered_at")), _moment(results_created)
    before = None if registered is None or created is None else registered <= created
    if before is False:
        flags.append(
            f"registered at {registration['registered_at']}, after the first results "
            f"({results_created}): the bar may have been set knowing them"
        )
    reg_hash = registration.get("item_set_sha256")
    matches = None if not reg_hash or not item_set_sha256 else reg_hash == item_set_sha256
    if matches is False:
        flags.append("item set differs from the registered one (item-set hash mismatch)")
    if registration.get("sha256") != _seal(registration):
        flags.append("the registration file was edited after it was written (seal mismatch)")
    return {
        "registered": True,
        "registered bar": reg_bar,
        "registered method": reg_method,
        "registered at": registration.get("registered_at"),
        "as registered": same,
        "registered before results": before,
        "item set matches": matches,
        "flags": flags,
    }
