"""Self-checks for the exercises of notebook 03 (frames).

All checks are :class:`rbteach.exercises.Exercise` objects judged by the collection's rule (right
within 4 significant digits, any way of writing the numbers). The attitude is generic (yaw, pitch
and roll all non-zero, no 90° turn), so that each frame mistake in ``hints`` — the transpose
pitfall Rᵀ I R, R I R without a transpose, a body-frame vector used as a world-frame one, a
forgotten rotation, degrees read as radians — gives a value clearly different from the right
answer; exercise 3 (ω_body from ZYX angle rates) likewise refuses the rates themselves, ω_world,
the extrinsic or another order of the axes; exercise 4 (the yaw ψ from an accelerometer and a
magnetometer) refuses the swapped arguments of align_vectors, a compass reading without tilt
compensation, roll for yaw and radians. The expected values are computed through rbteach.
"""

from __future__ import annotations

import numpy as np

from . import Exercise, Hint
from .. import inertia, quaternion, rotation

__all__ = ["EX_INERTIA", "EX_ATTITUDE_DEG", "EX1_OMEGA_BODY", "EX2_L_WORLD", "EX3_ANGLES_DEG", "EX3_RATES",
           "EX4_VECTORS_WORLD", "EX4_VECTORS_BODY", "EX4_WEIGHTS", "ex_attitude", "check_L_world",
           "check_omega_world", "check_omega_body_from_rates", "check_heading"]

#: The body of both exercises: principal axes = body axes, I = diag(1, 2, 3) kg m².
EX_INERTIA = np.diag([1.0, 2.0, 3.0])
#: The attitude of both exercises: (yaw, pitch, roll) in degrees, R = Rz(yaw) Ry(pitch) Rx(roll).
EX_ATTITUDE_DEG = (40.0, -25.0, 60.0)
#: Exercise 1: the angular velocity in the body frame (rad/s).
EX1_OMEGA_BODY = np.array([0.6, -0.4, 1.2])
#: Exercise 2: the angular momentum in the world frame (kg m²/s).
EX2_L_WORLD = np.array([0.8, -1.5, 2.0])
#: Exercise 3: ZYX Euler angles (yaw ψ, pitch θ, roll φ) in degrees ...
EX3_ANGLES_DEG = (35.0, -20.0, 50.0)
#: ... and their rates (ψ̇, θ̇, φ̇) in rad/s.
EX3_RATES = np.array([0.4, -0.3, 0.9])
#: Exercise 4: the world directions of notebook 03's section 4 (x east, y magnetic north, z up):
#: the specific force at rest (m/s²) and the Earth's field in Tokyo (46 µT, dip 49°) ...
EX4_VECTORS_WORLD = np.array([[0.0, 0.0, 9.81],
                              [0.0, 46.0 * np.cos(np.radians(49.0)), -46.0 * np.sin(np.radians(49.0))]])
#: ... as an IMU at rest measured them in its body frame (rounded to 0.01) ...
EX4_VECTORS_BODY = np.array([[1.37, 3.64, 9.01], [12.31, -36.7, -24.85]])
#: ... and the weights 1/σ² (σ = 0.05 m/s², 0.5 µT).
EX4_WEIGHTS = 1.0 / np.array([0.05, 0.5]) ** 2


def ex_attitude() -> np.ndarray:
    """R (body → world) of :data:`EX_ATTITUDE_DEG`: ``rotation.euler_zyx_to_matrix`` in radians."""
    return rotation.euler_zyx_to_matrix(*np.radians(EX_ATTITUDE_DEG))


def _degrees_as_radians() -> np.ndarray:
    return rotation.euler_zyx_to_matrix(*EX_ATTITUDE_DEG)


def _sequence_reversed() -> np.ndarray:
    """R = Rx(roll) Ry(pitch) Rz(yaw): the elementary turns multiplied in the other order."""
    return rotation.euler_to_matrix(np.radians(EX_ATTITUDE_DEG[::-1]), "XYZ")


_SEQUENCE = ("that is R = Rx(roll) Ry(pitch) Rz(yaw), the turns multiplied in the other order; yaw-pitch-roll "
             "is R = Rz(yaw) Ry(pitch) Rx(roll) (intrinsic 'ZYX', rotation.euler_zyx_to_matrix).")


