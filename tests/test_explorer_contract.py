"""Every explorer module keeps the contract of rbteach.explorers (the browser tests rely on it):
DEFAULTS naming every control and its starting value, a first control that is a slider redrawing on
release, a widget that builds and refuses unknown controls, and a figure and summary that both
follow one step of the main slider. The per-notebook test files check only what is particular."""

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
    assert not slider.continuous_update, "redraw on release, not on every pixel of a drag"
    assert set(controls) == set(mod.DEFAULTS)
    assert all(c.value == mod.DEFAULTS[k] for k, c in controls.items()), "a control does not start at DEFAULTS"
    box = mod.widget()
    assert isinstance(box, w.VBox) and "rbteach-explorer" in box._dom_classes
    with pytest.raises(ValueError, match="unknown control"):
        mod.widget(no_such_control=1.0)

    moved = dict(mod.DEFAULTS)
    step = slider.step if slider.value + slider.step <= slider.max else -slider.step
    moved[main] = mod.DEFAULTS[main] + step
    started = mod.widget(**{main: moved[main]})            # an override sets the control's start
    assert started.children[0].children[0].value == pytest.approx(moved[main])
    assert mod.summary(**moved) != mod.summary(**mod.DEFAULTS), "the summary ignores the main slider"
    a, b = _pixels(mod.draw(**mod.DEFAULTS)), _pixels(mod.draw(**moved))
    assert a.shape == b.shape and np.any(a != b), "the figure ignores the main slider"


def test_png_is_one_render_at_the_figures_size_and_closes_it():
    import io

    from PIL import Image

    fig = plt.figure(figsize=(4, 2), dpi=50)
    fig.add_subplot().plot([0, 1], [0, 1])
    data = rbteach.explorers.png(fig)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert Image.open(io.BytesIO(data)).size == (200, 100)      # no tight bbox: the figure's own size
    assert not plt.fignum_exists(fig.number)


def test_build_redraws_the_previous_figure_in_place_when_it_can():
    calls = []

    def draw(x):
        calls.append(("draw", x))
        fig = plt.figure(figsize=(2, 1), dpi=20)
        fig.add_subplot().plot([0, 1], [0, x])
        return fig

    def redraw(fig, x):
        calls.append(("redraw", x))
        if x < 0:
            return False                                  # e.g. other panels: build must call draw
        fig.axes[0].lines[0].set_data([0, 1], [0, x])
        return True

    slider = w.FloatSlider(value=1.0, min=-5.0, max=5.0)
    rbteach.explorers.build(draw, lambda x: f"x = {x}", {"x": slider}, redraw=redraw)
    for x in (2.0, -1.0, 3.0):
        slider.value = x
    assert calls == [("draw", 1.0), ("redraw", 2.0), ("redraw", -1.0), ("draw", -1.0), ("redraw", 3.0)]
    assert not plt.get_fignums()                          # png() leaves no figure open in pyplot


@pytest.mark.parametrize("x, text", [(1.234e-5, "= 1.23e-05"), (-2e-3, "= -2.00e-03"), (0.0, "< 1e-12"),
                                     (-0.0, "< 1e-12"), (9.9e-13, "< 1e-12"), (1e-12, "= 1.00e-12")])
def test_fmt_small_gives_the_relation_and_hides_rounding_noise(x, text):
    assert rbteach.explorers.fmt_small(x) == text


def test_plain_log_axis_labels_decades_as_plain_text():
    fig = plt.figure(figsize=(3, 3), dpi=50)
    ax = fig.add_subplot()
    ax.semilogy([0, 1], [1e-12, 1.0])
    rbteach.explorers.plain_log_axis(ax.yaxis, numticks=4)
    fig.canvas.draw()
    labels = [t.get_text() for t in ax.get_yticklabels() if t.get_text()]
    assert labels and all(s.startswith("1e") and "$" not in s for s in labels), labels
    assert len([v for v in ax.get_yticks() if 1e-12 <= v <= 1.0]) <= 4 and not ax.yaxis.get_minorticklocs().size
    plt.close(fig)
