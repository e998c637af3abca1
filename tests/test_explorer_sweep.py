"""No point of any explorer's controls gives a traceback.

For every explorer: every corner of its controls' ranges (each slider at its min and max, every
option of a dropdown or checkbox) and 200 random points (random seed fixed) go through
``summary``, ``scene`` (the live picture, checked well formed) and ``draw``. Each either gives a one-line summary with no nan/inf and a figure, or
raises a ValueError whose one-line message ``build`` shows in place of the plot. Any other
exception is a bug a student would see as a red traceback.
"""

from __future__ import annotations

import importlib
import itertools
import pkgutil

import ipywidgets as w
import matplotlib.pyplot as plt
import numpy as np
import pytest

import rbteach.explorers
from rbteach.explorers import message

MODULES = sorted(m.name for m in pkgutil.iter_modules(rbteach.explorers.__path__) if m.name.startswith("nb"))
N_RANDOM = 200
N_DRAWN = 40            # of the random points, this many are also drawn (draw costs ~0.1 s)


def _values(ctrl):
    """(corner values, sampler) of one control."""
    if isinstance(ctrl, w.FloatLogSlider):
        lo, hi = ctrl.base ** ctrl.min, ctrl.base ** ctrl.max
        return [lo, hi], lambda r: float(ctrl.base ** r.uniform(ctrl.min, ctrl.max))
    if isinstance(ctrl, (w.FloatSlider, w.IntSlider)):
        steps = int(round((ctrl.max - ctrl.min) / ctrl.step))
        cast = int if isinstance(ctrl, w.IntSlider) else float

        def sample(r):
            return cast(ctrl.min + ctrl.step * r.integers(0, steps + 1))
        return [cast(ctrl.min), cast(ctrl.max)], sample
    if isinstance(ctrl, (w.Dropdown, w.ToggleButtons, w.RadioButtons)):
        opts = [o[1] if isinstance(o, tuple) else o for o in ctrl.options]
        return opts, lambda r: opts[r.integers(0, len(opts))]
    if isinstance(ctrl, w.Checkbox):
        return [False, True], lambda r: bool(r.integers(0, 2))
    raise AssertionError(f"unknown control type {type(ctrl).__name__}")


def _check_point(mod, params, do_draw):
    try:
        text = mod.summary(**params)
        scene = mod.scene(**params) if hasattr(mod, "scene") else None
        fig = mod.draw(**params) if do_draw else None
    except ValueError as exc:
        line = message(exc)
        assert "\n" not in line and len(line) <= 240, f"{params}: message too long: {line!r}"
        return "message"
    assert isinstance(text, str) and text, params
    low = text.lower()
    assert "nan" not in low.replace("nano", "") and " inf" not in low, f"{params}: summary shows nan/inf: {text!r}"
    if scene is not None:
        from test_live import _check_scene
        _check_scene(scene)
    if fig is not None:
        plt.close(fig)
    return "picture"


@pytest.mark.parametrize("name", MODULES)
def test_every_point_of_the_control_space_gives_a_picture_or_a_message(name):
    mod = importlib.import_module(f"rbteach.explorers.{name}")
    controls = mod.controls()
    keys = list(controls)
    spec = {k: _values(c) for k, c in controls.items()}
    corners = list(itertools.product(*(spec[k][0] for k in keys)))
    if len(corners) > 256:                                  # many controls: a fixed sample of corners
        rng = np.random.default_rng(1)
        corners = [corners[i] for i in rng.choice(len(corners), 256, replace=False)]
    rng = np.random.default_rng(12345)
    randoms = [tuple(spec[k][1](rng) for k in keys) for _ in range(N_RANDOM)]
    outcome = {"picture": 0, "message": 0}
    for i, point in enumerate(corners + randoms):
        params = dict(zip(keys, point))
        do_draw = i < len(corners) or i - len(corners) < N_DRAWN
        outcome[_check_point(mod, params, do_draw)] += 1
    # the explorer is mostly usable: at least half of its random points give a picture
    assert outcome["picture"] >= len(randoms) // 2, outcome
