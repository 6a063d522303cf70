"""Freshness against a local HTTP server on 127.0.0.1 that the tests start."""

from __future__ import annotations

import http.server
import json
import threading
import time

import pandas as pd
import pytest
from typer.testing import CliRunner

from clinbench._deps import MissingDependencyError
from clinbench.cli.curate_commands import freshness_command
from clinbench.curate import freshness
from clinbench.items.model import ExactItem

QUOTE = "Eligible patients can receive two months' supply of certain medicines on one prescription."
PAGE = """<!doctype html><html><head><title>60-day prescriptions</title></head>
<body><nav>Home | Medicines | Contact</nav>
<main><h1>60-day prescriptions</h1>
<p>From September 2023. Eligible   patients can receive two months\u2019
supply of certain medicines on one prescription.</p>
<p>Ask your doctor whether your medicine is on the list \u2013 not every medicine is.</p>
</main><footer>Page last updated 2026</footer></body></html>"""
CHANGED_PAGE = PAGE.replace("two months\u2019\nsupply", "three months\u2019 supply")


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):  # keep test output quiet
        pass

    def _send(self, status, body: bytes, ctype="text/html; charset=utf-8", headers=None):
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def do_GET(self):  # noqa: N802 (http.server's name)
        path = self.path
        if path == "/ok":
            self._send(200, PAGE.encode())
        elif path == "/changed":
            self._send(200, CHANGED_PAGE.encode())
        elif path == "/moved":
            self._send(301, b"", headers={"Location": "/ok"})
        elif path == "/loop":
            self._send(302, b"", headers={"Location": "/loop"})
        elif path == "/missing":
            self._send(404, b"<html><body>Not found</body></html>")
        elif path == "/slow":
            time.sleep(1.5)
            self._send(200, PAGE.encode())
        elif path == "/pdf":
            self._send(200, b"%PDF-1.4 binary", ctype="application/pdf")
        elif path == "/text":
            self._send(200, ("Notes\n" + QUOTE.replace("'", "\u2019")).encode(), "text/plain")
        elif path == "/big":
            self._send(200, b"<html><body>" + b"x" * 200_000 + b"</body></html>")
        elif path == "/empty":
            self._send(200, b"<html><body></body></html>")
        else:
            self._send(500, b"server error")


@pytest.fixture(scope="module")
def server():
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def _item(item_id: str, url: str, quote: str = QUOTE) -> ExactItem:
    return ExactItem(
        id=item_id,
        stem="How many days' supply?",
        fields=[{"name": "days", "kind": "choice", "options": ["30", "60"]}],
        answer={"days": "60"},
        provenance={"url": url, "accessed": "2026-11-20", "quote": quote},
    )


def test_normalisation_folds_whitespace_quotes_and_dashes_but_not_words():
    assert freshness.quote_in_text(
        "two months' supply \u2014 on one", "two  months\u2019\nsupply - on one"
    )
    assert not freshness.quote_in_text("two months' supply", "three months' supply")
    assert not freshness.quote_in_text("", "anything")


def test_each_page_gets_its_status_and_reason(server):
    items = [
        _item("fresh", f"{server}/ok"),
        _item("redirected", f"{server}/moved"),
        _item("changed", f"{server}/changed"),
        _item("missing", f"{server}/missing"),
        _item("loop", f"{server}/loop"),
        _item("slow", f"{server}/slow"),
        _item("pdf", f"{server}/pdf"),
        _item("text", f"{server}/text"),
        _item("big", f"{server}/big"),
        _item("empty", f"{server}/empty"),
        _item("refused", "http://127.0.0.1:9/nothing-listens-here"),
        _item("nourl", ""),
    ]
    report = freshness.check_freshness(
        items, timeout=0.5, max_redirects=3, max_bytes=100_000, workers=4
    )
    got = report.set_index("item_id")
    assert list(report["item_id"]) == [i.id for i in items]
    assert got.loc["fresh", "status"] == "fresh"
    assert got.loc["redirected", "status"] == "fresh"
    assert got.loc["redirected", "final_url"].endswith("/ok")
    assert got.loc["text", "status"] == "fresh"
    assert got.loc["changed", "status"] == "changed"
    assert "review" in got.loc["changed", "reason"]
    for item_id in ("missing", "loop", "slow", "pdf", "big", "empty", "refused", "nourl"):
        assert got.loc[item_id, "status"] == "unreachable", item_id
    assert got.loc["missing", "reason"].startswith("HTTP 404")
    assert got.loc["missing", "http_status"] == 404
    assert "redirect" in got.loc["loop", "reason"]
    assert "timed out" in got.loc["slow", "reason"]
    assert "application/pdf" in got.loc["pdf", "reason"]
    assert "limit" in got.loc["big", "reason"]
    assert "no readable text" in got.loc["empty", "reason"]
    assert "no source URL" in got.loc["nourl", "reason"]


def test_command_writes_report_and_rejects_bad_item_files(server, tmp_path):
    item = _item("fresh", f"{server}/ok")
    items_file = tmp_path / "items.jsonl"
    items_file.write_text(
        item.model_dump_json() + "\n" + _item("gone", f"{server}/changed").model_dump_json() + "\n"
    )
    import typer

    app = typer.Typer()
    app.command()(freshness_command)
    out = tmp_path / "fresh.json"
    result = CliRunner().invoke(app, [str(items_file), "--out", str(out), "--timeout", "2"])
    assert result.exit_code == 0, result.output
    rows = json.loads(out.read_text())
    assert [r["status"] for r in rows] == ["fresh", "changed"]
    assert "fresh: 1, changed: 1, unreachable: 0" in result.output

    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "x", "format": "exact", "stem": "q"}\n')
    out2 = tmp_path / "never.csv"
    result = CliRunner().invoke(app, [str(bad), "--out", str(out2)])
    assert result.exit_code == 2
    assert f"{bad}:1: fields" in result.output
    assert not out2.exists()
    assert isinstance(pd.read_json(out), pd.DataFrame)


def _break_extractor(monkeypatch):
    """Make `import trafilatura` fail, as it did on a fresh install without lxml_html_clean."""
    import sys

    monkeypatch.setitem(sys.modules, "trafilatura", None)  # None in sys.modules: ImportError


def test_a_broken_extractor_is_an_install_error_not_an_unreachable_page(server, monkeypatch):
    _break_extractor(monkeypatch)
    with pytest.raises(MissingDependencyError, match="trafilatura"):
        freshness.check_freshness([_item("fresh", f"{server}/ok")], timeout=2)
    with pytest.raises(MissingDependencyError, match="pip install"):
        freshness.check_source("fresh", f"{server}/ok", QUOTE, timeout=2)


def test_command_exits_2_naming_the_package_when_the_extractor_is_missing(
    server, tmp_path, monkeypatch
):
    import typer

    items_file = tmp_path / "items.jsonl"
    items_file.write_text(_item("fresh", f"{server}/ok").model_dump_json() + "\n")
    out = tmp_path / "never.csv"
    app = typer.Typer()
    app.command()(freshness_command)
    _break_extractor(monkeypatch)
    result = CliRunner().invoke(app, [str(items_file), "--out", str(out)])
    assert result.exit_code == 2
    assert "trafilatura" in result.output
    assert "unreachable" not in result.output
    assert not out.exists()
