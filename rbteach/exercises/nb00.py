"""Self-checks for notebook 00 (conventions).

Exercise 1 converts SciPy's / seed 003's scalar-last quaternion :data:`Q_XYZW` to the collection's
``(w, x, y, z)``; exercise 2 composes two rotations in the right order. A quaternion and its negative
are the same rotation, so either sign is accepted.
"""

from __future__ import annotations

import numpy as np

from .. import quaternion
from . import check_close, Feedback

__all__ = ["Q_XYZW", "Q_X", "Q_Z", "check_xyzw_conversion", "check_composition"]

#: Exercise 1: 90° about z, as SciPy's ``Rotation.as_quat()`` and seed 003 store it: (x, y, z, w).
Q_XYZW = np.array([0.0, 0.0, np.sin(np.pi / 4), np.cos(np.pi / 4)])
#: Exercise 2: 90° about the x axis and 90° about the z axis, (w, x, y, z).
Q_X = quaternion.from_axis_angle([1.0, 0.0, 0.0], np.pi / 2)
Q_Z = quaternion.from_axis_angle([0.0, 0.0, 1.0], np.pi / 2)


def _align_sign(answer, expected):
    """``answer`` with the sign that makes it closest to ``expected`` (q and −q are one rotation)."""
    if answer is None or answer is Ellipsis:
        return answer
    try:
        a = np.asarray(answer, dtype=float)
    except (TypeError, ValueError):
        return answer
    if a.shape == np.shape(expected) and np.dot(a, expected) < 0:
        return -a
    return answer


def check_xyzw_conversion(answer) -> Feedback:
    """Exercise 1: ``Q_XYZW`` (x, y, z, w) written as (w, x, y, z)."""
    expected = quaternion.from_xyzw(Q_XYZW)
    hints = {
        "you copied the scalar-last array unchanged, so its x was read as w and its w as z. "
        "Move the last entry (the scalar w) to the front.": Q_XYZW,
        "you reversed all four entries; only the scalar moves, (x, y, z, w) → (w, x, y, z).": Q_XYZW[::-1],
    }
    return check_close("xyzw → wxyz", _align_sign(answer, expected), expected, hints=hints)


def check_composition(answer) -> Feedback:
    """Exercise 2: first 90° about the world x axis, then 90° about the world z axis: ``Q_Z ⊗ Q_X``."""
    expected = quaternion.multiply(Q_Z, Q_X)
    wrong = quaternion.multiply(Q_X, Q_Z)
    hints = {
        "that is Q_X ⊗ Q_Z: the rotation applied FIRST stands on the RIGHT (like matrices, "
        "R = R_z R_x), so the answer is Q_Z ⊗ Q_X.": _align_sign(wrong, expected),
        "you added the quaternions; rotations compose by the Hamilton product quaternion.multiply.":
            _align_sign(Q_X + Q_Z, expected),
    }
    return check_close("composition", _align_sign(answer, expected), expected, hints=hints)
