"""Every explorer, driven as a person would in a default JupyterLab: open the notebook, Run All,
scroll to the live explorer, move its main control with the keyboard and by dragging it with the
mouse, and check that the picture follows while dragging (several intermediate frames), that the
final picture and summary are rbteach's for the final value, that a 3-D panel turns when dragged and
comes back on a double-click, and that no JavaScript error was raised. A negative control (an
explorer whose picture ignores its control) must make the check fail.

Each notebook is opened and run once (``test_notebook_in_lab``) for all its checks in JupyterLab:
its explorer's (here), its player's (``test_animations.check_player``), for notebook 07 the
player's keyboard (``test_a11y.check_player_keys_in_lab``), and for 02, 07 and 09 the explorer's
prefetch (``test_explorer_prefetch.check_prefetch``). A Run All is most of such a test's time.
"""

from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path

import pytest

import labdriver
from test_a11y import LAB_PLAYER_NOTEBOOK, check_player_keys_in_lab
from test_animations import PLAYER_NOTEBOOKS, check_player
from test_explorer_prefetch import NOTEBOOKS as PREFETCH_NOTEBOOKS
from test_explorer_prefetch import check_prefetch

pytestmark = pytest.mark.browser

EXPLORER_NOTEBOOKS = [p for p in sorted(labdriver.NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
                      if importlib.util.find_spec(f"rbteach.explorers.nb{p.name[:2]}") is not None]
#: Every notebook with something to drive in JupyterLab: an explorer, a player, or both.
LAB_NOTEBOOKS = sorted(set(EXPLORER_NOTEBOOKS) | set(PLAYER_NOTEBOOKS))


def check_responds(page, ex, module, *, how: str, shots: Path | None = None, name: str = "",
                   timeout: float = 15.0) -> dict:
    """Move the main control (``how`` = "keyboard" or "drag"); assert the picture followed it."""
    before = labdriver.live_hash(ex)
    state0 = labdriver.live_state(ex)
    if how == "keyboard":
        labdriver.live_press(ex, "ArrowRight", 1)
    else:
        labdriver.live_drag(page, ex, fraction=0.25, moves=30)
    state = labdriver.live_settled(ex, timeout=timeout)
    assert state["frames"] > state0["frames"], f"{name}: no new picture after moving the control ({how})"
    after = labdriver.live_hash(ex)
    assert after != before, f"{name}: the picture did not change after moving the control ({how})"
    if how == "drag":
        assert state["frames"] - state0["frames"] >= 3, f"{name}: only {state['frames'] - state0['frames']} frames while dragging"
    shown = state["lastValues"]
    assert shown == state["values"], f"{name}: the last picture is for {shown}, the controls say {state['values']}"
    expected = module.summary(**shown)
    assert state["summary"] == expected, f"{name}: printed {state['summary']!r}, rbteach computes {expected!r}"
    if shots is not None:
        ex.screenshot(path=str(shots / f"{name}-after-{how}.png"))
    return state


@pytest.mark.parametrize("path", LAB_NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_in_lab(page, lab, path, screenshot_dir):
    """One Run All of ``path``, then its player's keyboard (07), its player, its explorer, its prefetch."""
    labdriver.open_notebook(page, lab, path.name)
    labdriver.run_all(page)
    if path.name == LAB_PLAYER_NOTEBOOK:
        check_player_keys_in_lab(page)
    if path in PLAYER_NOTEBOOKS:
        check_player(page, path, screenshot_dir)
    if path in EXPLORER_NOTEBOOKS:
        check_explorer(page, path, screenshot_dir)
    if path.name in PREFETCH_NOTEBOOKS:
        check_prefetch(page, path.name)
    assert page.js_errors == [], f"{path.name}: JavaScript errors {page.js_errors}"


def test_every_kind_of_check_has_its_notebooks():
    assert len(EXPLORER_NOTEBOOKS) >= 12 and PLAYER_NOTEBOOKS and LAB_PLAYER_NOTEBOOK in {p.name for p in PLAYER_NOTEBOOKS}


def check_explorer(page, path, screenshot_dir) -> None:
    """The explorer of ``path`` follows its main control (the module docstring), in a page where the
    notebook is open and Run All was chosen."""
    module = importlib.import_module(f"rbteach.explorers.nb{path.name[:2]}")
    ex = labdriver.wait_for_live(page)
    first = labdriver.live_settled(ex)
    assert first["summary"] == module.summary(**module.DEFAULTS), f"{path.name}: initial summary {first['summary']!r}"
    assert labdriver.live_ink(ex) > 2000, f"{path.name}: the explorer shows no picture"
    ex.screenshot(path=str(screenshot_dir / f"{path.stem}-before.png"))
    check_responds(page, ex, module, how="keyboard", shots=screenshot_dir, name=path.stem)
    check_responds(page, ex, module, how="drag", shots=screenshot_dir, name=path.stem)
    panels = labdriver.live_panels(ex)
    for i, kind in enumerate(panels):
        if kind != "3d":
            continue
        h0 = labdriver.live_hash(ex)
        labdriver.live_orbit(page, ex, i, len(panels))
        assert labdriver.live_hash(ex) != h0, f"{path.name}: dragging 3-D panel {i} did not turn it"
        labdriver.live_reset_view(page, ex, i, len(panels))
        assert labdriver.live_hash(ex) == h0, f"{path.name}: a double-click did not reset 3-D panel {i}"
    assert page.js_errors == [], f"{path.name}: JavaScript errors {page.js_errors}"


def test_negative_control_fails_the_check(page, lab):
    """An explorer whose picture ignores its control (only the summary follows) must fail."""
    from conftest import NEGATIVE_CONTROL, NegativeControl

    labdriver.open_notebook(page, lab, NEGATIVE_CONTROL)
    labdriver.run_all(page)
    ex = labdriver.wait_for_live(page)
    labdriver.live_settled(ex)
    with pytest.raises(AssertionError, match="picture did not change"):
        check_responds(page, ex, NegativeControl, how="keyboard", name="negative-control", timeout=4.0)
