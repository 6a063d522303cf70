"""Classify, render, generate and fact-check audiograms."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from clinbench.cli.console import echo_message, format_option
from clinbench.cli.helpers import fail

app = typer.Typer(
    help="Classify, render, generate and fact-check audiograms.", no_args_is_help=True
)

_STANDARD_HELP = "Classification standard: who2021 (WHO 2021), asha (Clark 1981) or goodman (1965)."


def _read_json(path: Path) -> object:
    """Return parsed JSON, or exit 2 naming the file, line and problem."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        fail(f"{path}: cannot read: {err.strerror}")
    except UnicodeDecodeError as err:
        fail(f"{path}: not UTF-8 text (byte {err.start})")
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        fail(f"{path}:{err.lineno}: -: invalid JSON: {err.msg}")
    return None  # unreachable


def _line_of(text: str, loc: tuple) -> int:
    """Return the line where the JSON keys in ``loc`` appear in turn (1 when not found)."""
    pos = 0
    for key in loc:
        found = text.find(f'"{key}"', pos)
        if found < 0:
            break
        pos = found
    return text.count("\n", 0, pos) + 1


def _load(path: Path):
    """Return the Audiogram in a JSON file (bare or in a case item), or exit 2."""
    from pydantic import ValidationError

    from clinbench.audiogram.audiogram_model import audiogram_from_json

    raw = _read_json(path)
    try:
        return audiogram_from_json(raw)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "-"
        line = _line_of(path.read_text(encoding="utf-8"), first["loc"])
        fail(f"{path}:{line}: {where}: {first['msg']} ({err.error_count()} problem(s))")
    except ValueError as err:
        fail(f"{path}:1: data: {err}")
    return None  # unreachable


def _check_standard(standard: str) -> None:
    from clinbench.audiogram.classify import STANDARDS

    if standard not in STANDARDS:
        fail(f"unknown standard {standard!r}; choose one of {', '.join(STANDARDS)}")


_BONE_MASKING_OPTION = typer.Option(
    "as-recorded",
    "--bone-masking",
    help="Bone values with no masking recorded: as-recorded (the ear's own) or strict "
    "(read as unmasked).",
)


def _check_bone_masking(bone_masking: str) -> None:
    from clinbench.audiogram.classify import BONE_MASKING

    if bone_masking not in BONE_MASKING:
        fail(f"unknown bone masking {bone_masking!r}; choose {', '.join(BONE_MASKING)}")


