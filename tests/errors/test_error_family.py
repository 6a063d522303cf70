"""One error family (issue 30): every error clinbench raises on purpose is a ClinbenchError,
keeps the builtin base callers catch, and the command line reports it as one line, exit 2."""

from __future__ import annotations

import ast
import importlib
import sys
from pathlib import Path

import pytest
import typer

from clinbench import errors

SRC = Path(__file__).resolve().parents[2] / "src"

# Each exception class and the builtin base it had before the family (callers catch these).
BUILTIN_BASE = {
    "clinbench.suites.slp.corpora:CorpusError": ValueError,
    "clinbench.suites.slp.tasks:ASRFailed": RuntimeError,
    "clinbench.suites:SuiteRegistryError": RuntimeError,
    "clinbench.suites.audiology.regrade:RegradeError": ValueError,
    "clinbench.providers.responses:ResponsesFileError": ValueError,
    "clinbench.providers.base:NoActiveSample": RuntimeError,
    "clinbench.providers.api:MissingFrozenResponse": LookupError,
    "clinbench.providers.local_server:LocalModelUnavailable": RuntimeError,
    "clinbench.providers.local_server:LocalServerError": RuntimeError,
    "clinbench.model_errors:UnreadableReply": RuntimeError,
    "clinbench.stats._common:StatsInputError": ValueError,
    "clinbench.audit.audit_errors:AuditInputError": ValueError,
    "clinbench.results.table:ResultsFileError": ValueError,
    "clinbench.audio.asr.whisper_asr:WhisperNotInstalled": ImportError,
    "clinbench.audio.asr.bundled_whisper:BundledWhisperMissing": FileNotFoundError,
    "clinbench.audio.asr.bundled_whisper:BundledWhisperCorrupt": ValueError,
    "clinbench.audio.clips:AudioFileError": ValueError,
    "clinbench.audit.app:PortInUse": OSError,
    "clinbench.audit.store:LockedError": RuntimeError,
    "clinbench.items.model:FieldError": ValueError,
    "clinbench.items.loader:ItemFileError": ValueError,
    "clinbench.items.importer:ImportFailed": ValueError,
    "clinbench.runner:RunInputError": ValueError,
    "clinbench.solvers.refused_request:RequestRefused": RuntimeError,
    "clinbench.errors:MissingDependencyError": ImportError,
    "clinbench.cli.console:OutputFormatError": ValueError,
    "clinbench.results.cost:PriceTableError": ValueError,
    "clinbench.strict_json:StrictJSONError": ValueError,
    "clinbench.io:WriteError": OSError,
    "clinbench.io:JsonlError": ValueError,
    "clinbench.scoring.nli:NLIError": ValueError,
    "clinbench.scoring.rubric:RubricError": ValueError,
    "clinbench.scoring.panel:NoGraderBound": RuntimeError,
    "clinbench.scoring.adjudicator:JudgeParseError": ValueError,
    "clinbench.suites.ausclin.signoff:SignoffError": ValueError,
    "clinbench.curate.curation_flow:CurationFlowError": ValueError,
    "clinbench.suites.slp.cot_coding:TraceCodingError": ValueError,
    "clinbench.suites.slp.self_evolve:SelfEvolveError": RuntimeError,
    "clinbench.suites.slp.finetune_gain:UnknownModelError": ValueError,
    "clinbench.suites.audiology.claim_reader:NoClaimReaderBound": RuntimeError,
}
# Outside the family on purpose (errors.py says why): an outcome, and module-private signals.
OUTSIDE = {
    "clinbench.scoring.outcomes:CannotAnswer",
    "clinbench.curate.review:_CellError",
    "clinbench.audiogram.alternation:_Unknown",
    "clinbench.scoring.rubric:_FieldProblem",
}
KINDS = (errors.InputError, errors.MissingDependencyError, errors.ProviderError, errors.SetupError)


def _load(reference: str) -> type:
    module, _, name = reference.partition(":")
    return getattr(importlib.import_module(module), name)


def exception_classes(root: Path = SRC) -> set[str]:
    """Return "module:Class" for every class in the package that derives from an exception."""
    found = set()
    for path in sorted((root / "clinbench").rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef):
                names = [
                    b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases
                ]
                if any(n.endswith(("Error", "Exception")) or n in ("ASRFailed",) for n in names):
                    found.add(f"{module}:{node.name}")
    return found


def test_every_exception_class_is_listed_here():
    # a new exception class must join the family (and this list), or say why it stays out
    family = {f"clinbench.errors:{name}" for name in errors.__all__}
    assert exception_classes() == set(BUILTIN_BASE) | OUTSIDE | family


