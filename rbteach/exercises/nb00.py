"""Self-checks for notebook 00 (conventions).

Exercise 1 converts a scalar-last quaternion :data:`Q_XYZW` (as SciPy and 「回転運動のシミュレーション」
(2019) store them) to the collection's ``(w, x, y, z)``; exercise 2 composes two rotations in the
right order; exercise 3 carries a body vector into the world frame from a scalar-last attitude,
where the two conventions of that article (scalar last, and a DCM that is ``Rᵀ``) meet.

The data are generic angles and axes, so that every typical mistake gives a clearly wrong value:
the scalar-last array read as ``(w, x, y, z)``, the two factors of a product swapped, the
conjugate (inverse) rotation, the DCM used as ``R``. A quaternion and its negative are the same
rotation, so either sign is accepted (``kind="quaternion"``).
"""

from __future__ import annotations

import numpy as np

from .. import quaternion as _q
from . import Exercise, Hint

__all__ = ["Q_XYZW", "Q_X", "Q_Z", "Q_R_XYZW", "V_BODY",
           "check_xyzw_conversion", "check_composition", "check_body_to_world"]

#: Exercise 1: 110° about the axis (2, −3, 6)/7, stored scalar last (x, y, z, w) as SciPy's
#: ``Rotation.as_quat()`` gives it.
Q_XYZW = _q.to_xyzw(_q.from_axis_angle([2.0, -3.0, 6.0], np.radians(110.0)))
#: Exercise 2: 40° about the world x axis (applied first), then 70° about the world z axis, (w, x, y, z).
Q_X = _q.from_axis_angle([1.0, 0.0, 0.0], np.radians(40.0))
Q_Z = _q.from_axis_angle([0.0, 0.0, 1.0], np.radians(70.0))
#: Exercise 3: a body → world attitude stored scalar last (x, y, z, w), as 「回転運動のシミュレーション」
#: stores it (130° about (1, 2, −2)/3), and a vector given in body coordinates.
Q_R_XYZW = _q.to_xyzw(_q.from_axis_angle([1.0, 2.0, -2.0], np.radians(130.0)))
V_BODY = np.array([1.0, 2.0, 0.5])


def _ex1_hints():
    x = Q_XYZW
    return {
        Hint("scalar-last-copied", "you copied the scalar-last array unchanged, so its x was read as w and its w as z. "
             "Move the last entry (the scalar w) to the front."): x,
        Hint("all-reversed",
             "you reversed all four entries; only the scalar moves: (x, y, z, w) → (w, x, y, z)."): x[::-1],
        Hint("rolled-wrong-way", "you moved the first entry to the end, which converts the other way, (w, x, y, z) → "
             "(x, y, z, w); here the LAST entry (the scalar) moves to the front."): np.roll(x, -1),
        Hint("conjugate", "that is the conjugate (the inverse rotation): the signs of x, y, z stay as they are."):
            _q.conjugate(_q.from_xyzw(x)),
    }


check_xyzw_conversion = Exercise(
    "xyzw → wxyz", lambda: _q.from_xyzw(Q_XYZW), hints=_ex1_hints, kind="quaternion",
    doc="Exercise 1: ``Q_XYZW`` (x, y, z, w) written as (w, x, y, z).")


def _ex2_hints():
    right = _q.multiply(Q_Z, Q_X)
    swapped = _q.multiply(Q_X, Q_Z)
    return {
        Hint("composition-order", "that is Q_X ⊗ Q_Z, the factors in the order the turns are made; "
             "in a product of active rotations the one applied FIRST stands on the RIGHT, as with "
             "matrices (v → R₂ (R₁ v))."): swapped,
        Hint("passive-for-active", "that is the inverse rotation, undoing both turns (the passive, frame "
             "quaternion); compose the active rotations themselves, with no conjugates."): _q.conjugate(right),
        Hint("conjugated-factors", "the factors stand in the right order, but each is conjugated (turned "
             "backwards); drop the conjugates."): _q.conjugate(swapped),
        Hint("quaternions-added",
             "you added the quaternions; rotations compose by the Hamilton product quaternion.multiply."):
            Q_X + Q_Z,
        Hint("scalar-last", "that is the right rotation written scalar last (x, y, z, w), as SciPy's as_quat() gives "
             "it; the collection writes (w, x, y, z): move the scalar to the front."): _q.to_xyzw(right),
    }


check_composition = Exercise(
    "composition", lambda: _q.multiply(Q_Z, Q_X), hints=_ex2_hints, kind="quaternion",
    doc="Exercise 2: first ``Q_X`` (40° about world x), then ``Q_Z`` (70° about world z): ``Q_Z ⊗ Q_X``.")


def _ex3_expected():
    return _q.to_matrix(_q.from_xyzw(Q_R_XYZW)) @ V_BODY


def _ex3_hints():
    R = _q.to_matrix(_q.from_xyzw(Q_R_XYZW))
    R_misread = _q.to_matrix(Q_R_XYZW)            # the scalar-last array taken as (w, x, y, z)
    return {
        Hint("xyzw-read-as-wxyz", "the four numbers were read as (w, x, y, z); they are (x, y, z, w): convert with "
        "quaternion.from_xyzw first."): R_misread @ V_BODY,
        Hint("dcm-for-r", "that is Rᵀ v_body: the article's DCM (quaternion2dcm) is Rᵀ, world → body. Carry a body "
             "vector into the world with R = to_matrix(q), or with DCMᵀ."): R.T @ V_BODY,
        Hint("xyzw-read-as-wxyz-and-dcm",
             "two mistakes at once: the array was read as (w, x, y, z) and the transpose (the DCM) was "
             "used; convert with from_xyzw, then v_world = R v_body."): R_misread.T @ V_BODY,
        Hint("not-rotated", "that is v_body unchanged; v_world = R v_body with R = to_matrix(q)."): V_BODY,
    }


check_body_to_world = Exercise(
    "body vector in the world", _ex3_expected, hints=_ex3_hints,
    doc="Exercise 3: ``v_world = R v_body`` with ``R = to_matrix(from_xyzw(Q_R_XYZW))``.")
