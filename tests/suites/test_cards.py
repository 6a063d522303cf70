"""Suite cards match the shipped data (issue 16 item 5)."""

from __future__ import annotations

from typer.testing import CliRunner

from clinbench import suites
from clinbench.cli import _mount, app
from clinbench.suites.cards import SUITES_DIR, check_card, read_cards

runner = CliRunner()
_mount()


def test_every_suite_has_a_card_that_matches_its_samples():
    cards = {card["name"]: card for card in read_cards()}
    assert sorted(cards) == sorted(suites.suites())
    for card in cards.values():
        assert check_card(card) == [], check_card(card)
        assert set(card["tasks"]) <= set(suites.tasks())
        assert card["reference"]["source"] and card["reference"]["results"]


def test_a_card_that_drifts_from_its_data_is_caught():
    card = read_cards()[0]
    card["samples"][0] = dict(card["samples"][0], items=card["samples"][0]["items"] + 1,
                              item_set_sha256="0" * 64)  # fmt: skip
    problems = check_card(card)
    assert len(problems) == 2 and "update the card" in problems[1]


def test_suites_command_lists_and_checks_cards():
    result = runner.invoke(app, ["suites", "--check"])
    assert result.exit_code == 0, result.output
    assert "ausclin v1" in result.output and "published:" in result.output


def test_a_suite_run_records_its_card_version_in_the_log_and_every_row(tmp_path):
    """Run a suite task offline through the CLI, export, and find the card's version."""
    import yaml
    from inspect_ai.log import list_eval_logs, read_eval_log

    from clinbench.results import read_results

    card = yaml.safe_load((SUITES_DIR / "audiology" / "suite.yaml").read_text())
    out = tmp_path / "results.csv"
    result = runner.invoke(app, ["run", "audiology_objective", "--model", "clinbench/chance",
                                 "--limit", "3", "--log-dir", str(tmp_path / "logs"),
                                 "--out", str(out), "--display", "none"])  # fmt: skip
    assert result.exit_code == 0, result.output
    (log_info,) = list_eval_logs(str(tmp_path / "logs"))
    log = read_eval_log(log_info, header_only=True)
    assert log.eval.metadata["suite_version"] == str(card["version"])
    rows = read_results(out)
    assert len(rows) > 0 and (rows["suite_version"].astype(str) == str(card["version"])).all()
    assert rows["item_set_sha256"].str.fullmatch(r"[0-9a-f]{64}").all()


def test_an_imported_bank_has_no_suite_version(tmp_path):
    from inspect_ai import eval as inspect_eval

    from clinbench.item_tasks import clinbench_items
    from clinbench.results.export import results_table

    log = inspect_eval(clinbench_items(), model="clinbench/chance", limit=2,
                       log_dir=str(tmp_path), display="none")[0]  # fmt: skip
    assert "suite_version" not in (log.eval.metadata or {})
    frame = results_table(log.location)
    assert frame["suite_version"].fillna("").eq("").all()
