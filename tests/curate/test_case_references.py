"""Case references drafted by a model role under a no-hallucination instruction, marked
unreviewed until reviewers sign them in the audit app (offline replay and a local server)."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pandas as pd
import pytest
from typer.testing import CliRunner

from clinbench.audit.sampling import DB_FILE, load_key, load_manifest
from clinbench.audit.store import AuditStore
from clinbench.cli.curate_commands import app
from clinbench.curate.references import REVIEW_KEY, reference_status
from clinbench.items.loader import load_items, write_items
from clinbench.suites.audiology.tasks import CASE_ITEMS
from tests.audit.audit_support import LiveServer
from tests.local_openai import OpenAIHandler, serve

GROUNDED = {
    "reference": "Thresholds are normal in both ears; tympanometry is type A on both sides; "
    "SRT 10 dB HL and word recognition 100% in each ear; DPOAEs are present.",
    "facts_used": ["Tympanometry, right ear: type A", "SRT 10 dB HL", "DPOAE, right ear: present"],
    "cannot_answer": False,
}
INVENTED = {  # states an SRT of 57 dB HL the case never gives
    "reference": "Mild loss with an SRT of 57 dB HL in the right ear.",
    "facts_used": ["Otoscopy is clear"],
    "cannot_answer": False,
}


@pytest.fixture
def cases(tmp_path: Path) -> Path:
    import shutil

    path = tmp_path / "cases.jsonl"
    first_two = load_items([CASE_ITEMS])[:2]
    (tmp_path / "images").mkdir()
    for case in first_two:  # the images travel with the case file
        for image in case.images:
            shutil.copy(case.resolve(image), tmp_path / image)
    write_items(first_two, path)
    return path


def _replay(tmp_path: Path, ids: list[str]) -> Path:
    replies = {
        ids[0]: json.dumps(GROUNDED),
        ids[1]: "The answer is that hearing is fine.",  # not JSON: parse failure, not a draft
        ids[2]: json.dumps(INVENTED),
        ids[3]: json.dumps(
            {"reference": "The case gives no basis.", "facts_used": [], "cannot_answer": True}
        ),  # fmt: skip
    }
    path = tmp_path / "drafts.csv"
    pd.DataFrame([{"item_id": k, "model": "drafter", "response": v}
                  for k, v in replies.items()]).to_csv(path, index=False)  # fmt: skip
    return path


def _draft(tmp_path: Path, cases: Path, model: str, *extra: str) -> tuple[list, str]:
    out = tmp_path / "drafted.jsonl"
    result = CliRunner().invoke(app, [
        "draft-references", str(cases), "--model", model, *extra, "--questions", "Q1,Q2",
        "--log-dir", str(tmp_path / "logs"), "--out", str(out), "-f", "csv",
    ])  # fmt: skip
    assert result.exit_code == 0, result.output
    return load_items([out]), result.output


def test_offline_drafts_are_unreviewed_flagged_and_failures_leave_the_reference(tmp_path, cases):
    original = load_items([cases])
    ids = [f"{c.id}:{q}" for c in original for q in ("Q1", "Q2")]
    replay = _replay(tmp_path, ids)
    drafted, output = _draft(tmp_path, cases, "clinbench/replay/drafter", "-M",
                             f"responses={replay}")  # fmt: skip
    first, second = drafted
    q1 = next(q for q in first.questions if q.id == "Q1")
    assert q1.reference == GROUNDED["reference"]
    record = first.metadata[REVIEW_KEY]["Q1"]
    assert record["status"] == "unreviewed" and record["flags"] == []
    assert record["replaced"] == original[0].questions[0].reference
    assert reference_status(first, "Q1") == "unreviewed"
    # the unparseable reply drafted nothing: Q2 keeps the author's reference, no record
    assert first.questions[1].reference == original[0].questions[1].reference
    assert "Q2" not in first.metadata[REVIEW_KEY] and reference_status(first, "Q2") == "author"
    # the invented number is flagged (the draft is kept for the reviewer to reject)
    assert second.metadata[REVIEW_KEY]["Q1"]["flags"] == ["number_not_in_case:57"]
    assert "cannot_answer" in output and "parse_failed" in output
    assert second.questions[1].reference == original[1].questions[1].reference
    # the model was told to use only the case's facts
    from inspect_ai.log import read_eval_log

    log = read_eval_log(next((tmp_path / "logs").glob("*.eval")))
    prompt = log.samples[0].input
    assert "Use only facts stated in the case" in prompt and original[0].stem[:40] in prompt


class Drafter(OpenAIHandler):
    def reply(self, body: dict) -> str:
        return json.dumps(GROUNDED)


def test_a_served_model_drafts_through_the_openai_api(tmp_path, cases, monkeypatch):
    with serve(Drafter, monkeypatch):
        drafted, _ = _draft(tmp_path, cases, "openai-api/local/drafter")
        requests = list(Drafter.requests)
    assert len(requests) == 4  # two cases x Q1, Q2
    assert all(c.metadata[REVIEW_KEY]["Q1"]["status"] == "unreviewed" for c in drafted)
    assert all(c.metadata[REVIEW_KEY]["Q1"]["drafted_by"] == "openai-api/local/drafter"
               for c in drafted)  # fmt: skip


def test_reviewers_sign_drafts_in_the_app_and_only_submitted_labels_count(tmp_path, cases):
    ids = [f"{c.id}:{q}" for c in load_items([cases]) for q in ("Q1", "Q2")]
    replay = _replay(tmp_path, ids)
    _draft(tmp_path, cases, "clinbench/replay/drafter", "-M", f"responses={replay}")
    drafted = tmp_path / "drafted.jsonl"
    audit = tmp_path / "signoff"
    made = CliRunner().invoke(app, ["review-references", str(drafted), "--out", str(audit),
                                    "-f", "csv"])  # fmt: skip
    assert made.exit_code == 0, made.output
    meta, items = load_manifest(audit)
    assert meta["kind"] == "draft" and len(items) == 2  # the two drafted Q1 references
    key = load_key(audit).set_index("item_id")
    store = AuditStore(audit / DB_FILE)
    tokens = {n: store.add_reviewer(n) for n in ("ann", "ben", "late")}
    choices = {"ann": {"aud-case-001": "accurate", "aud-case-002": "flawed"},
               "ben": {"aud-case-001": "defensible", "aud-case-002": "flawed"},
               "late": {"aud-case-001": "flawed", "aud-case-002": "accurate"}}  # fmt: skip
    with LiveServer(audit) as server:
        for name, token in tokens.items():
            headers = {"Authorization": f"Bearer {token}"}
            with httpx.Client(base_url=server.url, headers=headers, timeout=30) as client:
                csrf = client.get("/api/session").json()["csrf_token"]
                page = client.get(f"/items/{key.loc['aud-case-002', 'audit_id']}")
                assert "Drafted reference answer" in page.text
                assert "number_not_in_case:57" in page.text and "deserve credit" not in page.text
                for case_id, choice in choices[name].items():
                    form = {
                        "reference_label": choice,
                        "csrf_token": csrf,
                        "rationale": "SRT 57 is not in the case" if choice == "flawed" else "",
                    }
                    saved = client.post(f"/items/{key.loc[case_id, 'audit_id']}", data=form)
                    assert saved.status_code in (200, 303), saved.text
                if name != "late":  # "late" never submits: their labels sign nothing
                    ok = client.post("/api/submit", headers={"X-CSRF-Token": csrf})
                    assert ok.json() == {"submitted": True}
    signed_path = tmp_path / "signed.jsonl"
    result = CliRunner().invoke(app, ["sign-references", str(drafted), "--audit", str(audit),
                                      "--out", str(signed_path), "-f", "csv"])  # fmt: skip
    assert result.exit_code == 0, result.output
    first, second = load_items([signed_path])
    assert reference_status(first, "Q1") == "signed"
    assert first.metadata[REVIEW_KEY]["Q1"]["reviewers"] == ["ann", "ben"]
    assert reference_status(second, "Q1") == "rejected"
    assert "SRT 57" in second.metadata[REVIEW_KEY]["Q1"]["reasons"]["ann"]
    # editing a signed reference by hand voids the signature
    edited = first.model_copy(update={"questions": [
        q.model_copy(update={"reference": q.reference + " Extra."}) if q.id == "Q1" else q
        for q in first.questions
    ]})  # fmt: skip
    assert reference_status(edited, "Q1") == "unreviewed"
    # an audit of another kind is refused
    wrong = CliRunner().invoke(
        app,
        [
            "sign-references",
            str(drafted),
            "--audit",
            str(tmp_path / "nothing"),
            "--out",
            str(signed_path),
        ],
    )
    assert wrong.exit_code != 0


@pytest.fixture
def bank(tmp_path: Path) -> Path:
    """The two cases in tmp_path/bank/cases.jsonl, their images in bank/images."""
    import shutil

    folder = tmp_path / "bank"
    folder.mkdir()
    path = folder / "cases.jsonl"
    first_two = load_items([CASE_ITEMS])[:2]
    (folder / "images").mkdir()
    for case in first_two:
        for image in case.images:
            shutil.copy(case.resolve(image), folder / image)
    write_items(first_two, path)
    return path


def _draft_to(tmp_path: Path, cases: Path, out: Path, *extra: str):
    ids = [f"{c.id}:{q}" for c in load_items([cases]) for q in ("Q1", "Q2")]
    replay = _replay(tmp_path, ids)
    return CliRunner().invoke(app, [
        "draft-references", str(cases), "--model", "clinbench/replay/drafter", "-M",
        f"responses={replay}", "--questions", "Q1,Q2", "--log-dir", str(tmp_path / "logs"),
        "--out", str(out), "-f", "csv", *extra,
    ])  # fmt: skip


def test_drafts_written_above_the_bank_name_the_same_images(tmp_path, bank):
    out = tmp_path / "drafted.jsonl"
    result = _draft_to(tmp_path, bank, out)
    assert result.exit_code == 0, result.output
    drafted = load_items([out])  # validation accepts the rebased paths as they are
    assert drafted[0].images == ["bank/images/aud-case-001.png"]
    originals = load_items([bank])
    for before, after in zip(originals, drafted, strict=True):
        assert [after.resolve(p).resolve() for p in after.images] == [
            before.resolve(p).resolve() for p in before.images
        ]


def test_drafts_written_beside_another_folder_need_a_media_root(tmp_path, bank):
    out = tmp_path / "elsewhere" / "drafted.jsonl"
    out.parent.mkdir()
    refused = _draft_to(tmp_path, bank, out)
    assert refused.exit_code != 0
    assert "../bank/images/aud-case-001.png" in refused.output
    assert "--media-root" in refused.output
    assert not out.exists() and not (tmp_path / "logs").exists()  # refused before any call
    # with the bank's folder named as a media root the drafts are written, and they load
    # (and go to review) with that same root
    written = _draft_to(tmp_path, bank, out, "--media-root", str(bank.parent))
    assert written.exit_code == 0, written.output
    drafted = load_items([out], media_roots=[bank.parent])
    assert drafted[0].images == ["../bank/images/aud-case-001.png"]
    review = CliRunner().invoke(app, [
        "review-references", str(out), "--out", str(tmp_path / "signoff"),
        "--media-root", str(bank.parent), "-f", "csv",
    ])  # fmt: skip
    assert review.exit_code == 0, review.output
    # signing, written back above the bank, names the images from there (no root needed)
    signed = tmp_path / "signed.jsonl"
    sign = ["sign-references", str(out), "--audit", str(tmp_path / "signoff"),
            "--out", str(signed), "-f", "csv"]  # fmt: skip
    unreadable = CliRunner().invoke(app, sign)
    assert unreadable.exit_code != 0 and "--media-root" in unreadable.output
    result = CliRunner().invoke(app, [*sign, "--media-root", str(bank.parent)])
    assert result.exit_code == 0, result.output
    assert load_items([signed])[0].images == ["bank/images/aud-case-001.png"]
