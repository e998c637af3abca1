"""Jacobi elliptic functions and complete/incomplete elliptic integrals of the first kind, in numpy.

Used by :func:`rbteach.analytic.free_body`, so the exact asymmetric solution needs no SciPy
(SciPy stays a test oracle: ``tests/test_elliptic.py`` compares these with ``scipy.special``
and, close to ``m = 1``, with ``mpmath``).

All functions take the **parameter** ``m = k²`` (not the modulus ``k``), like ``scipy.special``
and Abramowitz & Stegun, and are vectorised (``u``, ``phi`` and ``m`` broadcast); ``0 ≤ m ≤ 1``.

* :func:`ellipk` — ``K(m) = ∫₀^{π/2} dθ / sqrt(1 − m sin²θ) = π / (2 AGM(1, k'))`` with the
  complementary modulus ``k' = sqrt(1 − m)``;
* :func:`ellipkinc` — ``F(φ | m) = ∫₀^φ dθ / sqrt(1 − m sin²θ)`` by Carlson's symmetric integral
  ``F = sin φ · R_F(cos²φ, cos²φ + k'² sin²φ, 1)`` and the quasi-periodicity ``F(φ + jπ) = F(φ) + 2jK``;
* :func:`ellipj` — ``sn, cn, dn`` and the amplitude ``φ = am(u | m)`` by the descending Landen
  (AGM) scheme of Abramowitz & Stegun 16.4 (or, for ``k' ≤ 1e-8``, the hyperbolic expansion
  A&S 16.15, exact to rounding there), after reducing ``u`` to ``|v| ≤ K/2`` with the
  quarter-period shifts ``sn(v + K) = cd v``, ``cn(v + K) = −k' sd v``, ``dn(v + K) = k' nd v``,
  so that the small values of ``cn`` and ``dn`` keep their relative accuracy too.

Near ``m = 1`` (the separatrix of the free rigid body) everything is written with ``k'`` itself,
never with ``1 − m`` or ``1 − m sn²`` formed as a difference: ``dn = hypot(k', k cn)``, the
arcsine of the Landen step is taken with ``1 ∓ (c/a) sin φ = (b + c (1 ∓ sin φ)) / a``, and
``1 − m sin²φ = cos²φ + k'² sin²φ``. The private functions that take ``(k, k')`` directly
(:func:`rbteach.analytic.free_body` uses them) stay accurate for ``k'`` far below the rounding of
``m`` (down to ``k' ≈ 1e-300``).

Bad input (NaN, inf, None, strings, bools, complex, ragged lists, ``m`` outside ``[0, 1]``,
shapes that do not broadcast, empty arrays, arguments too large to keep the phase) raises
``ValueError`` naming the argument.
"""

from __future__ import annotations


import numpy as np

from . import _validate as _v

__all__ = ["ellipk", "ellipkinc", "ellipj"]

_MAX_ITER = 40
_EPS = float(np.finfo(float).eps)          # 2.2e-16
#: Largest ``|u|`` accepted by :func:`ellipj`: the reduction ``u mod K`` has an absolute error of
#: about ``|u| · 1e-16``, so beyond this the phase (and so ``sn, cn, dn``) is lost to rounding.
MAX_ARGUMENT = 1e9
#: Below this complementary modulus k', sn/cn/dn on |v| ≤ K/2 come from the hyperbolic expansion
#: (A&S 16.15), accurate to rounding there and relatively accurate for the small cn.
_HYPERBOLIC_KP = 1e-8


# --------------------------------------------------------------------------- argument checks
def _real_array(x, name: str, tail: tuple[int, ...] = (), *, allow_batch: bool = True,
                allow_empty: bool = False) -> np.ndarray:
    """``x`` as a finite float array of real numbers (:func:`rbteach._validate.array`), not empty
    unless ``allow_empty``: the elliptic functions and the exact solutions have no empty answer."""
    return _v.array(x, name, tail, allow_batch=allow_batch, allow_empty=allow_empty)


