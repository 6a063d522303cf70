"""clinbench.curate."""
