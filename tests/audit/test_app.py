"""The review app over HTTP: tokens, CSRF, validation, segments, blinding and concurrent load."""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
from pathlib import Path

import httpx
import pytest

from clinbench.audit.sampling import DB_FILE, load_key, load_manifest
from clinbench.audit.store import AuditStore
from tests.audit.audit_support import MODELS, LiveServer, make_audit

ROUTES = [
    ("GET", "/"),
    ("GET", "/items/S01"),
    ("POST", "/items/S01"),
    ("POST", "/submit"),
    ("GET", "/consensus"),
    ("POST", "/consensus/S01"),
    ("GET", "/api/session"),
    ("GET", "/api/progress"),
    ("GET", "/api/items"),
    ("GET", "/api/items/S01"),
    ("POST", "/api/items/S01/label"),
    ("POST", "/api/submit"),
    ("GET", "/api/consensus"),
    ("GET", "/media/whatever.png"),
    ("GET", "/docs"),
    ("GET", "/openapi.json"),
    ("GET", "/no-such-route"),
]


@pytest.fixture
def audit(tmp_path: Path, results_file: Path) -> Path:
    """An audit of 9 replies, the first 3 forming the calibration segment."""
    return make_audit(tmp_path, results_file, n=9, calibration=3)


def _client(server: LiveServer, token: str | None = None) -> httpx.Client:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.Client(base_url=server.url, headers=headers, timeout=30)


def _label(grade: str = "B", flag: bool = False, rationale: str = "") -> dict:
    return {
        "grade": grade,
        "critical_error": flag,
        "error_type": "laterality_confusion" if flag else None,
        "rationale": rationale,
    }


def test_every_route_needs_a_token(audit: Path):
    store = AuditStore(audit / DB_FILE)
    token = store.add_reviewer("alice")
    with LiveServer(audit) as server:
        for token_sent in (None, "not-a-real-token", token[:-1]):
            with _client(server, token_sent) as client:
                for method, path in ROUTES:
                    response = client.request(method, path)
                    assert response.status_code == 401, (method, path, token_sent)
                    assert "S01" not in response.text
        with _client(server, token) as client:  # the same routes open with the token
            assert client.get("/").status_code == 200
            assert client.get("/api/items").status_code == 200


def test_token_link_sets_a_cookie_and_drops_the_token_from_the_url(audit: Path):
    token = AuditStore(audit / DB_FILE).add_reviewer("alice")
    with LiveServer(audit) as server, httpx.Client(base_url=server.url) as client:
        first = client.get("/", params={"token": token})
        assert first.status_code == 303 and first.headers["location"] == "/"
        assert "httponly" in first.headers["set-cookie"].lower()
        assert "samesite=strict" in first.headers["set-cookie"].lower()
        page = client.get("/")  # the cookie alone now opens pages
        assert page.status_code == 200 and token not in page.text
        assert page.headers["cache-control"] == "no-store"
        assert "default-src 'none'" in page.headers["content-security-policy"]


def test_csrf_token_is_required_on_every_write(audit: Path):
    store = AuditStore(audit / DB_FILE)
    token = store.add_reviewer("alice")
    other = store.add_reviewer("bob")
    with LiveServer(audit) as server, _client(server, token) as client:
        csrf = client.get("/api/session").json()["csrf_token"]
        with _client(server, other) as bob:
            bob_csrf = bob.get("/api/session").json()["csrf_token"]
        assert bob_csrf != csrf
        form = {"grade": "B", "critical_error": "0", "rationale": ""}
        assert client.post("/items/S01", data=form).status_code == 403
        assert client.post("/items/S01", data={**form, "csrf_token": "0" * 64}).status_code == 403
        assert client.post("/items/S01", data={**form, "csrf_token": bob_csrf}).status_code == 403
        assert client.post("/api/items/S01/label", json=_label()).status_code == 403
        bad = client.post("/api/items/S01/label", json=_label(), headers={"X-CSRF-Token": "x"})
        assert bad.status_code == 403
        assert client.post("/submit").status_code == 403
        assert store.label(store.reviewer_by_token(token)["id"], "S01") is None
        ok = client.post("/items/S01", data={**form, "csrf_token": csrf})
        assert ok.status_code == 303
        assert store.label(store.reviewer_by_token(token)["id"], "S01")["grade"] == "B"


