"""The primitives' inertia tensors about their centre of mass, symmetry axis along z (the forces-and-impulses
article, §1 慣性テンソル):

``I = ∫ρ (|r|² 𝟙 − r rᵀ) dV`` worked out for a box, spheres, cylinders, a rod, a cone and an ellipsoid.
"""

from __future__ import annotations

import numpy as np

from .. import _validate as _v
from ._common import _EYE, _TINY, _diag, _names

__all__ = [
    "box", "solid_sphere", "hollow_sphere", "solid_cylinder", "hollow_cylinder", "rod", "solid_cone",
    "ellipsoid",
]


def _primitive(names, mass, entries, fast):
    """The diagonal tensor of a primitive, refusing a result that overflows or underflows.

    ``fast()`` evaluates the textbook formula (kept bit for bit for ordinary sizes). Each of
    ``entries`` is ``(coef, [(weight, length), ...])`` for the moment
    ``coef · mass · Σ weight · length²``; when ``fast`` overflows (or a positive moment underflows)
    the moments are evaluated again scaled by the largest length, so ``mass = 1e-200`` with
    ``a = 1e200`` still works. A moment that truly overflows (> 1.8e308) or underflows
    (below 2.2e-308, so it would read as 0) raises ValueError naming the arguments.
    """
    with np.errstate(over="ignore", under="ignore", invalid="ignore"):
        d = np.asarray(fast(), dtype=float)
        want = np.array([any(w > 0 for w, _ in terms) for _, terms in entries])
        if not (np.all(np.isfinite(d)) and np.all(d[want] >= _TINY)):
            d = np.array([_scaled_moment(coef, mass, terms) for coef, terms in entries])
    if not np.all(np.isfinite(d)):
        raise ValueError(f"{_names(names)} too large: the moments of inertia overflow the float range "
                         f"(m × size² > 1.8e308)")
    if np.any(d[want] < _TINY):
        raise ValueError(f"{_names(names)} too small: the moments of inertia underflow "
                         f"(m × size² below 2.2e-308 would read as 0)")
    return np.diag(d)


def _scaled_moment(coef, mass, terms):
    s = max(length for w, length in terms if w > 0) if any(w > 0 for w, _ in terms) else 0.0
    if s == 0.0:
        return 0.0
    return coef * (mass * s) * s * sum(w * (length / s) ** 2 for w, length in terms)


def box(mass, a, b, c) -> np.ndarray:
    """Solid rectangular box (cuboid) about its centre of mass.

    Parameters
    ----------
    mass : float
        Mass ``m > 0``.
    a, b, c : float
        Full edge lengths along x, y and z (> 0).

    Returns
    -------
    ndarray, shape (3, 3)
        ``m/12 · diag(b² + c², a² + c², a² + b²)``.

    Notes
    -----
    The forces-and-impulses article, §1 慣性テンソル: a body with the symmetry planes x = 0, y = 0, z = 0 has a
    diagonal tensor.
    """
    m = _v.positive(mass, "mass")
    a = _v.positive(a, "a")
    b = _v.positive(b, "b")
    c = _v.positive(c, "c")
    return _primitive(("mass", "a", "b", "c"), m,
                      [(1 / 12, [(1, b), (1, c)]), (1 / 12, [(1, a), (1, c)]), (1 / 12, [(1, a), (1, b)])],
                      lambda: np.diag(m / 12.0 * _diag(b * b + c * c, a * a + c * c, a * a + b * b)))


def solid_sphere(mass, r) -> np.ndarray:
    """Solid ball of radius ``r`` about its centre: ``2/5 · m r² · 1``, shape (3, 3).

    The forces-and-impulses article, §1: every axis through the centre is a principal axis (the axes are not unique).
    """
    m = _v.positive(mass, "mass")
    r = _v.positive(r, "r")
    return _primitive(("mass", "r"), m, [(0.4, [(1, r)])] * 3, lambda: np.diag(0.4 * m * r * r * _EYE))


def hollow_sphere(mass, r) -> np.ndarray:
    """Thin spherical shell of radius ``r`` about its centre: ``2/3 · m r² · 1``, shape (3, 3).

    The forces-and-impulses article, §1 (all mass at distance ``r``; every axis is a principal axis).
    """
    m = _v.positive(mass, "mass")
    r = _v.positive(r, "r")
    return _primitive(("mass", "r"), m, [(2 / 3, [(1, r)])] * 3, lambda: np.diag(2.0 / 3.0 * m * r * r * _EYE))


