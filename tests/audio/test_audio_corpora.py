"""Corpus loaders on small trees that mimic each corpus's layout; splits and sampling."""

from __future__ import annotations

import json

import numpy as np
import pytest
import soundfile as sf

from clinbench.items.loader import ItemFileError
from clinbench.suites.slp.corpora import (
    CorpusError,
    age_band,
    load_enni,
    load_lenormand,
    load_percept_gfta,
    load_ultrasuite,
    read_manifest,
    sample_per_corpus,
    speaker_split,
)


def _wav(path, seconds=1.0, rate=22050):
    path.parent.mkdir(parents=True, exist_ok=True)
    t = np.arange(int(seconds * rate)) / rate
    sf.write(path, 0.2 * np.sin(2 * np.pi * 300 * t), rate)


def test_manifest_csv_and_jsonl_give_the_same_items(tmp_path):
    _wav(tmp_path / "a.wav")
    _wav(tmp_path / "b.wav")
    header = (
        "audio,prompt_words,label,disorder_type,symptom,transcript,speaker_id,gender,age,language\n"
    )
    (tmp_path / "m.csv").write_text(
        header
        + "a.wav,red ball,typically_developing,typically_developing,typically_developing,"
        + "red ball,s1,F,6,en\n"
        + "b.wav,red ball,speech_disorder,articulation,substitution,wed ball,s2,male,9.5,en\n"
    )
    rows = [
        {"audio": "a.wav", "prompt_words": "red ball", "label": "typically_developing",
         "disorder_type": "typically_developing", "symptom": "typically_developing",
         "transcript": "red ball", "speaker_id": "s1", "gender": "F", "age": 6, "language": "en"},
        {"audio": "b.wav", "prompt_words": "red ball", "label": "speech_disorder",
         "disorder_type": "articulation", "symptom": "substitution", "transcript": "wed ball",
         "speaker_id": "s2", "gender": "male", "age": 9.5, "language": "en"},
    ]  # fmt: skip
    (tmp_path / "m.jsonl").write_text("\n".join(json.dumps(r) for r in rows))
    from_csv, from_jsonl = read_manifest(tmp_path / "m.csv"), read_manifest(tmp_path / "m.jsonl")
    for items in (from_csv, from_jsonl):
        assert [i.id for i in items] == ["a", "b"]
        assert items[1].labels == {
            "disorder": "speech_disorder",
            "disorder_type": "articulation",
            "symptom": "substitution",
        }
        assert items[0].metadata["gender"] == "female" and items[1].metadata["age_band"] == "8-10"
        assert items[0].resolve(items[0].audio) == tmp_path / "a.wav"


def test_manifest_problems_name_file_line_and_field(tmp_path):
    _wav(tmp_path / "a.wav")
    (tmp_path / "bad.csv").write_text(
        "audio,label,symptom,age\n"
        "a.wav,typically_developing,typically_developing,6\n"
        "missing.wav,typically_developing,,7\n"
        "a.wav,sick,,7\n"
        ",typically_developing,,7\n"
        "a.wav,speech_disorder,lisping,seven\n"
    )
    with pytest.raises(ItemFileError) as err:
        read_manifest(tmp_path / "bad.csv")
    text = str(err.value)
    assert f"{tmp_path / 'bad.csv'}:3: audio: missing.wav: not found" in text
    assert "bad.csv:4: label: unknown disorder label 'sick'" in text
    assert "bad.csv:5: audio: required" in text
    assert "bad.csv:6: age: not a number" in text


def test_age_bands_follow_slphelm():
    assert [age_band(a) for a in (4.9, 5, 7.9, 8, 10.5, 11, 16)] == [
        "under 5", "5-7", "5-7", "8-10", "8-10", "10+", "10+"
    ]  # fmt: skip
    assert age_band(None) is None


