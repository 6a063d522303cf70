"""Judge panels: several models bound to the ``grader`` role are all called, each verdict kept.

Offline: the judges are clinbench/replay providers (frozen verdicts, one file, one model
name per judge) and, for retries, a local OpenAI-compatible server on 127.0.0.1.
"""

from __future__ import annotations

import json

import pandas as pd
import pytest
from inspect_ai.model import get_model
from typer.testing import CliRunner

from clinbench.items.loader import load_items, write_items
from clinbench.items.sample import from_metadata, log_item_table
from clinbench.results.export import results_table
from clinbench.suites.audiology.tasks import OBJECTIVE_ITEMS, audiology_objective
from tests.local_openai import OpenAIHandler
from tests.suites.audiology.conftest import run_eval

ANSWERS = {  # item -> reply of the model under test (all FIB items with a marked span)
    "aud-obj-030": "The bone is the [[stirrup]].",
    "aud-obj-032": "[[2 kHz]]",
    "aud-obj-033": "ANSWER: 226Hz",
    "aud-obj-037": "[[25 dB HL]]",
}
CORRECT = '{"verdict": "correct", "reason": "same"}'
WRONG = '{"verdict": "incorrect", "reason": "different"}'
VERDICTS = {  # judge -> item -> frozen verdict
    "judge-a": {"aud-obj-030": CORRECT, "aud-obj-032": CORRECT, "aud-obj-033": CORRECT,
                "aud-obj-037": WRONG},
    "judge-b": {"aud-obj-030": CORRECT, "aud-obj-032": WRONG, "aud-obj-033": "Looks fine.",
                "aud-obj-037": WRONG},
    "judge-c": {"aud-obj-030": WRONG, "aud-obj-032": WRONG, "aud-obj-033": CORRECT,
                "aud-obj-037": WRONG},
}  # fmt: skip
JUDGES = [f"clinbench/replay/{name}" for name in VERDICTS]


@pytest.fixture(scope="module")
def panel_files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("panel")
    items = [i for i in load_items([OBJECTIVE_ITEMS]) if i.id in ANSWERS]
    objective = folder / "objective.jsonl"
    write_items(items, objective)
    answers = folder / "answers.jsonl"
    answers.write_text("".join(json.dumps({"item_id": k, "model": "m", "response": v}) + "\n"
                               for k, v in ANSWERS.items()), encoding="utf-8")  # fmt: skip
    verdicts = folder / "verdicts.jsonl"
    verdicts.write_text("".join(json.dumps({"item_id": k, "model": judge, "response": v}) + "\n"
                                for judge, by_item in VERDICTS.items()
                                for k, v in by_item.items()), encoding="utf-8")  # fmt: skip
    return folder, objective, answers, verdicts


def _panel_run(panel_files, judges, log_dir, **task_args):
    _, objective, answers, verdicts = panel_files
    model = get_model("clinbench/replay/m", responses=str(answers))
    graders = [get_model(j, responses=str(verdicts)) for j in judges]
    log = run_eval(audiology_objective(items=str(objective), **task_args), model, log_dir,
                   grader=graders)  # fmt: skip
    return log, results_table(log_dir)


@pytest.fixture(scope="module")
def two_judges(panel_files, tmp_path_factory):
    return _panel_run(panel_files, JUDGES[:2], tmp_path_factory.mktemp("two") / "logs")


def _judge_calls(sample) -> set[str]:
    from inspect_ai.log import resolve_sample_attachments

    sample = resolve_sample_attachments(sample)
    return {str(e.model) for e in sample.events if getattr(e, "event", "") == "model"}


def test_every_judge_of_the_role_is_called(two_judges):
    log, _ = two_judges
    assert log.status == "success"
    for sample in log.samples:
        if from_metadata(sample.metadata, log_item_table(log.eval.metadata)).format != "fib":
            continue
        assert set(JUDGES[:2]) <= _judge_calls(sample), sample.id


