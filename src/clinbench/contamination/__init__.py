"""Contamination probes: verbatim completion against controls, canary recall, dated accuracy."""
