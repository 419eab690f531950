"""Integrations with the evaluation frameworks researchers already use (optional extras, lazy imports)."""
