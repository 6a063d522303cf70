"""The `clinbench audiogram` commands."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from clinbench.cli.audiogram_commands import app

from .conftest import DATA

runner = CliRunner()


def _case_file(tmp_path, name="B_right_conductive_adult"):
    path = tmp_path / "case.json"
    path.write_text(json.dumps(json.loads((DATA / "cases.json").read_text())[name]))
    return path


def test_classify_prints_each_ear_and_red_flags(tmp_path):
    result = runner.invoke(app, ["classify", str(_case_file(tmp_path))])
    assert result.exit_code == 0, result.output
    assert "right: pta 37.5 dB HL; degree moderate; type conductive; configuration flat" in (
        result.output
    )
    assert "red flag: Conductive loss with a type B tympanogram" in result.output
    as_json = runner.invoke(
        app, ["classify", str(_case_file(tmp_path)), "--standard", "asha", "--json"]
    )
    data = json.loads(as_json.output)
    assert data["standard"] == "asha" and data["right"]["degree"] == "mild"


def test_render_writes_a_png(tmp_path):
    out = tmp_path / "a.png"
    result = runner.invoke(app, ["render", str(_case_file(tmp_path)), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes()[:4] == b"\x89PNG"


def test_generate_then_check_a_case_item(tmp_path):
    result = runner.invoke(app, ["generate", "--n", "2", "--seed", "5", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    line = (tmp_path / "cases.jsonl").read_text().splitlines()[0]
    (tmp_path / "case.json").write_text(line)
    from clinbench.audiogram.rules_reply import rules_case_reply
    from clinbench.items.model import CaseItem

    (tmp_path / "reply.txt").write_text(rules_case_reply(CaseItem.model_validate_json(line)))
    checked = runner.invoke(
        app, ["check", str(tmp_path / "reply.txt"), "--case", str(tmp_path / "case.json"), "--json"]
    )
    assert checked.exit_code == 0, checked.output
    data = json.loads(checked.output)
    assert data["counts"]["contradiction"] == 0 and data["counts"]["match"] > 5


def test_check_table_names_critical_errors(tmp_path):
    (tmp_path / "reply.txt").write_text("Left ear: moderate conductive loss. Type B on the left.")
    result = runner.invoke(
        app, ["check", str(tmp_path / "reply.txt"), "--case", str(_case_file(tmp_path))]
    )
    assert result.exit_code == 0, result.output
    assert "critical errors: laterality_confusion" in result.output


def test_bad_input_exits_2_naming_file_line_and_field(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"right": {"air": {"500": 15, "1234": 20}}}')
    result = runner.invoke(app, ["classify", str(bad)])
    assert result.exit_code == 2
    assert f"{bad}:1: right.air" in result.output and "1234" in result.output
    broken = tmp_path / "broken.json"
    broken.write_text('{\n"right": ,\n}')
    result = runner.invoke(app, ["classify", str(broken)])
    assert result.exit_code == 2 and f"{broken}:2:" in result.output
    result = runner.invoke(app, ["classify", str(_case_file(tmp_path)), "--standard", "iso"])
    assert result.exit_code == 2 and "unknown standard" in result.output
    out = tmp_path / "x.png"
    result = runner.invoke(app, ["render", str(bad), "--out", str(out)])
    assert result.exit_code == 2 and not out.exists()


def test_a_bad_value_in_an_indented_file_names_its_own_line(tmp_path):
    bad = tmp_path / "indented.json"
    audiogram = {"right": {"air": {"500": 10, "1000": 20}}, "left": {"air": {"500": 10}}}
    audiogram["left"]["air"]["1000"] = 200  # above the audiometer's range
    bad.write_text(json.dumps(audiogram, indent=2))
    line = next(i for i, t in enumerate(bad.read_text().splitlines(), 1) if "200" in t)
    result = runner.invoke(app, ["classify", str(bad)])
    assert result.exit_code == 2
    assert f"{bad}:{line}: left.air.1000" in result.output


def test_a_file_that_is_not_utf8_exits_2(tmp_path):
    binary = tmp_path / "reply.txt"
    binary.write_bytes(b"\xff\xfe Right ear 30 dB")
    result = runner.invoke(app, ["check", str(binary), "--case", str(_case_file(tmp_path))])
    assert result.exit_code == 2 and "not UTF-8" in result.output
    result = runner.invoke(app, ["classify", str(binary)])
    assert result.exit_code == 2 and "not UTF-8" in result.output


def _shipped_case(tmp_path, case_id: str):
    from clinbench.suites.audiology.tasks import CASE_ITEMS

    for line in CASE_ITEMS.read_text().splitlines():
        if json.loads(line)["id"] == case_id:
            path = tmp_path / f"{case_id}.json"
            path.write_text(line)
            return path
    raise AssertionError(case_id)


# SmolLM2-135M's words on aud-case-002 (the one statement the rules read in its reply)
ONE_FINDING_REPLY = (
    "Q1: The speech audiometry report indicates that the patient has 80% word recognition "
    "at 75 dB HL.\n"
)


def test_a_check_with_one_finding_shows_its_row(tmp_path):
    """A real reply with one finding printed an empty table: every column of the one row
    went into the title ('verdict: match; kind: wrs; ...') and the empty 'critical error'
    column was then dropped, leaving no column to show."""
    (tmp_path / "reply.txt").write_text(ONE_FINDING_REPLY)
    result = runner.invoke(
        app,
        [
            "check",
            str(tmp_path / "reply.txt"),
            "--case",
            str(_shipped_case(tmp_path, "aud-case-002")),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "1 match, 0 contradiction" in result.output
    title, *body = result.output.splitlines()
    assert "verdict:" not in title and "kind:" not in title, title
    row = next(line for line in body if line.startswith("match"))
    assert "wrs" in row and "80" in row, result.output


def test_a_check_shows_a_value_per_ear_in_words(tmp_path):
    """The same real reply showed the case's word recognition as Python's dict,
    "{'right': 84, 'left': 80}", in the table's truth column."""
    (tmp_path / "reply.txt").write_text(ONE_FINDING_REPLY)
    case = _shipped_case(tmp_path, "aud-case-002")
    for fmt in ("table", "csv", "markdown"):
        result = runner.invoke(
            app, ["check", str(tmp_path / "reply.txt"), "--case", str(case), "-f", fmt]
        )
        assert result.exit_code == 0, result.output
        assert "{" not in result.stdout and "right 84, left 80" in result.stdout, result.stdout
