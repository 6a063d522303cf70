"""Audit roles and transport: only the lead records consensus; no token in a write's URL;
security headers on every response, refusals and errors included (issue 12, item 5)."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from clinbench.audit.sampling import DB_FILE, KEY_FILE, load_key, load_manifest
from clinbench.audit.store import AuditStore
from clinbench.audit.web.security import COOKIE
from tests.audit.audit_support import LiveServer, make_audit

HEADERS = {
    "cache-control": "no-store",
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}


def _has_security_headers(response: httpx.Response) -> None:
    where = (response.request.method, response.request.url.path, response.status_code)
    for name, value in HEADERS.items():
        assert response.headers.get(name) == value, (where, name)
    policy = response.headers.get("content-security-policy", "")
    assert "default-src 'none'" in policy and "frame-ancestors 'none'" in policy, where


@pytest.fixture
def audit(tmp_path: Path, results_file: Path) -> Path:
    return make_audit(tmp_path, results_file, n=4, calibration=0)


def _csrf(client: httpx.Client) -> dict[str, str]:
    return {"X-CSRF-Token": client.get("/api/session").json()["csrf_token"]}


def _form_csrf(client: httpx.Client) -> dict[str, str]:
    return {"csrf_token": _csrf(client)["X-CSRF-Token"]}


def _unblind(server: LiveServer, tokens: list[str], ids: list[str]) -> None:
    """Two reviewers label every item (they disagree on each) and submit."""
    for n, token in enumerate(tokens):
        with httpx.Client(base_url=server.url, headers={"Authorization": f"Bearer {token}"}) as c:
            headers = _csrf(c)
            for audit_id in ids:
                body = {"grade": "AB"[n], "critical_error": False, "rationale": ""}
                assert c.post(f"/api/items/{audit_id}/label", json=body, headers=headers).is_success
            assert c.post("/api/submit", headers=headers).is_success


def test_only_the_lead_records_or_overwrites_consensus(audit: Path):
    store = AuditStore(audit / DB_FILE)
    ann, ben = store.add_reviewer("ann"), store.add_reviewer("ben")
    lead = store.add_reviewer("lead", role="lead")
    ids = [i["audit_id"] for i in load_manifest(audit)[1]]
    form = {"grade": "C", "critical_error": "0", "rationale": "Anchor C fits."}
    with LiveServer(audit) as server:
        _unblind(server, [ann, ben], ids)
        with httpx.Client(base_url=server.url, headers={"Authorization": f"Bearer {ann}"}) as c:
            page = c.get("/consensus")  # reviewers may read the unblinded page ...
            assert page.status_code == 200 and "consensus-form" not in page.text
            refused = c.post(f"/consensus/{ids[0]}", data={**form, **_form_csrf(c)})
            assert refused.status_code == 403  # ... but never record consensus
            _has_security_headers(refused)
        assert store.consensus() == {}
        with httpx.Client(base_url=server.url, headers={"Authorization": f"Bearer {lead}"}) as c:
            assert "consensus-form" in c.get("/consensus").text
            csrf = _csrf(c)["X-CSRF-Token"]
            assert (
                c.post(f"/consensus/{ids[0]}", data={**form, "csrf_token": csrf}).status_code == 303
            )
        assert store.consensus()[ids[0]]["recorded_by_name"] == "lead"
        with httpx.Client(base_url=server.url, headers={"Authorization": f"Bearer {ben}"}) as c:
            over = {
                **form,
                "grade": "F",
                "rationale": "mine",
                "csrf_token": _csrf(c)["X-CSRF-Token"],
            }
            assert c.post(f"/consensus/{ids[0]}", data=over).status_code == 403  # no overwrite
        assert store.consensus()[ids[0]]["grade"] == "C"


def test_a_token_in_the_query_string_never_authorises_a_write(audit: Path):
    store = AuditStore(audit / DB_FILE)
    token = store.add_reviewer("alice")
    reviewer_id = store.reviewer_by_token(token)["id"]
    body = {"grade": "B", "critical_error": False, "rationale": ""}
    with LiveServer(audit) as server:
        with httpx.Client(base_url=server.url, headers={"Authorization": f"Bearer {token}"}) as c:
            csrf = _csrf(c)
        with httpx.Client(base_url=server.url) as bare:
            for path in ("/api/items/S01/label", "/api/submit"):
                response = bare.post(path, params={"token": token}, json=body, headers=csrf)
                assert response.status_code == 401, path
                _has_security_headers(response)
            form = {"grade": "B", "critical_error": "0", "csrf_token": csrf["X-CSRF-Token"]}
            assert bare.post("/items/S01", params={"token": token}, data=form).status_code == 401
        # Even beside a valid cookie, a token in a write's URL is refused (it leaks into logs).
        with httpx.Client(base_url=server.url, cookies={COOKIE: token}) as c:
            response = c.post(
                "/api/items/S01/label", params={"token": token}, json=body, headers=csrf
            )
            assert response.status_code == 401
            assert c.post("/api/items/S01/label", json=body, headers=csrf).status_code == 200
        assert store.label(reviewer_id, "S01")["revision"] == 1
        # Signing in with the link (a GET) still works and moves the token into the cookie.
        with httpx.Client(base_url=server.url) as c:
            first = c.get("/", params={"token": token})
            assert first.status_code == 303 and COOKIE in first.headers["set-cookie"]
            _has_security_headers(first)


def test_a_sign_in_link_sets_only_a_token_that_is_valid(audit: Path):
    store = AuditStore(audit / DB_FILE)
    token = store.add_reviewer("alice")
    with LiveServer(audit) as server:
        headers = {"Authorization": f"Bearer {token}"}
        with httpx.Client(base_url=server.url, headers=headers) as c:
            response = c.get("/", params={"token": "forged-value"})
            assert response.status_code == 401 and "set-cookie" not in response.headers


def test_security_headers_on_every_response_including_refusals_and_errors(audit: Path):
    store = AuditStore(audit / DB_FILE)
    token = store.add_reviewer("alice")
    other = [store.add_reviewer("bob")]
    ids = [i["audit_id"] for i in load_manifest(audit)[1]]
    with LiveServer(audit) as server:
        with httpx.Client(base_url=server.url) as bare:
            for path in ("/", "/api/items", "/media/x.png", "/no-such-route"):
                response = bare.get(path)
                assert response.status_code == 401
                _has_security_headers(response)
            assert "default-src 'none'" in bare.post("/api/submit").headers.get(
                "content-security-policy", ""
            )
        auth = {"Authorization": f"Bearer {token}"}
        with httpx.Client(base_url=server.url, headers=auth) as c:
            checks = [
                c.post("/api/items/S01/label", json={}),  # 403: no CSRF token
                c.get("/no-such-route"),  # 404
                c.get("/items/S99"),  # 404 page
                c.put("/api/submit", headers=_csrf(c)),  # 405
                c.post("/api/items/S01/label", content=b"{", headers=_csrf(c)),  # 400
            ]
            assert [r.status_code for r in checks] == [403, 404, 404, 405, 400]
            for response in checks:
                _has_security_headers(response)
        _unblind(server, [token, *other], ids)
        load_key(audit)  # the key is readable; now break it so the consensus view fails
        (audit / KEY_FILE).unlink()
        with httpx.Client(base_url=server.url, headers=auth) as c:
            broken = c.get("/api/consensus")
            assert broken.status_code == 500
            _has_security_headers(broken)
            assert "Traceback" not in broken.text and "key.csv" not in broken.text
