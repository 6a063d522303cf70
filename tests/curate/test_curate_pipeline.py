"""End-to-end offline curation: screen, adapt (replay), normalise, dedup, tag, review."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
from inspect_ai.log import read_eval_log
from typer.testing import CliRunner

from clinbench.cli.curate_commands import app
from clinbench.items.loader import load_items, validate_files

runner = CliRunner()
MODEL = "clinbench/replay/gemini-frozen"


def invoke(*args: str):
    return runner.invoke(app, [str(a) for a in args])


def test_screen_then_adapt_offline(
    tmp_path: Path, passages_file: Path, write_replies, screen_replies, mcq_replies
) -> None:
    logs = tmp_path / "logs"
    screen_file = write_replies(tmp_path / "screen.csv", screen_replies)
    screen_out = tmp_path / "screening.csv"
    result = invoke(
        "screen", passages_file, "--model", MODEL, "-M", f"responses={screen_file}",
        "--out", screen_out, "--log-dir", logs,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    screening = pd.read_csv(screen_out, dtype=str, keep_default_na=False).set_index("passage_id")
    assert screening.loc["tymp-01", "suitable"] == "True"
    assert screening.loc["ack-01", "suitable"] == "False"
    # an unparseable reply is recorded as such, with no verdict
    assert screening.loc["ssd-01", "status"] == "parse_failed"
    assert screening.loc["ssd-01", "suitable"] == ""
    screen_log = read_eval_log(screening.loc["tymp-01", "log_file"])
    assert {str(s.id) for s in screen_log.samples} == set(screen_replies)
    assert screen_log.plan.config.temperature == 0
    # the schema is asked per call (structured output that degrades): json_schema first
    sample = screen_log.samples[0]
    assert sample.metadata["structured_output"] == "json_schema"
    call = next(e for e in sample.events if e.event == "model")
    assert call.config.response_schema.name == "ScreenReply"

    adapt_file = write_replies(tmp_path / "adapt.csv", mcq_replies)
    items_out = tmp_path / "items.jsonl"
    result = invoke(
        "adapt", passages_file, "--format", "mcq", "--model", MODEL,
        "-M", f"responses={adapt_file}", "--screened", screen_out, "--out", items_out,
        "--log-dir", logs, "--suite", "audiology", "--source-pool", "research",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert validate_files([items_out]) == []
    items = {item.id: item for item in load_items(items_out)}
    assert set(items) == {"tymp-01-mcq", "noise-01-mcq"}
    tymp = items["tymp-01-mcq"]
    assert tymp.answer == "A" and tymp.options["A"] == "Fluid in the middle ear"
    assert tymp.provenance.citation.startswith("Illustrative passage")
    assert tymp.provenance.url == "https://example.org/teaching/tympanometry"
    assert str(tymp.provenance.accessed) == "2025-03-01"
    assert "classed as type B" in tymp.provenance.quote
    assert tymp.metadata["rationale"].startswith("A type B trace")

    decisions = pd.read_csv(tmp_path / "items.decisions.csv", dtype=str, keep_default_na=False)
    status = dict(zip(decisions["passage_id"], decisions["status"], strict=True))
    assert status == {
        "tymp-01": "item",
        "noise-01": "item",
        "who-01": "invalid_item",  # answer E among four options
        "oae-01": "parse_failed",  # prose instead of JSON
        "ack-01": "not_suitable",
        "ssd-01": "screen_parse_failed",
    }
    who = decisions.set_index("passage_id").loc["who-01", "detail"]
    assert "'E'" in who and "not among the options" in who
    adapt_log = read_eval_log(decisions.set_index("passage_id").loc["tymp-01", "log_file"])
    # only the four suitable passages were sent to the model
    assert {str(s.id) for s in adapt_log.samples} == {"tymp-01", "noise-01", "who-01", "oae-01"}

    # the rest of the pipeline on the adapted items
    norm = tmp_path / "norm.jsonl"
    assert invoke("normalise", items_out, "--out", norm).exit_code == 0
    dedup_dir = tmp_path / "dedup"
    assert invoke("dedup", norm, "--out", dedup_dir).exit_code == 0
    tagged = tmp_path / "tagged.jsonl"
    result = invoke("tag", dedup_dir / "items.jsonl", "--out", tagged)
    assert result.exit_code == 0, result.output
    levels = {i.id: i.metadata["cognitive_level"] for i in load_items(tagged)}
    assert levels["tymp-01-mcq"] == "application"  # a patient vignette
    review_dir = tmp_path / "review"
    result = invoke("review-export", tagged, "--out", review_dir)
    assert result.exit_code == 0, result.output
    sheet = pd.read_csv(review_dir / "review.csv", dtype=str, keep_default_na=False)
    sheet["decision"] = "keep"
    sheet.to_csv(review_dir / "review.csv", index=False)
    final = tmp_path / "final.jsonl"
    result = invoke("review-import", tagged, "--sheet", review_dir / "review.csv", "--out", final)
    assert result.exit_code == 0, result.output
    assert validate_files([final]) == []
    assert all(i.metadata["review"]["decision"] == "keep" for i in load_items(final))


def test_missing_frozen_response_is_an_error_row(
    tmp_path: Path, passages_file: Path, write_replies, screen_replies
) -> None:
    replies = screen_replies
    del replies["noise-01"]
    path = write_replies(tmp_path / "screen.csv", replies)
    out = tmp_path / "screening.csv"
    result = invoke(
        "screen", passages_file, "--model", MODEL, "-M", f"responses={path}", "--out", out,
        "--log-dir", tmp_path / "logs",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    screening = pd.read_csv(out, dtype=str, keep_default_na=False).set_index("passage_id")
    assert screening.loc["noise-01", "status"] == "error"
    assert screening.loc["noise-01", "suitable"] == ""
    assert "no frozen response" in screening.loc["noise-01", "detail"]
    assert screening.loc["who-01", "status"] == "ok"


def test_bad_passage_file_exits_2_naming_line_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(
        json.dumps({"id": "a", "text": "Otoacoustic emissions come from outer hair cells."})
        + "\n{not json\n"
        + json.dumps({"id": "b"})
        + "\n"
        + json.dumps({"id": "a", "text": "Duplicate id."})
        + "\n"
        + json.dumps({"id": "c", "text": "x", "accessed": "last week"})
        + "\n",
        encoding="utf-8",
    )
    out = tmp_path / "items.jsonl"
    result = runner.invoke(
        app, ["adapt", str(bad), "--format", "tf", "--model", MODEL, "--out", str(out)]
    )
    assert result.exit_code == 2
    text = result.output
    assert f"{bad}:2: -: invalid JSON" in text
    assert f"{bad}:3: text: Field required" in text
    assert f"{bad}:4: id: duplicate passage id 'a'" in text
    assert f"{bad}:5: accessed:" in text
    assert not out.exists()


def test_model_that_cannot_be_set_up_exits_2(tmp_path: Path, passages_file: Path) -> None:
    out = tmp_path / "screening.csv"
    result = invoke(
        "screen", passages_file, "--model", MODEL, "-M", f"responses={tmp_path / 'none.csv'}",
        "--out", out, "--log-dir", tmp_path / "logs",
    )  # fmt: skip
    assert result.exit_code == 2
    assert "none.csv:0: -: file not found" in result.output
    assert not out.exists() and not (tmp_path / "logs").exists()


# SmolLM2-135M's reply to `curate adapt --format mcq` on the noise-01 passage: its quote is not in
# the passage, so the item is written with the flag quote_not_in_passage.
SMOLLM2_NOISE_REPLY = {
    "stem": "Noise-induced hearing loss usually shows first as a dip in thresholds centred "
    "near 4000 Hz, with recovery at 8000 Hz.",
    "options": ["response", "rationale"],
    "answer": "A",
    "rationale": "The answer is that noise induced hearing loss typically causes damage to the "
    "inner ear and can be treated by wearing a hearing aid.",
    "quote": "This is not true. The answer is that noise-induced hearing loss usually does not "
    "cause damage to the inner ear.",
}


# SmolLM2's reply with real options in place of its field names: written, but its quote is
# not in the passage and its stem states the fact instead of asking.
SMOLLM2_NOISE_REPLY_WITH_OPTIONS = {
    **SMOLLM2_NOISE_REPLY, "options": ["500 Hz", "1000 Hz", "4000 Hz", "8000 Hz"], "answer": "C",
}  # fmt: skip


def test_adapt_says_how_many_items_are_flagged(
    tmp_path: Path, passages_file: Path, write_replies, mcq_replies
) -> None:
    """With SmolLM2, `curate adapt` printed 'wrote 2 items ... (2 item)' while both items were
    flagged quote_not_in_passage in the decisions log: the flags were not said. (SmolLM2's own
    reply, whose options are field names, is now refused: the test below.)"""
    replies = {"tymp-01": mcq_replies["tymp-01"], "noise-01": SMOLLM2_NOISE_REPLY_WITH_OPTIONS}
    adapt_file = write_replies(tmp_path / "adapt.csv", replies)
    chosen = tmp_path / "two.jsonl"
    chosen.write_text(
        "".join(
            line + "\n"
            for line in passages_file.read_text().splitlines()
            if json.loads(line)["id"] in replies
        )
    )
    result = invoke(
        "adapt", chosen, "--format", "mcq", "--model", MODEL, "-M", f"responses={adapt_file}",
        "--out", tmp_path / "items.jsonl", "--log-dir", tmp_path / "logs",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "wrote 2 items" in result.output
    assert "1 flagged (quote_not_in_passage 1, stem_not_a_question 1)" in result.output, (
        result.output
    )


def test_adapt_refuses_options_that_are_the_reply_fields(
    tmp_path: Path, passages_file: Path, write_replies, mcq_replies
) -> None:
    """SmolLM2 (realuse2) answered with the passage as the stem and the reply format's field
    names as the options ("rationale", "quote"): no reviewer would take it for an item."""
    import pandas as pd

    replies = {"tymp-01": mcq_replies["tymp-01"], "noise-01": SMOLLM2_NOISE_REPLY}
    adapt_file = write_replies(tmp_path / "adapt.csv", replies)
    chosen = tmp_path / "two.jsonl"
    chosen.write_text(
        "".join(
            line + "\n"
            for line in passages_file.read_text().splitlines()
            if json.loads(line)["id"] in replies
        )
    )
    out = tmp_path / "items.jsonl"
    result = invoke(
        "adapt", chosen, "--format", "mcq", "--model", MODEL, "-M", f"responses={adapt_file}",
        "--out", out, "--log-dir", tmp_path / "logs",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "wrote 1 items" in result.output and "1 invalid_item" in result.output
    assert [json.loads(line)["id"] for line in out.read_text().splitlines()] == ["tymp-01-mcq"]
    log = pd.read_csv(tmp_path / "items.decisions.csv").set_index("passage_id")
    assert log.loc["noise-01", "status"] == "invalid_item"
    assert "the reply format's field names (rationale)" in log.loc["noise-01", "detail"]