def test_ultrasuite_layout(tmp_path):
    root = tmp_path / "UltraSuite"
    for subset, speaker in (("core-uxtd", "01M"), ("core-uxtd", "07F"), ("core-uxssd", "02F")):
        folder = root / subset / "core" / speaker
        for stem, prompt in (("001A", "ship"), ("002D", "ah ee oo"), ("003C", "the boy sat")):
            _wav(folder / f"{stem}.wav", rate=22050)
            (folder / f"{stem}.txt").write_text(f"{prompt}\n2012-02-16 10:11:12\n")
    (root / "core-uxtd" / "doc").mkdir()
    (root / "core-uxtd" / "doc" / "speakers").write_text(
        "SPEAKER-ID GROUP GENDER AGE-Y AGE-M AGE RECORDING-DATE SUBSET\n"
        "01M 1 M 11 10 11.83 13/11/2011 TRAIN\n07F 1 F 9 4 9.33 14/02/2012 TEST\n"
    )
    items = load_ultrasuite(root)
    assert len(items) == 6  # articulatory (D) prompts are left out by default
    by_id = {i.id: i for i in items}
    td = by_id["uxtd-01M-001A"]
    assert td.prompt_words == "ship" and td.labels["disorder"] == "typically_developing"
    assert td.metadata["age_band"] == "10+" and td.metadata["gender"] == "male"
    ssd = by_id["uxssd-02F-003C"]
    assert ssd.labels["disorder"] == "speech_disorder" and ssd.metadata["gender"] == "female"
    assert ssd.metadata["age"] is None  # no speaker table for UXSSD
    assert td.metadata["corpus_split"] == "train"
    assert len(load_ultrasuite(root, prompt_types="D")) == 3


def test_ultrasuite_tab_separated_speaker_table(tmp_path):
    folder = tmp_path / "core-uxtd" / "core" / "12M"
    _wav(folder / "001A.wav")
    (folder / "001A.txt").write_text("ship\n")
    (tmp_path / "core-uxtd" / "doc").mkdir()
    (tmp_path / "core-uxtd" / "doc" / "speakers").write_text(
        "speaker_id\tsex\tage\tsubset\n12M\tM\t6;8\ttest\n"
    )
    (item,) = load_ultrasuite(tmp_path)
    assert item.metadata["age"] == pytest.approx(6 + 8 / 12) and item.metadata["age_band"] == "5-7"
    assert item.metadata["corpus_split"] == "test" and item.metadata["gender"] == "male"
    (tmp_path / "core-uxtd" / "doc" / "speakers").write_text("speaker_id\tage\n12M\tsix\n")
    with pytest.raises(CorpusError, match=r"speakers:2: AGE"):
        load_ultrasuite(tmp_path)


def test_ultrasuite_missing_prompt_file_is_named(tmp_path):
    folder = tmp_path / "core-upx" / "core" / "03M"
    _wav(folder / "001A.wav")
    with pytest.raises(CorpusError, match="001A.txt"):
        load_ultrasuite(tmp_path)


def _chat(path, *, lang, group, age, sex, utterances, media="rec"):
    lines = [
        "@UTF8", "@Begin", f"@Languages:\t{lang}",
        "@Participants:\tCHI Target_Child, INV Investigator",
        f"@ID:\t{lang}|corpus|CHI|{age}|{sex}|{group}||Target_Child|||",
        f"@ID:\t{lang}|corpus|INV|||||Investigator|||",
        f"@Media:\t{media}, audio",
    ]  # fmt: skip
    for speaker, text, start, end in utterances:
        lines.append(f"*{speaker}:\t{text} \x15{start}_{end}\x15")
    lines.append("@End")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _wav(path.parent / f"{media}.wav", seconds=4.0, rate=44100)


def test_enni_layout_uses_group_and_cuts_child_utterances(tmp_path):
    root = tmp_path / "ENNI"
    _chat(root / "SLI" / "A" / "413.cha", lang="eng", group="SLI", age="5;06.", sex="male",
          utterances=[("INV", "tell me the story .", 0, 900),
                      ("CHI", "the giraffe [/] giraffe &-um run 0to (.) the pool .", 1000, 2200),
                      ("CHI", "xxx .", 2300, 2600),
                      ("CHI", "he fall in the pool .", 2700, 3900)])  # fmt: skip
    _chat(root / "TD" / "A" / "501.cha", lang="eng", group="", age="8;01.", sex="female",
          utterances=[("CHI", "the elephant wanted the ball .", 200, 1800)])  # fmt: skip
    items = load_enni(root, segments_dir=tmp_path / "segs")
    assert [i.prompt_words for i in items] == [
        "the giraffe giraffe run the pool", "he fall in the pool", "the elephant wanted the ball"
    ]  # fmt: skip
    assert (
        items[0].labels["disorder"] == "speech_disorder" and items[0].metadata["age_band"] == "5-7"
    )
    assert items[2].labels["disorder"] == "typically_developing"  # from the TD folder
    assert items[2].metadata["gender"] == "female" and items[2].metadata["language"] == "en"
    clip, rate = sf.read(items[0].audio)
    assert rate == 16000 and abs(len(clip) - 1.2 * 16000) <= 2
    assert items[0].metadata["speaker_id"] != items[2].metadata["speaker_id"]


