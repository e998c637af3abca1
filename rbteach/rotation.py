"""Rotation matrices: skew matrices, ZYX (yaw, pitch, roll) Euler angles, re-orthonormalisation.

Conventions (the project's contract, see the README's card):

* every matrix here is *active*: ``v_world = R @ v_body`` for the body → world
  attitude, the same matrix as :func:`rbteach.quaternion.to_matrix`; its columns
  are the body axes seen in the world frame;
* Euler angles are the aerospace 3-2-1 sequence: ``R = Rz(yaw) Ry(pitch) Rx(roll)``
  (intrinsic z-y'-x'': yaw about z, then pitch about the new y, then roll about
  the newest x). SciPy spells this ``Rotation.from_euler("ZYX", [yaw, pitch, roll])``;
* the direction-cosine matrix (DCM) of 「回転運動のシミュレーション」 (2019) is the *passive* world → body matrix,
  i.e. ``DCM = Rᵀ``. Its ``euler2dcm`` builds ``rotx @ roty @ rotz`` from the
  transposed elementary matrices, which is ``(Rz Ry Rx)ᵀ``; so
  ``euler_zyx_to_matrix(yaw, pitch, roll).T`` is the article's ``euler2dcm([yaw, pitch, roll])``
  (once its missing brackets are fixed) and no separate function is needed.

All functions are vectorised over leading axes.
"""

from __future__ import annotations

import numpy as np

from . import _validate as _v

__all__ = ["skew", "euler_zyx_to_matrix", "matrix_to_euler_zyx", "orthonormalize"]

# Below this value of cos(pitch) (= hypot(R[2,1], R[2,2])) the matrix is treated as
# being exactly at gimbal lock and roll is set to 0. The reconstruction error of
# doing so is at most cos(pitch), so this keeps matrix_to_euler_zyx exact to 1e-12.
_GIMBAL_TOL = 1e-13
# orthonormalize refuses a matrix whose smallest singular value is at most this, relative.
_SINGULAR_RTOL = 1e-12


def skew(v) -> np.ndarray:
    """Skew-symmetric (cross-product) matrix ``[v]×`` with ``skew(a) @ b = a × b``.

    Parameters
    ----------
    v : array_like, shape (..., 3)

    Returns
    -------
    ndarray, shape (..., 3, 3)
        ``[[0, −v_z, v_y], [v_z, 0, −v_x], [−v_y, v_x, 0]]`` (``skew`` of 「回転運動のシミュレーション」 (2019); it turns
        ``Ṙ = [ω_world]× R`` and ``ω × (I ω)`` into matrix products).
    """
    v = _v.vector3(v, "v")
    x, y, z = np.moveaxis(v, -1, 0)
    zero = np.zeros_like(x)
    return np.stack([
        np.stack([zero, -z, y], axis=-1),
        np.stack([z, zero, -x], axis=-1),
        np.stack([-y, x, zero], axis=-1),
    ], axis=-2)


def euler_zyx_to_matrix(yaw, pitch, roll) -> np.ndarray:
    """Active rotation matrix ``R = Rz(yaw) Ry(pitch) Rx(roll)`` (aerospace 3-2-1, radians).

    Parameters
    ----------
    yaw, pitch, roll : array_like, broadcastable shapes (...)
        Angles in radians: yaw ψ about z, pitch θ about the new y', roll φ about x''.

    Returns
    -------
    ndarray, shape (..., 3, 3)
        With ``c·``, ``s·`` the cosines and sines::

            [[cψ cθ,  cψ sθ sφ − sψ cφ,  cψ sθ cφ + sψ sφ],
             [sψ cθ,  sψ sθ sφ + cψ cφ,  sψ sθ cφ − cψ sφ],
             [−sθ,    cθ sφ,             cθ cφ           ]]

    Notes
    -----
    The ``euler2dcm`` of 「回転運動のシミュレーション」 (2019) returns the transpose of this matrix (its DCM is passive,
    world → body), and its ``roty`` lacks the outer brackets of the nested list
    (a TypeError in NumPy).
    """
    yaw = _v.array(yaw, "yaw")
    pitch = _v.array(pitch, "pitch")
    roll = _v.array(roll, "roll")
    _v.broadcast(("yaw", yaw, 0), ("pitch", pitch, 0), ("roll", roll, 0))
    yaw, pitch, roll = np.broadcast_arrays(yaw, pitch, roll)
    cy, sy = np.cos(yaw), np.sin(yaw)
    cp, sp = np.cos(pitch), np.sin(pitch)
    cr, sr = np.cos(roll), np.sin(roll)
    return np.stack([
        np.stack([cy * cp, cy * sp * sr - sy * cr, cy * sp * cr + sy * sr], axis=-1),
        np.stack([sy * cp, sy * sp * sr + cy * cr, sy * sp * cr - cy * sr], axis=-1),
        np.stack([-sp, cp * sr, cp * cr], axis=-1),
    ], axis=-2)


