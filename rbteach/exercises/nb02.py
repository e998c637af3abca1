"""Self-checks for the exercises of notebook 02 (principal axes).

Every check but one is an :class:`rbteach.exercises.Exercise` judged by the collection's rule
(right within 4 significant digits, any way of writing the numbers, an axis with either sign).
Exercise 3a has two right answers (a proper rotation with the right axes in the right order that
keeps column 3 of V: column 1 or column 2 reversed), so :func:`check_proper_rotation` is a function
that tests the properties instead of one value;
Exercise 3b asks for the one rotation the repair of ``rbteach.inertia.principal_axes`` gives.

The data are generic (no 90° turns, no turns about a coordinate axis), so that each typical
mistake in ``hints`` gives a value clearly different from the right answer. The expected values
are computed through rbteach.
"""

from __future__ import annotations

import numpy as np

from . import Exercise, Feedback, Hint, _to_numbers
from .. import inertia, quaternion, rotation

__all__ = ["EX1_INERTIA", "EX2_CYLINDER", "EX2_ATTITUDE_DEG", "EX3_MOMENTS", "EX3_V", "EX3_INERTIA",
           "ex2_attitude", "ex2_inertia_world", "check_principal_moments", "check_symmetry_axis",
           "check_proper_rotation", "check_q_o"]


# --- Exercise 1: principal moments, in any order ------------------------------------------------

#: Exercise 1: a tensor (kg m²) whose z axis is principal and whose xy block has unequal moments.
EX1_INERTIA = np.array([[3.6, -0.8, 0.0], [-0.8, 2.4, 0.0], [0.0, 0.0, 5.0]])


class AnyOrderExercise(Exercise):
    """An :class:`Exercise` whose answer is a set of numbers: they are sorted before judging.

    ``expected`` and every hint value are ascending, so a student may list the principal moments
    in any order, or give them as a set, or as the dict {moment: multiplicity} of SymPy's
    ``Matrix.eigenvals()``.
    """

    def __call__(self, answer) -> Feedback:
        answer = _as_multiset(answer)
        a, problem = _to_numbers(answer, self.expected.shape, self.kind) if answer is not None else (None, "")
        if a is not None and not problem:
            answer = np.sort(a)
        return super().__call__(answer)


def _as_multiset(answer):
    """A set → a list; a dict {value: multiplicity} (SymPy's ``eigenvals()``) → each value repeated."""
    try:
        if isinstance(answer, (set, frozenset)):
            return list(answer)
        if isinstance(answer, dict):
            out = []
            for value, count in answer.items():
                if isinstance(count, bool) or int(count) != count or not 0 < int(count) <= 3:
                    return answer                    # not multiplicities: the rule's message
                out += [value] * int(count)
            return out
    except Exception:                                # noqa: BLE001 - never raise on an answer
        return answer
    return answer


def _ex1_hints() -> dict:
    A, B, C = EX1_INERTIA[0, 0], EX1_INERTIA[1, 1], -EX1_INERTIA[0, 1]
    mean = 0.5 * (A + B)
    return {
        Hint("diagonal-not-eigenvalues",
             "those are the diagonal entries, the moments about the x, y, z axes; the products of inertia "
             "are not zero, so find the eigenvalues of I."): np.sort(np.diag(EX1_INERTIA)),
        Hint("split-without-difference",
             "you split the mean moment (I_xx + I_yy)/2 by ± the product of inertia only; the split is "
             "± √(((I_xx − I_yy)/2)² + I_xy²), because the two diagonal entries differ."):
            np.sort([mean - C, mean + C, EX1_INERTIA[2, 2]]),
    }


check_principal_moments = AnyOrderExercise(
    "principal moments", lambda: inertia.principal_axes(EX1_INERTIA)[0], hints=_ex1_hints,
    doc="Exercise 1: the three principal moments of EX1_INERTIA (kg m²), in any order.")


# --- Exercise 2: the symmetry axis of a tilted cylinder -------------------------------------------

#: Exercise 2: a solid cylinder (kg, m), symmetry axis along its local z ...
EX2_CYLINDER = {"mass": 6.0, "r": 0.2, "h": 1.2}
#: ... mounted with this attitude: (yaw, pitch, roll) in degrees, R = Rz(yaw) Ry(pitch) Rx(roll).
EX2_ATTITUDE_DEG = (40.0, 25.0, 15.0)


