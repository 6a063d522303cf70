"""The review app bounds what a client can make it do: request bodies (1 MB by default) and
failed sign-ins (a token guesser is slowed to a stop)."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from clinbench.audit.sampling import DB_FILE
from clinbench.audit.store import AuditStore
from clinbench.audit.web.security import FAILED_SIGNIN_LIMIT, MAX_BODY_BYTES
from tests.audit.audit_support import LiveServer, make_audit


@pytest.fixture
def audit(tmp_path: Path, results_file: Path) -> Path:
    return make_audit(tmp_path, results_file, n=3, calibration=0)


def test_a_body_over_the_limit_is_refused_before_it_is_read(audit: Path):
    token = AuditStore(audit / DB_FILE).add_reviewer("alice")
    assert MAX_BODY_BYTES == 1_000_000
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    with LiveServer(audit) as server, httpx.Client(base_url=server.url, timeout=30) as client:
        big = client.post("/api/items/S01/label", content=b"x" * (MAX_BODY_BYTES + 1),
                          headers=headers)  # fmt: skip
        assert big.status_code == 413
        small = client.post("/api/items/S01/label", content=b"{}", headers=headers)
        assert small.status_code != 413  # a normal body reaches the route (CSRF, then 422)


def test_failed_sign_ins_are_limited_and_a_good_token_too_waits(audit: Path):
    token = AuditStore(audit / DB_FILE).add_reviewer("alice")
    with LiveServer(audit) as server, httpx.Client(base_url=server.url, timeout=30) as client:
        codes = [client.get("/api/session", headers={"Authorization": f"Bearer guess{i}"})
                 .status_code for i in range(FAILED_SIGNIN_LIMIT + 5)]  # fmt: skip
        assert codes[:FAILED_SIGNIN_LIMIT] == [401] * FAILED_SIGNIN_LIMIT
        assert set(codes[FAILED_SIGNIN_LIMIT:]) == {429}
        limited = client.get("/api/session", headers={"Authorization": f"Bearer {token}"})
        assert limited.status_code == 429 and "retry-after" in limited.headers
