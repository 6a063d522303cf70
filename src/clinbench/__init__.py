"""clinbench: build, run, score, audit and analyse clinical benchmarks of language models."""

__version__ = "0.1.0"