def test_each_judges_verdict_is_kept_in_the_log(two_judges):
    log, _ = two_judges
    by_id = {s.id: s for s in log.samples}
    meta = by_id["aud-obj-032"].scores["answer_adjudicator"].metadata
    verdicts = {j["model"]: j["outcome"] for j in meta["judges"]}
    assert verdicts == {JUDGES[0]: "correct", JUDGES[1]: "incorrect"}
    unparsed = by_id["aud-obj-033"].scores["answer_adjudicator"].metadata
    b = next(j for j in unparsed["judges"] if j["model"] == JUDGES[1])
    assert b["outcome"] == "unscored" and b["reason"] and b["judge_reply"] == "Looks fine."
    assert unparsed["panel"]["aggregation"] == "majority"
    assert (unparsed["panel"]["judges"], unparsed["panel"]["answered"]) == (2, 1)


def test_panel_outcome_by_majority_of_the_judges_that_answered(two_judges):
    _, table = two_judges
    panel = table[table["scorer"] == "answer_adjudicator"].set_index("item_id")
    assert panel["outcome"].to_dict() == {
        "aud-obj-030": "correct",  # both say correct
        "aud-obj-032": "unscored",  # 1-1: a split panel is not guessed
        "aud-obj-033": "correct",  # judge-b unparseable: judge-a alone answered
        "aud-obj-037": "incorrect",
    }
    split = json.loads(panel.loc["aud-obj-032", "score_metadata"])
    assert "split" in split["reason"]
    assert set(panel["judge"]) == {"panel:majority"}


def test_results_table_has_one_row_per_reply_per_judge(two_judges):
    _, table = two_judges
    rows = table[table["judge"].isin(JUDGES[:2])]
    # per-judge rows: scorer S[judgeN] (N: the judge's place in the role), judge column
    assert dict(zip(rows["scorer"], rows["judge"], strict=True)) == {
        "answer_adjudicator[judge1]": JUDGES[0],
        "answer_adjudicator[judge2]": JUDGES[1],
    }
    got = {(r.judge, r.item_id): r.outcome for r in rows.itertuples()}
    for name, judge in zip(VERDICTS, JUDGES[:2], strict=False):
        for item, verdict in VERDICTS[name].items():
            expected = {CORRECT: "correct", WRONG: "incorrect"}.get(verdict, "unscored")
            assert got[(judge, item)] == expected, (judge, item)


def test_panel_is_rederived_from_the_table_alone(two_judges):
    """The panel row of each reply follows from the per-judge rows by the named rule."""
    _, table = two_judges
    per_judge = table[table["judge"].isin(JUDGES[:2])]
    panel = table[table["scorer"] == "answer_adjudicator"].set_index("item_id")
    for item, rows in per_judge.groupby("item_id"):
        answered = rows[rows["outcome"].isin(["correct", "incorrect"])]
        votes = (answered["outcome"] == "correct").sum()
        against = len(answered) - votes
        expected = "correct" if votes > against else "incorrect" if against > votes else "unscored"
        assert panel.loc[item, "outcome"] == expected, item


def test_three_judges_majority_and_mean(panel_files, tmp_path):
    log, table = _panel_run(panel_files, JUDGES, tmp_path / "logs")
    panel = table[table["scorer"] == "answer_adjudicator"].set_index("item_id")
    assert panel["outcome"].to_dict() == {
        "aud-obj-030": "correct",  # 2 of 3
        "aud-obj-032": "incorrect",  # 1 of 3
        "aud-obj-033": "correct",  # 2 of 2 answered
        "aud-obj-037": "incorrect",
    }
    with pytest.raises(ValueError, match="majority"):
        audiology_objective(judge_panel="mean")


def test_a_single_judge_has_no_panel_rows(panel_files, tmp_path):
    _, table = _panel_run(panel_files, JUDGES[:1], tmp_path / "logs")
    judged = table[table["scorer"].str.startswith("answer_adjudicator")]
    assert set(judged["scorer"]) == {"answer_adjudicator"}
    assert set(judged["judge"]) == {JUDGES[0]}


runner = CliRunner()


