"""The heavy symmetric top pivoted at a fixed point (notebook 11): its constants of motion and formulas.

A symmetric top (moments ``I1 = I2`` and ``I3`` about the *pivot*, ``I1`` from
:func:`rbteach.inertia.parallel_axis`) has its centre of mass at distance ``l`` on its symmetry axis; gravity
``m g`` gives the torque ``τ = r × m g`` about the pivot, ``mgl = m g l``. With the z-x-z Euler angles
(φ precession, θ tilt of the symmetry axis from the upward vertical, ψ spin; ``R = R_z(φ) R_x(θ) R_z(ψ)``
body → world) the Lagrangian is

    ``ℒ = ½ I1 (θ̇² + φ̇² sin²θ) + ½ I3 (ψ̇ + φ̇ cos θ)² − mgl cos θ``.

φ and ψ do not appear: ``L_z = I1 φ̇ sin²θ + L3 cos θ`` and ``L3 = I3 ω3`` (``ω3 = ψ̇ + φ̇ cos θ``) are
constant, and so is the energy ``E = ½ I1 (θ̇² + φ̇² sin²θ) + ½ I3 ω3² + mgl cos θ``. With ``u = cos θ``,

    ``u̇² = f(u) = (1 − u²)(α − β u) − (b − a u)²``,  ``a = L3/I1``, ``b = L_z/I1``,
    ``α = (2E − I3 ω3²)/I1``, ``β = 2 mgl/I1``,

a cubic whose two roots in [−1, 1] bound the nutation (Goldstein, *Classical Mechanics*, §5.7; Landau &
Lifshitz, *Mechanics*, §35, its problems). Started upright, ``L_z = L3`` and ``α = β``: ``f(u) = (1 − u)² (β (1 + u) − a²)``,
and the top *sleeps* (stays upright when nudged) if ``L3² > 4 I1 mgl``, i.e. the third root ``a²/β − 1`` is above 1.
Every function takes the top (``I1``, ``I3``, ``mgl``) and the start (``theta0``, ``phi_dot0``,
``omega3``, ``theta_dot0``), all in SI units and radians, and checks them (``ValueError`` naming the
argument).
"""

from __future__ import annotations

import functools
import math

import numpy as np

from . import _validate as _v
from . import quaternion as _q

__all__ = ["constants", "cubic_coefficients", "cubic", "cubic_roots", "nutation_bounds", "nutation_period",
           "effective_potential", "precession_rates", "initial_state", "symmetry_axis"]


_TOP_ARGS = ("I1", "I3", "mgl", "theta0", "phi_dot0", "omega3", "theta_dot0")


def _finite(names, what):
    """Decorator: the function's numbers stay finite, or a ValueError names the arguments ``names``
    whose size made ``what`` overflow (no numpy warning on the way)."""
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            with np.errstate(all="ignore"):
                out = fn(*args, **kwargs)
            parts = tuple(out.values()) if isinstance(out, dict) else out if isinstance(out, tuple) else (out,)
            _v.finite_result(tuple(np.asarray(x, dtype=float) for x in parts), names, what)
            return out
        return wrapper
    return deco


def _bisect(f, a: float, b: float) -> float:
    """A root of ``f`` between ``a`` and ``b`` (``f(a)``, ``f(b)`` of opposite signs or zero), by plain
    bisection to the last bit: the same bits on every machine, and no SciPy at run time."""
    fa = f(a)
    for _ in range(2000):
        m = 0.5 * (a + b)
        if m == a or m == b:
            break
        fm = f(m)
        if (fm <= 0.0) == (fa <= 0.0):
            a, fa = m, fm
        else:
            b = m
    return 0.5 * (a + b)


def _top(I1, I3, mgl):
    return _v.positive(I1, "I1"), _v.positive(I3, "I3"), _v.positive(mgl, "mgl")


def _tilt(theta, name="theta0"):
    th = _v.finite_scalar(theta, name)
    if not 0.0 < th < math.pi:
        raise ValueError(f"{name} must lie strictly between 0 and π rad (the axis not vertical), got {th!r}")
    return th


def _start(theta0, phi_dot0, omega3, theta_dot0):
    return (_tilt(theta0), _v.finite_scalar(phi_dot0, "phi_dot0"), _v.finite_scalar(omega3, "omega3"),
            _v.finite_scalar(theta_dot0, "theta_dot0"))