def _broadcast(*named):
    """Broadcast ``(name, array)`` pairs; a mismatch names both arguments and their shapes."""
    arrays = [a for _, a in named]
    try:
        return np.broadcast_arrays(*arrays)
    except ValueError:
        names = " and ".join(n for n, _ in named)
        shapes = " and ".join(str(a.shape) for a in arrays)
        raise ValueError(f"{names} must have shapes that broadcast together; got {shapes}") from None


def _parameter(m) -> np.ndarray:
    m = _real_array(m, "m")
    if np.any((m < 0) | (m > 1)):
        bad = float(m[(m < 0) | (m > 1)].ravel()[0])
        raise ValueError(f"m must be the parameter k² with 0 ≤ m ≤ 1, got {bad!r}")
    return m


def _moduli(m: np.ndarray):
    """``(k, k') = (sqrt(m), sqrt(1 − m))``; ``1 − m`` is exact for ``m ≥ 1/2`` (Sterbenz)."""
    return np.sqrt(m), np.sqrt(1.0 - m)


# --------------------------------------------------------------------------- the AGM and Carlson's R_F
def _agm(k, kp):
    """Descending Landen sequence ``(a_n, b_n, c_n)`` from ``(1, k', k)`` (A&S 16.4), as lists of arrays.

    ``c_{n+1} = c_n² / (4 a_{n+1})`` (= ``(a_n − b_n)/2`` without the cancellation). ``k' = 0``
    (``m = 1``) does not converge; callers replace those entries by the closed forms.
    """
    live = kp > 0
    a, b, c = [np.ones_like(kp)], [np.where(live, kp, 1.0)], [np.where(live, k, 0.0)]
    for _ in range(_MAX_ITER):
        if np.all(c[-1] <= _EPS * a[-1]):
            break
        an = 0.5 * (a[-1] + b[-1])
        bn = np.sqrt(a[-1] * b[-1])
        with np.errstate(under="ignore"):
            cn = 0.25 * (c[-1] * c[-1]) / an
        a.append(an)
        b.append(bn)
        c.append(cn)
    return a, b, c


def _ellipk_kp(kp) -> np.ndarray:
    """``K`` from the complementary modulus ``k' = sqrt(1 − m)`` (``inf`` at ``k' = 0``)."""
    kp = np.asarray(kp, dtype=float)
    a, b = np.ones_like(kp), np.where(kp > 0, kp, 1.0)
    for _ in range(_MAX_ITER):
        if np.all(np.abs(a - b) <= _EPS * a):
            break
        a, b = 0.5 * (a + b), np.sqrt(a * b)
    return np.where(kp > 0, np.pi / (2.0 * a), np.inf)


def _carlson_rf_roots(sx, sy, sz):
    """Carlson's ``R_F(x, y, z)`` given ``sqrt x, sqrt y, sqrt z`` (≥ 0, at most one zero).

    The first duplication step uses the roots as given, so ``x = sx²`` may underflow
    (``F(φ | m)`` near ``φ = π/2`` with ``k'`` tiny) without harm.
    """
    lam = sx * sy + sy * sz + sz * sx
    with np.errstate(under="ignore"):
        x, y, z = 0.25 * (sx * sx + lam), 0.25 * (sy * sy + lam), 0.25 * (sz * sz + lam)
    for _ in range(_MAX_ITER):
        mu = (x + y + z) / 3.0
        if np.all(np.maximum.reduce([np.abs(x - mu), np.abs(y - mu), np.abs(z - mu)]) <= 1e-4 * np.abs(mu)):
            break
        sx, sy, sz = np.sqrt(x), np.sqrt(y), np.sqrt(z)
        lam = sx * sy + sy * sz + sz * sx
        x, y, z = 0.25 * (x + lam), 0.25 * (y + lam), 0.25 * (z + lam)
    mu = (x + y + z) / 3.0
    X, Y, Z = 1.0 - x / mu, 1.0 - y / mu, 1.0 - z / mu
    e2 = X * Y - Z * Z
    e3 = X * Y * Z
    return (1.0 - e2 / 10.0 + e3 / 14.0 + e2 * e2 / 24.0 - 3.0 * e2 * e3 / 44.0) / np.sqrt(mu)


