"""Item banks are untrusted input: a fuzz corpus of malformed item files, and how each is met.

Writes a corpus of item files (JSONL and CSV) into ``--out``: malformed files of the kinds
issue 12 lists (duplicate JSON keys and CSV headers, ``provenance`` beside
``provenance.url``, over-long cells, deep nesting, repeated question ids, loose booleans,
blank required text, option letters no reply can produce, non-finite numbers, control
characters and lone surrogates, media paths that are folders, empty, absolute, ``..``
escapes or symlinks out of the bank, cross-field errors), random mutations of valid files,
and valid files that must still load. Each malformed file has one planted defect on a known
line. Then validates every file with ``clinbench.items.loader.read_items`` (what ``clinbench
items validate`` runs) and counts:

- clean error: rejected, with a ``file:line: field: message`` problem on the planted line
  (and, where the defect is in one field, naming that field, not ``-``);
- misplaced: rejected, but no problem names the planted line (or the field is ``-``);
- traceback: the loader raised instead of reporting;
- wrongly accepted: a malformed file loaded without a problem;
- valid files rejected (should be 0), and mutations accepted (their verdict is unknown).

Usage: python benchmarks/fuzz_items.py [--out DIR] [--seed 0] [--mutations 200] [--list]
"""

from __future__ import annotations

import argparse
import copy
import csv
import io
import json
import random
import re
import shutil
import tempfile
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

MCQ = {
    "id": "m1", "format": "mcq", "stem": "Which ossicle sits in the oval window?",
    "options": {"A": "malleus", "B": "incus", "C": "stapes"}, "answer": "C",
}  # fmt: skip
TF = {"id": "t1", "format": "tf", "stem": "Type A tympanograms peak near 0 daPa.", "answer": True}
FIB = {"id": "f1", "format": "fib", "stem": "Noise notches sit near ____ Hz.", "answer": "4000"}
SA = {"id": "s1", "format": "sa", "stem": "Name the test of middle-ear pressure.",
      "answer": "tympanometry"}  # fmt: skip
EXACT = {
    "id": "e1", "format": "exact", "stem": "Refer, and within how many days?",
    "fields": [{"name": "refer", "kind": "choice", "options": ["yes", "no"]},
               {"name": "days", "kind": "text"}],
    "answer": {"refer": "yes", "days": "7"},
}  # fmt: skip
CASE = {
    "id": "c1", "format": "case", "stem": "A 60-year-old reports muffled hearing.",
    "images": ["media/audiogram.png"], "data": {"audiogram": {"right": {"500": 20}}},
    "questions": [{"id": "Q1", "prompt": "Describe the results.", "reference": "Mild loss."},
                  {"id": "Q2", "prompt": "Diagnosis?", "reference": "Presbycusis."}],
}  # fmt: skip
AUDIO = {"id": "a1", "format": "audio", "stem": "Rate this recording.", "audio": "media/clip.wav"}
ROWS = [MCQ, TF, FIB, SA, EXACT, CASE, AUDIO]
CSV_COLUMNS = ["id", "format", "stem", "options", "answer", "provenance.url", "tags"]


def _csv_rows() -> list[dict[str, str]]:
    return [
        {"id": "cm1", "format": "mcq", "stem": "Which nerve carries hearing?",
         "options": json.dumps({"A": "VII", "B": "VIII"}), "answer": "B",
         "provenance.url": "https://example.org/a", "tags": json.dumps(["anatomy"])},
        {"id": "ct1", "format": "tf", "stem": "Sound is a pressure wave.", "answer": "true"},
        {"id": "cf1", "format": "fib", "stem": "Speech spans ____ Hz.", "answer": "250-4000"},
    ]  # fmt: skip


class Case:
    """One corpus file: its text, what a strict loader must do, and where the defect sits."""

    def __init__(self, kind: str, name: str, text: str | bytes, expect: str, line: int | None,
                 field: str | None = None):  # fmt: skip
        self.kind, self.name, self.text = kind, name, text
        self.expect, self.line, self.field = expect, line, field


