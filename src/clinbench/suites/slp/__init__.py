"""clinbench.suites.slp."""
