"""Centres of percussion and of oscillation: the conjugate points of a body moving in a plane.

A rigid body of mass ``m`` moves in a plane; ``I_c = m k²`` is its moment of inertia about the axis
through its centre of mass C perpendicular to that plane (``k`` the radius of gyration), a principal
axis (so that ``ω = I⁻¹ H`` lies along it and the motion stays in the plane). Positions
are signed distances ``x`` from C along a line through C (a bat's axis), and velocities are the
components perpendicular to that line (the sideways direction of the blow).

**A blow** (the forces-and-impulses article, §3 力の適用): an impulse ``J`` across the line at
``x = d`` gives ``v = J/m`` and ``ω = d J / I_c`` (``H = r × J``), so the point at ``x`` moves, just
after the blow, with

    v(x) = J/m + ω x = J (1/m + d x / I_c)                              (:func:`transverse_velocity`)

It is momentarily at rest at ``x = −k²/d``: on the other side of C, at the distance

    a = k²/d = I_c / (m d),     i.e.  a · d = k²                        (:func:`conjugate_distance`)

The relation is symmetric: hold the body at one point (the pivot, the hands) and strike at the
other (the centre of percussion), and the hands feel no blow; the two points can be swapped.

**A pendulum**: hung at a pivot a distance ``a`` from C, the body swings under gravity with
``I_p θ̈ = −m g a sin θ`` (``I_p = I_c + m a²``, parallel axes), for small angles like a simple
pendulum of length

    ℓ = I_p / (m a) = a + k²/a                                          (:func:`pendulum_length`)

— the distance from the pivot to its conjugate point: the centre of oscillation is the centre of
percussion (Huygens, *Horologium oscillatorium*, 1673; Routh, *Elementary Rigid Dynamics*; e.g. Kleppner &
Kolenkow, *An Introduction to Mechanics*, the chapter on rigid-body motion). Hung at that point instead, it swings with
the same period (Kater's reversible pendulum). The small-angle period is ``2π √(ℓ/g)``
(:func:`pendulum_period`).

Every function takes arrays (leading axes broadcast together) and checks its arguments: bad input
raises ValueError naming the argument.
"""

from __future__ import annotations

import numpy as np

from . import _validate as _v

__all__ = ["conjugate_distance", "transverse_velocity", "pendulum_length", "pendulum_period"]

#: Standard gravity g (m/s²), the default of :func:`pendulum_period`.
STANDARD_GRAVITY = 9.80665


_PIVOT_REASON = "a distance from the centre of mass; hung there the body does not swing"


def _positive(x, name, what):
    a = _v.array(x, name)
    bad = ~(a > 0)
    if bad.any():
        raise ValueError(f"{name} must be > 0 ({what}), got {float(a.ravel()[np.argmax(bad.ravel())])!r}")
    return a


def _out(x):
    x = np.asarray(x, dtype=float)
    return float(x) if x.ndim == 0 else x


def _scale(mass, inertia_c, names):
    """``mass`` and ``inertia_c`` as arrays, each checked to be > 0 (the caller checks the shapes)."""
    m = _positive(mass, names[0], "a mass")
    I_c = _positive(inertia_c, names[1], "a moment of inertia about the centre of mass")
    return m, I_c


def conjugate_distance(mass, inertia_c, distance):
    """Distance ``a = k²/d = I_c/(m d)`` from the centre of mass of the point conjugate to the point
    at distance ``d``: struck across the line at ``d``, the body's point at ``a`` on the other side
    of the centre of mass is momentarily at rest (``a · d = k²``, symmetric in ``a`` and ``d``).

    Parameters
    ----------
    mass : array_like
        ``m`` (kg), > 0.
    inertia_c : array_like
        ``I_c`` (kg m²), > 0: the moment of inertia about the axis through the centre of mass
        perpendicular to the plane of the motion (``inertia.rod(m, L)[0, 0]`` for a thin rod).
    distance : array_like
        ``d`` (m), > 0: the distance from the centre of mass of the struck point (or of the pivot).
        A blow through the centre of mass (``d = 0``) turns nothing: no point is at rest.

    Returns
    -------
    float or ndarray
        ``a`` (m), the broadcast shape of the arguments.
    """
    m, I_c = _scale(mass, inertia_c, ("mass", "inertia_c"))
    d = _positive(distance, "distance",
                  "a distance from the centre of mass; a blow through it leaves no point at rest")
    _v.broadcast(("mass", m, 0), ("inertia_c", I_c, 0), ("distance", d, 0))
    with np.errstate(over="ignore", under="ignore", divide="ignore", invalid="ignore"):
        a = (I_c / m) / d
    return _out(_v.finite_result(a, ("mass", "inertia_c", "distance"), "k²/d"))


