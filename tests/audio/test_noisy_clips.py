"""Noisy clips kept in the user cache (issue 32, item 6): a mix is made once per key and read
back; any change of what the mix depends on is a miss; a kept mix is the mix made afresh, and a
task run on kept mixes writes the same results table as one that mixed them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from clinbench.audio import noisy_clips
from clinbench.audio.noise import add_noise_to_file
from clinbench.audio.noisy_clips import clear_noisy_clip_cache, kept_noisy_clip
from clinbench.io import CACHE_ENV, cache_use
from clinbench.suites.slp.tasks import SAMPLE_MANIFEST

CLIP = SAMPLE_MANIFEST.parent / "clips" / "slp-s01.wav"
OTHER = SAMPLE_MANIFEST.parent / "clips" / "slp-s02.wav"
NOISES = Path(noisy_clips.__file__).parent / "data"


@pytest.fixture
def mixes(monkeypatch):
    """Count the mixes actually made (calls of add_noise_to_file)."""
    made: list[str] = []

    def counting(src, dst, noise, snr_db_target, *, seed=0):
        made.append(str(src))
        return add_noise_to_file(src, dst, noise, snr_db_target, seed=seed)

    monkeypatch.setattr("clinbench.audio.noise.add_noise_to_file", counting)
    return made


def test_a_kept_mix_is_read_back_and_equals_a_fresh_mix(tmp_path: Path, mixes):
    first, snr = kept_noisy_clip(CLIP, "synthetic_babble", 20.0, seed=3, folder=tmp_path / "c")
    again, snr_again = kept_noisy_clip(CLIP, "synthetic_babble", 20.0, seed=3,
                                       folder=tmp_path / "c")  # fmt: skip
    assert len(mixes) == 1 and again == first and snr_again == snr
    fresh = add_noise_to_file(CLIP, tmp_path / "fresh.wav", "synthetic_babble", 20.0, seed=3)
    assert first.read_bytes() == (tmp_path / "fresh.wav").read_bytes()
    assert snr == float(fresh.achieved_snr_db)


def test_a_change_of_content_misses_the_cache(tmp_path: Path, mixes, monkeypatch):
    folder = tmp_path / "c"
    kept_noisy_clip(CLIP, "synthetic_babble", 20.0, seed=0, folder=folder)
    # the same clip bytes under another name and folder: a hit
    moved = tmp_path / "moved.wav"
    shutil.copy(CLIP, moved)
    kept_noisy_clip(moved, "synthetic_babble", 20.0, seed=0, folder=folder)
    assert len(mixes) == 1
    # a user's noise file: its bytes are in the key, not its name
    noise = tmp_path / "noise.wav"
    shutil.copy(NOISES / "synthetic_babble.wav", noise)
    kept_noisy_clip(CLIP, str(noise), 20.0, seed=0, folder=folder)
    assert len(mixes) == 1  # the same bytes as the shipped babble
    shutil.copy(NOISES / "synthetic_office_hvac.wav", noise)  # bytes no key has had
    changed = [
        lambda: kept_noisy_clip(OTHER, "synthetic_babble", 20.0, seed=0, folder=folder),
        lambda: kept_noisy_clip(CLIP, "synthetic_road_hum", 20.0, seed=0, folder=folder),
        lambda: kept_noisy_clip(CLIP, str(noise), 20.0, seed=0, folder=folder),  # new bytes
        lambda: kept_noisy_clip(CLIP, "synthetic_babble", 10.0, seed=0, folder=folder),
        lambda: kept_noisy_clip(CLIP, "synthetic_babble", 20.0, seed=1, folder=folder),
    ]
    for n, call in enumerate(changed, start=2):
        call()
        assert len(mixes) == n
    # the mixing code's text is in the key: an edited mixer mixes again
    noisy_clips._mixing_code.cache_clear()
    code = noisy_clips._mixing_code()
    monkeypatch.setattr(noisy_clips, "_mixing_code", lambda: {**code, "noise.py": "edited"})
    kept_noisy_clip(CLIP, "synthetic_babble", 20.0, seed=0, folder=folder)
    assert len(mixes) == len(changed) + 2


def test_a_damaged_or_partial_entry_is_mixed_again(tmp_path: Path, mixes):
    folder = tmp_path / "c"
    wav, snr = kept_noisy_clip(CLIP, "synthetic_babble", 20.0, folder=folder)
    record = wav.with_suffix(".json")
    record.write_text("{not json")
    assert kept_noisy_clip(CLIP, "synthetic_babble", 20.0, folder=folder) == (wav, snr)
    wav.unlink()  # a record without its WAV
    assert kept_noisy_clip(CLIP, "synthetic_babble", 20.0, folder=folder) == (wav, snr)
    stored = json.loads(record.read_text())
    record.write_text(json.dumps({**stored, "key": "another"}))
    assert kept_noisy_clip(CLIP, "synthetic_babble", 20.0, folder=folder) == (wav, snr)
    assert len(mixes) == 4


def test_clearing_removes_every_kept_mix_and_counts_them(tmp_path: Path, monkeypatch, mixes):
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "user-cache"))
    for seed in (0, 1, 2):
        wav, _ = kept_noisy_clip(CLIP, "synthetic_babble", 20.0, seed=seed)
        assert wav.is_relative_to(tmp_path / "user-cache" / "noisy-clips")
    (wav.parent / ".left.wav.tmp").write_bytes(b"")  # a writer's leftover is removed, not counted
    assert clear_noisy_clip_cache() == 3
    assert not [p for p in (tmp_path / "user-cache" / "noisy-clips").rglob("*") if p.is_file()]
    kept_noisy_clip(CLIP, "synthetic_babble", 20.0, seed=0)
    assert len(mixes) == 4


def _noisy_run(logs: Path, folder: Path):
    from inspect_ai import eval as inspect_eval

    from clinbench.results.export import results_table
    from clinbench.suites.slp import tasks

    task = tasks.slp_task("slp_disorder_type", pipeline="audio", noise="synthetic_road_hum",
                          snr_db=20.0, noise_cache=str(folder))  # fmt: skip
    [log] = inspect_eval(task, model="clinbench/chance", log_dir=str(logs), display="none")
    assert log.status == "success"
    run_specific = ["run_id", "log_file", "latency_s", "queue_s", "eval_created"]
    table = results_table(logs).drop(columns=run_specific)
    return table.sort_values(["item_id", "scorer"]).reset_index(drop=True), log


def test_a_run_on_kept_mixes_writes_the_same_results_as_one_that_mixed_them(tmp_path: Path):
    before = cache_use().get(noisy_clips.KIND, (0, 0))
    cold, cold_log = _noisy_run(tmp_path / "logs-cold", tmp_path / "mixes")
    middle = cache_use()[noisy_clips.KIND]
    warm, warm_log = _noisy_run(tmp_path / "logs-warm", tmp_path / "mixes")
    after = cache_use()[noisy_clips.KIND]
    clips = len(cold_log.samples)
    assert clips > 0
    assert (middle[0] - before[0], middle[1] - before[1]) == (0, clips)  # all mixed
    assert (after[0] - middle[0], after[1] - middle[1]) == (clips, 0)  # all read back
    assert [s.metadata["achieved_snr_db"] for s in warm_log.samples] == [
        s.metadata["achieved_snr_db"] for s in cold_log.samples
    ]
    assert len(cold) == len(warm) > 0
    for column in cold.columns:
        assert cold[column].equals(warm[column]), column
