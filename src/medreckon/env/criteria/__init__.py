"""Criterion passages: training data for a learned criterion reader, from the calculator
declarations (see docs/learned-reader.md)."""
