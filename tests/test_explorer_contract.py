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
    assert Image.open(io.BytesIO(data)).size == (400, 200)      # no tight bbox: the figure's size, at 2× (retina)
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

    open_before = set(plt.get_fignums())                  # another test file in this process may leave one
    slider = w.FloatSlider(value=1.0, min=-5.0, max=5.0)
    rbteach.explorers.build(draw, lambda x: f"x = {x}", {"x": slider}, redraw=redraw)
    for x in (2.0, -1.0, 3.0):
        slider.value = x
    assert calls == [("draw", 1.0), ("redraw", 2.0), ("redraw", -1.0), ("draw", -1.0), ("redraw", 3.0)]
    assert set(plt.get_fignums()) <= open_before          # png() leaves none of its figures open in pyplot


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


# ---- In a classroom: colour-blind safe, readable on a projector, fits a 1024×768 screen ----------

def _srgb_to_lab(rgb):
    rgb = np.asarray(rgb, dtype=float)
    lin = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    M = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
    xyz = lin @ M.T / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], -1)


def _simulate(rgb, kind):
    """Machado, Oliveira & Fernandes (2009), severity 1.0, applied in linear RGB."""
    M = {"deuteranopia": [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
                          [-0.011820, 0.042940, 0.968881]],
         "protanopia": [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
                        [-0.003882, -0.048116, 1.051998]]}[kind]
    rgb = np.asarray(rgb, dtype=float)
    lin = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    out = np.clip(lin @ np.array(M).T, 0, 1)
    return np.where(out <= 0.0031308, 12.92 * out, 1.055 * out ** (1 / 2.4) - 0.055)


@pytest.mark.parametrize("kind", ["deuteranopia", "protanopia"])
def test_axis_colours_stay_apart_for_colour_blind_students(kind):
    from matplotlib.colors import to_rgb

    from rbteach.plotting import AXIS_COLORS

    lab = _srgb_to_lab(_simulate([to_rgb(c) for c in AXIS_COLORS], kind))
    for i in range(3):
        for j in range(i + 1, 3):
            assert np.linalg.norm(lab[i] - lab[j]) > 20, (kind, AXIS_COLORS[i], AXIS_COLORS[j])
    # the old tab:red / tab:green pair fails this test: the check can fail
    bad = _srgb_to_lab(_simulate([to_rgb("tab:red"), to_rgb("tab:green")], "deuteranopia"))
    assert np.linalg.norm(bad[0] - bad[1]) < 20


def _allowed_colour(c):
    from matplotlib.colors import to_hex, to_rgb

    from rbteach.plotting import PALETTE

    r, g, b = to_rgb(c)
    return to_hex(c).upper() in {v.upper() for v in PALETTE.values()} or (abs(r - g) < 1e-6 and abs(g - b) < 1e-6)


@pytest.mark.parametrize("name", MODULES)
def test_explorer_figure_reads_on_a_projector_and_uses_the_palette(name):
    from matplotlib.collections import Collection
    from matplotlib.lines import Line2D
    from matplotlib.text import Text

    from rbteach.plotting import FIGURE_DPI

    mod = importlib.import_module(f"rbteach.explorers.{name}")
    fig = mod.draw(**mod.DEFAULTS)
    fig.canvas.draw()
    assert fig.dpi == FIGURE_DPI, f"figure dpi {fig.dpi}: use plotting.FIGURE_DPI"
    wd, ht = fig.get_size_inches()
    assert wd <= 9.0 and ht <= 5.0, f"{wd}×{ht} in does not fit a 1024×768 screen with its controls"
    n_controls = len(mod.controls())
    assert ht * FIGURE_DPI + 34 * n_controls + 60 <= 700, "controls + figure + summary taller than a 768-px screen"
    small = [(t.get_text(), t.get_fontsize()) for t in fig.findobj(Text)
             if t.get_visible() and t.get_text().strip() and t.get_fontsize() < 10]
    assert not small, f"text smaller than 10 pt (14 px at {FIGURE_DPI} dpi): {small[:5]}"
    for art in fig.findobj(lambda a: isinstance(a, (Line2D, Collection))):
        if isinstance(art, Line2D):
            colours = [art.get_color()]
        else:
            colours = [tuple(c) for c in art.get_edgecolor()] + [tuple(c) for c in art.get_facecolor()]
        for c in colours:
            assert _allowed_colour(c), f"{name}: colour {c} is not in plotting.PALETTE (nor grey)"
    plt.close(fig)


@pytest.mark.parametrize("name", MODULES)
def test_explorer_controls_and_summary_are_readable(name):
    mod = importlib.import_module(f"rbteach.explorers.{name}")
    for key, c in mod.controls().items():
        desc = getattr(c, "description", "")
        width = getattr(getattr(c, "style", None), "description_width", "")
        px = float(width[:-2]) if width.endswith("px") else 0.0
        assert width == "initial" or len(desc) <= 12 or px >= 8 * len(desc), (
            f"{name}.{key}: label {desc!r} is cut off in {width or 'the default width'}; style description_width='initial'")
    for line in mod.summary(**mod.DEFAULTS).split("\n"):
        assert len(line) <= 100, f"{name}: summary line of {len(line)} characters wraps mid-number: {line!r}"


def test_cached_compute_runs_once_per_parameter_set():
    calls = []

    @rbteach.explorers.cached
    def compute(a=1.0, b="x"):
        calls.append((a, b))
        return {"a": a}

    assert compute(a=2.0, b="y") is compute(b="y", a=2.0)
    compute(a=3.0, b="y")
    assert calls == [(2.0, "y"), (3.0, "y")]