@_finite(_TOP_ARGS, "the constants of motion")
def constants(I1, I3, mgl, theta0, phi_dot0, omega3, theta_dot0=0.0) -> dict:
    """The constants of motion of the top started at tilt ``theta0`` with rates ``phi_dot0``, ``theta_dot0``
    and spin ``omega3 = ψ̇ + φ̇ cos θ`` (rad/s).

    Returns ``{"E", "Lz", "L3", "a", "b", "alpha", "beta"}``: the energy (J; zero of the potential at the
    pivot's height), ``L_z`` and ``L3`` (N m s), and the coefficients of :func:`cubic`.
    """
    I1, I3, mgl = _top(I1, I3, mgl)
    th, pd, w3, td = _start(theta0, phi_dot0, omega3, theta_dot0)
    s, c = math.sin(th), math.cos(th)
    L3 = I3 * w3
    Lz = I1 * pd * s * s + L3 * c
    E = 0.5 * I1 * (td * td + pd * pd * s * s) + 0.5 * I3 * w3 * w3 + mgl * c
    out = {"E": E, "Lz": Lz, "L3": L3, "a": L3 / I1, "b": Lz / I1, "alpha": (2.0 * E - I3 * w3 * w3) / I1,
           "beta": 2.0 * mgl / I1}
    return out


@_finite(_TOP_ARGS, "the cubic's coefficients")
def cubic_coefficients(I1, I3, mgl, theta0, phi_dot0, omega3, theta_dot0=0.0) -> np.ndarray:
    """``f(u) = β u³ − (α + a²) u² + (2ab − β) u + (α − b²)``: the 4 coefficients, highest power first."""
    k = constants(I1, I3, mgl, theta0, phi_dot0, omega3, theta_dot0)
    a, b, al, be = k["a"], k["b"], k["alpha"], k["beta"]
    return np.array([be, -(al + a * a), 2.0 * a * b - be, al - b * b])


@_finite(("u",) + _TOP_ARGS, "f(u)")
def cubic(u, I1, I3, mgl, theta0, phi_dot0, omega3, theta_dot0=0.0):
    """``f(u) = (1 − u²)(α − β u) − (b − a u)² = u̇²`` at ``u = cos θ`` (array_like; any shape)."""
    uu = _v.array(u, "u")
    k = constants(I1, I3, mgl, theta0, phi_dot0, omega3, theta_dot0)
    a, b, al, be = k["a"], k["b"], k["alpha"], k["beta"]
    return (1.0 - uu * uu) * (al - be * uu) - (b - a * uu) ** 2


@_finite(_TOP_ARGS, "the cubic's roots")
def cubic_roots(I1, I3, mgl, theta0, phi_dot0, omega3, theta_dot0=0.0) -> tuple:
    """The three real roots ``u1 ≤ u2 ≤ u3`` of :func:`cubic`: ``−1 ≤ u1 ≤ cos θ0 ≤ u2 ≤ 1 ≤ u3``.

    ``f(±1) = −(b ∓ a)² ≤ 0``, ``f(cos θ0) = θ̇0² sin²θ0 ≥ 0`` and ``f → +∞``, so ``u1`` lies in
    [−1, cos θ0] (the only root there), ``u2`` in [cos θ0, 1] and ``u3 ≥ 1``.

    - ``theta_dot0 = 0``: ``cos θ0`` is itself a root; the other two come from the quadratic left after
      dividing it out (the stable formula: the larger root by the sign-matched square root, the other from
      the product ``q0/β``).
    - Else, if ``f(1) < 0``: ``u1`` by bisection on [−1, cos θ0] and ``u2`` on [cos θ0, 1] (one root in
      each), ``u3`` the sum of the roots minus the other two.
    - If ``f(1) = 0`` (``L_z = L3``, as for a top started upright or a top that does not spin,
      ``ω3 = φ̇0 = 0``, i.e. a pendulum), ``u = 1`` is a root and [cos θ0, 1] may hold two: 1 is divided
      out and the three roots sorted (``−1`` likewise when ``f(−1) = 0``, ``L_z = −L3``; both for the
      pendulum, ``a = b = 0``, whose third root is ``(α + a²)/β``). If rounding leaves
      ``f(cos θ0) ≤ 0`` and neither ±1 is a root, ``cos θ0`` is divided out, as for ``theta_dot0 = 0``.

    No eigenvalue solver: the same bits on every CPU.
    Agrees with ``numpy.roots`` to about 1e-15 for simple roots; near a double root (steady precession,
    the sleeping-top threshold) a root is only determined to about the square root of the rounding error,
    for either method.
    """
    coef = cubic_coefficients(I1, I3, mgl, theta0, phi_dot0, omega3, theta_dot0)
    be, c2, c1, c0 = (float(x) for x in coef)
    th, _, _, td = _start(theta0, phi_dot0, omega3, theta_dot0)
    u0 = math.cos(th)

    def f(u):
        return ((be * u + c2) * u + c1) * u + c0

    def others(k):
        """The two roots left after dividing out the root ``k``: f(u) = (u − k)(β u² + q1 u + q0)."""
        q1 = c2 + be * k
        q0 = c1 + q1 * k
        disc = math.sqrt(max(q1 * q1 - 4.0 * be * q0, 0.0))
        big = (-q1 + disc) / (2.0 * be) if q1 <= 0 else (-q1 - disc) / (2.0 * be)
        other = q0 / (be * big) if big != 0.0 else 0.0  # the product of the two roots is q0/β
        return sorted((big, other))

    if td == 0.0:
        lo, hi = others(u0)
        lo = min(max(lo, -1.0), 1.0)
        return (min(u0, lo), max(u0, lo), max(hi, 1.0))
    if f(u0) > 0.0 and f(1.0) < 0.0:
        u1 = _bisect(f, -1.0, u0) if f(-1.0) < 0 else -1.0
        u2 = _bisect(f, u0, 1.0)
        u3 = -c2 / be - u1 - u2                        # the sum of the roots is (α + a²)/β
        return (u1, u2, max(u3, 1.0))
    # f(1) = 0 (b = a): 1 is a root, and [cos θ0, 1] may hold another; f(−1) = 0 likewise; or f(cos θ0)
    # rounds to ≤ 0: cos θ0 is a root to rounding. Divide the known root out (±1 first: exact) and sort.
    up, down = f(1.0) >= 0.0, f(-1.0) >= 0.0
    if up and down:                                    # a = b = 0: the pendulum; the third by the sum
        x1, x2, x3 = sorted([-1.0, 1.0, -c2 / be])
    else:
        k = 1.0 if up else -1.0 if down else u0
        x1, x2, x3 = sorted([k] + others(k))
    return (min(max(x1, -1.0), u0), min(max(x2, u0), 1.0), max(x3, 1.0))


