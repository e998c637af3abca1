"""Inertia tensors: primitives, parallel axis, rotation, principal axes, meshes.

The forces-and-impulses article (§1 慣性テンソル) defines the inertia tensor as a volume integral,

.. math::

    I = \\int \\rho \\begin{pmatrix} y^2+z^2 & -xy & -xz \\\\ -xy & z^2+x^2 & -yz \\\\
        -xz & -yz & x^2+y^2 \\end{pmatrix} dV
      = \\int \\rho \\, (|r|^2 \\mathbb{1} - r r^T) \\, dV,

so the off-diagonal entries carry the minus sign of the products of inertia
(``I_xy = −∫ρ x y dV``). Conventions used throughout this module:

* every tensor is a float array of shape ``(3, 3)`` (or ``(..., 3, 3)`` where a
  function says it is vectorised), in kg·m² when masses are in kg and lengths in m;
* the primitives (:func:`box`, :func:`solid_sphere`, ...) are about their centre of
  mass, with the symmetry axis along ``z``;
* :func:`principal_axes` returns the moments in ascending order and a proper rotation
  ``O`` (det +1) whose columns are the principal axes in the body frame, so that
  ``I = O diag(I1, I2, I3) Oᵀ`` and ``q_o = rbteach.quaternion.from_matrix(O)``
  maps principal axes → body (the forces-and-impulses article, §1, §5);
* :func:`rotate` is ``R I Rᵀ`` with ``R`` the active body → world rotation (the article's §2 座標系);
* :func:`about_axis` is the moment ``I_n = nᵀ I n`` about the axis along ``n`` (normalised here) and
  :func:`radius_of_gyration` its ``k = √(I_n / m)``; :func:`combine` joins bodies into one (each tensor moved
  to the common centre of mass by the parallel-axis theorem, then added).

Bad input raises ``ValueError`` naming the argument and the reason.
"""

from __future__ import annotations

import numpy as np

from . import _validate as _v

__all__ = [
    "box", "solid_sphere", "hollow_sphere", "solid_cylinder", "hollow_cylinder", "rod",
    "solid_cone", "ellipsoid", "point_masses", "parallel_axis", "to_center_of_mass",
    "rotate", "principal_axes", "validate", "mesh", "box_mesh", "t_handle_mesh",
    "about_axis", "radius_of_gyration", "combine",
]

_EYE = np.eye(3)
_EPS = np.finfo(float).eps

# Tolerances of validate(), relative to the largest principal moment.
_SYM_RTOL = 1e-10        # |I − Iᵀ| allowed (rounding of R I Rᵀ is ~1e-16)
_NEG_RTOL = 1e-12        # a principal moment this far below 0 counts as negative
_TRIANGLE_RTOL = 1e-9    # I1 + I2 ≥ I3 may fail by this much
_ZERO_RTOL = 1e-12       # a principal moment this small counts as zero
_TINY = np.finfo(float).tiny


def _diag(x: float, y: float, z: float) -> np.ndarray:
    return np.diag(np.array([x, y, z], dtype=float))


def _names(names) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


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


# ---------------------------------------------------------------------------
# Primitives (about the centre of mass, symmetry axis along z)
# ---------------------------------------------------------------------------

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


# ---------------------------------------------------------------------------
# Point masses, parallel axis, rotation
# ---------------------------------------------------------------------------

def _positive_array(x, name: str) -> np.ndarray:
    a = _v.array(x, name)
    bad = a <= 0
    if np.any(bad):
        where = f"{name} = {a[()]!r}" if a.ndim == 0 else \
            f"{name}[{', '.join(map(str, np.unravel_index(np.argmax(bad), a.shape)))}] = {a[bad][0]!r}"
        raise ValueError(f"{name} must be > 0, got {where}")
    return a


def _shift_term(mass: np.ndarray, d: np.ndarray) -> np.ndarray:
    """``m (|d|² 1 − d dᵀ)``, shape (..., 3, 3)."""
    d2 = np.einsum("...i,...i->...", d, d)
    return mass[..., None, None] * (d2[..., None, None] * _EYE - d[..., :, None] * d[..., None, :])


def point_masses(masses, points):
    """Total mass, centre of mass and inertia about it of a set of point masses.

    Parameters
    ----------
    masses : array_like, shape (..., N)
        Masses, each > 0.
    points : array_like, shape (..., N, 3)
        Positions.

    Returns
    -------
    mass : ndarray, shape (...)
        ``M = Σ m_i``.
    com : ndarray, shape (..., 3)
        ``c = Σ m_i p_i / M``.
    inertia : ndarray, shape (..., 3, 3)
        ``Σ m_i (|r_i|² 1 − r_i r_iᵀ)`` with ``r_i = p_i − c`` (the forces-and-impulses article, §1, the
        integral with ``ρ dV`` replaced by point masses).
    """
    m = _positive_array(masses, "masses")
    if m.ndim < 1:
        raise ValueError(f"masses must have shape (..., N), got a single number {m[()]!r}")
    if m.shape[-1] == 0:
        raise ValueError("masses must hold at least one mass (N >= 1), got none")
    p = _v.array(points, "points", (3,))
    if p.ndim < 2:
        raise ValueError(f"points must have shape (..., N, 3), got shape {p.shape}")
    if p.shape[-2] != m.shape[-1]:
        raise ValueError(
            f"points must have shape (..., N, 3) with N = {m.shape[-1]} (one per mass), got shape {p.shape}; "
            f"masses has N = {m.shape[-1]}, points has {p.shape[-2]}")
    _v.broadcast(("masses", m, 1), ("points", p, 2))
    with np.errstate(over="ignore", invalid="ignore"):
        total = m.sum(axis=-1)
        com = np.einsum("...n,...nj->...j", m, p) / total[..., None]
        r = p - com[..., None, :]
        r2 = np.einsum("...nj,...nj->...n", r, r)
        inertia = (np.einsum("...n,...n->...", m, r2)[..., None, None] * _EYE
                   - np.einsum("...n,...nj,...nk->...jk", m, r, r))
    return _v.finite_result((total, com, inertia), ("masses", "points"), "the total mass, centre or inertia")


