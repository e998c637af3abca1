"""Self-checks for notebook 09 (the integrator lab).

The data of each exercise are module constants, so the notebook's statement and the check agree.
Expected values come from :mod:`rbteach.dynamics` and :mod:`rbteach.analytic` (the lab's test body
``I = (1, 2, 3)``, ``ω0 = (0.4, 0.8, 0.6)``); the hints recognise the usual mistakes (log10 for
log2, the ratio upside down, an absolute instead of a relative drift, a sign lost).
"""

from __future__ import annotations

import numpy as np

from .. import analytic as _an
from .. import dynamics as _dyn
from . import Feedback, check_close

__all__ = ["MOMENTS", "OMEGA0", "EX1_METHOD", "EX1_DT", "EX1_T", "EX2_DT", "EX2_T",
           "check_observed_order", "check_yoshida", "check_euler_energy_drift"]

MOMENTS = (1.0, 2.0, 3.0)
OMEGA0 = (0.4, 0.8, 0.6)

#: Exercise 1: the observed order of EX1_METHOD from the max |ω error| over [0, EX1_T] at dt and dt/2.
EX1_METHOD = "splitting"
EX1_DT = 0.1
EX1_T = 10.0

#: Exercise 3: explicit Euler's relative energy change T(t)/T(0) − 1 at t = EX2_T with dt = EX2_DT.
EX2_DT = 0.01
EX2_T = 10.0


def _max_error(method, dt, T):
    steps = int(round(T / dt))
    tr = _dyn.simulate(MOMENTS, OMEGA0, dt=dt, steps=steps, method=method)
    return float(np.max(np.linalg.norm(tr.omega_body - _an.free_body(MOMENTS, OMEGA0, tr.t), axis=-1)))


def check_observed_order(answer) -> Feedback:
    """Exercise 1: ``p = log2(e(dt) / e(dt/2))`` for ``EX1_METHOD`` (about 2 for the Strang splitting)."""
    e1 = _max_error(EX1_METHOD, EX1_DT, EX1_T)
    e2 = _max_error(EX1_METHOD, EX1_DT / 2, EX1_T)
    p = np.log2(e1 / e2)
    hints = {
        "halving dt divides the error by 2^p: take log2 (or log(ratio)/log(2)), not log10.": np.log10(e1 / e2),
        "the ratio is upside down: e(dt)/e(dt/2) > 1 for a convergent method.": -p,
        "that is the error ratio 2^p itself; the order is its base-2 logarithm.": e1 / e2,
    }
    return check_close("observed order", answer, p, rtol=1e-6, hints=hints)


def check_yoshida(answer) -> Feedback:
    """Exercise 2: the triple-jump coefficients ``(γ1, γ0)`` with ``2γ1 + γ0 = 1`` and ``2γ1³ + γ0³ = 0``."""
    g1 = 1.0 / (2.0 - 2.0 ** (1.0 / 3.0))
    g0 = 1.0 - 2.0 * g1
    hints = {
        "γ0 = 1 − 2γ1 is negative (a step backwards in time): check its sign.": (g1, -g0),
        "the root is the cube root 2^(1/3) (from 2γ1³ + γ0³ = 0), not the square root.":
            (1.0 / (2.0 - np.sqrt(2.0)), 1.0 - 2.0 / (2.0 - np.sqrt(2.0))),
        "the order is (γ1, γ0): the outer coefficient first.": (g0, g1),
    }
    return check_close("(γ1, γ0)", answer, (g1, g0), rtol=1e-9, hints=hints)


def check_euler_energy_drift(answer) -> Feedback:
    """Exercise 3: explicit Euler's ``T(t)/T(0) − 1`` at ``t = EX2_T`` with ``dt = EX2_DT`` (positive: it gains energy)."""
    steps = int(round(EX2_T / EX2_DT))
    tr = _dyn.simulate(MOMENTS, OMEGA0, dt=EX2_DT, steps=steps, method="euler")
    E = tr.kinetic_energy
    rel = float(E[-1] / E[0] - 1.0)
    hints = {
        "that is the absolute change T(t) − T(0) (J); divide by T(0) for the relative drift.": E[-1] - E[0],
        "explicit Euler *gains* energy (|ω + h ω̇|² grows): the drift is positive.": -rel,
        "that is T(t)/T(0); subtract 1.": E[-1] / E[0],
    }
    return check_close("relative energy drift", answer, rel, rtol=1e-6, hints=hints)