def test_server_side_validation_of_labels(audit: Path):
    store = AuditStore(audit / DB_FILE)
    token = store.add_reviewer("alice")
    with LiveServer(audit) as server, _client(server, token) as client:
        csrf = client.get("/api/session").json()["csrf_token"]
        headers = {"X-CSRF-Token": csrf}
        cases = [
            _label("D"),  # D without a rationale
            _label("F"),
            _label("B", flag=True),  # flagged error without a rationale
            {**_label("B"), "critical_error": True, "rationale": "x"},  # flag without a type
            {**_label("B"), "error_type": "laterality_confusion"},  # type without the flag
            {**_label("B", True, "x"), "error_type": "made_up_error"},
            _label("E"),
            {**_label("B"), "critical_error": "perhaps"},
        ]
        for body in cases:
            response = client.post("/api/items/S01/label", json=body, headers=headers)
            assert response.status_code == 422, body
        form = {"grade": "D", "critical_error": "0", "rationale": "  ", "csrf_token": csrf}
        page = client.post("/items/S01", data=form)
        assert page.status_code == 422 and "rationale" in page.text
        assert store.label(store.reviewer_by_token(token)["id"], "S01") is None
        good = client.post(
            "/api/items/S01/label", json=_label("D", True, "Wrong ear."), headers=headers
        )
        assert good.status_code == 200 and good.json()["revision"] == 1


def test_calibration_segment_comes_first_and_sets_lock_on_submit(audit: Path):
    store = AuditStore(audit / DB_FILE)
    token = store.add_reviewer("alice")
    _, items = load_manifest(audit)
    calibration = [i["audit_id"] for i in items if i["segment"] == "calibration"]
    main = [i["audit_id"] for i in items if i["segment"] == "main"]
    assert calibration == ["S01", "S02", "S03"] and len(main) == 6
    with LiveServer(audit) as server, _client(server, token) as client:
        headers = {"X-CSRF-Token": client.get("/api/session").json()["csrf_token"]}
        assert client.get(f"/items/{main[0]}").status_code == 409
        assert (
            client.post(f"/api/items/{main[0]}/label", json=_label(), headers=headers).status_code
            == 409
        )
        for audit_id in calibration:
            assert (
                client.post(
                    f"/api/items/{audit_id}/label", json=_label(), headers=headers
                ).status_code
                == 200
            )
        progress = client.get("/api/progress").json()
        assert progress["calibration_complete"] and progress["calibration_done"] == 3
        assert client.get(f"/items/{main[0]}").status_code == 200
        assert client.post("/api/submit", headers=headers).status_code == 409  # items still open
        for audit_id in main:
            client.post(f"/api/items/{audit_id}/label", json=_label("A"), headers=headers)
        assert client.post("/api/submit", headers=headers).json() == {"submitted": True}
        locked = client.post("/api/items/S01/label", json=_label("C"), headers=headers)
        assert locked.status_code == 409
        assert store.label(store.reviewer_by_token(token)["id"], "S01")["grade"] == "B"


def _forbidden(audit: Path) -> list[str]:
    """Strings that must never reach a reviewer before unblinding."""
    key = load_key(audit)
    words = ["adjudicator", "zephyr", "quokka", "marlin", "vendor-"]
    words += list(MODELS)
    words += [f"{float(s):g}" for s in key["adjudicator_score"]]  # e.g. 82.375
    words += [e for e in key["adjudicator_critical_errors"] if e != "[]"]
    return words


def _reachable_gets(app, items: list[dict]) -> set[str]:
    """Every GET path of the app, its path parameters filled with each item and image name.

    Read from the app's own routes, so a GET route added later is scanned too; a route
    whose parameter the test cannot fill fails here rather than going unscanned.
    """
    values = {
        "audit_id": [item["audit_id"] for item in items],
        "name": sorted({name for item in items for name in item["images"]}),
    }
    paths: set[str] = set()
    for route in app.routes:
        if "GET" not in (getattr(route, "methods", None) or set()):
            continue
        params = re.findall(r"{(\w+)(?::\w+)?}", route.path)
        assert set(params) <= set(values), f"scan cannot fill {route.path}: extend the test"
        if not params:
            paths.add(route.path)
        for param in params:  # each route has at most one parameter today
            paths |= {route.path.replace(f"{{{param}}}", value) for value in values[param]}
    return paths


def _check(response: httpx.Response, secrets: list[str], where: str) -> str:
    """Assert no secret is in a response's headers or (non-image) body; return the body."""
    is_image = "image" in response.headers.get("content-type", "")
    body = "" if is_image else response.text
    shown = (body + "\n" + "\n".join(f"{k}: {v}" for k, v in response.headers.items())).lower()
    for secret in secrets:
        assert secret.lower() not in shown, (where, secret)
    return body