def parallel_axis(inertia_com, mass, offset) -> np.ndarray:
    """Inertia about the point ``com + offset`` from the inertia about the centre of mass.

    Parameters
    ----------
    inertia_com : array_like, shape (..., 3, 3)
        Inertia about the centre of mass.
    mass : float or array_like, shape (...)
        Mass, > 0.
    offset : array_like, shape (..., 3)
        Vector ``d`` from the centre of mass to the new reference point.

    Returns
    -------
    ndarray, shape (..., 3, 3)
        ``I + m (|d|² 1 − d dᵀ)`` (parallel-axis or Steiner theorem; broadcasts).

    Raises
    ------
    ValueError
        ``inertia_com`` not a physical inertia tensor (:func:`validate`: symmetric, moments
        >= 0, triangle inequality), ``mass`` not > 0, bad shapes or values, shapes that do not
        broadcast, or a result that overflows.

    See Also
    --------
    to_center_of_mass : the inverse (``inertia_conversion`` of 「回転運動のシミュレーション」 (2019)).
    """
    I = validate(inertia_com, "inertia_com")
    m = _positive_array(mass, "mass")
    d = _v.vector3(offset, "offset")
    _v.broadcast(("inertia_com", I, 2), ("mass", m, 0), ("offset", d, 1))
    with np.errstate(over="ignore", invalid="ignore"):
        out = I + _shift_term(m, d)
    return _v.finite_result(out, ("inertia_com", "mass", "offset"), "I + m (|d|² 1 − d dᵀ)")


def to_center_of_mass(inertia_origin, mass, com) -> np.ndarray:
    """Inertia about the centre of mass from the inertia about the origin.

    This is the ``inertia_conversion`` of 「回転運動のシミュレーション」 (2019), i.e. the parallel-axis theorem run
    backwards:

    ``I_com = I_origin − m (|c|² 1 − c cᵀ)``

    with ``c`` the centre of mass in the same frame. The mass matters only when the
    centre of mass is off the origin: for ``c = 0`` (the article's example) the tensor
    comes back unchanged whatever the mass.

    Parameters
    ----------
    inertia_origin : array_like, shape (..., 3, 3)
        Inertia about the origin.
    mass : float or array_like, shape (...)
        Mass, > 0.
    com : array_like, shape (..., 3)
        Centre of mass relative to the origin.

    Returns
    -------
    ndarray, shape (..., 3, 3)
        The inertia about the centre of mass; inverts :func:`parallel_axis`.

    Raises
    ------
    ValueError
        ``inertia_origin`` not a physical tensor; ``mass``/``com`` bad; or a result that is not a
        physical inertia tensor (a negative moment or the triangle inequality violated, beyond
        the rounding of the subtraction): then ``inertia_origin`` cannot be the tensor about the
        origin of a body of this ``mass`` with its centre of mass at ``com`` — typically it is
        already about the centre of mass (subtracting the shift twice).
    """
    I = validate(inertia_origin, "inertia_origin")
    m = _positive_array(mass, "mass")
    c = _v.vector3(com, "com")
    _v.broadcast(("inertia_origin", I, 2), ("mass", m, 0), ("com", c, 1))
    with np.errstate(over="ignore", invalid="ignore"):
        shift = _shift_term(m, c)
        out = I - shift
    _v.finite_result(out, ("inertia_origin", "mass", "com"), "m (|c|² 1 − c cᵀ)")
    # physical, within the rounding of I − shift (relative to the larger of the two)
    scale = np.maximum(np.abs(I).max(axis=(-1, -2)), np.abs(shift).max(axis=(-1, -2)))
    reason = _unphysical(out, scale)
    if reason:
        raise ValueError(
            f"inertia_origin, mass and com do not fit together: the tensor about the centre of mass "
            f"would {reason}; inertia_origin must be about the origin (not already about the centre "
            f"of mass), with com the centre of mass seen from that origin")
    return out


def rotate(inertia, R) -> np.ndarray:
    """Express a tensor in a rotated frame: ``R I Rᵀ`` (vectorised, broadcasts).

    Parameters
    ----------
    inertia : array_like, shape (..., 3, 3)
        Inertia tensor in the body frame (checked by :func:`validate`).
    R : array_like, shape (..., 3, 3)
        The *active* rotation body → world (``v_world = R v_body``, e.g.
        ``rbteach.quaternion.to_matrix(q_r)``): ``max |RᵀR − 1| ≤ 1e-6`` and ``det R > 0``
        (the package's one test of a rotation matrix; a float32 matrix passes).

    Returns
    -------
    ndarray, shape (..., 3, 3)
        ``I_world = R I Rᵀ`` (the forces-and-impulses article, §2 座標系: ``I_world = R I R⁻¹``, and ``R⁻¹ = Rᵀ``).

    Notes
    -----
    ``Rᵀ I R`` is the classic bug: it rotates the other way (it is right only for the
    passive matrix, e.g. the DCM of 「回転運動のシミュレーション」 (2019), which is ``Rᵀ``). Rotation keeps the
    eigenvalues (principal moments) and the trace.
    """
    I = validate(inertia, "inertia")
    R = _v.rotation_matrix(R, "R")
    _v.broadcast(("inertia", I, 2), ("R", R, 2))
    with np.errstate(over="ignore", invalid="ignore"):
        out = R @ I @ np.swapaxes(R, -1, -2)
    return _v.finite_result(out, "inertia", "R I Rᵀ")


# ---------------------------------------------------------------------------
# Moment about an axis, radius of gyration, combining bodies
# ---------------------------------------------------------------------------

def _unit_axis(axis: np.ndarray, name: str) -> np.ndarray:
    """``axis / |axis|`` for finite vectors (..., 3), scaled first so that no length overflows or underflows."""
    top = np.abs(axis).max(axis=-1, keepdims=True) if axis.size else np.ones(axis.shape[:-1] + (1,))
    zero = top[..., 0] == 0.0
    if np.any(zero):
        where = "" if axis.ndim == 1 else \
            f" at {name}[{', '.join(map(str, np.unravel_index(int(np.argmax(zero)), zero.shape)))}]"
        raise ValueError(f"{name} must be a non-zero vector (it gives the axis's direction); "
                         f"got the zero vector{where}")
    scaled = axis / np.where(top > 0.0, top, 1.0)
    return scaled / np.linalg.norm(scaled, axis=-1, keepdims=True)


