"""clinbench.stats."""
