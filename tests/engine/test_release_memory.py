"""The end of a run hands the memory the evals freed back to the system before the table."""

from __future__ import annotations

from clinbench.runner import release_freed_memory


def _resident_mb() -> float:
    with open("/proc/self/status") as status:
        line = next(line for line in status if line.startswith("VmRSS:"))
    return int(line.split()[1]) / 1024


def test_freed_memory_goes_back_to_the_system():
    # ~150 MB in blocks the C allocator serves (over pymalloc's 512 bytes); one in 200 kept,
    # so the freed pages lie between live blocks, where free() alone keeps them
    blocks = [bytes(1000) + i.to_bytes(4, "little") for i in range(150_000)]
    kept = blocks[::200]
    del blocks
    held = _resident_mb()
    release_freed_memory()
    assert held - _resident_mb() > 100  # MB handed back
    assert len(kept) == 750 and all(len(b) == 1004 for b in kept)
