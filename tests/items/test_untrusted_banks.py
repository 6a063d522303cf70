"""Item banks are untrusted input: strict loading, every problem as file:line: field: message.

One test per defect issue 12 lists (each was accepted silently or raised a traceback), the
shipped banks (which must still load), and the fuzz corpus of benchmarks/fuzz_items.py.
"""

from __future__ import annotations

import csv
import fnmatch
import io
import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from clinbench.cli import _mount, app
from clinbench.items import load_items, read_items, validate_files
from tests.media_files import png_bytes

runner = CliRunner()
_mount()
ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "clinbench"

TF = {"id": "t1", "format": "tf", "stem": "Type A tympanograms peak near 0 daPa.", "answer": True}
MCQ = {
    "id": "m1", "format": "mcq", "stem": "Which ossicle sits in the oval window?",
    "options": {"A": "malleus", "B": "incus", "C": "stapes"}, "answer": "C",
}  # fmt: skip
FIB = {"id": "f1", "format": "fib", "stem": "Noise notches sit near ____ Hz.", "answer": "4000"}
SA = {"id": "s1", "format": "sa", "stem": "Which test measures middle-ear pressure?",
      "answer": "tympanometry"}  # fmt: skip
EXACT = {
    "id": "e1", "format": "exact", "stem": "Refer, and within how many days?",
    "fields": [{"name": "refer", "kind": "choice", "options": ["yes", "no"]},
               {"name": "days", "kind": "text"}],
    "answer": {"refer": "yes", "days": "7"},
}  # fmt: skip
CASE = {
    "id": "c1", "format": "case", "stem": "A 60-year-old reports muffled hearing.",
    "questions": [{"id": "Q1", "prompt": "Describe the results.", "reference": "Mild loss."},
                  {"id": "Q2", "prompt": "Diagnosis?", "reference": "Presbycusis."}],
}  # fmt: skip


def jsonl(tmp_path: Path, *lines: str | dict, name: str = "bank.jsonl") -> Path:
    path = tmp_path / name
    text = "".join((x if isinstance(x, str) else json.dumps(x)) + "\n" for x in lines)
    path.write_text(text, encoding="utf-8")
    return path


def csv_file(tmp_path: Path, header: list[str], *rows: list[str], name: str = "b.csv") -> Path:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    path = tmp_path / name
    path.write_text(out.getvalue(), encoding="utf-8")
    return path


def problems_of(path: Path, **kw) -> list[str]:
    return [str(p) for p in validate_files([path], **kw)]


def assert_one(path: Path, line: int, field: str, words: str, **kw) -> None:
    found = problems_of(path, **kw)
    wanted = f"{path}:{line}: {field}: "
    assert any(p.startswith(wanted) and words in p for p in found), (wanted, words, found)


# -- JSON: repeated keys, non-finite numbers, depth ------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        json.dumps(TF)[:-1] + ', "answer": false}',  # the last value was kept silently
        json.dumps(MCQ).replace('"B": "incus"', '"B": "incus", "B": "stapes"'),
        json.dumps(CASE).replace('"id": "Q1",', '"id": "Q1", "id": "Q3",'),
    ],
)
def test_repeated_json_key_is_rejected(tmp_path, line):
    path = jsonl(tmp_path, FIB, line)
    assert_one(path, 2, "-", "duplicate key")


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e999", "1" * 5000])
def test_non_finite_or_unreadable_number_is_rejected(tmp_path, number):
    path = jsonl(tmp_path, json.dumps(SA)[:-1] + f', "metadata": {{"age": {number}}}}}')
    found = problems_of(path)  # the 5,000-digit integer raised ValueError before
    assert len(found) == 1 and found[0].startswith(f"{path}:1: -: JSON "), found


@pytest.mark.parametrize("depth", [1_000, 5_000])
def test_deep_json_is_a_problem_not_a_recursion_error(tmp_path, depth):
    deep = json.dumps(SA)[:-1] + ', "metadata": {"x": ' + "[" * depth + "]" * depth + "}}"
    path = jsonl(tmp_path, FIB, deep, '{"a":' * depth + "1" + "}" * depth)
    found = problems_of(path)
    assert found == [
        f"{path}:2: -: JSON nested deeper than 64 levels",
        f"{path}:3: -: JSON nested deeper than 64 levels",
    ]