def _jsonl(rows: list[Any]) -> str:
    return "".join((r if isinstance(r, str) else json.dumps(r, ensure_ascii=False)) + "\n"
                   for r in rows)  # fmt: skip


def _csv(columns: list[str], rows: list[dict[str, str]] | list[list[str]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for row in rows:
        writer.writerow(row if isinstance(row, list) else [row.get(c, "") for c in columns])
    return out.getvalue()


def _unique(row: dict[str, Any], n: int) -> dict[str, Any]:
    row = copy.deepcopy(row)
    row["id"] = f"{row['id']}-{n}"
    return row


def _planted(rng: random.Random, bad: str | dict[str, Any], kind: str, name: str,
             field: str | None = None, ext: str = "jsonl") -> Case:  # fmt: skip
    """Return a JSONL case: valid rows with one bad row at a random line."""
    rows: list[Any] = [_unique(r, i) for i, r in enumerate(rng.sample(ROWS, 4))]
    at = rng.randrange(len(rows) + 1)
    rows.insert(at, bad)
    return Case(kind, f"{name}.{ext}", _jsonl(rows), "reject", at + 1, field)


def malformed(rng: random.Random) -> list[Case]:
    """Return the malformed cases, each with one planted defect."""
    cases: list[Case] = []
    n = 0

    def add(kind: str, bad: str | dict[str, Any], field: str | None = None) -> None:
        nonlocal n
        n += 1
        cases.append(_planted(rng, bad, kind, f"{kind}-{n:03d}", field))

    # duplicate JSON keys (the last was kept silently)
    add("dup-json-key", json.dumps(TF)[:-1] + ', "answer": false}')
    add("dup-json-key", json.dumps(MCQ)[:-1] + ', "answer": "A"}')
    add("dup-json-key", json.dumps(MCQ).replace('"B": "incus"', '"B": "incus", "B": "stapes"'))
    add("dup-json-key", json.dumps(CASE).replace('"id": "Q1",', '"id": "Q1", "id": "Q3",'))
    add("dup-json-key", json.dumps(FIB).replace('"id": "f1"', '"id": "f1", "id": "f2"'))
    # repeated question ids in a case
    for qid in ("Q1", "Q2", "q1"):
        row = copy.deepcopy(CASE)
        row["questions"].append({"id": qid, "prompt": "Again?", "reference": "Yes."})
        add("case-dup-question", row, "questions")
    # loose booleans
    for value in ("yes", "no", "1", "0", "on", "off", "t", "f", "y", "n", 1, 0, "maybe"):
        add("tf-loose-bool", {**TF, "answer": value}, "answer")
    for value in ("yes", 1, "1", "on"):
        add("loose-bool-field", {**SA, "illustrative": value}, "illustrative")
    # blank required text
    for field, row in (
        ("id", {**TF, "id": "   "}), ("stem", {**TF, "stem": " \t "}),
        ("stem", {**MCQ, "stem": "\n"}), ("answer", {**FIB, "answer": "  "}),
        ("answer", {**SA, "answer": " "}), ("answer", {**MCQ, "answer": " "}),
        ("options", {**MCQ, "options": {"A": "", "B": "incus", "C": "stapes"}}),
        ("options", {**MCQ, "options": {"A": "   ", "B": "incus", "C": "stapes"}}),
        ("questions", {**CASE, "questions": [{"id": " ", "prompt": "P?", "reference": "R."}]}),
        ("questions", {**CASE, "questions": [{"id": "Q1", "prompt": "  ", "reference": "R."}]}),
        ("answer", {**EXACT, "answer": {"refer": "yes", "days": "  "}}),
        ("fields", {**EXACT, "fields": [{"name": "refer", "kind": "choice",
                                          "options": ["yes", " "]}, EXACT["fields"][1]]}),
        ("accept", {**FIB, "accept": ["  "]}),
        ("audio", {**AUDIO, "audio": "   "}),
    ):  # fmt: skip
        add("blank-text", row, field)
    # option letters no reply can produce (the extractor reads A-Z)
    for letter in ("Ä", "Σ", "Ж", "\uff21", "É"):
        add("bad-letter", {**MCQ, "options": {"A": "malleus", letter: "stapes"},
                           "answer": letter}, "options")  # fmt: skip
    # non-finite and unreadable numbers
    for text in ("NaN", "Infinity", "-Infinity", "1e999", "-1e400", "1" * 5000):
        add("non-finite", json.dumps(SA)[:-1] + f', "metadata": {{"age": {text}}}}}')
    # control characters and lone surrogates
    for field, value in (("stem", "Which\u0000one?"), ("stem", "bell\u0007"),
                         ("stem", "esc\u001b[31m"), ("stem", "\ud800 lone"),
                         ("stem", "trail \udfff"), ("answer", "40\u000000"),
                         ("stem", "c1 \u0085 control"), ("stem", "del \u007f")):  # fmt: skip
        base = FIB if field == "answer" else TF
        row = {**base, field: value}
        # a lone surrogate can only be written as a JSON escape (it is not UTF-8)
        surrogate = any("\ud800" <= c <= "\udfff" for c in value)
        add("control-char", json.dumps(row) if surrogate else row, field)
    add(
        "control-char",
        {**MCQ, "options": {"A": "mal\u0000leus", "B": "incus"}, "answer": "B"},
        "options",
    )
    # deep nesting
    for depth in (1000, 5000):
        add("too-deep", json.dumps(SA)[:-1] + ', "metadata": {"x": ' + "[" * depth
            + "]" * depth + "}}")  # fmt: skip
        add("too-deep", '{"a":' * depth + "1" + "}" * depth)
    add("too-deep", "[" * 3000)
    # media paths (the bank may name only regular files inside its folder)
    for kind_field, row in (
        ("images", {**CASE, "images": ["media"]}),  # a folder
        ("images", {**CASE, "images": [""]}),
        ("images", {**CASE, "images": ["/etc/hostname"]}),
        ("images", {**CASE, "images": ["../secret.txt"]}),
        ("images", {**CASE, "images": ["media/../../secret.txt"]}),
        ("images", {**CASE, "images": ["media/escape.png"]}),  # symlink out of the bank
        ("images", {**CASE, "images": ["media/missing.png"]}),
        ("media", {**SA, "media": ["/etc/passwd"]}),
        ("media", {**SA, "media": ["."]}),
        ("media", {**SA, "media": ["media/"]}),
        ("audio", {**AUDIO, "audio": "/etc/hostname"}),
        ("audio", {**AUDIO, "audio": "../secret.txt"}),
        ("audio", {**AUDIO, "audio": "media"}),
        ("audio", {**AUDIO, "audio": "media/empty.wav"}),  # an empty file
        ("audio", {**AUDIO, "audio": "media/truncated.wav"}),  # 12 bytes of a WAV header
        ("images", {**CASE, "images": ["media/page.png"]}),  # HTML named .png
    ):  # fmt: skip
        add("media-path", row, kind_field)
    # cross-field errors (must name their field)
    for field, row in (
        ("answer", {**MCQ, "answer": "E"}),
        ("answer", {**EXACT, "answer": {"refer": "perhaps", "days": "7"}}),
        ("answer", {**EXACT, "answer": {"refer": "yes"}}),
        ("fields", {**EXACT, "fields": [EXACT["fields"][0], EXACT["fields"][0]],
                    "answer": {"refer": "yes"}}),
        ("wrong_values", {**EXACT, "wrong_values": [{"field": "dose", "value": "9",
                                                       "label": "fabricated"}]}),
        ("fields", {**EXACT, "fields": [{"name": "refer", "kind": "choice"}],
                    "answer": {"refer": "yes"}}),
    ):  # fmt: skip
        add("cross-field", row, field)
    # ordinary schema errors (already reported before; kept as controls)
    add("schema", {k: v for k, v in TF.items() if k != "stem"}, "stem")
    add("schema", {**TF, "format": "essay"}, "format")
    add("schema", {**MCQ, "options": ["malleus", "stapes"]}, "options")
    add("schema", {**TF, "colour": "red"}, "colour")
    add("schema", "[1, 2, 3]")
    add("schema", '{"id": "x", "format": "tf", "stem": "S", "answer": tru')

    # CSV-specific
    base = _csv_rows()

    def add_csv(kind: str, text: str | bytes, line: int, field: str | None = None) -> None:
        nonlocal n
        n += 1
        cases.append(Case(kind, f"{kind}-{n:03d}.csv", text, "reject", line, field))

    cols = list(CSV_COLUMNS)
    add_csv("dup-csv-header", _csv([*cols, "stem"], [[*[r.get(c, "") for c in cols], "Other?"]
                                                     for r in base]), 1)  # fmt: skip
    add_csv("dup-csv-header", _csv([*cols, "answer"], [[*[r.get(c, "") for c in cols], "A"]
                                                       for r in base]), 1)  # fmt: skip
    add_csv("dup-csv-header", _csv(["id", "id", "format", "stem", "answer"],
                                   [["x1", "x2", "tf", "S", "true"]]), 1)  # fmt: skip
    for prov in ('{"citation": "A text"}', "a plain string", "[1, 2]"):
        for columns in (["provenance", "provenance.url"], ["provenance.url", "provenance"]):
            head = ["id", "format", "stem", "answer", *columns]
            values = {"provenance": prov, "provenance.url": "https://example.org"}
            row = ["p1", "tf", "S?", "true", *[values[c] for c in columns]]
            add_csv("csv-provenance-both", _csv(head, [row]), 1)
    for size in (131_073, 200_000):
        rows = copy.deepcopy(base)
        at = rng.randrange(len(rows))
        rows[at]["stem"] = "x" * size
        add_csv("csv-cell-too-long", _csv(cols, rows), at + 2, "stem")
    for value in ("yes", "1", "on", "t", "no", "0"):
        rows = copy.deepcopy(base)
        rows[1]["answer"] = value
        add_csv("tf-loose-bool", _csv(cols, rows), 3, "answer")
    rows = copy.deepcopy(base)
    rows[0]["options"] = "[" * 3000 + "]" * 3000
    add_csv("too-deep", _csv(cols, rows), 2, "options")
    rows = copy.deepcopy(base)
    rows[2]["stem"] = "nul\x00byte"
    add_csv("control-char", _csv(cols, rows), 4, "stem")
    rows = copy.deepcopy(base)
    rows[2]["stem"] = "bell\x07"
    add_csv("control-char", _csv(cols, rows), 4, "stem")
    rows = copy.deepcopy(base)
    rows[0]["options"] = '{"A": "VII", "B": NaN}'
    add_csv("non-finite", _csv(cols, rows), 2, "options")
    rows = copy.deepcopy(base)
    rows[0]["options"] = '{"A": "VII", "A": "VIII"}'
    add_csv("dup-json-key", _csv(cols, rows), 2, "options")
    rows = copy.deepcopy(base)
    rows[1]["stem"] = "   "
    add_csv("blank-text", _csv(cols, rows), 3, "stem")
    add_csv("csv-empty-header", _csv(["id", "format", "", "stem", "answer"],
                                     [["e1", "tf", "x", "S?", "true"]]), 1)  # fmt: skip
    return cases


def valid(rng: random.Random) -> list[Case]:
    """Return files that must load: the base rows, CSV, and edge cases that are fine."""
    cases = [Case("valid", "valid-all.jsonl", _jsonl(ROWS), "accept", None)]
    cases.append(Case("valid", "valid.csv", _csv(CSV_COLUMNS, _csv_rows()), "accept", None))
    edge = [
        {**TF, "id": "v1", "answer": "true"}, {**TF, "id": "v2", "answer": "FALSE"},
        {**SA, "id": "v3", "stem": "Tabs\tand\nnew lines are fine, and so is ü and 🦻."},
        {**MCQ, "id": "v4", "options": {"A": "x", "B": "y", "I": "z"}, "answer": "I"},
        {**SA, "id": "v5", "metadata": {"age": 61.5, "n": -3, "ok": True, "none": None}},
        {**CASE, "id": "v6", "images": ["media/sub/deep.png"]},
        {**SA, "id": "v7", "illustrative": True, "media": ["media/audiogram.png"]},
    ]  # fmt: skip
    cases.append(Case("valid", "valid-edge.jsonl", _jsonl(edge), "accept", None))
    rows = _csv_rows()
    rows[1]["answer"] = "TRUE"
    cases.append(Case("valid", "valid-upper.csv", _csv(CSV_COLUMNS, rows), "accept", None))
    return cases


MUTATION_ALPHABET = ['"', "{", "}", "[", "]", ",", ":", "\\", "\n", "\x00", "\ud800", "x", " ",
                     "NaN", "1e999", "..", "/", "\t", "\x7f", "é"]  # fmt: skip


def mutations(rng: random.Random, count: int) -> list[Case]:
    """Return random mutations of valid files (their verdict is unknown: only crashes count)."""
    sources = [_jsonl(ROWS), _csv(CSV_COLUMNS, _csv_rows())]
    cases = []
    for i in range(count):
        text = sources[i % 2]
        for _ in range(rng.randint(1, 4)):
            op = rng.choice(["insert", "delete", "swap", "dup-line", "truncate", "replace"])
            pos = rng.randrange(len(text))
            if op == "insert":
                text = text[:pos] + rng.choice(MUTATION_ALPHABET) + text[pos:]
            elif op == "delete":
                text = text[:pos] + text[pos + rng.randint(1, 8) :]
            elif op == "swap" and pos + 1 < len(text):
                text = text[:pos] + text[pos + 1] + text[pos] + text[pos + 2 :]
            elif op == "dup-line":
                lines = text.splitlines(keepends=True)
                k = rng.randrange(len(lines))
                lines.insert(k, lines[k])
                text = "".join(lines)
            elif op == "truncate":
                text = text[: max(pos, 1)]
            else:
                text = text[:pos] + rng.choice(MUTATION_ALPHABET) + text[pos + 1 :]
        ext = "jsonl" if i % 2 == 0 else "csv"
        cases.append(Case("mutation", f"mutation-{i:03d}.{ext}", text, "unknown", None))
    return cases


def _wav() -> bytes:
    """Return a short silent mono WAV file."""
    import numpy as np
    import soundfile

    buffer = io.BytesIO()
    soundfile.write(buffer, np.zeros(1600), 16000, format="WAV")
    return buffer.getvalue()


def _png() -> bytes:
    """Return a 4 x 4 white PNG image."""
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (4, 4), "white").save(buffer, format="PNG")
    return buffer.getvalue()


def write_corpus(out: Path, seed: int, count: int) -> tuple[Path, list[Case]]:
    """Write the corpus (and the media it names) under ``out``; return its folder and cases."""
    rng = random.Random(seed)
    bank = out / "corpus"
    if bank.exists():
        shutil.rmtree(bank)
    (bank / "media" / "sub").mkdir(parents=True)
    (out / "secret.txt").write_text("a local file no provider may see\n")
    # real media (validation opens them), and two that only look like media
    (bank / "media" / "audiogram.png").write_bytes(_png())
    (bank / "media" / "sub" / "deep.png").write_bytes(_png())
    (bank / "media" / "clip.wav").write_bytes(_wav())
    (bank / "media" / "empty.wav").write_bytes(b"")
    (bank / "media" / "truncated.wav").write_bytes(_wav()[:12])
    (bank / "media" / "page.png").write_text("<html><body>not an image</body></html>\n")
    (bank / "media" / "escape.png").symlink_to(Path("..") / ".." / "secret.txt")
    cases = malformed(rng) + valid(rng) + mutations(rng, count)
    for case in cases:
        path = bank / case.name
        if isinstance(case.text, bytes):
            path.write_bytes(case.text)
        else:
            path.write_bytes(case.text.encode("utf-8", "surrogatepass"))
    return bank, cases


_PROBLEM = re.compile(r"^(?P<file>.+?):(?P<line>\d+): (?P<field>[^:]+?): (?P<message>.+)$", re.S)


def verdict(bank: Path, case: Case) -> tuple[str, str]:
    """Return (verdict, detail) for one corpus file."""
    from clinbench.items.loader import read_items

    path = bank / case.name
    try:
        _items, problems = read_items([path])
    except BaseException as err:  # noqa: BLE001 - a crash is what is being counted
        last = traceback.format_exception_only(type(err), err)[-1].strip()
        return "traceback", last[:200]
    if case.expect == "accept":
        return ("accepted", "") if not problems else ("valid rejected", str(problems[0])[:200])
    if case.expect == "unknown":
        return ("mutation rejected", "") if problems else ("mutation accepted", "")
    if not problems:
        return "wrongly accepted", ""
    parsed = [_PROBLEM.match(str(p)) for p in problems]
    if not all(parsed):
        return "misplaced", f"not file:line: field: message: {problems[0]}"[:200]
    at_line = [m for m in parsed if m and int(m["line"]) == case.line]
    if not at_line:
        return "misplaced", f"no problem on line {case.line}: {problems[0]}"[:200]
    if case.field and not any(m["field"].split(".")[0] == case.field for m in at_line):
        return "misplaced", f"field is not {case.field!r}: {at_line[0].string}"[:200]
    return "clean error", ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", "-o", type=Path, default=None, help="Corpus folder (kept).")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--mutations", type=int, default=200)
    parser.add_argument("--list", action="store_true", help="Print every non-clean file.")
    args = parser.parse_args()
    out = args.out or Path(tempfile.mkdtemp(prefix="clinbench-fuzz-"))
    bank, cases = write_corpus(out, args.seed, args.mutations)
    results = [(case, *verdict(bank, case)) for case in cases]
    by_kind: dict[str, Counter[str]] = {}
    for case, outcome, _ in results:
        by_kind.setdefault(case.kind, Counter())[outcome] += 1
    print(f"corpus: {bank} ({len(cases)} files)\n")
    print(f"{'kind':<22}{'files':>6}  outcomes")
    for kind, counts in by_kind.items():
        shown = ", ".join(f"{k} {v}" for k, v in counts.most_common())
        print(f"{kind:<22}{sum(counts.values()):>6}  {shown}")
    total = Counter(outcome for _, outcome, _ in results)
    malformed_n = sum(1 for c in cases if c.expect == "reject")
    print(f"\nmalformed files: {malformed_n}")
    for name in ("clean error", "misplaced", "traceback", "wrongly accepted"):
        share = sum(1 for c, o, _ in results if c.expect == "reject" and o == name)
        print(f"  {name:<18}{share:>5}")
    crashed = Counter(c.expect for c, o, _ in results if o == "traceback")
    valid_n = sum(1 for c in cases if c.expect == "accept")
    print(f"valid files: {valid_n}, rejected {total['valid rejected']}, "
          f"tracebacks {crashed['accept']}")  # fmt: skip
    print(f"mutations: {args.mutations}, tracebacks {crashed['unknown']}, rejected "
          f"{total['mutation rejected']}, accepted {total['mutation accepted']}")  # fmt: skip
    if args.list:
        print()
        for case, outcome, detail in results:
            if outcome not in ("clean error", "accepted", "mutation rejected", "mutation accepted"):
                print(f"{case.name}: {outcome}: {detail}")


if __name__ == "__main__":
    main()