@app.command()
def classify(
    file: Path = typer.Argument(..., help="Audiogram JSON (bare, or a case item with one)."),
    standard: str = typer.Option("who2021", "--standard", "-s", help=_STANDARD_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print the full classification as JSON."),
    abg_threshold: int = typer.Option(15, help="Air-bone gap (dB) counted as significant."),
    asymmetry: str = typer.Option(
        "contiguous", help="Asymmetry criterion: contiguous, pta or rule3000."
    ),
    bone_masking: str = _BONE_MASKING_OPTION,
) -> None:
    """Print per-ear PTA, degree, type and configuration, then asymmetry and red flags."""
    from clinbench.audiogram.classify import ASYMMETRY_CRITERIA
    from clinbench.audiogram.classify import classify as run_classify

    _check_standard(standard)
    _check_bone_masking(bone_masking)
    if asymmetry not in ASYMMETRY_CRITERIA:
        fail(f"unknown asymmetry criterion {asymmetry!r}; choose {', '.join(ASYMMETRY_CRITERIA)}")
    result = run_classify(
        _load(file),
        standard,
        abg_threshold=abg_threshold,
        asymmetry_criterion=asymmetry,
        bone_masking=bone_masking,
    )
    if as_json:
        typer.echo(json.dumps(result.to_dict(), indent=2))
        return
    typer.echo(f"standard: {result.standard}")
    for ear in ("right", "left"):
        e = result.ear(ear)
        pta = "-" if e.pta is None else f"{e.pta:g} dB HL"
        typer.echo(
            f"{ear:>5}: pta {pta}; degree {e.degree or '-'}; type {e.type or 'not tested'}; "
            f"configuration {e.configuration or '-'}"
        )
        for note in e.notes:
            typer.echo(f"       note: {note}")
    a = result.asymmetry
    typer.echo(
        f"asymmetry: {a.status}{', worse ' + str(a.worse_ear) if a.asymmetric else ''} "
        f"({a.criterion}{'; ' + a.note if a.note else ''})"
    )
    if result.red_flags:
        for flag in result.red_flags:
            typer.echo(f"red flag: {flag.message}")
    else:
        typer.echo("red flags: none")


@app.command()
def render(
    file: Path = typer.Argument(..., help="Audiogram JSON (bare, or a case item with one)."),
    out: Path = typer.Option(..., "--out", "-o", help="PNG file to write."),
    title: str = typer.Option("", help="Title above the audiogram."),
) -> None:
    """Draw a clinical audiogram (ASHA symbols, inverted dB HL axis) as a PNG."""
    from clinbench.audiogram.render import render_audiogram

    if out.suffix.lower() != ".png":
        fail(f"{out}: the output must be a .png file")
    render_audiogram(_load(file), out, title=title)
    echo_message(f"wrote {out}")


@app.command()
def generate(
    n: int = typer.Option(..., "--n", help="Number of cases to generate."),
    seed: int = typer.Option(0, "--seed", help="Random seed; the same seed gives the same files."),
    out: Path = typer.Option(..., "--out", "-o", help="Folder for cases.jsonl and images/."),
) -> None:
    """Write N fresh case items (cases.jsonl + audiogram PNGs) from clinical profiles."""
    from clinbench.audiogram.generate import generate_cases

    if n < 1:
        fail(f"--n must be at least 1, got {n}")
    items = generate_cases(n, seed, out)
    profiles = sorted({i.metadata["profile"] for i in items})
    echo_message(f"wrote {len(items)} cases to {out / 'cases.jsonl'} ({len(profiles)} profiles)")


def _in_words(value: object) -> str:
    """Return a finding's value as the table shows it: per-ear values as 'right 84, left 80'."""
    if value is None:
        return "-"
    if isinstance(value, dict):
        return ", ".join(f"{key} {_in_words(item)}" for key, item in value.items())
    return str(value)


@app.command()
def check(
    reply: Path = typer.Argument(..., help="Text file with the reply to check."),
    case: Path = typer.Option(..., "--case", help="Case item JSON or bare audiogram JSON."),
    standard: str = typer.Option("who2021", "--standard", "-s", help=_STANDARD_HELP),
    tolerance: int = typer.Option(10, "--tolerance", help="Threshold tolerance in dB (e.g. 5)."),
    as_json: bool = typer.Option(False, "--json", help="Print findings as JSON."),
    bone_masking: str = _BONE_MASKING_OPTION,
    fmt: str = format_option(),
) -> None:
    """Fact-check a free-text reply against the case's audiogram: findings and critical errors."""
    from clinbench.audiogram.check import CheckOutcome, check_reply
    from clinbench.audiogram.findings import NO_CLAIM_READ_NOTE

    _check_standard(standard)
    _check_bone_masking(bone_masking)
    try:
        text = reply.read_text(encoding="utf-8")
    except OSError as err:
        fail(f"{reply}: cannot read: {err.strerror}")
    except UnicodeDecodeError as err:
        fail(f"{reply}: not UTF-8 text (byte {err.start})")
    result = check_reply(
        text, _load(case), standard=standard, tolerance_db=tolerance, bone_masking=bone_masking
    )
    if as_json:
        typer.echo(json.dumps(result.to_dict(), indent=2, default=str))
        return
    import pandas as pd

    from clinbench.cli.console import TableOutput

    rows = [
        {
            "verdict": f.verdict,
            "kind": f.kind,
            "ear": f.ear or "-",
            "Hz": "-" if f.frequency is None else str(f.frequency),
            "claimed": _in_words(f.claimed),
            "truth": _in_words(f.truth),
            "critical error": f.critical_error or "",
        }
        for f in result.findings
    ]
    counts = result.counts()
    summary = (
        NO_CLAIM_READ_NOTE
        if result.outcome == CheckOutcome.NO_CLAIM_READ
        else f"{counts['match']} match, {counts['contradiction']} contradiction, "
        f"{counts['unverifiable']} unverifiable; critical errors: "
        f"{', '.join(result.critical_errors) or 'none'}"
    )
    columns = ["verdict", "kind", "ear", "Hz", "claimed", "truth", "critical error"]
    output = TableOutput(fmt)
    output.table(pd.DataFrame(rows, columns=columns),
                 f"Fact check ({result.standard}, ±{tolerance} dB, {result.sections_read})",
                 [summary])  # fmt: skip
    output.close()
