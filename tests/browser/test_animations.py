"""The attitude animations (Matplotlib jshtml, notebooks 07 and 08) play in JupyterLab.

After Run All, each animation must show its first frame (its script ran: a notebook opened from
disk is untrusted, so this needs the run), and pressing Play must move on: the frame slider
advances and the picture's pixels change. No JavaScript error may be raised on the way.
"""

from __future__ import annotations

import pytest

import labdriver

pytestmark = pytest.mark.browser

ANIMATION_NOTEBOOKS = [p for p in sorted(labdriver.NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
                       if "_anim_img" in p.read_text(encoding="utf-8")]

_FRAME_SHOWN_JS = "(img) => img.complete && img.naturalWidth > 0 && img.src.startsWith('data:image/')"


def test_the_attitude_animations_are_found():
    assert {"07", "08"} <= {p.name[:2] for p in ANIMATION_NOTEBOOKS}


@pytest.mark.parametrize("path", ANIMATION_NOTEBOOKS, ids=lambda p: p.name)
def test_animation_plays_after_run_all(page, lab, path, screenshot_dir):
    labdriver.open_notebook(page, lab, path.name)
    labdriver.run_all(page)
    anim = page.locator(".jp-OutputArea-output .animation").first
    anim.wait_for(timeout=120_000)
    anim.scroll_into_view_if_needed()
    img, slider = anim.locator("img").first, anim.locator("input.anim-slider").first
    page.wait_for_function(_FRAME_SHOWN_JS, arg=img.element_handle(), timeout=30_000)
    first_frame, first_pixels = int(slider.input_value()), labdriver.image_hash(img)
    anim.screenshot(path=str(screenshot_dir / f"{path.stem}-animation-first.png"))

    anim.get_by_role("button", name="Play", exact=True).click()
    page.wait_for_function("([s, f]) => Number(s.value) >= f + 3", arg=[slider.element_handle(), first_frame],
                           timeout=15_000)
    anim.get_by_role("button", name="Pause", exact=True).click()
    assert int(slider.input_value()) > first_frame
    assert labdriver.image_hash(img) != first_pixels, f"{path.name}: Play moved the slider, not the picture"
    anim.screenshot(path=str(screenshot_dir / f"{path.stem}-animation-played.png"))
    assert not page.js_errors, f"{path.name}: JavaScript errors {page.js_errors}"
