"""Statistics against published values (Newcombe 1998a/b) and against scipy where installed; Holm,
quantiles, and the GEE of adjacent arms on marks whose answer is known."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from medreckon.bench.analysis.stats import (
    gee_adjacent,
    holm,
    mcnemar_exact,
    newcombe_independent,
    newcombe_paired,
    quantile,
    wilson,
)


@pytest.mark.parametrize("k,n,lo,hi", [
    # Newcombe (1998a), Stat Med 17:857, Table I, method 3 (Wilson score, no continuity correction).
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
])
def test_wilson_matches_published_values(k, n, lo, hi):
    got = wilson(k, n)
    assert got == pytest.approx((lo, hi), abs=5e-5)


def test_wilson_edges_and_errors():
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(0, 5)[0] == 0.0 and wilson(5, 5)[1] == 1.0
    assert wilson(50, 100) == pytest.approx((1 - wilson(50, 100)[1], 1 - wilson(50, 100)[0]))
    wide, narrow = wilson(30, 100, z=2.576), wilson(30, 100, z=1.645)
    assert wide[0] < narrow[0] and wide[1] > narrow[1]
    for bad in ((5, 4), (-1, 4), (1.0, 4), (True, 4)):
        with pytest.raises(ValueError):
            wilson(*bad)
    with pytest.raises(ValueError):
        wilson(1, 4, z=0)


@given(st.integers(0, 2000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_contains_the_estimate(kn):
    k, n = kn
    lo, hi = wilson(k, n)
    assert 0.0 <= lo <= hi <= 1.0
    if n:
        assert lo <= k / n <= hi


@pytest.mark.parametrize("k1,n1,k2,n2,lo,hi", [
    # Newcombe (1998a), Table II, method 10 (score interval, no continuity correction).
    (56, 70, 48, 80, 0.0524, 0.3339),
    (9, 10, 3, 10, 0.1705, 0.8090),
    (6, 7, 2, 7, 0.0582, 0.8062),
    (5, 56, 0, 29, -0.0381, 0.1926),
    (0, 10, 0, 20, -0.1611, 0.2775),
    (10, 10, 0, 20, 0.6791, 1.0),
])
def test_newcombe_independent_matches_published_values(k1, n1, k2, n2, lo, hi):
    assert newcombe_independent(k1, n1, k2, n2) == pytest.approx((lo, hi), abs=1e-4)  # published to 4 places


def test_newcombe_paired():
    # Newcombe (1998b), Stat Med 17:2635, example (a): 36 both, 12 only A, 2 only B, 0 neither.
    assert newcombe_paired(36, 12, 2, 0) == pytest.approx((0.0569, 0.3404), abs=5e-5)
    # Symmetric discordance: an interval symmetric about 0.
    lo, hi = newcombe_paired(40, 7, 7, 46)
    assert lo == pytest.approx(-hi) and lo < 0 < hi
    # A mirror image swaps and negates the bounds.
    assert newcombe_paired(30, 9, 3, 20) == pytest.approx(tuple(-x for x in reversed(newcombe_paired(30, 3, 9, 20))))
    assert newcombe_paired(0, 0, 0, 0) == (-1.0, 1.0)
    with pytest.raises(ValueError):
        newcombe_paired(1, -1, 0, 0)


@given(st.integers(0, 60), st.integers(0, 60), st.integers(0, 60), st.integers(0, 60))
def test_newcombe_paired_contains_the_difference(a, b, c, d):
    n = a + b + c + d
    lo, hi = newcombe_paired(a, b, c, d)
    assert -1.0 <= lo <= hi <= 1.0
    if n:
        assert lo - 1e-12 <= (b - c) / n <= hi + 1e-12


def test_mcnemar_exact_golden_values():
    assert mcnemar_exact(12, 2) == 2 * (1 + 14 + 91) / 2**14  # 0.01294
    assert mcnemar_exact(0, 0) == 1.0
    assert mcnemar_exact(5, 5) == 1.0  # capped at 1
    assert mcnemar_exact(0, 10) == 2 / 2**10
    assert mcnemar_exact(3, 7) == mcnemar_exact(7, 3)
    with pytest.raises(ValueError):
        mcnemar_exact(-1, 2)


def test_mcnemar_exact_is_exact_for_large_counts():
    p = mcnemar_exact(600, 400)  # 1,000 discordant pairs: integer arithmetic, no underflow
    assert 0 < p < 1e-9 and math.isfinite(p)


def test_mcnemar_exact_agrees_with_scipy():
    stats = pytest.importorskip("scipy.stats")

    @settings(deadline=None, max_examples=200)
    @given(st.integers(0, 400), st.integers(0, 400))
    def check(b, c):
        expected = 1.0 if b + c == 0 else stats.binomtest(b, b + c, 0.5).pvalue
        assert mcnemar_exact(b, c) == pytest.approx(expected, rel=1e-9, abs=1e-300)

    check()


# --------------------------------------------------------------------------------------------
# Holm, quantiles
# --------------------------------------------------------------------------------------------


def test_holm_golden():
    # sorted: 0.005*4=0.02, 0.01*3=0.03, 0.03*2=0.06, 0.04*1=0.04 -> max so far 0.06
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.5, 0.6]) == pytest.approx([1.0, 1.0])  # capped at 1
    assert holm([0.02]) == [0.02]
    assert holm([]) == []
    # a test that could not be made is not in the family
    assert holm([None, 0.01, None, 0.04]) == pytest.approx([None, 0.02, None, 0.04])
    assert holm([0.01, 0.01]) == pytest.approx([0.02, 0.02])
    with pytest.raises(ValueError):
        holm([1.5])


def test_quantile_interpolates_like_numpy():
    assert quantile([1.0], 0.5) == 1.0
    assert quantile([4.0, 1.0, 2.0, 3.0], 0.5) == 2.5
    assert quantile([1.0, 2.0, 3.0, 4.0], 0.25) == 1.75
    assert quantile([1.0, 2.0, 3.0, 4.0], 0.75) == 3.25
    with pytest.raises(ValueError):
        quantile([], 0.5)


# --------------------------------------------------------------------------------------------
# GEE of adjacent arms (statsmodels)
# --------------------------------------------------------------------------------------------


def _marks(correct: set[int], n: int = 100) -> dict:
    return {("d", "v", str(i)): i in correct for i in range(n)}


def test_gee_recovers_a_known_odds_ratio():
    pytest.importorskip("statsmodels", reason="the stats extra (statsmodels) is not installed")
    a = _marks(set(range(30)))  # 30% right
    b = _marks(set(range(25)) | set(range(30, 75)))  # 70% right, 25 shared with A
    c = _marks(set(range(30, 100)))  # 70% right, on other cases than B
    fit = gee_adjacent([a, b, c], ["a", "b", "c"])
    (ab, ab_se, _, ab_p), (bc, _, _, bc_p) = fit.contrasts
    # the mean model is saturated and every case has every arm, so GEE's estimates are the
    # marginal logits whatever the working correlation: log OR = logit 0.7 - logit 0.3
    assert ab == pytest.approx(2 * math.log(7 / 3), abs=1e-6)
    assert ab_se > 0 and ab_p < 1e-6
    assert bc == pytest.approx(0.0, abs=1e-6) and bc_p > 0.99
    assert fit.notes == ["", ""] and fit.dependence is not None
    assert "exchangeable working correlation" in fit.message
    assert "100 cases, 300 attempts, 3 arms" in fit.message


def test_gee_separation_and_agreement_are_not_estimable():
    pytest.importorskip("statsmodels", reason="the stats extra (statsmodels) is not installed")
    none_right = _marks(set())
    a = _marks(set(range(30)))
    b = _marks(set(range(60)))
    fit = gee_adjacent([none_right, a, b, b], ["zero", "a", "b", "b2"])
    assert fit.contrasts[0] is None and "zero is all wrong (separation)" in fit.notes[0]
    assert fit.contrasts[1] is not None and fit.notes[1] == ""
    assert fit.contrasts[2] is None and "agree on every case" in fit.notes[2]
    assert "left out: zero is all wrong (separation)" in fit.message
    fit = gee_adjacent([none_right, _marks(set(range(100)))])
    assert fit.contrasts == [None] and "fewer than two arms" in fit.message