# -- CSV: headers, provenance columns, cell size ---------------------------------------------


@pytest.mark.parametrize(
    "header, field",
    [(["id", "format", "stem", "answer", "stem"], "stem"),
     (["id", "format", "stem", "answer", "answer"], "answer")],
)  # fmt: skip
def test_repeated_csv_header_is_rejected(tmp_path, header, field):
    path = csv_file(tmp_path, header, ["t1", "tf", "S?", "true", "false"])
    assert problems_of(path) == [f"{path}:1: {field}: the column appears twice"]


def test_nameless_csv_column_is_rejected(tmp_path):
    path = csv_file(
        tmp_path, ["id", "format", "", "stem", "answer"], ["t1", "tf", "x", "S", "true"]
    )
    assert problems_of(path) == [f"{path}:1: column 3: the column has no name"]


@pytest.mark.parametrize("cell", ['{"citation": "A text"}', "a plain string", "[1, 2]"])
@pytest.mark.parametrize("first", ["provenance", "provenance.url"])
def test_provenance_column_beside_provenance_url_is_a_clean_error(tmp_path, cell, first):
    columns = ["provenance", "provenance.url"]
    if first != "provenance":
        columns.reverse()
    values = {"provenance": cell, "provenance.url": "https://example.org"}
    path = csv_file(tmp_path, ["id", "format", "stem", "answer", *columns],
                    ["t1", "tf", "S?", "true", *[values[c] for c in columns]])  # fmt: skip
    found = problems_of(path)  # a list cell raised TypeError before
    assert len(found) == 1 and found[0].startswith(f"{path}:1: provenance.url: columns"), found


def test_over_long_csv_cell_is_a_problem_and_later_rows_still_load(tmp_path):
    path = csv_file(
        tmp_path, ["id", "format", "stem", "answer"],
        ["t1", "tf", "x" * 131_073, "true"], ["t2", "tf", "Fine.", "false"],
    )  # fmt: skip
    items, problems = read_items([path])  # csv.Error traceback before
    assert [str(p) for p in problems] == [
        f"{path}:2: stem: cell has 131,073 characters (at most 131,072)"
    ]
    assert [i.id for i in items] == ["t2"]


def test_reading_a_bank_leaves_the_csv_field_limit_as_it_was(tmp_path):
    before = csv.field_size_limit()
    read_items([csv_file(tmp_path, ["id", "format", "stem", "answer"], ["t1", "tf", "S", "true"])])
    assert csv.field_size_limit() == before != sys.maxsize


def test_deep_json_csv_cell_is_a_problem(tmp_path):
    path = csv_file(tmp_path, ["id", "format", "stem", "options", "answer"],
                    ["m1", "mcq", "S?", "[" * 3000 + "]" * 3000, "A"])  # fmt: skip
    assert problems_of(path) == [
        f"{path}:2: options: cell is not valid JSON: nested deeper than 64 levels"
    ]


# -- values: booleans, blank text, letters, control characters -------------------------------


@pytest.mark.parametrize("value", ["yes", "no", "1", "0", "on", "off", "t", "f", 1, 0])
def test_tf_key_only_true_or_false(tmp_path, value):
    path = jsonl(tmp_path, {**TF, "answer": value})
    assert problems_of(path) == [f"{path}:1: answer: must be true or false, got {value!r}"]


@pytest.mark.parametrize("value", ["yes", "1", "on", "t"])
def test_csv_tf_key_only_true_or_false(tmp_path, value):
    path = csv_file(tmp_path, ["id", "format", "stem", "answer"], ["t1", "tf", "S?", value])
    assert problems_of(path) == [f"{path}:2: answer: must be true or false, got {value!r}"]


