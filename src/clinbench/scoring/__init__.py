"""clinbench.scoring."""
