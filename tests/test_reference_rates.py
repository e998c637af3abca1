"""The reference's right-hand side (dynamics.dormand_prince._reference_rates), written by components for speed,
gives the same bits as the formula with np.cross it replaced: ``I ω̇ = τ − ω × I ω``, ``q̇ = ½ q ⊗ (0, ω)``,
``τ = τ_c + p × (R(q)ᵀ F)`` with ``R(q)ᵀ F = F − 2 q_w (u × F) + 2 u × (u × F)``."""

import numpy as np
import pytest

from rbteach.dynamics.dormand_prince import _reference_rates


def _with_cross(I, I_inv, torque, y):
    w, q = y[:, :3], y[:, 3:]
    rhs = -np.cross(w, np.einsum("ij,nj->ni", I, w))
    if torque is not None:
        tau_c, p, F = torque
        u, qw = q[:, 1:], q[:, :1]
        c = np.cross(u, F)
        g = F - 2.0 * qw * c + 2.0 * np.cross(u, c)
        rhs = rhs + tau_c + np.cross(p, g)
    wdot = np.einsum("ij,nj->ni", I_inv, rhs)
    qw, qx, qy, qz = q.T
    w1, w2, w3 = w.T
    qdot = 0.5 * np.stack([-(qx * w1 + qy * w2 + qz * w3), qw * w1 + qy * w3 - qz * w2,
                           qw * w2 + qz * w1 - qx * w3, qw * w3 + qx * w2 - qy * w1], axis=-1)
    return np.concatenate([wdot, qdot], axis=1)


@pytest.mark.parametrize("full", [False, True])
@pytest.mark.parametrize("torqued", [False, True])
@pytest.mark.parametrize("n", [1, 5])
def test_same_bits_as_np_cross(full, torqued, n):
    rng = np.random.default_rng(7 + 2 * full + torqued + n)
    if full:
        R = np.linalg.qr(rng.normal(size=(3, 3)))[0]
        I = R @ np.diag(rng.uniform(1.0, 2.0, 3)) @ R.T
        I_inv = np.linalg.inv(I)
    else:
        m = rng.uniform(1.0, 2.0, 3)
        I, I_inv = np.diag(m), np.diag(1.0 / m)
    torque = tuple(rng.normal(size=3) for _ in range(3)) if torqued else None
    for _ in range(20):
        y = rng.normal(size=(n, 7)) * 10.0 ** rng.uniform(-3, 3)
        got = _reference_rates(I, I_inv, torque)(y)
        assert got.shape == (n, 7)
        assert np.array_equal(got, _with_cross(I, I_inv, torque, y))


@pytest.mark.parametrize("torqued", [False, True])
def test_one_body_float_rates_same_bits_as_the_arrays(torqued):
    """``_reference_rates_one`` (Python floats, principal axes) gives the bits of ``_reference_rates``,
    signed zeros and infinities included, and NaN where it gives NaN (its sums of one product and signed zeros are the same in
    any order)."""
    from rbteach.dynamics.dormand_prince import _reference_rates_one

    rng = np.random.default_rng(11 + torqued)
    m = rng.uniform(1.0, 2.0, 3)
    I, I_inv = np.diag(m), np.diag(1.0 / m)
    torque = tuple(rng.normal(size=3) for _ in range(3)) if torqued else None
    one, arrays = _reference_rates_one(I, I_inv, torque), _reference_rates(I, I_inv, torque)
    specials = [0.0, -0.0, np.inf, -np.inf, np.nan, 1e300]
    for k in range(300):
        y = rng.normal(size=7) * 10.0 ** rng.uniform(-3, 3)
        if k >= 200:                                        # some components special
            y[rng.integers(0, 7, 2)] = rng.choice(specials, 2)
        with np.errstate(all="ignore"):
            want = arrays(y[None])[0]
            got = np.array(one(*y.tolist()))
        nan = np.isnan(want)                               # NaN in the same places (its sign bit is not compared)
        assert np.array_equal(np.isnan(got), nan), (y, got, want)
        assert got[~nan].tobytes() == want[~nan].tobytes(), (y, got, want)     # signed zeros included


CASES = [
    dict(inertia=[1.0, 2.0, 3.0], omega0=[0.4, 0.8, 0.6], t=np.linspace(0.0, 20.0, 201), rtol=1e-10),
    dict(inertia=[1.0, 2.0, 3.0], omega0=[0.4, 0.8, 0.6], q0=[0.9, 0.1, 0.3, -0.2], t=np.linspace(0.0, 10.0, 101),
         rtol=1e-12, force_world=[0.0, 0.0, -1.5], point_body=[0.2, -0.1, 0.3]),
    dict(inertia=[1.3, 0.8, 1.7], omega0=[-0.0, 0.0, -2.3], t=[0.0, 0.0, 0.5, 5.0], rtol=1e-9,
         torque_body=[0.0, 0.1, -0.2]),
    dict(inertia=np.diag([2.0, 2.0, 3.5]), omega0=[1.0, 0.3, 1.0], t=[7.5], rtol=1e-6,
         torque_body=[0.3, 0.0, 0.0], force_world=[1.0, 2.0, 0.5], point_body=[0.0, 0.1, 0.4]),
]


@pytest.mark.parametrize("case", range(len(CASES)))
def test_one_body_reference_same_bits_as_the_array_loop(case, monkeypatch):
    """``reference`` runs one body in principal axes on Python floats (``_dopri_one``): the same steps,
    rejections and outputs, bit for bit, as the array loop it replaced for that case (forced here)."""
    from rbteach import dynamics
    from rbteach.dynamics import dormand_prince as dp

    kw = dict(CASES[case])
    args = (kw.pop("inertia"), kw.pop("omega0"), kw.pop("q0", None))
    calls = []
    real = dp._dopri_one
    monkeypatch.setattr(dp, "_dopri_one", lambda *a: calls.append(1) or real(*a))
    fast = dynamics.reference(*args, **kw)
    assert calls == [1]                                     # the float loop ran
    monkeypatch.setattr(dp, "_is_diagonal", lambda M: False)
    slow = dynamics.reference(*args, **kw)
    assert calls == [1]                                     # ... and now the array loop
    assert (fast.steps, fast.rejected) == (slow.steps, slow.rejected) and fast.steps > 0
    assert fast.omega_body.tobytes() == slow.omega_body.tobytes()
    assert fast.q.tobytes() == slow.q.tobytes()
