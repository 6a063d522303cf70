"""clinbench.suites.audiology."""
