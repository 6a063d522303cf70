"""Canary stamping and the public/private split with its hash manifest (issue 18 item 1)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from clinbench.cli import _mount, app
from clinbench.curate.canary import CANARY_KEY, stamp_canary
from clinbench.curate.split import split_bank, verify_sample, write_split
from clinbench.items.digest import item_hash, item_set_hash
from clinbench.items.loader import load_items
from clinbench.items.model import MCQItem, TFItem

runner = CliRunner()
_mount()
AUSCLIN = Path(__file__).resolve().parents[2] / "src/clinbench/suites/ausclin/data/sample.jsonl"


def _bank(n: int = 40) -> list:
    """A bank of n items over three domains and two formats, in uneven proportions."""
    items = []
    for i in range(n):
        domain = ("hearing", "balance", "tinnitus")[0 if i % 5 < 3 else (1 if i % 5 == 3 else 2)]
        if i % 4 == 0:
            item = TFItem(id=f"t{i:03d}", stem=f"Statement {i}.", answer=i % 2 == 0, domain=domain)
        else:
            options = {"A": "one", "B": "two"}
            item = MCQItem(
                id=f"m{i:03d}", stem=f"Q {i}?", options=options, answer="A", domain=domain
            )
        items.append(item)
    return items


def test_stamp_puts_one_guid_in_every_item_and_is_idempotent():
    stamped, guid = stamp_canary(_bank())
    assert {i.metadata["canary"] for i in stamped} == {guid}
    again, same = stamp_canary(stamped)
    assert same == guid and [item_hash(i) for i in again] == [item_hash(i) for i in stamped]
    with pytest.raises(ValueError, match="already carries"):
        stamp_canary(stamped, "12345678-1234-5678-1234-567812345678")


def test_canary_cli_writes_header_and_the_file_loads(tmp_path):
    out = tmp_path / "bank.jsonl"
    result = runner.invoke(app, ["items", "canary", str(AUSCLIN), "-o", str(out)])
    assert result.exit_code == 0, result.output
    header = json.loads(out.read_text().splitlines()[0])
    guid = header[CANARY_KEY]
    assert guid in header["notice"] and "TRAINING" in header["notice"]
    items = load_items(out)  # the header line is skipped, every item carries the GUID
    assert len(items) == len(load_items(AUSCLIN))
    assert all(i.metadata["canary"] == guid for i in items)


def test_header_is_skipped_only_as_the_first_line(tmp_path):
    stamped, guid = stamp_canary(_bank(3))
    path = tmp_path / "x.jsonl"
    from clinbench.curate.canary import write_public_items

    write_public_items(stamped, path, guid, "x")
    lines = path.read_text().splitlines()
    moved = tmp_path / "moved.jsonl"
    moved.write_text("\n".join([lines[1], lines[0], *lines[2:]]) + "\n")
    from clinbench.items.loader import validate_files

    problems = validate_files([moved])
    assert [p.line for p in problems] == [2]


def test_split_is_reproducible_by_seed_stratified_and_disjoint(tmp_path):
    stamped, guid = stamp_canary(_bank(40))
    a = split_bank(stamped, 10, seed=7)
    b = split_bank(list(reversed(stamped)), 10, seed=7)  # file order does not matter
    c = split_bank(stamped, 10, seed=8)
    assert [i.id for i in a.public] == [i.id for i in b.public]
    assert [i.id for i in a.public] != [i.id for i in c.public]
    public = set(a.manifest["public_sha256"].values())
    private = set(a.manifest["private_sha256"])
    assert public.isdisjoint(private) and len(public | private) == 40
    assert a.manifest["item_set_sha256"] == item_set_hash(stamped)
    # proportional: each (format, domain) stratum gives ~ a quarter of its items
    sizes = Counter((i.format, i.domain) for i in stamped)
    got = Counter((i.format, i.domain) for i in a.public)
    for stratum, size in sizes.items():
        assert abs(got[stratum] - size * 10 / 40) < 1, (stratum, got[stratum], size)


def test_every_exported_public_file_carries_the_canary(tmp_path):
    stamped, guid = stamp_canary(_bank(20))
    paths = write_split(split_bank(stamped, 5, seed=1), tmp_path / "split")
    for kind, path in paths.items():
        text = path.read_text()
        assert guid in text.splitlines()[0] or guid in json.loads(text).get("canary", ""), kind
    public = load_items(paths["public"])
    assert len(public) == 5 and all(i.metadata["canary"] == guid for i in public)
    manifest = json.loads(paths["manifest"].read_text())
    assert manifest["canary"] == guid and guid in manifest["notice"]


def test_verify_sample_accepts_the_sample_and_catches_tampering(tmp_path):
    stamped, _ = stamp_canary(_bank(20))
    made = split_bank(stamped, 5, seed=3)
    assert verify_sample(made.public, made.manifest) == []
    edited = [made.public[0].model_copy(update={"stem": "changed"}), *made.public[1:]]
    assert any("hash mismatch" in p for p in verify_sample(edited, made.manifest))
    forged = dict(made.manifest, private_sha256=made.manifest["private_sha256"][1:])
    assert any("item_set_sha256" in p for p in verify_sample(made.public, forged))


def test_split_cli_refuses_an_unstamped_bank_and_writes_nothing(tmp_path):
    out = tmp_path / "split"
    result = runner.invoke(
        app, ["items", "split", str(AUSCLIN), "--public", "5", "--seed", "1", "-o", str(out)]
    )
    assert result.exit_code == 2 and "canary" in result.output
    assert not out.exists()


def test_split_and_verify_cli_round_trip(tmp_path):
    bank = tmp_path / "bank.jsonl"
    runner.invoke(app, ["items", "canary", str(AUSCLIN), "-o", str(bank)])
    out = tmp_path / "split"
    args = ["items", "split", str(bank), "--public", "6", "--seed", "2", "-o", str(out)]
    assert runner.invoke(app, args).exit_code == 0
    check = ["items", "verify-sample", str(out / "public.jsonl"), "--manifest",
             str(out / "manifest.json")]  # fmt: skip
    result = runner.invoke(app, check)
    assert result.exit_code == 0 and "OK: 6 items" in result.output
