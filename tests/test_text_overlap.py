"""No text over text in any explorer's figure nor in the player's poster, and labels off the
arrows and bats they name (teacher's review, problem 8: 00's z_b/x_b under the arrowheads, the
player's title across the z label, 04's legend over the bat, ...).

Matplotlib gives every text's window extent after a draw (``tests/_textboxes.py``); each explorer is
drawn at its DEFAULTS, with all its sliders at their lower and upper ends, with each of its first four
sliders alone at either end, and with each option of its drop-downs.
"""

from __future__ import annotations

import importlib
import pkgutil

import matplotlib.pyplot as plt
import numpy as np
import pytest

import rbteach.explorers
from _textboxes import overlapping_texts, text_boxes, texts_on_lines
from rbteach.explorers.live import control_spec

EXPLORERS = sorted(m.name for m in pkgutil.iter_modules(rbteach.explorers.__path__) if m.name.startswith("nb"))


def corners(module):
    """(name, values): the defaults, every slider at its lower / upper end (all together, then the
    first four one at a time), and each option of each drop-down."""
    yield "defaults", dict(module.DEFAULTS)
    specs = {k: control_spec(k, c) for k, c in module.controls().items()}
    sliders = {k: s for k, s in specs.items() if s["kind"] in ("float", "int", "log")}
    for end in ("min", "max"):
        yield f"all {end}", {**module.DEFAULTS, **{k: s[end] for k, s in sliders.items()}}
    for k, s in list(sliders.items())[:4]:          # the first four (the main ones) alone at either end
        for end in ("min", "max"):
            yield f"{k}={end}", {**module.DEFAULTS, k: s[end]}
    for k, s in specs.items():
        if s["kind"] == "select":
            for label, value in s["options"]:
                yield f"{k}={label}", {**module.DEFAULTS, k: value}


@pytest.mark.parametrize("name", EXPLORERS)
def test_no_text_covers_another_in_the_explorer_figures(name):
    module = importlib.import_module(f"rbteach.explorers.{name}")
    found, drawn = [], 0
    for where, values in corners(module):
        try:
            fig = module.draw(**values)
        except ValueError:                  # no picture for these values (the explorer says why)
            continue
        drawn += 1
        found += [(where, *pair) for pair in overlapping_texts(fig)]
        plt.close(fig)
    assert drawn >= 3, f"{name}: only {drawn} of its corners have a picture"
    assert not found, f"{name}: texts written over each other (corner, text, text, px across, px down): {found}"


def test_the_overlap_check_finds_text_written_over_text():
    """The negative control: two labels at one place, and a tick label run into a title."""
    fig, ax = plt.subplots(figsize=(4, 3))
    ax.text(0.5, 0.5, "x_b", transform=ax.transAxes)
    ax.text(0.51, 0.51, "z_w", transform=ax.transAxes)
    pairs = overlapping_texts(fig)
    assert [(a, b) for a, b, *_ in pairs] == [("x_b", "z_w")]
    fig3 = plt.figure()
    ax3 = fig3.add_subplot(projection="3d")
    ax3.set_axis_off()
    ax3.text(1, 0, 0, "x_b")
    ax3.text(1, 0, 0.02, "z_w")                 # 3-D texts are measured where they are drawn
    assert [(a, b) for a, b, *_ in overlapping_texts(fig3)] == [("x_b", "z_w")]
    plt.close("all")


@pytest.mark.parametrize("values", [{}, {"angle": 30.0}, {"angle": -150.0, "axis_x": 0.3, "axis_z": -1.0},
                                    {"angle": 90.0, "axis_x": 0.0, "axis_y": 1.0, "axis_z": 0.0}])
def test_00_body_axis_labels_are_off_the_arrows(values):
    from rbteach.explorers import nb00

    fig = nb00.draw(**{**nb00.DEFAULTS, **values})
    hits = texts_on_lines(fig, {"x_b", "y_b", "z_b", "x_w", "y_w", "z_w"})
    plt.close(fig)
    assert not hits, f"labels on an arrow: {hits}"


def test_the_label_check_finds_a_label_centred_on_an_arrowhead():
    fig = plt.figure()
    ax = fig.add_subplot(projection="3d")
    ax.quiver(0, 0, 0, 0.8, 0, 0, linewidth=2, arrow_length_ratio=0.15)
    ax.text(0.8, 0, 0, "x_b", ha="center", va="center")          # the old placement: on the tip
    ax.view_init(26, 14)
    assert texts_on_lines(fig, {"x_b"})
    plt.close(fig)


@pytest.mark.parametrize("strike", [0.2, 0.5, 0.8, 0.95])
@pytest.mark.parametrize("direction_deg", [30.0, 90.0, 150.0])
def test_04_legend_leaves_the_bat_alone(strike, direction_deg):
    """The legend of 04's top view covers none of the bat's snapshots (the thick grey lines)."""
    from matplotlib.lines import Line2D

    from _textboxes import _segments_hit_box
    from rbteach.explorers import nb04

    fig = nb04.draw(strike=strike, direction_deg=direction_deg)
    fig.canvas.draw()
    ax = fig.axes[0]
    legend = ax.get_legend().get_window_extent()
    bats = [ln for ln in ax.get_lines() if isinstance(ln, Line2D) and ln.get_linewidth() >= 4]
    assert bats, "no bat drawn"
    covered = [ln for ln in bats if _segments_hit_box(ln.get_transform().transform(ln.get_xydata()),
                                                      legend.x0, legend.y0, legend.x1, legend.y1)]
    plt.close(fig)
    assert not covered, f"the legend covers {len(covered)} of {len(bats)} bat snapshots"


@pytest.mark.parametrize("title", ["", "square plate, body cone (torque-free)",
                                   "a long title that runs across most of the picture's width"])
def test_player_poster_texts_do_not_overlap(title):
    """The poster's title and time line sit in their own band, clear of the axis labels."""
    import io

    from PIL import Image

    from rbteach import player
    from rbteach.quaternion import from_axis_angle

    t = np.linspace(0.0, 1.0, 5)
    q = np.array([from_axis_angle([0.0, 0.0, 1.0], 0.3 * k) for k in range(5)])
    captured = []
    real = player._poster

    def spy(*args, **kwargs):
        from matplotlib.figure import Figure

        original_savefig = Figure.savefig

        def savefig(self, *a, **k):
            captured.append(overlapping_texts(self))
            return original_savefig(self, *a, **k)

        Figure.savefig = savefig
        try:
            return real(*args, **kwargs)
        finally:
            Figure.savefig = original_savefig

    player._poster = spy
    try:
        p = player.attitude_player(t, q, title=title)
    finally:
        player._poster = real
    assert captured == [[]], f"poster texts overlap: {captured}"
    assert Image.open(io.BytesIO(p.poster_png)).size[0] > 0
