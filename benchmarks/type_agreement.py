"""Type of loss per ear: clinbench against a public set's labels and two outside classifiers.

For the same ears of the public labelled set that ``benchmarks/bone_masking.py`` reads
(taylor-code/AudiometryMulticlassClassification: AC and BC at 250-8000 Hz, no masking
recorded, a type label per ear; not shipped, no licence is stated), prints the raw agreement
and Cohen's kappa (scikit-learn) of every pair among:

- the set's labels;
- clinbench, bone masking ``strict`` (a bare bone value read as unmasked: the rule before
  issue #26) and ``as-recorded`` (a bare value taken as the ear's own threshold: the default);
- the StanfordAudiology classifier (github.com/MalcolmSlaney/StanfordAudiology,
  ``Clinic/ToDisseminate/hearing_loss_classifier.py`` at commit 381b292, Apache-2.0; it
  needs only pandas and numpy, so it runs offline): its ``HearingClassifier``
  is imported from the file passed with ``--stanford`` and called on a DataFrame in its own
  column layout (``R500``, ``RBone500``, ...). It is not shipped either;
- the PyPI package ``audiogram`` (``EarAudiogram.loss_type()``, WHO 2021 default), installed
  with clinbench's ``benchmarks`` extra.

then the confusion table of each pair.

The set is generated, not clinical: its audiograms and labels come from the same author's
generator (github.com/taylor-code/AudiometryDataGeneration, same CSV layout), whose rules
call -10 to 15 dB normal and 16 to 25 dB a "slight" loss with a type. The outside
classifiers call an ear normal by a pure-tone average of 25 dB or less, so most of their
disagreement with the labels is over whether there is a loss at all; the figure on the ears
both call a loss compares the choice of type alone. Every ear is counted; an ear a classifier leaves
without a type (clinbench ``undetermined``, Stanford ``Unknown``, ``audiogram`` ``None``) is
the category ``undetermined``, so it counts as a disagreement in the raw figure and as its
own category in kappa.

    python benchmarks/type_agreement.py AudiometryTest.csv [AudiometryTrain.csv] \\
        --stanford StanfordAudiology/Clinic/ToDisseminate/hearing_loss_classifier.py
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path

import pandas as pd
from sklearn.metrics import cohen_kappa_score

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bone_masking import rows  # noqa: E402  (the set's reader lives there, once)

from clinbench.audiogram.audiogram_model import EARS, Audiogram  # noqa: E402
from clinbench.audiogram.classify import classify  # noqa: E402

TYPES = ("normal", "conductive", "sensorineural", "mixed", "undetermined")
STANFORD_TYPES = {
    "Normal": "normal",
    "Conductive": "conductive",
    "SNHL": "sensorineural",
    "Mixed": "mixed",
    "Unknown": "undetermined",
}
# The Stanford classifier's three type columns: PTA over 0.5/1/2 kHz (its first), over
# 0.5/1/2/4 kHz, and over 1/2/4 kHz.
STANFORD_COLUMNS = {"3freq": "Type_HL", "4freq": "Type_HL_4freq", "hf": "Type_HL_HF"}
STANFORD_AIR = (250, 500, 1000, 2000, 3000, 4000, 6000, 8000)
STANFORD_BONE = (500, 1000, 2000, 4000)

Data = list[tuple[Audiogram, dict[str, str]]]


def label_types(data: Data) -> list[str]:
    """Return the set's type label of every ear (right then left, row by row)."""
    return [labels[ear] for _, labels in data for ear in EARS]


def clinbench_types(data: Data, bone_masking: str) -> list[str]:
    """Return clinbench's type of every ear under one bone-masking reading."""
    out = []
    for audiogram, _ in data:
        result = classify(audiogram, bone_masking=bone_masking)
        out.extend(result.ear(ear).type or "undetermined" for ear in EARS)
    return out


def _value(audiogram: Audiogram, ear: str, conduction: str, frequency: int) -> float:
    threshold = getattr(getattr(audiogram, ear), conduction).get(frequency)
    return float("nan") if threshold is None else float(threshold.value)


def stanford_frame(data: Data) -> pd.DataFrame:
    """Return the audiograms as a DataFrame in the Stanford classifier's column layout."""
    records = []
    for audiogram, _ in data:
        record = {}
        for ear, side in (("right", "R"), ("left", "L")):
            for f in STANFORD_AIR:
                record[f"{side}{f}"] = _value(audiogram, ear, "air", f)
            for f in STANFORD_BONE:
                record[f"{side}Bone{f}"] = _value(audiogram, ear, "bone", f)
        records.append(record)
    return pd.DataFrame.from_records(records)


def load_stanford(path: Path) -> Callable[[pd.DataFrame], pd.DataFrame]:
    """Return ``HearingClassifier`` imported from the Stanford classifier's file."""
    spec = importlib.util.spec_from_file_location("stanford_hearing_loss_classifier", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"{path}: not a Python file")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.HearingClassifier


