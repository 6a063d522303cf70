"""clinbench.audit."""
