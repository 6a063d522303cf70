"""The audit page read right the first time (issue 31 item 7): each grade is defined beside the
grade control, from the rubric, and "Signed in as ..." meets WCAG AA contrast (4.5:1),
measured on the colours Chromium computes."""

from __future__ import annotations

import re
from pathlib import Path

from clinbench.audit.sampling import DB_FILE
from clinbench.audit.store import AuditStore
from clinbench.scoring.rubric import load_rubric
from tests.audit.audit_support import LiveServer, make_audit
from tests.audit.test_audit_browser import ARGS, CHROMIUM, Reviewer, pytestmark  # noqa: F401
from tests.audit.test_audit_form_browser import _shots


def _luminance(rgb: tuple[int, int, int]) -> float:
    """WCAG 2.1 relative luminance of an sRGB colour."""

    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG 2.1 contrast ratio of two colours (1 to 21)."""
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _rgb(css: str) -> tuple[int, int, int]:
    r, g, b = (int(v) for v in re.findall(r"\d+", css)[:3])
    return r, g, b


def test_contrast_ratio_matches_wcag_reference_values():
    assert round(contrast_ratio((0, 0, 0), (255, 255, 255)), 1) == 21.0
    assert round(contrast_ratio((118, 118, 118), (255, 255, 255)), 2) == 4.54  # #767676


def test_signed_in_contrast_and_grade_definitions(tmp_path: Path, results_file: Path):
    from playwright.sync_api import sync_playwright

    audit = make_audit(tmp_path, results_file, n=2, calibration=0)
    store = AuditStore(audit / DB_FILE)
    token = store.add_reviewer("Reviewer A")
    rubric = load_rubric()
    with LiveServer(audit) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        reviewer = Reviewer(browser, server.url, token)
        reviewer.click("#next-link")
        page = reviewer.page
        signed = page.locator("#signed-in")
        assert "Signed in as Reviewer A" in signed.inner_text()
        color = _rgb(signed.evaluate("e => getComputedStyle(e).color"))
        background = _rgb(
            page.locator("header").evaluate("e => getComputedStyle(e).backgroundColor")
        )
        assert contrast_ratio(color, background) >= 4.5, (color, background)
        # each grade's definition is beside its radio button, with its score band
        for band in rubric.grades:
            label = page.locator(f"label.choice:has(input[name=grade][value='{band.grade}'])")
            text = " ".join(label.inner_text().split())
            meaning = rubric.grade_meanings[band.grade]
            assert meaning in text, (band.grade, text)
            assert f"{band.min:g}" in text
        page.screenshot(path=str(_shots(tmp_path) / "audit-grades.png"), full_page=True)
        assert reviewer.errors == []
        browser.close()
