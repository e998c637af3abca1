"""rbteach.dissipation: the model torque keeps |L| and lowers T; the body ends about its major axis."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rbteach import analytic
from rbteach import dissipation as Dd

I123 = np.array([1.0, 2.0, 3.0])


@settings(max_examples=60, deadline=None, database=None)
@given(m=st.tuples(*[st.floats(0.5, 3.0)] * 3), w=st.tuples(*[st.floats(-3.0, 3.0)] * 3),
       k=st.floats(0.0, 5.0))
def test_torque_is_perpendicular_to_L_and_dissipates(m, w, k):
    I, w = np.array(m), np.array(w)
    s = np.sort(I)
    assume(s[0] + s[1] >= s[2] and np.linalg.norm(w) > 1e-3)
    tau = Dd.damping_torque(I, w, k)
    L = I * w
    scale = k * np.linalg.norm(w) * np.linalg.norm(L) + 1e-300
    assert abs(tau @ L) <= 1e-12 * scale                                       # d|L|²/dt = 2 L·τ = 0
    np.testing.assert_allclose(tau @ w, -k * np.sum(np.cross(w, L) ** 2) / (L @ L),   # dT/dt = −k|ω×L|²/|L|²
                               rtol=1e-10, atol=1e-12 * k * (w @ w) + 1e-300)
    np.testing.assert_allclose(tau, -k * np.cross(L, np.cross(w, L)) / (L @ L), rtol=1e-10,
                               atol=1e-12 * k * np.linalg.norm(w) + 1e-300)


def test_torque_zero_for_principal_spins_and_rest_and_vectorised():
    for i in range(3):
        w = np.zeros(3)
        w[i] = 1.7
        np.testing.assert_array_equal(Dd.damping_torque(I123, w, 0.3), 0.0)
    np.testing.assert_array_equal(Dd.damping_torque(I123, np.zeros(3), 0.3), 0.0)
    ws = np.array([[0.3, -1.0, 0.2], [1.0, 0.5, -0.25]])
    batch = Dd.damping_torque(I123, ws, 0.4)
    np.testing.assert_array_equal(batch, [Dd.damping_torque(I123, w, 0.4) for w in ws])
    assert np.all(np.linalg.norm(batch, axis=-1) > 0.05)


def test_k_zero_is_the_torque_free_body():
    w0 = np.array([0.3, 1.0, 0.2])
    t, w, T = Dd.simulate_damped(I123, w0, 0.0, dt=0.01, steps=2000)
    np.testing.assert_allclose(w, analytic.free_body(I123, w0, t), atol=1e-8)
    np.testing.assert_allclose(T, T[0], rtol=1e-9)


def test_from_near_the_minor_axis_the_body_ends_about_the_major_axis():
    w0 = np.array([2.0, 0.05, 0.03])                            # a spin about the minor axis I1 = 1
    t, w, T = Dd.simulate_damped(I123, w0, 0.5, dt=0.01, steps=6000)
    L = np.linalg.norm(I123 * w, axis=-1)
    np.testing.assert_allclose(L, L[0], rtol=1e-8)              # |L| kept (up to RK4's error)
    assert np.all(np.diff(T) <= 1e-12 * T[0])                   # T never rises
    T_min = L[0] ** 2 / (2 * I123.max())
    assert T[0] > 2.5 * T_min and T[-1] == pytest.approx(T_min, rel=1e-4)
    assert abs(w[-1, 2]) * I123[2] == pytest.approx(L[0], rel=1e-4)   # ω ∥ e3, the major axis


def test_any_start_batch_ends_about_the_major_axis():
    rng = np.random.default_rng(7)
    starts = rng.normal(size=(12, 3))
    t, w, T = Dd.simulate_damped(I123, starts, 0.5, dt=0.01, steps=6000)
    assert w.shape == (6001, 12, 3) and T.shape == (6001, 12)
    L = np.linalg.norm(I123 * starts, axis=-1)
    np.testing.assert_allclose(T[-1], L ** 2 / (2 * I123.max()), rtol=1e-4)
    # the batch equals the starts run one by one
    one = Dd.simulate_damped(I123, starts[3], 0.5, dt=0.01, steps=6000)[1]
    np.testing.assert_allclose(w[:, 3], one, rtol=0, atol=1e-13)


def test_rk4_is_fourth_order():
    w0 = np.array([2.0, 0.05, 0.03])
    ref = Dd.simulate_damped(I123, w0, 0.2, dt=0.0025, steps=4000)[1][-1]
    e1 = np.linalg.norm(Dd.simulate_damped(I123, w0, 0.2, dt=0.02, steps=500)[1][-1] - ref)
    e2 = np.linalg.norm(Dd.simulate_damped(I123, w0, 0.2, dt=0.01, steps=1000)[1][-1] - ref)
    assert 12 < e1 / e2 < 20


@pytest.mark.parametrize("kwargs, name", [
    ({"k": -0.1}, "k"),
    ({"dt": 10.0}, "dt"),
    ({"omega0": np.zeros((2, 2, 3))}, "omega0"),
    ({"moments": [1.0, 1.0, 3.0]}, "moments"),
    ({"steps": 2.0}, "steps"),
    ({"omega0": [1e200, 1e200, 1e200]}, "omega0"),
])
def test_bad_input_names_the_argument(kwargs, name):
    args = dict(moments=I123, omega0=[2.0, 0.05, 0.03], k=0.2, dt=0.01, steps=5) | kwargs
    with pytest.raises(ValueError, match=name):
        Dd.simulate_damped(args.pop("moments"), args.pop("omega0"), args.pop("k"), **args)


@pytest.mark.parametrize("k", [0.0, 0.1])
def test_subnormal_moments_are_refused_by_name_without_warnings(k):
    """Issue 17 §1: subnormal moments warned about an overflow, then advised "take dt <= 0 s"."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(ValueError, match=r"^moments must be at least 2.23e-308") as err:
            Dd.simulate_damped([1e-320, 1e-320, 1e-320], [0.1, 0.2, 0.3], k, dt=0.01, steps=3)
    assert "dt <= 0 s" not in str(err.value)


@pytest.mark.parametrize("moments, k, dt", [([1e-300] * 3, 1e300, 1e-10), ([1.0, 1.0, 1.0], 1.7e308, 1e-300),
                                            ([1e-300] * 3, 1e300, 1e10)])
def test_a_damping_step_beyond_the_float_range_never_advises_dt_zero(moments, k, dt):
    import re
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(ValueError, match=r"^dt is too large") as err:
            Dd.simulate_damped(moments, [0.1, 0.2, 0.3], k, dt=dt, steps=3)
    m = re.search(r"take dt <= (\S+) s", str(err.value))
    assert m is None or float(m.group(1)) > 0