def ex2_attitude() -> np.ndarray:
    """The cylinder's attitude R (body → world) from :data:`EX2_ATTITUDE_DEG`."""
    return rotation.euler_zyx_to_matrix(*np.radians(EX2_ATTITUDE_DEG))


def ex2_inertia_world() -> np.ndarray:
    """The mounted cylinder's tensor in the world frame, ``R I Rᵀ`` (kg m²)."""
    return inertia.rotate(inertia.solid_cylinder(**EX2_CYLINDER), ex2_attitude())


_TRANSVERSE = ("that axis is perpendicular to the symmetry axis: it belongs to the repeated moment. "
               "The symmetry axis belongs to the moment that occurs once.")


class _AxisExercise(Exercise):
    """The axis exercise, which also recognises any transverse axis (a whole plane of answers)."""

    def __call__(self, answer) -> Feedback:
        fb = super().__call__(answer)
        if fb or "Hint:" in fb or answer is None:
            return fb
        a, problem = _to_numbers(answer, self.expected.shape, self.kind)
        if a is None or problem:
            return fb
        with np.errstate(all="ignore"):              # huge finite numbers: no overflow warning
            n = float(np.linalg.norm(a))
            transverse = 0 < n < np.inf and abs(float(a @ self.expected)) / n < 0.02
        if transverse:
            return Feedback(f"{self.name}: not yet. Hint: {_TRANSVERSE}", False, "hint", "transverse-axis")
        return fb


def _ex2_hints() -> dict:
    R_deg = rotation.euler_zyx_to_matrix(*EX2_ATTITUDE_DEG)       # degrees read as radians
    return {
        Hint("local-axis", "that is the body's local z axis; in the world frame the cylinder is turned, and its "
             "symmetry axis is R e_z (the third column of R)."): np.array([0.0, 0.0, 1.0]),
        Hint("row-for-column", "that is the third row of R (Rᵀ e_z, the world z axis seen from the body); the body's "
             "z axis in the world is the third column of R."): ex2_attitude()[2, :],
        Hint("degrees-for-radians",
             "the angles went in as degrees where radians are expected: convert with np.radians first."):
            R_deg[:, 2],
        Hint("euler-sequence", "that is R = Rx(roll) Ry(pitch) Rz(yaw), the turns multiplied in the other "
             "order; yaw-pitch-roll is R = Rz(yaw) Ry(pitch) Rx(roll) (intrinsic 'ZYX')."):
            rotation.euler_to_matrix(np.radians(EX2_ATTITUDE_DEG[::-1]), "XYZ")[:, 2],
    }


check_symmetry_axis = _AxisExercise(
    "symmetry axis", lambda: ex2_attitude()[:, 2], hints=_ex2_hints, kind="axis",
    doc="Exercise 2: the unit symmetry axis of the mounted cylinder in the world frame (either sign).")


# --- Exercise 3: a reflection from an eigen-solver, and its repair --------------------------------

#: Exercise 3: the principal moments (kg m²) ...
EX3_MOMENTS = np.array([2.0, 3.0, 4.0])
_EX3_ROTATION = rotation.euler_zyx_to_matrix(*np.radians([25.0, -40.0, 70.0]))
#: ... and eigenvectors an eigen-solver returned for them (columns, in the order of the moments):
#: orthonormal, but det V = −1 (a reflection).
EX3_V = _EX3_ROTATION * np.array([1.0, 1.0, -1.0])
#: The tensor (kg m²): ``V diag(2, 3, 4) Vᵀ``.
EX3_INERTIA = EX3_V @ np.diag(EX3_MOMENTS) @ EX3_V.T

#: Tolerances of Exercise 3a for a matrix typed with 4 decimals (each entry off by up to 5e-5).
_ORTHO_TOL = 2e-3
_DIAG_TOL = 2e-3


