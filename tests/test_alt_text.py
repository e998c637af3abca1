"""Alt text of the notebooks' figures (rbteach.plotting.describe / figure_description / figure_html,
issue 22): one sentence of what a figure shows, given by the author or built from the figure, in a
text/html ``<img alt>`` that IPython adds to every figure's output once use_course_style() ran."""

from __future__ import annotations

import base64
import json
import re
import subprocess
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from rbteach import plotting  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def _fig():
    fig, (a, b) = plt.subplots(1, 2)
    a.plot([0, 1], [0, 1], label="ω1")
    a.plot([0, 1], [1, 0], label="ω2")
    a.legend()
    a.set_title("ω_body(t)")
    a.set_xlabel("t (s)")
    a.set_ylabel("ω (rad/s)")
    b.semilogy([1, 2], [1e-3, 1e-6])
    b.set_title('error "small"')
    return fig


def test_the_description_is_built_from_what_the_figure_shows():
    fig = _fig()
    text = plotting.figure_description(fig)
    plt.close(fig)
    assert text.startswith("Figure of 2 panels: (1) a plot titled “ω_body(t)” of ω (rad/s) against t (s), showing ω1, ω2;")
    assert "(2) a plot titled “error \"small\"” (log scale)" in text and text.endswith(".")


def test_a_3d_figure_and_a_given_sentence():
    fig, ax = plotting.new_3d(title="body axes")
    ax.set_xlabel("x")
    assert plotting.figure_description(fig) == "Figure: a 3-D view titled “body axes” with axes x."
    assert plotting.describe(fig, "  The body's axes\n at t = 0. ") is None      # nothing to show twice
    assert plotting.figure_description(fig) == "The body's axes at t = 0."
    plt.close(fig)


@pytest.mark.parametrize("bad", ["", "   ", None, 3])
def test_describe_refuses_what_is_not_a_sentence(bad):
    fig = plt.figure()
    with pytest.raises(ValueError, match="text must be a non-empty sentence"):
        plotting.describe(fig, bad)
    plt.close(fig)
    with pytest.raises(ValueError, match="fig must be a Matplotlib Figure"):
        plotting.describe("fig", "a sentence")


