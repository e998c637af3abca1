"""Hygiene of the stored notebooks: executed cleanly in order, and each has the collection's shape.

nbval silently skips cells that were never executed, so this test requires execution counts 1..N,
no error outputs and no timing metadata; it also checks the parts every notebook must have
(learning objectives, a SymPy assertion, a widget with a static figure before it, exercises with a
self-check and a hidden solution, and a link to the next notebook).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

NB_DIR = Path(__file__).resolve().parent.parent / "notebooks"
NOTEBOOKS = sorted(NB_DIR.glob("[0-9][0-9]_*.ipynb"))
WALL = NB_DIR / "explorers.ipynb"                # the teacher's explorer wall (make explorers)
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


def _load(path):
    return json.loads(path.read_text(encoding="utf-8"))


def _src(cell):
    s = cell.get("source", "")
    return s if isinstance(s, str) else "".join(s)


def test_notebooks_exist_and_are_numbered_consecutively():
    assert NOTEBOOKS, "no notebooks found"
    numbers = [int(p.name[:2]) for p in NOTEBOOKS]
    assert numbers == list(range(len(numbers))), numbers


@pytest.mark.parametrize("path", NOTEBOOKS + [WALL], ids=lambda p: p.name)
def test_executed_in_order_without_errors(path):
    nb = _load(path)
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    counts = [c.get("execution_count") for c in code]
    assert counts == list(range(1, len(code) + 1)), f"{path.name}: execution counts {counts}"
    for c in code:
        for o in c.get("outputs", []):
            assert o.get("output_type") != "error", f"{path.name}: error output in cell {_src(c)[:60]!r}"
            assert not (o.get("output_type") == "stream" and o.get("name") == "stderr"), (
                f"{path.name}: stderr output (a warning?) in cell {_src(c)[:60]!r}")
        assert "execution" not in c.get("metadata", {}), f"{path.name}: timing metadata stored"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_has_the_collections_shape(path):
    nb = _load(path)
    cells = nb["cells"]
    md = [_src(c) for c in cells if c["cell_type"] == "markdown"]
    code_cells = [c for c in cells if c["cell_type"] == "code"]
    assert md and md[0].lstrip().startswith("# "), f"{path.name}: must open with a title"
    assert any(re.search(r"learning objectives", m, re.I) for m in md[:3]), f"{path.name}: no learning objectives"
    # A SymPy cell that asserts what it shows.
    assert any("assert" in _src(c) and ("sp." in _src(c) or "sympy" in _src(c) or "symbolic" in _src(c))
               for c in code_cells), f"{path.name}: no SymPy assertion"
    # Exercises: a self-check through rbteach.exercises (worked solutions: tests/test_solutions.py).
    assert any("exercises" in _src(c) for c in code_cells), f"{path.name}: no exercise self-check"
    assert any(re.search(r"^#+ .*summary", m, re.I | re.M) for m in md), f"{path.name}: no summary"
    # Link to the next notebook.
    idx = NOTEBOOKS.index(path)
    if idx + 1 < len(NOTEBOOKS):
        nxt = NOTEBOOKS[idx + 1].name
        assert any(nxt in m for m in md), f"{path.name}: no link to {nxt}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_widget_has_a_static_figure_before_it(path):
    code = [c for c in _load(path)["cells"] if c["cell_type"] == "code"]
    widget_cells = [i for i, c in enumerate(code)
                    if any(WIDGET_MIME in o.get("data", {}) for o in c.get("outputs", []))]
    assert widget_cells, f"{path.name}: no ipywidgets explorer"
    for i in widget_cells:
        # live() carries the static picture in the widget's own output (image/png beside the view)
        own = any(WIDGET_MIME in o.get("data", {}) and "image/png" in o.get("data", {})
                  for o in code[i].get("outputs", []))
        before = code[i - 1] if i > 0 else {"outputs": []}
        assert own or any("image/png" in o.get("data", {}) for o in before.get("outputs", [])), (
            f"{path.name}: the widget {_src(code[i])[:50]!r} shows no static figure, in its output or the cell before")
        tags = code[i].get("metadata", {}).get("tags", [])
        assert "nbval-ignore-output" in tags, f"{path.name}: tag the widget cell nbval-ignore-output"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_svg_and_no_volatile_reprs(path):
    for c in _load(path)["cells"]:
        for o in c.get("outputs", []):
            data = o.get("data", {})
            assert "image/svg+xml" not in data, f"{path.name}: SVG output embeds a date; use PNG"
            text = "".join(data.get("text/plain", ""))
            assert not re.search(r"<matplotlib\.\w+\.\w+ (object )?at 0x", text), (
                f"{path.name}: a matplotlib repr leaked; end the plotting line with ';'")


# Rounding noise: a number at the level of float rounding (|x| < 1e-12 printed in e-notation, or
# a signed zero) depends on the CPU's BLAS kernel, so a stored output must never print one.
_NOISE = re.compile(r"(?<![\w.])[-+]?\d(\.\d+)?e-(1[3-9]|[2-9]\d|\d{3})\b"   # 2.2e-16, 1e-300
                    r"|(?<![\w.])[-+]0(\.0+)?e[-+]00\b"                           # -0.00e+00, +0.00e+00
                    r"|(?<![\w.\d])-0\.(0+)?(?![\d]*[1-9])(?=[\s,\])]|$)")      # -0. and -0.0000 in arrays


def _noise(text):
    return [m.group(0) for m in _NOISE.finditer(text)]


def test_the_noise_pattern_finds_rounding_noise_and_only_that():
    assert _noise("T/T0 - 1 = +2.22e-16") and _noise("x = -0.00e+00") and _noise("[ 0.5 -0.   1. ]")
    assert _noise("[ 0.5    -0.0000  1.    ]") and _noise("drift 6.7e-16,")
    assert not _noise("drift < 1e-12") and not _noise("error 3.1e-09") and not _noise("[-0.5  0.25]")
    assert not _noise("t = -0.05 s") and not _noise("1e-12") and not _noise("-0.0012")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_stored_output_prints_rounding_noise(path):
    for i, c in enumerate(_load(path)["cells"]):
        if c["cell_type"] != "code":
            continue
        for o in c.get("outputs", []):
            data = o.get("data", {})
            for text in ("".join(o.get("text", "")), "".join(data.get("text/plain", "")),
                         "".join(data.get("text/latex", "")), "".join(data.get("text/markdown", ""))):
                if "data:image/png;base64" in text:
                    continue
                found = _noise(text)
                assert not found, (f"{path.name} cell {i}: prints rounding noise {found[:3]} "
                                   f"(differs between CPUs): print it with fmt_small or round it")
