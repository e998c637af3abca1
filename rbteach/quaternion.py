"""Hamilton quaternions, scalar first: ``q = (w, x, y, z)``.

Conventions (the project's contract, see the README's card and notebook 00):

* arrays of shape ``(..., 4)``, scalar first ``(w, x, y, z)``; every function is
  vectorised over the leading axes;
* the Hamilton product ``i j = k`` (:func:`multiply`, written ⊗);
* unit quaternions rotate vectors *actively*: ``q ⋄ v = q ⊗ (0, v) ⊗ q*``
  (seed 002 §6, ``p' = q p q⁻¹``), and :func:`to_matrix` is the matching active
  rotation matrix, so for the body → world attitude ``q_r``,
  ``v_world = to_matrix(q_r) @ v_body``;
* angular velocity is named by its frame:
  ``q̇ = ½ (0, ω_world) ⊗ q = ½ q ⊗ (0, ω_body)``
  (:func:`derivative_world`, :func:`derivative_body`).

Seed 003 stores quaternions scalar last ``(x, y, z, w)`` (as SciPy does):
convert with :func:`from_xyzw` / :func:`to_xyzw`.
"""

from __future__ import annotations

import numpy as np

from . import _validate as _v

__all__ = [
    "identity", "multiply", "conjugate", "inverse", "norm", "normalize", "rotate",
    "from_axis_angle", "to_axis_angle", "from_rotation_vector", "to_rotation_vector",
    "to_matrix", "from_matrix", "from_xyzw", "to_xyzw", "derivative_world",
    "derivative_body", "angle_between", "canonical",
]


def identity(shape=()) -> np.ndarray:
    """The identity rotation ``(1, 0, 0, 0)``, or an array of them with shape ``shape + (4,)``."""
    shape = (shape,) if isinstance(shape, (int, np.integer)) else tuple(shape)
    q = np.zeros(shape + (4,))
    q[..., 0] = 1.0
    return q


def multiply(p, q) -> np.ndarray:
    """Hamilton product ``p ⊗ q`` of quaternions ``(..., 4)`` (w, x, y, z); broadcasts.

    ``(p_w q_w − p⃗·q⃗,  p_w q⃗ + q_w p⃗ + p⃗ × q⃗)``  (seed 002 §6, ⊗).
    """
    p = _v.quaternion(p, "p", nonzero=False)
    q = _v.quaternion(q, "q", nonzero=False)
    pw, px, py, pz = np.moveaxis(p, -1, 0)
    qw, qx, qy, qz = np.moveaxis(q, -1, 0)
    return np.stack([
        pw * qw - px * qx - py * qy - pz * qz,
        pw * qx + px * qw + py * qz - pz * qy,
        pw * qy - px * qz + py * qw + pz * qx,
        pw * qz + px * qy - py * qx + pz * qw,
    ], axis=-1)


def conjugate(q) -> np.ndarray:
    """Conjugate ``q* = (w, −x, −y, −z)``, shape ``(..., 4)``."""
    q = _v.quaternion(q, "q", nonzero=False)
    return q * np.array([1.0, -1.0, -1.0, -1.0])


def norm(q) -> np.ndarray:
    """Norm ``|q| = sqrt(w² + x² + y² + z²)``, shape ``(...)``."""
    q = _v.quaternion(q, "q", nonzero=False)
    return np.sqrt(np.einsum("...i,...i->...", q, q))


def inverse(q) -> np.ndarray:
    """Inverse ``q⁻¹ = q* / |q|²`` of a non-zero quaternion, shape ``(..., 4)``."""
    q = _v.quaternion(q, "q")
    return conjugate(q) / np.einsum("...i,...i->...", q, q)[..., None]


def normalize(q) -> np.ndarray:
    """Unit quaternion ``q / |q|`` (raises ValueError for the zero quaternion)."""
    q = _v.quaternion(q, "q")
    return q / np.sqrt(np.einsum("...i,...i->...", q, q))[..., None]


def canonical(q) -> np.ndarray:
    """The unit quaternion of the same rotation with ``w ≥ 0`` (``q`` and ``−q`` are one rotation)."""
    q = normalize(q)
    return np.where(q[..., :1] < 0, -q, q)


