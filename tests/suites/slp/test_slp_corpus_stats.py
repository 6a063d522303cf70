"""Corpus statistics (children, samples, age range) from a manifest, checked by hand."""

from __future__ import annotations

import pandas as pd
from typer.testing import CliRunner

from clinbench.cli.slp_commands import app
from clinbench.suites.slp.corpus_stats import corpus_stats


def test_children_samples_and_ages_per_corpus(tmp_path):
    manifest = tmp_path / "m.csv"
    pd.DataFrame({
        "audio": [f"a{i}.wav" for i in range(5)],
        "label": ["speech_disorder"] * 5,
        "speaker_id": ["c1", "c1", "c2", "", "k9"],
        "age": [5, 5, 9, 7, ""],
        "corpus": ["alpha", "alpha", "alpha", "alpha", "beta"],
    }).to_csv(manifest, index=False)  # fmt: skip
    table = corpus_stats([manifest], check_audio=False).set_index("corpus")
    alpha = table.loc["alpha"]
    assert (alpha["children"], alpha["samples"], alpha["no speaker id"]) == (2, 4, 1)
    assert (alpha["age min"], alpha["age max"]) == (5, 9)
    assert table.loc["beta", "no age"] == 1 and pd.isna(table.loc["beta", "age min"])


def test_command_on_the_shipped_sample():
    from clinbench.suites import SUITES_DIR

    sample = SUITES_DIR / "slp" / "data" / "samples.csv"
    result = CliRunner().invoke(app, ["corpus-stats", str(sample), "-f", "csv"])
    assert result.exit_code == 0, result.output
    assert "synthetic-espeak,7,16,6" in result.output
    assert CliRunner().invoke(app, ["corpus-stats", "missing.csv"]).exit_code == 2
