"""Benchmark harness: Case -> Strategy (ModelClient, maybe calculators) -> Attempt -> Score -> report."""
