"""Media are opened at validation: audio far enough to know its format, rate, channels and
length (soundfile), images verified (Pillow); a bad file is `file:line: FIELD: ...`."""

from __future__ import annotations

import json

import pytest

from clinbench.items.loader import read_items
from tests.media_files import png_bytes, wav_bytes


def _bank(tmp_path, audio=None, images=()):
    (tmp_path / "media").mkdir(exist_ok=True)
    rows = []
    if audio is not None:
        (tmp_path / "media" / "clip.wav").write_bytes(audio)
        rows.append({"id": "a1", "format": "audio", "stem": "Transcribe.",
                     "audio": "media/clip.wav", "transcript": "a cat"})  # fmt: skip
    for i, data in enumerate(images):
        (tmp_path / "media" / f"scan{i}.png").write_bytes(data)
    if images:
        rows.append({"id": "c1", "format": "case", "stem": "History.",
                     "images": [f"media/scan{i}.png" for i in range(len(images))],
                     "questions": [{"id": "Q1", "prompt": "What?",
                                    "reference": "A loss."}]})  # fmt: skip
    bank = tmp_path / "bank.jsonl"
    bank.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return bank


def test_good_media_pass(tmp_path):
    bank = _bank(tmp_path, audio=wav_bytes(), images=[png_bytes()])
    items, problems = read_items([bank])
    assert problems == [] and len(items) == 2


@pytest.mark.parametrize(
    "data", [b"RIFF\x04\x00\x00\x00WAVE", b"<html>not audio</html>", wav_bytes()[:30]]
)
def test_a_truncated_or_foreign_wav_is_refused(tmp_path, data):
    bank = _bank(tmp_path, audio=data)
    _items, problems = read_items([bank])
    assert len(problems) == 1, problems
    assert str(problems[0]).startswith(f"{bank}:1: audio: not a WAV file (")


@pytest.mark.parametrize("data", [b"<html><body>a page</body></html>", png_bytes()[:40],
                                  b"just some text"])  # fmt: skip
def test_text_or_a_broken_file_named_png_is_refused(tmp_path, data):
    bank = _bank(tmp_path, images=[png_bytes(), data])
    _items, problems = read_items([bank])
    assert len(problems) == 1, problems
    assert str(problems[0]).startswith(f"{bank}:1: images.1: not a PNG image (")
