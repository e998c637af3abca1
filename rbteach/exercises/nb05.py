"""Self-checks for notebook 05 (quaternions).

Every check is an :class:`~rbteach.exercises.Exercise` judged by the one rule of
:mod:`rbteach.exercises` (right within 4 significant digits; the quaternion of a rotation with either
sign, but the rate q̇ of Exercise 4 with one sign: −q̇ is the body spinning the other way). The
data of each exercise are module constants, so the notebook's statement and the check agree;
expected values come from :mod:`rbteach.quaternion`.

The hints are the notebook's convention bug zoo (and, for SLERP, lerp without normalising, lerp +
normalise, the long arc): (x, y, z, w) read as (w, x, y, z), the passive
sandwich ``q* ⊗ (0, v) ⊗ q`` (= ``Rᵀ v``) for the active one, a row of ``R`` (the DCM ``Rᵀ``) for a
column, ``ω_body`` put into the world formula ``½ (0, ω) ⊗ q``, a product in the wrong order or
conjugated, plus the full angle for the half angle, degrees given to ``cos`` and the answer written
scalar last. The data use
generic axes and angles, so that each of these mistakes gives a clearly wrong answer
(tests/test_exercises_student.py); 90° turns about coordinate axes would let several of them pass.
"""

from __future__ import annotations

import numpy as np

from .. import quaternion as _q
from . import Exercise, Hint

__all__ = ["EX1_AXIS", "EX1_ANGLE_DEG", "EX2_Q", "EX2_V", "EX3_Q_XYZW",
           "EX4_AXIS", "EX4_ANGLE_DEG", "EX4_OMEGA_BODY",
           "EX5_AXIS_O", "EX5_ANGLE_O_DEG", "EX5_AXIS_R", "EX5_ANGLE_R_DEG",
           "check_axis_angle_quaternion", "check_rotated_vector", "check_body_x_axis",
           "EX6_P", "EX6_Q", "EX6_T", "EX7_AXIS_0", "EX7_ANGLE_0_DEG", "EX7_TURN_Z_DEG", "EX7_TURN_Y_DEG",
           "check_attitude_rate", "check_frame_chain", "check_slerp_attitude",
           "check_body_axis_turns"]

#: Exercise 1: the rotation by EX1_ANGLE_DEG about the axis EX1_AXIS (not unit: normalise it).
EX1_AXIS = (2.0, -1.0, 2.0)
EX1_ANGLE_DEG = 130.0

#: Exercise 2: rotate v by the unit quaternion q, scalar first (w, x, y, z).
EX2_Q = (0.7, 0.5, 0.1, -0.5)
EX2_V = (1.0, -2.0, 0.5)

#: Exercise 3: an attitude stored scalar last, (x, y, z, w), as SciPy and 「回転運動のシミュレーション」 (2019) store it.
EX3_Q_XYZW = (0.2, 0.4, 0.16, 0.88)

#: Exercise 4: a body at the attitude EX4_ANGLE_DEG about EX4_AXIS; its gyro reads EX4_OMEGA_BODY (rad/s, body frame).
EX4_AXIS = (1.0, 2.0, 2.0)
EX4_ANGLE_DEG = 70.0
EX4_OMEGA_BODY = (0.3, -1.2, 2.0)

#: Exercise 5: principal axes → body is q_o (EX5_ANGLE_O_DEG about EX5_AXIS_O), body → world is
#: q_r (EX5_ANGLE_R_DEG about EX5_AXIS_R); the answer is q = q_r ⊗ q_o, principal axes → world.
EX5_AXIS_O = (0.0, 1.0, 2.0)
EX5_ANGLE_O_DEG = 50.0
EX5_AXIS_R = (3.0, -1.0, 1.0)
EX5_ANGLE_R_DEG = 120.0

#: Exercise 6: the attitude a fraction EX6_T of the way from EX6_P to EX6_Q (unit to 4 decimals,
#: 160° apart, stored with EX6_P · EX6_Q < 0), turning at a constant rate along the shorter arc.
EX6_P = (0.9537, 0.1312, -0.2625, 0.0656)
EX6_Q = (-0.1920, -0.8688, -0.4434, 0.1082)
EX6_T = 0.25

