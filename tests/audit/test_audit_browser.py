"""Two reviewers drive the review app in headless Chromium, then consensus and the report.

Needs Debian's chromium (`apt-get install -y chromium`); Playwright drives it through
``executable_path`` (no browser download).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pandas as pd
import pytest

from clinbench.audit.agreement_report import audit_report
from clinbench.audit.app import reviewer_link
from clinbench.audit.sampling import DB_FILE, load_key, load_manifest
from clinbench.audit.store import AuditStore
from tests.audit.audit_support import MODELS, LiveServer, make_audit

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]  # fmt: skip

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason="needs Debian's chromium: apt-get install -y chromium"
)


class Reviewer:
    """One reviewer's browser tab, keeping the source of every page it is shown."""

    def __init__(self, browser, url: str, token: str):
        self.url = url
        self.context = browser.new_context()
        self.page = self.context.new_page()
        self.bodies: list[tuple[str, str]] = []
        self.errors: list[str] = []
        self.page.on("pageerror", lambda err: self.errors.append(str(err)))
        self.page.goto(reviewer_link(token, "127.0.0.1", int(url.rsplit(":", 1)[1])))
        self.snap()

    def snap(self) -> None:
        """Keep the current page's source (HTML, or the JSON Chromium shows)."""
        self.page.wait_for_load_state()
        self.bodies.append((self.page.url, self.page.content()))

    def visit(self, path: str) -> None:
        self.page.goto(f"{self.url}{path}")
        self.snap()

    def click(self, selector: str) -> None:
        self.page.click(selector)
        self.snap()

    def grade(self, grade: str, *, flag: str | None = None, rationale: str = "") -> None:
        """Fill and save the label form on the current item page."""
        page = self.page
        page.check(f"input[name=grade][value='{grade}']")
        page.check(f"input[name=critical_error][value='{1 if flag else 0}']")
        page.select_option("#error_type", flag or "")
        page.fill("#rationale", rationale)
        self.click("#save")


def _forbidden(audit: Path) -> list[str]:
    key = load_key(audit)
    words = ["adjudicator", "zephyr", "quokka", "marlin", "vendor-", *MODELS]
    words += [f"{float(s):g}" for s in key["adjudicator_score"]]
    return words


def test_two_reviewers_grade_reach_consensus_and_get_a_report(tmp_path: Path, results_file: Path):
    from playwright.sync_api import sync_playwright

    audit = make_audit(tmp_path, results_file, n=4, calibration=2)
    store = AuditStore(audit / DB_FILE)
    tokens = {"alice": store.add_reviewer("alice"), "bob": store.add_reviewer("bob")}
    tokens["lead"] = store.add_reviewer("lead", role="lead")
    _, items = load_manifest(audit)
    ids = [i["audit_id"] for i in items]
    bob_note = "Bob thinks the left ear was reported as the right"
    with LiveServer(audit) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        alice = Reviewer(browser, server.url, tokens["alice"])
        bob = Reviewer(browser, server.url, tokens["bob"])
        assert "token=" not in alice.page.url  # the link's token moved into a cookie
        assert alice.page.locator("#progress").inner_text().strip().startswith("0 / 4")

        # The main segment stays closed until the calibration items are done.
        alice.visit(f"/items/{ids[-1]}")
        assert "calibration segment" in alice.page.locator("#message").inner_text()

        # Alice: the form refuses a D without a rationale (browser check), then grades all.
        alice.visit("/")
        alice.click("#next-link")
        assert alice.page.url.endswith(f"/items/{ids[0]}")
        image = alice.page.locator("img.case-image").first
        assert image.evaluate("img => img.complete && img.naturalWidth > 0")
        alice.page.check("input[name=grade][value='D']")
        alice.click("#save")
        assert alice.page.url.endswith(f"/items/{ids[0]}")
        assert store.done_ids(store.reviewer_by_token(tokens["alice"])["id"]) == set()
        for audit_id in ids:
            assert alice.page.url.endswith(f"/items/{audit_id}")
            alice.grade("B")
        assert "4 / 4" in alice.page.locator("#progress").inner_text()

        # Bob: flags a critical error on the first item, agrees with Alice elsewhere.
        bob.click("#next-link")
        bob.grade("D", flag="laterality_confusion", rationale=bob_note)
        for _ in ids[1:]:
            bob.grade("B")

        # Alice submits; she is still blinded until Bob submits too.
        alice.click("#submit-set")
        assert "1 of 2 reviewers" in alice.page.locator("#status").inner_text()
        for path in ("/consensus", "/api/items", "/api/progress", "/api/session", "/api/consensus"):
            alice.visit(path)
        for audit_id in ids:
            alice.visit(f"/items/{audit_id}")
            alice.visit(f"/api/items/{audit_id}")
        secrets = _forbidden(audit)
        for reviewer, other_note in ((alice, bob_note), (bob, "")):
            for url, body in reviewer.bodies:
                for secret in [*secrets, *([other_note] if other_note else [])]:
                    assert secret.lower() not in body.lower(), (url, secret)
        assert len(alice.bodies) >= 2 * len(ids) + 5

        # Bob submits: the consensus page opens; reviewers read it, only the lead records.
        bob.visit("/")
        bob.click("#submit-set")
        alice.visit("/")
        alice.click("#consensus-link")
        assert "reviewers disagree" in alice.page.locator(f"section#{ids[0]}").inner_text()
        assert alice.page.locator("form.consensus-form").count() == 0
        lead = Reviewer(browser, server.url, tokens["lead"])
        lead.click("#consensus-link")
        first = lead.page.locator(f"section#{ids[0]}")
        assert "reviewers disagree" in first.inner_text()
        assert bob_note in first.inner_text()
        form = first.locator("form.consensus-form")
        form.locator("select[name=grade]").select_option("C")
        form.locator("select[name=critical_error]").select_option("1")
        form.locator("select[name=error_type]").select_option("laterality_confusion")
        form.locator("textarea[name=rationale]").fill("Left and right ear findings swapped in Q1.")
        form.locator("button").click()
        lead.page.wait_for_load_state()
        assert "Recorded by lead" in lead.page.locator(f"section#{ids[0]}").inner_text()
        assert alice.errors == [] and bob.errors == [] and lead.errors == []
        browser.close()

    out = tmp_path / "report"
    audit_report(audit, out, n_boot=200, seed=3)
    labels = pd.read_csv(out / "labels.csv")
    assert len(labels) == 8 and set(labels["reviewer"]) == {"alice", "bob"}
    assert set(labels["segment"]) == {"calibration", "main"}
    assert labels["created_at"].notna().all()
    items_table = pd.read_csv(out / "items.csv").set_index("audit_id")
    first = items_table.loc[ids[0]]
    assert (first["human_grade"], bool(first["human_critical_error"])) == ("C", True)
    assert first["human_label_source"] == "consensus"
    summary = json.loads((out / "summary.json").read_text())
    overall = [r for r in summary["inter_reviewer"] if r["scope"] == "overall"][0]
    assert overall["n"] == 4 and overall["grade_exact_agreement"] == pytest.approx(3 / 4)
    assert summary["consensus"]["recorded"] == 1
    assert (out / "report.md").read_text().startswith("# Audit agreement report")
