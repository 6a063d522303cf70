"""Review app under load: concurrent reviewers submitting labels on loopback.

Builds a synthetic audit, registers R reviewers, serves the app with uvicorn on 127.0.0.1 and
has every reviewer submit a label for every item at once (httpx, at most R requests in
flight). Prints throughput, latency percentiles, and checks that every label was stored
exactly once (one row per reviewer x item, none lost).

Usage: python benchmarks/audit_load.py [--reviewers 20] [--items 10] [--repeat 1]
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

import numpy as np


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reviewers", type=int, default=20)
    parser.add_argument("--items", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=1, help="Times each label is re-sent.")
    args = parser.parse_args()

    import httpx

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tests.audit.audit_support import LiveServer, make_audit, make_results

    from clinbench.audit.sampling import DB_FILE, load_manifest
    from clinbench.audit.store import AuditStore

    work = Path(tempfile.mkdtemp(prefix="audit-load-"))
    results = work / "results.csv"
    make_results(work, n_cases=max(12, args.items)).to_csv(results, index=False)
    audit = make_audit(work, results, n=args.items, calibration=0, strata=())
    store = AuditStore(audit / DB_FILE)
    tokens = [store.add_reviewer(f"reviewer-{i:03d}") for i in range(args.reviewers)]
    ids = [item["audit_id"] for item in load_manifest(audit)[1]]
    latencies: list[float] = []

    async def reviewer(client: httpx.AsyncClient, r: int, token: str) -> list[int]:
        auth = {"Authorization": f"Bearer {token}"}
        csrf = (await client.get("/api/session", headers=auth)).json()["csrf_token"]
        statuses = []
        for _ in range(args.repeat):
            for i, audit_id in enumerate(ids):
                grade = "ABCDF"[(r + i) % 5]
                body = {"grade": grade, "critical_error": False, "rationale": f"r{r}i{i}"}
                start = time.perf_counter()
                response = await client.post(
                    f"/api/items/{audit_id}/label",
                    json=body,
                    headers={**auth, "X-CSRF-Token": csrf},
                )
                latencies.append(time.perf_counter() - start)
                statuses.append(response.status_code)
        return statuses

    async def run(url: str) -> list[int]:
        limits = httpx.Limits(max_connections=args.reviewers)
        async with httpx.AsyncClient(base_url=url, timeout=120, limits=limits) as client:
            done = await asyncio.gather(*(reviewer(client, r, t) for r, t in enumerate(tokens)))
        return [s for statuses in done for s in statuses]

    with LiveServer(audit) as server:
        start = time.perf_counter()
        statuses = asyncio.run(run(server.url))
        elapsed = time.perf_counter() - start
    with sqlite3.connect(audit / DB_FILE) as db:
        rows = db.execute("SELECT COUNT(*) FROM labels").fetchone()[0]
        distinct = db.execute(
            "SELECT COUNT(*) FROM (SELECT DISTINCT reviewer_id, audit_id FROM labels)"
        ).fetchone()[0]
        events = db.execute("SELECT COUNT(*) FROM events WHERE kind = 'label'").fetchone()[0]
    sent = len(statuses)
    expected = args.reviewers * len(ids)
    lat = np.array(latencies) * 1000
    print(f"reviewers: {args.reviewers}  items: {len(ids)}  requests: {sent}")
    print(f"elapsed: {elapsed:.2f} s  throughput: {sent / elapsed:.0f} labels/s")
    print(f"latency ms: p50 {np.percentile(lat, 50):.1f}  p95 {np.percentile(lat, 95):.1f}  "
          f"max {lat.max():.1f}")  # fmt: skip
    print(f"non-200 responses: {sum(s != 200 for s in statuses)}")
    print(f"label rows: {rows} (expected {expected}), distinct reviewer x item: {distinct}, "
          f"label events: {events} (expected {sent})")  # fmt: skip
    ok = rows == distinct == expected and events == sent and all(s == 200 for s in statuses)
    print("every label stored once: " + ("yes" if ok else "NO"))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
