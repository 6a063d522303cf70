"""Results: Inspect logs -> the frozen results table (export), and reading/writing it (table)."""

from clinbench.results.table import ResultsFileError, read_results, write_results

__all__ = ["ResultsFileError", "read_results", "write_results"]