def rotate(q, v) -> np.ndarray:
    """Rotate vectors actively: ``q ⋄ v = q ⊗ (0, v) ⊗ q⁻¹`` (seed 002 §6).

    Parameters
    ----------
    q : array_like, shape (..., 4)
        Non-zero quaternion (w, x, y, z); it is normalised first.
    v : array_like, shape (..., 3)
        Vectors; ``q`` and ``v`` broadcast over their leading axes.

    Returns
    -------
    ndarray, shape (..., 3)
        ``v + 2 w (u × v) + 2 u × (u × v)`` with ``q = (w, u)`` unit, which equals
        ``to_matrix(q) @ v``.
    """
    q = normalize(q)
    v = _v.vector3(v, "v")
    w = q[..., :1]
    u = q[..., 1:]
    t = 2.0 * np.cross(u, v)
    return v + w * t + np.cross(u, t)


def from_axis_angle(axis, angle) -> np.ndarray:
    """Quaternion ``(cos(θ/2), sin(θ/2) n)`` of the rotation by ``angle`` θ (rad) about ``axis``.

    ``axis`` (..., 3) need not be unit but must be non-zero; ``angle`` (...) broadcasts with it.
    """
    axis = _v.vector3(axis, "axis")
    angle = _v.array(angle, "angle")
    n = np.linalg.norm(axis, axis=-1)
    if np.any(n == 0):
        raise ValueError("axis must be a non-zero vector")
    unit = axis / n[..., None]
    half = 0.5 * angle[..., None]
    return np.concatenate([np.cos(half), np.sin(half) * unit], axis=-1)


def to_axis_angle(q):
    """Axis and angle of a rotation: returns ``(axis (..., 3) unit, angle (...) in [0, π])``.

    The quaternion is first made canonical (``w ≥ 0``), so the angle never exceeds π.
    For the identity (angle 0) the axis is undefined and ``(0, 0, 1)`` is returned.
    """
    q = canonical(q)
    s = np.linalg.norm(q[..., 1:], axis=-1)
    angle = 2.0 * np.arctan2(s, q[..., 0])
    safe = np.where(s > 0, s, 1.0)
    axis = np.where((s > 0)[..., None], q[..., 1:] / safe[..., None], np.array([0.0, 0.0, 1.0]))
    return axis, angle


def from_rotation_vector(rotvec) -> np.ndarray:
    """Quaternion of the rotation vector ``φ = θ n`` (rad): ``(cos(θ/2), sin(θ/2)/θ · φ)``.

    Exact at ``φ = 0`` (uses ``sin(θ/2)/θ = ½ sinc(θ/2π)``). Shape (..., 3) → (..., 4).
    """
    rotvec = _v.vector3(rotvec, "rotvec")
    theta = np.linalg.norm(rotvec, axis=-1)[..., None]
    return np.concatenate([np.cos(0.5 * theta), 0.5 * np.sinc(theta / (2 * np.pi)) * rotvec], axis=-1)


def to_rotation_vector(q) -> np.ndarray:
    """Rotation vector ``θ n`` (θ ∈ [0, π]) of a non-zero quaternion; shape (..., 4) → (..., 3)."""
    q = canonical(q)
    s = np.linalg.norm(q[..., 1:], axis=-1)
    w = q[..., 0]
    theta = 2.0 * np.arctan2(s, w)
    # θ/s → 2/w as s → 0 (w → 1): avoid 0/0. Both branches are evaluated, so each
    # denominator is made safe where its branch is not used (w may be ~0 near 180°).
    tiny = s <= 1e-300
    factor = np.where(tiny, 2.0 / np.where(tiny, w, 1.0), theta / np.where(tiny, 1.0, s))
    return q[..., 1:] * factor[..., None]


def to_matrix(q) -> np.ndarray:
    """Active rotation matrix ``R(q)`` with ``R v = q ⋄ v``; shape (..., 4) → (..., 3, 3).

    For the body → world attitude ``q_r``, ``v_world = R v_body`` and the columns of
    ``R`` are the body axes seen in the world frame. (Seed 003's DCM is ``Rᵀ``.)
    """
    q = normalize(q)
    w, x, y, z = np.moveaxis(q, -1, 0)
    return np.stack([
        np.stack([1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)], axis=-1),
        np.stack([2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)], axis=-1),
        np.stack([2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)], axis=-1),
    ], axis=-2)


