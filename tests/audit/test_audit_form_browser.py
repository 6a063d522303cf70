"""In headless Chromium: a reviewer cannot save a label without choosing every part of it,
and the case images are shown where the case text refers to them (issue 17, item 4).

Screenshots go to $CLINBENCH_SCREENSHOTS when set (to look at them), else to the test's
temporary folder.
"""

from __future__ import annotations

import os
from pathlib import Path

from clinbench.audit.sampling import DB_FILE
from clinbench.audit.store import AuditStore
from tests.audit.audit_support import LiveServer, make_audit
from tests.audit.test_audit_browser import ARGS, CHROMIUM, Reviewer, pytestmark  # noqa: F401


def _shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("CLINBENCH_SCREENSHOTS") or tmp_path / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_a_reviewer_cannot_save_without_choosing_every_label(tmp_path: Path, results_file: Path):
    from playwright.sync_api import sync_playwright

    audit = make_audit(tmp_path, results_file, n=3, calibration=0)
    store = AuditStore(audit / DB_FILE)
    token = store.add_reviewer("alice")
    me = store.reviewer_by_token(token)["id"]
    shots = _shots(tmp_path)
    with LiveServer(audit) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        alice = Reviewer(browser, server.url, token)
        alice.click("#next-link")
        page = alice.page
        assert page.url.endswith("/items/S01")
        # The case says the audiogram is in the image, and the image is there and loaded.
        assert "shown in the image" in page.locator("#case-text").inner_text()
        image = page.locator("img.case-image").first
        assert image.is_visible() and image.evaluate("i => i.complete && i.naturalWidth > 0")
        # Nothing is chosen for the reviewer.
        assert page.locator("input[name=grade]:checked").count() == 0
        assert page.locator("input[name=critical_error]:checked").count() == 0
        page.screenshot(path=str(shots / "audit-item-fresh.png"), full_page=True)
        # Save with nothing, with the grade only, with the flag only: the form refuses.
        alice.click("#save")
        assert page.url.endswith("/items/S01")
        page.check("input[name=grade][value='B']")
        alice.click("#save")
        assert page.url.endswith("/items/S01")
        assert page.locator("input[name=critical_error]").first.evaluate(
            "i => !i.validity.valid && i.validity.valueMissing"
        )
        page.reload()
        page.check("input[name=critical_error][value='0']")
        alice.click("#save")
        assert page.url.endswith("/items/S01")
        assert store.label(me, "S01") is None
        # A browser that skips the form's checks meets the server's: 422, nothing saved.
        page.reload()
        page.check("input[name=grade][value='B']")
        page.evaluate("() => { document.getElementById('label-form').noValidate = true; }")
        alice.click("#save")
        assert "critical_error" in page.locator("#form-errors").inner_text()
        assert page.locator("input[name=critical_error]:checked").count() == 0
        assert store.label(me, "S01") is None
        page.screenshot(path=str(shots / "audit-item-refused.png"), full_page=True)
        # Every label chosen: saved, and the next item opens.
        page.check("input[name=grade][value='B']")
        page.check("input[name=critical_error][value='0']")
        alice.click("#save")
        assert page.url.endswith("/items/S02") and store.label(me, "S01")["grade"] == "B"
        assert alice.errors == []
        browser.close()


def test_text_only_audit_shows_no_image_and_no_sentence_pointing_to_one(
    tmp_path: Path, results_file: Path
):
    from playwright.sync_api import sync_playwright

    audit = make_audit(tmp_path, results_file, n=2, calibration=0, text_only=True)
    token = AuditStore(audit / DB_FILE).add_reviewer("alice")
    with LiveServer(audit) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        alice = Reviewer(browser, server.url, token)
        alice.click("#next-link")
        text = alice.page.locator("#case-text").inner_text()
        assert text.startswith("A ") and "image" not in text
        assert alice.page.locator("img.case-image").count() == 0
        alice.page.screenshot(path=str(_shots(tmp_path) / "audit-item-text-only.png"))
        browser.close()
