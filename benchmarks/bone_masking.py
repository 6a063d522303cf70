"""Type of loss on a public labelled audiogram set, bone masking as recorded vs strict.

The set: taylor-code/AudiometryMulticlassClassification (GitHub), commit
8220f14d733a94426cdd0a09741fe81a6321e17c, ``AudiometryClassificationML.ConsoleApp/Data/
AudiometryTest.csv`` (3,575 audiograms) and ``AudiometryTrain.csv`` (17,135): air and bone
conduction at 250-8000 Hz per ear, no masking recorded, and a type label per ear
("Left: Conductive & Right: Mixed"; a label without an ear applies to both; an ear not
named in a one-ear label is normal). It is not shipped here (no licence is stated);
fetch it and pass the CSV paths.

Prints, for each bone-masking reading (``as-recorded``: a bare value is the ear's own;
``strict``: a bare value is taken as unmasked, the rule before issue #26), the number of
ears whose type is ``undetermined`` and the agreement of each ear's type with its label.

    python benchmarks/bone_masking.py AudiometryTest.csv [AudiometryTrain.csv]

``benchmarks/type_agreement.py`` compares the same ears' types with two outside classifiers.
"""

from __future__ import annotations

import argparse
import csv
import inspect
from collections import Counter
from pathlib import Path

from clinbench.audiogram.audiogram_model import Audiogram
from clinbench.audiogram.classify import classify

EARS = {"L": "left", "R": "right"}
TYPES = ("normal", "conductive", "sensorineural", "mixed")


def _labels(text: str) -> dict[str, str]:
    """Return {ear: type} from a label such as 'Left: Conductive & Right: Mixed'."""
    out = {"right": "normal", "left": "normal"}
    parts = [p.strip() for p in text.split("&")]
    if len(parts) == 1 and ":" not in parts[0]:
        return {"right": parts[0].lower(), "left": parts[0].lower()}
    for part in parts:
        ear, kind = (s.strip() for s in part.split(":"))
        out[ear.lower()] = kind.lower()
    return out


def _audiogram(row: dict[str, str]) -> Audiogram:
    raw: dict = {"right": {"air": {}, "bone": {}}, "left": {"air": {}, "bone": {}}}
    for column, value in row.items():
        words = column.split()
        if len(words) == 4 and words[0] in EARS and words[1] in ("AC", "BC") and value != "":
            conduction = "air" if words[1] == "AC" else "bone"
            raw[EARS[words[0]]][conduction][words[2]] = int(value)
    return Audiogram.model_validate(raw)


def rows(paths: list[Path]) -> list[tuple[Audiogram, dict[str, str]]]:
    """Return (audiogram, labels) for every row of the CSV files."""
    out = []
    for path in paths:
        with path.open(newline="", encoding="utf-8") as handle:
            for row in csv.DictReader(handle):
                out.append((_audiogram(row), _labels(row["Type"])))
    return out


def score(data: list[tuple[Audiogram, dict[str, str]]], mode: str | None) -> dict:
    """Return undetermined-ear count and type agreement under one bone-masking reading."""
    kwargs = {} if mode is None else {"bone_masking": mode}
    got: Counter = Counter()
    agree = ears = 0
    for audiogram, labels in data:
        result = classify(audiogram, **kwargs)
        for ear in ("right", "left"):
            kind = result.ear(ear).type
            got[kind] += 1
            ears += 1
            agree += kind == labels[ear]
    return {"ears": ears, "undetermined": got["undetermined"], "agree": agree, "types": got}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv", nargs="+", type=Path)
    args = parser.parse_args()
    data = rows(args.csv)
    print(f"{len(data)} audiograms from {', '.join(p.name for p in args.csv)}")
    modes: list[str | None] = ["as-recorded", "strict"]
    if "bone_masking" not in inspect.signature(classify).parameters:
        modes = [None]  # a checkout before issue #26: bare bone values are unmasked
    for mode in modes:
        s = score(data, mode)
        print(
            f"bone masking {mode or 'unmasked (before #26)'}: undetermined ears "
            f"{s['undetermined']}/{s['ears']}; type agrees with the label "
            f"{s['agree']}/{s['ears']} ({s['agree'] / s['ears']:.3f}); "
            + ", ".join(f"{k}: {v}" for k, v in sorted(s["types"].items(), key=str))
        )


if __name__ == "__main__":
    main()
