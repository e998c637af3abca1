"""Jacobi elliptic functions and complete/incomplete elliptic integrals of the first kind, in numpy.

Used by :func:`rbteach.analytic.free_body`, so the exact asymmetric solution needs no SciPy
(SciPy stays a test oracle: ``tests/test_elliptic.py`` compares these with ``scipy.special``).

All functions take the **parameter** ``m = k²`` (not the modulus ``k``), like ``scipy.special``
and Abramowitz & Stegun, and are vectorised (``u``, ``phi`` and ``m`` broadcast); ``0 ≤ m ≤ 1``.

* :func:`ellipk` — ``K(m) = ∫₀^{π/2} dθ / sqrt(1 − m sin²θ) = π / (2 AGM(1, sqrt(1 − m)))``;
* :func:`ellipkinc` — ``F(φ | m) = ∫₀^φ dθ / sqrt(1 − m sin²θ)`` by Carlson's symmetric integral
  ``F = sin φ · R_F(cos²φ, 1 − m sin²φ, 1)`` and the quasi-periodicity ``F(φ + jπ) = F(φ) + 2jK``;
* :func:`ellipj` — ``sn, cn, dn`` and the amplitude ``φ = am(u | m)`` by the descending Landen
  (AGM) scheme of Abramowitz & Stegun 16.4.
"""

from __future__ import annotations

import numpy as np

from . import _validate as _v

__all__ = ["ellipk", "ellipkinc", "ellipj"]

_MAX_ITER = 40
_EPS = 1e-16


def _parameter(m) -> np.ndarray:
    m = _v.array(m, "m")
    if np.any((m < 0) | (m > 1)):
        raise ValueError("m must be the parameter k² with 0 ≤ m ≤ 1")
    return m


def ellipk(m) -> np.ndarray:
    """Complete elliptic integral of the first kind ``K(m)`` (``inf`` at ``m = 1``)."""
    m = _parameter(m)
    a, b = np.ones_like(m), np.sqrt(1.0 - m)
    for _ in range(_MAX_ITER):
        a, b = 0.5 * (a + b), np.sqrt(a * b)
        if np.all(np.abs(a - b) <= _EPS * a):
            break
    with np.errstate(divide="ignore"):
        return np.where(m < 1.0, np.pi / (2.0 * np.where(a > 0, a, 1.0)), np.inf)


def _carlson_rf(x, y, z):
    """Carlson's symmetric elliptic integral ``R_F(x, y, z)`` (x, y, z ≥ 0, at most one zero)."""
    for _ in range(_MAX_ITER):
        sx, sy, sz = np.sqrt(x), np.sqrt(y), np.sqrt(z)
        lam = sx * sy + sy * sz + sz * sx
        x, y, z = 0.25 * (x + lam), 0.25 * (y + lam), 0.25 * (z + lam)
        mu = (x + y + z) / 3.0
        if np.all(np.maximum.reduce([np.abs(x - mu), np.abs(y - mu), np.abs(z - mu)]) <= 1e-4 * np.abs(mu)):
            break
    mu = (x + y + z) / 3.0
    X, Y, Z = 1.0 - x / mu, 1.0 - y / mu, 1.0 - z / mu
    e2 = X * Y - Z * Z
    e3 = X * Y * Z
    return (1.0 - e2 / 10.0 + e3 / 14.0 + e2 * e2 / 24.0 - 3.0 * e2 * e3 / 44.0) / np.sqrt(mu)


def ellipkinc(phi, m) -> np.ndarray:
    """Incomplete elliptic integral of the first kind ``F(φ | m)`` for any real ``φ`` (rad), ``m < 1``."""
    phi = _v.array(phi, "phi")
    m = _parameter(m)
    if np.any(m >= 1.0):
        raise ValueError("m must be < 1 for ellipkinc (F diverges at φ = π/2 when m = 1)")
    phi, m = np.broadcast_arrays(phi, m)
    j = np.round(phi / np.pi)
    p = phi - j * np.pi                       # p in [−π/2, π/2]
    s, c = np.sin(p), np.cos(p)
    rf = _carlson_rf(c * c, 1.0 - m * s * s, np.ones_like(p))
    return s * rf + 2.0 * j * ellipk(m)


def ellipj(u, m):
    """Jacobi elliptic functions ``(sn, cn, dn, φ)`` of ``u`` with parameter ``m = k²``.

    ``φ = am(u | m)`` is the amplitude: ``sn = sin φ``, ``cn = cos φ``, ``dn = sqrt(1 − m sn²)``.
    At ``m = 0``: ``(sin u, cos u, 1, u)``; at ``m = 1``: ``(tanh u, sech u, sech u, gd u)``.
    """
    u = _v.array(u, "u")
    m = _parameter(m)
    u, m = np.broadcast_arrays(u, m)
    u, m = u.astype(float), m.astype(float)
    # Descending Landen sequence (A&S 16.4): a_{n+1} = (a+b)/2, b_{n+1} = sqrt(ab), c_{n+1} = (a−b)/2.
    a, b = np.ones_like(m), np.sqrt(1.0 - m)
    cs, as_ = [np.sqrt(m)], [a]
    for _ in range(_MAX_ITER):
        if np.all(np.abs(cs[-1]) <= _EPS * as_[-1]):
            break
        a, b, c = 0.5 * (a + b), np.sqrt(a * b), 0.5 * (a - b)
        cs.append(c)
        as_.append(a)
    n = len(as_) - 1
    phi = (2.0 ** n) * as_[-1] * u
    for k in range(n, 0, -1):
        phi = 0.5 * (phi + np.arcsin(np.clip(cs[k] / as_[k] * np.sin(phi), -1.0, 1.0)))
    sn, cn = np.sin(phi), np.cos(phi)
    dn = np.sqrt(np.maximum(1.0 - m * sn * sn, 0.0))
    # m = 1 exactly: the AGM does not converge (b = 0); use the closed forms.
    one = m == 1.0
    if np.any(one):
        sech = 1.0 / np.cosh(u)
        sn = np.where(one, np.tanh(u), sn)
        cn = np.where(one, sech, cn)
        dn = np.where(one, sech, dn)
        phi = np.where(one, 2.0 * np.arctan(np.exp(u)) - 0.5 * np.pi, phi)
    return sn, cn, dn, phi