#: Exercise 7: a body at q0 (EX7_ANGLE_0_DEG about EX7_AXIS_0, body → world) turns by EX7_TURN_Z_DEG
#: about its own z axis, then by EX7_TURN_Y_DEG about its own (new) y axis.
EX7_AXIS_0 = (2.0, 1.0, -2.0)
EX7_ANGLE_0_DEG = 65.0
EX7_TURN_Z_DEG = 40.0
EX7_TURN_Y_DEG = 25.0


# --------------------------------------------------------------------------- Exercise 1
def _ex1():
    angle = np.radians(EX1_ANGLE_DEG)
    q = _q.from_axis_angle(EX1_AXIS, angle)
    n = np.asarray(EX1_AXIS, dtype=float) / np.linalg.norm(EX1_AXIS)
    full = np.concatenate([[np.cos(angle)], np.sin(angle) * n])
    degrees = np.concatenate([[np.cos(EX1_ANGLE_DEG / 2)], np.sin(EX1_ANGLE_DEG / 2) * n])
    raw_axis = np.concatenate([[np.cos(angle / 2)], np.sin(angle / 2) * np.asarray(EX1_AXIS, dtype=float)])
    return q, {
        Hint("scalar-last",
             "this is scalar last (x, y, z, w); rbteach stores (w, x, y, z), scalar first."): _q.to_xyzw(q),
        Hint("full-angle", "use the half angle: q = (cos(θ/2), sin(θ/2) n)."): full,
        Hint("full-angle-scalar-last",
             "use the half angle, q = (cos(θ/2), sin(θ/2) n), and put the scalar first."): _q.to_xyzw(full),
        Hint("conjugate", "that is the inverse rotation (−θ): the vector part is + sin(θ/2) n."): _q.conjugate(q),
        Hint("degrees-for-radians",
             "np.cos and np.sin take radians: convert the angle with np.radians first."): degrees,
        Hint("axis-not-unit", "n must be a unit axis: divide the given axis by its length."): raw_axis,
    }


check_axis_angle_quaternion = Exercise(
    "quaternion of the axis–angle rotation", lambda: _ex1()[0], hints=lambda: _ex1()[1], kind="quaternion",
    doc="Exercise 1: the unit quaternion (w, x, y, z) of EX1_ANGLE_DEG about EX1_AXIS (either sign).")


# --------------------------------------------------------------------------- Exercise 2
def _ex2():
    q, v = np.asarray(EX2_Q, dtype=float), np.asarray(EX2_V, dtype=float)
    no_conjugate = _q.multiply(_q.multiply(q, np.concatenate([[0.0], v])), q)[1:]
    return _q.rotate(q, v), {
        Hint("passive-rotation", "that is q* ⊗ (0, v) ⊗ q = Rᵀ v, the inverse (passive) rotation; rotate actively, "
             "q ⊗ (0, v) ⊗ q*."): _q.rotate(_q.conjugate(q), v),
        Hint("wxyz-read-as-xyzw",
             "the four numbers were read as (x, y, z, w); rbteach's q is (w, x, y, z), scalar first."):
            _q.rotate(_q.from_xyzw(q), v),
        Hint("conjugate-missing", "the right-hand factor is the conjugate q* = (w, −x, −y, −z), not q."): no_conjugate,
    }


check_rotated_vector = Exercise(
    "q ⋄ v", lambda: _ex2()[0], hints=lambda: _ex2()[1],
    doc="Exercise 2: EX2_Q ⋄ EX2_V, the active rotation of the vector.")


# --------------------------------------------------------------------------- Exercise 3
def _ex3():
    R = _q.to_matrix(_q.from_xyzw(EX3_Q_XYZW))
    R_misread = _q.to_matrix(np.asarray(EX3_Q_XYZW, dtype=float))
    return R[:, 0], {
        Hint("row-for-column",
             "that is the first row of R (a column of the DCM Rᵀ): the body axes are the columns of R."):
            R[0, :],
        Hint("xyzw-read-as-wxyz",
             "the numbers are (x, y, z, w): convert with Q.from_xyzw before Q.to_matrix."): R_misread[:, 0],
        Hint("xyzw-and-row",
             "two mistakes: convert with Q.from_xyzw first, and take a column of R, not a row."): R_misread[0, :],
    }


check_body_x_axis = Exercise(
    "body x axis in the world", lambda: _ex3()[0], hints=lambda: _ex3()[1],
    doc="Exercise 3: the body x axis in the world frame for the scalar-last attitude EX3_Q_XYZW.")


