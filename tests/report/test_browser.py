"""Open the report in headless Debian chromium (Playwright) at 1280 and 390 px: findings
screen first, no horizontal page overflow, every figure loads and has alt text, and the
judge-reliability cell beside judged scores, with and without audit labels."""

from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]  # fmt: skip
SHOTS = Path(__file__).resolve().parents[2] / "build" / "report-screenshots"

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed (apt-get install chromium)"
)


@pytest.fixture(scope="module")
def audited_report(results_df, tmp_path_factory):
    """The report of the same results with audit labels (an audit report's items.csv)."""
    from clinbench.report.generic import AnalysisOptions
    from clinbench.report.html import write_report
    from tests.report.test_findings import _audit_items

    folder = tmp_path_factory.mktemp("audited")
    _audit_items(results_df).to_csv(folder / "items.csv", index=False)
    return write_report(results_df, folder / "report.html", audit=folder,
                        options=AnalysisOptions(n_boot=200))  # fmt: skip


@pytest.fixture(scope="module")
def crowded_report(results_df, tmp_path_factory):
    """A report whose findings have many lines above the fold before the change: eight models
    whose every call failed (eight exclusion notes), as the demo's flaky models give."""
    import pandas as pd

    from clinbench.report.generic import AnalysisOptions
    from clinbench.report.html import write_report

    failed = results_df[results_df.model == "synthetic/always-fails"]
    extra = [failed.assign(model=f"synthetic/also-fails-{n}") for n in range(7)]
    folder = tmp_path_factory.mktemp("crowded")
    return write_report(pd.concat([results_df, *extra], ignore_index=True),
                        folder / "report.html", options=AnalysisOptions(n_boot=200))  # fmt: skip


PHONE = (390, 844)  # an iPhone 12-15 screen in CSS pixels
DESKTOP = (1280, 900)


def _open(path, width, shot=None, height=900):
    sync_api = pytest.importorskip("playwright.sync_api")
    errors, requests = [], []
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS, headless=True)
        try:
            page = browser.new_page(viewport={"width": width, "height": height})
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("request", lambda r: requests.append(r.url))
            page.goto(Path(path).as_uri())
            page.wait_for_load_state("load")
            found = page.evaluate(
                """() => ({
                images: Array.from(document.images).map(i => ({
                    ok: i.complete, w: i.naturalWidth, alt: i.getAttribute('alt') || ''})),
                overflow: document.documentElement.scrollWidth - window.innerWidth,
                first: document.querySelector('main section h2').innerText,
                firstTop: document.querySelector('main section').getBoundingClientRect().top,
                tableTop: document.querySelector('section.findings table')
                    .getBoundingClientRect().top,
                headings: Array.from(document.querySelectorAll('section h2')).map(h => h.innerText),
                reliability: Array.from(document.querySelectorAll('td.reliability'))
                    .map(td => td.innerText),
            })"""
            )
            if shot is not None:
                SHOTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(SHOTS / shot), full_page=False)
        finally:
            browser.close()
    return found, errors, requests


@pytest.mark.parametrize(("width", "height"), [DESKTOP, PHONE])
def test_report_reads_at_desktop_and_phone_width(report_file, width, height):
    found, errors, requests = _open(report_file, width, shot=f"report-{width}.png", height=height)
    assert errors == []
    assert [u for u in requests if not u.startswith(("file:", "data:"))] == []
    assert found["overflow"] <= 0, f"page is {found['overflow']} px wider than the window"
    assert found["first"].startswith("Findings")
    assert found["firstTop"] < height  # the findings are on the first screen
    # the first headline table starts on the first screen (its rows begin there)
    assert found["tableTop"] < height - 60, found["tableTop"]
    images = found["images"]
    assert len(images) >= 5
    assert all(i["ok"] and i["w"] > 0 for i in images)
    assert all(len(i["alt"]) > 10 for i in images)  # every figure says what it shows
    assert any(h.startswith("Leaderboard") for h in found["headings"])
    assert "Disclosures" in found["headings"] and "Glossary" in found["headings"]
    # without audit labels the judged scores say so, beside them
    assert found["reliability"] and set(found["reliability"]) == {
        "not validated against human labels"
    }


def test_judge_cell_with_audit_labels(audited_report):
    found, errors, _ = _open(audited_report, 1280, shot="report-audited-1280.png")
    assert errors == []
    cells = found["reliability"]
    assert cells, cells
    bad = [c for c in cells if not ("weighted κ" in c and "PABAK" in c and "n = 24" in c)]
    assert bad == []


@pytest.mark.parametrize(("width", "height"), [DESKTOP, PHONE])
def test_first_headline_table_on_the_first_screen_with_many_exclusions(crowded_report, width,
                                                                       height):  # fmt: skip
    found, errors, _ = _open(crowded_report, width, shot=f"report-crowded-{width}.png",
                             height=height)  # fmt: skip
    assert errors == []
    assert found["overflow"] <= 0, f"page is {found['overflow']} px wider than the window"
    assert found["tableTop"] < height - 60, found["tableTop"]
