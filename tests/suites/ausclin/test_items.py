"""The suite's items: the sample's coverage, required provenance, and chance rates."""

from __future__ import annotations

import json
import math

import pytest

from clinbench.items.loader import ItemFileError
from clinbench.items.model import ExactItem
from clinbench.suites.ausclin.items import (
    DOMAINS,
    SAMPLE_ITEMS,
    chance_adjusted,
    chance_rate,
    load_ausclin_items,
)


def test_sample_covers_the_method():
    items = load_ausclin_items()
    assert len(items) >= 20
    assert {i.domain for i in items} == set(DOMAINS)
    assert all(i.illustrative for i in items)
    assert sum(i.trap for i in items) >= 2
    open_items = [i for i in items if i.equipoise]
    assert open_items
    settled = [i for i in items if i.pair_id == open_items[0].pair_id and not i.equipoise]
    assert settled and settled[0].domain == open_items[0].domain
    assert all(i.provenance.url and i.provenance.accessed and i.provenance.quote for i in items)
    labels = {w.label for i in items for w in i.wrong_values}
    assert labels == {"superseded", "foreign", "fabricated"}
    assert all(i.rewordings and i.pushback and i.rule_text for i in items)
    assert sum(bool(i.framings) for i in items) >= 6
    assert any(f.kind == "text" for i in items for f in i.fields)


def _rows() -> list[dict]:
    return [json.loads(line) for line in SAMPLE_ITEMS.read_text().splitlines()]


def _write(tmp_path, rows):
    path = tmp_path / "items.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_missing_provenance_and_evidence_are_reported_with_file_line_field(tmp_path):
    rows = _rows()[:4]
    del rows[1]["provenance"]["quote"]
    rows[2]["provenance"]["url"] = "www.example.org/no-scheme"
    rows[3]["wrong_values"][0]["url"] = ""
    rows[3]["pushback"] = rows[3]["answer"]["days_supply"]
    path = _write(tmp_path, rows)
    with pytest.raises(ItemFileError) as err:
        load_ausclin_items(path)
    messages = [str(p) for p in err.value.problems]
    assert f"{path}:2: provenance.quote: required for ausclin items" in messages
    assert any(m.startswith(f"{path}:3: provenance.url: not an http(s) URL") for m in messages)
    assert any(m.startswith(f"{path}:4: wrong_values.0.url") for m in messages)
    assert f"{path}:4: pushback: the pushback value is the answer key" in messages
    assert len(messages) == 4


def test_equipoise_item_needs_a_settled_partner(tmp_path):
    rows = [r for r in _rows() if r.get("equipoise")]
    with pytest.raises(ItemFileError, match="has no settled"):
        load_ausclin_items(_write(tmp_path, rows))


def test_other_formats_are_refused(tmp_path):
    row = {"id": "t1", "format": "tf", "stem": "A statement.", "answer": True}
    with pytest.raises(ItemFileError, match="use the 'exact' format"):
        load_ausclin_items(_write(tmp_path, [row]))


def test_chance_rate_is_the_product_over_choice_fields_and_zero_with_text():
    two = ExactItem(
        id="x", stem="q",
        fields=[{"name": "a", "kind": "choice", "options": ["1", "2", "3", "4", "5"]},
                {"name": "b", "kind": "choice", "options": ["x", "y"]}],
        answer={"a": "1", "b": "x"},
    )  # fmt: skip
    assert chance_rate(two) == pytest.approx(1 / 10)
    text = ExactItem(
        id="y", stem="q",
        fields=[{"name": "a", "kind": "choice", "options": ["1", "2"]}, {"name": "n"}],
        answer={"a": "1", "n": "23"},
    )  # fmt: skip
    assert chance_rate(text) == 0.0
    assert chance_adjusted(0.75, 0.5) == pytest.approx(0.5)
    assert chance_adjusted(0.25, 0.25) == pytest.approx(0.0)
    assert math.isnan(chance_adjusted(1.0, 1.0))


def test_replay_fixtures_match_their_generator(tmp_path):
    """The committed frozen replies are what make_fixtures.py writes from the sample items."""
    import importlib.util
    from pathlib import Path

    from clinbench.suites.ausclin.items import DATA_DIR

    spec = importlib.util.spec_from_file_location(
        "make_fixtures", Path(__file__).with_name("make_fixtures.py")
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(tmp_path)
    written = sorted(p.name for p in tmp_path.glob("replay_*.csv"))
    assert written == sorted(p.name for p in DATA_DIR.glob("replay_*.csv"))
    for name in written:
        assert (tmp_path / name).read_bytes() == (DATA_DIR / name).read_bytes(), name


def test_every_item_rule_is_reported_in_item_order(tmp_path):
    """Each suite rule, broken once, is named by line and field, item by item, pairs last."""
    rows = _rows()[:8]
    del rows[0]["provenance"]["accessed"]
    rows[0]["provenance"]["url"] = "ftp://example.org/rule"
    rows[1]["pushback"] = "not_an_option"
    rows[3]["wrong_values"][0]["quote"] = ""
    rows[3]["wrong_values"][1]["value"] = "60"  # the key itself listed as a wrong value
    rows[4].update(equipoise=True)  # no pair_id
    rows[5].update(pair_id="p1")
    rows[6].update(pair_id="p1", equipoise=True)  # its settled partner is in another domain
    rows[7].update(pair_id="p2", equipoise=True)  # no settled partner at all
    rows[7]["domain"] = "triage"
    path = _write(tmp_path, rows)
    with pytest.raises(ItemFileError) as err:
        load_ausclin_items(path)
    assert [str(p).removeprefix(f"{path}:") for p in err.value.problems] == [
        "1: provenance.accessed: required for ausclin items",
        "1: provenance.url: not an http(s) URL: 'ftp://example.org/rule'",
        "2: pushback: 'not_an_option' is not among ['unrestricted', 'restricted_benefit', "
        "'authority_required_streamlined', 'authority_required']",
        "4: wrong_values.0.quote: an evidenced superseded value needs its quote",
        "4: wrong_values.1.value: '60' is the answer key",
        "5: pair_id: an equipoise item needs a pair_id",
        "8: pair_id: pair 'p2' has no settled (non-equipoise) item",
    ]
    rows[6]["domain"] = "triage"
    path = _write(tmp_path, rows)
    with pytest.raises(ItemFileError) as err:
        load_ausclin_items(path)
    assert [str(p).removeprefix(f"{path}:") for p in err.value.problems[-2:]] == [
        "6: pair_id: pair 'p1' spans domains ['mbs_billing', 'triage']",
        "8: pair_id: pair 'p2' has no settled (non-equipoise) item",
    ]
