"""Objective and literature tiers: exact match for MCQ/TF, grader-role adjudication and the
deterministic normalised match for FIB/SA, with every outcome kept apart."""

from __future__ import annotations

import json

import pytest
from inspect_ai.model import get_model

from clinbench.items.loader import load_items, write_items
from clinbench.items.sample import from_metadata, log_item_table
from clinbench.results.export import results_table
from clinbench.suites.audiology.tasks import (
    LITERATURE_ITEMS,
    OBJECTIVE_ITEMS,
    audiology_literature,
    audiology_objective,
)
from tests.suites.audiology.conftest import run_eval

# item -> (reply of the model under test, grader reply or None when the grader is not called)
REPLIES = {
    "aud-obj-001": ("ANSWER: C", None),
    "aud-obj-016": ("ANSWER: false", None),
    "aud-obj-030": ("The bone is the [[stirrup]].", '{"verdict": "correct", "reason": "synonym"}'),
    "aud-obj-032": ("[[2 kHz]]", '{"verdict": "correct", "reason": "same frequency"}'),
    "aud-obj-033": ("ANSWER: 226Hz", "Looks right to me."),  # unparseable verdict
    "aud-obj-037": ("[[25 dB HL]]", '{"verdict": "incorrect", "reason": "wrong value"}'),
    "aud-obj-031": ("DECLINE", None),
    "aud-obj-034": ("It is type B.", None),  # no marked span
    "aud-lit-002": (
        "Roughly 8 per cent of dementia cases.",
        '{"verdict": "correct", "reason": ""}',
    ),
    "aud-lit-019": ("Congenital cytomegalovirus (CMV) infection.", '{"verdict":"correct"}'),
    "aud-lit-012": ("Six weeks.", '```json\n{"verdict": "incorrect", "reason": "3 months"}\n```'),
}
MATCH = {  # normalised_match outcome
    "aud-obj-030": "correct", "aud-obj-032": "correct", "aud-obj-033": "correct",
    "aud-obj-037": "incorrect", "aud-obj-031": "declined", "aud-obj-034": "parse_failed",
    "aud-lit-002": "correct", "aud-lit-019": "correct", "aud-lit-012": "incorrect",
}  # fmt: skip
JUDGE = {  # answer_adjudicator outcome
    "aud-obj-030": "correct", "aud-obj-032": "correct", "aud-obj-033": "unscored",
    "aud-obj-037": "incorrect", "aud-obj-031": "declined", "aud-obj-034": "parse_failed",
    "aud-lit-002": "correct", "aud-lit-019": "correct", "aud-lit-012": "incorrect",
}  # fmt: skip


@pytest.fixture(scope="module")
def knowledge_run(tmp_path_factory):
    folder = tmp_path_factory.mktemp("knowledge")
    items = [i for i in load_items([OBJECTIVE_ITEMS, LITERATURE_ITEMS]) if i.id in REPLIES]
    objective = folder / "objective.jsonl"
    literature = folder / "literature.jsonl"
    write_items([i for i in items if i.source_pool != "research"], objective)
    write_items([i for i in items if i.source_pool == "research"], literature)
    answers = folder / "answers.jsonl"
    verdicts = folder / "verdicts.jsonl"
    answers.write_text(
        "".join(json.dumps({"item_id": k, "model": "m", "response": v[0]}) + "\n"
                for k, v in REPLIES.items()),
        encoding="utf-8",
    )  # fmt: skip
    verdicts.write_text(
        "".join(json.dumps({"item_id": k, "model": "judge", "response": v[1]}) + "\n"
                for k, v in REPLIES.items() if v[1] is not None),
        encoding="utf-8",
    )  # fmt: skip
    model = get_model("clinbench/replay/m", responses=str(answers))
    grader = get_model("clinbench/replay/judge", responses=str(verdicts))
    logs = folder / "logs"
    run_eval(audiology_objective(items=str(objective)), model, logs, grader=grader)
    run_eval(audiology_literature(items=str(literature)), model, logs, grader=grader)
    no_grader = folder / "no_grader"
    run_eval(audiology_objective(items=str(objective)), model, no_grader)
    return results_table(logs), results_table(no_grader), objective, model


def _outcomes(table, scorer):
    rows = table[table["scorer"] == scorer]
    return dict(zip(rows["item_id"], rows["outcome"], strict=True))


def test_closed_formats_by_exact_match_only(knowledge_run):
    table, *_ = knowledge_run
    assert _outcomes(table, "closed_exact_match") == {
        "aud-obj-001": "correct",
        "aud-obj-016": "incorrect",
    }


def test_fib_and_sa_by_the_grader_with_unparseable_verdicts_unscored(knowledge_run):
    table, *_ = knowledge_run
    assert _outcomes(table, "answer_adjudicator") == JUDGE
    judged = table[table["scorer"] == "answer_adjudicator"].set_index("item_id")
    unscored = judged.loc["aud-obj-033"]
    assert unscored["score"] != unscored["score"]  # NaN: excluded, never counted wrong
    meta = json.loads(judged.loc["aud-obj-030", "score_metadata"])
    assert meta["judge"] == {"role": "grader", "model": "clinbench/replay/judge",
                             "temperature": 0.0, "seed": 0}  # fmt: skip


def test_normalised_match_is_reported_under_its_own_name(knowledge_run):
    table, *_ = knowledge_run
    assert _outcomes(table, "normalised_match") == MATCH


