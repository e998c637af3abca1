"""rbteach.quaternion's maps: exp/log, slerp, random rotations and the rotation mean.

SciPy's ``Rotation`` / ``Slerp`` serve as independent oracles (scalar last: reorder with
``Q.to_xyzw`` / ``Q.from_xyzw``); hypothesis checks the identities that hold for all inputs.
"""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from hypothesis.extra import numpy as hnp
from scipy import stats
from scipy.spatial.transform import Rotation, Slerp

from rbteach import quaternion as Q

SETTINGS = settings(max_examples=40, deadline=None)

_component = st.floats(-10.0, 10.0, allow_nan=False, allow_infinity=False)
any_quat = hnp.arrays(float, 4, elements=_component).filter(lambda q: np.linalg.norm(q) > 1e-3)
unit_quat = any_quat.map(lambda q: q / np.linalg.norm(q))
vec3 = hnp.arrays(float, 3, elements=st.floats(-3.0, 3.0, allow_nan=False, allow_infinity=False))
real_t = st.floats(-2.0, 3.0, allow_nan=False, allow_infinity=False)


def same_rotation(p, q, atol=1e-12):
    return min(np.abs(p - q).max(), np.abs(p + q).max()) <= atol


# --------------------------------------------------------------------------- exp and log
def test_exp_closed_form_and_its_limit_at_zero():
    v = np.array([0.3, -1.2, 0.4])
    n = np.linalg.norm(v)
    np.testing.assert_allclose(Q.exp(v), [np.cos(n), *(np.sin(n) * v / n)], atol=1e-15)
    np.testing.assert_array_equal(Q.exp(np.zeros(3)), [1.0, 0.0, 0.0, 0.0])
    tiny = np.array([1e-200, -2e-200, 0.0])
    np.testing.assert_array_equal(Q.exp(tiny), [1.0, *tiny])       # exp(v) = (1, v) + O(|v|²)


@SETTINGS
@given(vec3)
def test_from_rotation_vector_is_exp_of_half(r):
    np.testing.assert_array_equal(Q.from_rotation_vector(r), Q.exp(r / 2))
    np.testing.assert_allclose(Q.from_rotation_vector(r), Q.from_xyzw(Rotation.from_rotvec(r).as_quat()) *
                               np.sign(Q.from_rotation_vector(r) @ Q.from_xyzw(Rotation.from_rotvec(r).as_quat())),
                               atol=1e-12)


@SETTINGS
@given(any_quat)
def test_exp_of_log_is_the_same_rotation_and_log_is_canonical(q):
    v = Q.log(q)
    assert np.linalg.norm(v) <= np.pi / 2 + 1e-15
    assert same_rotation(Q.exp(v), Q.normalize(q))
    np.testing.assert_allclose(2 * v, Q.to_rotation_vector(q), atol=0, rtol=0)
    np.testing.assert_allclose(Q.log(-q), v, atol=1e-15)       # the double cover: one log for ±q


@SETTINGS
@given(vec3.filter(lambda v: np.linalg.norm(v) < np.pi / 2 - 1e-6))
def test_log_of_exp_is_identity_inside_half_pi(v):
    np.testing.assert_allclose(Q.log(Q.exp(v)), v, atol=1e-12)


def test_log_beyond_half_pi_gives_the_canonical_vector():
    n = np.array([2.0, -1.0, 2.0]) / 3
    v = 2.0 * n                                          # |v| = 2 > π/2: exp(v) has w < 0
    np.testing.assert_allclose(Q.log(Q.exp(v)), (2.0 - np.pi) * n, atol=1e-14)


def test_small_angle_error_is_second_order():
    n = np.array([1.0, 2.0, 2.0]) / 3
    errs = []
    for th in (1e-1, 1e-2, 1e-3):
        q = Q.from_axis_angle(n, th)
        errs.append(np.abs(q - np.array([1.0, *(th / 2 * n)])).max())
    # O(θ²): dividing θ by 10 divides the error by 100 (cos θ/2 ≈ 1 − θ²/8)
    np.testing.assert_allclose(np.array(errs[:-1]) / np.array(errs[1:]), 100.0, rtol=2e-3)
    np.testing.assert_allclose(errs[0], 1 - np.cos(0.05), rtol=1e-12)


# --------------------------------------------------------------------------- slerp
@SETTINGS
@given(unit_quat, unit_quat, real_t)
def test_slerp_is_unit(p, q, t):
    np.testing.assert_allclose(Q.norm(Q.slerp(p, q, t)), 1.0, atol=1e-14)


