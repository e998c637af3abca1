"""Every explorer, driven as a person would: open the notebook in JupyterLab, Run All, move the
main slider with the keyboard and by dragging, and check that the plot's pixels change, that the
printed summary equals what rbteach computes for the new value, and that no JavaScript error was
raised. A negative control (an explorer that ignores its slider) must make the check fail.
"""

from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path

import pytest

import labdriver

pytestmark = pytest.mark.browser

EXPLORER_NOTEBOOKS = [p for p in sorted(labdriver.NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
                      if importlib.util.find_spec(f"rbteach.explorers.nb{p.name[:2]}") is not None]


def check_responds(page, ex, module, *, how: str, shots: Path | None = None, name: str = "",
                   timeout: float = 15.0) -> None:
    """Move the main control (``how`` = "keyboard" or "drag") and assert the explorer followed it."""
    main = next(iter(module.controls()))
    before = labdriver.plot_hash(ex)
    old_readout = labdriver.slider_readout(ex)
    if how == "keyboard":
        labdriver.press_slider(ex, "ArrowRight", 1)
    else:
        track = labdriver.main_slider(ex).locator(".noUi-target").first.bounding_box()
        handle = labdriver.main_slider(ex).locator(".noUi-handle").first.bounding_box()
        right_room = track["x"] + track["width"] - (handle["x"] + handle["width"] / 2)
        labdriver.drag_slider(page, ex, -0.3 * track["width"] if right_room < 0.35 * track["width"] else 0.3 * track["width"])
    waited = labdriver.wait_for_new_plot(ex, before, timeout=timeout)
    assert waited is not None, f"{name}: the plot did not change after moving the slider ({how})"
    readout = labdriver.slider_readout(ex)
    assert readout != old_readout, f"{name}: the slider readout did not move ({how})"
    params = dict(module.DEFAULTS)
    params[main] = labdriver.readout_value(readout)
    expected = module.summary(**params)
    text = labdriver.wait_for_summary(ex, expected)
    assert text == expected, f"{name}: printed {text!r}, rbteach computes {expected!r} for {main} = {readout}"
    if shots is not None:
        ex.screenshot(path=str(shots / f"{name}-after-{how}.png"))


@pytest.mark.parametrize("path", EXPLORER_NOTEBOOKS, ids=lambda p: p.name)
def test_explorer_follows_its_main_slider(page, lab, path, screenshot_dir):
    module = importlib.import_module(f"rbteach.explorers.nb{path.name[:2]}")
    labdriver.open_notebook(page, lab, path.name)
    labdriver.run_all(page)
    ex = labdriver.wait_for_explorer(page)
    first = labdriver.wait_for_summary(ex, module.summary(**module.DEFAULTS))
    assert first == module.summary(**module.DEFAULTS), f"{path.name}: initial summary {first!r}"
    ex.screenshot(path=str(screenshot_dir / f"{path.stem}-before.png"))
    check_responds(page, ex, module, how="keyboard", shots=screenshot_dir, name=path.stem)
    check_responds(page, ex, module, how="drag", shots=screenshot_dir, name=path.stem)
    assert page.js_errors == [], f"{path.name}: JavaScript errors {page.js_errors}"


def test_negative_control_fails_the_check(page, lab):
    """An explorer that ignores its slider (only its title follows) must fail ``check_responds``."""
    from conftest import NEGATIVE_CONTROL

    class Ignoring:
        DEFAULTS = {"a": 1.0}

        @staticmethod
        def controls():
            return {"a": None}

        @staticmethod
        def summary(**values):
            return "constant"

    labdriver.open_notebook(page, lab, NEGATIVE_CONTROL)
    labdriver.run_all(page)
    ex = labdriver.wait_for_explorer(page)
    with pytest.raises(AssertionError, match="plot did not change"):
        check_responds(page, ex, Ignoring, how="keyboard", name="negative-control", timeout=4.0)
