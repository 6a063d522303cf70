"""Item and item-set hashes name media by their bytes, not by where the files sit."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from clinbench.items.digest import (
    MISSING,
    content_item_json,
    item_hash,
    item_set_hash,
    record_hash,
)
from clinbench.items.loader import load_items
from clinbench.items.model import ITEM_ADAPTER
from tests.media_files import png_bytes, wav_bytes

# real media: validation opens them (a changed byte below is a changed sample or pixel)
CLIP, IMAGE = wav_bytes(level=0.25), png_bytes("white")


def _bank(folder: Path, clip: bytes = CLIP, image: bytes = IMAGE) -> Path:
    """Write an item file naming an audio clip and a case image, relative to the file."""
    (folder / "media").mkdir(parents=True)
    (folder / "media" / "clip.wav").write_bytes(clip)
    (folder / "media" / "scan.png").write_bytes(image)
    rows = [
        {"id": "a-1", "format": "audio", "stem": "Transcribe.", "audio": "media/clip.wav",
         "transcript": "a cat"},
        {"id": "mcq-1", "format": "mcq", "stem": "Which?", "options": {"A": "x", "B": "y"},
         "answer": "A", "media": ["media/scan.png"]},
    ]  # fmt: skip
    path = folder / "items.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_two_copies_of_the_items_in_different_folders_hash_equal(tmp_path):
    one = load_items([_bank(tmp_path / "one")])
    two = load_items([_bank(tmp_path / "elsewhere" / "two")])
    assert item_set_hash(one) == item_set_hash(two)


def test_absolute_media_paths_to_equal_bytes_hash_equal(tmp_path):
    """The slp pipeline writes noisy clips under the run's folder and names them absolutely."""
    items = []
    for name in ("out-a", "out-b"):
        item = load_items([_bank(tmp_path / name)])[0]
        clip = (tmp_path / name / "media" / "clip.wav").resolve()
        items.append([item.model_copy(update={"audio": str(clip)})])  # as slp's _noisy does
    assert record_hash(items[0][0]) != record_hash(items[1][0])  # the records differ ...
    assert item_set_hash(items[0]) == item_set_hash(items[1])  # ... the content does not


def test_a_changed_clip_or_image_byte_changes_the_hash(tmp_path):
    base = item_set_hash(load_items([_bank(tmp_path / "base")]))
    clip = item_set_hash(load_items([_bank(tmp_path / "clip", clip=wav_bytes(level=0.5))]))
    image = item_set_hash(load_items([_bank(tmp_path / "image", image=png_bytes("black"))]))
    assert len({base, clip, image}) == 3


def test_a_file_rewritten_in_place_is_hashed_again(tmp_path):
    path = _bank(tmp_path / "bank")
    before = item_set_hash(load_items([path]))
    clip = path.parent / "media" / "clip.wav"
    clip.write_bytes(
        wav_bytes(seconds=0.2, level=0.25)
    )  # new size: the per-file cache must not answer
    assert item_set_hash(load_items([path])) != before


def test_a_missing_media_file_is_named_not_guessed(tmp_path):
    path = _bank(tmp_path / "bank")
    row = json.loads(path.read_text().splitlines()[0])
    item = ITEM_ADAPTER.validate_python(row)
    item._source_file = path
    with_file = item_hash(item)
    (path.parent / "media" / "clip.wav").unlink()
    assert f"{MISSING}{path.parent / 'media' / 'clip.wav'}" in content_item_json(item)
    assert item_hash(item) != with_file


def test_items_without_media_hash_as_their_canonical_json(sample_items_path):
    items = load_items([sample_items_path])
    assert [item_hash(i) for i in items] == [record_hash(i) for i in items]


def test_every_shipped_sample_hashes_as_its_card_says_from_a_copy_elsewhere(tmp_path):
    """A suite folder copied to another place (media and all) keeps its cards' hashes."""
    from clinbench.suites.cards import check_card, read_cards

    cards = read_cards()
    assert cards
    for card in cards:
        copy = tmp_path / card["name"]
        shutil.copytree(card["_dir"], copy)
        assert check_card({**card, "_dir": str(copy)}) == [], card["name"]
