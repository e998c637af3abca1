"""rbteach.elliptic against scipy.special (the oracle): same parameter convention m = k²; near m = 1
(the free body's separatrix), and for the private (k, k') forms far beyond, against mpmath."""

from __future__ import annotations

from fractions import Fraction

import mpmath
import numpy as np
import pytest
import scipy.special as S
from hypothesis import given, settings, strategies as st

from rbteach import elliptic as E

m_strategy = st.floats(0.0, 1.0 - 1e-9)


@settings(max_examples=200, deadline=None, database=None)
@given(u=st.floats(-200.0, 200.0), m=m_strategy)
def test_ellipj_matches_scipy(u, m):
    ours, ref = E.ellipj(u, m), S.ellipj(u, m)
    for name, a, b in zip(("sn", "cn", "dn", "am"), ours, ref):
        assert abs(a - b) <= 1e-11 * max(1.0, abs(b)), (name, u, m, a, b)


@settings(max_examples=200, deadline=None, database=None)
@given(phi=st.floats(-20.0, 20.0), m=m_strategy)
def test_ellipkinc_matches_scipy(phi, m):
    assert abs(E.ellipkinc(phi, m) - S.ellipkinc(phi, m)) <= 1e-12 * max(1.0, abs(S.ellipkinc(phi, m)))


def test_ellipk_matches_scipy_and_limits():
    m = np.linspace(0.0, 1.0 - 1e-12, 1001)
    np.testing.assert_allclose(E.ellipk(m), S.ellipk(m), rtol=1e-14)
    assert E.ellipk(0.0) == pytest.approx(np.pi / 2, rel=1e-15)
    assert np.isinf(E.ellipk(1.0))


def test_limits_m0_and_m1():
    u = np.linspace(-5, 5, 101)
    sn, cn, dn, am = E.ellipj(u, 0.0)
    np.testing.assert_allclose((sn, cn, dn, am), (np.sin(u), np.cos(u), np.ones_like(u), u), atol=1e-15)
    sn, cn, dn, am = E.ellipj(u, 1.0)
    np.testing.assert_allclose((sn, cn, dn), (np.tanh(u), 1 / np.cosh(u), 1 / np.cosh(u)), atol=1e-15)
    np.testing.assert_allclose(am, S.ellipj(u, 1.0)[3], atol=1e-14)


