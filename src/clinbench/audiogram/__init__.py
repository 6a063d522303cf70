"""clinbench.audiogram."""