# --------------------------------------------------------------------------- Exercise 4
def _ex4():
    q = _q.from_axis_angle(EX4_AXIS, np.radians(EX4_ANGLE_DEG))
    w_b = np.asarray(EX4_OMEGA_BODY, dtype=float)
    R = _q.to_matrix(q)
    right = _q.derivative_body(q, w_b)
    q_deg = _q.from_axis_angle(EX4_AXIS, EX4_ANGLE_DEG)            # 70 taken as radians
    return right, {
        Hint("world-formula-with-body-omega",
             "that puts ω_body into the world formula ½ (0, ω) ⊗ q: use ½ q ⊗ (0, ω_body), "
             "or turn it into ω_world = R ω_body first."): _q.derivative_world(q, w_b),
        Hint("transpose-rotation",
             "ω_world = R ω_body (body → world), not Rᵀ ω_body."): _q.derivative_world(q, R.T @ w_b),
        Hint("missing-half", "q̇ has a ½: q̇ = ½ q ⊗ (0, ω_body)."): 2 * right,
        Hint("rate-sign", "that is −q̇. A rate is not a rotation: −q̇ is the rate of the body spinning the "
             "other way (ω reversed, or the passive q̇ = −½ (0, ω) ⊗ q). Take q with w > 0, as "
             "Q.from_axis_angle gives it, and q̇ = ½ q ⊗ (0, ω_body)."): -right,
        Hint("degrees-for-radians", "the angle went in as degrees where radians are expected: "
             "convert with np.radians first."): _q.derivative_body(q_deg, w_b),
        Hint("scalar-last", "that is q̇ written scalar last (x, y, z, w); rbteach writes (w, x, y, z), "
             "scalar first."): _q.to_xyzw(right),
    }


check_attitude_rate = Exercise(
    "q̇ from the gyro", lambda: _ex4()[0], hints=lambda: _ex4()[1],
    doc="Exercise 4: q̇ (w, x, y, z) of the attitude EX4_* (q with w > 0, as from_axis_angle gives it) "
        "turning at EX4_OMEGA_BODY (body frame). A rate has one sign: −q̇ is refused.")


# --------------------------------------------------------------------------- Exercise 5
def _ex5():
    q_o = _q.from_axis_angle(EX5_AXIS_O, np.radians(EX5_ANGLE_O_DEG))
    q_r = _q.from_axis_angle(EX5_AXIS_R, np.radians(EX5_ANGLE_R_DEG))
    right = _q.multiply(q_r, q_o)
    q_o_deg = _q.from_axis_angle(EX5_AXIS_O, EX5_ANGLE_O_DEG)       # degrees taken as radians
    q_r_deg = _q.from_axis_angle(EX5_AXIS_R, EX5_ANGLE_R_DEG)
    return right, {
        Hint("composition-order",
             "the product is in the wrong order: the later rotation (body → world, q_r) goes on the left."):
            _q.multiply(q_o, q_r),
        Hint("conjugate-q-o", "no conjugate is needed: q_o* would undo the principal-axes turn."):
            _q.multiply(q_r, _q.conjugate(q_o)),
        Hint("conjugate-q-r", "no conjugate is needed: q_r* is world → body."): _q.multiply(_q.conjugate(q_r), q_o),
        Hint("passive-for-active", "that is the conjugate of the answer, the passive (frame) quaternion "
             "world → principal axes; the question asks for the active rotation principal axes → world."):
            _q.conjugate(right),
        Hint("degrees-for-radians", "the angles went in as degrees where radians are expected: convert "
             "with np.radians first."): _q.multiply(q_r_deg, q_o_deg),
        Hint("scalar-last", "that is the right rotation written scalar last (x, y, z, w); rbteach writes "
             "(w, x, y, z), scalar first."): _q.to_xyzw(right),
    }


check_frame_chain = Exercise(
    "q = q_r ⊗ q_o", lambda: _ex5()[0], hints=lambda: _ex5()[1], kind="quaternion",
    doc="Exercise 5: the quaternion principal axes → world, q_r ⊗ q_o (either sign).")


