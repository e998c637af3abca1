"""rbteach.elliptic against scipy.special (the oracle): same parameter convention m = k²."""

from __future__ import annotations

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