def transverse_velocity(mass, inertia_c, strike, point, impulse=1.0):
    """Velocity across the line, just after the blow, of the point at ``point``, for an impulse
    ``impulse`` across the line at ``strike``: ``v = J (1/m + strike · point / I_c)``.

    ``strike`` and ``point`` are signed positions (m) along the line, measured from the centre of
    mass; the velocity is positive in the direction of the impulse (negative: knocked backwards).
    It is ``J/m`` (the centre of mass) plus ``ω x`` with ``ω = strike · J / I_c`` (``H = r × J``,
    the forces-and-impulses article, §3 力の適用), and zero at ``point = −I_c/(m strike)``
    (:func:`conjugate_distance`).

    Parameters
    ----------
    mass, inertia_c : array_like
        ``m`` (kg) and ``I_c`` (kg m², about the centre of mass, perpendicular to the plane), > 0.
    strike, point : array_like
        Signed positions (m) of the struck point and of the point whose velocity is wanted.
    impulse : array_like
        ``J`` (N s), signed, default 1.

    Returns
    -------
    float or ndarray
        The velocity (m/s), the broadcast shape of the arguments.
    """
    m, I_c = _scale(mass, inertia_c, ("mass", "inertia_c"))
    s = _v.array(strike, "strike")
    x = _v.array(point, "point")
    J = _v.array(impulse, "impulse")
    _v.broadcast(("mass", m, 0), ("inertia_c", I_c, 0), ("strike", s, 0), ("point", x, 0), ("impulse", J, 0))
    with np.errstate(over="ignore", under="ignore", divide="ignore", invalid="ignore"):
        v = J / m + J * s * x / I_c
    return _out(_v.finite_result(v, ("mass", "inertia_c", "strike", "point", "impulse"), "the velocity"))


def pendulum_length(mass, inertia_c, pivot_distance):
    """Length ``ℓ = I_p/(m a) = a + k²/a`` of the simple pendulum that swings (at small angles) like
    the body hung at a pivot ``a = pivot_distance`` from its centre of mass (``I_p = I_c + m a²``).

    ``ℓ`` is the distance from the pivot to the pivot's conjugate point (:func:`conjugate_distance`):
    the centre of oscillation is the centre of percussion, and hung there the body swings with the
    same period (symmetric in ``a`` and ``k²/a``).

    Parameters
    ----------
    mass, inertia_c : array_like
        ``m`` (kg) and ``I_c`` (kg m², about the centre of mass, perpendicular to the swing), > 0.
    pivot_distance : array_like
        ``a`` (m), > 0: hung at its centre of mass the body does not swing.

    Returns
    -------
    float or ndarray
        ``ℓ`` (m).
    """
    m, I_c = _scale(mass, inertia_c, ("mass", "inertia_c"))
    a = _positive(pivot_distance, "pivot_distance", _PIVOT_REASON)
    _v.broadcast(("mass", m, 0), ("inertia_c", I_c, 0), ("pivot_distance", a, 0))
    with np.errstate(over="ignore", under="ignore", divide="ignore", invalid="ignore"):
        ell = a + (I_c / m) / a
    return _out(_v.finite_result(ell, ("mass", "inertia_c", "pivot_distance"), "a + k²/a"))


def pendulum_period(mass, inertia_c, pivot_distance, g=STANDARD_GRAVITY):
    """Small-angle period ``T = 2π √(ℓ/g) = 2π √(I_p/(m g a))`` (s) of the body hung at a pivot
    ``pivot_distance`` from its centre of mass (``ℓ`` from :func:`pendulum_length`).

    Exact in the limit of small swings; an amplitude ``θ₀`` lengthens it by the factor
    ``1 + θ₀²/16 + …``. ``g`` (m/s², > 0) defaults to :data:`STANDARD_GRAVITY`.
    """
    m, I_c = _scale(mass, inertia_c, ("mass", "inertia_c"))
    a = _positive(pivot_distance, "pivot_distance", _PIVOT_REASON)
    gg = _positive(g, "g", "the acceleration of gravity")
    _v.broadcast(("mass", m, 0), ("inertia_c", I_c, 0), ("pivot_distance", a, 0), ("g", gg, 0))
    with np.errstate(over="ignore", under="ignore", divide="ignore", invalid="ignore"):
        T = 2.0 * np.pi * np.sqrt((a + (I_c / m) / a) / gg)
    return _out(_v.finite_result(T, ("mass", "inertia_c", "pivot_distance", "g"), "the period"))
