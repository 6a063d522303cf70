"""`--format json` on every command that prints a table (issue 17 item 1): each one is run
on small inputs made here and its stdout must parse as one JSON document of tables."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

from clinbench.cli import _mount, app
from clinbench.results import write_results
from clinbench.results.schema import RESULT_COLUMNS
from tests.suites.test_paper_map import labelled_audit, reference_audit  # noqa: F401 (fixtures)

ROOT = Path(__file__).resolve().parents[2]
AUDIOLOGY = ROOT / "src" / "clinbench" / "suites" / "audiology"
AUSCLIN_DATA = ROOT / "src" / "clinbench" / "suites" / "ausclin" / "data"
CURATION = AUDIOLOGY / "data" / "curation_example"
runner = CliRunner()
_mount()


def _results(path: Path) -> Path:
    rows = []
    for n, (outcome, answer) in enumerate([("correct", "a"), ("incorrect", "b"),
                                           ("correct", "a"), ("declined", "")]):  # fmt: skip
        row = dict.fromkeys(RESULT_COLUMNS, "")
        row.update(suite="s", task="t", model="org/model-x", item_id=f"i{n}", condition="default",
                   epoch=1, epochs=1, target="a", extracted_answer=answer, outcome=outcome,
                   response=answer, score=1.0 if outcome == "correct" else 0.0,
                   input_tokens=10, output_tokens=5, latency_s=0.1)  # fmt: skip
        rows.append(row)
    return write_results(pd.DataFrame(rows, columns=RESULT_COLUMNS), path)


def _case_scores(path: Path) -> Path:
    from clinbench.stats.synthetic import synthetic_case_results

    cases = synthetic_case_results(n_models=3, n_cases=8, seed=1)
    return write_results(cases[cases["outcome"] == "graded"], path)


def _nli_results(path: Path) -> Path:
    rows = []
    for item in ("c1", "c2"):
        for epoch in range(1, 4):
            label = "contradiction" if item == "c1" else "entailment"
            rows.append({c: None for c in RESULT_COLUMNS} | {
                "model": "m", "item_id": item, "epoch": epoch, "question": "Q1",
                "scorer": "nli_contradiction", "outcome": "graded",
                "score": float(label == "contradiction"),
                "score_metadata": json.dumps({"nli_label": label})})  # fmt: skip
    return write_results(pd.DataFrame(rows, columns=RESULT_COLUMNS), path)


def _panel_table() -> pd.DataFrame:
    from tests.stats.test_judge_agreement import BINARY, _rows, _table

    return _table(_rows("answer_adjudicator", BINARY))


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> dict[str, str]:
    from tests.curate.conftest import PASSAGES, SCREEN_REPLIES, _write_replies, write_jsonl
    from tests.suites.slp.test_slp_finetune_gain import _table as slp_table

    folder = tmp_path_factory.mktemp("format_inputs")
    labels = folder / "labels.csv"
    labels.write_text("a,b,score,group\n1,1,3,x\n0,1,4,x\n1,1,8,y\n0,0,9,y\n1,0,7,y\n0,0,2,x\n")
    items = folder / "items.jsonl"
    items.write_text('{"format": "tf", "id": "t1", "stem": "A type B tympanogram is flat.", '
                     '"answer": true}\n')  # fmt: skip
    case = json.loads((AUDIOLOGY / "data" / "cases.jsonl").read_text().splitlines()[0])
    (folder / "case.json").write_text(json.dumps(case))
    (folder / "reply.txt").write_text("Right ear: normal hearing. Left ear: normal hearing.")
    logs = folder / "case-logs"
    done = runner.invoke(app, ["run", "audiology_cases", "--limit", "1", "--log-dir", str(logs),
                               "--display", "none"])  # fmt: skip
    assert done.exit_code == 0, done.output
    graded = folder / "case_results.csv"  # the rubric-graded rows of that run
    done = runner.invoke(app, ["results", "export", str(logs), "--out", str(graded)])
    assert done.exit_code == 0, done.output
    ausclin = folder / "ausclin.csv"
    done = runner.invoke(app, ["run", "ausclin", "--limit", "4", "--log-dir",
                               str(folder / "ausclin-logs"), "--out", str(ausclin),
                               "--display", "none"])  # fmt: skip
    assert done.exit_code == 0, done.output
    return {
        "ausclin": str(ausclin),
        "labels": str(labels),
        "results": str(_results(folder / "results.csv")),
        "nli": str(_nli_results(folder / "nli.csv")),
        "panel": str(write_results(_panel_table(), folder / "panel.csv")),
        "items": str(items),
        "case": str(folder / "case.json"),
        "reply": str(folder / "reply.txt"),
        "case_logs": str(logs),
        "rubric": str(AUDIOLOGY / "rubric.yaml"),
        "passages": str(write_jsonl(folder / "passages.jsonl", PASSAGES)),
        "screen": str(_write_replies(folder / "screen.csv", dict(SCREEN_REPLIES))),
        "folder": str(folder),
        "cases": str(_case_scores(folder / "cases.csv")),
        "graded": str(graded),
        "slp": str(write_results(slp_table(), folder / "slp.parquet")),
    }


# command path -> its arguments (from `inputs`); every command that prints a table is here
COMMANDS = {
    "stats agreement": ["{labels}", "--a", "a", "--b", "b", "--n-boot", "200"],
    "stats compare": ["{labels}", "--value", "score", "--group", "group"],
    "stats proportion": ["52", "64"],
    "stats verdict": ["130", "137"],
    "stats accuracy": ["{results}"],
    "stats classification": ["{results}"],
    "stats judges": ["{panel}", "--n-boot", "200"],
    "stats power": ["--true-accuracy", "0.9"],
    "stats icc": ["{cases}"],
    "stats mixed": ["{cases}"],
    "results cost": ["{results}"],
    "curate screen": [
        "{passages}",
        "--model",
        "clinbench/replay/gemini-frozen",
        "-M",
        "responses={screen}",
        "--log-dir",
        "{folder}/screen-logs",
    ],
    "curate freshness": ["{items}", "--timeout", "0.5"],
    "audiogram check": ["{reply}", "--case", "{case}"],
    "audiology regrade": ["{case_logs}", "--rubric", "{rubric}", "--out", "{folder}/re.csv"],
    "audiology stability": ["{nli}", "--min-agree", "3"],
    "run": ["{items}", "--log-dir", "{folder}/run-logs", "--display", "none"],
    "audiology caps": ["{graded}"],
    "audiology subdimensions": ["{graded}"],
    "audiology rubric": [],
    "suites": ["--tables", "audiology"],
    "slp finetune-gain": ["{slp}", "--base", "base", "--tuned", "tuned", "--resamples", "100"],
    "slp corpus-stats": [str(ROOT / "src/clinbench/suites/slp/data/samples.csv")],
    "ausclin trend": ["{ausclin}", "--models", str(AUSCLIN_DATA / "model_releases_example.csv")],
    "ausclin correction": [str(AUSCLIN_DATA / "correction_before_example.csv"), "{ausclin}"],
    "curate flow": [
        *(
            "--screening",
            str(CURATION / "screening.csv"),
            "--adapted",
            str(CURATION / "drafts.jsonl"),
        ),
        *("--normalised", str(CURATION / "normalised.jsonl")),
        *("--dedup", str(CURATION / "dedup" / "decisions.csv")),
        *("--unique", str(CURATION / "unique.jsonl"), "--tagged", str(CURATION / "tagged.jsonl")),
        *("--final", str(CURATION / "final.jsonl")),
    ],
    "slp cot": [str(ROOT / "src/clinbench/suites/slp/data/cot_traces_labelled.csv")],
    "slp transcribe": [
        str(ROOT / "src/clinbench/suites/slp/data/real/001.wav"),
        "--expected",
        "ten of clubs",
    ],
    **{
        f"ausclin {name}": ["{ausclin}"]
        for name in (
            "summary",
            "verdict",
            "exclusions",
            "severity",
            "repeat",
            "rewording",
            "framing",
            "pushback",
            "conditions",
            "traps",
            "unclassified",
        )
    },
}
# table commands whose --format json is tested in their own areas (slow inputs: a whole
# demo, an interrupted eval set, a leaderboard file, a reviewed audit, SLP label rows)
ELSEWHERE = {
    "demo",
    "resume",
    "leaderboard show",
    "leaderboard trend",
    "audit panel",
    "slp summary",
    "slp self-evolve",  # needs a generator, a trainer and a served model: tests/suites/slp
}  # the last two parsed in tests/audit/test_panel.py, test_slp_bar.py
# commands that need the output of the one before (drafts -> review audit -> sign-off) or a
# labelled audit: parsed in test_chained_commands_print_one_json_document below
CHAINED = {
    "curate draft-references",
    "curate review-references",
    "curate sign-references",
    "audit reweighted",
    "audit references",
    "ausclin signoff-sheet",
    "ausclin signoff",
}


def _command_paths() -> dict[str, object]:
    from clinbench.cli.help_text import command as build

    found: dict[str, object] = {}

    def walk(command, path: str) -> None:
        for name, sub in (getattr(command, "commands", None) or {}).items():
            walk(sub, f"{path} {name}".strip())
        if not getattr(command, "commands", None):
            found[path] = command

    walk(build(app), "")
    return found


def test_the_list_is_every_command_with_format():
    with_format = {  # the output format (curate adapt's --format is the item format)
        path for path, command in _command_paths().items()
        if any("--format" in p.opts and (p.help or "").startswith("Output:")
               for p in command.params if p.param_type_name == "option")
    }  # fmt: skip
    assert with_format == set(COMMANDS) | ELSEWHERE | CHAINED


def test_no_command_prints_a_table_outside_the_console_module():
    """A rich Table or a DataFrame's to_string in a command module bypasses --format."""
    offenders = []
    for path in (ROOT / "src" / "clinbench").rglob("*.py"):
        if path.name == "console.py":  # the one module that renders text tables
            continue
        text = path.read_text(encoding="utf-8")
        if "rich.table" in text or ".to_string(" in text:
            offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


