"""The audit's label store: reviewers, labels, answers and consensus in one SQLite file.

SQLite in WAL mode lets reviewers read while one writes; every write runs in an
``IMMEDIATE`` transaction under a busy timeout, and a label is one row per reviewer x item
(an upsert), so concurrent submissions neither duplicate nor lose a label. Every statement
is parameterised. Each change is also appended to an event log, so the report can list
every label with its reviewer and time.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from clinbench.audit.labels import Label
from clinbench.errors import SetupError

BUSY_TIMEOUT_MS = 30_000
ROLES = ("reviewer", "lead")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS reviewers (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    role TEXT NOT NULL DEFAULT 'reviewer',
    token_hash TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    submitted_at TEXT
);
CREATE TABLE IF NOT EXISTS labels (
    reviewer_id INTEGER NOT NULL REFERENCES reviewers(id),
    audit_id TEXT NOT NULL,
    grade TEXT NOT NULL,
    critical_error INTEGER NOT NULL,
    error_type TEXT,
    rationale TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    revision INTEGER NOT NULL DEFAULT 1,
    PRIMARY KEY (reviewer_id, audit_id)
);
CREATE TABLE IF NOT EXISTS answers (
    reviewer_id INTEGER NOT NULL REFERENCES reviewers(id),
    audit_id TEXT NOT NULL,
    question TEXT NOT NULL,
    answer TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    revision INTEGER NOT NULL DEFAULT 1,
    PRIMARY KEY (reviewer_id, audit_id, question)
);
CREATE TABLE IF NOT EXISTS consensus (
    audit_id TEXT PRIMARY KEY,
    grade TEXT NOT NULL,
    critical_error INTEGER NOT NULL,
    error_type TEXT,
    rationale TEXT NOT NULL,
    reason TEXT NOT NULL,
    recorded_by INTEGER NOT NULL REFERENCES reviewers(id),
    recorded_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    reviewer_id INTEGER,
    kind TEXT NOT NULL,
    audit_id TEXT,
    detail TEXT
);
"""


def now() -> str:
    """Return the current UTC time as an ISO 8601 string with microseconds."""
    return datetime.now(UTC).isoformat(timespec="microseconds")