def test_lenormand_layout_is_french(tmp_path):
    root = tmp_path / "LeNormand"
    _chat(root / "Anna" / "anna1.cha", lang="fra", group="TD", age="3;02.15", sex="female",
          utterances=[("CHI", "le chat il dort .", 500, 1700)], media="anna1")  # fmt: skip
    (item,) = load_lenormand(root, segments_dir=tmp_path / "segs")
    assert item.metadata["language"] == "fr" and item.metadata["corpus"] == "LeNormand"
    assert (
        item.labels["disorder"] == "typically_developing" and item.metadata["age_band"] == "under 5"
    )


def test_percept_gfta_layout_and_bad_bullet(tmp_path):
    root = tmp_path / "PERCEPT-GFTA"
    _chat(root / "SSD" / "1012.cha", lang="eng", group="SSD", age="9;03.", sex="male",
          utterances=[("CHI", "rabbit .", 100, 900), ("CHI", "carrot .", 1000, 1800)])  # fmt: skip
    items = load_percept_gfta(root, segments_dir=tmp_path / "segs")
    assert [i.prompt_words for i in items] == ["rabbit", "carrot"]
    assert all(i.labels["disorder"] == "speech_disorder" for i in items)
    _chat(root / "SSD" / "1013.cha", lang="eng", group="SSD", age="9;03.", sex="male",
          utterances=[("CHI", "rabbit .", 900, 100)], media="r2")  # fmt: skip
    with pytest.raises(CorpusError, match=r"1013.cha:\d+: bullet"):
        load_percept_gfta(root, segments_dir=tmp_path / "segs2")


def test_annotations_join_fine_labels(tmp_path):
    root = tmp_path / "PERCEPT-GFTA"
    _chat(root / "SSD" / "1012.cha", lang="eng", group="SSD", age="9;03.", sex="male",
          utterances=[("CHI", "rabbit .", 100, 900)])  # fmt: skip
    ann = tmp_path / "ann.csv"
    ann.write_text(
        "id,disorder_type,symptom,transcript\nPERCEPT-GFTA-1012-0000,articulation,substitution,wabbit\n"
    )
    (item,) = load_percept_gfta(root, segments_dir=tmp_path / "s", annotations=ann)
    assert item.labels["symptom"] == "substitution" and item.transcript == "wabbit"


def _items(n_speakers=6, per=3):
    from clinbench.suites.slp.corpora import make_item

    return [
        make_item(item_id=f"{c}-{s}-{k}", audio="x.wav", prompt_words="w", disorder="td",
                  speaker_id=f"{c}-spk{s}", corpus=c)
        for c in ("A", "B") for s in range(n_speakers) for k in range(per)
    ]  # fmt: skip


def test_speaker_split_keeps_each_speaker_on_one_side():
    items = _items()
    train, test = speaker_split(items, test_size=0.5, seed=4)
    assert train and test and len(train) + len(test) == len(items)
    assert not {i.metadata["speaker_id"] for i in train} & {i.metadata["speaker_id"] for i in test}
    again = speaker_split(items, test_size=0.5, seed=4)
    assert [i.id for i in again[1]] == [i.id for i in test]


def test_sample_per_corpus_is_capped_and_seeded():
    items = _items()
    picked = sample_per_corpus(items, 5, seed=1)
    assert len(picked) == 10
    assert sum(i.metadata["corpus"] == "A" for i in picked) == 5
    assert [i.id for i in sample_per_corpus(items, 5, seed=1)] == [i.id for i in picked]
    assert [i.id for i in sample_per_corpus(items, 5, seed=2)] != [i.id for i in picked]
    assert len(sample_per_corpus(items, 100, seed=0)) == len(items)
