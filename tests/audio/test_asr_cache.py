"""The on-disk transcript cache: what its key holds, that a hit skips the decoder, and that a
cached run writes the same results table as an uncached one (issue 19, item 2)."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import pytest

from clinbench.audio.asr import Transcription, get_asr
from clinbench.audio.asr.cache import CachedASR
from clinbench.suites.slp.tasks import SAMPLE_MANIFEST

CLIPS = ("slp-s01", "slp-s02")


class CountingASR:
    """A stand-in back-end that counts its decodes (fails on request)."""

    name = "counting"

    def __init__(self, fail: bool = False):
        self.fail = fail
        self.calls: list[tuple[str, str | None]] = []

    def transcribe(self, path, *, expected=None, language="en"):
        self.calls.append((str(path), expected))
        if self.fail:
            return Transcription("", self.name, "none", error="decoder crashed")
        return Transcription(f"heard {Path(path).stem}", self.name, "free", 1.0, 0.5)


def _clip(folder: Path, name: str, content: bytes) -> Path:
    path = folder / name
    path.write_bytes(content)
    return path


def test_the_key_holds_content_backend_settings_words_language_noise_and_snr(tmp_path: Path):
    cache = CachedASR(CountingASR(), tmp_path / "c", {"wip": 0.01})
    clip = _clip(tmp_path, "a.wav", b"RIFF one")
    base = cache.key(clip, expected="red ball")
    moved = _clip(tmp_path, "elsewhere.wav", b"RIFF one")
    assert cache.key(moved, expected="red ball") == base  # the content, not the path
    different = [
        cache.key(_clip(tmp_path, "b.wav", b"RIFF two"), expected="red ball"),
        cache.key(clip, expected="blue ball"),
        cache.key(clip, expected="red ball", language="fr"),
        cache.key(clip, expected="red ball", noise="synthetic_babble", snr_db=20.0),
        cache.key(clip, expected="red ball", noise="synthetic_babble", snr_db=10.0),
        CachedASR(CountingASR(), tmp_path / "c", {"wip": 0.5}).key(clip, expected="red ball"),
    ]
    assert len({base, *different}) == len(different) + 1


def test_a_hit_skips_the_decoder_and_failures_are_never_kept(tmp_path: Path):
    backend = CountingASR()
    cache = CachedASR(backend, tmp_path / "c", {})
    clip = _clip(tmp_path, "a.wav", b"RIFF one")
    first = cache.transcribe(clip, expected="red ball")
    again = CachedASR(CountingASR(), tmp_path / "c", {}).transcribe(clip, expected="red ball")
    assert len(backend.calls) == 1 and again.text == first.text == "heard a"
    assert again.details == {"cache": "hit"} and first.details == {}
    assert (again.decode_seconds, again.audio_seconds) == (first.decode_seconds, 1.0)
    failing = CountingASR(fail=True)
    broken = CachedASR(failing, tmp_path / "f", {})
    assert broken.transcribe(clip).error == "decoder crashed"
    assert broken.transcribe(clip).error == "decoder crashed" and len(failing.calls) == 2
    assert not list((tmp_path / "f").rglob("*.json"))
    # A damaged entry is decoded again and rewritten.
    [entry] = list((tmp_path / "c").rglob("*.json"))
    entry.write_text("{not json")
    assert cache.transcribe(clip, expected="red ball").text == "heard a"
    assert len(backend.calls) == 2 and json.loads(entry.read_text())["key"]


def test_get_asr_wraps_a_backend_in_the_cache(tmp_path: Path):
    wrapped = get_asr("pocketsphinx", cache=str(tmp_path / "c"), wip="0.01")
    assert isinstance(wrapped, CachedASR) and wrapped.name == "pocketsphinx"
    assert get_asr("pocketsphinx", wip="0.01") is wrapped.backend
    assert wrapped.settings["options"] == {"wip": "'0.01'"}


@pytest.fixture
def two_clips(tmp_path: Path) -> Path:
    rows = [r for r in csv.DictReader(SAMPLE_MANIFEST.open()) if r["id"] in CLIPS]
    out = tmp_path / "two.csv"
    with out.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        for row in rows:
            row["audio"] = str((SAMPLE_MANIFEST.parent / row["audio"]).resolve())
            writer.writerow(row)
    return out


def _run(manifest: Path, logs: Path, noise_dir: Path, asr: str):
    from inspect_ai import eval as inspect_eval

    from clinbench.results.export import results_table
    from clinbench.suites.slp import tasks

    runs = [
        tasks.slp_transcription(manifest=str(manifest), pipeline="asr", asr=asr),
        tasks.slp_disorder(manifest=str(manifest), pipeline="asr", asr=asr),
        tasks.slp_task("slp_transcription", manifest=str(manifest), pipeline="asr", asr=asr,
                       noise="synthetic_babble", snr_db=20.0, noise_cache=str(noise_dir)),
    ]  # fmt: skip
    evals = inspect_eval(runs, model="clinbench/rules", log_dir=str(logs), display="none")
    assert [log.status for log in evals] == ["success"] * 3
    # what differs between runs by nature: ids, log names, timing and creation time
    run_specific = ["run_id", "log_file", "latency_s", "queue_s", "eval_created"]
    table = results_table(logs).drop(columns=run_specific)
    table = table.sort_values(["task", "condition", "item_id", "scorer"]).reset_index(drop=True)
    details = [s.metadata["asr"]["details"] for log in evals for s in log.samples]
    return table, details


def test_a_cached_run_writes_the_same_results_as_an_uncached_one(two_clips: Path, tmp_path):
    cache = tmp_path / "run" / "asr-cache"
    noise = tmp_path / "noisy"
    plain, _ = _run(two_clips, tmp_path / "logs-plain", noise, "pocketsphinx")
    cold, cold_details = _run(
        two_clips, tmp_path / "logs-cold", noise, f"pocketsphinx:cache={cache}"
    )
    entries = list(cache.rglob("*.json"))
    # Two clean clips shared by both scenarios, two noisy copies: four decodes, not six.
    assert len(entries) == 4
    assert sum(d.get("cache") == "hit" for d in cold_details) == 2
    warm, warm_details = _run(
        two_clips, tmp_path / "logs-warm", noise, f"pocketsphinx:cache={cache}"
    )
    assert all(d.get("cache") == "hit" for d in warm_details) and len(warm_details) == 6
    assert len(plain) == len(cold) == len(warm) > 0
    for table in (cold, warm):
        for column in plain.columns:
            assert plain[column].equals(table[column]), column
    shutil.rmtree(cache)


def test_results_record_the_asr_spec_without_its_cache_folder():
    from clinbench.audio.asr import recorded_spec

    assert recorded_spec("pocketsphinx:cache=/tmp/run/asr-cache") == "pocketsphinx"
    assert recorded_spec("pocketsphinx:wip=0.5,cache=/x,constrained=false") == (
        "pocketsphinx:wip=0.5,constrained=false"
    )
    assert recorded_spec("openai:base_url=http://h/v1") == "openai:base_url=http://h/v1"


def test_pocketsphinx_transcripts_do_not_depend_on_what_was_decoded_before():
    """A clip decoded first, again, and after other clips gives one transcript (free and
    constrained): the cache's key assumes decoding is a function of the clip and settings."""
    from clinbench.audio.asr.pocketsphinx_asr import PocketSphinxASR

    rows = {r["id"]: r for r in csv.DictReader(SAMPLE_MANIFEST.open())}

    def clip(name):
        return SAMPLE_MANIFEST.parent / rows[name]["audio"]

    asr = PocketSphinxASR()
    words = rows["slp-r04"]["prompt_words"]
    first_free = asr.transcribe(clip("slp-s13")).text
    first_constrained = asr.transcribe(clip("slp-r04"), expected=words).text
    for other in ("slp-s01", "slp-s02", "slp-s09"):
        asr.transcribe(clip(other))
        asr.transcribe(clip(other), expected=rows[other]["prompt_words"])
    assert asr.transcribe(clip("slp-s13")).text == first_free
    assert asr.transcribe(clip("slp-r04"), expected=words).text == first_constrained
    assert asr.transcribe(clip("slp-s13")).text == first_free


def test_the_key_does_not_change_once_the_decoder_is_loaded(tmp_path: Path):
    """A back-end's loaded model is state, not a setting: a cache made before the decoder
    loads and one made after (same process, or the next run) share their transcripts."""
    from clinbench.audio.asr.pocketsphinx_asr import PocketSphinxASR

    clip = SAMPLE_MANIFEST.parent / "clips" / "slp-s01.wav"
    backend = PocketSphinxASR()
    before = CachedASR(backend, tmp_path / "c", {}).key(clip, expected="red ball")
    backend.transcribe(clip, expected="red ball")  # loads the decoder
    after = CachedASR(backend, tmp_path / "c", {}).key(clip, expected="red ball")
    assert before == after
