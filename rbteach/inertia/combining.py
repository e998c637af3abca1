"""Moving and joining inertia tensors: point masses, the parallel-axis theorem, rotation, the moment about an
axis, the radius of gyration and combined bodies.

* ``I_O = I_c + m (|d|² 𝟙 − d dᵀ)`` (parallel axis; the forces-and-impulses article, §1);
* ``I_world = R I Rᵀ`` with ``R`` the active body → world rotation (§2 座標系);
* ``I_n = nᵀ I n`` and ``k = √(I_n / m)``.
"""

from __future__ import annotations

import numpy as np

from .. import _validate as _v
from ._common import _EYE, _positive_array
from .principal import _unphysical, validate

__all__ = [
    "point_masses", "parallel_axis", "to_center_of_mass", "rotate", "about_axis", "radius_of_gyration",
    "combine",
]


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
