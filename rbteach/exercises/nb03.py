"""Self-checks for the exercises of notebook 03 (frames).

Each check returns a :class:`rbteach.exercises.Feedback`: "correct ✓", "no answer yet", or a
hint for a typical wrong answer (transpose, forgotten rotation, wrong tensor in the wrong frame).
The expected values are computed through rbteach.
"""

from __future__ import annotations

import numpy as np

from . import Feedback, check_close
from .. import inertia, rotation

__all__ = ["EX_INERTIA", "EX1_YAW_DEG", "EX1_OMEGA_BODY", "EX2_YAW_DEG", "EX2_L_WORLD",
           "check_L_world", "check_omega_world"]

#: The body of both exercises: principal axes = body axes, I = diag(1, 2, 3) kg m².
EX_INERTIA = np.diag([1.0, 2.0, 3.0])

#: Exercise 1: attitude yaw 90° (pitch = roll = 0) and ω_body (rad/s).
EX1_YAW_DEG = 90.0
EX1_OMEGA_BODY = np.array([1.0, 1.0, 0.0])

#: Exercise 2: attitude yaw 30° and the angular momentum in the world frame (kg m²/s).
EX2_YAW_DEG = 30.0
EX2_L_WORLD = np.array([0.0, 2.0, 1.0])


def _R(yaw_deg: float) -> np.ndarray:
    return rotation.euler_zyx_to_matrix(np.radians(yaw_deg), 0.0, 0.0)


def check_L_world(answer) -> Feedback:
    """Exercise 1: ``L_world`` (3,) for :data:`EX_INERTIA`, yaw :data:`EX1_YAW_DEG`, :data:`EX1_OMEGA_BODY`."""
    R = _R(EX1_YAW_DEG)
    omega_world = R @ EX1_OMEGA_BODY
    L_body = EX_INERTIA @ EX1_OMEGA_BODY
    expected = inertia.rotate(EX_INERTIA, R) @ omega_world
    hints = {
        "that is L in the body frame; rotate it to the world: L_world = R L_body.": L_body,
        "you rotated with Rᵀ (world → body) instead of R (body → world).": R.T @ L_body,
        "you multiplied the world-frame ω by the body-frame tensor; use I_world = R I Rᵀ.": EX_INERTIA @ omega_world,
        "that is ω_world, not L_world: multiply by the tensor.": omega_world,
    }
    return check_close("L_world", answer, expected, hints=hints)


def check_omega_world(answer) -> Feedback:
    """Exercise 2: ``ω_world`` (3,) from :data:`EX2_L_WORLD` for :data:`EX_INERTIA` at yaw :data:`EX2_YAW_DEG`."""
    R = _R(EX2_YAW_DEG)
    I_world = inertia.rotate(EX_INERTIA, R)
    expected = np.linalg.solve(I_world, EX2_L_WORLD)
    I_inv = np.linalg.inv(EX_INERTIA)
    hints = {
        "I_body⁻¹ acts on body-frame vectors only; use I_world⁻¹ = R I⁻¹ Rᵀ.": I_inv @ EX2_L_WORLD,
        "you used Rᵀ I⁻¹ R (the transpose pitfall); the world inverse is R I⁻¹ Rᵀ.": R.T @ I_inv @ R @ EX2_L_WORLD,
        "that is ω in the body frame, I⁻¹ Rᵀ L_world; rotate it back with R.": I_inv @ R.T @ EX2_L_WORLD,
        "you multiplied by I_world instead of its inverse.": I_world @ EX2_L_WORLD,
    }
    return check_close("omega_world", answer, expected, hints=hints)
