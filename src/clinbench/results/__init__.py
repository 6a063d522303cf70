"""clinbench.results."""