@SETTINGS
@given(unit_quat, unit_quat, real_t, real_t)
def test_slerp_turns_at_a_constant_rate(p, q, t1, t2):
    a = Q.angle_between(Q.slerp(p, q, t1), Q.slerp(p, q, t2))
    want = abs(t2 - t1) * Q.angle_between(p, q)
    want = min(want % (2 * np.pi), 2 * np.pi - want % (2 * np.pi))   # angles beyond π come back
    assert abs(a - want) <= 1e-9


@SETTINGS
@given(any_quat, any_quat)
def test_slerp_endpoints_are_exact(p, q):
    u, v = Q.slerp(p, q, [0.0, 1.0])
    np.testing.assert_array_equal(u, Q.normalize(p))
    vq = Q.normalize(q)
    assert np.array_equal(v, vq) or np.array_equal(v, -vq)
    assert v @ u >= 0                                      # the sign nearer p: the shorter arc


@SETTINGS
@given(unit_quat, unit_quat, st.floats(0.0, 1.0))
def test_slerp_matches_scipy(p, q, t):
    if abs(abs(p @ q)) < 1e-6:       # 180° apart as rotations: two shortest arcs, either is right
        return
    key = Rotation.from_quat(Q.to_xyzw(np.stack([p, q])))
    want = Q.from_xyzw(Slerp([0.0, 1.0], key)([t]).as_quat()[0])
    assert same_rotation(Q.slerp(p, q, t), want, atol=1e-9)


def test_slerp_equals_the_exponential_form_and_the_sine_formula():
    p = Q.from_axis_angle([1.0, 2.0, 3.0], 0.7)
    q = -Q.from_axis_angle([-1.0, 0.5, 2.0], 2.5)           # stored with w < 0: slerp must flip it
    t = np.linspace(-0.5, 1.5, 11)
    qq = -q if p @ q < 0 else q
    d = Q.multiply(Q.conjugate(p), qq)
    exp_form = Q.multiply(p, Q.exp(t[:, None] * Q.log(d)))
    omega = np.arccos(p @ qq)
    sine_form = (np.sin((1 - t) * omega)[:, None] * p + np.sin(t * omega)[:, None] * qq) / np.sin(omega)
    got = Q.slerp(p, q, t)
    np.testing.assert_allclose(got, exp_form, atol=1e-14)
    np.testing.assert_allclose(got, sine_form, atol=1e-14)


def test_slerp_is_stable_when_p_is_plus_or_minus_q():
    p = Q.from_axis_angle([0.3, -0.4, 0.8], 1.1)
    for q in (p, -p, Q.multiply(p, Q.from_rotation_vector([1e-12, 0.0, 0.0])), -p * (1 + 1e-16)):
        out = Q.slerp(p, q, np.linspace(-1, 2, 7))
        assert np.all(np.isfinite(out))
        np.testing.assert_allclose(out, np.broadcast_to(p, out.shape), atol=1e-11)


def test_slerp_broadcasts_t_against_the_batch():
    p = Q.random((5,), seed=1)
    q = Q.random((5,), seed=2)
    t = np.linspace(0, 1, 3)
    out = Q.slerp(p, q, t[:, None])
    assert out.shape == (3, 5, 4)
    for i in range(3):
        for j in range(5):
            np.testing.assert_allclose(out[i, j], Q.slerp(p[j], q[j], t[i]), atol=1e-15)
    assert Q.slerp(p[0], q[0], 0.25).shape == (4,)
    assert Q.slerp(p, q, 0.25).shape == (5, 4)


def test_slerp_differs_from_normalised_lerp_in_speed_not_path():
    p = Q.from_axis_angle([1.0, -2.0, 0.5], 0.4)
    q = Q.from_axis_angle([0.3, 1.0, 2.0], 2.6)
    t = np.linspace(0, 1, 201)
    s = Q.slerp(p, q, t)
    qq = -q if p @ q < 0 else q
    lerp = Q.normalize((1 - t)[:, None] * p + t[:, None] * qq)
    # same path: every lerp point lies on slerp's great circle (in the plane of p and qq)
    basis = np.linalg.qr(np.stack([p, qq], axis=1))[0]
    np.testing.assert_allclose(lerp - (lerp @ basis) @ basis.T, 0.0, atol=1e-14)
    rate_s = Q.angle_between(s[1:], s[:-1]) / np.diff(t)
    rate_l = Q.angle_between(lerp[1:], lerp[:-1]) / np.diff(t)
    assert np.ptp(rate_s) < 1e-9 * rate_s.mean()
    assert np.ptp(rate_l) > 0.1 * rate_l.mean()


