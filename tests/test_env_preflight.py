"""'All calculators' draws 32 cases of each calculator up front to see which it can keep; those
cases are handed out by generate() rather than drawn again, and must be exactly what drawing them
again gives: the same cases and the same acceptance and rejection counts."""

from __future__ import annotations

from medreckon.env import Generator


def test_preflight_cases_are_reused_unchanged():
    everything = Generator(seed=4, level="hard")
    kept = [c.id for c in everything.calculators]
    named = Generator(kept, seed=4, level="hard")  # named calculators: no preflight, every case drawn
    n = 40 * len(kept)  # past the 32 preflight cases of each calculator
    assert list(everything.generate(n)) == list(named.generate(n))
    assert everything.stats.accepted == named.stats.accepted
    assert {c: dict(r) for c, r in everything.stats.rejected.items()} == {c: dict(r) for c, r in named.stats.rejected.items()}
    assert everything.stats.skipped and not named.stats.skipped
    # a second pass draws them again (the preflight's cases are handed out once)
    assert list(everything.generate(len(kept))) == list(named.generate(len(kept)))
