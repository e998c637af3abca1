"""Self-checks for the exercises of notebook 02 (principal axes).

Each check returns a :class:`rbteach.exercises.Feedback`: "correct ✓", "no answer yet", or a
hint for a typical wrong answer. The expected values are computed through rbteach.
"""

from __future__ import annotations

import numpy as np

from . import Feedback, check_close
from .. import inertia, rotation

__all__ = ["EX1_INERTIA", "EX2_TILT_DEG", "EX3_INERTIA", "EX3_V",
           "check_principal_moments", "check_symmetry_axis", "check_proper_rotation"]

#: Exercise 1: a tensor with one product of inertia (kg m²).
EX1_INERTIA = np.array([[3.0, -1.0, 0.0], [-1.0, 3.0, 0.0], [0.0, 0.0, 5.0]])

#: Exercise 2: a solid cylinder (symmetry axis = local z) tilted by this angle (degrees) about world x.
EX2_TILT_DEG = 30.0
EX2_CYLINDER = {"mass": 2.0, "r": 0.1, "h": 0.8}

#: Exercise 3: a tensor and an eigenvector matrix of it (columns for the moments 2, 3, 5) with det −1.
EX3_INERTIA = np.array([[4.0, -1.0, 0.0], [-1.0, 4.0, 0.0], [0.0, 0.0, 2.0]])
_s = 1.0 / np.sqrt(2.0)
EX3_V = np.array([[0.0, -_s, -_s], [0.0, -_s, _s], [1.0, 0.0, 0.0]])
EX3_MOMENTS = np.array([2.0, 3.0, 5.0])


def ex2_inertia_world() -> np.ndarray:
    """The tilted cylinder's tensor in the world frame: ``R I Rᵀ`` with ``R = Rx(EX2_TILT_DEG)``."""
    R = rotation.euler_zyx_to_matrix(0.0, 0.0, np.radians(EX2_TILT_DEG))
    return inertia.rotate(inertia.solid_cylinder(**EX2_CYLINDER), R)


def check_principal_moments(answer) -> Feedback:
    """Exercise 1: the principal moments of :data:`EX1_INERTIA`, ascending (3,)."""
    expected, _ = inertia.principal_axes(EX1_INERTIA)
    name = "principal moments"
    if answer is not None and answer is not Ellipsis:
        a = np.asarray(answer, dtype=float)
        if a.shape == expected.shape and not np.allclose(a, expected) and np.allclose(np.sort(a), expected):
            return Feedback(f"{name}: not yet. Hint: these are the right values in another order; "
                            "list them ascending, as rbteach.inertia.principal_axes (and np.linalg.eigh) do.",
                            False)
    hints = {
        "those are the diagonal entries, the moments about the body axes; the products of inertia "
        "are not zero, so diagonalise first (eigenvalues of I).": np.diag(EX1_INERTIA),
    }
    return check_close(name, answer, expected, hints=hints)


def check_symmetry_axis(answer) -> Feedback:
    """Exercise 2: the unit symmetry axis of the tilted cylinder in the world frame (3,); either sign."""
    R = rotation.euler_zyx_to_matrix(0.0, 0.0, np.radians(EX2_TILT_DEG))
    expected = R[:, 2]
    name = "symmetry axis"
    if answer is not None and answer is not Ellipsis:
        try:
            a = np.asarray(answer, dtype=float)
        except (TypeError, ValueError):
            a = None
        if a is not None and a.shape == (3,):
            n = np.linalg.norm(a)
            if n > 0 and not np.isclose(n, 1.0, rtol=1e-6):
                if np.isclose(abs(np.dot(a / n, expected)), 1.0):
                    return Feedback(f"{name}: not yet. Hint: right direction, but give a unit vector "
                                    f"(its length is {n:.4g}).", False)
            if np.dot(a, expected) < 0:   # an axis is a line: both directions are right
                answer = -a
            else:
                answer = a
    if isinstance(answer, np.ndarray) and answer.shape == (3,) and np.isclose(np.linalg.norm(answer), 1.0) \
            and abs(np.dot(answer, expected)) < 1e-6:
        return Feedback(f"{name}: not yet. Hint: that is a transverse axis (its moment is repeated); the "
                        "symmetry axis belongs to the moment that occurs once.", False)
    mirrored = rotation.euler_zyx_to_matrix(0.0, 0.0, -np.radians(EX2_TILT_DEG))[:, 2]
    hints = {
        "that is the local z axis; in the world frame the tensor is not diagonal and its "
        "distinct principal axis is R e_z.": np.array([0.0, 0.0, 1.0]),
        "rotated the wrong way: the active Rx(+30°) turns z towards −y.": mirrored,
    }
    return check_close(name, answer, expected, hints=hints)


def check_proper_rotation(answer) -> Feedback:
    """Exercise 3: a rotation O (det +1) with Oᵀ I O = diag(2, 3, 5) for :data:`EX3_INERTIA`."""
    name = "O"
    if answer is None or answer is Ellipsis:
        return check_close(name, None, np.eye(3))
    try:
        O = np.asarray(answer, dtype=float)
    except (TypeError, ValueError):
        return check_close(name, answer, np.eye(3))
    if O.shape != (3, 3):
        return Feedback(f"{name}: expected shape (3, 3), got {O.shape}.", False)
    if np.allclose(O, EX3_V):
        return Feedback(f"{name}: not yet. Hint: that is eigh's V itself, with det V = −1 (a reflection).", False)
    if not np.allclose(O.T @ O, np.eye(3), atol=1e-8):
        return Feedback(f"{name}: not yet. Hint: the columns must be orthonormal (Oᵀ O = 1).", False)
    if np.linalg.det(O) < 0:
        return Feedback(f"{name}: not yet. Hint: det O = −1; flip the sign of exactly one column "
                        "(or of all three).", False)
    D = O.T @ EX3_INERTIA @ O
    if not np.allclose(D, np.diag(EX3_MOMENTS), atol=1e-8):
        if np.allclose(D, np.diag(np.diag(D)), atol=1e-8):
            return Feedback(f"{name}: not yet. Hint: it diagonalises I, but the columns are in another "
                            f"order (Oᵀ I O has diagonal {np.round(np.diag(D), 4)}); keep the order 2, 3, 5.",
                            False)
        return Feedback(f"{name}: not yet. Hint: the columns must be eigenvectors of I "
                        "(Oᵀ I O must be diagonal).", False)
    return Feedback(f"{name}: correct ✓ (det O = +1 and Oᵀ I O = diag(2, 3, 5))", True)