def matrix_to_euler_zyx(R):
    """ZYX Euler angles ``(yaw, pitch, roll)`` of a rotation matrix, correct at gimbal lock.

    Inverse of :func:`euler_zyx_to_matrix`: ``euler_zyx_to_matrix(*matrix_to_euler_zyx(R))``
    reproduces ``R`` to rounding everywhere, including at and near gimbal lock.

    Parameters
    ----------
    R : array_like, shape (..., 3, 3)
        Rotation matrices (active, body → world): ``max |RᵀR − 1| ≤ 1e-6`` and ``det R > 0``
        (the package's one test, ``rbteach._validate.rotation_matrix``), else ValueError.
        Pass a matrix through :func:`orthonormalize` first if it has drifted further.

    Returns
    -------
    yaw, pitch, roll : ndarray, shape (...)
        ``pitch = atan2(−R₂₀, hypot(R₀₀, R₁₀)) ∈ [−π/2, π/2]``,
        ``roll = atan2(R₂₁, R₂₂) ∈ (−π, π]``, and yaw from ``R Rx(roll)ᵀ = Rz(yaw) Ry(pitch)``:
        ``yaw = atan2(sφ R₀₂ − cφ R₀₁, cφ R₁₁ − sφ R₁₂) ∈ (−π, π]``.

    Notes
    -----
    At gimbal lock (``pitch = ±π/2``, ``cos pitch = hypot(R₂₁, R₂₂) ≤ 1e-13``) only
    ``yaw ∓ roll`` is defined; this function sets ``roll = 0`` and puts the whole
    remaining rotation into yaw. Because yaw is computed *after* roll from the
    matrix ``R Rx(roll)ᵀ``, the three angles always reproduce ``R``, even when
    ``cos pitch`` is tiny and roll itself is only known to ``ε / cos pitch``.

    The ``dcm2euler`` of 「回転運動のシミュレーション」 (2019) was wrong in three ways. (1) ``dcm(2,1)`` *calls*
    the array instead of indexing it (MATLAB syntax): the gimbal-lock branch raises
    TypeError whenever it is reached. (2) That branch is almost never reached: it tests
    ``sin_theta == 1`` exactly, so a matrix a rounding error away from lock takes the
    general branch, where ``atan2`` of two numbers at noise level returns
    meaningless angles. (3) The branch itself is wrong: it sets yaw to 0 and
    recovers roll with ``arcsin``, which folds any roll beyond ±π/2 (read as the
    MATLAB 1-based element ``dcm[1, 0]``, it also has the wrong sign at pitch = +π/2).
    Its general branch is right once its DCM (``= Rᵀ``) is taken into account:
    ``yaw = atan2(DCM₀₁, DCM₀₀)``, ``roll = atan2(DCM₁₂, DCM₂₂)``.
    """
    R = _v.rotation_matrix(R, "R")
    cos_pitch_roll = np.hypot(R[..., 2, 1], R[..., 2, 2])
    pitch = np.arctan2(-R[..., 2, 0], np.hypot(R[..., 0, 0], R[..., 1, 0]))
    locked = cos_pitch_roll <= _GIMBAL_TOL
    roll = np.where(locked, 0.0, np.arctan2(R[..., 2, 1], R[..., 2, 2]))
    cr, sr = np.cos(roll), np.sin(roll)
    yaw = np.arctan2(sr * R[..., 0, 2] - cr * R[..., 0, 1], cr * R[..., 1, 1] - sr * R[..., 1, 2])
    # atan2(−0.0, negative) = −π: report π instead so that yaw, roll ∈ (−π, π].
    return _half_open(yaw), pitch, _half_open(roll)


def _half_open(angle):
    return np.where(angle == -np.pi, np.pi, angle)[()]


def orthonormalize(R) -> np.ndarray:
    """Nearest rotation matrix (in the Frobenius norm) to ``R``: the orthogonal polar factor.

    Parameters
    ----------
    R : array_like, shape (..., 3, 3)
        A matrix that should be a rotation but has drifted (e.g. a DCM integrated with
        RK4 as in 「回転運動のシミュレーション」 (2019), whose column-wise normalisation does not keep it orthogonal).

    Returns
    -------
    ndarray, shape (..., 3, 3)
        With the SVD ``R = U Σ Vᵀ``: ``U Vᵀ``, which has ``QᵀQ = 1`` and ``det Q = +1``.
        Idempotent on rotations; unchanged by scaling ``R`` by a positive number.

    Raises
    ------
    ValueError
        ``R`` of the wrong shape or not finite; ``R`` (nearly) singular, e.g. the zero matrix
        (smallest singular value ≤ 1e-12 of the largest: no unique nearest rotation); or
        ``det R < 0``: a reflection is not a drifted rotation (its nearest rotation flips the
        axis of the smallest singular value, a jump, not a repair).
    """
    R = _v.matrix3(R, "R")
    if R.size == 0:
        return R.copy()
    scale = np.abs(R).max(axis=(-2, -1), keepdims=True)
    if np.all((scale > 1e-100) & (scale < 1e100)):
        U, sig, Vt = np.linalg.svd(R)
    else:                                       # scale first: the SVD would over- or underflow
        U, sig, Vt = np.linalg.svd(R / np.where(scale > 0, scale, 1.0))
    singular = sig[..., 2] <= _SINGULAR_RTOL * sig[..., 0]
    if np.any(singular):
        where = "" if R.ndim == 2 else f" at R[{', '.join(map(str, np.unravel_index(np.argmax(singular), singular.shape)))}]"
        raise ValueError(f"R is singular (rank < 3, e.g. the zero matrix): it has no unique nearest rotation{where}")
    det = np.linalg.det(U) * np.linalg.det(Vt)
    if np.any(det < 0):
        where = "" if R.ndim == 2 else f" at R[{', '.join(map(str, np.unravel_index(np.argmax(det < 0), det.shape)))}]"
        raise ValueError(f"R must have det R > 0 (a drifted rotation); got det R < 0, a reflection{where}")
    return U @ Vt


def _polar(R):
    """:func:`orthonormalize` without the argument checks (for integrators, once per step)."""
    U, _, Vt = np.linalg.svd(R)
    d = np.sign(np.linalg.det(U @ Vt))
    d = np.where(d == 0, 1.0, d)
    U = U.copy()
    U[..., :, 2] *= d[..., None]
    return U @ Vt