def stanford_types(
    data: Data, classifier: Callable[[pd.DataFrame], pd.DataFrame], pta: str = "3freq"
) -> list[str]:
    """Return the Stanford classifier's type of every ear (its ``R_``/``L_`` type columns)."""
    frame = classifier(stanford_frame(data))
    column = STANFORD_COLUMNS[pta]
    out = []
    for right, left in zip(frame[f"R_{column}"], frame[f"L_{column}"], strict=True):
        out.extend((STANFORD_TYPES[right], STANFORD_TYPES[left]))
    return out


def audiogram_package_types(data: Data) -> list[str]:
    """Return the PyPI ``audiogram`` package's ``loss_type()`` of every ear."""
    from audiogram import EarAudiogram  # the benchmarks extra; imported only when used

    out = []
    for audiogram, _ in data:
        for ear in EARS:
            thresholds = getattr(audiogram, ear)
            kind = EarAudiogram(
                air={f: float(t.value) for f, t in thresholds.air.items()},
                bone={f: float(t.value) for f, t in thresholds.bone.items()},
            ).loss_type()
            out.append(kind or "undetermined")
    return out


def agreement(a: list[str], b: list[str]) -> dict:
    """Return ears, ears agreeing, raw agreement and Cohen's kappa of two type lists."""
    if len(a) != len(b) or not a:
        raise ValueError(f"type lists of {len(a)} and {len(b)} ears cannot be compared")
    agree = sum(x == y for x, y in zip(a, b, strict=True))
    return {
        "ears": len(a),
        "agree": agree,
        "raw": agree / len(a),
        "kappa": float(cohen_kappa_score(a, b, labels=list(TYPES))),
    }


LOSS_TYPES = ("conductive", "sensorineural", "mixed")


def loss_agreement(a: list[str], b: list[str]) -> dict | None:
    """Return the agreement on the ears both call a loss of some type (None if there are none).

    This leaves out where the two differ on whether there is a loss at all (for example an
    ear normal by its pure-tone average but with a high-frequency loss) and on undetermined
    ears, so it compares the choice of type alone.
    """
    pairs = [(x, y) for x, y in zip(a, b, strict=True) if x in LOSS_TYPES and y in LOSS_TYPES]
    if not pairs:
        return None
    return agreement([x for x, _ in pairs], [y for _, y in pairs])


def confusion(a: list[str], b: list[str], name_a: str, name_b: str) -> pd.DataFrame:
    """Return the confusion table of two type lists (rows ``name_a``, columns ``name_b``)."""
    table = pd.crosstab(
        pd.Categorical(a, categories=TYPES), pd.Categorical(b, categories=TYPES), dropna=False
    )
    table.index.name, table.columns.name = name_a, name_b
    return table


def compare(columns: dict[str, list[str]]) -> list[tuple[str, str, dict, pd.DataFrame]]:
    """Return (name, name, agreement, confusion table) for every pair of classifications."""
    names = list(columns)
    return [
        (a, b, agreement(columns[a], columns[b]), confusion(columns[a], columns[b], a, b))
        for i, a in enumerate(names)
        for b in names[i + 1 :]
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv", nargs="+", type=Path)
    parser.add_argument("--stanford", type=Path, help="path to hearing_loss_classifier.py")
    parser.add_argument("--stanford-pta", choices=sorted(STANFORD_COLUMNS), default="3freq")
    parser.add_argument("--no-tables", action="store_true", help="agreement lines only")
    args = parser.parse_args()
    data = rows(args.csv)
    print(
        f"{len(data)} audiograms ({2 * len(data)} ears) from {', '.join(p.name for p in args.csv)}"
    )
    columns = {
        "labels": label_types(data),
        "clinbench strict": clinbench_types(data, "strict"),
        "clinbench as-recorded": clinbench_types(data, "as-recorded"),
    }
    if args.stanford is not None:
        columns[f"Stanford ({args.stanford_pta})"] = stanford_types(
            data, load_stanford(args.stanford), args.stanford_pta
        )
    else:
        print("Stanford classifier: not run (pass --stanford PATH to hearing_loss_classifier.py)")
    try:
        columns["PyPI audiogram"] = audiogram_package_types(data)
    except ImportError as error:
        print(f"PyPI audiogram: not run ({error}; pip install 'clinbench[benchmarks]')")
    results = compare(columns)
    for a, b, s, _ in results:
        line = (
            f"{a} vs {b}: agree {s['agree']}/{s['ears']} ({s['raw']:.3f}), "
            f"Cohen's kappa {s['kappa']:.3f}"
        )
        loss = loss_agreement(columns[a], columns[b])
        if loss is not None:
            line += (
                f"; on ears both call a loss: {loss['agree']}/{loss['ears']} "
                f"({loss['raw']:.3f}), kappa {loss['kappa']:.3f}"
            )
        print(line)
    if not args.no_tables:
        with pd.option_context("display.width", 120):
            for _, _, _, table in results:
                print()
                print(table.to_string())


if __name__ == "__main__":
    main()
