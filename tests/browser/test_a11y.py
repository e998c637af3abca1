"""Accessibility (issue 22), in headless Chromium: 3-D views that turn from the keyboard, and
pictures a screen reader can describe.

* On the explorer wall (Voilà, every explorer on one page): each canvas is focusable, ``role="img"``
  with a non-empty label that names what it shows; the arrow keys turn every 3-D panel (the picture
  changes, the label says the new view) and Home restores the first picture; "reset view" is there
  exactly when a 3-D panel is; each slider's ``aria-valuetext`` is its value with its unit (the log
  slider: its real value); after a change the polite live region holds rbteach's ``summary()`` for
  the values shown, and a mouse drag is announced once, not at every frame.
* The attitude player in JupyterLab (notebook 07; :func:`check_player_keys_in_lab`, run by
  ``test_explorers.py`` after the notebook's one Run All): its canvas turns from the keyboard and Home
  restores it; its time slider's arrow keys move the time by about 1/100 of the run, say the unit,
  and leave the notebook's active cell (and the focus) alone.
* axe-core (site/node_modules, injected from the disk: never a CDN) finds no serious or critical
  violation, and no ``region`` or ``label-content-name-mismatch``, on the wall and on every page of
  the website; every picture of the website has a sentence for its alt text, and its players turn
  from the keyboard too (:func:`check_site_page`, run by ``test_site.py`` on each page it has loaded).
  (The website shows the outputs stored in the notebooks: these last checks hold once the notebooks
  are executed with this rbteach.)
"""

from __future__ import annotations

import importlib
import json
import re
import subprocess
from pathlib import Path

import pytest

import labdriver
from test_wall import wall  # noqa: F401  (the wall served as `make explorers` serves it)

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
MODULES = sorted(p.stem for p in (ROOT / "rbteach" / "explorers").glob("nb[0-9][0-9].py"))
AXE = ROOT / "site" / "node_modules" / "axe-core" / "axe.min.js"
#: what the tests require of axe: no violation of these impacts, and none of the rules issue 22 names
AXE_IMPACTS = ("serious", "critical")
AXE_RULES = ("region", "label-content-name-mismatch")

_CANVAS_HASH_JS = """(c) => { const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let h = 2166136261 >>> 0;
  for (let i = 0; i < d.length; i += 4) h = Math.imul(h ^ d[i] ^ (d[i+1] << 8) ^ (d[i+2] << 16), 16777619) >>> 0;
  return h.toString(16); }"""


def axe_file() -> Path:
    """site/node_modules' axe-core (``npm ci`` in site/ when it is not installed yet)."""
    if not AXE.exists():
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts"], cwd=ROOT / "site", check=True)
    return AXE


def axe_problems(page, context: str = "document") -> list[str]:
    """axe-core's violations on ``page`` that the tests refuse (impact or rule), one line each."""
    if not page.evaluate("() => !!window.axe"):
        page.add_script_tag(path=str(axe_file()))
    found = page.evaluate("""(ctx) => axe.run(ctx === 'document' ? document : document.querySelector(ctx),
                                               {resultTypes: ['violations']}).then(r => r.violations.map(v =>
        ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.target.join(' ') + ': ' + (n.failureSummary || '').slice(0, 160))})))""",
                          context)
    return [f"{v['id']} ({v['impact']}, {len(v['nodes'])} nodes): {v['nodes'][:3]}" for v in found
            if v["impact"] in AXE_IMPACTS or v["id"] in AXE_RULES]


def _focus_and_press(loc, key: str, times: int = 1) -> None:
    loc.focus()
    for _ in range(times):
        loc.press(key)


# ---------------------------------------------------------------- the explorer wall

@pytest.fixture(scope="module")
def wall_page(wall, browser_context):  # noqa: F811
    base, token = wall
    page = browser_context.new_page()
    page.js_errors = []
    page.on("pageerror", lambda e: page.js_errors.append(str(e)))
    page.goto(f"{base}/?token={token}", timeout=labdriver.patience(180) * 1000)
    page.wait_for_function(f"() => document.querySelectorAll('.rbteach-live-canvas').length >= {len(MODULES)}",
                           timeout=labdriver.patience(180) * 1000)
    for i in range(len(MODULES)):
        labdriver.live_settled(page.locator(".rbteach-live").nth(i), timeout=60)
    yield page
    page.close()