def hash_token(token: str) -> str:
    """Return the SHA-256 hex digest under which a reviewer's token is stored."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class LockedError(SetupError, RuntimeError):
    """Raised when a reviewer changes a label after submitting their set."""


class AuditStore:
    """The SQLite file of one audit folder; opens one connection per call (thread-safe)."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        # Owner-only (0600) whatever the umask: the database holds reviewers' labels and
        # token hashes. SQLite gives its -wal and -shm files the database file's mode.
        os.close(os.open(self.path, os.O_CREAT | os.O_RDWR, 0o600))
        os.chmod(self.path, 0o600)
        with self.connect() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(_SCHEMA)
            db.execute(
                "INSERT OR IGNORE INTO meta (key, value) VALUES ('secret', ?)",
                (secrets.token_hex(32),),
            )

    @contextmanager
    def connect(self) -> Iterator[sqlite3.Connection]:
        """Yield a connection with a busy timeout; closes it afterwards."""
        db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
        try:
            db.row_factory = sqlite3.Row
            db.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            db.execute("PRAGMA foreign_keys=ON")
            yield db
        finally:
            db.close()

    def _records(self, sql: str, parameters: tuple[Any, ...] = ()) -> list[dict[str, Any]]:
        """Return the rows of one read-only query, each as a dict of its columns."""
        with self.connect() as db:
            return [dict(r) for r in db.execute(sql, parameters).fetchall()]

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """Yield a connection inside a write transaction (BEGIN IMMEDIATE), committed on exit."""
        with self.connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    # -- reviewers -------------------------------------------------------------------------

    def secret(self) -> bytes:
        """Return the audit's server secret (for CSRF tokens)."""
        with self.connect() as db:
            row = db.execute("SELECT value FROM meta WHERE key = 'secret'").fetchone()
        return bytes.fromhex(row["value"])

    def add_reviewer(self, name: str, role: str = "reviewer") -> str:
        """Register a reviewer and return their new personal token (shown once, stored hashed)."""
        name = name.strip()
        if not name:
            raise ValueError("a reviewer needs a name")
        if role not in ROLES:
            raise ValueError(f"role must be one of {ROLES}")
        token = secrets.token_urlsafe(32)
        try:
            with self.transaction() as db:
                db.execute(
                    "INSERT INTO reviewers (name, role, token_hash, created_at) "
                    "VALUES (?, ?, ?, ?)",
                    (name, role, hash_token(token), now()),
                )
        except sqlite3.IntegrityError as err:
            raise ValueError(f"a reviewer named {name!r} already exists") from err
        return token

    def reissue_token(self, reviewer_id: int) -> str:
        """Give a reviewer a new token (the old one stops working) and return it."""
        token = secrets.token_urlsafe(32)
        with self.transaction() as db:
            changed = db.execute(
                "UPDATE reviewers SET token_hash = ? WHERE id = ?", (hash_token(token), reviewer_id)
            ).rowcount
            if not changed:
                raise ValueError(f"no reviewer with id {reviewer_id}")
            db.execute(
                "INSERT INTO events (at, reviewer_id, kind) VALUES (?, ?, 'reissue_link')",
                (now(), reviewer_id),
            )
        return token

    def reviewer_by_token(self, token: str) -> dict[str, Any] | None:
        """Return the reviewer holding ``token``, or None."""
        if not token:
            return None
        digest = hash_token(token)
        with self.connect() as db:
            row = db.execute("SELECT * FROM reviewers WHERE token_hash = ?", (digest,)).fetchone()
        # The lookup is by SHA-256 of a 256-bit random token: timing reveals nothing usable.
        if row is None or not hmac.compare_digest(row["token_hash"], digest):
            return None
        return dict(row)

    def reviewers(self, role: str | None = "reviewer") -> list[dict[str, Any]]:
        """Return reviewers (of one role, or all with ``role=None``) in registration order."""
        if role is None:
            return self._records("SELECT * FROM reviewers ORDER BY id")
        return self._records("SELECT * FROM reviewers WHERE role = ? ORDER BY id", (role,))

    def submit_set(
        self, reviewer_id: int, audit_ids: list[str], questions: dict[str, list[str]] | None = None
    ) -> bool:
        """Lock a reviewer's set once every item is done; return False when items are missing."""
        with self.transaction() as db:
            row = db.execute(
                "SELECT submitted_at FROM reviewers WHERE id = ?", (reviewer_id,)
            ).fetchone()
            if row["submitted_at"]:
                return True
            done = self._done(db, reviewer_id, questions)
            if not set(audit_ids) <= done:
                return False
            db.execute("UPDATE reviewers SET submitted_at = ? WHERE id = ?", (now(), reviewer_id))
            db.execute(
                "INSERT INTO events (at, reviewer_id, kind) VALUES (?, ?, 'submit_set')",
                (now(), reviewer_id),
            )
        return True

    def _done(
        self, db: sqlite3.Connection, reviewer_id: int, questions: dict[str, list[str]] | None
    ) -> set[str]:
        if questions is None:
            rows = db.execute(
                "SELECT audit_id FROM labels WHERE reviewer_id = ?", (reviewer_id,)
            ).fetchall()
            return {r["audit_id"] for r in rows}
        rows = db.execute(
            "SELECT audit_id, question FROM answers WHERE reviewer_id = ? AND answer != ''",
            (reviewer_id,),
        ).fetchall()
        answered: dict[str, set[str]] = {}
        for r in rows:
            answered.setdefault(r["audit_id"], set()).add(r["question"])
        return {a for a, qs in questions.items() if set(qs) <= answered.get(a, set())}

    def done_ids(self, reviewer_id: int, questions: dict[str, list[str]] | None = None) -> set[str]:
        """Return the audit ids a reviewer has completed (labelled, or every question answered)."""
        with self.connect() as db:
            return self._done(db, reviewer_id, questions)

    def unblinded(self) -> bool:
        """Return True once at least two reviewers exist and every reviewer has submitted."""
        people = self.reviewers("reviewer")
        return len(people) >= 2 and all(p["submitted_at"] for p in people)

    @staticmethod
    def _check_unlocked(db: sqlite3.Connection, reviewer_id: int, what: str) -> None:
        """Raise LockedError when the reviewer has submitted their set (or does not exist)."""
        row = db.execute(
            "SELECT submitted_at FROM reviewers WHERE id = ?", (reviewer_id,)
        ).fetchone()
        if row is None or row["submitted_at"]:
            raise LockedError(f"this reviewer's set is submitted; {what} are locked")

    # -- labels ----------------------------------------------------------------------------

    def save_label(self, reviewer_id: int, audit_id: str, label: Label) -> int:
        """Store (insert or replace) one reviewer's label of one item; return its revision."""
        stamp = now()
        with self.transaction() as db:
            self._check_unlocked(db, reviewer_id, "labels")
            db.execute(
                """
                INSERT INTO labels (reviewer_id, audit_id, grade, critical_error, error_type,
                                    rationale, created_at, updated_at, revision)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1)
                ON CONFLICT (reviewer_id, audit_id) DO UPDATE SET
                    grade = excluded.grade,
                    critical_error = excluded.critical_error,
                    error_type = excluded.error_type,
                    rationale = excluded.rationale,
                    updated_at = excluded.updated_at,
                    revision = labels.revision + 1
                """,
                (
                    reviewer_id, audit_id, label.grade, int(label.critical_error),
                    label.error_type, label.rationale, stamp, stamp,
                ),
            )  # fmt: skip
            revision = db.execute(
                "SELECT revision FROM labels WHERE reviewer_id = ? AND audit_id = ?",
                (reviewer_id, audit_id),
            ).fetchone()["revision"]
            db.execute(
                "INSERT INTO events (at, reviewer_id, kind, audit_id, detail) "
                "VALUES (?, ?, 'label', ?, ?)",
                (stamp, reviewer_id, audit_id, f"{label.grade}|{int(label.critical_error)}|"
                 f"{label.error_type or ''}|revision {revision}"),
            )  # fmt: skip
        return int(revision)

    def label(self, reviewer_id: int, audit_id: str) -> dict[str, Any] | None:
        """Return one reviewer's own label of one item, or None."""
        with self.connect() as db:
            row = db.execute(
                "SELECT grade, critical_error, error_type, rationale, updated_at, revision "
                "FROM labels WHERE reviewer_id = ? AND audit_id = ?",
                (reviewer_id, audit_id),
            ).fetchone()
        return dict(row) if row else None

    def labels(self) -> list[dict[str, Any]]:
        """Return every label with its reviewer's name (for reports, never for reviewers)."""
        return self._records(
            "SELECT r.name AS reviewer, l.* FROM labels l JOIN reviewers r "
            "ON r.id = l.reviewer_id ORDER BY l.audit_id, r.id"
        )

    # -- baseline answers ------------------------------------------------------------------

    def save_answers(self, reviewer_id: int, audit_id: str, answers: dict[str, str]) -> None:
        """Store a reviewer's own answers to a case's questions (one row per question)."""
        stamp = now()
        with self.transaction() as db:
            self._check_unlocked(db, reviewer_id, "answers")
            for question, answer in answers.items():
                db.execute(
                    """
                    INSERT INTO answers (reviewer_id, audit_id, question, answer, created_at,
                                         updated_at, revision)
                    VALUES (?, ?, ?, ?, ?, ?, 1)
                    ON CONFLICT (reviewer_id, audit_id, question) DO UPDATE SET
                        answer = excluded.answer,
                        updated_at = excluded.updated_at,
                        revision = answers.revision + 1
                    """,
                    (reviewer_id, audit_id, question, answer, stamp, stamp),
                )
            db.execute(
                "INSERT INTO events (at, reviewer_id, kind, audit_id) VALUES (?, ?, 'answer', ?)",
                (stamp, reviewer_id, audit_id),
            )

    def answers(self, reviewer_id: int | None = None) -> list[dict[str, Any]]:
        """Return stored answers (one reviewer's, or everyone's with the reviewer's name)."""
        if reviewer_id is None:
            return self._records(
                "SELECT r.name AS reviewer, r.submitted_at, a.* FROM answers a "
                "JOIN reviewers r ON r.id = a.reviewer_id ORDER BY r.id, a.audit_id, a.question"
            )
        return self._records(
            "SELECT * FROM answers WHERE reviewer_id = ? ORDER BY audit_id, question",
            (reviewer_id,),
        )

    # -- consensus -------------------------------------------------------------------------

    def save_consensus(self, audit_id: str, label: Label, reason: str, recorded_by: int) -> None:
        """Record (or revise) the resolved label of one item."""
        stamp = now()
        with self.transaction() as db:
            db.execute(
                """
                INSERT INTO consensus (audit_id, grade, critical_error, error_type, rationale,
                                       reason, recorded_by, recorded_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (audit_id) DO UPDATE SET
                    grade = excluded.grade, critical_error = excluded.critical_error,
                    error_type = excluded.error_type, rationale = excluded.rationale,
                    reason = excluded.reason, recorded_by = excluded.recorded_by,
                    recorded_at = excluded.recorded_at
                """,
                (
                    audit_id, label.grade, int(label.critical_error), label.error_type,
                    label.rationale, reason, recorded_by, stamp,
                ),
            )  # fmt: skip
            db.execute(
                "INSERT INTO events (at, reviewer_id, kind, audit_id, detail) "
                "VALUES (?, ?, 'consensus', ?, ?)",
                (stamp, recorded_by, audit_id, f"{label.grade}|{int(label.critical_error)}"),
            )

    def consensus(self) -> dict[str, dict[str, Any]]:
        """Return recorded consensus labels by audit id."""
        rows = self._records(
            "SELECT c.*, r.name AS recorded_by_name FROM consensus c "
            "JOIN reviewers r ON r.id = c.recorded_by ORDER BY c.audit_id"
        )
        return {r["audit_id"]: r for r in rows}

    def events(self) -> list[dict[str, Any]]:
        """Return the append-only event log with reviewer names."""
        return self._records(
            "SELECT e.*, r.name AS reviewer FROM events e LEFT JOIN reviewers r "
            "ON r.id = e.reviewer_id ORDER BY e.id"
        )