def _ellipkinc_sc(s, c, k, kp):
    """``F(φ | m)`` for the amplitude ``φ ∈ [−π, π]`` given by ``(sin φ, cos φ) = (s, c)``.

    Uses ``F(π − ψ) = 2K − F(ψ)`` and ``F(−φ) = −F(φ)``; ``1 − m sin²ψ`` is formed as
    ``cos²ψ + k'² sin²ψ`` (through its root ``hypot(cos ψ, k' sin ψ)``), so ``φ`` next to
    ``π/2`` with ``k'`` tiny keeps full relative accuracy (given ``s, c`` accurate: pass them,
    not ``φ`` rounded to a float).
    """
    s, c, k, kp = np.broadcast_arrays(*(np.asarray(v, dtype=float) for v in (s, c, k, kp)))
    sa, ca = np.abs(s), np.abs(c)
    root_y = np.hypot(ca, kp * sa)
    with np.errstate(divide="ignore", invalid="ignore"):
        f = sa * _carlson_rf_roots(ca, root_y, np.ones_like(ca))
    f = np.where(ca == 0.0, _ellipk_kp(kp), f)        # φ = ±π/2 exactly: F = K (inf at k' = 0)
    f = np.where(c < 0, 2.0 * _ellipk_kp(kp) - f, f)
    return np.where(s < 0, -f, f)


def _ellipj_kp(u, k, kp):
    """``(sn, cn, dn, am)`` of ``u`` for the moduli ``(k, k')``, ``k² + k'² = 1`` (arrays, broadcast)."""
    u, k, kp = np.broadcast_arrays(*(np.asarray(v, dtype=float) for v in (u, k, kp)))
    one = kp == 0.0                                    # m = 1: closed forms below
    K = np.where(one, 1.0, _ellipk_kp(kp))
    n = np.where(one, 0.0, np.round(u / K))
    v = np.where(one, 0.0, u - n * K)                  # |v| ≤ K/2 (to rounding)
    a, b, c = _agm(k, kp)
    N = len(a) - 1
    phi = (2.0 ** N) * a[-1] * v
    for j in range(N, 0, -1):
        s, co = np.sin(phi), np.cos(phi)
        with np.errstate(divide="ignore", invalid="ignore"):    # the branch not taken may divide by 0
            one_minus = np.where(s >= 0, co * co / (1.0 + s), 1.0 - s)   # 1 − sin φ without cancellation
            one_plus = np.where(s >= 0, 1.0 + s, co * co / (1.0 - s))
        root = np.sqrt((b[j - 1] + c[j] * one_minus) * (b[j - 1] + c[j] * one_plus))   # a_j sqrt(1 − x²)
        phi = 0.5 * (phi + np.arctan2(c[j] * s, root))  # x = (c_j / a_j) sin φ_j, a_j − c_j = b_{j−1}
    sn0, cn0 = np.sin(phi), np.cos(phi)                # cn0 > 0 for |v| ≤ K/2
    near = (kp <= _HYPERBOLIC_KP) & ~one
    if np.any(near):
        # cos φ keeps only an absolute accuracy of 1e-16, but cn(v) is as small as sqrt(k') at
        # |v| = K/2: for k' ≤ 1e-8 use A&S 16.15 instead, cn = sech v − ¼ k'² tanh v (sinh v − v sech v)
        # and the like, whose neglected terms are O(k'² e^{2|v|})² ≤ 16 k'² relative for |v| ≤ K/2.
        vn = np.where(near, v, 0.0)
        th, sech, sh = np.tanh(vn), 1.0 / np.cosh(vn), np.sinh(vn)
        q = 0.25 * kp
        with np.errstate(under="ignore"):
            sn0 = np.where(near, th + q * kp * (th - vn * sech * sech), sn0)
            cn0 = np.where(near, sech - q * (kp * sh) * th + q * kp * vn * sech * th, cn0)
            phi = np.where(near, 2.0 * np.arctan(np.tanh(0.5 * vn)) + q * (kp * sh) - q * kp * vn * sech, phi)
    dn0 = np.hypot(kp, k * cn0)                        # dn² = k'² + k² cn² (= 1 − m sn²)
    q = np.mod(n, 4.0)
    odd = (q == 1.0) | (q == 3.0)
    neg = q >= 2.0
    sn = np.where(odd, cn0 / dn0, sn0)
    cn = np.where(odd, -kp * sn0 / dn0, cn0)
    dn = np.where(odd, kp / dn0, dn0)
    sn, cn = np.where(neg, -sn, sn), np.where(neg, -cn, cn)
    # am(u) = p π + am(w) with p = floor(n/2), w = u − 2pK = v or v + K.
    p = np.floor(0.5 * n)
    am = p * np.pi + np.where(odd, np.arctan2(cn0, -kp * sn0), phi)
    if np.any(one):
        with np.errstate(over="ignore"):
            sech = 1.0 / np.cosh(u)
        sn = np.where(one, np.tanh(u), sn)
        cn = np.where(one, sech, cn)
        dn = np.where(one, sech, dn)
        am = np.where(one, 2.0 * np.arctan(np.tanh(0.5 * u)), am)  # gd u, without overflow
    return sn, cn, dn, am