def test_results_split_by_format_pool_domain_difficulty(knowledge_run):
    table, *_ = knowledge_run
    row = table[table["item_id"] == "aud-lit-002"].iloc[0]
    assert (row["format"], row["source_pool"], row["suite"]) == ("sa", "research", "audiology")
    assert row["domain"] and row["difficulty"]
    assert set(table["source_pool"]) == {"online", "nonweb", "research"}
    assert set(table["task"]) == {"audiology_objective", "audiology_literature"}


def test_without_a_grader_the_fallback_reports_alone(knowledge_run):
    _, no_grader, objective, model = knowledge_run
    assert "answer_adjudicator" not in set(no_grader["scorer"])
    assert _outcomes(no_grader, "normalised_match") == {
        k: v for k, v in MATCH.items() if k.startswith("aud-obj")
    }


def test_required_grader_is_never_the_model_under_test(knowledge_run, tmp_path):
    *_, objective, model = knowledge_run
    log = run_eval(audiology_objective(items=str(objective), adjudicator="grader"), model, tmp_path)
    table = log_item_table(log.eval.metadata)  # the task is gone: its items are in the log
    fib = [s for s in log.samples if from_metadata(s.metadata, table).format == "fib"]
    assert fib and all(s.error is not None and "grader" in s.error.message for s in fib)


def test_default_sample_sets_meet_the_sizes_and_pools():
    objective = load_items([OBJECTIVE_ITEMS])
    literature = load_items([LITERATURE_ITEMS])
    assert len(objective) >= 40 and len(literature) >= 20
    assert {i.format for i in objective} == {"mcq", "tf", "fib"}
    assert {i.source_pool for i in objective} == {"online", "nonweb"}
    assert {i.format for i in literature} == {"mcq", "tf", "sa"}
    assert {i.source_pool for i in literature} == {"research"}
    assert all(
        i.illustrative and i.provenance and i.provenance.citation for i in objective + literature
    )
    assert all(i.domain and i.difficulty for i in objective + literature)


def test_task_filters(tmp_path):
    task = audiology_objective(formats="mcq", pools="nonweb")
    assert {from_metadata(s.metadata).format for s in task.dataset} == {"mcq"}
    assert {from_metadata(s.metadata).source_pool for s in task.dataset} == {"nonweb"}
    with pytest.raises(ValueError, match="no items left"):
        audiology_literature(formats="fib")


def test_bad_task_arguments_are_refused_before_any_sample_runs():
    from clinbench.suites.audiology.tasks import audiology_cases

    with pytest.raises(ValueError, match="adjudicator must be"):
        audiology_objective(adjudicator="judge")  # once: silently no FIB adjudicator
    with pytest.raises(ValueError, match="unknown standard"):
        audiology_cases(standard="iso")  # once: an error in every sample, run "success"
    with pytest.raises(ValueError, match="adjudicator must be"):
        audiology_cases(adjudicator="judge")


def test_sample_cases_are_complete_and_their_images_render(tmp_path):
    import shutil

    from PIL import Image

    from clinbench.audiogram.audiogram_model import Audiogram
    from clinbench.items.model import CaseItem
    from clinbench.suites.audiology.samples import render_case_images
    from clinbench.suites.audiology.tasks import CASE_ITEMS, GENERATED_CASES

    handwritten = load_items([CASE_ITEMS])
    generated = load_items([GENERATED_CASES])
    assert len(handwritten) >= 8 and len(generated) >= 8
    for case in handwritten + generated:
        assert isinstance(case, CaseItem) and [q.id for q in case.questions] == ["Q1", "Q2", "Q3"]
        Audiogram.model_validate(case.data["audiogram"])
        assert "red_flags" in case.metadata
        with Image.open(case.resolve(case.images[0])) as image:
            assert image.format == "PNG"
    assert all(c.illustrative and c.provenance.citation for c in handwritten)
    copy = tmp_path / "cases.jsonl"
    shutil.copy(CASE_ITEMS, copy)
    written = render_case_images(copy)
    assert len(written) == len(handwritten)
    assert all(p.parent == tmp_path / "images" and p.stat().st_size > 0 for p in written)


KNOWLEDGE_OPTIONS = {
    "items": None,
    "formats": None,
    "pools": None,
    "adjudicator": "auto",
    "judge_seed": 0,
    "temperature": 0.0,
    "seed": 0,
    "epochs": 1,
    "judge_retries": 2,
    "judge_panel": "majority",
    "protocol": "clinbench",
    "tf_reading": "strict",
}


@pytest.mark.parametrize("function", [audiology_objective, audiology_literature])
def test_both_knowledge_tiers_declare_every_option_to_inspect(function):
    """Inspect knows each option of both tiers, logs every default, and lists both tasks."""
    import inspect
    from pathlib import Path

    from inspect_ai._eval.list import parse_tasks
    from inspect_ai._eval.task.constants import TASK_ALL_PARAMS_ATTR
    from inspect_ai._util.registry import registry_info

    from clinbench.suites.audiology import tasks

    listed = {t.name for t in parse_tasks(Path(tasks.__file__), Path(tasks.__file__).parent, False)}
    assert function.__name__ in listed
    assert registry_info(function).metadata["params"] == list(KNOWLEDGE_OPTIONS)
    parameters = inspect.signature(function).parameters
    assert {key: p.default for key, p in parameters.items()} == KNOWLEDGE_OPTIONS
    built = function(formats="mcq", epochs=2)
    assert getattr(built, TASK_ALL_PARAMS_ATTR) == {
        **KNOWLEDGE_OPTIONS,
        "formats": "mcq",
        "epochs": 2,
    }
    assert built.name == function.__name__
    assert built.epochs == 2
    assert built.metadata["adjudicator"] == "auto"
    with pytest.raises(TypeError):
        function(judge="x")  # an option no tier takes is refused, as before