def check_proper_rotation(answer) -> Feedback:
    """Exercise 3a: a rotation O (det +1) with Oᵀ I O = diag(2, 3, 4) for :data:`EX3_INERTIA`
    that keeps column 3 of :data:`EX3_V`.

    Two answers are right (reverse column 1 or column 2 of V), so the check tests the properties:
    orthonormal columns, det O = +1, Oᵀ I O = diag(2, 3, 4) in this order, and column 3 = V's
    column 3. Keeping column 3 makes Exercise 3b, the repair o₃ = o₁ × o₂ (which reverses column 3),
    a step of its own (review-00-03 E3). An answer typed with 4 decimals passes (tolerances 2e-3).
    """
    name = "O"
    if answer is None or answer is Ellipsis:
        return Feedback(f"{name}: no answer yet. Replace None with your result and run the cell again.", False,
                        "empty")
    O, problem = _to_numbers(answer, (3, 3), "value")
    if problem:
        return Feedback(f"{name}: {problem}", False, "unreadable")
    with np.errstate(all="ignore"):                  # huge finite numbers: no overflow warning
        return _judge_rotation(name, O)


def _judge_rotation(name, O) -> Feedback:
    if np.allclose(O, EX3_V, atol=_ORTHO_TOL):
        return Feedback(f"{name}: not yet. Hint: that is V itself, with det V = −1 (a reflection); "
                        "reverse the sign of one column.", False, "hint", "reflection-kept")
    if np.abs(O.T @ O - np.eye(3)).max() > _ORTHO_TOL:
        return Feedback(f"{name}: not yet. Hint: the columns must be unit vectors at right angles "
                        "(Oᵀ O = 1); reverse signs, do not change the numbers.", False, "hint",
                        "not-orthonormal")
    if np.linalg.det(O) < 0:
        return Feedback(f"{name}: not yet. Hint: det O = −1, still a reflection; reverse the sign of "
                        "exactly one column of V (or of all three).", False, "hint", "reflection-kept")
    D = O.T @ EX3_INERTIA @ O
    scale = float(EX3_MOMENTS.max())
    if np.abs(D - np.diag(np.diag(D))).max() > _DIAG_TOL * scale:
        return Feedback(f"{name}: not yet. Hint: the columns must be eigenvectors of I "
                        "(Oᵀ I O must be diagonal); use the columns of V.", False, "hint",
                        "not-eigenvectors")
    if np.abs(np.diag(D) - EX3_MOMENTS).max() > _DIAG_TOL * scale:
        order = ", ".join(f"{d:.4g}" for d in np.diag(D))
        return Feedback(f"{name}: not yet. Hint: it diagonalises I, but the columns are in another "
                        f"order (Oᵀ I O has the diagonal {order}); keep the order 2, 3, 4.", False, "hint",
                        "column-order")
    if np.abs(O[:, 2] - EX3_V[:, 2]).max() > _ORTHO_TOL:
        return Feedback(f"{name}: not yet. Hint: a proper rotation with the right axes, but column 3 is "
                        "reversed; the question keeps column 3 of V as it is: reverse column 1 or "
                        "column 2 instead.", False, "hint", "column-3-reversed")
    return Feedback(f"{name}: correct ✓ (det O = +1 and Oᵀ I O = diag(2, 3, 4))", True)


def _ex3b_hints() -> dict:
    q = quaternion.from_matrix(_EX3_ROTATION)
    return {
        Hint("conjugate", "that is the conjugate, the quaternion of Oᵀ (body → principal axes); q_o takes principal "
             "axes to the body, the quaternion of O itself."): quaternion.conjugate(q),
        Hint("scalar-last",
             "that is (x, y, z, w) order; the collection writes quaternions scalar first, (w, x, y, z)."):
            quaternion.to_xyzw(q),
        Hint("column-1-reversed",
             "that rotation reverses column 1 of V; the question keeps columns 1 and 2 and replaces "
             "column 3 by column 1 × column 2."): quaternion.from_matrix(EX3_V * np.array([-1.0, 1.0, 1.0])),
        Hint("column-2-reversed",
             "that rotation reverses column 2 of V; the question keeps columns 1 and 2 and replaces "
             "column 3 by column 1 × column 2."): quaternion.from_matrix(EX3_V * np.array([1.0, -1.0, 1.0])),
        Hint("all-columns-reversed",
             "that rotation reverses all three columns of V; the question keeps columns 1 and 2."):
            quaternion.from_matrix(-EX3_V),
    }


check_q_o = Exercise(
    "q_o", lambda: quaternion.from_matrix(_EX3_ROTATION), hints=_ex3b_hints, kind="quaternion",
    doc="Exercise 3b: the quaternion q_o (w, x, y, z) of V repaired with column 3 = column 1 × column 2.")
