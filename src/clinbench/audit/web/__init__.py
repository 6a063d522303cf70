"""The review app's parts, one module per area; ``clinbench.audit.app.create_app`` joins them.

- ``state``: what a running app knows (manifest, store, CSRF secret) and the page helpers
  every router shares (render, refuse, the item gate).
- ``security``: the middleware every request passes: token sign-in, CSRF, security headers.
- ``review``: the reviewer's pages (home, item form, set submission, case images).
- ``consensus``: the consensus page, opened after unblinding; only the lead records.
- ``api``: the same workflow as JSON.
"""
