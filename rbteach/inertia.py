"""Inertia tensors: primitives, parallel axis, rotation, principal axes, meshes.

Seed 002 §1 defines the inertia tensor as a volume integral,

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
  maps principal axes → body (seed 002 §1, §5);
* :func:`rotate` is ``R I Rᵀ`` with ``R`` the active body → world rotation (seed 002 §2).

Bad input raises ``ValueError`` naming the argument and the reason.
"""

from __future__ import annotations

import numpy as np

from . import _validate as _v

__all__ = [
    "box", "solid_sphere", "hollow_sphere", "solid_cylinder", "hollow_cylinder", "rod",
    "solid_cone", "ellipsoid", "point_masses", "parallel_axis", "to_center_of_mass",
    "rotate", "principal_axes", "validate", "mesh", "box_mesh", "t_handle_mesh",
]

_EYE = np.eye(3)
_EPS = np.finfo(float).eps

# Tolerances of validate(), relative to the largest principal moment.
_SYM_RTOL = 1e-10        # |I − Iᵀ| allowed (rounding of R I Rᵀ is ~1e-16)
_NEG_RTOL = 1e-12        # a principal moment this far below 0 counts as negative
_TRIANGLE_RTOL = 1e-9    # I1 + I2 ≥ I3 may fail by this much
_ZERO_RTOL = 1e-12       # a principal moment this small counts as zero


def _diag(x: float, y: float, z: float) -> np.ndarray:
    return np.diag(np.array([x, y, z], dtype=float))


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
    Seed 002 §1: a body with the symmetry planes x = 0, y = 0, z = 0 has a diagonal tensor.
    """
    m = _v.positive(mass, "mass")
    a = _v.positive(a, "a")
    b = _v.positive(b, "b")
    c = _v.positive(c, "c")
    return m / 12.0 * _diag(b * b + c * c, a * a + c * c, a * a + b * b)


def solid_sphere(mass, r) -> np.ndarray:
    """Solid ball of radius ``r`` about its centre: ``2/5 · m r² · 1``, shape (3, 3).

    Seed 002 §1: every axis through the centre is a principal axis (the axes are not unique).
    """
    m = _v.positive(mass, "mass")
    r = _v.positive(r, "r")
    return 0.4 * m * r * r * _EYE


def hollow_sphere(mass, r) -> np.ndarray:
    """Thin spherical shell of radius ``r`` about its centre: ``2/3 · m r² · 1``, shape (3, 3).

    Seed 002 §1 (all mass at distance ``r``; every axis is a principal axis).
    """
    m = _v.positive(mass, "mass")
    r = _v.positive(r, "r")
    return 2.0 / 3.0 * m * r * r * _EYE


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
    Seed 002 §1: a rotationally symmetric body has a diagonal tensor in axes aligned
    with its symmetry axis; the two transverse moments are equal.
    """
    m = _v.positive(mass, "mass")
    r = _v.positive(r, "r")
    h = _v.positive(h, "h")
    t = m * (3.0 * r * r + h * h) / 12.0
    return _diag(t, t, 0.5 * m * r * r)


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
    Seed 002 §1. The thin-wall limit ``r_inner → r_outer = r`` gives
    ``diag(m (6r² + h²)/12, same, m r²)``.
    """
    m = _v.positive(mass, "mass")
    ri = _v.nonnegative(r_inner, "r_inner")
    ro = _v.positive(r_outer, "r_outer")
    h = _v.positive(h, "h")
    if not ri < ro:
        raise ValueError(f"r_inner must be < r_outer, got r_inner={ri!r}, r_outer={ro!r}")
    s = ri * ri + ro * ro
    t = m * (3.0 * s + h * h) / 12.0
    return _diag(t, t, 0.5 * m * s)


def rod(mass, length) -> np.ndarray:
    """Thin rod along z about its centre: ``diag(m L²/12, m L²/12, 0)``, shape (3, 3).

    The axial moment is zero: a valid tensor (see :func:`validate`), but not invertible,
    so a thin rod cannot be simulated by Euler's equations. Seed 002 §1.
    """
    m = _v.positive(mass, "mass")
    L = _v.positive(length, "length")
    t = m * L * L / 12.0
    return _diag(t, t, 0.0)


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
    Seed 002 §1. About the apex the transverse moment is ``3/5 m (r²/4 + h²)``; moving
    it to the centre of mass with :func:`to_center_of_mass` (offset ``3h/4``) gives the
    value above.
    """
    m = _v.positive(mass, "mass")
    r = _v.positive(r, "r")
    h = _v.positive(h, "h")
    t = 3.0 / 80.0 * m * (4.0 * r * r + h * h)
    return _diag(t, t, 0.3 * m * r * r)


