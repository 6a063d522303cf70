"""benchmarks/type_agreement.py: reading the public set's CSV layout, the outside classifiers'
adapters and the agreement figures, on a synthetic CSV (the real set is not shipped).

Expected types were worked out by hand from each classifier's stated rule before the run.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
try:
    import type_agreement as ta
finally:
    sys.path.remove(str(ROOT / "benchmarks"))

FREQS = (250, 500, 1000, 2000, 4000, 8000)
HEADER = ["Type", "Degree", "Configuration"] + [
    f"{ear} {conduction} {f} Hz" for ear in "LR" for conduction in ("AC", "BC") for f in FREQS
]


def _row(label: str, left: tuple[int, int], right: tuple[int, int]) -> str:
    """A flat audiogram per ear: (air, bone) at every frequency."""
    values = [
        str(level)
        for air, bone in (left, right)
        for level in [air] * len(FREQS) + [bone] * len(FREQS)
    ]
    return ",".join([label, "x", "x", *values])


ROWS = [
    _row("Normal", (5, 5), (5, 5)),
    _row("Conductive", (40, 5), (40, 5)),
    _row("Left: Sensorineural & Right: Mixed", (50, 50), (60, 30)),
]

# A stand-in with the Stanford classifier's interface (a DataFrame in, the same DataFrame with
# R_/L_ type columns out). It checks the column layout it is given and calls an ear with a
# 500 Hz bone value below its air value by 10 dB or more "Conductive", else "SNHL".
STAND_IN = """
def HearingClassifier(df):
    expected = {f"{s}{f}" for s in "RL" for f in (250, 500, 1000, 2000, 3000, 4000, 6000, 8000)}
    expected |= {f"{s}Bone{f}" for s in "RL" for f in (500, 1000, 2000, 4000)}
    assert set(df.columns) == expected, sorted(set(df.columns) ^ expected)
    for s in "RL":
        gap = df[f"{s}500"] - df[f"{s}Bone500"]
        df[f"{s}_Type_HL"] = ["Conductive" if g >= 10 else "SNHL" for g in gap]
    return df
"""


@pytest.fixture
def data(tmp_path):
    path = tmp_path / "set.csv"
    path.write_text("\n".join([",".join(HEADER), *ROWS]) + "\n", encoding="utf-8")
    return ta.rows([path])


def test_labels_per_ear_right_then_left(data):
    assert ta.label_types(data) == [
        "normal", "normal", "conductive", "conductive", "mixed", "sensorineural"
    ]  # fmt: skip


def test_bone_masking_readings_of_a_flat_conductive_loss(data):
    # Bone 5 under air 40 needs masking (rule 2); strict reads the bare value as unmasked.
    assert ta.clinbench_types(data, "strict")[2:4] == ["undetermined", "undetermined"]
    assert ta.clinbench_types(data, "as-recorded") == ta.label_types(data)


def test_audiogram_package_types(data):
    # loss_type: air PTA <= 25 normal; gap < 10 sensorineural; bone <= 25 conductive; else mixed.
    assert ta.audiogram_package_types(data) == ta.label_types(data)


def test_stanford_adapter_layout_and_names(data, tmp_path):
    module = tmp_path / "stand_in.py"
    module.write_text(STAND_IN, encoding="utf-8")
    got = ta.stanford_types(data, ta.load_stanford(module))
    assert got == [
        "sensorineural", "sensorineural", "conductive", "conductive", "conductive",
        "sensorineural",
    ]  # fmt: skip


def test_agreement_and_kappa_by_hand():
    a = ["normal", "normal", "conductive", "conductive"]
    b = ["normal", "conductive", "conductive", "conductive"]
    # observed 3/4; chance 0.5*0.25 + 0.5*0.75 = 0.5; kappa (0.75 - 0.5) / 0.5 = 0.5
    assert ta.agreement(a, b) == {"ears": 4, "agree": 3, "raw": 0.75, "kappa": 0.5}
    with pytest.raises(ValueError, match="3 and 4 ears"):
        ta.agreement(a[:3], b)


def test_agreement_on_ears_both_call_a_loss():
    a = ["normal", "conductive", "mixed", "mixed", "undetermined"]
    b = ["sensorineural", "conductive", "conductive", "mixed", "mixed"]
    # only ears 2-4 are a loss for both: agree 2/3
    got = ta.loss_agreement(a, b)
    assert (got["ears"], got["agree"]) == (3, 2)
    assert ta.loss_agreement(["normal"], ["mixed"]) is None


def test_confusion_table_counts():
    table = ta.confusion(
        ["normal", "mixed", "mixed"], ["normal", "undetermined", "mixed"], "x", "y"
    )
    assert list(table.index) == list(ta.TYPES) == list(table.columns)
    assert table.loc["mixed", "undetermined"] == 1
    assert table.loc["mixed", "mixed"] == 1
    assert table.to_numpy().sum() == 3


def test_script_prints_every_pair(data, tmp_path):
    module = tmp_path / "stand_in.py"
    module.write_text(STAND_IN, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "type_agreement.py"), str(tmp_path / "set.csv"),
         "--stanford", str(module), "--no-tables"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    lines = result.stdout.splitlines()
    assert lines[0] == "3 audiograms (6 ears) from set.csv"
    assert "labels vs clinbench strict: agree 4/6 (0.667)" in lines[1]
    assert "labels vs clinbench as-recorded: agree 6/6 (1.000), Cohen's kappa 1.000" in lines[2]
    assert "labels vs Stanford (3freq): agree 3/6 (0.500)" in lines[3]
    assert len(lines) == 1 + 10  # five classifications, ten pairs
