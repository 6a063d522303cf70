"""One accuracy interval on every surface: identical epochs never narrow it (#29 item 1).

A deterministic model repeats its replies in every epoch: 1, 3 and 5 epochs carry the same
information, so the run summary, ``stats accuracy``, ``analyze`` (every accuracy table), the
HTML report and the leaderboard must all give the one-epoch interval, with the items
counted as items and the epochs shown.
"""

from __future__ import annotations

import pandas as pd
import pytest
from statsmodels.stats.proportion import proportion_confint

from clinbench.stats.synthetic import synthetic_knowledge_results

N_ITEMS = 30


def _deterministic(epochs: int) -> pd.DataFrame:
    one = synthetic_knowledge_results(n_models=1, n_items=N_ITEMS, seed=4)
    one = one[one["outcome"].isin(["correct", "incorrect", "declined"])].copy()
    return pd.concat([one.assign(epoch=e) for e in range(1, epochs + 1)], ignore_index=True)


def _expected() -> tuple[int, int, tuple[float, float]]:
    one = _deterministic(1)
    k, n = int((one["outcome"] == "correct").sum()), len(one)
    low, high = proportion_confint(k, n, method="wilson")
    return k, n, (float(low), float(high))


def _accuracy_tables(epochs: int, folder) -> dict[str, pd.DataFrame]:
    from clinbench.report.analyze import analyze

    written = analyze(_deterministic(epochs), folder)
    tables = {p.name: pd.read_csv(p) for p in written if p.suffix == ".csv"}
    return {name: t for name, t in tables.items()
            if "CI95%_low" in t.columns and ({"accuracy", "value"} & set(t.columns))}  # fmt: skip


@pytest.mark.parametrize("epochs", [3, 5])
def test_analyze_gives_the_one_epoch_interval_and_counts_items(epochs, tmp_path):
    k, n, (low, high) = _expected()
    one = _accuracy_tables(1, tmp_path / "one")
    many = _accuracy_tables(epochs, tmp_path / "many")
    assert sorted(one) == sorted(many) and len(one) >= 4, sorted(many)
    for name, table in many.items():
        for side in ("CI95%_low", "CI95%_high"):
            assert table[side].to_numpy() == pytest.approx(one[name][side].to_numpy()), name
        if "items" in table.columns:
            assert table["items"].tolist() == one[name]["items"].tolist(), name
        if "epochs" in table.columns:
            assert set(table["epochs"]) == {epochs}, name
    board = next(t for name, t in many.items() if "accuracy-by-model" in name)
    assert (board["CI95%_low"].iloc[0], board["CI95%_high"].iloc[0]) == pytest.approx((low, high))
    assert board["items"].iloc[0] == n and board["epochs"].iloc[0] == epochs
    first = next(t for name, t in many.items() if "findings" in name)
    assert first["items"].iloc[0] == n


@pytest.mark.parametrize("epochs", [1, 3, 5])
def test_every_surface_gives_one_interval(epochs, tmp_path):
    from clinbench.report.generic import leaderboard_section, normalise
    from clinbench.report.headline import headline
    from clinbench.stats.leaderboard import summarise
    from clinbench.stats.repeated_epochs import accuracy_two_denominators
    from clinbench.summary import accuracy_table

    k, n, expected = _expected()
    df = normalise(_deterministic(epochs))
    cli = accuracy_two_denominators(df, by=["model"]).iloc[0]
    assert (cli["ci_answered_low"], cli["ci_answered_high"]) == pytest.approx(expected)
    assert cli["n_items"] == n and cli["n_epochs"] == epochs
    run = accuracy_table(df, by=["model"]).iloc[0]
    assert tuple(run["CI95%"]) == pytest.approx(expected)
    report = leaderboard_section(df, figures=False).tables["Accuracy by model"].iloc[0]
    assert tuple(report["CI95%"]) == pytest.approx(expected)
    assert report["items"] == n and report["epochs"] == epochs
    first = headline(df, pd.DataFrame()).iloc[0]
    assert tuple(first["CI95%"]) == pytest.approx(expected)
    assert first["items"] == n
    board = summarise(df).iloc[0]
    assert (board["ci_low"], board["ci_high"]) == pytest.approx(expected)


@pytest.mark.parametrize("epochs", [1, 5])
def test_the_html_report_prints_the_one_epoch_interval(epochs, tmp_path):
    from clinbench.report.generic import AnalysisOptions
    from clinbench.report.html import write_report

    _, _, (low, high) = _expected()
    page = write_report(_deterministic(epochs), tmp_path / "report.html",
                        options=AnalysisOptions(n_boot=200)).read_text()  # fmt: skip
    # the report prints an interval at the precision it supports (report.format.interval_text)
    from clinbench.report.format import interval_text

    def shown(lo: float, hi: float) -> str:
        return interval_text(f"{(lo + hi) / 2:.3f}", f"[{lo:.3f}, {hi:.3f}]").split(" ", 1)[1]

    one = shown(low, high)
    assert page.count(one) >= 3, one  # findings, leaderboard, domain breakdown
    # the per-row Wilson interval of 30 x epochs replies must appear nowhere
    from statsmodels.stats.proportion import proportion_confint

    k, n, _ = _expected()
    if epochs > 1:
        naive = proportion_confint(k * epochs, n * epochs, method="wilson")
        assert shown(*naive) not in page