# --------------------------------------------------------------------------- random rotations
def test_random_is_reproducible_unit_and_canonical():
    a, b = Q.random((3, 4), seed=7), Q.random((3, 4), seed=7)
    np.testing.assert_array_equal(a, b)
    assert a.shape == (3, 4, 4) and not np.array_equal(a, Q.random((3, 4), seed=8))
    np.testing.assert_allclose(Q.norm(a), 1.0, atol=1e-15)
    assert np.all(a[..., 0] >= 0)
    assert Q.random(seed=0).shape == (4,) and Q.random(0).shape == (0, 4)


def test_random_rotations_are_uniform():
    n = 20_000
    q = Q.random(n, seed=2024)
    theta = 2 * np.arccos(np.clip(q[:, 0], -1, 1))
    # Haar measure on SO(3): the angle's CDF is (θ − sin θ)/π; Kolmogorov–Smirnov at the 1 % level
    d = stats.kstest(theta, lambda x: (x - np.sin(x)) / np.pi).statistic
    assert d < 1.63 / np.sqrt(n), d
    # the axis is uniform too, and the mean matrix of uniform rotations is 0 (each entry's std is 1/√3)
    R_mean = Q.to_matrix(q).mean(axis=0)
    assert np.abs(R_mean).max() < 5 / np.sqrt(3 * n), R_mean
    # SciPy's Rotation.random as a second sample of the same law: two-sample KS at the 1 % level
    theta_scipy = Rotation.random(n, random_state=11).magnitude()
    assert stats.ks_2samp(theta, theta_scipy).pvalue > 0.01
    # a test that can fail: angles uniform on [0, π] (a classic wrong sampler) are refused
    bad = np.random.default_rng(1).uniform(0, np.pi, n)
    assert stats.kstest(bad, lambda x: (x - np.sin(x)) / np.pi).statistic > 1.63 / np.sqrt(n)


# --------------------------------------------------------------------------- mean
def test_mean_matches_scipy_and_ignores_signs():
    q = Q.random(6, seed=3)
    q = Q.multiply(Q.from_axis_angle([1, 1, 0], 0.9), Q.exp(0.3 * Q.log(q)))   # a cluster, not a spread
    w = np.array([1.0, 2.0, 0.5, 3.0, 1.0, 0.25])
    want = Q.from_xyzw(Rotation.from_quat(Q.to_xyzw(q)).mean(weights=w).as_quat())
    got = Q.mean(q, w)
    assert same_rotation(got, want, atol=1e-12)
    flipped = q * np.array([1, -1, 1, -1, -1, 1])[:, None]
    np.testing.assert_allclose(Q.mean(flipped, w), got, atol=1e-14)
    assert same_rotation(Q.mean(q), Q.from_xyzw(Rotation.from_quat(Q.to_xyzw(q)).mean().as_quat()), atol=1e-12)


def test_mean_of_two_is_the_slerp_half_way_and_of_one_is_itself():
    p = Q.from_axis_angle([0.2, 1.0, -0.4], 0.5)
    q = Q.from_axis_angle([1.0, 0.1, 0.3], 1.9)
    assert same_rotation(Q.mean(np.stack([p, -q])), Q.slerp(p, q, 0.5), atol=1e-12)
    np.testing.assert_allclose(Q.mean(p), Q.canonical(p), atol=1e-15)
    np.testing.assert_allclose(Q.mean(3.0 * p[None]), Q.canonical(p), atol=1e-15)


def test_mean_is_vectorised_over_leading_axes():
    q = Q.random((2, 5), seed=4)
    q = Q.exp(0.2 * Q.log(q))
    w = np.arange(1.0, 6.0)
    out = Q.mean(q, w)
    assert out.shape == (2, 4)
    for i in range(2):
        np.testing.assert_allclose(out[i], Q.mean(q[i], w), atol=1e-15)


def test_mean_refuses_an_ambiguous_average():
    with pytest.raises(ValueError, match="no unique mean"):
        Q.mean([[0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0]])
    with pytest.raises(ValueError, match="weights"):
        Q.mean(Q.random(3, seed=1), [1.0, 1.0])