@pytest.mark.parametrize("reference", sorted(BUILTIN_BASE))
def test_each_error_is_in_the_family_and_keeps_its_builtin_base(reference):
    cls = _load(reference)
    assert issubclass(cls, errors.ClinbenchError), reference
    assert issubclass(cls, KINDS), f"{reference} derives from ClinbenchError, not from a kind"
    assert issubclass(cls, BUILTIN_BASE[reference]), reference


@pytest.mark.parametrize("reference", sorted(OUTSIDE))
def test_the_outsiders_stay_out(reference):
    assert not issubclass(_load(reference), errors.ClinbenchError)


def test_the_kinds_add_no_builtin_base():
    # so no `except ValueError` catches an error it did not catch before the family
    for kind in (errors.ClinbenchError, errors.InputError, errors.InputFileError,
                 errors.ResultsTableError, errors.OptionError, errors.ProviderError,
                 errors.SetupError):  # fmt: skip
        assert kind.__mro__[kind.__mro__.index(errors.ClinbenchError) + 1] is Exception, kind
        assert not issubclass(kind, ValueError | RuntimeError | OSError | ImportError), kind


def test_one_audit_input_error_and_one_results_file_error():
    from clinbench.audit.sampling import AuditInputError as from_sampling
    from clinbench.report.judges_section import AuditInputError as from_report
    from clinbench.report.load import ResultsInputError
    from clinbench.results import ResultsFileError

    assert from_sampling is from_report
    assert ResultsInputError is ResultsFileError
    assert str(from_sampling("a.csv", 3, "grade", "not a grade")) == "a.csv:3: grade: not a grade"
    assert str(from_report("labels.csv: cannot read as CSV")) == "labels.csv: cannot read as CSV"
    assert str(ResultsFileError("r.csv", 4, "score", "'x' is not a number")) == (
        "r.csv:4: score: 'x' is not a number"
    )
    err = ResultsFileError("r.csv: line 4: field 'score': 'x' is not a number")
    assert str(err) == "r.csv: line 4: field 'score': 'x' is not a number" and err.line is None


def test_the_errors_reach_the_user_with_their_builtin_catch_intact(tmp_path):
    from clinbench.items import ItemFileError, load_items

    bad = tmp_path / "bank.jsonl"
    bad.write_text('{"id": "q1"}\n', encoding="utf-8")
    with pytest.raises(ValueError) as caught:  # callers that caught ValueError still do
        load_items(bad)
    assert isinstance(caught.value, ItemFileError | errors.InputFileError)
    assert isinstance(caught.value, errors.ClinbenchError)


# ---------------------------------------------------------------- the command line


def _run_main(monkeypatch, capsys, command):
    """Run clinbench.cli.main over an app holding one command; return (exit code, stderr)."""
    import clinbench.cli as cli

    app = typer.Typer()
    app.command("boom")(command)
    app.command("other")(lambda: None)  # two commands: `boom` stays a sub-command
    monkeypatch.setattr(cli, "app", app)
    monkeypatch.setattr(cli, "_mount", lambda: None)
    monkeypatch.setattr(sys, "argv", ["clinbench", "boom"])
    with pytest.raises(SystemExit) as ended:
        cli.main()
    return ended.value.code, capsys.readouterr().err


@pytest.mark.parametrize(
    "error",
    [
        errors.OptionError("--format: 'xml' is not one of table, csv, markdown, json"),
        errors.MissingDependencyError("install it with: pip install 'clinbench[nli]'"),
        errors.ProviderError("the local model server did not answer"),
        errors.SetupError("port 8765 is in use"),
    ],
    ids=lambda e: type(e).__name__,
)
def test_the_command_line_reports_any_clinbench_error_as_one_line_and_exit_2(
    monkeypatch, capsys, error
):
    def boom() -> None:
        raise error

    code, err = _run_main(monkeypatch, capsys, boom)
    assert code == 2
    assert err == f"error: {error}\n"


def test_an_area_error_reaches_the_user_as_one_line(monkeypatch, capsys, tmp_path):
    from clinbench.items import load_items

    bad = tmp_path / "bank.jsonl"
    bad.write_text("{not json\n", encoding="utf-8")

    def boom() -> None:
        load_items(bad)

    code, err = _run_main(monkeypatch, capsys, boom)
    assert code == 2 and err.startswith("error: ") and str(bad) in err
    assert "Traceback" not in err


def test_exit_codes_set_on_purpose_are_kept(monkeypatch, capsys):
    def three() -> None:
        raise typer.Exit(3)  # a run with error rows

    assert _run_main(monkeypatch, capsys, three)[0] == 3


def test_other_exceptions_are_not_swallowed(monkeypatch, capsys):
    def bug() -> None:
        raise KeyError("a bug, not the user's mistake")

    with pytest.raises(KeyError):
        _run_main(monkeypatch, capsys, bug)