def _units(mod) -> dict:
    from rbteach.explorers.live import control_spec

    declared = getattr(mod, "UNITS", {})
    return {k: control_spec(k, c, declared.get(k)) for k, c in mod.controls().items()}


def test_every_course_slider_has_a_unit():
    """Every slider of the course says its unit: named in its label or declared (``UNITS``)."""
    from rbteach.explorers.live import slider_unit

    missing = []
    for name in MODULES:
        mod = importlib.import_module(f"rbteach.explorers.{name}")
        for k, spec in _units(mod).items():
            if "min" in spec and slider_unit(spec["label"], getattr(mod, "UNITS", {}).get(k)) is None:
                missing.append(f"{name}.{k} ({spec['label']!r})")
    assert not missing, f"sliders without a unit: {missing}"


@pytest.mark.parametrize("index", range(len(MODULES)), ids=MODULES)
def test_wall_explorer_is_described_turns_from_the_keyboard_and_announces(wall_page, index):
    page, name = wall_page, MODULES[index]
    mod = importlib.import_module(f"rbteach.explorers.{name}")
    root = page.locator(".rbteach-live").nth(index)
    root.scroll_into_view_if_needed()
    canvas = root.locator(".rbteach-live-canvas")
    st0 = labdriver.live_settled(root, timeout=60)

    # the picture's text
    assert canvas.get_attribute("role") == "img" and canvas.get_attribute("tabindex") == "0", name
    label0 = canvas.get_attribute("aria-label") or ""
    assert len(label0) > 20 and "computing" not in label0, f"{name}: canvas label {label0!r}"
    scene_titles = root.evaluate("r => r.parentElement.rbteachLive.scene.panels.map(p => p.title).filter(t => t)")
    for t in scene_titles:
        assert t in label0, f"{name}: the label {label0!r} does not name the panel {t!r}"
    # the accessibility tree gives the same name (what a screen reader reads)
    assert page.get_by_role("img", name=label0, exact=True).count() >= 1, f"{name}: no img named {label0!r}"

    # sliders: value and unit
    specs = _units(mod)
    for s in root.locator("input.rbteach-live-slider").all():
        key = s.get_attribute("data-name")
        text = s.get_attribute("aria-valuetext") or ""
        readout = f"{st0['values'][key]}"
        unit = specs[key]["unit"]
        assert text and (not unit or text.endswith(unit)), f"{name}.{key}: aria-valuetext {text!r}, unit {unit!r}"
        shown = float(re.match(r"[−\-]?[0-9.e+\-]+", text).group(0).replace("−", "-"))
        assert shown == pytest.approx(float(readout), rel=5e-3, abs=1e-9), \
            f"{name}.{key}: aria-valuetext {text!r} for the value {readout}"

    # 3-D panels: the keyboard turns them, Home puts them back; reset view is there exactly then
    has3d = "3d" in st0["panels"]
    assert root.locator(".rbteach-live-reset").is_visible() == has3d, f"{name}: reset view shown={not has3d}"
    if has3d:
        h0 = canvas.evaluate(_CANVAS_HASH_JS)
        _focus_and_press(canvas, "ArrowLeft", 3)
        labdriver.next_frames(page)
        assert canvas.evaluate(_CANVAS_HASH_JS) != h0, f"{name}: the arrow keys did not turn the 3-D view"
        turned = canvas.get_attribute("aria-label")
        assert turned != label0 and "azimuth" in turned, f"{name}: the label did not follow the view: {turned!r}"
        _focus_and_press(canvas, "Shift+ArrowUp", 2)
        canvas.press("Home")
        labdriver.next_frames(page)
        assert canvas.evaluate(_CANVAS_HASH_JS) == h0, f"{name}: Home did not restore the first picture"
        assert canvas.get_attribute("aria-label") == label0
        _focus_and_press(canvas, "ArrowDown", 2)
        root.locator(".rbteach-live-reset").click()
        labdriver.next_frames(page)
        assert canvas.evaluate(_CANVAS_HASH_JS) == h0, f"{name}: reset view did not restore the first picture"
    else:
        h0 = canvas.evaluate(_CANVAS_HASH_JS)
        _focus_and_press(canvas, "ArrowLeft", 1)
        labdriver.next_frames(page)
        assert canvas.evaluate(_CANVAS_HASH_JS) == h0, f"{name}: an arrow key changed a picture with no 3-D panel"

    # the live region: rbteach's summary of the values shown, after a change by the keyboard
    live = root.locator("[aria-live=polite]")
    assert live.count() == 1, f"{name}: {live.count()} polite live regions"
    labdriver.live_press(root, "ArrowRight", 1)
    st = labdriver.live_settled(root)
    labdriver.wait_until(lambda: live.text_content() == mod.summary(**st["lastValues"]), 10,
                         f"{name}: the live region says {live.text_content()!r}, not summary()")
    assert st["lastValues"] != st0["lastValues"]
    assert root.evaluate("r => r.parentElement.rbteachLive.summary") == live.text_content()
    assert page.js_errors == [], page.js_errors


