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
