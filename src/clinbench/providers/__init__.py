"""clinbench.providers."""
