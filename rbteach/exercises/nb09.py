"""Self-checks for notebook 09 (the integrator lab).

Every check is an :class:`~rbteach.exercises.Exercise` judged by the one rule of
:mod:`rbteach.exercises` (right within 4 significant digits). The data of each exercise are module
constants named after their exercise (``EX1_*``, ``EX3_*``, ``EX4_*``), so the notebook's statement and the
check agree; expected values come from :mod:`rbteach.dynamics` and :mod:`rbteach.analytic` on the
lab's body ``I = (1, 2, 3)`` kg m², ``ω0 = (0.4, 0.8, 0.6)`` rad/s. Each typical mistake (a hint)
gives a clearly different number.
"""

from __future__ import annotations

import numpy as np

from .. import analytic as _an
from .. import dynamics as _dyn
from . import Exercise, Hint

__all__ = ["MOMENTS", "OMEGA0", "EX1_METHOD", "EX1_DT", "EX1_T", "EX3_DT", "EX3_T", "EX4_SPIN", "EX4_DT",
           "check_observed_order", "check_yoshida", "check_euler_energy_drift", "check_cayley_angle"]

#: The lab's body: principal moments (kg m²) and initial body angular velocity (rad/s).
MOMENTS = (1.0, 2.0, 3.0)
OMEGA0 = (0.4, 0.8, 0.6)

#: Exercise 1: the observed order of EX1_METHOD from the max |ω error| over [0, EX1_T] s at EX1_DT and EX1_DT/2.
EX1_METHOD = "splitting"
EX1_DT = 0.1
EX1_T = 10.0

#: Exercise 3: explicit Euler's relative energy change T(t)/T(0) − 1 at t = EX3_T (s) with Δt = EX3_DT (s).
EX3_DT = 0.05
EX3_T = 20.0

#: Exercise 4: the angle (rad) one implicit midpoint step of EX4_DT (s) turns the lab's body spinning steadily about
#: its principal axis e₃ at EX4_SPIN (rad/s).
EX4_SPIN = 2.3
EX4_DT = 0.6


# ----------------------------------------------------------------------------- Exercise 1
def _max_error(method, dt, T):
    steps = int(round(T / dt))
    tr = _dyn.simulate(MOMENTS, OMEGA0, dt=dt, steps=steps, method=method)
    return float(np.max(np.linalg.norm(tr.omega_body - _an.free_body(MOMENTS, OMEGA0, tr.t), axis=-1)))


def _error_ratio():
    return _max_error(EX1_METHOD, EX1_DT, EX1_T) / _max_error(EX1_METHOD, EX1_DT / 2, EX1_T)


def _order_hints():
    r = _error_ratio()
    return {
        Hint("log10-for-log2",
             "halving Δt divides the error by 2^p: take log2 (or log(ratio)/log(2)), not log10."): np.log10(r),
        Hint("ln-for-log2", "that is the natural logarithm ln(ratio); divide it by ln 2 (or use np.log2)."): np.log(r),
        Hint("ratio-inverted", "the ratio is upside down: e(Δt)/e(Δt/2) > 1 for a convergent method."): -np.log2(r),
        Hint("ratio-for-order", "that is the error ratio 2^p itself; the order is its base-2 logarithm."): r,
    }


check_observed_order = Exercise(
    "observed order", lambda: float(np.log2(_error_ratio())), hints=_order_hints,
    doc="Exercise 1: p = log2(e(Δt)/e(Δt/2)) for EX1_METHOD, measured (2.0003 for the Strang "
        "splitting: the theoretical order 2 is within rounding of it, and accepted too).")


# ----------------------------------------------------------------------------- Exercise 2
_G1 = 1.0 / (2.0 - 2.0 ** (1.0 / 3.0))
_G0 = 1.0 - 2.0 * _G1
_G1_SQRT = 1.0 / (2.0 - np.sqrt(2.0))
_G1_PLUS = 1.0 / (2.0 + 2.0 ** (1.0 / 3.0))