@pytest.mark.parametrize(
    "grader_options",
    [
        ["--grader", JUDGES[0], "--grader", JUDGES[1]],
        ["--grader", f"{JUDGES[0]},{JUDGES[1]}"],
        ["--model-role", f"grader={JUDGES[0]},{JUDGES[1]}"],
    ],
    ids=["repeated", "comma", "model-role"],
)
def test_clinbench_run_binds_every_judge(panel_files, tmp_path, grader_options):
    from clinbench.cli import _mount, app

    _mount()
    _, objective, answers, verdicts = panel_files
    out = tmp_path / "results.csv"
    args = ["run", "audiology_objective", "-T", f"items={objective}", "--model",
            "clinbench/replay/m", "-M", f"responses={answers}", *grader_options,
            "-G", f"responses={verdicts}", "--log-dir", str(tmp_path / "logs"),
            "--display", "none", "--out", str(out)]  # fmt: skip
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    frame = pd.read_csv(out, keep_default_na=False)
    assert set(JUDGES[:2]) <= set(frame["judge"])
    panel = frame[frame["scorer"] == "answer_adjudicator"]
    assert set(panel["judge"]) == {"panel:majority"}


# -- retries: a local OpenAI-compatible judge on 127.0.0.1 ---------------------------------


class FlakyJudge(OpenAIHandler):
    """Fails its first ``failures`` calls (HTTP 500 or an unparseable reply), then answers."""

    failures = 1
    how = "unparseable"

    def do_POST(self):  # noqa: N802 (http.server's naming)
        if type(self).how == "http" and len(type(self).requests) < type(self).failures:
            type(self).requests.append(self.read_json())
            self.send_error(500, "judge down")
            return
        super().do_POST()

    def reply(self, body: dict) -> str:
        if len(type(self).requests) <= type(self).failures:
            return "I think the answer is fine."
        return CORRECT


def _local_judge_run(panel_files, tmp_path, monkeypatch, failures, how="unparseable",
                     extra_judges=(), **task_args):  # fmt: skip
    from tests.local_openai import serve

    _, objective, answers, verdicts = panel_files
    one = tmp_path / "one.jsonl"
    write_items([i for i in load_items([objective]) if i.id == "aud-obj-030"], one)
    monkeypatch.setattr(FlakyJudge, "failures", failures)
    monkeypatch.setattr(FlakyJudge, "how", how)
    with serve(FlakyJudge, monkeypatch):
        graders = [get_model("openai-api/local/judge", memoize=False),
                   *[get_model(j, responses=str(verdicts)) for j in extra_judges]]  # fmt: skip
        model = get_model("clinbench/replay/m", responses=str(answers))
        log = run_eval(audiology_objective(items=str(one), **task_args), model,
                       tmp_path / "logs", grader=graders if extra_judges else graders[0],
                       max_retries=0)  # fmt: skip
        calls = len(FlakyJudge.requests)
    return (
        log.samples[0].scores["answer_adjudicator"].metadata,
        calls,
        results_table(tmp_path / "logs"),
    )


@pytest.mark.parametrize("how", ["unparseable", "http"])
def test_a_judge_that_fails_then_answers_is_retried(panel_files, tmp_path, monkeypatch, how):
    # HTTP 500s: the openai client itself asks 3 times before the call raises, so 3
    # failures are one failed judge call; an unparseable reply is one failed call
    failures = 1 if how == "unparseable" else 3
    meta, calls, table = _local_judge_run(panel_files, tmp_path, monkeypatch, failures, how)
    assert calls == failures + 1
    assert meta["outcome"] == "correct" and meta["attempts"] == 2


def test_a_judge_that_always_fails_is_unscored_after_the_retries(
    panel_files, tmp_path, monkeypatch
):
    meta, calls, table = _local_judge_run(panel_files, tmp_path, monkeypatch, 99)
    assert calls == 3  # the first call and the default 2 retries
    assert meta["outcome"] == "unscored" and meta["attempts"] == 3
    assert "JSON" in meta["reason"] and meta["judge_reply"] == "I think the answer is fine."
    row = table[table["scorer"] == "answer_adjudicator"].iloc[0]
    assert row["outcome"] == "unscored" and row["score"] != row["score"]  # NaN, never 0


def test_the_number_of_retries_is_an_option(panel_files, tmp_path, monkeypatch):
    meta, calls, _ = _local_judge_run(panel_files, tmp_path, monkeypatch, 99, judge_retries=0)
    assert calls == 1 and meta["attempts"] == 1
    with pytest.raises(ValueError, match="judge_retries"):
        audiology_objective(judge_retries=-1)