# --------------------------------------------------------------------------- Exercise 6
def _ex6():
    p, q, t = np.asarray(EX6_P, dtype=float), np.asarray(EX6_Q, dtype=float), EX6_T
    u, v = _q.normalize(p), _q.normalize(q)
    omega_long = np.arccos(np.clip(u @ v, -1.0, 1.0))         # > 90°: the long way round
    long_arc = (np.sin((1 - t) * omega_long) * u + np.sin(t * omega_long) * v) / np.sin(omega_long)
    return _q.slerp(p, q, t), {
        Hint("nlerp", "that is lerp + normalise, normalize((1 − t) p − t q): the same path, but it does not turn at a "
        "constant rate (slower at the ends, faster in the middle); use Q.slerp."): _q.normalize((1 - t) * p - t * q),
        Hint("lerp-not-normalised",
             "that is (1 − t) p − t q, not normalised: it is not a unit quaternion (and lerp does not turn at a "
             "constant rate); use Q.slerp."): (1 - t) * p - t * q,
        Hint("long-arc", "that goes the long way round: p · q < 0, so −q (the same attitude) is nearer; flip q first "
             "(Q.slerp does)."): long_arc,
        Hint("long-arc-nlerp",
             "that goes the long way round (p · q < 0: use −q) and is lerp + normalise, which does not turn at a "
             "constant rate; use Q.slerp."): _q.normalize((1 - t) * p + t * q),
        Hint("t-reversed", "t = 0 is p and t = 1 is q: that is the attitude at 1 − t."): _q.slerp(p, q, 1 - t),
        Hint("scalar-last", "that is the right attitude written scalar last (x, y, z, w); rbteach writes "
             "(w, x, y, z), scalar first."): _q.to_xyzw(_q.slerp(p, q, t)),
    }


check_slerp_attitude = Exercise(
    "the attitude a quarter of the way", lambda: _ex6()[0], hints=lambda: _ex6()[1], kind="quaternion",
    doc="Exercise 6: slerp(EX6_P, EX6_Q, EX6_T), the shortest arc at a constant rate (either sign).")


# --------------------------------------------------------------------------- Exercise 7
def _ex7():
    q0 = _q.from_axis_angle(EX7_AXIS_0, np.radians(EX7_ANGLE_0_DEG))
    a, b = np.radians(EX7_TURN_Z_DEG), np.radians(EX7_TURN_Y_DEG)
    qz, qy = _q.from_axis_angle([0.0, 0.0, 1.0], a), _q.from_axis_angle([0.0, 1.0, 0.0], b)
    m = _q.multiply
    right = m(m(q0, qz), qy)
    full = m(m(q0, _q.from_axis_angle([0.0, 0.0, 1.0], 2 * a)), _q.from_axis_angle([0.0, 1.0, 0.0], 2 * b))
    deg = m(m(_q.from_axis_angle(EX7_AXIS_0, EX7_ANGLE_0_DEG), _q.from_axis_angle([0.0, 0.0, 1.0], EX7_TURN_Z_DEG)),
            _q.from_axis_angle([0.0, 1.0, 0.0], EX7_TURN_Y_DEG))                # degrees taken as radians
    return right, {
        Hint("world-axes-for-body-axes",
             "those are turns about the world z and y axes (products on the left); a turn about the body's own "
             "axis multiplies on the right."): m(qy, m(qz, q0)),
        Hint("world-axes-for-body-axes-order",
             "turns about the body's own axes multiply on the right, in the order they are made."): m(qz, m(qy, q0)),
        Hint("turn-order", "the order is reversed: on the right, the turn made first stands first (nearest q0)."):
            m(m(q0, qy), qz),
        Hint("second-turn-world-axis",
             "the second turn is about the body's new y′ axis, not the world y axis: it goes on the right too."):
            m(qy, m(q0, qz)),
        Hint("start-missing", "the body starts at q0, not at the identity."): m(qz, qy),
        Hint("degrees-for-radians", "the angles went in as degrees where radians are expected: convert "
             "with np.radians first."): deg,
        Hint("full-angle", "use the half angles: q_n(θ) = (cos(θ/2), sin(θ/2) n)."): full,
        Hint("scalar-last",
             "this is scalar last (x, y, z, w); rbteach stores (w, x, y, z), scalar first."): _q.to_xyzw(right),
    }


check_body_axis_turns = Exercise(
    "turns about the body's own axes", lambda: _ex7()[0], hints=lambda: _ex7()[1], kind="quaternion",
    doc="Exercise 7: q0 ⊗ q_z(EX7_TURN_Z_DEG) ⊗ q_y(EX7_TURN_Y_DEG), turns about the body's own axes (either sign).")