def _scan(client: httpx.Client, app, audit: Path, secrets: list[str]) -> int:
    """Fetch every page and JSON response a reviewer can reach; return how many were checked."""
    _, items = load_manifest(audit)
    paths = _reachable_gets(app, items)
    seen = set()
    while paths:
        path = paths.pop()
        seen.add(path)
        body = _check(client.get(path), secrets, path)
        for link in re.findall(r'(?:href|src|action)="(/[^"#]*)"', body):
            if link not in seen:
                paths.add(link)
    return len(seen)


def _no_label_preselected(client: httpx.Client, audit_id: str) -> None:
    """An item this reviewer has not labelled shows no grade, flag or error type chosen."""
    page = client.get(f"/items/{audit_id}").text
    assert not re.search(r'name="grade" value="[A-F]" checked', page), audit_id
    assert not re.search(r'name="critical_error" value="1" checked', page), audit_id
    assert not re.search(r'<option value="[^"]+" selected', page), audit_id
    assert client.get(f"/api/items/{audit_id}").json()["label"] is None


def test_no_model_or_adjudicator_label_reaches_a_reviewer_before_unblinding(audit: Path):
    store = AuditStore(audit / DB_FILE)
    alice, bob = store.add_reviewer("alice"), store.add_reviewer("bob")
    _, items = load_manifest(audit)
    ids = [i["audit_id"] for i in items]
    bob_note = "Bob-private-rationale-7731"
    secrets = _forbidden(audit)
    with LiveServer(audit) as server, _client(server, alice) as client, _client(server, bob) as b:
        app = server.app
        headers = {"X-CSRF-Token": client.get("/api/session").json()["csrf_token"]}
        bob_headers = {"X-CSRF-Token": b.get("/api/session").json()["csrf_token"]}
        for audit_id in ids:  # bob labels everything and submits first
            b.post(
                f"/api/items/{audit_id}/label",
                json=_label("D", True, bob_note),
                headers=bob_headers,
            )
        assert b.post("/api/submit", headers=bob_headers).status_code == 200
        checked = _scan(client, app, audit, [*secrets, bob_note, "bob"])
        assert checked >= 2 * len(ids) + 6
        for audit_id in ids[:3]:  # calibration items: bob's D and flag are not pre-filled
            _no_label_preselected(client, audit_id)
        # A refused form re-renders the item page (422): it must stay blinded too.
        refused = client.post(f"/items/{ids[0]}", data={"grade": "D", **{"csrf_token": headers[
            "X-CSRF-Token"]}})  # fmt: skip
        assert refused.status_code == 422
        _check(refused, [*secrets, bob_note, "bob"], f"POST /items/{ids[0]} (422)")
        for audit_id in ids:  # alice labels, submits, and is still blinded until the end
            saved = client.post(f"/api/items/{audit_id}/label", json=_label("B"), headers=headers)
            assert saved.status_code == 200
            _check(saved, [*secrets, bob_note, "bob"], f"POST /api/items/{audit_id}/label")
            for field in client.get(f"/api/items/{audit_id}").json():
                assert field in {
                    "audit_id", "position", "segment", "case_id", "case_text", "images",
                    "question", "question_prompt", "reference", "response_section", "response",
                    "label",
                }  # fmt: skip
        _scan(client, app, audit, [*secrets, bob_note, "bob"])
        submitted = client.post("/api/submit", headers=headers)
        assert submitted.status_code == 200
        _check(submitted, [*secrets, bob_note, "bob"], "POST /api/submit")
        # Both have submitted: the consensus view opens and shows adjudicator labels, which
        # shows the scan above would have caught them.
        consensus = client.get("/api/consensus")
        assert consensus.status_code == 200
        assert "adjudicator" in json.dumps(consensus.json())
        with pytest.raises(AssertionError):
            _scan(client, app, audit, secrets)