def test_a_drag_is_announced_once_when_released(wall_page):
    """Dragging a slider repaints many times but writes the live region once, at the release."""
    page = wall_page
    name = "nb07"
    mod = importlib.import_module(f"rbteach.explorers.{name}")
    root = page.locator(".rbteach-live").nth(MODULES.index(name))
    st0 = labdriver.live_settled(root, timeout=60)
    said0 = root.evaluate("r => r.parentElement.rbteachLive.announcements || 0")
    labdriver.live_drag(page, root, fraction=0.2, moves=20)
    st = labdriver.live_settled(root)
    labdriver.wait_until(lambda: root.evaluate("r => r.parentElement.rbteachLive.announcements || 0") > said0, 10,
                         "the release of a drag was not announced")
    said = root.evaluate("r => r.parentElement.rbteachLive.announcements") - said0
    assert st["frames"] - st0["frames"] >= 3, "the drag drew fewer than 3 pictures"
    assert said == 1, f"{said} announcements for one drag ({st['frames'] - st0['frames']} pictures)"
    assert root.locator("[aria-live=polite]").text_content() == mod.summary(**st["lastValues"])


def test_the_log_slider_reads_its_real_value(wall_page):
    """nb09's time step is a log slider: its aria-valuetext is dt in seconds, not its exponent."""
    page = wall_page
    root = page.locator(".rbteach-live").nth(MODULES.index("nb09"))
    s = root.locator("input.rbteach-live-slider[data-name=dt]")
    dt = labdriver.live_state(root)["values"]["dt"]
    text = s.get_attribute("aria-valuetext")
    assert text.endswith(" s") and float(text[:-2]) == pytest.approx(dt, rel=5e-3), (text, dt, s.input_value())
    _focus_and_press(s, "ArrowLeft", 3)
    dt2 = labdriver.live_state(root)["values"]["dt"]
    assert dt2 < dt and float(s.get_attribute("aria-valuetext")[:-2]) == pytest.approx(dt2, rel=5e-3)


def test_axe_finds_no_serious_violation_on_the_wall(wall_page):
    problems = axe_problems(wall_page)
    assert not problems, "\n".join(problems)


# ---------------------------------------------------------------- the attitude player in JupyterLab

def _active_cell(page) -> int:
    return page.evaluate("""() => [...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell')]
                                   .findIndex(c => c.classList.contains('jp-mod-active'))""")


#: The notebook whose player :func:`check_player_keys_in_lab` drives.
LAB_PLAYER_NOTEBOOK = "07_torque_free_euler.ipynb"


