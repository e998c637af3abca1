"""Self-checks for notebook 08 (the intermediate-axis theorem).

The data of each exercise are module constants, so the notebook's statement and the check agree.
Expected values come from :mod:`rbteach.inertia` and :mod:`rbteach.analytic`; the hints recognise
the usual mistakes (the growth rate without Ω or squared, the wrong axis called unstable, the
period of ω taken for the time between flips).
"""

from __future__ import annotations

import numpy as np

from .. import analytic as _an
from .. import inertia as _inertia
from . import Feedback, check_close

__all__ = ["EX1_MOMENTS", "EX1_OMEGA", "EX2_T_HANDLE", "EX3_MOMENTS", "EX3_OMEGA0",
           "check_growth_rate", "check_unstable_axis", "check_time_between_flips"]

#: Exercise 1: a body with principal moments (kg m²) spinning at EX1_OMEGA (rad/s) about its middle axis.
EX1_MOMENTS = (2.0, 3.0, 4.0)
EX1_OMEGA = 1.5

#: Exercise 2: a T-handle, ``inertia.t_handle_mesh(**EX2_T_HANDLE)`` (sizes in m).
EX2_T_HANDLE = {"bar_length": 0.8, "bar_width": 0.1, "stem_length": 0.6, "stem_width": 0.1}

#: Exercise 3: moments (kg m²) and initial body angular velocity (rad/s), close to the middle axis.
EX3_MOMENTS = (1.0, 2.0, 3.0)
EX3_OMEGA0 = (0.05, 2.0, 0.0)


def check_growth_rate(answer) -> Feedback:
    """Exercise 1: the growth rate λ (1/s) of a small perturbation of the spin about the middle axis.

    ``λ² = (I3 − I2)(I2 − I1)/(I1 I3) · Ω²`` (the characteristic equation with i = 2).
    """
    I1, I2, I3 = EX1_MOMENTS
    c = (I3 - I2) * (I2 - I1) / (I1 * I3)
    expected = np.sqrt(c) * EX1_OMEGA
    hints = {
        "that is λ², not λ: take the square root.": c * EX1_OMEGA ** 2,
        "λ is proportional to the spin rate Ω: multiply by Ω.": np.sqrt(c),
        "the denominator is I_j I_k, the two *other* moments (I1 I3), not I2².":
            np.sqrt((I3 - I2) * (I2 - I1) / I2 ** 2) * EX1_OMEGA,
    }
    return check_close("growth rate λ", answer, expected, rtol=1e-4, hints=hints)


def _t_handle_moments():
    v, f = _inertia.t_handle_mesh(**EX2_T_HANDLE)
    _, _, I = _inertia.mesh(v, f)
    return np.diag(I)


def check_unstable_axis(answer) -> Feedback:
    """Exercise 2: the index (0 = x, 1 = y, 2 = z) of the T-handle's unstable body axis."""
    moments = _t_handle_moments()
    order = np.argsort(moments)
    expected = int(order[1])
    hints = {
        "that axis has the smallest moment: spin about it is stable (it wobbles, it does not flip).": int(order[0]),
        "that axis has the largest moment: spin about it is stable.": int(order[2]),
    }
    return check_close("unstable axis index", answer, expected, rtol=0, atol=1e-9, hints=hints)


def check_time_between_flips(answer) -> Feedback:
    """Exercise 3: the time (s) between two successive flips (sign changes of ω2): half the period of ω."""
    T = _an.flip_period(EX3_MOMENTS, EX3_OMEGA0)
    hints = {
        "that is the period of ω(t) (flip_period): the body flips twice per period, so halve it.": T,
        "that is a quarter period; ω2 changes sign twice per period, so the flips are T/2 apart.": T / 4,
    }
    return check_close("time between flips", answer, T / 2, rtol=1e-4, hints=hints)