def test_identities_and_vectorisation():
    rng = np.random.default_rng(0)
    u, m = rng.uniform(-30, 30, (4, 5)), rng.uniform(0, 1, (4, 5))
    sn, cn, dn, am = E.ellipj(u, m)
    assert sn.shape == (4, 5)
    np.testing.assert_allclose(sn**2 + cn**2, 1, atol=1e-14)
    np.testing.assert_allclose(dn**2 + m * sn**2, 1, atol=1e-14)
    # F inverts am: F(am(u|m) | m) = u
    np.testing.assert_allclose(E.ellipkinc(am, m), u, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("call, match", [
    (lambda: E.ellipj(1.0, 1.5), "m must be the parameter"),
    (lambda: E.ellipk(-0.1), "m must be the parameter"),
    (lambda: E.ellipkinc(1.0, 1.0), "m must be < 1"),
    (lambda: E.ellipj(np.nan, 0.5), "u must be finite"),
])
def test_bad_input(call, match):
    with pytest.raises(ValueError, match=match):
        call()


# ----------------------------------------------------------------------------- near m = 1: mpmath
def _mp_jacobi(u, m_mp, dps):
    with mpmath.workdps(dps):
        return [float(mpmath.ellipfun(kind, mpmath.mpf(float(u)), m=m_mp)) for kind in ("sn", "cn", "dn")]


@pytest.mark.parametrize("j", [20, 30, 40, 46, 52])
def test_public_functions_next_to_m_1_match_mpmath(j):
    """m = 1 − 2^-j is a float whose 1 − m is exact: K, sn, cn, dn, F to rounding however close to 1."""
    m = 1.0 - 2.0 ** -j
    with mpmath.workdps(40):
        m_mp = mpmath.mpf(m)
        K = float(mpmath.ellipk(m_mp))
        assert E.ellipk(m) == pytest.approx(K, rel=2e-15)
        for phi in (0.3, 1.2, 1.5707963, 1.5707963267948966, 2.9, -4.0):
            assert E.ellipkinc(phi, m) == pytest.approx(float(mpmath.ellipf(mpmath.mpf(phi), m_mp)), rel=2e-15)
    for u in np.linspace(-3.3 * K, 5.1 * K, 17):
        sn, cn, dn, am = E.ellipj(u, m)
        ref = _mp_jacobi(u, m_mp, 40)
        assert np.max(np.abs(np.array([sn, cn, dn]) - ref)) <= 1e-14, u
        assert (np.sin(am), np.cos(am)) == pytest.approx((sn, cn), abs=1e-14)
        assert am == pytest.approx(float(mpmath.asin(1) * 2 * mpmath.floor(u / (2 * K) + 0.5)) + np.arctan2(
            *(np.array([sn, cn]) * (-1) ** np.floor(u / (2 * K) + 0.5))), abs=1e-13)


@pytest.mark.parametrize("kp", [1e-6, 1e-8, 1e-9, 1e-30, 1e-100])
def test_private_complementary_forms_match_mpmath_far_below_the_rounding_of_m(kp):
    """k' = sqrt(1 − m) given directly: 1 − m = 1e-18 … 1e-200, which no float m can hold."""
    dps = int(30 + 2 * np.log10(1.0 / kp))
    k = np.sqrt((1.0 - kp) * (1.0 + kp))
    with mpmath.workdps(dps):
        m_mp = 1 - mpmath.mpf(kp) ** 2
        K = float(mpmath.ellipk(m_mp))
        assert E._ellipk_kp(kp) == pytest.approx(K, rel=2e-15)
        for phi in (0.4, 1.5, 1.5707963267, 2.2, -3.1):
            F = float(mpmath.ellipf(mpmath.mpf(phi), m_mp))
            assert float(E._ellipkinc_sc(np.sin(phi), np.cos(phi), k, kp)) == pytest.approx(F, rel=2e-15)
    u = np.linspace(-2.2 * K, 4.3 * K, 13)
    sn, cn, dn, _ = E._ellipj_kp(u, k, kp)
    got = np.stack([sn, cn, dn], axis=-1)
    ref = np.array([_mp_jacobi(x, m_mp, dps) for x in u])
    assert np.max(np.abs(got - ref)) <= 1e-14
    # relatively too: cn and dn fall to ~k' (and sqrt k' at quarter periods), far below 1e-16
    assert np.all(np.abs(got - ref) <= 1e-12 * np.abs(ref))


def test_private_forms_at_k_prime_1e300_keep_the_identities_and_the_log_law():
    kp, k = 1e-300, 1.0
    K = float(E._ellipk_kp(kp))
    assert K == pytest.approx(np.log(4.0) - np.log(kp), rel=1e-15)   # K = ln(4/k') + O(k'² ln k')
    u = np.linspace(-3 * K, 3 * K, 61)
    sn, cn, dn, _ = E._ellipj_kp(u, k, kp)
    assert np.all(np.isfinite(sn + cn + dn))
    np.testing.assert_allclose(sn**2 + cn**2, 1.0, atol=1e-15)
    np.testing.assert_allclose(dn, np.hypot(kp, cn), rtol=1e-15, atol=0)   # dn² = k'² + k² cn², relative
    # F(am(u)) = u through the (sin, cos) form, at a quarter period and beyond
    s, c = E._ellipj_kp(np.array([0.5 * K, 0.9 * K]), k, kp)[:2]
    np.testing.assert_allclose(E._ellipkinc_sc(s, c, k, kp), [0.5 * K, 0.9 * K], rtol=1e-13)


# ----------------------------------------------------------------------------- bad input, for every public function
GOOD = {
    "ellipk": dict(m=(0.3, 0.9)),
    "ellipkinc": dict(phi=(0.3, 2.0), m=0.7),
    "ellipj": dict(u=(0.3, 2.0), m=0.7),
}

ANY_BAD = [
    ("nan", np.nan), ("inf", np.inf), ("-inf", -np.inf), ("None", None), ("string", "x"),
    ("digit string", "0.5"), ("complex", 0.5 + 2j), ("complex with zero imaginary part", 0.5 + 0j),
    ("bool", True), ("numpy bool", np.False_), ("ragged", [[0.1, 0.2], [0.3]]), ("empty list", []),
    ("empty array", np.zeros((0, 2))), ("int too large for a float", 10**400), ("object", object()),
    ("nan inside", [0.1, np.nan]), ("None inside", [0.1, None]), ("digit string inside", [0.1, "0.2"]),
    ("bool inside", [0.1, True]), ("complex inside", [0.1, 0.2 + 0j]), ("ragged inside", [0.1, [0.2]]),
    ("inf written as 1e309", [0.1, float("1e309")]),
]
SPECIFIC_BAD = {
    "m": [("negative", -0.1), ("tiny negative", -1e-300), ("above 1", 1.5), ("one ulp above 1", 1.0 + 2**-52),
          ("huge", 1e308)],
    "u": [("phase lost to rounding", 1e10), ("huge", -1e308)],
    "phi": [("F overflows", [0.1, 1.7e308])],
}
BAD_CASES = [pytest.param(fn, arg, value, id=f"{fn}-{arg}-{label}")
             for fn, kwargs in GOOD.items() for arg in kwargs
             for label, value in ANY_BAD + SPECIFIC_BAD.get(arg, [])]


def test_every_public_function_is_in_the_bad_input_table():
    assert set(GOOD) == set(E.__all__)


@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize("fn, arg, value", BAD_CASES)
def test_bad_input_raises_a_value_error_naming_the_argument(fn, arg, value):
    f = getattr(E, fn)
    f(**GOOD[fn])
    with pytest.raises(ValueError, match=arg):
        f(**dict(GOOD[fn], **{arg: value}))


def test_m_1_is_refused_by_ellipkinc_only():
    with pytest.raises(ValueError, match="m must be < 1"):
        E.ellipkinc(0.3, [0.5, 1.0])
    assert E.ellipk(1.0) == np.inf
    assert E.ellipj(0.7, 1.0)[0] == pytest.approx(np.tanh(0.7), rel=1e-15)


@pytest.mark.parametrize("fn, first", [("ellipkinc", "phi"), ("ellipj", "u")])
def test_broadcast_mismatch_names_both_arguments(fn, first):
    with pytest.raises(ValueError, match=f"{first} and m .*broadcast.*\\(3,\\) and \\(2,\\)"):
        getattr(E, fn)([0.1, 0.2, 0.3], [0.5, 0.6])


@pytest.mark.parametrize("fn", sorted(GOOD))
def test_valid_spellings_give_the_same_result(fn):
    f, kwargs = getattr(E, fn), dict(GOOD[fn])
    ref = f(**kwargs)
    ref = ref if isinstance(ref, tuple) else (ref,)
    for arg, value in kwargs.items():
        a = np.asarray(value, float)
        spellings = [a, a.tolist(), tuple(np.atleast_1d(a).tolist()) if a.ndim else float(a),
                     [np.float64(x) for x in a] if a.ndim else np.float64(a),
                     [Fraction(x) for x in a.tolist()] if a.ndim else Fraction(float(a))]
        for spelled in spellings:
            got = f(**dict(kwargs, **{arg: spelled}))
            got = got if isinstance(got, tuple) else (got,)
            assert all(np.array_equal(x, y) for x, y in zip(ref, got)), (arg, spelled)
    # ints are the same numbers
    assert np.array_equal(E.ellipk([0, 1]), E.ellipk([0.0, 1.0]))
    assert all(np.array_equal(x, y) for x, y in zip(E.ellipj(2, 0), E.ellipj(np.int64(2), 0.0)))


@pytest.mark.filterwarnings("error")
def test_scalars_in_scalars_out_and_no_warnings_at_the_edges():
    for out in (E.ellipk(0.5), E.ellipkinc(1.0, 0.5), *E.ellipj(1.0, 0.5)):
        assert isinstance(out, np.floating) and np.ndim(out) == 0
    assert E.ellipk([0.5]).shape == (1,)
    u = np.array([-1e9, -50.0, 0.0, 5e-324, 1e-300, 50.0, 1e9])
    for m in (0.0, 5e-324, 0.5, 1.0 - 2**-53, 1.0):
        sn, cn, dn, am = E.ellipj(u, m)
        assert np.all(np.isfinite(np.stack([sn, cn, dn, am])))
        np.testing.assert_allclose(sn**2 + cn**2, 1.0, atol=1e-15)
    assert E.ellipkinc(1e300, 0.5) == pytest.approx(2 * (1e300 / np.pi) * E.ellipk(0.5), rel=1e-12)