@pytest.mark.parametrize("value", ["yes", 1])
def test_other_boolean_fields_only_true_or_false(tmp_path, value):
    path = jsonl(tmp_path, {**SA, "illustrative": value}, {**EXACT, "trap": value})
    assert [p.split(": ")[1] for p in problems_of(path)] == ["illustrative", "trap"]


def test_the_words_true_and_false_still_load(tmp_path):
    path = jsonl(tmp_path, {**TF, "answer": "true"}, {**TF, "id": "t2", "answer": "FALSE"})
    assert [i.answer for i in load_items(path)] == [True, False]
    path = csv_file(tmp_path, ["id", "format", "stem", "answer", "illustrative"],
                    ["t1", "tf", "S?", "TRUE", "false"])  # fmt: skip
    assert load_items(path)[0].answer is True


@pytest.mark.parametrize(
    "row, field",
    [
        ({**TF, "id": "   "}, "id"),
        ({**TF, "stem": " \t\n"}, "stem"),
        ({**FIB, "answer": "  "}, "answer"),
        ({**SA, "answer": " "}, "answer"),
        ({**FIB, "accept": ["4 kHz", "  "]}, "accept.1"),
        ({**MCQ, "options": {"A": "", "B": "incus"}, "answer": "B"}, "options.A"),
        ({**MCQ, "options": {"A": "   ", "B": "incus"}, "answer": "B"}, "options.A"),
        ({**EXACT, "answer": {"refer": "yes", "days": " "}}, "answer.days"),
        ({**CASE, "questions": [{"id": "Q1", "prompt": " ", "reference": "R."}]},
         "questions.0.prompt"),
    ],
)  # fmt: skip
def test_blank_required_text_is_rejected(tmp_path, row, field):
    path = jsonl(tmp_path, row)
    assert_one(path, 1, field, "must not be blank")


@pytest.mark.parametrize("letter", ["Ä", "Σ", "\uff21", "É"])
def test_option_letter_must_be_one_a_reply_can_give(tmp_path, letter):
    path = jsonl(tmp_path, {**MCQ, "options": {"A": "malleus", letter: "stapes"}, "answer": letter})
    assert_one(path, 1, "options", "single letters A-Z")


@pytest.mark.parametrize(
    "row, field",
    [
        ({**TF, "stem": "Which\u0000one?"}, "stem"),
        ({**TF, "stem": "bell\u0007"}, "stem"),
        ({**TF, "stem": "esc\u001b[31m red"}, "stem"),
        ({**TF, "stem": "c1 \u0085 control"}, "stem"),
        ({**FIB, "answer": "40\u000000"}, "answer"),
        ({**MCQ, "options": {"A": "mal\u0000leus", "B": "incus"}}, "options.A"),
        ({**SA, "metadata": {"k\u0001": "v"}}, "metadata"),
    ],
)
def test_control_characters_are_rejected(tmp_path, row, field):
    path = jsonl(tmp_path, row)
    assert_one(path, 1, field, "control character")


@pytest.mark.parametrize("text", ["\\ud800 lone", "trail \\udfff"])
def test_lone_surrogate_escape_is_rejected(tmp_path, text):
    path = jsonl(tmp_path, json.dumps(FIB).replace("Noise notches", text))
    assert_one(path, 1, "stem", "lone surrogate")


def test_tabs_and_line_breaks_in_text_are_fine(tmp_path):
    path = jsonl(tmp_path, {**SA, "stem": "Line one.\n\tLine two, with ü and 🦻."})
    assert load_items(path)[0].stem.endswith("🦻.")


# -- cases and cross-field rules --------------------------------------------------------------


@pytest.mark.parametrize("repeat", ["Q1", "q1", "Q2"])
def test_repeated_question_id_in_a_case_is_rejected(tmp_path, repeat):
    again = {"id": repeat, "prompt": "Again?", "reference": "Yes."}
    case = {**CASE, "questions": [*CASE["questions"], again]}
    path = jsonl(tmp_path, case)
    assert_one(path, 1, "questions.2.id", "repeats question")


