"""Child-speech corpora -> :class:`AudioItem` lists: a generic manifest and four corpus layouts.

Every loader returns ``AudioItem`` s with ``suite="slp"``, ``labels`` holding ``disorder``
(``typically_developing`` | ``speech_disorder``) and, when known, ``disorder_type``
(``typically_developing`` | ``articulation`` | ``phonological``) and ``symptom``
(``substitution`` | ``omission`` | ``addition`` | ``typically_developing`` | ``stuttering``),
and ``metadata`` holding ``corpus``, ``speaker_id``, ``gender``, ``age``, ``age_band`` and
``language``. Splits keep each speaker on one side only; sampling takes up to N items per
corpus with a seed (SLPHelm samples up to 1000 per corpus).

Corpus layouts (what the loaders expect; see the suite README for sources):

- **UltraSuite**: ``core-uxtd|core-uxssd|core-upx/core/<SPEAKER>/<NNN><T>.wav`` with a
  ``.txt`` beside each clip whose first line is the prompt; ``<T>`` is the prompt type
  (A words, B non-words, C sentences, D articulatory, E non-speech, F other). The speaker
  table ``doc/speakers`` (tab-separated; speaker id, gender, age, subset) gives age, gender
  and the corpus's own train/dev/test split (``metadata["corpus_split"]``) when present;
  otherwise gender comes from the speaker id's last letter. UXTD is typically developing,
  UXSSD and UPX disordered.
- **ENNI**, **LeNormand**, **PERCEPT-GFTA**: TalkBank CHAT transcripts (``.cha``) with the
  ``@ID`` header giving the child's age, sex and group, utterance time bullets in ms, and a
  WAV file named by ``@Media`` beside the transcript. Each child utterance with a bullet is cut
  into its own clip under ``segments_dir``. The group (``TD`` vs ``SLI``/``DLD``/``SSD`` ...)
  gives the disorder label; if the ``@ID`` group is empty, a folder named like a group does.

Fine-grained labels (disorder type, symptom) and child transcripts that a corpus lacks can be
joined from an annotations CSV (``id, disorder_type, symptom, transcript``).
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from clinbench.errors import InputFileError
from clinbench.io import JsonlError, jsonl_lines, original_text
from clinbench.items.loader import ItemFileError, ItemProblem
from clinbench.items.model import AudioItem

DISORDER_LABELS = ("typically_developing", "speech_disorder")
DISORDER_TYPES = ("typically_developing", "articulation", "phonological")
SYMPTOMS = ("substitution", "omission", "addition", "typically_developing", "stuttering")
MANIFEST_COLUMNS = (
    "id", "audio", "prompt_words", "label", "disorder_type", "symptom", "transcript",
    "speaker_id", "gender", "age", "language", "corpus",
)  # fmt: skip

_SYNONYMS = {
    "typically_developing": "typically_developing",
    "typically developing": "typically_developing",
    "typical": "typically_developing",
    "td": "typically_developing",
    "healthy": "typically_developing",
    "speech_disorder": "speech_disorder",
    "speech disorder": "speech_disorder",
    "disorder": "speech_disorder",
    "disordered": "speech_disorder",
}
_DISORDER_GROUPS = {
    "sli", "li", "dld", "ssd", "rssd", "pd", "langimp", "impaired", "disorder", "disordered",
    "cas", "apraxia",
}  # fmt: skip
_TD_GROUPS = {"td", "typ", "typical", "typically_developing", "control", "tdc", "normal"}
_GENDERS = {"m": "male", "male": "male", "boy": "male", "f": "female", "female": "female"}
_GENDERS["girl"] = "female"


class CorpusError(InputFileError, ValueError):
    """A corpus that cannot be read; the message names the file (and line) at fault."""


def age_band(age: float | None) -> str | None:
    """Return SLPHelm's age band for an age in years: ``5-7``, ``8-10``, ``10+`` (or ``under 5``).

    Bands use completed years: 5, 6, 7 -> ``5-7``; 8, 9, 10 -> ``8-10``; 11 and over -> ``10+``.
    """
    if age is None or (isinstance(age, float) and np.isnan(age)):
        return None
    years = int(age)
    if years < 5:
        return "under 5"
    if years <= 7:
        return "5-7"
    if years <= 10:
        return "8-10"
    return "10+"


def normalise_disorder(value: str) -> str:
    """Return the canonical disorder label for a label or synonym; ValueError if unknown."""
    key = value.strip().lower()
    if key in _SYNONYMS:
        return _SYNONYMS[key]
    raise ValueError(f"unknown disorder label {value!r}; use one of {list(DISORDER_LABELS)}")


def _choice(value: str, allowed: Sequence[str], what: str) -> str:
    key = value.strip().lower().replace(" ", "_")
    if key not in allowed:
        raise ValueError(f"unknown {what} {value!r}; use one of {list(allowed)}")
    return key


def make_item(
    *,
    item_id: str,
    audio: str,
    prompt_words: str | None,
    disorder: str | None = None,
    disorder_type: str | None = None,
    symptom: str | None = None,
    transcript: str | None = None,
    speaker_id: str | None = None,
    gender: str | None = None,
    age: float | None = None,
    language: str = "en",
    corpus: str = "custom",
    source_file: Path | None = None,
    illustrative: bool = False,
) -> AudioItem:
    """Return an slp ``AudioItem`` with labels and speaker metadata in their standard places."""
    labels: dict[str, str] = {}
    if disorder:
        labels["disorder"] = normalise_disorder(disorder)
    if disorder_type:
        labels["disorder_type"] = _choice(disorder_type, DISORDER_TYPES, "disorder type")
    if symptom:
        labels["symptom"] = _choice(symptom, SYMPTOMS, "symptom")
    metadata: dict[str, Any] = {
        "corpus": corpus,
        "speaker_id": speaker_id,
        "gender": _GENDERS.get((gender or "").strip().lower()) if gender else None,
        "age": age,
        "age_band": age_band(age),
        "language": language,
    }
    stem = (
        f"Recording of a child attempting to say: {prompt_words}"
        if prompt_words
        else ("Recording of a child's speech.")
    )
    item = AudioItem(
        id=item_id,
        suite="slp",
        stem=stem,
        domain=corpus,
        audio=audio,
        prompt_words=prompt_words or None,
        transcript=transcript or None,
        labels=labels,
        metadata=metadata,
        illustrative=illustrative,
        tags=[f"language:{language}"],
    )
    if source_file is not None:
        item._source_file = source_file
    return item


def _manifest_rows(path: Path) -> Iterable[tuple[int, dict[str, Any]]]:
    if path.suffix.lower() == ".jsonl":
        for number, row in jsonl_lines(path, encoding="utf-8-sig"):  # a BOM is no column
            if isinstance(row, JsonlError):
                raise CorpusError(str(row))
            yield number, row
    elif path.suffix.lower() == ".csv":
        # utf-8-sig: a spreadsheet's byte-order mark is not part of the first column's name
        with path.open(encoding="utf-8-sig", newline="") as handle:
            reader = csv.DictReader(handle)
            for row in reader:
                # a manifest clinbench wrote has spreadsheet-safe text (clinbench.io)
                yield (
                    reader.line_num,
                    {
                        original_text(k): original_text(v)
                        for k, v in row.items()
                        if v not in (None, "")
                    },
                )
    else:
        raise CorpusError(f"{path}: a manifest must be .csv or .jsonl")


def read_manifest(path: str | Path, *, check_audio: bool = True) -> list[AudioItem]:
    """Return the items of a manifest (CSV/JSONL), audio paths relative to the manifest.

    Columns: ``audio`` (required), ``prompt_words``, ``label`` (disorder), ``disorder_type``,
    ``symptom``, ``transcript``, ``speaker_id``, ``gender``, ``age``, ``language``, ``corpus``,
    ``id`` (default: the audio file's stem). Every problem is reported as
    ``file:line: field: message`` in one :class:`ItemFileError`.
    """
    path = Path(path)
    if not path.is_file():
        raise CorpusError(f"{path}: manifest not found")
    items: list[AudioItem] = []
    problems: list[ItemProblem] = []
    seen: dict[str, int] = {}
    for number, row in _manifest_rows(path):
        unknown = set(row) - set(MANIFEST_COLUMNS) - {"illustrative", "note"}
        for column in sorted(unknown):
            problems.append(ItemProblem(str(path), number, column, "unknown column"))
        audio = str(row.get("audio", "")).strip()
        if not audio:
            problems.append(ItemProblem(str(path), number, "audio", "required"))
            continue
        if check_audio:
            resolved = Path(audio) if Path(audio).is_absolute() else path.parent / audio
            if not resolved.is_file():
                problems.append(ItemProblem(str(path), number, "audio", f"{audio}: not found"))
        item_id = str(row.get("id") or Path(audio).stem)
        if item_id in seen:
            problems.append(
                ItemProblem(str(path), number, "id", f"{item_id!r} repeats line {seen[item_id]}")
            )
        seen[item_id] = number
        age = None
        if row.get("age") not in (None, ""):
            try:
                age = float(row["age"])
            except (TypeError, ValueError):
                problems.append(
                    ItemProblem(str(path), number, "age", f"not a number: {row['age']!r}")
                )
                continue
        fields = {"label": "disorder", "disorder_type": "disorder_type", "symptom": "symptom"}
        try:
            item = make_item(
                item_id=item_id,
                audio=audio,
                prompt_words=_text(row.get("prompt_words")),
                disorder=_text(row.get("label")),
                disorder_type=_text(row.get("disorder_type")),
                symptom=_text(row.get("symptom")),
                transcript=_text(row.get("transcript")),
                speaker_id=_text(row.get("speaker_id")),
                gender=_text(row.get("gender")),
                age=age,
                language=_text(row.get("language")) or "en",
                corpus=_text(row.get("corpus")) or path.stem,
                source_file=path,
                illustrative=str(row.get("illustrative", "")).lower() in ("true", "1", "yes"),
            )
        except ValueError as err:
            message = str(err).splitlines()[0]
            field = next((c for c, w in fields.items() if w.replace("_", " ") in message), "-")
            problems.append(ItemProblem(str(path), number, field, message))
            continue
        items.append(item)
    if not items and not problems:  # an empty file, or a header alone: say which file
        problems.append(ItemProblem(str(path), 1, "-", "no items: the manifest has no rows"))
    if problems:
        raise ItemFileError(problems)
    return items


def _text(value: Any) -> str | None:
    if value is None:
        return None
    text = str(value).strip()
    return text or None


def apply_annotations(items: list[AudioItem], path: str | Path) -> list[AudioItem]:
    """Return items with disorder type, symptom and transcript joined from a CSV by ``id``."""
    path = Path(path)
    by_id = {item.id: item for item in items}
    out = {item.id: item for item in items}
    for number, row in _manifest_rows(path):
        item_id = row.get("id")
        if item_id not in by_id:
            raise CorpusError(f"{path}:{number}: id: {item_id!r} is not an item of this corpus")
        item = out[item_id]
        labels = dict(item.labels)
        try:
            if row.get("disorder_type"):
                labels["disorder_type"] = _choice(row["disorder_type"], DISORDER_TYPES, "type")
            if row.get("symptom"):
                labels["symptom"] = _choice(row["symptom"], SYMPTOMS, "symptom")
        except ValueError as err:
            raise CorpusError(f"{path}:{number}: labels: {err}") from err
        update: dict[str, Any] = {"labels": labels}
        if row.get("transcript"):
            update["transcript"] = row["transcript"]
        copy = item.model_copy(update=update)
        copy._source_file = item._source_file
        out[item_id] = copy
    return [out[item.id] for item in items]


# ---------------------------------------------------------------- UltraSuite

ULTRASUITE_SUBSETS = {
    "core-uxtd": "typically_developing",
    "core-uxssd": "speech_disorder",
    "core-upx": "speech_disorder",
}


def _speaker_age(row: dict[str, str], where: str) -> float | None:
    text = (row.get("AGE") or "").strip()
    if text:
        try:
            return float(text)
        except ValueError:
            match = re.fullmatch(r"(\d+)[;y ]\s*(\d+)?m?", text)
            if not match:
                raise CorpusError(f"{where}: AGE: cannot read {text!r}") from None
            return int(match.group(1)) + int(match.group(2) or 0) / 12.0
    if row.get("AGE-Y"):
        try:
            return int(row["AGE-Y"]) + int(row.get("AGE-M") or 0) / 12.0
        except ValueError:
            raise CorpusError(f"{where}: AGE-Y: not a whole number: {row['AGE-Y']!r}") from None
    return None


def _ultrasuite_speakers(doc: Path) -> dict[str, dict[str, Any]]:
    """Return speaker -> gender, age, subset from ``doc/speakers`` (tab, comma or space separated).

    Header names are matched case-insensitively with ``_`` and ``-`` alike (``speaker_id`` or
    ``SPEAKER-ID``; ``gender`` or ``sex``; ``age`` in years, or ``AGE-Y`` and ``AGE-M``).
    """
    for name in ("speakers", "speakers.csv", "speakers.tsv", "speakers.txt"):
        table = doc / name
        if not table.is_file():
            continue
        lines = [ln for ln in table.read_text(encoding="utf-8").splitlines() if ln.strip()]
        sep = "\t" if "\t" in lines[0] else ("," if "," in lines[0] else None)
        header = [h.strip().upper().replace("_", "-") for h in lines[0].split(sep)]
        key = next((h for h in ("SPEAKER-ID", "SPEAKER", "ID") if h in header), None)
        if key is None:
            raise CorpusError(f"{table}:1: SPEAKER-ID: no speaker id column in {header}")
        out: dict[str, dict[str, Any]] = {}
        for number, line in enumerate(lines[1:], start=2):
            cells = [c.strip() for c in line.split(sep)]
            if len(cells) < len(header):
                raise CorpusError(
                    f"{table}:{number}: -: {len(cells)} cells, header has {len(header)}"
                )
            row = dict(zip(header, cells, strict=False))
            out[row[key]] = {
                "gender": row.get("GENDER") or row.get("SEX"),
                "age": _speaker_age(row, f"{table}:{number}"),
                "subset": row.get("SUBSET"),
            }
        return out
    return {}


def load_ultrasuite(
    root: str | Path, *, prompt_types: str = "ABC", annotations: str | Path | None = None
) -> list[AudioItem]:
    """Return the items of an UltraSuite tree (UXTD, UXSSD and/or UPX subsets under ``root``)."""
    root = Path(root)
    subsets = (
        [root]
        if root.name in ULTRASUITE_SUBSETS
        else sorted(p for p in root.iterdir() if p.name in ULTRASUITE_SUBSETS)
        if root.is_dir()
        else []
    )
    if not subsets:
        raise CorpusError(f"{root}: no core-uxtd, core-uxssd or core-upx folder found")
    items: list[AudioItem] = []
    for subset in subsets:
        speakers = _ultrasuite_speakers(subset / "doc")
        for wav in sorted((subset / "core").glob("*/*.wav")):
            match = re.fullmatch(r"(\d+)([A-F])", wav.stem)
            if not match or match.group(2) not in prompt_types:
                continue
            prompt_file = wav.with_suffix(".txt")
            if not prompt_file.is_file():
                raise CorpusError(f"{prompt_file}: prompt text file missing for {wav.name}")
            lines = prompt_file.read_text(encoding="utf-8").splitlines()
            prompt = lines[0].strip() if lines else ""
            if not prompt:
                raise CorpusError(f"{prompt_file}:1: prompt: empty")
            speaker = wav.parent.name
            info = speakers.get(speaker, {})
            gender = info.get("gender") or (speaker[-1] if speaker[-1:] in "MF" else None)
            items.append(
                make_item(
                    item_id=f"{subset.name.removeprefix('core-')}-{speaker}-{wav.stem}",
                    audio=str(wav.resolve()),
                    prompt_words=prompt,
                    disorder=ULTRASUITE_SUBSETS[subset.name],
                    speaker_id=f"{subset.name}/{speaker}",
                    gender=gender,
                    age=info.get("age"),
                    language="en",
                    corpus="UltraSuite",
                )
            )
            if info.get("subset"):  # the corpus's own TRAIN/DEV/TEST speaker split
                items[-1].metadata["corpus_split"] = str(info["subset"]).lower()
    return apply_annotations(items, annotations) if annotations else items


# ---------------------------------------------------------------- TalkBank CHAT corpora

_BULLET = re.compile("\x15(\\d+)_(\\d+)\x15")


def clean_chat_text(text: str) -> str:
    """Return the words of a CHAT main tier: codes, events, fillers and punctuation removed."""
    text = _BULLET.sub(" ", text)
    text = re.sub(r"\[[^\]]*\]", " ", text)  # [: target] [/] [*] ... codes
    text = re.sub(r"<([^>]*)>", r"\1", text)
    text = re.sub(r"&[=\-+~]?\S+", " ", text)  # &-fillers, &=events
    text = re.sub(r"\b(xxx|yyy|www)\b", " ", text)
    text = re.sub(r"(?<!\S)0\S+", " ", text)  # 0word: a word the child omitted
    text = re.sub(r"@\S+", "", text)  # word@s special-form markers
    text = re.sub(r"\(([^)]*)\)", r"\1", text)  # incomplete words: (be)cause
    text = re.sub(r"[+/.,!?;:\"“”„«»]+", " ", text)
    text = text.replace("_", " ")
    return " ".join(text.split())


def parse_chat(path: Path) -> dict[str, Any]:
    """Return a CHAT file's child header (age, sex, group, language), media name and utterances."""
    info: dict[str, Any] = {"utterances": [], "media": None, "language": None}
    lines = path.read_text(encoding="utf-8").splitlines()
    joined: list[tuple[int, str]] = []
    for number, line in enumerate(lines, start=1):
        if line.startswith("\t") and joined:  # continuation line
            joined[-1] = (joined[-1][0], joined[-1][1] + " " + line.strip())
        else:
            joined.append((number, line))
    for number, line in joined:
        if line.startswith("@Languages:"):
            info["language"] = line.split(":", 1)[1].split(",")[0].strip()
        elif line.startswith("@Media:"):
            info["media"] = line.split(":", 1)[1].split(",")[0].strip()
        elif line.startswith("@ID:"):
            fields = line.split(":", 1)[1].strip().split("|")
            if len(fields) < 8:
                raise CorpusError(f"{path}:{number}: @ID: expected 10 |-separated fields")
            if fields[2] == "CHI":
                info["age"] = _chat_age(fields[3], path, number)
                info["sex"] = fields[4] or None
                info["group"] = fields[5] or None
        elif line.startswith("*CHI:"):
            bullet = _BULLET.search(line)
            if bullet is None:
                continue
            text = clean_chat_text(line.split(":", 1)[1])
            if text:
                start, end = int(bullet.group(1)), int(bullet.group(2))
                if end <= start:
                    raise CorpusError(f"{path}:{number}: bullet: end {end} <= start {start}")
                info["utterances"].append(
                    {"line": number, "text": text, "start": start, "end": end}
                )
    return info


def _chat_age(text: str, path: Path, number: int) -> float | None:
    if not text.strip():
        return None
    match = re.fullmatch(r"(\d+);(\d{1,2})?\.?(\d{1,2})?", text.strip())
    if not match:
        raise CorpusError(
            f"{path}:{number}: @ID age: cannot read {text!r} (want years;months.days)"
        )
    return int(match.group(1)) + int(match.group(2) or 0) / 12.0


def _group_label(group: str | None, path: Path, root: Path) -> str | None:
    candidates = [group] if group else []
    candidates += [part for part in path.relative_to(root).parts[:-1]]
    for candidate in candidates:
        key = (candidate or "").strip().lower()
        if key in _TD_GROUPS:
            return "typically_developing"
        if key in _DISORDER_GROUPS:
            return "speech_disorder"
    return None


def load_chat_corpus(
    root: str | Path,
    *,
    corpus: str,
    segments_dir: str | Path,
    language: str = "en",
    annotations: str | Path | None = None,
    min_ms: int = 200,
) -> list[AudioItem]:
    """Return one item per timed child utterance of a CHAT corpus, each cut into its own WAV."""
    from clinbench.audio.clips import read_audio, write_audio

    root = Path(root)
    files = sorted(root.rglob("*.cha"))
    if not files:
        raise CorpusError(f"{root}: no CHAT (.cha) transcripts found")
    out_dir = Path(segments_dir) / corpus
    items: list[AudioItem] = []
    for cha in files:
        info = parse_chat(cha)
        if not info["utterances"]:
            continue
        media = info["media"] or cha.stem
        wav = next(
            (
                cha.parent / f"{media}{ext}"
                for ext in (".wav", ".flac")
                if (cha.parent / f"{media}{ext}").is_file()
            ),
            None,
        )
        if wav is None:
            raise CorpusError(
                f"{cha}: media {media!r} has no .wav/.flac file beside the transcript"
            )
        samples, rate = read_audio(wav)
        label = _group_label(info.get("group"), cha, root)
        speaker = f"{corpus}/{cha.relative_to(root).with_suffix('').as_posix()}"
        for index, utt in enumerate(info["utterances"]):
            if utt["end"] - utt["start"] < min_ms:
                continue
            a, b = int(utt["start"] * rate / 1000), int(utt["end"] * rate / 1000)
            if b > len(samples):
                raise CorpusError(f"{cha}:{utt['line']}: bullet: ends after the audio ({wav.name})")
            clip = out_dir / f"{cha.stem}_{index:04d}.wav"
            if not clip.is_file():
                write_audio(clip, samples[a:b], rate)
            items.append(
                make_item(
                    item_id=f"{corpus}-{cha.stem}-{index:04d}",
                    audio=str(clip.resolve()),
                    prompt_words=utt["text"],
                    transcript=utt["text"],
                    disorder=label,
                    speaker_id=speaker,
                    gender=info.get("sex"),
                    age=info.get("age"),
                    language=language,
                    corpus=corpus,
                )
            )
    return apply_annotations(items, annotations) if annotations else items


def load_enni(root: str | Path, *, segments_dir: str | Path, **kw: Any) -> list[AudioItem]:
    """Return ENNI items (English narratives; SLI vs TD groups) from a CHAT tree."""
    return load_chat_corpus(root, corpus="ENNI", segments_dir=segments_dir, language="en", **kw)


def load_lenormand(root: str | Path, *, segments_dir: str | Path, **kw: Any) -> list[AudioItem]:
    """Return LeNormand items (French child speech) from a CHAT tree."""
    return load_chat_corpus(
        root, corpus="LeNormand", segments_dir=segments_dir, language="fr", **kw
    )


def load_percept_gfta(root: str | Path, *, segments_dir: str | Path, **kw: Any) -> list[AudioItem]:
    """Return PERCEPT-GFTA items (single-word picture naming, typical vs SSD) from a CHAT tree."""
    return load_chat_corpus(
        root, corpus="PERCEPT-GFTA", segments_dir=segments_dir, language="en", **kw
    )


LOADERS = {
    "manifest": read_manifest,
    "ultrasuite": load_ultrasuite,
    "enni": load_enni,
    "lenormand": load_lenormand,
    "percept-gfta": load_percept_gfta,
}


# ---------------------------------------------------------------- splits and sampling


def speaker_split(
    items: Sequence[AudioItem], *, test_size: float = 0.5, seed: int = 0
) -> tuple[list[AudioItem], list[AudioItem]]:
    """Return ``(train, test)`` with every speaker on one side only (scikit-learn group split)."""
    from sklearn.model_selection import GroupShuffleSplit

    if not items:
        return [], []
    groups = [i.metadata.get("speaker_id") or i.id for i in items]
    if len(set(groups)) < 2:
        raise ValueError("a speaker-disjoint split needs at least two speakers")
    splitter = GroupShuffleSplit(n_splits=1, test_size=test_size, random_state=seed)
    train_idx, test_idx = next(splitter.split(np.zeros(len(items)), groups=groups))
    return [items[i] for i in sorted(train_idx)], [items[i] for i in sorted(test_idx)]


def sample_per_corpus(items: Sequence[AudioItem], n: int, *, seed: int = 0) -> list[AudioItem]:
    """Return up to ``n`` items from each corpus, drawn without replacement with ``seed``."""
    rng = np.random.default_rng(seed)
    by_corpus: dict[str, list[AudioItem]] = {}
    for item in items:
        by_corpus.setdefault(str(item.metadata.get("corpus")), []).append(item)
    chosen: list[AudioItem] = []
    for corpus in sorted(by_corpus):
        pool = by_corpus[corpus]
        if len(pool) <= n:
            chosen += pool
        else:
            picks = sorted(rng.choice(len(pool), size=n, replace=False))
            chosen += [pool[i] for i in picks]
    return chosen
