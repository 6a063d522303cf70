"""Human audit of adjudicator grades, and human baselines.

- ``sampling``: stratified, blinded samples of graded replies (or whole cases) with sampling
  weights, a calibration segment and optional enrichment; the audit folder layout.
- ``app``: the review web app (FastAPI, Jinja2, SQLite) with per-reviewer token links.
- ``store``: the SQLite label store; ``labels``: what a label holds and its rules;
  ``consensus``: which items need consensus and the human label each ends with;
  ``reviewer_panel``: agreement of every reviewer together; ``audit_errors``: the one error
  for audit input that cannot be read.
- ``human_baseline``: reviewers' own answers exported as frozen responses for the replay
  model.
- ``agreement_report``: agreement, error direction and calibration, computed with
  ``clinbench.stats``.

See README.md in this folder for the workflow.
"""
