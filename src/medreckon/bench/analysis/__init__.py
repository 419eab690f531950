"""Analysis of stored attempts, as plain data for `render` to write out: scoring rules
(`scoring`, pure functions), statistics (`stats`: Wilson, exact McNemar, Newcombe, Holm, GEE),
one run's accuracy by category and calculator (`summary`), several arms on the same cases
(`arms`); step verification — the verdict types (`verdicts`), exact verdicts from calculation
traces (`steps`, with step 2 in `entity_checks`), an LLM judge's (`judge`), CC/FE metrics
(`step_metrics`), agreement between raters (`agreement`) — and why each wrong calculator-backed
attempt is wrong (`attribution`, a view of the exact verdicts)."""
