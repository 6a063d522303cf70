"""Pre-registration of the verdict bar (issue 18 item 5)."""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime, timedelta

import pytest
from inspect_ai import eval as inspect_eval
from typer.testing import CliRunner

from clinbench.cli import _mount, app
from clinbench.stats.prereg import check_registration, register_verdict
from clinbench.suites.ausclin.items import DATA_DIR

runner = CliRunner()
_mount()
T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def test_the_registered_bar_raises_no_flag():
    reg = register_verdict(0.95, "wilson", item_set_sha256="abc", now=T0)
    later = (T0 + timedelta(days=1)).isoformat()
    check = check_registration(reg, 0.95, "wilson", "abc", later)
    assert check["as registered"] and check["registered before results"]
    assert check["item set matches"] and check["flags"] == []


def test_bar_changed_after_results_is_flagged():
    reg = register_verdict(0.95, "wilson", now=T0)
    check = check_registration(reg, 0.90, "wilson", None, (T0 + timedelta(hours=1)).isoformat())
    assert check["as registered"] is False
    assert any("bar changed: registered 95.0%, used 90.0%" in f for f in check["flags"])


def test_registration_after_the_results_is_flagged():
    reg = register_verdict(0.95, "wilson", now=T0)
    check = check_registration(reg, 0.95, "wilson", None, (T0 - timedelta(hours=2)).isoformat())
    assert check["registered before results"] is False
    assert any("after the first results" in f for f in check["flags"])


def test_edited_registration_and_other_item_set_are_flagged():
    reg = register_verdict(0.95, "wilson", item_set_sha256="abc", now=T0)
    edited = dict(reg, bar=0.90)  # someone lowers the bar in the file by hand
    check = check_registration(edited, 0.90, "wilson", "xyz", None)
    assert check["as registered"] is True  # matches the edited file ...
    assert any("seal mismatch" in f for f in check["flags"])  # ... but the seal catches it
    assert any("item set differs" in f for f in check["flags"])
    assert check_registration(None, 0.95, "wilson")["flags"]  # no registration is disclosed


def test_register_cli_writes_once_with_the_item_set_hash(tmp_path):
    out = tmp_path / "prereg.json"
    args = ["verdict", "register", "--bar", "0.95", "--method", "wilson",
            "--items", str(DATA_DIR / "sample.jsonl"), "-o", str(out)]  # fmt: skip
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert data["bar"] == 0.95 and len(data["item_set_sha256"]) == 64 and data["n_items"] == 25
    assert runner.invoke(app, args).exit_code == 2  # never replaced
    bad = ["verdict", "register", "--bar", "1.5", "-o", str(tmp_path / "x.json")]
    assert runner.invoke(app, bad).exit_code == 2


@pytest.fixture(scope="module")
def registered_run(tmp_path_factory):
    from clinbench.suites.ausclin.tasks import ausclin

    folder = tmp_path_factory.mktemp("prereg")
    prereg = folder / "prereg.json"
    args = ["verdict", "register", "--bar", "0.95", "--items", str(DATA_DIR / "sample.jsonl"),
            "-o", str(prereg)]  # fmt: skip
    assert runner.invoke(app, args).exit_code == 0
    log = inspect_eval(
        ausclin(condition="blind", prereg=str(prereg)),
        model="clinbench/replay/good-model",
        model_args={"responses": str(DATA_DIR / "replay_blind.csv")},
        log_dir=str(folder / "logs"),
        display="none",
    )[0]
    return folder, log


def test_ausclin_verdict_shows_the_registered_bar(registered_run):
    folder, log = registered_run
    result = runner.invoke(app, ["ausclin", "verdict", log.location, "--bar", "0.95"])
    assert result.exit_code == 0, result.output
    assert "FLAG" not in result.output


def test_ausclin_verdict_flags_a_changed_bar(registered_run):
    folder, log = registered_run
    result = runner.invoke(app, ["ausclin", "verdict", log.location, "--bar", "0.9"])
    assert result.exit_code == 0, result.output
    assert "FLAG blind: bar changed: registered 95.0%, used 90.0%" in result.output


def test_ausclin_verdict_flags_a_registration_written_after_the_run(registered_run):
    folder, log = registered_run
    late = folder / "late.json"
    # a registration is sealed to the second: one written within the second the run was
    # created in cannot be told apart from one written before it (CI met that once), so the
    # late one is written in a later second
    created = datetime.fromisoformat(log.eval.created)
    while datetime.now(UTC) < created.replace(microsecond=0) + timedelta(seconds=1.05):
        time.sleep(0.05)
    assert (
        runner.invoke(app, ["verdict", "register", "--bar", "0.9", "-o", str(late)]).exit_code == 0
    )
    args = ["ausclin", "verdict", log.location, "--bar", "0.9", "--prereg", str(late)]
    result = runner.invoke(app, args)
    assert "after the first results" in result.output


def test_ausclin_report_section_carries_the_registration(registered_run):
    from clinbench.results.export import results_table
    from clinbench.suites.ausclin.report import sections

    _, log = registered_run
    section = next(s for s in sections(results_table(log.location)) if "verdict" in s.title)
    table = section.tables["Verdict per condition"]
    assert bool(table.iloc[0]["as registered"]) and table.iloc[0]["registered bar"] == 0.95
    assert not any(n.startswith("FLAG") for n in section.notes)
