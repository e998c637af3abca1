"""The live explorers' kernel side (rbteach.explorers.live), without a browser: every explorer
with a ``scene`` answers a compute message with its scene (float32 buffers) and summary, shows the
one-line message where its values have no picture, and its scene is well formed and follows the
main control. The page side is driven in tests/browser/test_explorers.py."""

from __future__ import annotations

import importlib
import json
import pkgutil

import numpy as np
import pytest

import rbteach.explorers
from rbteach.explorers import live as L

MODULES = sorted(m.name for m in pkgutil.iter_modules(rbteach.explorers.__path__) if m.name.startswith("nb"))
LIVE = [n for n in MODULES if hasattr(importlib.import_module(f"rbteach.explorers.{n}"), "scene")]


class _Toy:
    DEFAULTS = {"a": 1.0}

    @staticmethod
    def controls():
        import ipywidgets as w
        return {"a": w.FloatSlider(value=1.0, min=-1.0, max=2.0, step=0.01, description="a")}

    @staticmethod
    def summary(a):
        if a < 0:
            raise ValueError("a must be ≥ 0 for a picture")
        return f"a = {a:.2f}"

    @staticmethod
    def scene(a):
        x = np.linspace(0, 1, 5)
        return {"panels": [L.xy([L.series(x, a * x, color="#0072B2", label="y")], xlim=(0, 1), ylim=(0, 2))]}


def _talk(widget, values, seq=7):
    sent = []
    widget.send = lambda content, buffers=None: sent.append((content, buffers))
    for cb in widget._msg_callbacks.callbacks:
        cb(widget, {"type": "compute", "seq": seq, "values": values}, [])
    assert len(sent) == 1
    return sent[0]


def test_a_compute_message_gets_the_scene_as_float32_buffers_and_the_summary():
    wdg = L.live(_Toy)
    content, buffers = _talk(wdg, {"a": 1.5})
    assert content["seq"] == 7 and content["summary"] == "a = 1.50" and "error" not in content
    s = content["scene"]["panels"][0]["series"][0]
    assert s["y"] == {"__buf__": 1, "shape": [5]}
    np.testing.assert_array_equal(np.frombuffer(buffers[1], dtype=np.float32), np.float32(1.5 * np.linspace(0, 1, 5)))
    json.dumps(content)                                        # everything else is JSON


def test_inactive_controls_are_sent_to_the_page():
    class Toggle(_Toy):
        @staticmethod
        def inactive(a):
            return ["a"] if a > 1.8 else []

    content, _ = _talk(L.live(Toggle), {"a": 1.9})
    assert content["inactive"] == ["a"]
    assert _talk(L.live(Toggle), {"a": 0.5})[0]["inactive"] == []
    assert L.live(Toggle, a=1.9).spec["controls"][0]["disabled"] is True


def test_values_without_a_picture_get_the_one_line_message():
    content, buffers = _talk(L.live(_Toy), {"a": -0.5})
    assert content["error"].startswith("No picture for these values: a must be") and buffers == []


def test_live_refuses_an_unknown_control_and_describes_the_controls():
    with pytest.raises(ValueError, match="unknown control"):
        L.live(_Toy, b=1.0)
    spec = L.live(_Toy, a=0.25)
    assert spec.values == {"a": 0.25}
    assert spec.spec["controls"] == [{"name": "a", "label": "a", "disabled": False, "kind": "float",
                                      "min": -1.0, "max": 2.0, "step": 0.01, "decimals": 2, "unit": ""}]


def test_every_numbered_explorer_is_live():
    assert LIVE == MODULES, f"no scene() in {sorted(set(MODULES) - set(LIVE))}"


def _check_scene(scene):
    from rbteach.plotting import PALETTE

    allowed = {v.upper() for v in PALETTE.values()}
    assert isinstance(scene, dict) and scene["panels"]
    for p in scene["panels"]:
        assert p["kind"] in ("xy", "3d")
        items = p["series"] if p["kind"] == "xy" else p["lines"]
        for it in items:
            c = it["color"].upper()
            assert c in allowed or (c.startswith("#") and c[1:3] == c[3:5] == c[5:7]), f"colour {c} not in the palette"
            arrays = [it["x"], it["y"]] if p["kind"] == "xy" else [it["p"]]
            for a in arrays:
                assert isinstance(a, np.ndarray) and not np.isinf(a).any(), "inf in a scene (use NaN to break a line)"
        if p["kind"] == "xy":
            assert p["xlim"][0] < p["xlim"][1] and p["ylim"][0] < p["ylim"][1]
            if p["logy"]:
                assert p["ylim"][0] > 0
        else:
            assert p["radius"] > 0
            for it in p["lines"]:
                pts = it["p"][np.isfinite(it["p"]).all(axis=1)]
                assert np.abs(pts).max(initial=0) <= 1.3 * p["radius"], "a line leaves the 3-D view"