def _ex1_expected() -> np.ndarray:
    R = ex_attitude()
    return inertia.rotate(EX_INERTIA, R) @ (R @ EX1_OMEGA_BODY)      # (R I Rᵀ) ω_world


def _ex1_hints() -> dict:
    R, I, w = ex_attitude(), EX_INERTIA, EX1_OMEGA_BODY
    w_world = R @ w
    Rd = _degrees_as_radians()
    return {
        Hint("body-frame-not-rotated",
             "that is L in the body frame, I ω_body; rotate it to the world: L_world = R L_body."): I @ w,
        Hint("transpose-rotation", "you rotated with Rᵀ (world → body) instead of R (body → world)."): R.T @ (I @ w),
        Hint("world-omega-with-body-tensor",
             "you multiplied the world-frame ω by the body-frame tensor; use I_world = R I Rᵀ."): I @ w_world,
        Hint("omega-not-l", "that is ω_world, not L_world: multiply by the tensor."): w_world,
        Hint("transpose-pitfall",
             "you used Rᵀ I R (the transpose pitfall); the world tensor is R I Rᵀ."): R.T @ I @ R @ w_world,
        Hint("transpose-missing",
             "you used R I R without a transpose; the world tensor is R I Rᵀ."): R @ I @ R @ w_world,
        Hint("body-omega-with-world-tensor",
             "you multiplied I_world by ω_body; I_world acts on the world-frame ω_world = R ω_body."):
            R @ I @ R.T @ w,
        Hint("degrees-for-radians",
             "the angles went in as degrees where radians are expected: convert with np.radians first."):
            Rd @ (I @ w),
        Hint("euler-sequence", _SEQUENCE): _sequence_reversed() @ (I @ w),
    }


check_L_world = Exercise(
    "L_world", _ex1_expected, hints=_ex1_hints,
    doc="Exercise 1: L_world (kg m²/s) for EX_INERTIA at EX_ATTITUDE_DEG with EX1_OMEGA_BODY.")


def _ex2_expected() -> np.ndarray:
    R = ex_attitude()
    # R I⁻¹ Rᵀ L_world (I⁻¹ is no inertia tensor, so not through inertia.rotate, which checks one)
    return R @ np.linalg.inv(EX_INERTIA) @ R.T @ EX2_L_WORLD


def _ex2_hints() -> dict:
    R, L = ex_attitude(), EX2_L_WORLD
    I_inv = np.linalg.inv(EX_INERTIA)
    Rd = _degrees_as_radians()
    return {
        Hint("body-inverse-on-world-vector",
             "I⁻¹ acts on body-frame vectors only; use I_world⁻¹ = R I⁻¹ Rᵀ."): I_inv @ L,
        Hint("transpose-pitfall",
             "you used Rᵀ I⁻¹ R (the transpose pitfall); the world inverse is R I⁻¹ Rᵀ."): R.T @ I_inv @ R @ L,
        Hint("transpose-missing",
             "you used R I⁻¹ R without a transpose; the world inverse is R I⁻¹ Rᵀ."): R @ I_inv @ R @ L,
        Hint("body-frame-not-rotated",
             "that is ω in the body frame, I⁻¹ Rᵀ L_world; rotate it back to the world with R."): I_inv @ R.T @ L,
        Hint("inverse-missing", "you multiplied by I_world instead of its inverse."): R @ EX_INERTIA @ R.T @ L,
        Hint("degrees-for-radians",
             "the angles went in as degrees where radians are expected: convert with np.radians first."):
            Rd @ I_inv @ Rd.T @ L,
        Hint("euler-sequence", _SEQUENCE): _sequence_reversed() @ I_inv @ _sequence_reversed().T @ L,
    }


check_omega_world = Exercise(
    "omega_world", _ex2_expected, hints=_ex2_hints,
    doc="Exercise 2: ω_world (rad/s) for EX_INERTIA at EX_ATTITUDE_DEG with EX2_L_WORLD.")


def _ex3_expected() -> np.ndarray:
    return rotation.euler_rates_to_omega_body(np.radians(EX3_ANGLES_DEG), EX3_RATES, "ZYX")