check_yoshida = Exercise(
    "(γ1, γ0)", (_G1, _G0),
    hints={
        Hint("gamma0-sign", "γ0 = 1 − 2γ1 is negative (a step backwards in time): check its sign."): (_G1, -_G0),
        Hint("square-root", "the root is the cube root 2^(1/3) (from 2γ1³ + γ0³ = 0), not the square root."):
            (_G1_SQRT, 1.0 - 2.0 * _G1_SQRT),
        Hint("cube-root-sign",
             "2γ1³ + γ0³ = 0 gives γ0 = −2^(1/3) γ1 (the real cube root of −2 is negative), not +2^(1/3) γ1."):
            (_G1_PLUS, 1.0 - 2.0 * _G1_PLUS),
        Hint("order-swapped", "the order is (γ1, γ0): the outer coefficient first."): (_G0, _G1),
    },
    doc="Exercise 2: the triple-jump coefficients (γ1, γ0) with 2γ1 + γ0 = 1 and 2γ1³ + γ0³ = 0.")


# ----------------------------------------------------------------------------- Exercise 3
def _euler_run():
    steps = int(round(EX3_T / EX3_DT))
    return _dyn.simulate(MOMENTS, OMEGA0, dt=EX3_DT, steps=steps, method="euler")


def _energy_drift():
    E = _euler_run().kinetic_energy
    return float(E[-1] / E[0] - 1.0)


def _energy_drift_hints():
    tr = _euler_run()
    E = tr.kinetic_energy
    L = np.linalg.norm(_dyn.angular_momentum(MOMENTS, tr.omega_body), axis=-1)
    rel = E[-1] / E[0] - 1.0
    return {
        Hint("absolute-change",
             "that is the absolute change T(t) − T(0) (J); divide by T(0) for the relative change."): E[-1] - E[0],
        Hint("sign",
             "explicit Euler *gains* energy every step (T grows by ½ h² ω̇·Iω̇): the change is positive."): -rel,
        Hint("ratio-not-minus-one", "that is T(t)/T(0); subtract 1."): E[-1] / E[0],
        Hint("l-for-energy",
             "that is the relative change of |L|; the question asks for the kinetic energy T = ½ ω·Iω."):
            L[-1] / L[0] - 1.0,
    }


check_euler_energy_drift = Exercise(
    "relative energy change", _energy_drift, hints=_energy_drift_hints,
    doc="Exercise 3: explicit Euler's T(t)/T(0) − 1 at t = EX3_T with Δt = EX3_DT (positive: it gains energy).")


# ----------------------------------------------------------------------------- Exercise 4
def _cayley_angle():
    from .. import quaternion as _q

    run = _dyn.simulate(MOMENTS, (0.0, 0.0, EX4_SPIN), dt=EX4_DT, steps=1, method="implicit-midpoint")
    return float(_q.angle_between(run.q[1], run.q[0]))


def _cayley_hints():
    x = EX4_SPIN * EX4_DT
    return {
        Hint("exact-turn",
             "that is the exact turn h|ω| of one step; the Cayley step turns by less: cay(a) = (1 − |a|², 2a)/(1 + |a|²) "
             "is the quaternion (cos φ/2, sin φ/2 â) of the angle φ = 4 arctan|a|."): x,
        Hint("a-half",
             "that takes a = hω/2; the midpoint step has a = hω̄/4 (½ from q̇ = ½ q ⊗ (0, ω), ½ from the midpoint)."):
            4.0 * np.arctan(x / 2.0),
        Hint("matrix-cayley",
             "that is 2 arctan(h|ω|/2), the turn of the midpoint rule on the rotation matrix R (its Cayley transform); "
             "on the quaternion the step turns by 4 arctan(h|ω|/4)."): 2.0 * np.arctan(x / 2.0),
        Hint("half-angle",
             "that is the quaternion's half-angle φ/2; the body turns by φ = 4 arctan|a|."): 2.0 * np.arctan(x / 4.0),
        Hint("radians-for-degrees", "that is the angle in degrees; give it in radians."): np.degrees(_cayley_angle()),
    }


check_cayley_angle = Exercise(
    "rotation angle per step (rad)", _cayley_angle, hints=_cayley_hints,
    doc="Exercise 4: one implicit midpoint step of EX4_DT on a steady spin EX4_SPIN turns by 4 arctan(h|ω|/4).")