def ellipsoid(mass, a, b, c) -> np.ndarray:
    """Solid ellipsoid with semi-axes ``a, b, c`` along x, y, z, about its centre.

    Returns
    -------
    ndarray, shape (3, 3)
        ``m/5 · diag(b² + c², a² + c², a² + b²)`` (``a = b = c = r`` is :func:`solid_sphere`).

    Notes
    -----
    Seed 002 §1.
    """
    m = _v.positive(mass, "mass")
    a = _v.positive(a, "a")
    b = _v.positive(b, "b")
    c = _v.positive(c, "c")
    return m / 5.0 * _diag(b * b + c * c, a * a + c * c, a * a + b * b)


# ---------------------------------------------------------------------------
# Point masses, parallel axis, rotation
# ---------------------------------------------------------------------------

def _positive_array(x, name: str) -> np.ndarray:
    a = _v.array(x, name)
    if np.any(a <= 0):
        raise ValueError(f"{name} must be > 0, got {x!r}")
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
        ``Σ m_i (|r_i|² 1 − r_i r_iᵀ)`` with ``r_i = p_i − c`` (seed 002 §1, the
        integral with ``ρ dV`` replaced by point masses).
    """
    m = _positive_array(masses, "masses")
    if m.ndim < 1:
        raise ValueError(f"masses must have shape (..., N), got a scalar {masses!r}")
    p = _v.array(points, "points", (3,))
    if p.ndim < 2 or p.shape[-2] != m.shape[-1]:
        raise ValueError(
            f"points must have shape (..., N, 3) with N = {m.shape[-1]} (one per mass), got shape {p.shape}")
    total = m.sum(axis=-1)
    com = np.einsum("...n,...nj->...j", m, p) / total[..., None]
    r = p - com[..., None, :]
    r2 = np.einsum("...nj,...nj->...n", r, r)
    inertia = (np.einsum("...n,...n->...", m, r2)[..., None, None] * _EYE
               - np.einsum("...n,...nj,...nk->...jk", m, r, r))
    return total, com, inertia


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

    See Also
    --------
    to_center_of_mass : the inverse (seed 003 ``inertia_conversion``).
    """
    I = _v.matrix3(inertia_com, "inertia_com")
    m = _positive_array(mass, "mass")
    d = _v.vector3(offset, "offset")
    return I + _shift_term(m, d)


def to_center_of_mass(inertia_origin, mass, com) -> np.ndarray:
    """Inertia about the centre of mass from the inertia about the origin.

    This is seed 003's ``inertia_conversion``, i.e. the parallel-axis theorem run
    backwards:

    ``I_com = I_origin − m (|c|² 1 − c cᵀ)``

    with ``c`` the centre of mass in the same frame. The mass matters only when the
    centre of mass is off the origin: for ``c = 0`` (seed 003's example) the tensor
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
    """
    I = _v.matrix3(inertia_origin, "inertia_origin")
    m = _positive_array(mass, "mass")
    c = _v.vector3(com, "com")
    return I - _shift_term(m, c)


