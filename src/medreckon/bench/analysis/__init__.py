"""Analysis of stored attempts, as plain data for `render` to write out: scoring rules
(`scoring`, pure functions), statistics (`stats`: Wilson, exact McNemar, Newcombe, Holm, GEE),
one run's accuracy by category and calculator (`summary`), several arms on the same cases
(`arms`), and why each wrong calculator-backed attempt is wrong (`attribution`)."""