def about_axis(inertia, axis) -> np.ndarray:
    """Moment of inertia about the axis through the reference point along ``axis``.

    Parameters
    ----------
    inertia : array_like, shape (..., 3, 3)
        Inertia tensor about a point O (checked by :func:`validate`).
    axis : array_like, shape (..., 3)
        Direction of the axis through O, any non-zero length (it is normalised); broadcasts with ``inertia``.

    Returns
    -------
    ndarray, shape (...)
        ``I_n = nᵀ I n`` with ``n = axis / |axis|``, in the units of ``inertia`` (kg m²); never below 0 (a
        rounding-level negative value of a tensor with a zero moment is returned as 0).

    Notes
    -----
    From the forces-and-impulses article, §1 慣性テンソル, ``I = ∫ρ (|r|² 1 − r rᵀ) dV``:
    ``nᵀ I n = ∫ρ (|r|² − (n·r)²) dV = ∫ρ |r × n|² dV``, the mass times squared distance from the axis
    (Goldstein, *Classical Mechanics*, 3rd ed., §5.3; Landau & Lifshitz, *Mechanics*, §32). In principal
    axes ``I_n = I₁ n₁² + I₂ n₂² + I₃ n₃²``, so ``I₁ ≤ I_n ≤ I₃``. Using ``axis`` unnormalised would give
    ``|axis|² I_n``.

    Raises
    ------
    ValueError
        ``inertia`` not a physical tensor, ``axis`` the zero vector or not finite, shapes that do not
        broadcast, or a result that overflows.
    """
    I = validate(inertia, "inertia")
    a = _v.vector3(axis, "axis")
    _v.broadcast(("inertia", I, 2), ("axis", a, 1))
    n = _unit_axis(a, "axis")
    scale = np.abs(I).max(axis=(-1, -2)) if I.size else np.zeros(I.shape[:-2])
    s = np.where(scale > 0.0, scale, 1.0)
    with np.errstate(over="ignore", invalid="ignore", under="ignore"):
        out = np.einsum("...i,...ij,...j->...", n, I / s[..., None, None], n) * s
    _v.finite_result(out, ("inertia", "axis"), "nᵀ I n")
    return np.maximum(out, 0.0)


def radius_of_gyration(inertia, mass, axis) -> np.ndarray:
    """Radius of gyration about the axis through the reference point along ``axis``.

    Parameters
    ----------
    inertia : array_like, shape (..., 3, 3)
        Inertia tensor about a point O (checked by :func:`validate`).
    mass : float or array_like, shape (...)
        The body's mass, > 0.
    axis : array_like, shape (..., 3)
        Direction of the axis through O (any non-zero length).

    Returns
    -------
    ndarray, shape (...)
        ``k = √(I_n / m)`` with ``I_n`` from :func:`about_axis`: the distance from the axis at which the whole
        mass, as one point, would have the same moment, ``I_n = m k²`` (Goldstein, *Classical Mechanics*,
        3rd ed., §5.3).

    Raises
    ------
    ValueError
        As :func:`about_axis`, or ``mass`` not > 0, or shapes that do not broadcast.
    """
    I = validate(inertia, "inertia")
    m = _positive_array(mass, "mass")
    a = _v.vector3(axis, "axis")
    _v.broadcast(("inertia", I, 2), ("mass", m, 0), ("axis", a, 1))
    I_n = about_axis(I, a)
    with np.errstate(under="ignore"):
        return np.sqrt(I_n) / np.sqrt(m)                # √I_n / √m: no overflow for any finite I_n and m


def combine(masses, coms, inertias_com):
    """Mass, centre of mass and inertia about it of N rigidly joined bodies.

    Parameters
    ----------
    masses : array_like, shape (..., N)
        The bodies' masses, each > 0 (N ≥ 1).
    coms : array_like, shape (..., N, 3)
        Their centres of mass, all in one frame.
    inertias_com : array_like, shape (..., N, 3, 3)
        Each body's inertia tensor about its *own* centre of mass, in the same frame's axes (each
        checked by :func:`validate`). Leading axes of the three broadcast.

    Returns
    -------
    mass : ndarray, shape (...)
        ``M = Σ m_i``.
    com : ndarray, shape (..., 3)
        ``c = Σ m_i c_i / M``.
    inertia : ndarray, shape (..., 3, 3)
        ``Σ [I_i + m_i (|d_i|² 1 − d_i d_iᵀ)]`` with ``d_i = c_i − c``: each tensor moved to the common
        centre of mass by the parallel-axis theorem, then added.

    Notes
    -----
    The integral of the forces-and-impulses article, §1 慣性テンソル, is additive over disjoint pieces of a
    body, and each piece's part about the common point follows from the parallel-axis theorem (Landau &
    Lifshitz, *Mechanics*, §32; :func:`parallel_axis`). The pieces must not overlap (overlapping volume
    would count twice). With every ``I_i = 0`` this is :func:`point_masses`.

    Raises
    ------
    ValueError
        A mass not > 0, wrong or mismatched shapes (one centre and one tensor per mass), a tensor that is
        not physical, or a result that overflows.
    """
    m = _positive_array(masses, "masses")
    if m.ndim < 1:
        raise ValueError(f"masses must have shape (..., N), got a single number {m[()]!r}")
    if m.shape[-1] == 0:
        raise ValueError("masses must hold at least one mass (N >= 1), got none")
    n = m.shape[-1]
    c = _v.array(coms, "coms", (3,))
    if c.ndim < 2 or c.shape[-2] != n:
        raise ValueError(f"coms must have shape (..., N, 3) with N = {n} (one centre per mass), got shape {c.shape}; "
                         f"masses has N = {n}")
    I = _v.matrix3(inertias_com, "inertias_com")
    if I.ndim < 3 or I.shape[-3] != n:
        raise ValueError(f"inertias_com must have shape (..., N, 3, 3) with N = {n} (one tensor per mass), "
                         f"got shape {I.shape}; masses has N = {n}")
    batch = _v.broadcast(("masses", m, 1), ("coms", c, 2), ("inertias_com", I, 3))
    I = validate(I, "inertias_com")
    with np.errstate(over="ignore", invalid="ignore", under="ignore"):
        total = m.sum(axis=-1)
        com = np.einsum("...n,...nj->...j", m, c) / total[..., None]
        d = c - com[..., None, :]
        inertia = I.sum(axis=-3) + _shift_term(m, d).sum(axis=-3)
    _v.finite_result((total, com, inertia), ("masses", "coms", "inertias_com"), "the total mass, centre or inertia")
    return (np.broadcast_to(total, batch).copy(), np.broadcast_to(com, batch + (3,)).copy(),
            np.broadcast_to(inertia, batch + (3, 3)).copy())


# ---------------------------------------------------------------------------
# Validation and principal axes
# ---------------------------------------------------------------------------