def test_a_failed_judge_leaves_the_panel_to_the_judges_that_answered(
    panel_files, tmp_path, monkeypatch
):
    meta, calls, table = _local_judge_run(panel_files, tmp_path, monkeypatch, 99,
                                          extra_judges=[JUDGES[0]])  # fmt: skip
    local, replay = meta["judges"]
    assert local["outcome"] == "unscored" and local["attempts"] == 3
    assert replay["outcome"] == "correct"
    assert meta["outcome"] == "correct" and meta["panel"] == {
        "aggregation": "majority", "judges": 2, "answered": 1}  # fmt: skip
    rows = table.set_index("scorer")
    assert rows.loc["answer_adjudicator[judge1]", "outcome"] == "unscored"
    assert rows.loc["answer_adjudicator[judge1]", "judge"] == "openai-api/local/judge"


# -- case rubric panels ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def case_panel_judges(tmp_path_factory):
    """Judge 1: the shipped replay judgements; judge 2: every subscore 3, no critical error."""
    from clinbench.scoring.rubric import load_rubric
    from clinbench.suites.audiology.tasks import DATA

    rubric = load_rubric()
    rows = [json.loads(line) for line in (DATA / "replay_grader.jsonl").read_text().splitlines()]
    for question, turn in (("Q1", 0), ("Q2", 1), ("Q3", 2)):
        dims = rubric.questions[question].dimensions
        reply = {
            "question": question,
            "subscores": dict.fromkeys(dims, 3),
            "critical_errors": [],
            "justification": "middling",
            "overall": "adequate",
        }
        rows.append({"item_id": "aud-case-001", "model": "judge-two", "turn": turn,
                     "response": json.dumps(reply)})  # fmt: skip
    path = tmp_path_factory.mktemp("case_panel") / "judges.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _case_panel_table(case_panel_judges, log_dir, rule):
    from clinbench.suites.audiology.tasks import CASE_ITEMS, audiology_cases

    graders = [get_model(f"clinbench/replay/{name}", responses=str(case_panel_judges))
               for name in ("judge-fixture", "judge-two")]  # fmt: skip
    log = run_eval(audiology_cases(items=str(CASE_ITEMS), judge_panel=rule), "clinbench/rules",
                   log_dir, grader=graders, sample_id="aud-case-001")  # fmt: skip
    return log, results_table(log_dir)


def test_regrading_a_panel_regrades_each_judge_and_the_panel_by_its_rule(
    case_panel_judges, tmp_path
):
    from clinbench.scoring.rubric import load_rubric
    from clinbench.suites.audiology.regrade import regrade_table
    from tests.suites.audiology.test_regrade import _other_rubric

    _, before = _case_panel_table(case_panel_judges, tmp_path / "logs", "mean")
    other = load_rubric(_other_rubric(tmp_path))
    after = regrade_table(before, other, "sensitivity.yaml")
    rows = after[after["scorer"].str.startswith("rubric_adjudicator")]
    one = rows[rows["scorer"] == "rubric_adjudicator[judge1]"].set_index("question")
    two = rows[rows["scorer"] == "rubric_adjudicator[judge2]"].set_index("question")
    panel = rows[rows["scorer"] == "rubric_adjudicator"].set_index("question")
    # judge 2 gave every subscore 3: 50 under the linear points, grade D (40-54.99)
    assert set(two["score"]) == {50.0} and set(two["grade"]) == {"D"}
    for q in ("Q1", "Q2", "Q3"):
        mean = round((one.loc[q, "score"] + two.loc[q, "score"]) / 2, 2)
        assert panel.loc[q, "score"] == pytest.approx(mean)
        assert panel.loc[q, "grade"] == other.grade_for(mean)
        details = json.loads(panel.loc[q, "score_metadata"])
        assert details["regraded"]["rubric"] == "sensitivity"
        assert [j["score"] for j in details["judges"]] == [one.loc[q, "score"], 50.0]


