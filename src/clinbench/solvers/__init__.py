"""clinbench.solvers."""