@_finite(_TOP_ARGS, "the nutation bounds")
def nutation_bounds(I1, I3, mgl, theta0, phi_dot0, omega3, theta_dot0=0.0) -> tuple:
    """``(θ_min, θ_max)`` (rad): the tilt stays between them, ``θ = arccos u`` of the two roots in [−1, 1].

    A root that is ``cos θ0`` itself (a start at a turning point) gives ``theta0`` exactly (``arccos(cos θ0)``
    would be off by up to ~1e-16/sin θ0 near the vertical), unless ``cos θ0`` rounds to ±1 while θ̇0 ≠ 0.
    """
    u1, u2, _ = cubic_roots(I1, I3, mgl, theta0, phi_dot0, omega3, theta_dot0)
    th0, _, _, td = _start(theta0, phi_dot0, omega3, theta_dot0)
    u0 = math.cos(th0)
    own = td == 0.0 or abs(u0) < 1.0                   # θ̇0 = 0: θ0 is a turning point; else within 1.5e-8 rad
    return ((th0 if own and u2 == u0 else math.acos(min(u2, 1.0))),       # of the vertical cos θ0 rounds
            (th0 if own and u1 == u0 else math.acos(max(u1, -1.0))))      # to ±1, another root's u


@_finite(_TOP_ARGS, "the nutation period")
def nutation_period(I1, I3, mgl, theta0, phi_dot0, omega3, theta_dot0=0.0) -> float:
    """The period (s) of θ(t): ``2 K(k²)/λ`` with ``k² = (u2 − u1)/(u3 − u1)``, ``λ = ½ √(β (u3 − u1))``.

    (``u = u1 + (u2 − u1) sn²(λ t, k)`` solves ``u̇² = β (u − u1)(u − u2)(u − u3)``.)
    """
    from .elliptic import ellipk

    u1, u2, u3 = cubic_roots(I1, I3, mgl, theta0, phi_dot0, omega3, theta_dot0)
    beta = 2.0 * float(mgl) / float(I1)
    lam = 0.5 * math.sqrt(beta * (u3 - u1))
    m = (u2 - u1) / (u3 - u1)
    _v.finite_result(np.array([lam, m]), _TOP_ARGS, "the nutation period")
    return float(2.0 * ellipk(min(m, 1.0 - 1e-16)) / lam)