@pytest.mark.parametrize(
    "row, field",
    [
        ({**MCQ, "answer": "E"}, "answer"),
        ({**EXACT, "answer": {"refer": "perhaps", "days": "7"}}, "answer.refer"),
        ({**EXACT, "answer": {"refer": "yes"}}, "answer"),
        ({**EXACT, "fields": [EXACT["fields"][0], EXACT["fields"][0]], "answer": {"refer": "yes"}},
         "fields"),
        ({**EXACT, "wrong_values": [{"field": "dose", "value": "9", "label": "fabricated"}]},
         "wrong_values.0.field"),
        ({**EXACT, "fields": [{"name": "refer", "kind": "choice"}], "answer": {"refer": "yes"}},
         "fields.0.options"),
    ],
)  # fmt: skip
def test_cross_field_problem_names_its_field(tmp_path, row, field):
    path = jsonl(tmp_path, row)
    found = problems_of(path)
    assert len(found) == 1 and found[0].startswith(f"{path}:1: {field}: "), found


# -- media paths: only regular files inside the bank (or a --media-root) ----------------------


@pytest.fixture
def bank(tmp_path):
    folder = tmp_path / "bank"
    (folder / "media" / "sub").mkdir(parents=True)
    (folder / "media" / "ok.png").write_bytes(png_bytes())  # opened at validation
    (folder / "media" / "empty.png").write_bytes(b"")
    (tmp_path / "secret.txt").write_text("a local file no provider may see\n")
    (folder / "media" / "link.png").symlink_to(Path("..") / ".." / "secret.txt")
    return folder


@pytest.mark.parametrize(
    "media, words",
    [
        ("media", "is a folder"),
        ("media/sub/", "is a folder"),
        ("", "is empty"),
        (" ", "is empty"),
        ("/etc/hostname", "is absolute"),
        ("../secret.txt", "resolves outside the bank's folder"),
        ("media/../../secret.txt", "resolves outside the bank's folder"),
        ("media/link.png", "resolves outside the bank's folder"),
        ("media/empty.png", "is empty"),
        ("media/missing.png", "media file not found"),
    ],
)
def test_media_path_must_be_a_file_inside_the_bank(bank, media, words):
    path = jsonl(bank, {**CASE, "images": ["media/ok.png", media]})
    assert_one(path, 1, "images.1", words)
    path = jsonl(bank, {**SA, "media": [media]}, name="sa.jsonl")
    assert_one(path, 1, "media.0", words)


def test_audio_path_outside_the_bank_is_rejected(bank):
    path = jsonl(
        bank, {"id": "a1", "format": "audio", "stem": "Rate it.", "audio": "../secret.txt"}
    )
    assert_one(path, 1, "audio", "resolves outside")


def test_a_media_root_lets_a_bank_use_files_there(bank, tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "a.png").write_bytes(png_bytes())
    path = jsonl(bank, {**CASE, "images": ["media/ok.png", "../shared/a.png"]})
    assert_one(path, 1, "images.1", "--media-root")
    assert problems_of(path, media_roots=[shared]) == []
    assert problems_of(path, media_roots=[bank / "media"]) != []  # only the root named
    result = runner.invoke(app, ["items", "validate", str(path)])
    assert result.exit_code == 2 and f"{path}:1: images.1: media path" in result.output
    result = runner.invoke(app, ["items", "validate", str(path), "--media-root", str(shared)])
    assert result.exit_code == 0, result.output


def test_run_refuses_a_bank_that_names_a_file_outside_and_honours_media_root(bank, tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "a.png").write_bytes(png_bytes())
    path = jsonl(bank, {**SA, "media": ["../secret.txt"]})
    logs = tmp_path / "logs"
    result = runner.invoke(app, ["run", str(path), "--log-dir", str(logs), "--display", "none"])
    assert result.exit_code == 2 and "resolves outside the bank's folder" in result.output
    assert not logs.exists()  # nothing ran, nothing written
    path = jsonl(bank, {**SA, "media": ["../shared/a.png"]}, name="ok.jsonl")
    result = runner.invoke(app, ["run", str(path), "--media-root", str(shared), "--log-dir",
                                 str(logs), "--display", "none"])  # fmt: skip
    assert result.exit_code == 0, result.output


