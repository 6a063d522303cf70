"""Which item files a test's code reads: a helper shared by the item tests."""

from __future__ import annotations

from clinbench.items import loader


def bank_reads(monkeypatch) -> list[str]:
    """Return the list the paths of every item file read from now on are appended to."""
    read: list[str] = []
    real = loader.item_rows

    def counted(path):
        read.append(str(path))
        return real(path)

    monkeypatch.setattr(loader, "item_rows", counted)
    return read