@pytest.mark.parametrize("rule", ["mean", "majority"])
def test_case_panel_keeps_each_judges_grade_and_aggregates_by_the_named_rule(
    case_panel_judges, tmp_path, rule
):
    from clinbench.scoring.rubric import load_rubric

    rubric = load_rubric()
    log, table = _case_panel_table(case_panel_judges, tmp_path, rule)
    assert log.status == "success"
    judged = table[table["scorer"].str.startswith("rubric_adjudicator")]
    panel = judged[judged["scorer"] == "rubric_adjudicator"].set_index("question")
    assert set(panel["judge"]) == {f"panel:{rule}"}
    one = judged[judged["scorer"] == "rubric_adjudicator[judge1]"].set_index("question")
    two = judged[judged["scorer"] == "rubric_adjudicator[judge2]"].set_index("question")
    assert set(one["judge"]) == {"clinbench/replay/judge-fixture"}
    assert set(two["judge"]) == {"clinbench/replay/judge-two"}
    assert (two["critical_errors"] == "").all() and (one["critical_errors"] != "").all()
    for q in ("Q1", "Q2", "Q3"):
        a, b = one.loc[q], two.loc[q]
        # a critical error named by one judge of two is not a majority
        assert panel.loc[q, "critical_errors"] == ""
        if rule == "mean":
            mean = (a["score"] + b["score"]) / 2
            assert panel.loc[q, "score"] == pytest.approx(mean, abs=0.01)
            assert panel.loc[q, "grade"] == rubric.grade_for(panel.loc[q, "score"])
        elif a["grade"] != b["grade"]:
            assert panel.loc[q, "outcome"] == "unscored"
            assert "no majority grade" in json.loads(panel.loc[q, "score_metadata"])["reason"]
        else:
            assert panel.loc[q, "grade"] == a["grade"]
    metrics = {s.name: s.metrics for s in log.results.scores}["rubric_adjudicator"]
    assert metrics["unscored_questions"].value == (panel["outcome"] == "unscored").sum()
    for q, row in panel[panel["outcome"] == "graded"].iterrows():  # the log's metric: the panel
        assert metrics[q].value == pytest.approx(row["score"])


def test_report_shows_the_panels_agreement_beside_its_judges(two_judges):
    from clinbench.report.analyze import all_sections
    from clinbench.stats.judge_agreement import judge_agreement

    _, table = two_judges
    sections = all_sections(table, figures=False)
    judged = next(s for s in sections if s.title == "Judge reliability")
    reliability = judged.tables["Judges of the judged scores"].set_index("scorer")
    panel = reliability.loc["answer_adjudicator"]
    assert "panel of 2 judges (majority" in panel["judge"]
    figures = judge_agreement(table)
    fleiss = figures[figures["measure"] == "Fleiss kappa"].iloc[0]
    assert f"Fleiss κ {fleiss['kappa']:.2f}" in panel["panel_agreement"]
    assert f"n = {fleiss['n']}" in panel["panel_agreement"]
    # each judge's own rows are named with their judge
    assert reliability.loc["answer_adjudicator[judge2]", "judge"].startswith(JUDGES[1])
    assert reliability.loc["answer_adjudicator[judge1]", "panel_agreement"] == ""


# -- the reply bound of a judging role (issue #25 follow-up) ---------------------------------


@pytest.mark.parametrize(
    ("role_config", "sent"),
    [({}, 1024), ({"max_tokens": 77}, 77)],
    ids=["role default", "the role's own bound wins"],
)
def test_a_grader_is_asked_with_the_roles_reply_bound_unless_it_names_one(
    panel_files, tmp_path, monkeypatch, role_config, sent
):
    from inspect_ai.model import GenerateConfig

    from tests.local_openai import serve

    _, objective, answers, _ = panel_files
    one = tmp_path / "one.jsonl"
    write_items([i for i in load_items([objective]) if i.id == "aud-obj-030"], one)
    monkeypatch.setattr(FlakyJudge, "failures", 0)
    with serve(FlakyJudge, monkeypatch):
        grader = get_model("openai-api/local/bounded-judge", memoize=False,
                           config=GenerateConfig(**role_config))  # fmt: skip
        model = get_model("clinbench/replay/m", responses=str(answers))
        log = run_eval(audiology_objective(items=str(one)), model, tmp_path / "logs",
                       grader=grader, max_retries=0)  # fmt: skip
        requests = list(FlakyJudge.requests)
    assert log.samples[0].scores["answer_adjudicator"].metadata["outcome"] == "correct"
    assert [r.get("max_tokens") for r in requests] == [sent]
