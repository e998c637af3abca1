"""The explorers' caches of what a drag of the main control does not change (issue 21 §5: every
explorer at ≥ 50 frames/s): a cached result equals the uncached one, a body handed out is the
caller's own, and no cache grows without bound."""

from __future__ import annotations

import numpy as np
import pytest

from rbteach.body import RigidBody
from rbteach.explorers import live, nb04, nb10


def _state(body: RigidBody) -> list:
    return [body.mass, body.inertia_body, body.position, body.velocity, body.orientation, body.angular_velocity,
            body.angular_momentum, body.kinetic_energy]


def _same(a, b) -> None:
    for x, y in zip(a, b):
        np.testing.assert_array_equal(x, y)


def _clear(mod) -> None:
    for f in vars(mod).values():
        if callable(getattr(f, "cache_clear", None)):
            f.cache_clear()


def test_strike_bat_is_a_fresh_bat_every_time():
    fresh = RigidBody(*nb04.bat())
    fresh.apply_impulse(nb04._impulse(70.0), point=nb04._strike_point(0.55))
    a = nb04.strike_bat(0.55, 70.0)
    _same(_state(a), _state(fresh))
    a.apply_impulse([0.0, 5.0, 0.0], point=[0.3, 0.0, 0.0])       # the caller changes its bat ...
    a.step(0.1)
    b = nb04.strike_bat(0.55, 70.0)                               # ... and the next one is untouched
    _same(_state(b), _state(fresh))
    assert b is not a


def test_falling_rod_is_a_fresh_rod_every_time():
    fresh = nb10._make_rod(40.0, 1.5, nb10.SPEED)
    a = nb10.falling_rod(40.0, 1.5)
    _same(_state(a), _state(fresh))
    a.apply_impulse([0.0, 0.0, 3.0], point=[0.0, 0.0, 0.0])
    b = nb10.falling_rod(40.0, 1.5)
    _same(_state(b), _state(fresh))
    # values the cache does not take (an int array element, a string) go the plain way: same body or same error
    _same(_state(nb10.falling_rod(np.int64(40), 1.5)), _state(fresh))
    with pytest.raises(ValueError, match="tilt_deg"):
        nb10.falling_rod("steep", 1.5)
    with pytest.raises(ValueError, match="spin"):
        nb10.falling_rod(40.0, float("nan"))


def _answers(mod, sweeps, cold: bool):
    out = []
    for values in sweeps:
        if cold:
            _clear(mod)
        content, buffers = live._answer(mod, values)
        out.append((content, buffers))
    return out


def _sweeps(mod, main: str, xs, others: dict):
    base = dict(mod.DEFAULTS)
    rows = [dict(base, **{main: x}) for x in xs]
    for k, v in others.items():                      # a change of another control, then the main one again
        rows += [dict(base, **{k: v, main: x}) for x in xs[::3]]
    return rows


@pytest.mark.parametrize("mod, main, xs, others", [
    (nb04, "strike", [0.0, 0.2, 0.43, 0.6, 0.667, 0.8, 1.0], {"direction_deg": 35.0}),
    (nb10, "e", [0.0, 0.1, 0.35, 0.6, 0.9, 1.0], {"mu": 0.05, "tilt_deg": 70.0, "spin": -2.0}),
])
def test_a_warm_drag_answers_as_a_cold_one(mod, main, xs, others):
    """Every frame of a drag (caches warm from the frames before) is byte for byte the frame computed
    with every cache of the module cleared: the page draws the same picture and summary."""
    rows = _sweeps(mod, main, xs, others)
    cold = _answers(mod, rows, cold=True)
    _clear(mod)
    warm = _answers(mod, rows, cold=False)
    warm_again = _answers(mod, rows[::-1], cold=False)[::-1]     # and in the other order
    for (c, cb), (w, wb), (w2, wb2) in zip(cold, warm, warm_again):
        assert c == w == w2
        assert cb == wb == wb2


@pytest.mark.parametrize("cache, call", [
    (nb04._grip_curve, lambda i: nb04.compute(strike=0.5, direction_deg=float(i % 180))),
    (nb04._resting_bat, lambda i: nb04.strike_bat(0.5 + i * 1e-3)),
    (nb10._rod_at_impact, lambda i: nb10.falling_rod(10.0 + i * 0.5, 0.0)),
    (nb10._before_impact, lambda i: nb10.compute(mu=0.01 * i)),
])
def test_caches_are_bounded(cache, call):
    for i in range(40):
        call(i)
    info = cache.cache_info()
    assert info.maxsize is not None and info.currsize <= info.maxsize <= 8


def test_cached_arrays_are_read_only():
    r = nb10.compute(e=0.3)
    for key in ("T_total", "e_grid", "v"):
        with pytest.raises(ValueError, match="read-only"):
            r[key][0] = 1.0
    with pytest.raises(ValueError, match="read-only"):
        r["before"]["x"][0, 0] = 1.0
    g = nb04.compute(strike=0.3)["grip_across"]
    with pytest.raises(ValueError, match="read-only"):
        g[0] = 1.0