def rotate(inertia, R) -> np.ndarray:
    """Express a tensor in a rotated frame: ``R I Rᵀ`` (vectorised, broadcasts).

    Parameters
    ----------
    inertia : array_like, shape (..., 3, 3)
        Tensor in the body frame.
    R : array_like, shape (..., 3, 3)
        The *active* rotation body → world (``v_world = R v_body``, e.g.
        ``rbteach.quaternion.to_matrix(q_r)``); must be orthogonal with det +1.

    Returns
    -------
    ndarray, shape (..., 3, 3)
        ``I_world = R I Rᵀ`` (seed 002 §2: ``I_world = R I R⁻¹``, and ``R⁻¹ = Rᵀ``).

    Notes
    -----
    ``Rᵀ I R`` is the classic bug: it rotates the other way (it is right only for the
    passive matrix, e.g. seed 003's DCM, which is ``Rᵀ``). Rotation keeps the
    eigenvalues (principal moments) and the trace.
    """
    I = _v.matrix3(inertia, "inertia")
    R = _v.matrix3(R, "R")
    err = np.abs(np.swapaxes(R, -1, -2) @ R - _EYE).max(axis=(-1, -2))
    if np.any(err > 1e-9):
        raise ValueError(f"R must be a rotation matrix (RᵀR = 1); max deviation {np.max(err):.3g}")
    if np.any(np.linalg.det(R) < 0):
        raise ValueError("R must be a proper rotation with det R = +1; got a reflection (det R = −1)")
    return R @ I @ np.swapaxes(R, -1, -2)


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
        With the reason: wrong shape; NaN or inf; not symmetric (``|I − Iᵀ|`` above
        1e-10 of the largest moment); a negative principal moment (below −1e-12 of the
        largest); the triangle inequality ``I1 + I2 ≥ I3`` violated by more than 1e-9
        of ``I3`` (no mass distribution has such moments); with ``allow_zero=False``,
        a principal moment at most 1e-12 of the largest (the tensor cannot be inverted,
        e.g. a thin rod's axial moment).

    Notes
    -----
    Seed 002 §1: ``I`` is symmetric, and a real body's principal moments are
    non-negative and obey ``I_i + I_j ≥ I_k`` (because ``I_i + I_j − I_k = 2∫ρ x_k² dV``).
    """
    I = _v.matrix3(inertia, name)
    if I.size == 0:
        return I
    scale = np.abs(I).max(axis=(-1, -2))
    asym = np.abs(I - np.swapaxes(I, -1, -2)).max(axis=(-1, -2))
    if np.any(asym > _SYM_RTOL * scale):
        raise ValueError(
            f"{name} must be symmetric; max |I − Iᵀ| = {np.max(asym):.3g} "
            "(products of inertia I_xy = I_yx, ...)")
    I = 0.5 * (I + np.swapaxes(I, -1, -2))
    moments = np.linalg.eigvalsh(I)
    largest = np.max(np.abs(moments), axis=-1)
    if np.any(moments[..., 0] < -_NEG_RTOL * largest):
        raise ValueError(
            f"{name} has a negative principal moment {np.min(moments[..., 0]):.6g}; "
            "principal moments must be >= 0")
    gap = moments[..., 0] + moments[..., 1] - moments[..., 2]
    if np.any(gap < -_TRIANGLE_RTOL * moments[..., 2]):
        k = np.unravel_index(np.argmin(gap / np.where(largest > 0, largest, 1.0)), gap.shape)
        I1, I2, I3 = moments[k]
        raise ValueError(
            f"{name} violates the triangle inequality I1 + I2 >= I3 of principal moments: "
            f"{I1:.6g} + {I2:.6g} < {I3:.6g}; no mass distribution has these moments")
    if not allow_zero and np.any(moments[..., 0] <= _ZERO_RTOL * largest):
        raise ValueError(
            f"{name} has a zero principal moment, so it cannot be inverted "
            "(a thin rod or a point mass cannot be simulated with Euler's equations)")
    return I


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
    """A deterministic unit vector ⟂ the unit vector ``a`` (3,).

    The projection of the coordinate axis most nearly perpendicular to ``a``
    (lowest index on ties).
    """
    n2 = 1.0 - a * a
    j = int(np.argmax(n2 >= n2.max() - 1e-9))
    p = _EYE[j] - a * a[j]
    return p / np.linalg.norm(p)


def _complete(c0: np.ndarray, c1: np.ndarray) -> np.ndarray:
    c0 = _canonical_sign(c0)
    c1 = _canonical_sign(c1)
    return np.stack([c0, c1, np.cross(c0, c1)], axis=-1)


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
        frame, so that ``I = O diag(moments) Oᵀ`` (seed 002 §1, ``O⁻¹ I O = diag``).
        ``O`` maps principal-axis coordinates to body coordinates:
        ``q_o = rbteach.quaternion.from_matrix(O)`` (seed 002 §5).

    Notes
    -----
    Seed 002 §1 takes ``O`` straight from an eigen-solver; that can be a reflection
    (det −1, which cannot become a quaternion) and its column signs and order are
    arbitrary. Here the result is deterministic:

    * moments in ascending order;
    * the first two columns have their largest-magnitude component positive (lowest
      index on ties), and the third column is ``O[:, 0] × O[:, 1]`` (so det O = +1);
    * a diagonal input gives its sorted diagonal exactly and ``O`` a permutation of
      the coordinate axes (with one sign chosen to make it a rotation);
    * repeated moments (symmetric bodies) make the principal axes *not unique*: any
      rotation of the axes inside the degenerate plane (or, for three equal moments,
      any rotation at all) diagonalises ``I`` as well. Then ``O`` is chosen as: the
      identity for three equal moments; otherwise the distinct axis from the solver,
      and in the degenerate plane the projection of the coordinate axis most nearly
      perpendicular to it. Moments count as repeated when they agree to rounding
      (64 ε of the largest).

    Seed 002's remark that a symmetric body's ``O`` is the identity holds only when its
    body axes are aligned with its symmetry axes.
    """
    I = validate(inertia, "inertia")
    shape = I.shape[:-2]
    flat = I.reshape(-1, 3, 3)
    moments, vecs = np.linalg.eigh(flat)
    O = _complete(vecs[..., :, 0], vecs[..., :, 1])

    scale = np.max(np.abs(moments), axis=-1)
    tol = 64.0 * _EPS * scale
    off = np.abs(flat[:, [0, 0, 1], [1, 2, 2]]).max(axis=-1)
    diagonal = off <= 4.0 * _EPS * scale
    repeated = (moments[:, 1] - moments[:, 0] <= tol) | (moments[:, 2] - moments[:, 1] <= tol)
    for n in np.flatnonzero(diagonal | repeated):
        w = moments[n]
        if diagonal[n]:
            d = np.diagonal(flat[n])
            perm = np.argsort(d, kind="stable")
            moments[n] = d[perm]
            O[n] = _complete(_EYE[perm[0]], _EYE[perm[1]])
        elif w[2] - w[0] <= tol[n]:
            O[n] = _EYE
        elif w[1] - w[0] <= tol[n]:          # I1 = I2 < I3: axis 3 is unique
            a = vecs[n, :, 2]
            c0 = _canonical_sign(_plane_axis(a))
            O[n] = _complete(c0, np.cross(a, c0))
        else:                                # I1 < I2 = I3: axis 1 is unique
            c0 = _canonical_sign(vecs[n, :, 0])
            O[n] = _complete(c0, _plane_axis(c0))
    return moments.reshape(shape + (3,)), O.reshape(shape + (3, 3))


# ---------------------------------------------------------------------------
# Triangle meshes
# ---------------------------------------------------------------------------

def _faces(faces, n_vertices: int) -> np.ndarray:
    f = np.asarray(faces)
    if f.size and not np.issubdtype(f.dtype, np.integer):
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
        *inside-out* mesh (faces wound inward: negative signed volume); zero volume.

    Notes
    -----
    Seed 002 §1's volume integrals, turned into a sum over faces by the divergence
    theorem: each triangle ``(a, b, c)`` spans a signed tetrahedron with a reference
    point (the mean vertex, to limit cancellation), of volume ``det[a b c]/6`` and,
    exactly,

    * ``∫ x dV = det/24 · (a + b + c)``,
    * ``∫ x xᵀ dV = det/120 · (a aᵀ + b bᵀ + c cᵀ + s sᵀ)``, ``s = a + b + c``

    (the second moments of a tetrahedron, e.g. Tonon 2004, Eberly's "Polyhedral mass
    properties"). Summing the signed tetrahedra gives the integrals over the enclosed
    volume. Then ``I = ρ (tr C · 1 − C)`` with ``C`` the second moment about the centre
    of mass.

    ``vertices``/``faces`` may hold several closed shells (e.g. :func:`t_handle_mesh`,
    two boxes that touch along a face): each shell is closed, and their integrals add.
    Shells must not overlap (overlapping volume would count twice); an inward-wound
    shell nested inside an outward one is subtracted, i.e. a cavity.
    """
    v = _v.array(vertices, "vertices", (3,))
    if v.ndim != 2:
        raise ValueError(f"vertices must have shape (V, 3), got shape {v.shape}")
    f = _faces(faces, v.shape[0])
    if mass is not None and density is not None:
        raise ValueError("give exactly one of mass and density, not both")
    _check_closed_oriented(f, v.shape[0])

    ref = v[np.unique(f)].mean(axis=0)
    a, b, c = (v[f[:, k]] - ref for k in range(3))
    det = np.einsum("ij,ij->i", a, np.cross(b, c))
    volume = det.sum() / 6.0
    extent = np.ptp(v[np.unique(f)], axis=0).max()
    if abs(volume) <= 1e-12 * extent ** 3:
        raise ValueError(f"the mesh encloses no volume (signed volume {volume:.3g})")
    if volume < 0:
        raise ValueError(
            f"the mesh is inside-out: its faces are wound inward (signed volume {volume:.6g} < 0); "
            "reverse the vertex order of every face")
    s = a + b + c
    first = det @ s / 24.0
    second = (np.einsum("n,ni,nj->ij", det, a, a) + np.einsum("n,ni,nj->ij", det, b, b)
              + np.einsum("n,ni,nj->ij", det, c, c) + np.einsum("n,ni,nj->ij", det, s, s)) / 120.0
    com_rel = first / volume
    second_com = second - volume * np.outer(com_rel, com_rel)
    if mass is not None:
        rho = _v.positive(mass, "mass") / volume
    elif density is not None:
        rho = _v.positive(density, "density")
    else:
        rho = 1.0
    inertia = rho * (np.trace(second_com) * _EYE - second_com)
    inertia = validate(inertia, "mesh inertia")
    return rho * volume, ref + com_rel, inertia


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
    corners = np.array([[x, y, z] for x in (-0.5, 0.5) for y in (-0.5, 0.5) for z in (-0.5, 0.5)])
    vertices = corners * np.array([a, b, c]) + centre
    # corner index = 4 i_x + 2 i_y + i_z
    faces = np.array([
        [0, 1, 3], [0, 3, 2],      # x = −a/2
        [4, 6, 7], [4, 7, 5],      # x = +a/2
        [0, 4, 5], [0, 5, 1],      # y = −b/2
        [2, 3, 7], [2, 7, 6],      # y = +b/2
        [0, 2, 6], [0, 6, 4],      # z = −c/2
        [1, 5, 7], [1, 7, 3],      # z = +c/2
    ], dtype=np.int64)
    return vertices, faces


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
    z_stem = 0.5 * w + 0.5 * h
    com_z = (s * s * h * z_stem) / (L * w * w + s * s * h)
    v1, f1 = box_mesh(L, w, w, center=(0.0, 0.0, -com_z))
    v2, f2 = box_mesh(s, s, h, center=(0.0, 0.0, z_stem - com_z))
    return np.concatenate([v1, v2]), np.concatenate([f1, f2 + len(v1)])