def check_player_keys_in_lab(page) -> None:
    """The player keeps its keys and turns from the keyboard in JupyterLab (the module docstring), in
    a page where :data:`LAB_PLAYER_NOTEBOOK` is open and Run All was chosen: run by
    ``test_explorers.py::test_notebook_in_lab``, after the same Run All as the notebook's other checks."""
    canvas = labdriver.scroll_to(page, ".rbteach-player .rbteach-player-canvas", timeout=180)
    labdriver.wait_until_run(page)
    root = page.locator(".rbteach-player").filter(has=page.locator(".rbteach-player-canvas")).first
    root.scroll_into_view_if_needed()
    assert canvas.get_attribute("role") == "img" and canvas.get_attribute("tabindex") == "0"
    label0 = canvas.get_attribute("aria-label") or ""
    assert "3-D view" in label0 and "x′, y′, z′" in label0, label0
    poster_alt = root.locator(".rbteach-player-poster").get_attribute("alt")
    assert poster_alt and "3-D view" in poster_alt

    # the time slider: its keys stay in the player, a step is about 1/100 of the run, in seconds
    data = json.loads(root.locator(".rbteach-player-data").first.text_content())
    span = data["t"][-1] - data["t"][0]
    slider = root.locator(".rbteach-time")
    step = float(slider.get_attribute("step"))
    assert span / 250 <= step <= span / 40, f"time step {step} s for a run of {span} s"
    slider.click()                               # as a person does: the mouse, then the keys
    active = _active_cell(page)
    t0 = root.evaluate("r => r.rbteach.state.t")
    # where each key ends: a keyup the slider receives while it still has the focus (a key that moved
    # the focus away sends its keyup elsewhere); counted in the page, so JupyterLab focusing something
    # later (a busy machine finishing the notebook's run) is not taken for the player's doing
    slider.evaluate("e => { e.__keptFocus = 0; e.addEventListener('keyup', "
                    "() => { if (document.activeElement === e) e.__keptFocus++; }); }")
    for key in ("ArrowRight", "ArrowRight", "ArrowUp"):
        slider.press(key)
    t1 = root.evaluate("r => r.rbteach.state.t")
    assert t1 == pytest.approx(t0 + 3 * step, abs=step / 2 + 1e-9), f"three steps moved the time {t0} → {t1}"
    assert _active_cell(page) == active, "the arrow keys moved the notebook's active cell"
    assert slider.evaluate("e => e.__keptFocus") == 3, "an arrow key moved the focus off the time slider"
    assert slider.get_attribute("aria-valuetext") == f"{t1:.2f} s"
    assert root.locator(".rbteach-time-label").inner_text().endswith(" s")

    # the view: the arrow keys turn it (and stay in the player), Home restores it
    h0 = canvas.evaluate(_CANVAS_HASH_JS)
    _focus_and_press(canvas, "ArrowRight", 3)
    labdriver.next_frames(page)
    assert canvas.evaluate(_CANVAS_HASH_JS) != h0, "the arrow keys did not turn the player's view"
    assert "azimuth 15°" in canvas.get_attribute("aria-label"), canvas.get_attribute("aria-label")   # → turns as a drag to the right
    assert _active_cell(page) == active, "the canvas's arrow keys moved the notebook's active cell"
    _focus_and_press(canvas, "Shift+ArrowDown", 4)
    canvas.press("Home")
    labdriver.next_frames(page)
    assert canvas.evaluate(_CANVAS_HASH_JS) == h0, "Home did not restore the player's view"
    assert not page.js_errors, page.js_errors


# ---------------------------------------------------------------- the website

SITE_PAGES = ["index.html", "conventions.html"] + [
    f"notebooks/{p.stem}.html" for p in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))]


def check_site_page(page, name: str) -> None:
    """axe, alt text and the players' keys on one page of the website, loaded and typeset (run by
    ``test_site.py``'s test of each page, so that a page is loaded and typeset once for both)."""
    problems = axe_problems(page)
    assert not problems, f"{name}:\n" + "\n".join(problems)
    for img in page.locator("article img").all():
        alt = img.get_attribute("alt") or ""
        # a sentence, not myst-nb's stand-in (the image's file name): rbteach.plotting's text/html
        assert alt.strip() and "_images/" not in alt, f"{name}: an image without alt text (alt={alt[:60]!r})"
    players = page.locator(".rbteach-player-canvas")
    for j in range(players.count()):
        c = players.nth(j)
        c.scroll_into_view_if_needed()
        assert c.get_attribute("role") == "img" and (c.get_attribute("aria-label") or "").strip()
        h0 = c.evaluate(_CANVAS_HASH_JS)
        _focus_and_press(c, "ArrowLeft", 2)
        labdriver.next_frames(page)
        assert c.evaluate(_CANVAS_HASH_JS) != h0, f"{name}: player {j} does not turn from the keyboard"
        c.press("Escape")
        labdriver.next_frames(page)
        assert c.evaluate(_CANVAS_HASH_JS) == h0, f"{name}: Escape did not restore player {j}'s view"


def test_every_page_of_the_site_gets_the_accessibility_checks():
    """:func:`check_site_page` runs in ``test_site.py``'s test of each page: every page of the site is there."""
    import test_site

    assert set(SITE_PAGES) <= set(test_site._pages()), sorted(set(SITE_PAGES) - set(test_site._pages()))
    assert "check_site_page" in Path(test_site.__file__).read_text(encoding="utf-8")
