"""clinbench.audio."""