@_finite(("theta", "I1", "I3", "mgl", "Lz", "L3"), "V_eff")
def effective_potential(theta, I1, I3, mgl, Lz, L3):
    """``V_eff(θ) = (L_z − L3 cos θ)² / (2 I1 sin²θ) + mgl cos θ`` (J), for θ in (0, π) (array_like).

    The energy left for θ: ``E − ½ I3 ω3² = ½ I1 θ̇² + V_eff(θ)``; the top moves where ``V_eff ≤`` that.
    """
    th = _v.array(theta, "theta")
    if np.any((th <= 0.0) | (th >= math.pi)):
        raise ValueError("theta must lie strictly between 0 and π rad (sin θ = 0 is a pole of V_eff)")
    I1, I3, mgl = _top(I1, I3, mgl)
    Lz, L3 = _v.finite_scalar(Lz, "Lz"), _v.finite_scalar(L3, "L3")
    return (Lz - L3 * np.cos(th)) ** 2 / (2.0 * I1 * np.sin(th) ** 2) + mgl * np.cos(th)


def precession_rates(I1, I3, mgl, omega3, theta) -> tuple:
    """The two steady precession rates ``(slow, fast)`` (rad/s) at tilt ``theta`` and spin ``omega3``.

    Steady precession (θ̇ = θ̈ = 0) needs ``I1 cos θ φ̇² − I3 ω3 φ̇ + mgl = 0``:
    ``φ̇ = (I3 ω3 ∓ √(I3² ω3² − 4 I1 mgl cos θ)) / (2 I1 cos θ)``; the slow one is written
    ``2 mgl / (I3 ω3 + √…)`` (no cancellation; → ``mgl/(I3 ω3)``, the gyroscope rate, for fast spin).
    At ``θ = π/2`` (|cos θ| ≤ 1e-15) only the slow one exists (fast = ``inf``). Raises ValueError when
    ``I3² ω3² < 4 I1 mgl cos θ``: the spin is too slow for steady precession at this tilt.
    """
    I1, I3, mgl = _top(I1, I3, mgl)
    w3 = _v.finite_scalar(omega3, "omega3")
    th = _tilt(theta, "theta")
    c = math.cos(th)
    L3 = I3 * w3
    disc = L3 * L3 - 4.0 * I1 * mgl * c
    if disc < 0.0:
        raise ValueError(f"omega3 = {w3:.6g} rad/s is too slow for steady precession at theta = {th:.6g} rad: "
                         f"it needs (I3 ω3)² ≥ 4 I1 mgl cos θ, i.e. |omega3| ≥ {math.sqrt(4 * I1 * mgl * c) / I3:.6g}")
    root = math.sqrt(disc)
    sign = 1.0 if L3 >= 0 else -1.0
    slow = 2.0 * mgl / (L3 + sign * root) if (L3 + sign * root) != 0.0 else math.inf
    fast = (L3 + sign * root) / (2.0 * I1 * c) if abs(c) > 1e-15 else math.inf   # cos(π/2) rounds to 6e-17
    checked = (slow,) if abs(c) <= 1e-15 else (slow, fast)     # fast = inf at θ = π/2 by design
    _v.finite_result(tuple(np.asarray(x) for x in checked), ("I1", "I3", "mgl", "omega3", "theta"),
                     "the precession rates")
    return slow, fast


def initial_state(theta0, phi_dot0, omega3, theta_dot0=0.0) -> tuple:
    """``(omega_body (3,), q0 (4,))`` of the top at tilt ``theta0`` (φ = ψ = 0), for :func:`rbteach.dynamics.simulate`.

    ``R = R_z(φ) R_x(θ) R_z(ψ)``, so ``q0 = (cos θ0/2, sin θ0/2, 0, 0)``; the body angular velocity of
    z-x-z angles is ``(φ̇ sin θ sin ψ + θ̇ cos ψ, φ̇ sin θ cos ψ − θ̇ sin ψ, φ̇ cos θ + ψ̇)``, which at ψ = 0 is
    ``(θ̇0, φ̇0 sin θ0, ω3)``.
    """
    th, pd, w3, td = _start(theta0, phi_dot0, omega3, theta_dot0)
    return np.array([td, pd * math.sin(th), w3]), np.array([math.cos(0.5 * th), math.sin(0.5 * th), 0.0, 0.0])


def symmetry_axis(q) -> np.ndarray:
    """The symmetry axis (body z) in the world, ``R(q) e_z``, shape (..., 3), for attitudes q (..., 4)."""
    qa = _q._unit(_v.quaternion(q, "q"))
    w, x, y, z = np.moveaxis(qa, -1, 0)
    return np.stack([2.0 * (x * z + w * y), 2.0 * (y * z - w * x), 1.0 - 2.0 * (x * x + y * y)], axis=-1)
