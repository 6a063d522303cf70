"""Reviewers' personal links: issued, re-issued, and kept in the audit's owner-only links file.

The store keeps only a hash of each token; the live links are written to ``LINKS_FILE`` in
the audit folder (readable by its owner only, never served by the app), so the person running
the audit can hand a link out again. ``reissue_links`` gives reviewers new tokens: their old
links (and signed-in browsers) stop working at once.
"""

from __future__ import annotations

import csv
from pathlib import Path
from urllib.parse import parse_qs, urlencode, urlsplit

from clinbench.audit.sampling import DB_FILE
from clinbench.audit.store import AuditStore, now
from clinbench.io import atomic_write, original_text, spreadsheet_text

LINKS_FILE = "reviewer-links.csv"
_COLUMNS = ("name", "role", "link", "issued_at")


def reviewer_link(token: str, host: str = "127.0.0.1", port: int = 8765) -> str:
    """Return the personal link that logs a reviewer in."""
    return f"http://{host}:{port}/?{urlencode({'token': token})}"


def read_links(audit_dir: str | Path) -> list[dict[str, str]]:
    """Return the rows of the audit's links file (empty when none was written)."""
    path = Path(audit_dir) / LINKS_FILE
    if not path.is_file():
        return []
    with path.open(newline="", encoding="utf-8") as handle:
        return [{original_text(k): original_text(v) for k, v in row.items()}
                for row in csv.DictReader(handle)]  # fmt: skip


def _write_links(audit_dir: Path, issued: list[dict[str, str]]) -> Path:
    """Merge ``issued`` rows into the links file (one row per reviewer), owner-only; return it."""
    rows = {row["name"]: row for row in read_links(audit_dir)}
    rows.update({row["name"]: row for row in issued})
    path = audit_dir / LINKS_FILE
    with atomic_write(path, private=True) as out:
        writer = csv.DictWriter(out, fieldnames=_COLUMNS)
        writer.writeheader()
        writer.writerows(  # spreadsheet-safe text (clinbench.io)
            {k: spreadsheet_text(v) for k, v in row.items()} for row in rows.values()
        )
    return path


def add_reviewer(
    audit_dir: str | Path, name: str, *, role: str = "reviewer", host: str = "127.0.0.1",
    port: int = 8765,
) -> str:  # fmt: skip
    """Register a reviewer, keep their link in the links file and return the link."""
    audit_dir = Path(audit_dir)
    token = AuditStore(audit_dir / DB_FILE).add_reviewer(name, role=role)
    link = reviewer_link(token, host, port)
    _write_links(
        audit_dir, [{"name": name.strip(), "role": role, "link": link, "issued_at": now()}]
    )
    return link


def point_links_at(audit_dir: str | Path, port: int) -> int:
    """Return how many kept links named another port, after making every one name ``port``.

    A link is made before the app is served, with the port its maker gave; the server calls
    this so that the links file names the port it listens on. Each link keeps its host (the
    server may bind 0.0.0.0 behind a name the reviewers use) and its token, so a link already
    handed out still logs in once its port is corrected.
    """
    audit_dir = Path(audit_dir)
    moved = []
    for row in read_links(audit_dir):
        parts = urlsplit(row["link"])
        token = parse_qs(parts.query).get("token", [""])[0]
        if token and parts.hostname and parts.port != port:
            host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
            moved.append({**row, "link": reviewer_link(token, host, port)})
    if moved:
        _write_links(audit_dir, moved)
    return len(moved)


def reissue_links(
    audit_dir: str | Path, names: list[str] | None = None, *, host: str = "127.0.0.1",
    port: int = 8765,
) -> list[dict[str, str]]:  # fmt: skip
    """Give the named reviewers (default: everyone) new links; return the rows written.

    Raises ValueError naming any reviewer the audit does not know.
    """
    audit_dir = Path(audit_dir)
    store = AuditStore(audit_dir / DB_FILE)
    people = store.reviewers(role=None)
    known = {p["name"] for p in people}
    unknown = [n for n in names or [] if n not in known]
    if unknown:
        raise ValueError(f"no reviewer named {', '.join(map(repr, unknown))} in {audit_dir}")
    chosen = [p for p in people if not names or p["name"] in names]
    issued = []
    for person in chosen:
        token = store.reissue_token(person["id"])
        link = reviewer_link(token, host, port)
        issued.append({"name": person["name"], "role": person["role"], "link": link,
                       "issued_at": now()})  # fmt: skip
    if issued:
        _write_links(audit_dir, issued)
    return issued