def _ex3_hints() -> dict:
    angles, rates = np.radians(EX3_ANGLES_DEG), EX3_RATES
    return {
        Hint("rates-as-omega",
             "those are the angle rates themselves: ω_body is not (ψ̇, θ̇, φ̇); each rate turns about a "
             "different axis (yaw about world z, pitch about the once-turned y, roll about body x)."): rates,
        Hint("omega-world-for-body", "that is ω_world (the same arrow in world components); ω_body = Rᵀ ω_world."):
            rotation.euler_rates_to_omega_world(angles, rates, "ZYX"),
        Hint("extrinsic-for-intrinsic",
             "you read the angles as extrinsic zyx (world axes z, y, x); yaw-pitch-roll is intrinsic ZYX, "
             "the same as extrinsic xyz with (roll, pitch, yaw)."): rotation.euler_rates_to_omega_body(angles, rates, "zyx"),
        Hint("euler-sequence",
             "you used the sequence XYZ (roll first about body x); yaw-pitch-roll is ZYX, R = Rz(ψ) Ry(θ) Rx(φ)."):
            rotation.euler_rates_to_omega_body(angles, rates, "XYZ"),
        Hint("inverse-map",
             "you applied the inverse map (ω_body → angle rates) to the rates; the angle rates give ω_body "
             "through euler_rates_to_omega_body."): rotation.omega_body_to_euler_rates(angles, rates, "ZYX"),
        Hint("degrees-for-radians",
             "the angles went in as degrees where radians are expected: convert with np.radians first."):
            rotation.euler_rates_to_omega_body(np.asarray(EX3_ANGLES_DEG), rates, "ZYX"),
    }


check_omega_body_from_rates = Exercise(
    "omega_body", _ex3_expected, hints=_ex3_hints,
    doc="Exercise 3: ω_body (rad/s) from the ZYX angles EX3_ANGLES_DEG and their rates EX3_RATES.")


def _ex4_attitude(vectors_world, vectors_body) -> np.ndarray:
    return quaternion.to_matrix(rotation.align_vectors(vectors_world, vectors_body, EX4_WEIGHTS))


def _ex4_expected() -> float:
    return float(np.degrees(rotation.matrix_to_euler(_ex4_attitude(EX4_VECTORS_WORLD, EX4_VECTORS_BODY), "ZYX")[0]))


def _ex4_hints() -> dict:
    R = _ex4_attitude(EX4_VECTORS_WORLD, EX4_VECTORS_BODY)
    swapped = _ex4_attitude(EX4_VECTORS_BODY, EX4_VECTORS_WORLD)
    field_body = EX4_VECTORS_BODY[1]
    return {
        Hint("arguments-swapped",
             "you swapped the arguments: align_vectors(vectors_world, vectors_body) gives q_r (body → world); "
             "with the body vectors first you get its inverse."): float(np.degrees(rotation.matrix_to_euler(swapped, "ZYX")[0])),
        Hint("tilt-not-compensated",
             "that is ψ as a level body would give it, atan2(b_x, b_y) of the measured field; this body is "
             "tilted, and the steep dip of the field makes the tilt matter: use both vectors."):
            float(np.degrees(np.arctan2(field_body[0], field_body[1]))),
        Hint("roll-for-yaw", "that is roll: in extrinsic 'xyz' (roll, pitch, yaw) the yaw is the last angle."):
            float(np.degrees(rotation.matrix_to_euler(R, "xyz")[0])),
        Hint("answer-in-radians",
             "that is the yaw in radians; give it in degrees."): float(rotation.matrix_to_euler(R, "ZYX")[0]),
        Hint("compass-heading", "that is 90° − ψ, the compass heading (from north towards east); ψ, the yaw, "
             "is measured from east (the x axis) towards north."):
            90.0 - float(np.degrees(rotation.matrix_to_euler(R, "ZYX")[0])),
    }


check_heading = Exercise(
    "yaw ψ", _ex4_expected, hints=_ex4_hints, period=360.0,
    doc="Exercise 4: the yaw (ZYX, degrees) of the attitude that best fits EX4_VECTORS_BODY; an angle, "
        "so it is right modulo 360° (ψ − 360° is ψ).")
