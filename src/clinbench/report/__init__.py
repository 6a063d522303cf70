"""clinbench.report."""