@pytest.mark.parametrize("name", LIVE)
def test_scene_is_well_formed_and_follows_the_main_control(name):
    mod = importlib.import_module(f"rbteach.explorers.{name}")
    controls = mod.controls()
    main, slider = next(iter(controls.items()))
    a = mod.scene(**mod.DEFAULTS)
    _check_scene(a)
    moved = dict(mod.DEFAULTS)
    step = slider.step if slider.value + slider.step <= slider.max else -slider.step
    moved[main] = mod.DEFAULTS[main] * (slider.base ** step if hasattr(slider, "base") else 1) if hasattr(slider, "base") \
        else mod.DEFAULTS[main] + step
    b = mod.scene(**moved)
    pa, ba = L.pack(a)
    pb, bb = L.pack(b)
    assert pa != pb or any(x != y for x, y in zip(ba, bb)), "the scene ignores the main control"


def test_xy_panels_take_given_tick_labels():
    p = L.xy([], xlim=(0, 2), ylim=(0, 1), xticks=[(0, "w"), (1, "x"), (2, "y")])
    assert p["xticks"] == [[0.0, "w"], [1.0, "x"], [2.0, "y"]]
    assert "xticks" not in L.xy([], xlim=(0, 2), ylim=(0, 1))


def test_arrow3d_is_a_shaft_and_four_barbs_ending_at_the_tip():
    a = L.arrow3d([0.0, 0.0, 2.0], head=0.1, barb=0.05)
    assert np.array_equal(a[0], [0, 0, 0]) and np.array_equal(a[-1], [0, 0, 2])
    barbs = a[np.isfinite(a).all(axis=1)][2::2]
    assert len(barbs) == 4
    np.testing.assert_allclose(barbs[:, 2], 1.8)                       # back 0.1 × length
    np.testing.assert_allclose(np.linalg.norm(barbs[:, :2], axis=1), 0.1)   # out 0.05 × length
    assert L.arrow3d([1.0, 1.0, 1.0], origin=[1.0, 1.0, 1.0]).shape == (2, 3)   # a zero arrow is a point


@pytest.mark.parametrize("name", LIVE)
def test_the_live_output_carries_the_widget_and_the_static_picture(name):
    """One output for every front end: the widget view (Jupyter), the static picture at the
    starting values as image/png (GitHub, the website) and a line of text; the picture is also
    the widget's poster (shown until the kernel's first answer)."""
    import base64
    import io

    from PIL import Image

    module = importlib.import_module(f"rbteach.explorers.{name}")
    w = L.live(module)
    data, meta = w._repr_mimebundle_()
    assert set(data) == {"application/vnd.jupyter.widget-view+json", "image/png", "text/plain"}
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == w.model_id
    png = base64.b64decode(data["image/png"])
    assert png == base64.b64decode(w.poster)
    import matplotlib.pyplot as plt

    fig = module.draw(**module.DEFAULTS)
    plt.close(fig)
    size = Image.open(io.BytesIO(png)).size
    assert size == (round(fig.get_figwidth() * fig.dpi), round(fig.get_figheight() * fig.dpi))
    assert "live explorer" in data["text/plain"]


def test_a_start_without_a_picture_carries_no_png():
    """Starting values with no picture (the one-line message instead) give no image/png, not a crash."""
    class NoPicture(_Toy):
        @staticmethod
        def draw(a):
            raise ValueError("no picture here")

    w = L.live(NoPicture)
    data, _ = w._repr_mimebundle_()
    assert "image/png" not in data and w.poster == ""
    assert "application/vnd.jupyter.widget-view+json" in data


def test_series_and_xy_refuse_unknown_swatch_and_legend_places():
    with pytest.raises(ValueError, match="swatch 'square'"):
        L.series([0, 1], [0, 1], color="k", swatch="square")
    with pytest.raises(ValueError, match="legend 'middle'"):
        L.xy([], xlim=(0, 1), ylim=(0, 1), legend="middle")
