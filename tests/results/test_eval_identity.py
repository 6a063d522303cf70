"""Two logs are runs of one eval when Inspect's public eval-set task identifier says so.

``eval_identity`` imported that identifier from a private Inspect module and, where the import
failed, fell back quietly to the task id and model: a re-run of the same command (a new task
id) would then have stood as a second eval beside the first, each counted in the table.
``inspect_ai.task_identifier`` is public (0.3.280 on); it is used with no fallback.
"""

from __future__ import annotations

import inspect_ai
from inspect_ai import eval as inspect_eval
from inspect_ai.log import read_eval_log

from clinbench.item_tasks import clinbench_items
from clinbench.results.export import eval_identity


def test_the_identity_is_inspects_public_task_identifier(sample_items_path, tmp_path, monkeypatch):
    (log,) = inspect_eval(clinbench_items(items=str(sample_items_path)), model="clinbench/chance",
                          limit=2, log_dir=str(tmp_path), display="none")  # fmt: skip
    header = read_eval_log(log.location, header_only=True)
    expected = inspect_ai.task_identifier(header, None)
    assert eval_identity(header) == expected
    # the private name moved (as an Inspect upgrade may do): the identity does not change
    import inspect_ai._eval.evalset as private

    monkeypatch.delattr(private, "task_identifier")
    assert eval_identity(header) == expected