# -- every defect above is exit 2 on the command line ------------------------------------------


def test_validate_exits_2_with_file_line_field_message_for_each_bad_line(tmp_path):
    path = jsonl(
        tmp_path, FIB, json.dumps(TF)[:-1] + ', "answer": false}',
        {**TF, "id": "t2", "answer": "on"}, {**MCQ, "options": {"A": "x", "Ä": "y"}, "answer": "A"},
        "[" * 5000,
    )  # fmt: skip
    result = runner.invoke(app, ["items", "validate", str(path)])
    assert result.exit_code == 2
    lines = [ln for ln in result.output.splitlines() if ln.startswith(str(path))]
    assert [ln.split(": ")[0] for ln in lines] == [f"{path}:{n}" for n in (2, 3, 4, 5)]
    assert "Traceback" not in result.output


# -- an author's broken copy of a shipped bank, fed to every command that reads one (surf33) ---

BROKEN_FROM = [
    SRC / "suites/audiology/data/objective.jsonl",
    SRC / "suites/ausclin/data/sample.jsonl",
]


def _broken(lines: list[str], kind: str) -> tuple[str, int, str]:
    """Return (text, line, field) of a bank broken as an author would break it."""
    rows = [json.loads(line) for line in lines]
    if kind == "not_json":
        return "\n".join([*lines[:3], '{"id": "x", "format": "mcq", ', *lines[3:]]) + "\n", 4, "-"
    if kind == "missing_field":
        del rows[2]["stem"]
        return "\n".join([*lines[:2], json.dumps(rows[2]), *lines[3:]]) + "\n", 3, "stem"
    if kind == "wrong_type":
        rows[1]["stem"] = 7
        return "\n".join([lines[0], json.dumps(rows[1]), *lines[2:]]) + "\n", 2, "stem"
    if kind == "duplicate_id":
        return "\n".join([*lines[:4], lines[0], *lines[4:]]) + "\n", 5, "id"
    assert kind == "empty"
    return "", 1, "-"


def _item_file_commands(bank: Path, out: Path, replies: Path) -> dict[str, list]:
    """Every command that reads an item file, each writing under `out`."""
    return {
        "items validate": ["items", "validate", bank],
        "run": [
            "run",
            bank,
            "--limit",
            2,
            "--log-dir",
            out / "logs",
            "--out",
            out / "r.parquet",
            "--display",
            "none",
        ],  # fmt: skip
        "items canary": ["items", "canary", bank, "--out", out / "canary.jsonl"],
        "items split": ["items", "split", bank, "--public", 5, "--seed", 0, "--out", out / "split"],
        "curate normalise": ["curate", "normalise", bank, "--out", out / "normalised.jsonl"],
        "curate dedup": ["curate", "dedup", bank, "--out", out / "dedup"],
        "curate tag": ["curate", "tag", bank, "--out", out / "tagged.jsonl"],
        "curate review-export": ["curate", "review-export", bank, "--out", out / "review"],
        "import-responses": ["import-responses", replies, "--items", bank],
    }


@pytest.mark.parametrize(
    "kind", ["not_json", "missing_field", "wrong_type", "duplicate_id", "empty"]
)
@pytest.mark.parametrize("shipped", BROKEN_FROM, ids=lambda p: p.stem)
def test_every_command_names_a_broken_bank_and_writes_nothing(tmp_path, shipped, kind):
    text, line, field = _broken(shipped.read_text(encoding="utf-8").splitlines(), kind)
    bank = tmp_path / f"{shipped.stem}-{kind}.jsonl"
    bank.write_text(text, encoding="utf-8")
    replies = tmp_path / "replies.jsonl"
    replies.write_text('{"item_id": "x", "model": "m", "epoch": 1, "response": "A"}\n')
    for name, args in _item_file_commands(bank, tmp_path / "out", replies).items():
        result = runner.invoke(app, [str(a) for a in args])
        assert result.exit_code == 2, (name, result.output)
        assert f"{bank}:{line}: {field}: " in result.output, (name, result.output)
        assert "Traceback" not in result.output, name
        assert not (tmp_path / "out").exists(), (name, list((tmp_path / "out").rglob("*")))