def validate(inertia, name: str = "inertia", *, allow_zero: bool = True) -> np.ndarray:
    """Check that ``inertia`` is a physical inertia tensor; return it symmetrised.

    Parameters
    ----------
    inertia : array_like, shape (..., 3, 3)
        Tensor(s) to check.
    name : str
        Argument name used in the error messages.
    allow_zero : bool, keyword-only
        If False, a zero principal moment is rejected too (needed wherever the tensor
        is inverted, e.g. Euler's equations ``ω̇ = I⁻¹(τ − ω × I ω)``).

    Returns
    -------
    ndarray, shape (..., 3, 3)
        ``(I + Iᵀ)/2``.

    Raises
    ------
    ValueError
        With the reason (for a batch, the index of the first bad tensor): ``name`` not a
        non-empty string or ``allow_zero`` not True/False; wrong shape; NaN or inf; not symmetric (``|I − Iᵀ|`` above
        1e-10 of the largest moment); a negative principal moment (below −1e-12 of the
        largest); the triangle inequality ``I1 + I2 ≥ I3`` violated by more than 1e-9
        of ``I3`` (no mass distribution has such moments); with ``allow_zero=False``,
        a principal moment at most 1e-12 of the largest (the tensor cannot be inverted,
        e.g. a thin rod's axial moment).

    Notes
    -----
    The forces-and-impulses article, §1 慣性テンソル: ``I`` is symmetric, and a real body's principal moments are
    non-negative and obey ``I_i + I_j ≥ I_k`` (because ``I_i + I_j − I_k = 2∫ρ x_k² dV``).
    """
    if not isinstance(name, str) or not name:
        raise ValueError(f"name must be a non-empty string (the argument name used in messages), got {_v.describe(name)}")
    allow_zero = _v.flag(allow_zero, "allow_zero")
    I = _v.matrix3(inertia, name)
    if I.size == 0:
        return I
    scale = np.abs(I).max(axis=(-1, -2))
    asym = np.abs(I - np.swapaxes(I, -1, -2)).max(axis=(-1, -2))
    bad = asym > _SYM_RTOL * scale
    if np.any(bad):
        raise ValueError(
            f"{name} must be symmetric; max |I − Iᵀ| = {float(asym[bad].max()):.3g}{_where(name, bad)} "
            "(products of inertia I_xy = I_yx, ...)")
    I = 0.5 * I + 0.5 * np.swapaxes(I, -1, -2)      # = (I + Iᵀ)/2, without overflow of the sum
    reason = _unphysical(I, scale, name=name, allow_zero=allow_zero)
    if reason:
        raise ValueError(f"{name} {reason}")
    return I


def _where(name, bad) -> str:
    """`` at name[i, j]`` for the first True of a batch mask, or nothing for a single tensor."""
    if np.ndim(bad) == 0:
        return ""
    return f" at {name}[{', '.join(map(str, np.unravel_index(np.argmax(bad), np.shape(bad))))}]"


def _eigvalsh(I, scale):
    """Eigenvalues of symmetric tensors, scaled first where squaring entries could overflow."""
    ok = ((scale > 1e-150) & (scale < 1e150)) | (scale == 0)
    if np.all(ok):
        return np.linalg.eigvalsh(I)
    s = np.where(ok, 1.0, scale)[..., None, None]
    return np.linalg.eigvalsh(I / s) * s[..., 0]


def _unphysical(I, scale, *, name="", allow_zero=True):
    """The reason why symmetric tensors ``I`` (…, 3, 3) are not physical, or "" (tolerances × scale)."""
    with np.errstate(over="ignore", invalid="ignore"):
        moments = _eigvalsh(I, scale)
    if not np.all(np.isfinite(moments)):
        return "is too large: its principal moments overflow the float range (> 1.8e308)"
    largest = np.maximum(np.max(np.abs(moments), axis=-1), scale)
    neg = moments[..., 0] < -_NEG_RTOL * largest
    if np.any(neg):
        return (f"has a negative principal moment {float(moments[..., 0][neg].min()):.6g}"
                f"{_where(name, neg) if name else ''}; principal moments must be >= 0")
    unit = np.where(largest > 0, largest, 1.0)
    gap = moments[..., 0] / unit + moments[..., 1] / unit - moments[..., 2] / unit     # relative: no overflow
    tri = gap < -_TRIANGLE_RTOL
    if np.any(tri):
        k = np.unravel_index(np.argmin(np.where(tri, gap, np.inf)), gap.shape)
        I1, I2, I3 = moments[k]
        return (f"violates the triangle inequality I1 + I2 >= I3 of principal moments"
                f"{_where(name, tri) if name else ''}: {I1:.6g} + {I2:.6g} < {I3:.6g}; "
                "no mass distribution has these moments")
    zero = moments[..., 0] <= _ZERO_RTOL * largest
    if not allow_zero and np.any(zero):
        return (f"has a zero principal moment{_where(name, zero)}, so it cannot be inverted "
                "(a thin rod or a point mass cannot be simulated with Euler's equations)")
    return ""


def _canonical_sign(v: np.ndarray) -> np.ndarray:
    """Flip vectors (..., 3) so that their largest-magnitude component is positive.

    Ties (magnitudes within 1e-9) go to the lowest index, so that e.g. (1, −1, 0)/√2
    is kept and (−1, 1, 0)/√2 flipped, whatever the rounding.
    """
    mag = np.abs(v)
    lead = np.argmax(mag >= mag.max(axis=-1, keepdims=True) - 1e-9, axis=-1)
    s = np.take_along_axis(v, lead[..., None], axis=-1)
    return np.where(s < 0, -v, v)


def _plane_axis(a: np.ndarray) -> np.ndarray:
    """Deterministic unit vectors ⟂ the unit vectors ``a`` (..., 3).

    The projection of the coordinate axis most nearly perpendicular to ``a`` (lowest index on
    ties within 1e-9, so rounding-level changes of ``a`` do not switch the axis).
    """
    n2 = 1.0 - a * a
    j = np.argmax(n2 >= n2.max(axis=-1, keepdims=True) - 1e-9, axis=-1)
    p = _EYE[j] - a * np.take_along_axis(a, j[..., None], axis=-1)
    return p / np.linalg.norm(p, axis=-1, keepdims=True)


def _complete(c0: np.ndarray, c1: np.ndarray) -> np.ndarray:
    c0 = _canonical_sign(c0)
    c1 = _canonical_sign(c1)
    return np.stack([c0, c1, np.cross(c0, c1)], axis=-1)