def from_matrix(R, *, atol: float = 1e-6) -> np.ndarray:
    """Unit quaternion (``w ≥ 0``) of a rotation matrix (..., 3, 3), by Shepperd's method.

    Shepperd picks the largest of ``4w², 4x², 4y², 4z²`` (from the trace and the
    diagonal) and divides only by it, so it stays accurate at 180° rotations where
    seed 003's ``dcm2quaternion`` divides by ``w = 0``.

    Raises ValueError when ``R`` is not a rotation (``RᵀR ≠ 1`` or ``det R ≠ +1``
    within ``atol``): an eigenvector matrix with ``det = −1`` is a reflection.
    """
    R = _v.matrix3(R, "R")
    err = np.abs(np.swapaxes(R, -1, -2) @ R - np.eye(3)).max(axis=(-2, -1))
    if np.any(err > atol):
        raise ValueError(f"R must be orthogonal (RᵀR = 1); max deviation {np.max(err):.3g}")
    det = np.linalg.det(R)
    if np.any(det < 0):
        raise ValueError("R must be a proper rotation with det R = +1; got det R = −1 (a reflection)")
    m00, m11, m22 = R[..., 0, 0], R[..., 1, 1], R[..., 2, 2]
    tr = m00 + m11 + m22
    # Four candidate (unnormalised) quaternions; each is 4·(largest component)·q.
    cands = np.stack([
        np.stack([1 + tr, R[..., 2, 1] - R[..., 1, 2], R[..., 0, 2] - R[..., 2, 0], R[..., 1, 0] - R[..., 0, 1]], -1),
        np.stack([R[..., 2, 1] - R[..., 1, 2], 1 + m00 - m11 - m22, R[..., 0, 1] + R[..., 1, 0], R[..., 0, 2] + R[..., 2, 0]], -1),
        np.stack([R[..., 0, 2] - R[..., 2, 0], R[..., 0, 1] + R[..., 1, 0], 1 - m00 + m11 - m22, R[..., 1, 2] + R[..., 2, 1]], -1),
        np.stack([R[..., 1, 0] - R[..., 0, 1], R[..., 0, 2] + R[..., 2, 0], R[..., 1, 2] + R[..., 2, 1], 1 - m00 - m11 + m22], -1),
    ], axis=-2)
    pick = np.argmax(np.stack([tr, m00, m11, m22], axis=-1), axis=-1)
    q = np.take_along_axis(cands, pick[..., None, None], axis=-2)[..., 0, :]
    return canonical(q)


def from_xyzw(q_xyzw) -> np.ndarray:
    """Reorder a scalar-last quaternion ``(x, y, z, w)`` (SciPy, seed 003) to ``(w, x, y, z)``."""
    q = _v.quaternion(q_xyzw, "q_xyzw", nonzero=False)
    return q[..., [3, 0, 1, 2]]


def to_xyzw(q) -> np.ndarray:
    """Reorder ``(w, x, y, z)`` to scalar-last ``(x, y, z, w)`` (SciPy, seed 003)."""
    q = _v.quaternion(q, "q", nonzero=False)
    return q[..., [1, 2, 3, 0]]


def _pure(v, name):
    v = _v.vector3(v, name)
    return np.concatenate([np.zeros(v.shape[:-1] + (1,)), v], axis=-1)


def derivative_world(q, omega_world) -> np.ndarray:
    """Attitude rate ``q̇ = ½ (0, ω_world) ⊗ q`` (seed 002 §4); shapes (..., 4), (..., 3) → (..., 4)."""
    q = _v.quaternion(q, "q")
    return 0.5 * multiply(_pure(omega_world, "omega_world"), q)


def derivative_body(q, omega_body) -> np.ndarray:
    """Attitude rate ``q̇ = ½ q ⊗ (0, ω_body)`` (equal to :func:`derivative_world` with ``ω_world = q ⋄ ω_body``)."""
    q = _v.quaternion(q, "q")
    return 0.5 * multiply(q, _pure(omega_body, "omega_body"))


def angle_between(p, q) -> np.ndarray:
    """Rotation angle (rad, in [0, π]) of ``p⁻¹ ⊗ q``: how far apart two attitudes are.

    Insensitive to the sign of either quaternion (the double cover).
    """
    d = multiply(conjugate(normalize(p)), normalize(q))
    return 2.0 * np.arctan2(np.linalg.norm(d[..., 1:], axis=-1), np.abs(d[..., 0]))