def test_figure_html_is_the_retina_png_with_its_alt_text_escaped():
    fig = _fig()
    h = plotting.figure_html(fig)
    plt.close(fig)
    m = re.fullmatch(r'<img class="rbteach-figure" alt="([^"]*)" width="(\d+)" height="(\d+)" '
                     r'src="data:image/png;base64,([A-Za-z0-9+/=]+)">', h)
    assert m, h[:200]
    assert "&quot;small&quot;" in m.group(1) and '"' not in m.group(1)
    png = base64.b64decode(m.group(4))
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    w, hh = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert (int(m.group(2)), int(m.group(3))) == (w // 2, hh // 2)      # retina: shown at half size


def test_ipython_outputs_html_with_alt_text_after_use_course_style():
    """In an IPython shell, a figure's output carries text/html (with the alt text) and image/png."""
    code = """
import json, matplotlib
matplotlib.use("Agg")
from IPython.core.interactiveshell import InteractiveShell
ip = InteractiveShell.instance()
from rbteach import plotting
import matplotlib.pyplot as plt
plt_fig = plt.figure(); ax = plt_fig.add_subplot(); ax.plot([0, 1]); ax.set_title("before")
before = sorted(ip.display_formatter.format(plt_fig)[0])
plotting.use_course_style()
ip.display_formatter.formatters["image/png"].for_type(type(plt_fig), lambda f: "PNG")
data = ip.display_formatter.format(plt_fig)[0]
print(json.dumps([before, sorted(data), data["text/html"][:120]]))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
    assert out.returncode == 0, out.stderr[-2000:]
    before, after, html = json.loads(out.stdout.strip().splitlines()[-1])
    assert "text/html" not in before
    assert {"text/html", "image/png"} <= set(after)
    assert html.startswith('<img class="rbteach-figure" alt="Figure: a plot titled “before”."')


def test_nbval_sanitizes_the_size_and_the_pixels():
    """tests/nbval_sanitize.cfg turns the image's size and pixels into placeholders (they follow the
    machine's fonts); the alt text is compared."""
    import configparser

    cfg = configparser.ConfigParser()
    cfg.read(ROOT / "tests" / "nbval_sanitize.cfg")
    fig = _fig()
    text = plotting.figure_html(fig)
    plt.close(fig)
    for section in cfg.sections():
        text = re.sub(cfg[section]["regex"], cfg[section]["replace"], text)
    alt = plotting.figure_description(_fig()).replace('"', "&quot;")
    assert text == f'<img class="rbteach-figure" alt="{alt}" width="W" height="H" src="data:image/png;base64,FRAME">'


def test_a_display_draws_the_figure_once_and_both_outputs_carry_ipythons_retina_png():
    """The text/html and image/png outputs of one display share one drawing (issue 18 §3: the PNG
    was drawn and encoded twice), with the very bytes of IPython's retina formatter; a figure changed
    after a display, or shown as PNG alone, is drawn afresh."""
    code = """
import json, matplotlib
matplotlib.use("Agg")
from IPython.core.interactiveshell import InteractiveShell
ip = InteractiveShell.instance()
from IPython.core.pylabtools import retina_figure
from matplotlib.backend_bases import FigureCanvasBase
from rbteach import plotting
import matplotlib.pyplot as plt
plotting.use_course_style()
prints = []
original = FigureCanvasBase.print_figure
def counted(self, *a, **k):
    prints.append(1)
    return original(self, *a, **k)
FigureCanvasBase.print_figure = counted
fig, ax = plt.subplots(); ax.loglog([1, 10, 100], [1e-3, 1e-5, 1e-8]); ax.set_title("first")
data, md = ip.display_formatter.format(fig)
once = len(prints)
FigureCanvasBase.print_figure = original
png, size = retina_figure(fig, base64=True, bbox_inches="tight")
same = [data["image/png"] == png, md["image/png"] == size, f"base64,{png}" in data["text/html"]]
ax.set_title("second")
data2, _ = ip.display_formatter.format(fig)
png2 = retina_figure(fig, base64=True, bbox_inches="tight")[0]
fresh = [data2["image/png"] == png2 != png, f"base64,{png2}" in data2["text/html"]]
ax.set_title("third")
alone = ip.display_formatter.format(fig, include=["image/png"])[0]["image/png"]
fresh.append(alone == retina_figure(fig, base64=True, bbox_inches="tight")[0] != png2)
print(json.dumps([once, same, fresh]))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
    assert out.returncode == 0, out.stderr[-2000:]
    once, same, fresh = json.loads(out.stdout.strip().splitlines()[-1])
    assert once == 1
    assert same == [True, True, True]
    assert fresh == [True, True, True]


def test_shared_math_text_parses_give_the_same_pixels():
    """use_course_style shares Matplotlib's math-text parses between renderers (each print of a figure
    parsed its log-axis labels again): the same PNG bytes as without it, for a figure printed after
    another, and after a change of the math font (part of the cache's key), with fewer parses."""
    code = """
import hashlib, io, json, sys, matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib import _mathtext
from rbteach import plotting
parses = []
original = _mathtext.Parser.parse
def counted(self, *a, **k):
    parses.append(1)
    return original(self, *a, **k)
_mathtext.Parser.parse = counted
shared = sys.argv[1] == "shared" and plotting._share_mathtext_parses()
digests = []
for fontset in ("dejavusans", "dejavusans", "cm"):
    plt.rcParams["mathtext.fontset"] = fontset
    fig, ax = plt.subplots()
    ax.loglog([0.0125, 0.025, 0.05, 0.1], [1e-9, 1e-7, 1e-5, 1e-3], marker="o")
    ax.set_title("$h^4$ error")
    for _ in range(2):
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=200, bbox_inches="tight")
        digests.append(hashlib.sha256(buf.getvalue()).hexdigest())
    plt.close(fig)
print(json.dumps([shared, digests, len(parses)]))
"""
    runs = {}
    for mode in ("plain", "shared"):
        out = subprocess.run([sys.executable, "-c", code, mode], capture_output=True, text=True, timeout=120,
                             env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
        assert out.returncode == 0, out.stderr[-2000:]
        runs[mode] = json.loads(out.stdout.strip().splitlines()[-1])
    assert runs["plain"][0] is False and runs["shared"][0] is True
    assert runs["shared"][1] == runs["plain"][1]                      # the same pixels, print by print
    assert runs["shared"][1][0] != runs["shared"][1][4]               # the math font did change the picture
    assert runs["shared"][2] * 3 < runs["plain"][2]                   # parsed once, not in every renderer
