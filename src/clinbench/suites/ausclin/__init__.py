"""clinbench.suites.ausclin."""