# --------------------------------------------------------------------------- public functions
def ellipk(m) -> np.ndarray:
    """Complete elliptic integral of the first kind ``K(m)`` (``inf`` at ``m = 1``, where it diverges).

    A scalar ``m`` gives a numpy scalar, an array an array (so do :func:`ellipkinc` and :func:`ellipj`).

    Raises ``ValueError`` for ``m`` outside ``[0, 1]``, not finite, not real, or empty.
    """
    _, kp = _moduli(_parameter(m))
    return _ellipk_kp(kp)[()]


def ellipkinc(phi, m) -> np.ndarray:
    """Incomplete elliptic integral of the first kind ``F(φ | m)`` for any real ``φ`` (rad), ``m < 1``.

    Raises ``ValueError`` for bad ``phi`` or ``m`` (as :func:`ellipk`; ``m = 1`` too, where
    ``F`` diverges at ``φ = π/2``), shapes that do not broadcast, or a result that overflows.
    """
    phi = _real_array(phi, "phi")
    m = _parameter(m)
    if np.any(m >= 1.0):
        raise ValueError("m must be < 1 for ellipkinc (F diverges at φ = π/2 when m = 1)")
    phi, m = _broadcast(("phi", phi), ("m", m))
    k, kp = _moduli(m)
    j = np.round(phi / np.pi)
    p = phi - j * np.pi                       # p in [−π/2, π/2]
    with np.errstate(over="ignore"):
        out = _ellipkinc_sc(np.sin(p), np.cos(p), k, kp) + 2.0 * j * _ellipk_kp(kp)
    if not np.all(np.isfinite(out)):
        raise ValueError(f"phi is too large: F(φ | m) overflows a float (|phi| up to {np.max(np.abs(phi)):.3g})")
    return out[()]


def ellipj(u, m):
    """Jacobi elliptic functions ``(sn, cn, dn, φ)`` of ``u`` with parameter ``m = k²``.

    ``φ = am(u | m)`` is the amplitude: ``sn = sin φ``, ``cn = cos φ``, ``dn = sqrt(1 − m sn²)``.
    At ``m = 0``: ``(sin u, cos u, 1, u)``; at ``m = 1``: ``(tanh u, sech u, sech u, gd u)``.

    Raises ``ValueError`` for bad ``u`` or ``m`` (as :func:`ellipk`), ``|u| > MAX_ARGUMENT``
    (1e9: the phase would be lost to rounding), or shapes that do not broadcast.
    """
    u = _real_array(u, "u")
    m = _parameter(m)
    if np.any(np.abs(u) > MAX_ARGUMENT):
        raise ValueError(f"u must satisfy |u| ≤ {MAX_ARGUMENT:g}, got {np.max(np.abs(u)):.3g}: beyond, "
                         "rounding of u alone shifts the phase of sn, cn, dn")
    u, m = _broadcast(("u", u), ("m", m))
    k, kp = _moduli(m)
    return tuple(x[()] for x in _ellipj_kp(u, k, kp))
