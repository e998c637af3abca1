"""Counting the work of an integrator's step, not timing it (notebook 09's accuracy-for-work table).

A run of :func:`rbteach.dynamics.simulate` is repeated with counters around the functions that do the
work: the evaluations of Euler's equations ``ω̇_i = a_i ω_j ω_k`` (``_rates``), the cosines and sines of
the splitting flows and of RKMK4's exponential map, RKMK4's ``dexp⁻¹`` corrections and the implicit
midpoint rule's Newton iterations. The counts are the same on every machine, where timings are not.
"""

from __future__ import annotations

import math
import types
from collections import namedtuple
from contextlib import ExitStack, contextmanager

from . import explicit, integrate, midpoint, rk4_dcm, rkmk4

__all__ = ["WorkPerStep", "work_per_step"]

#: Per step: equations evaluated, cosines, sines, dexp⁻¹ corrections, Newton iterations.
WorkPerStep = namedtuple("WorkPerStep", "rates cos sin dexpinv newton")


class _Counter:
    def __init__(self, fn):
        self.fn, self.calls = fn, 0

    def __call__(self, *args, **kwargs):
        self.calls += 1
        return self.fn(*args, **kwargs)


@contextmanager
def _wrapped(module, name, counter):
    old = getattr(module, name)
    setattr(module, name, counter)
    try:
        yield counter
    finally:
        setattr(module, name, old)


def work_per_step(inertia, omega0, method, *, dt, steps=10) -> WorkPerStep:
    """The work of one step of ``method``, averaged over ``steps`` steps of
    ``simulate(inertia, omega0, dt=dt, steps=steps, method=method)`` (its arguments are checked there).

    Counted: ``rates`` evaluations of Euler's equations (the explicit methods and rk4-dcm; RKMK4 and
    the midpoint rule write theirs out), ``cos`` and ``sin`` calls (the splitting flows, RKMK4's
    exponential map), ``dexpinv`` corrections (RKMK4) and ``newton`` iterations (implicit midpoint).
    """
    from .integrate import simulate

    rates = _Counter(explicit._rates)
    cos, sin = _Counter(math.cos), _Counter(math.sin)
    dexpinv, newton = _Counter(rkmk4._dexpinv), _Counter(midpoint._done_float)
    trig = types.SimpleNamespace(**{k: getattr(math, k) for k in dir(math) if not k.startswith("_")})
    trig.cos, trig.sin = cos, sin
    with ExitStack() as stack:
        for module in (explicit, rk4_dcm):
            stack.enter_context(_wrapped(module, "_rates", rates))
        stack.enter_context(_wrapped(integrate, "math", trig))
        stack.enter_context(_wrapped(rkmk4, "_dexpinv", dexpinv))
        for module in (integrate, midpoint):
            stack.enter_context(_wrapped(module, "_done_float", newton))
        simulate(inertia, omega0, dt=dt, steps=steps, method=method)
    return WorkPerStep(*(c.calls / steps for c in (rates, cos, sin, dexpinv, newton)))