def _principal(I: np.ndarray):
    """Moments and O for validated symmetric tensors ``I`` (n, 3, 3), vectorised (see principal_axes)."""
    scale = np.abs(I).max(axis=(-1, -2))
    ok = ((scale > 1e-150) & (scale < 1e150)) | (scale == 0)
    if np.all(ok):
        moments, vecs = np.linalg.eigh(I)
    else:
        s = np.where(ok, 1.0, scale)
        moments, vecs = np.linalg.eigh(I / s[:, None, None])
        moments = moments * s[:, None]

    # Diagonal input: the sorted diagonal exactly, and coordinate axes as eigenvectors.
    d = np.diagonal(I, axis1=-2, axis2=-1)
    off = np.abs(I[:, [0, 0, 1], [1, 2, 2]]).max(axis=-1)
    diagonal = off <= 4.0 * _EPS * scale
    if np.any(diagonal):
        perm = np.argsort(d, axis=-1, kind="stable")
        moments = np.where(diagonal[:, None], np.take_along_axis(d, perm, axis=-1), moments)
        vecs = np.where(diagonal[:, None, None], np.swapaxes(_EYE[perm], -1, -2), vecs)

    # Repeated moments are decided first (for diagonal input too), so that a rounding-level
    # change of a repeated moment cannot change O.
    tol = 64.0 * _EPS * np.max(np.abs(moments), axis=-1)
    all3 = moments[:, 2] - moments[:, 0] <= tol
    low = ~all3 & (moments[:, 1] - moments[:, 0] <= tol)          # I1 = I2 < I3: axis 3 is unique
    high = ~all3 & ~low & (moments[:, 2] - moments[:, 1] <= tol)  # I1 < I2 = I3: axis 1 is unique

    c0, c1 = vecs[:, :, 0], vecs[:, :, 1]
    if np.any(low):
        a = vecs[:, :, 2]
        p = _canonical_sign(_plane_axis(a))
        c0 = np.where(low[:, None], p, c0)
        c1 = np.where(low[:, None], np.cross(a, p), c1)
    if np.any(high):
        a = _canonical_sign(vecs[:, :, 0])
        c0 = np.where(high[:, None], a, c0)
        c1 = np.where(high[:, None], _plane_axis(a), c1)
    O = _complete(c0, c1)
    O[all3] = _EYE
    return moments, O


def principal_axes(inertia):
    """Principal moments (ascending) and principal axes as a proper rotation.

    Parameters
    ----------
    inertia : array_like, shape (..., 3, 3)
        A valid inertia tensor (see :func:`validate`) in the body frame.

    Returns
    -------
    moments : ndarray, shape (..., 3)
        ``I1 ≤ I2 ≤ I3``.
    O : ndarray, shape (..., 3, 3)
        Rotation matrix (det O = +1) whose columns are the principal axes in the body
        frame, so that ``I = O diag(moments) Oᵀ`` (the forces-and-impulses article, §1, ``O⁻¹ I O = diag``).
        ``O`` maps principal-axis coordinates to body coordinates:
        ``q_o = rbteach.quaternion.from_matrix(O)`` (the article's §5 回転運動のパラメータについて).

    Notes
    -----
    The forces-and-impulses article (§1) takes ``O`` straight from an eigen-solver; that can be a reflection
    (det −1, which cannot become a quaternion) and its column signs and order are
    arbitrary. Here the result is deterministic:

    * moments in ascending order;
    * the first two columns have their largest-magnitude component positive (lowest
      index on ties), and the third column is ``O[:, 0] × O[:, 1]`` (so det O = +1);
    * a diagonal input gives its sorted diagonal exactly and ``O`` a permutation of
      the coordinate axes (with one sign chosen to make it a rotation);
    * repeated moments (a body with rotational symmetry, or a cube) make the principal axes *not unique*: any
      rotation of the axes inside the degenerate plane (or, for three equal moments,
      any rotation at all) diagonalises ``I`` as well. Then ``O`` is chosen as: the
      identity for three equal moments; otherwise the distinct axis from the solver,
      and in the degenerate plane the projection of the coordinate axis most nearly
      perpendicular to it. Moments count as repeated when they agree to rounding
      (64 ε of the largest). This rule is applied before the diagonal one, so ``O`` does
      not change when a repeated moment changes by rounding (a spherical tensor rebuilt as
      ``R (c 1) Rᵀ`` always gives ``O = 1``);
    * vectorised: a batch of any kind of tensors costs one ``numpy.linalg.eigh`` call.

    The article's remark that a symmetric body's ``O`` is the identity holds only when its
    body axes are aligned with its symmetry axes.
    """
    I = validate(inertia, "inertia")
    shape = I.shape[:-2]
    moments, O = _principal(I.reshape(-1, 3, 3))
    return moments.reshape(shape + (3,)), O.reshape(shape + (3, 3))


# ---------------------------------------------------------------------------
# Triangle meshes
# ---------------------------------------------------------------------------

def _faces(faces, n_vertices: int) -> np.ndarray:
    if faces is None or isinstance(faces, (str, bytes)):
        raise ValueError(f"faces must be an (F, 3) array of integer vertex indices, got {_v.describe(faces)}")
    try:
        f = np.asarray(faces)
    except (ValueError, TypeError):
        raise ValueError("faces must be an (F, 3) array of integer vertex indices; got a ragged nested "
                         "sequence (rows of different lengths)") from None
    if f.dtype == object or f.dtype.kind == "b" or (f.size and not np.issubdtype(f.dtype, np.integer)):
        raise ValueError(f"faces must be integer vertex indices, got dtype {f.dtype}")
    if f.ndim != 2 or f.shape[1] != 3:
        raise ValueError(f"faces must have shape (F, 3) (triangles), got shape {f.shape}")
    if f.shape[0] < 4:
        raise ValueError(f"faces must hold at least 4 triangles to enclose a volume, got {f.shape[0]}")
    if f.min() < 0 or f.max() >= n_vertices:
        raise ValueError(
            f"faces index out of range: indices must be in [0, {n_vertices - 1}], "
            f"got min {f.min()} and max {f.max()}")
    bad = (f[:, 0] == f[:, 1]) | (f[:, 1] == f[:, 2]) | (f[:, 2] == f[:, 0])
    if np.any(bad):
        k = int(np.flatnonzero(bad)[0])
        raise ValueError(f"faces[{k}] = {f[k].tolist()} repeats a vertex (a degenerate triangle)")
    return f.astype(np.int64)