_RAN: dict[tuple[str, ...], object] = {}
"""Each command's output in one format, run once for the module: the JSON test and the CSV test
of a command read the same CSV output (a run in the same folder again would find its eval
done and print the same table)."""


def _output(path: str, inputs: dict[str, str], fmt: str):
    args = [*path.split(), *(a.format(**inputs) for a in COMMANDS[path]), "--format", fmt]
    if tuple(args) not in _RAN:
        _RAN[tuple(args)] = runner.invoke(app, args)
    return _RAN[tuple(args)]


@pytest.mark.parametrize("path", sorted(COMMANDS))
def test_format_json_is_one_json_document(path, inputs):
    result = _output(path, inputs, "json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["tables"] or path.startswith("ausclin"), doc  # 4 ausclin items: some empty
    for table in doc["tables"]:
        assert table["columns"] and isinstance(table["rows"], list)
        assert all(set(row) == set(table["columns"]) for row in table["rows"])
    csv = _output(path, inputs, "csv")
    assert csv.exit_code == 0 and (csv.stdout.strip() or not doc["tables"]), csv.output


def _csv_blocks(text: str) -> list[list[list[str]]]:
    """Return the CSV tables of a --format csv stdout; fails on a line that is not CSV data."""
    import csv
    import io

    blocks = []
    for chunk in text.strip().split("\n\n"):
        lines = [ln for ln in chunk.splitlines() if not ln.startswith("# ")]
        rows = list(csv.reader(io.StringIO("\n".join(lines))))
        assert rows, chunk
        widths = {len(row) for row in rows}
        assert widths == {len(rows[0])}, f"not one CSV table: {chunk[:300]}"
        blocks.append(rows)
    return blocks


@pytest.mark.parametrize("path", sorted(COMMANDS))
def test_format_csv_stdout_is_only_csv(path, inputs):
    result = _output(path, inputs, "csv")
    assert result.exit_code == 0, result.output
    if result.stdout.strip():
        _csv_blocks(result.stdout)


def test_a_verdict_flag_goes_inside_the_json_and_to_stderr_for_csv(tmp_path):
    """A verdict with no registered bar is flagged: the flag never follows the data."""
    rows = []
    for n in range(10):
        row = dict.fromkeys(RESULT_COLUMNS, "")
        row.update(suite="ausclin", task="ausclin", model="org/model-x", item_id=f"i{n}",
                   condition="blind", epoch=1, epochs=1, target="a", outcome="correct",
                   extracted_answer="a", response="a", score=1.0, item_metadata="{}")  # fmt: skip
        rows.append(row)
    path = write_results(pd.DataFrame(rows, columns=RESULT_COLUMNS), tmp_path / "r.csv")
    args = ["ausclin", "verdict", str(path)]
    result = runner.invoke(app, [*args, "--format", "json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert any(note.startswith("FLAG ") for note in doc["notes"]), doc["notes"]
    csv = runner.invoke(app, [*args, "--format", "csv"])
    assert "FLAG" not in csv.stdout and "FLAG" in csv.stderr
    _csv_blocks(csv.stdout)
    text = runner.invoke(app, args)
    assert "FLAG" in text.stdout  # the text table still shows it


def _parses(args: list[str]) -> None:
    """Run one command with --format json and csv: one JSON document, then only CSV."""
    result = runner.invoke(app, [*args, "--format", "json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    for table in doc["tables"]:
        assert table["columns"] and isinstance(table["rows"], list)
    return doc


def test_chained_commands_print_one_json_document(
    tmp_path,
    labelled_audit,  # noqa: F811 (the fixture imported above)
    reference_audit,  # noqa: F811
):
    import shutil

    ausclin = ROOT / "src" / "clinbench" / "suites" / "ausclin" / "data"
    data = tmp_path / "data"  # the drafts go beside the cases, whose images are relative
    shutil.copytree(AUDIOLOGY / "data", data)
    drafted = data / "drafted.jsonl"
    _parses(["curate", "draft-references", str(data / "cases.jsonl"), "--model",
             "clinbench/replay/illustrative-drafter", "-M",
             f"responses={data / 'reference_drafts.jsonl'}", "--questions", "Q1",
             "--log-dir", str(tmp_path / "logs"), "--out", str(drafted)])  # fmt: skip
    _parses(["curate", "review-references", str(drafted), "--text-only",
             "--out", str(tmp_path / "review")])  # fmt: skip
    _parses(["curate", "sign-references", str(drafted), "--audit", str(tmp_path / "review"),
             "--out", str(tmp_path / "signed.jsonl")])  # fmt: skip
    _parses(["audit", "reweighted", str(labelled_audit), "--question", "Q1", "--n-boot", "50"])
    _parses(["audit", "references", str(reference_audit), "--n-boot", "50"])
    _parses(["ausclin", "signoff-sheet", str(ausclin / "sample.jsonl"),
             "--out", str(tmp_path / "sheet.csv")])  # fmt: skip
    doc = _parses(["ausclin", "signoff", str(ausclin / "sample.jsonl"),
                   "--sheet", str(ausclin / "signoff_example.csv")])  # fmt: skip
    assert doc["tables"]
    csv = runner.invoke(app, ["ausclin", "signoff", str(ausclin / "sample.jsonl"), "--sheet",
                              str(ausclin / "signoff_example.csv"), "--format", "csv"])  # fmt: skip
    assert csv.exit_code == 0, csv.output
    _csv_blocks(csv.stdout)
