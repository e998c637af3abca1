"""Every explorer module keeps the contract of rbteach.explorers (the browser tests rely on it):
DEFAULTS, a first control that is a slider starting at its default, a widget that builds, and a
figure and summary that both follow one step of the main slider."""

from __future__ import annotations

import importlib
import pkgutil

import ipywidgets as w
import matplotlib.pyplot as plt
import numpy as np
import pytest

import rbteach.explorers
from _figtools import pixels as _pixels  # noqa: E402

MODULES = sorted(m.name for m in pkgutil.iter_modules(rbteach.explorers.__path__) if m.name.startswith("nb"))


def test_every_numbered_notebook_with_a_widget_has_an_explorer_module():
    assert MODULES == [f"nb{n:02d}" for n in range(len(MODULES))] and len(MODULES) >= 10


@pytest.mark.parametrize("name", MODULES)
def test_explorer_contract(name):
    mod = importlib.import_module(f"rbteach.explorers.{name}")
    controls = mod.controls()
    main, slider = next(iter(controls.items()))
    assert isinstance(slider, (w.FloatSlider, w.IntSlider, w.FloatLogSlider)), type(slider)
    assert slider.value == pytest.approx(mod.DEFAULTS[main])
    assert set(controls) <= set(mod.DEFAULTS)
    box = mod.widget()
    assert isinstance(box, w.VBox) and "rbteach-explorer" in box._dom_classes
    with pytest.raises(ValueError, match="unknown control"):
        mod.widget(no_such_control=1.0)

    moved = dict(mod.DEFAULTS)
    step = slider.step if slider.value + slider.step <= slider.max else -slider.step
    moved[main] = mod.DEFAULTS[main] + step
    assert mod.summary(**moved) != mod.summary(**mod.DEFAULTS), "the summary ignores the main slider"
    a, b = _pixels(mod.draw(**mod.DEFAULTS)), _pixels(mod.draw(**moved))
    assert a.shape == b.shape and np.any(a != b), "the figure ignores the main slider"
