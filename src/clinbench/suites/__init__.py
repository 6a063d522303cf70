"""clinbench.suites."""