def test_twenty_concurrent_reviewers_lose_no_label(tmp_path: Path, results_file: Path):
    audit = make_audit(tmp_path, results_file, n=10, calibration=0)
    store = AuditStore(audit / DB_FILE)
    tokens = [store.add_reviewer(f"reviewer-{i:02d}") for i in range(20)]
    _, items = load_manifest(audit)
    ids = [i["audit_id"] for i in items]
    grades = "ABCDF"

    def expected(r: int, i: int) -> str:
        return grades[(r + i) % 5]

    async def reviewer(client: httpx.AsyncClient, r: int, token: str, gate: asyncio.Semaphore):
        auth = {"Authorization": f"Bearer {token}"}
        csrf = (await client.get("/api/session", headers=auth)).json()["csrf_token"]
        statuses = []
        for i, audit_id in enumerate(ids):
            grade = expected(r, i)
            body = _label(grade, rationale=f"r{r} i{i}" if grade in "DF" else "")
            async with gate:
                response = await client.post(
                    f"/api/items/{audit_id}/label",
                    json=body,
                    headers={**auth, "X-CSRF-Token": csrf},
                )
            statuses.append(response.status_code)
        return statuses

    async def run(url: str) -> list[int]:
        gate = asyncio.Semaphore(20)
        limits = httpx.Limits(max_connections=20)
        async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as client:
            results = await asyncio.gather(
                *(reviewer(client, r, t, gate) for r, t in enumerate(tokens))
            )
        return [s for statuses in results for s in statuses]

    with LiveServer(audit) as server:
        statuses = asyncio.run(run(server.url))
    assert statuses == [200] * 200
    with sqlite3.connect(audit / DB_FILE) as db:
        rows = db.execute(
            "SELECT r.name, l.audit_id, l.grade, l.revision FROM labels l "
            "JOIN reviewers r ON r.id = l.reviewer_id"
        ).fetchall()
        events = db.execute("SELECT COUNT(*) FROM events WHERE kind = 'label'").fetchone()[0]
        mode = db.execute("PRAGMA journal_mode").fetchone()[0]
    assert len(rows) == 200 and events == 200 and mode == "wal"
    stored = {(name, audit_id): (grade, revision) for name, audit_id, grade, revision in rows}
    assert len(stored) == 200
    for r in range(20):
        for i, audit_id in enumerate(ids):
            assert stored[(f"reviewer-{r:02d}", audit_id)] == (expected(r, i), 1)


def test_a_lead_records_consensus_but_never_labels(audit: Path):
    store = AuditStore(audit / DB_FILE)
    lead = store.add_reviewer("lead", role="lead")
    people = [store.add_reviewer("ann"), store.add_reviewer("ben")]
    _, items = load_manifest(audit)
    key = load_key(audit).set_index("audit_id")
    with LiveServer(audit) as server, _client(server, lead) as client:
        headers = {"X-CSRF-Token": client.get("/api/session").json()["csrf_token"]}
        assert (
            client.post("/api/items/S01/label", json=_label(), headers=headers).status_code == 403
        )
        assert client.get("/items/S01").status_code == 403
        assert client.get("/consensus").status_code == 403  # nobody has submitted yet
        assert "adjudicator" not in client.get("/consensus").text.lower()
        for n, token in enumerate(people):
            with _client(server, token) as reviewer:
                csrf = {"X-CSRF-Token": reviewer.get("/api/session").json()["csrf_token"]}
                for item in items:  # ann gives the adjudicator's grade; ben one grade lower
                    grade = key.at[item["audit_id"], "adjudicator_grade"]
                    if n == 1:
                        grade = "ABCDFF"["ABCDF".index(grade) + 1]
                    body = _label(grade, rationale="checked" if grade in "DF" else "")
                    path = f"/api/items/{item['audit_id']}/label"
                    assert reviewer.post(path, json=body, headers=csrf).status_code == 200
                assert reviewer.post("/api/submit", headers=csrf).status_code == 200
        rows = client.get("/api/consensus").json()["items"]
        assert {r["item"]["audit_id"] for r in rows} >= {
            a for a in key.index if key.at[a, "adjudicator_grade"] != "F"
        }
        assert all(r["reason"] == "reviewers_disagree" for r in rows)
        form = {
            "grade": "C",
            "critical_error": "0",
            "rationale": "",
            "csrf_token": headers["X-CSRF-Token"],
        }
        assert (
            client.post(f"/consensus/{rows[0]['item']['audit_id']}", data=form).status_code == 422
        )
        form["rationale"] = "Rubric anchor for C fits best."
        assert (
            client.post(f"/consensus/{rows[0]['item']['audit_id']}", data=form).status_code == 303
        )
        recorded = store.consensus()[rows[0]["item"]["audit_id"]]
        assert (recorded["grade"], recorded["recorded_by_name"]) == ("C", "lead")
