"""Open the report in headless Debian chromium (Playwright): every figure loads, no errors."""

from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]  # fmt: skip

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed (apt-get install chromium)"
)


def test_report_opens_offline_with_every_figure(report_file):
    sync_api = pytest.importorskip("playwright.sync_api")
    report = report_file
    errors = []
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS, headless=True)
        try:
            page = browser.new_page()
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            # any network request would mean the report is not self-contained
            requests = []
            page.on("request", lambda r: requests.append(r.url))
            page.goto(report.as_uri())
            page.wait_for_load_state("load")
            images = page.evaluate(
                "Array.from(document.images).map(i => ({ok: i.complete, w: i.naturalWidth}))"
            )
            headings = page.locator("section h2").all_inner_texts()
        finally:
            browser.close()
    assert len(images) >= 5
    assert all(img["ok"] and img["w"] > 0 for img in images), images
    assert errors == []
    assert [u for u in requests if not u.startswith(("file:", "data:"))] == []
    assert "Leaderboard" in headings and "Disclosures" in headings
