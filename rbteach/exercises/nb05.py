"""Self-checks for notebook 05 (quaternions).

The data of each exercise are module constants, so the notebook's statement and the check agree.
Expected values are computed with :mod:`rbteach.quaternion`; the hints recognise the classic
convention mistakes (scalar last, the inverse rotation, the full angle for the half angle, a DCM
used as a rotation matrix).
"""

from __future__ import annotations

import numpy as np

from .. import quaternion as _q
from . import Feedback, check_close

__all__ = ["EX1_AXIS", "EX1_ANGLE_DEG", "EX2_Q", "EX2_V", "EX3_Q_XYZW",
           "check_axis_angle_quaternion", "check_rotated_vector", "check_body_x_axis"]

#: Exercise 1: the rotation by 90° about the y axis.
EX1_AXIS = (0.0, 1.0, 0.0)
EX1_ANGLE_DEG = 90.0

#: Exercise 2: rotate v by the unit quaternion q (w, x, y, z) = (1/√2, 0, 0, 1/√2) (90° about z).
EX2_Q = (float(np.sqrt(0.5)), 0.0, 0.0, float(np.sqrt(0.5)))
EX2_V = (1.0, 2.0, 3.0)

#: Exercise 3: an attitude stored scalar last (SciPy, seed 003), (x, y, z, w).
EX3_Q_XYZW = (0.0, 0.0, 0.6, 0.8)


def _sign_aligned(answer, expected):
    """``expected`` or ``−expected``, whichever is nearer ``answer`` (q and −q are one rotation)."""
    try:
        a = np.asarray(answer, dtype=float)
    except (TypeError, ValueError):
        return expected
    if a.shape != expected.shape:
        return expected
    return -expected if np.sum((a + expected) ** 2) < np.sum((a - expected) ** 2) else expected


def check_axis_angle_quaternion(answer) -> Feedback:
    """Exercise 1: the unit quaternion (w, x, y, z) of ``EX1_ANGLE_DEG`` about ``EX1_AXIS``.

    Either sign is accepted (the double cover).
    """
    angle = np.radians(EX1_ANGLE_DEG)
    expected = _q.from_axis_angle(EX1_AXIS, angle)
    e = _sign_aligned(answer, expected)
    full = np.concatenate([[np.cos(angle)], np.sin(angle) * np.asarray(EX1_AXIS)])
    hints = {
        "this is scalar last (x, y, z, w); rbteach stores (w, x, y, z).": _q.to_xyzw(e),
        "use the half angle: q = (cos(θ/2), sin(θ/2) n).": full,
        "use the half angle: q = (cos(θ/2), sin(θ/2) n) (and scalar first).": _q.to_xyzw(full),
        "that is the inverse rotation (−θ); the axis part is + sin(θ/2) n.": _q.conjugate(e),
    }
    return check_close("quaternion of 90° about y", answer, e, hints=hints)


def check_rotated_vector(answer) -> Feedback:
    """Exercise 2: ``EX2_Q ⋄ EX2_V`` (the active rotation of the vector)."""
    q = np.asarray(EX2_Q)
    v = np.asarray(EX2_V)
    expected = _q.rotate(q, v)
    hints = {
        "that is q* ⊗ (0, v) ⊗ q, the inverse rotation (or Rᵀ v, a DCM applied as a rotation).":
            _q.rotate(_q.conjugate(q), v),
        "the four numbers were read as (x, y, z, w); rbteach's q is (w, x, y, z).":
            _q.rotate(_q.from_xyzw(q), v),
        "keep only the vector part (x, y, z) of q ⊗ (0, v) ⊗ q*, without the scalar.":
            np.concatenate([[0.0], expected]),
    }
    return check_close("q ⋄ v", answer, expected, hints=hints)


def check_body_x_axis(answer) -> Feedback:
    """Exercise 3: the body x axis in the world frame for the scalar-last attitude ``EX3_Q_XYZW``."""
    q = _q.from_xyzw(EX3_Q_XYZW)
    R = _q.to_matrix(q)
    expected = R[:, 0]
    hints = {
        "that is the first row of R (a column of the DCM Rᵀ): the body axes are the columns of R.":
            R[0, :],
        "the numbers are (x, y, z, w): convert with rbteach.quaternion.from_xyzw first.":
            _q.to_matrix(np.asarray(EX3_Q_XYZW))[:, 0],
    }
    return check_close("body x axis in the world", answer, expected, hints=hints)
