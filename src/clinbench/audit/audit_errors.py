"""The one error for audit input that cannot be read (an audit folder, sheet or label file)."""

from __future__ import annotations

from pathlib import Path

from clinbench.errors import InputFileError


class AuditInputError(InputFileError, ValueError):
    """An audit folder or file that cannot be read, located by file, line and field.

    Raised as ``AuditInputError(file, line, field, message)`` (shown as
    ``file:line: field: message``), or with one message that already names the file.
    """

    def __init__(
        self, file: str | Path, line: int | None = None, field: str = "", message: str = ""
    ):
        if line is None:  # one message, naming the file itself
            self.file, self.line, self.field, self.message = "", None, "", str(file)
            super().__init__(str(file))
        else:
            self.file, self.line, self.field, self.message = str(file), line, field, message
            super().__init__(f"{self.file}:{self.line}: {self.field}: {message}")
