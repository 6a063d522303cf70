"""NLI loading, label mapping and multipass stability, with a tiny model built in tmp_path."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from clinbench.scoring.nli import (
    NLIError,
    contradiction_by_pass,
    label_mapping,
    load_nli,
    multipass_stability,
)


def _nli_extra():
    """Return (transformers, torch), or skip without the NLI extra."""
    return pytest.importorskip("transformers"), pytest.importorskip("torch")


@pytest.fixture(autouse=True)
def _needs_the_nli_extra():
    """Every test here skips without the NLI extra, as the whole module did; torch is imported
    when a test runs, not at collection: every pytest-xdist worker collects this file and
    only the one that runs it needs torch (about 2.5 CPU seconds to import)."""
    _nli_extra()


VOCAB = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "hearing", "loss", "mild", "severe",
         "right", "left", "ear", "conductive", "sensorineural", "normal", "the", "is"]  # fmt: skip


def _tiny_model(folder, id2label):
    transformers, torch = _nli_extra()
    (folder / "vocab.txt").write_text("\n".join(VOCAB) + "\n", encoding="utf-8")
    tokenizer = transformers.BertTokenizer(str(folder / "vocab.txt"))
    config = transformers.BertConfig(
        vocab_size=len(VOCAB), hidden_size=8, num_hidden_layers=1, num_attention_heads=2,
        intermediate_size=16, max_position_embeddings=64, num_labels=len(id2label),
        id2label=id2label, label2id={v: k for k, v in id2label.items()},
    )  # fmt: skip
    torch.manual_seed(3)
    model = transformers.BertForSequenceClassification(config)
    model.save_pretrained(folder)
    tokenizer.save_pretrained(folder)
    return folder


@pytest.fixture(scope="module")
def tiny_nli(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tiny_nli")
    return _tiny_model(folder, {0: "CONTRADICTION", 1: "NEUTRAL", 2: "ENTAILMENT"})


def test_label_mapping_reads_names_in_any_case():
    assert label_mapping({0: "CONTRADICTION", 1: "neutral", 2: "Entailment"}) == {
        0: "contradiction", 1: "neutral", 2: "entailment"
    }  # fmt: skip
    assert (
        label_mapping({"0": "entailment", "1": "neutral", "2": "contradiction"})[0] == "entailment"
    )


def test_label_mapping_needs_help_for_generic_labels():
    generic = {0: "LABEL_0", 1: "LABEL_1", 2: "LABEL_2"}
    with pytest.raises(NLIError, match="label_map"):
        label_mapping(generic)
    mapped = label_mapping(
        generic, {"LABEL_0": "entailment", "LABEL_1": "neutral", "LABEL_2": "contradiction"}
    )
    assert mapped == {0: "entailment", 1: "neutral", 2: "contradiction"}


def test_label_mapping_rejects_two_class_models():
    with pytest.raises(NLIError, match="exactly one class each"):
        label_mapping({0: "entailment", 1: "contradiction"})


def test_tiny_model_loads_and_classifies_deterministically(tiny_nli):
    classifier = load_nli(tiny_nli)
    assert classifier.labels == {0: "contradiction", 1: "neutral", 2: "entailment"}
    first = classifier.classify(
        "mild conductive hearing loss right ear", "severe sensorineural loss"
    )
    again = classifier.classify(
        "mild conductive hearing loss right ear", "severe sensorineural loss"
    )
    assert first.label in {"entailment", "neutral", "contradiction"}
    assert first == again
    assert sum(first.probabilities.values()) == pytest.approx(1.0, abs=1e-4)
    # the label is the most probable class, read through the model's own id2label
    assert first.label == max(first.probabilities, key=first.probabilities.get)
    _, torch = _nli_extra()
    with torch.no_grad():
        enc = classifier.tokenizer(
            "mild conductive hearing loss right ear",
            "severe sensorineural loss",
            return_tensors="pt",
        )
        index = int(classifier.model(**enc).logits.argmax(-1))
    assert first.label == {0: "contradiction", 1: "neutral", 2: "entailment"}[index]


def test_generic_label_model_loads_with_label_map(tmp_path):
    folder = _tiny_model(tmp_path, {0: "LABEL_0", 1: "LABEL_1", 2: "LABEL_2"})
    with pytest.raises(NLIError):
        load_nli(folder)
    classifier = load_nli(
        folder,
        label_map={"LABEL_0": "neutral", "LABEL_1": "entailment", "LABEL_2": "contradiction"},
    )
    assert classifier.labels[1] == "entailment"


def test_missing_model_is_a_clear_error(tmp_path):
    with pytest.raises(NLIError, match="cannot load"):
        load_nli(tmp_path / "nowhere")


def _passes(seed=0):
    rng = np.random.default_rng(seed)
    rows = []
    for item in range(10):
        stable = item < 7  # 7 items keep one label in 9 of 10 passes, 3 flip often
        for epoch in range(1, 11):
            if stable:
                label = "contradiction" if item < 3 else "entailment"
                if epoch == 5:
                    label = "neutral"
            else:
                label = ["entailment", "neutral", "contradiction"][(epoch + item) % 3]
            rows.append(
                {
                    "model": "m",
                    "question": "Q1",
                    "item_id": f"c{item}",
                    "epoch": epoch,
                    "nli_label": label,
                }
            )
    rows.append({"model": "m", "question": "Q1", "item_id": "c0", "epoch": 11, "nli_label": None})
    return pd.DataFrame(rows).sample(frac=1, random_state=int(rng.integers(100)))


def test_contradiction_by_pass_counts_each_pass():
    per_pass = contradiction_by_pass(_passes())
    assert len(per_pass) == 11
    first = per_pass[per_pass["epoch"] == 1].iloc[0]
    # pass 1: items 0-2 contradict; unstable items 7,8,9 -> (1+7)%3=2 contradiction, 8->0, 9->1
    assert first["contradictions"] == 4 and first["n"] == 10
    fifth = per_pass[per_pass["epoch"] == 5].iloc[0]
    assert fifth["contradictions"] == sum((5 + i) % 3 == 2 for i in (7, 8, 9))
    unlabelled = per_pass[per_pass["epoch"] == 11].iloc[0]
    assert unlabelled["n"] == 0 and unlabelled["unlabelled"] == 1


def test_multipass_stability_share_with_same_label_in_8_of_10():
    table = _passes()
    summary = multipass_stability(table)
    row = summary.iloc[0]
    assert row["items"] == 10 and row["stable items"] == 7
    assert row["stable share"] == pytest.approx(0.7)
    labelled = table.dropna(subset=["nli_label"])
    assert row["contradiction rate"] == pytest.approx(
        (labelled["nli_label"] == "contradiction").mean()
    )
    rates = contradiction_by_pass(table)["rate"].dropna()
    assert row["rate SD"] == pytest.approx(rates.std(ddof=1) * 100)
    stricter = multipass_stability(table, min_agree=10)
    assert stricter.iloc[0]["stable items"] == 0