@pytest.mark.parametrize("shipped", BROKEN_FROM, ids=lambda p: p.stem)
def test_a_bank_saved_with_a_bom_or_crlf_line_ends_just_works(tmp_path, shipped):
    text = shipped.read_text(encoding="utf-8")
    as_shipped = [item.model_dump() for item in load_items(shipped)]
    for name, saved in (("bom", "\ufeff" + text), ("crlf", text.replace("\n", "\r\n"))):
        bank = tmp_path / f"{name}.jsonl"
        bank.write_bytes(saved.encode("utf-8"))
        assert [item.model_dump() for item in load_items(bank)] == as_shipped, name
        result = runner.invoke(app, ["items", "validate", str(bank)])
        assert result.exit_code == 0 and result.output.startswith("OK: "), result.output
        out = tmp_path / f"{name}-normalised.jsonl"
        result = runner.invoke(app, ["curate", "normalise", str(bank), "--out", str(out)])
        assert result.exit_code == 0, result.output


@pytest.mark.parametrize("text", ["", "\n\n", "id,format,stem\n"])
def test_an_empty_item_file_is_a_problem_not_an_empty_bank(tmp_path, text):
    path = tmp_path / ("bank.csv" if "," in text else "bank.jsonl")
    path.write_text(text, encoding="utf-8")
    items, problems = read_items([path])
    assert items == []
    assert [str(p) for p in problems] == [f"{path}:1: -: no items: the file has no item rows"]


# -- the shipped banks and the fuzz corpus -----------------------------------------------------

# data files that are not item banks: a model's frozen drafts (replies, read by the replay
# provider) and a filled second-clinician sign-off sheet
NOT_ITEM_BANKS = (
    "suites/audiology/data/reference_drafts.jsonl",
    "suites/ausclin/data/signoff_example.csv",
    # a results table, a model release list, and a curation run's passages, model replies
    # and decision tables (its item files are banks and are checked)
    "suites/ausclin/data/correction_before_example.csv",
    "suites/ausclin/data/model_releases_example.csv",
    "suites/audiology/data/curation_example/*.csv",
    "suites/audiology/data/curation_example/*/*.csv",
    "suites/audiology/data/curation_example/passages.jsonl",
)

SHIPPED_BANKS = sorted(
    p
    for p in [*SRC.rglob("*.jsonl"), *SRC.rglob("*.csv")]
    if not p.name.startswith("replay_")
    and p.parent.name != "slp"  # frozen replies, manifests
    and "slp" not in p.parts
    and not any(fnmatch.fnmatch(p.relative_to(SRC).as_posix(), rule) for rule in NOT_ITEM_BANKS)
)


def test_every_shipped_bank_is_found():
    names = {p.relative_to(SRC).as_posix() for p in SHIPPED_BANKS}
    assert {"data/sample_items.jsonl", "suites/audiology/data/cases.jsonl",
            "suites/ausclin/data/sample.jsonl"} <= names  # fmt: skip


@pytest.mark.parametrize("path", SHIPPED_BANKS, ids=lambda p: p.relative_to(SRC).as_posix())
def test_every_shipped_bank_still_loads(path):
    assert validate_files([path]) == []


def test_fuzz_corpus_gets_a_clean_error_for_every_malformed_file(tmp_path):
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import fuzz_items
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    folder, cases = fuzz_items.write_corpus(tmp_path, seed=1, count=60)
    verdicts = [(case.name, fuzz_items.verdict(folder, case)) for case in cases]
    bad = [(name, v) for name, v in verdicts if v[0] not in
           ("clean error", "accepted", "mutation rejected", "mutation accepted")]  # fmt: skip
    assert bad == []
    assert sum(1 for c in cases if c.expect == "reject") > 100