def solid_cylinder(mass, r, h) -> np.ndarray:
    """Solid circular cylinder, axis along z, about its centre of mass.

    Parameters
    ----------
    mass, r, h : float
        Mass, radius and full height (all > 0).

    Returns
    -------
    ndarray, shape (3, 3)
        ``diag(m (3r² + h²)/12, m (3r² + h²)/12, m r²/2)``.

    Notes
    -----
    The forces-and-impulses article, §1: a rotationally symmetric body has a diagonal tensor in axes aligned
    with its symmetry axis; the two transverse moments are equal.
    """
    m = _v.positive(mass, "mass")
    r = _v.positive(r, "r")
    h = _v.positive(h, "h")

    def fast():
        t = m * (3.0 * r * r + h * h) / 12.0
        return [t, t, 0.5 * m * r * r]
    side = (1 / 12, [(3, r), (1, h)])
    return _primitive(("mass", "r", "h"), m, [side, side, (0.5, [(1, r)])], fast)


def hollow_cylinder(mass, r_inner, r_outer, h) -> np.ndarray:
    """Thick-walled tube, axis along z, about its centre of mass.

    Parameters
    ----------
    mass : float
        Mass ``m > 0`` (of the material between the two radii).
    r_inner, r_outer : float
        Inner and outer radii, ``0 ≤ r_inner < r_outer`` (``r_inner = 0`` is
        :func:`solid_cylinder`).
    h : float
        Full height (> 0).

    Returns
    -------
    ndarray, shape (3, 3)
        ``diag(m (3(r₁² + r₂²) + h²)/12, same, m (r₁² + r₂²)/2)``.

    Notes
    -----
    The forces-and-impulses article, §1. The thin-wall limit ``r_inner → r_outer = r`` gives
    ``diag(m (6r² + h²)/12, same, m r²)``.
    """
    m = _v.positive(mass, "mass")
    ri = _v.nonnegative(r_inner, "r_inner")
    ro = _v.positive(r_outer, "r_outer")
    h = _v.positive(h, "h")
    if not ri < ro:
        raise ValueError(f"r_inner must be < r_outer, got r_inner={ri!r}, r_outer={ro!r}")

    def fast():
        s = ri * ri + ro * ro
        t = m * (3.0 * s + h * h) / 12.0
        return [t, t, 0.5 * m * s]
    side = (1 / 12, [(3, ri), (3, ro), (1, h)])
    return _primitive(("mass", "r_inner", "r_outer", "h"), m, [side, side, (0.5, [(1, ri), (1, ro)])], fast)


def rod(mass, length) -> np.ndarray:
    """Thin rod along z about its centre: ``diag(m L²/12, m L²/12, 0)``, shape (3, 3).

    The axial moment is zero: a valid tensor (see :func:`validate`), but not invertible,
    so a thin rod cannot be simulated by Euler's equations. The forces-and-impulses article, §1.
    """
    m = _v.positive(mass, "mass")
    L = _v.positive(length, "length")
    side = (1 / 12, [(1, L)])
    return _primitive(("mass", "length"), m, [side, side, (0.0, [(0, L)])],
                      lambda: [m * L * L / 12.0, m * L * L / 12.0, 0.0])


def solid_cone(mass, r, h) -> np.ndarray:
    """Solid right circular cone, axis along z, about its centre of mass.

    The centre of mass lies on the axis at ``h/4`` above the base (``3h/4`` below the apex).

    Parameters
    ----------
    mass, r, h : float
        Mass, base radius and height (all > 0).

    Returns
    -------
    ndarray, shape (3, 3)
        ``diag(3/80 · m (4r² + h²), 3/80 · m (4r² + h²), 3/10 · m r²)``.

    Notes
    -----
    The forces-and-impulses article, §1. About the apex the transverse moment is ``3/5 m (r²/4 + h²)``; moving
    it to the centre of mass with :func:`to_center_of_mass` (offset ``3h/4``) gives the
    value above.
    """
    m = _v.positive(mass, "mass")
    r = _v.positive(r, "r")
    h = _v.positive(h, "h")

    def fast():
        t = 3.0 / 80.0 * m * (4.0 * r * r + h * h)
        return [t, t, 0.3 * m * r * r]
    side = (3 / 80, [(4, r), (1, h)])
    return _primitive(("mass", "r", "h"), m, [side, side, (0.3, [(1, r)])], fast)


def ellipsoid(mass, a, b, c) -> np.ndarray:
    """Solid ellipsoid with semi-axes ``a, b, c`` along x, y, z, about its centre.

    Returns
    -------
    ndarray, shape (3, 3)
        ``m/5 · diag(b² + c², a² + c², a² + b²)`` (``a = b = c = r`` is :func:`solid_sphere`).

    Notes
    -----
    The forces-and-impulses article, §1 慣性テンソル.
    """
    m = _v.positive(mass, "mass")
    a = _v.positive(a, "a")
    b = _v.positive(b, "b")
    c = _v.positive(c, "c")
    return _primitive(("mass", "a", "b", "c"), m,
                      [(1 / 5, [(1, b), (1, c)]), (1 / 5, [(1, a), (1, c)]), (1 / 5, [(1, a), (1, b)])],
                      lambda: np.diag(m / 5.0 * _diag(b * b + c * c, a * a + c * c, a * a + b * b)))