def _check_closed_oriented(f: np.ndarray, n_vertices: int) -> None:
    """Every edge in exactly two faces, traversed once in each direction."""
    start = f.reshape(-1)
    end = np.roll(f, -1, axis=1).reshape(-1)            # edges (0,1), (1,2), (2,0) of each face
    lo, hi = np.minimum(start, end), np.maximum(start, end)
    keys, counts = np.unique(lo * n_vertices + hi, return_counts=True)
    if np.any(counts == 1):
        k = keys[counts == 1]
        i, j = divmod(int(k[0]), n_vertices)
        raise ValueError(
            f"the mesh is open: {k.size} edge(s) belong to only one face, e.g. edge ({i}, {j}); "
            "a closed mesh has every edge shared by exactly two faces")
    if np.any(counts > 2):
        k = int(keys[counts > 2][0])
        i, j = divmod(k, n_vertices)
        raise ValueError(
            f"the mesh is not a closed 2-manifold: edge ({i}, {j}) is shared by "
            f"{int(counts[counts > 2][0])} faces (it must be shared by exactly two; an open or "
            "non-manifold mesh)")
    keys, counts = np.unique(start * n_vertices + end, return_counts=True)
    if np.any(counts > 1):
        i, j = divmod(int(keys[counts > 1][0]), n_vertices)
        raise ValueError(
            f"the faces are inconsistently oriented: edge ({i} -> {j}) is traversed twice in the "
            "same direction (neighbouring triangles must wind the same way)")


def mesh(vertices, faces, *, mass=None, density=None):
    """Mass, centre of mass and inertia of a closed, outward-oriented triangle mesh.

    Parameters
    ----------
    vertices : array_like, shape (V, 3)
        Vertex positions.
    faces : array_like of int, shape (F, 3)
        Triangles as vertex indices, counter-clockwise seen from outside (outward
        normals by the right-hand rule).
    mass, density : float, keyword-only, optional
        Give at most one (> 0). With neither, ``density = 1``.

    Returns
    -------
    mass : float
        ``ρ V``.
    com : ndarray, shape (3,)
        Centre of mass, in the frame of ``vertices``.
    inertia : ndarray, shape (3, 3)
        Inertia about the centre of mass (axes of the ``vertices`` frame).

    Raises
    ------
    ValueError
        Bad shapes or indices; an *open* mesh (an edge not shared by exactly two faces);
        inconsistent orientation (an edge traversed twice in the same direction); an
        *inside-out* mesh (faces wound inward: negative signed volume); zero volume; several
        shells that overlap, or an inward-wound shell that is not a cavity inside exactly one
        solid shell; a mass, density or size whose result overflows.

    Notes
    -----
    The volume integrals of the forces-and-impulses article (§1 慣性テンソル), turned into a sum
    over faces by the divergence theorem: each triangle ``(a, b, c)`` spans a signed tetrahedron
    with a reference point (the mean vertex, to limit cancellation), of volume ``det[a b c]/6``
    and, exactly,

    * ``∫ x dV = det/24 · (a + b + c)``,
    * ``∫ x xᵀ dV = det/120 · (a aᵀ + b bᵀ + c cᵀ + s sᵀ)``, ``s = a + b + c``

    (the second moments of a tetrahedron, e.g. Tonon 2004, Eberly's "Polyhedral mass
    properties"). Summing the signed tetrahedra gives the integrals over the enclosed
    volume. Then ``I = ρ (tr C · 1 − C)`` with ``C`` the second moment about the centre
    of mass.

    ``vertices``/``faces`` may hold several closed shells (faces connected through shared
    edges; e.g. :func:`t_handle_mesh`, two boxes that touch along a face): each shell is
    closed, and their integrals add. Shells must not overlap (overlapping volume would count
    twice); an inward-wound shell nested inside an outward one is subtracted, i.e. a cavity.
    Both are checked: the surfaces of two shells must not cross (touching is allowed), and
    just inside every shell (near up to 64 of its faces) the generalised winding number of
    the other shells must be 0 for an outward shell and 1 for an inward one (the density of
    the body is then 0 or 1 everywhere).
    """
    v = _v.array(vertices, "vertices", (3,))
    if v.ndim != 2:
        raise ValueError(f"vertices must have shape (V, 3), got shape {v.shape}")
    f = _faces(faces, v.shape[0])
    if mass is not None and density is not None:
        raise ValueError("give exactly one of mass and density, not both")
    m_given = None if mass is None else _v.positive(mass, "mass")
    rho_given = None if density is None else _v.positive(density, "density")
    _check_closed_oriented(f, v.shape[0])

    used = np.unique(f)
    with np.errstate(over="ignore", invalid="ignore", under="ignore"):
        ref = v[used].mean(axis=0)
        extent = np.ptp(v[used], axis=0).max()
        a, b, c = (v[f[:, k]] - ref for k in range(3))
        det = np.einsum("ij,ij->i", a, np.cross(b, c))
        volume = det.sum() / 6.0
        size = extent ** 3
    _v.finite_result((ref, extent, det, volume, size), "vertices", "the volume")
    shell = _shell_labels(f)
    shell_volume = np.bincount(shell, weights=det) / 6.0
    flat = ~(np.abs(shell_volume) > 1e-12 * size)
    if np.any(flat):
        k = int(np.argmax(flat))
        which = "" if len(shell_volume) == 1 else f" (shell {k}, with faces[{int(np.flatnonzero(shell == k)[0])}])"
        raise ValueError(f"vertices and faces enclose no volume{which} (signed volume {shell_volume[k]:.3g}); "
                         "is the mesh flat, or are the vertices too small (below ~1e-100)?")
    if len(shell_volume) == 1 and volume < 0:
        raise ValueError(
            f"the mesh is inside-out: its faces are wound inward (signed volume {volume:.6g} < 0); "
            "reverse the vertex order of every face")
    if len(shell_volume) > 1:
        _check_shells(v, f, shell, np.sign(shell_volume), extent)
    with np.errstate(over="ignore", invalid="ignore", under="ignore"):
        s = a + b + c
        first = det @ s / 24.0
        second = (np.einsum("n,ni,nj->ij", det, a, a) + np.einsum("n,ni,nj->ij", det, b, b)
                  + np.einsum("n,ni,nj->ij", det, c, c) + np.einsum("n,ni,nj->ij", det, s, s)) / 120.0
        com_rel = first / volume
        second_com = second - volume * np.outer(com_rel, com_rel)
        if m_given is not None:
            rho = m_given / volume
        elif rho_given is not None:
            rho = rho_given
        else:
            rho = 1.0
        inertia = rho * (np.trace(second_com) * _EYE - second_com)
        result = (rho * volume, ref + com_rel, inertia)
    names = ("vertices",) + (("mass",) if mass is not None else ("density",) if density is not None else ())
    _v.finite_result(result, names, "the mass or the inertia")
    scale = np.abs(inertia).max()
    if scale < _TINY:
        raise ValueError("vertices too small: the inertia underflows to 0 (the body is below ~1e-100 in size)")
    reason = _unphysical(0.5 * inertia + 0.5 * inertia.T, scale)
    if reason:
        raise ValueError(f"vertices and faces do not describe a solid: its inertia {reason} "
                         "(do faces cross each other?)")
    return result[0], result[1], 0.5 * inertia + 0.5 * inertia.T


def _shell_labels(f: np.ndarray) -> np.ndarray:
    """Label each face with its shell: faces are connected when they share an edge."""
    n = f.shape[0]
    edge = np.sort(np.stack([f, np.roll(f, -1, axis=1)], axis=-1), axis=-1).reshape(-1, 2)
    owner = np.repeat(np.arange(n), 3)
    order = np.lexsort((edge[:, 1], edge[:, 0]))
    pairs = owner[order].reshape(-1, 2)              # every edge is in exactly two faces (checked)
    label = np.arange(n)
    while True:
        low = np.minimum(label[pairs[:, 0]], label[pairs[:, 1]])
        new = label.copy()
        np.minimum.at(new, pairs[:, 0], low)
        np.minimum.at(new, pairs[:, 1], low)
        new = new[new]                               # pointer jumping
        if np.array_equal(new, label):
            break
        label = new
    return np.unique(label, return_inverse=True)[1]


def _winding(points, tri):
    """Generalised winding numbers of the closed oriented triangles ``tri`` (F, 3, 3) at ``points`` (P, 3).

    Σ of the signed solid angles (Van Oosterom & Strackee) / 4π: +1 inside an outward shell, −1
    inside an inward one, 0 outside.
    """
    out = np.zeros(len(points))
    for lo in range(0, len(points), max(1, 200_000 // max(1, len(tri)))):
        p = points[lo:lo + max(1, 200_000 // max(1, len(tri)))]
        r = tri[None, :, :, :] - p[:, None, None, :]                  # (P, F, 3, 3)
        a, b, c = r[:, :, 0], r[:, :, 1], r[:, :, 2]
        la, lb, lc = (np.linalg.norm(x, axis=-1) for x in (a, b, c))
        num = np.einsum("pfi,pfi->pf", a, np.cross(b, c))
        den = (la * lb * lc + np.einsum("pfi,pfi->pf", a, b) * lc + np.einsum("pfi,pfi->pf", a, c) * lb
               + np.einsum("pfi,pfi->pf", b, c) * la)
        out[lo:lo + len(p)] = 2.0 * np.arctan2(num, den).sum(axis=1) / (4.0 * np.pi)
    return out


def _flat_edges(v, f):
    """``flat[F, 3]``: is edge k = (f[k], f[k+1]) of each face between two coplanar faces?"""
    n = np.cross(v[f[:, 1]] - v[f[:, 0]], v[f[:, 2]] - v[f[:, 0]])
    n = n / np.linalg.norm(n, axis=-1, keepdims=True)
    key = np.sort(np.stack([f, np.roll(f, -1, axis=1)], axis=-1), axis=-1).reshape(-1, 2)
    owner = np.repeat(np.arange(len(f)), 3)
    order = np.lexsort((key[:, 1], key[:, 0]))
    pairs = owner[order].reshape(-1, 2)
    flat_pair = np.einsum("ij,ij->i", n[pairs[:, 0]], n[pairs[:, 1]]) > 1.0 - 1e-12
    flat = np.empty(len(key), bool)
    flat[order] = np.repeat(flat_pair, 2)
    return flat.reshape(-1, 3)


def _edges_cross(v, f_s, f_t, flat_t):
    """Does an edge of the faces ``f_s`` properly cross a face of ``f_t`` (not just touch it)?

    A crossing counts when the edge passes strictly from one side of the triangle's plane to the
    other and hits the triangle's interior, or one of its edges that lies inside a flat region
    (between two coplanar triangles); hits on a crease edge or a vertex are touching, as are
    edges lying in the plane.
    """
    e = np.unique(np.sort(np.stack([f_s, np.roll(f_s, -1, axis=1)], axis=-1), axis=-1).reshape(-1, 2), axis=0)
    p0, d = v[e[:, 0]], v[e[:, 1]] - v[e[:, 0]]
    A, B, C = v[f_t[:, 0]], v[f_t[:, 1]], v[f_t[:, 2]]
    e1, e2 = B - A, C - A
    step = max(1, 1_000_000 // max(1, len(f_t)))
    tol = 1e-9
    for lo in range(0, len(e), step):
        P, D = p0[lo:lo + step, None, :], d[lo:lo + step, None, :]
        h = np.cross(D, e2)
        det = np.einsum("efi,efi->ef", np.broadcast_to(e1, h.shape), h)
        scale = np.linalg.norm(D, axis=-1) * np.linalg.norm(e1, axis=-1) * np.linalg.norm(e2, axis=-1)
        ok = np.abs(det) > 1e-12 * scale                      # not parallel to the plane
        inv = np.where(ok, 1.0 / np.where(ok, det, 1.0), 0.0)
        sv = P - A
        u = np.einsum("efi,efi->ef", sv, h) * inv
        q = np.cross(sv, np.broadcast_to(e1, sv.shape))
        w = np.einsum("efi,efi->ef", np.broadcast_to(D, q.shape), q) * inv
        t = np.einsum("fi,efi->ef", e2, q) * inv
        g = 1.0 - u - w                                       # barycentric weight of A
        strict = ok & (t > tol) & (t < 1.0 - tol) & (u > -tol) & (w > -tol) & (g > -tol)
        zero = np.stack([np.abs(w) <= tol, np.abs(g) <= tol, np.abs(u) <= tol], axis=-1)   # edges AB, BC, CA
        n_zero = zero.sum(axis=-1)
        on_flat = (n_zero == 1) & np.any(zero & flat_t[None, :, :], axis=-1)
        if np.any(strict & ((n_zero == 0) | on_flat)):
            return True
    return False


def _check_shells(v, f, shell, sign, extent):
    """Several shells: they must not overlap, and an inward shell must be a cavity of exactly one solid.

    The density of a valid body is 0 or 1 everywhere. Points just inside each shell (a little
    inside the centroids of its faces) are tested against the winding numbers of the other
    shells; the surfaces of two shells must not cross (touching is allowed).
    """
    n_shells = len(sign)
    tri = v[f]
    normal = np.cross(tri[:, 1] - tri[:, 0], tri[:, 2] - tri[:, 0])
    area = np.linalg.norm(normal, axis=-1)
    flat = _flat_edges(v, f)
    lo = np.array([tri[shell == k].reshape(-1, 3).min(axis=0) for k in range(n_shells)])
    hi = np.array([tri[shell == k].reshape(-1, 3).max(axis=0) for k in range(n_shells)])
    pad = 1e-9 * extent
    for i in range(n_shells):
        for j in range(i + 1, n_shells):
            if np.any(lo[i] > hi[j] - pad) or np.any(lo[j] > hi[i] - pad):
                continue                                      # boxes at most touch
            si, sj = shell == i, shell == j
            if _edges_cross(v, f[si], f[sj], flat[sj]) or _edges_cross(v, f[sj], f[si], flat[si]):
                raise ValueError(f"vertices and faces: shells {i} and {j} overlap (their surfaces cross); "
                                 "shells must not overlap (the common volume would count twice)")
    delta = 1e-6 * extent
    for k in range(n_shells):
        idx = np.flatnonzero(shell == k)
        idx = idx[np.linspace(0, len(idx) - 1, min(len(idx), 64)).astype(int)]
        inward = -sign[k] * normal[idx] / area[idx, None]     # into the region the shell encloses
        p = tri[idx].mean(axis=1) + delta * inward
        others = _winding(p, tri[shell != k]) if n_shells > 1 else np.zeros(len(p))
        want = 0.0 if sign[k] > 0 else 1.0
        bad = np.abs(others - want) > 0.25
        if np.any(bad):
            first = int(idx[np.argmax(bad)])
            if sign[k] > 0:
                raise ValueError(f"vertices and faces: shell {k} (with faces[{first}]) overlaps another "
                                 "solid shell (it lies inside it: the common volume would count twice)")
            raise ValueError(f"faces: shell {k} (with faces[{first}]) is wound inward but is not a cavity "
                             "inside exactly one solid shell; wind it outward (a separate body) or put it "
                             "inside a solid")


def box_mesh(a, b, c, *, center=None):
    """Closed, outward-oriented triangle mesh of a box with full edge lengths a, b, c.

    Parameters
    ----------
    a, b, c : float
        Edge lengths along x, y, z (> 0).
    center : array_like, shape (3,), optional
        Centre of the box (default the origin).

    Returns
    -------
    vertices : ndarray, shape (8, 3)
    faces : ndarray of int, shape (12, 3)
        Two triangles per side, counter-clockwise seen from outside.
        ``mesh(*box_mesh(a, b, c), mass=m)`` reproduces ``box(m, a, b, c)``.
    """
    a = _v.positive(a, "a")
    b = _v.positive(b, "b")
    c = _v.positive(c, "c")
    centre = np.zeros(3) if center is None else _v.vector3(center, "center", allow_batch=False)
    vertices = _v.finite_result(_box_vertices(a, b, c, centre), ("a", "b", "c", "center"), "a vertex")
    return vertices, _BOX_FACES.copy()


def _box_vertices(a, b, c, centre):
    corners = np.array([[x, y, z] for x in (-0.5, 0.5) for y in (-0.5, 0.5) for z in (-0.5, 0.5)])
    with np.errstate(over="ignore", invalid="ignore"):
        return corners * np.array([a, b, c]) + centre


# corner index = 4 i_x + 2 i_y + i_z
_BOX_FACES = np.array([
    [0, 1, 3], [0, 3, 2],      # x = −a/2
    [4, 6, 7], [4, 7, 5],      # x = +a/2
    [0, 4, 5], [0, 5, 1],      # y = −b/2
    [2, 3, 7], [2, 7, 6],      # y = +b/2
    [0, 2, 6], [0, 6, 4],      # z = −c/2
    [1, 5, 7], [1, 7, 3],      # z = +c/2
], dtype=np.int64)


def t_handle_mesh(bar_length=1.0, bar_width=0.15, stem_length=0.5, stem_width=0.15):
    """Triangle mesh of a T-handle (the Dzhanibekov wing nut), com at the origin.

    Two boxes, each a closed shell, in one vertex/face set: the *bar*
    (``bar_length × bar_width × bar_width``, along x) and the *stem*
    (``stem_width × stem_width × stem_length``, along +z) standing on the middle of
    the bar's top face. They touch along a face and do not overlap, so :func:`mesh`
    adds their integrals (the union as one closed surface is not needed).

    Parameters
    ----------
    bar_length, bar_width, stem_length, stem_width : float
        Sizes (> 0); ``stem_width ≤ bar_length``.

    Returns
    -------
    vertices : ndarray, shape (16, 3)
        Shifted so that the centre of mass (uniform density) is at the origin. The
        planes x = 0 and y = 0 are mirror planes, so the principal axes are x, y, z.
    faces : ndarray of int, shape (24, 3)

    Notes
    -----
    With the defaults the three principal moments are clearly distinct, in the ratio
    about 0.38 : 0.66 : 1 — smallest about x (the bar), intermediate about z (the
    stem), largest about y (perpendicular to the T) — so a spin about the stem is the
    unstable one that flips (the intermediate-axis theorem, notebook 08).
    """
    L = _v.positive(bar_length, "bar_length")
    w = _v.positive(bar_width, "bar_width")
    h = _v.positive(stem_length, "stem_length")
    s = _v.positive(stem_width, "stem_width")
    if s > L:
        raise ValueError(f"stem_width must be <= bar_length, got {s!r} > {L!r}")
    names = ("bar_length", "bar_width", "stem_length", "stem_width")
    with np.errstate(over="ignore", invalid="ignore", under="ignore", divide="ignore"):
        z_stem = 0.5 * w + 0.5 * h
        com_z = (s * s * h * z_stem) / (L * w * w + s * s * h)
        if not np.isfinite(com_z):                     # the same, as ratios that do not overflow
            ratio = (s / w) * (s / L) * (h / w)       # s² h / (L w²)
            com_z = z_stem * (ratio / (1.0 + ratio)) if np.isfinite(ratio) else z_stem
        vertices = np.concatenate([_box_vertices(L, w, w, np.array([0.0, 0.0, -com_z])),
                                   _box_vertices(s, s, h, np.array([0.0, 0.0, z_stem - com_z]))])
    _v.finite_result((z_stem, com_z, vertices), names, "a vertex or the centre of mass")
    return vertices, np.concatenate([_BOX_FACES, _BOX_FACES + 8])
