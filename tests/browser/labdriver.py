"""Drive JupyterLab in headless Debian Chromium: used by the browser tests and the latency benchmark.

Everything lives in temporary directories: a copy of the notebooks (the lab autosaves), Jupyter,
IPython, Matplotlib and Chromium state. The server binds to 127.0.0.1 with a random token and is
shut down through its API; only the PID started here is ever terminated.
Recipes: ../shared/guides/notebook-testing.md.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
#: Every wait of the browser tests is for a condition, with a deadline of (a generous estimate) ×
#: SLOWDOWN, so that the suite holds on a loaded machine (a busy CI box, a shared classroom server):
#: RBTEACH_BROWSER_SLOWDOWN=1 for the bare estimates, larger for a slower machine. Nothing waits
#: for a fixed time; a failing check fails at its deadline.
SLOWDOWN = float(os.environ.get("RBTEACH_BROWSER_SLOWDOWN", "3"))


def patience(seconds: float) -> float:
    """A deadline in seconds: ``seconds`` (what a quiet machine needs, generously) × SLOWDOWN."""
    return seconds * SLOWDOWN


def wait_until(condition, seconds: float, what: str, poll: float = 0.05):
    """Poll ``condition()`` until it returns something truthy (returned), or raise TimeoutError
    after ``patience(seconds)``."""
    deadline = time.monotonic() + patience(seconds)
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what} (waited {patience(seconds):.0f} s)")
        time.sleep(poll)


CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium_path() -> str | None:
    """Debian's chromium, or None when it is not installed."""
    for p in ("/usr/bin/chromium", shutil.which("chromium") or ""):
        if p and os.access(p, os.X_OK):
            return p
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def isolated_env(tmp: Path) -> dict:
    """Environment with Jupyter/IPython/Matplotlib/XDG state in ``tmp`` and the venv first on PATH."""
    env = dict(os.environ)
    for var, sub in (("JUPYTER_CONFIG_DIR", "jconfig"), ("JUPYTER_DATA_DIR", "jdata"),
                     ("JUPYTER_RUNTIME_DIR", "jruntime"), ("IPYTHONDIR", "ipython"),
                     ("MPLCONFIGDIR", "mpl"), ("XDG_CONFIG_HOME", "xdgconfig"), ("XDG_CACHE_HOME", "xdgcache")):
        d = tmp / sub
        d.mkdir(parents=True, exist_ok=True)
        env[var] = str(d)
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    env.pop("JUPYTER_PLATFORM_DIRS", None)
    return env


def _user_settings(tmp: Path) -> Path:
    """User settings as a new user has them. The only change: no news or update checks (they would
    reach for the internet). Notebooks keep JupyterLab's default windowing: cells far from the view
    are not in the page, so the tests scroll to what they look for, as a person does."""
    d = tmp / "lab-settings"
    (d / "@jupyterlab" / "apputils-extension").mkdir(parents=True, exist_ok=True)
    (d / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    return d


def wait_for_status(base: str, token: str, proc: subprocess.Popen, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + patience(timeout)
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"jupyter lab exited with code {proc.returncode}")
        try:
            with urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2) as r:
                if r.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        time.sleep(0.2)
    raise TimeoutError("jupyter lab did not answer /api/status in time")


def stop_server(base: str, token: str, proc: subprocess.Popen) -> None:
    """POST /api/shutdown, then make sure the PID we started (and only it) is gone."""
    try:
        req = urllib.request.Request(f"{base}/api/shutdown", method="POST",
                                     headers={"Authorization": f"token {token}"})
        urllib.request.urlopen(req, timeout=5).close()
    except (urllib.error.URLError, ConnectionError, OSError):
        pass
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@dataclass
class Lab:
    base: str
    token: str
    root: Path

    def url(self, notebook: str) -> str:
        workspace = "t" + secrets.token_hex(4)  # a fresh workspace: no tabs from a previous test
        return f"{self.base}/lab/workspaces/{workspace}/tree/{notebook}?token={self.token}"


@contextlib.contextmanager
def running_lab(extra_files=(), app: str = "jupyterlab"):
    """Start ``jupyter lab`` (or Notebook 7: ``app="notebook"``) on a temporary copy of notebooks/
    (plus ``extra_files``), with a new user's settings; yield a :class:`Lab`."""
    with tempfile.TemporaryDirectory(prefix="rbteach-lab-") as tmpname:
        tmp = Path(tmpname)
        root = tmp / "notebooks"
        shutil.copytree(NOTEBOOKS, root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
        for f in extra_files:
            shutil.copy(f, root / Path(f).name)
        env = isolated_env(tmp)
        port, token = free_port(), secrets.token_hex(16)
        cmd = [sys.executable, "-m", app, "--no-browser", "--ServerApp.ip=127.0.0.1",
               f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
               f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
               f"--{'LabApp' if app == 'jupyterlab' else 'JupyterNotebookApp'}.user_settings_dir={_user_settings(tmp)}",
               f"--{'LabApp' if app == 'jupyterlab' else 'JupyterNotebookApp'}.workspaces_dir={tmp / 'workspaces'}"]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            cmd.append("--allow-root")
        log = open(tmp / "lab.log", "wb")
        proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT, cwd=tmp)
        base = f"http://127.0.0.1:{port}"
        try:
            wait_for_status(base, token, proc)
            yield Lab(base, token, root)
        finally:
            stop_server(base, token, proc)
            log.close()


@contextlib.contextmanager
def chromium_context(viewport=(1280, 2000), scale: float = 1.0):
    """A persistent Playwright context in Debian's chromium with its profile in a temp dir;
    ``scale`` is the device pixel ratio (1.5: a 150 % zoom, the CSS viewport being ``viewport``)."""
    from playwright.sync_api import sync_playwright

    exe = chromium_path()
    if exe is None:
        raise RuntimeError("chromium is not installed")
    with tempfile.TemporaryDirectory(prefix="rbteach-chromium-") as prof:
        for var, sub in (("XDG_CONFIG_HOME", "xdgconfig"), ("XDG_CACHE_HOME", "xdgcache")):
            os.makedirs(os.path.join(prof, sub), exist_ok=True)
        env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(prof, "xdgconfig"),
                   XDG_CACHE_HOME=os.path.join(prof, "xdgcache"))
        with sync_playwright() as p:
            ctx = p.chromium.launch_persistent_context(
                os.path.join(prof, "profile"), executable_path=exe, headless=True, args=CHROMIUM_ARGS,
                viewport={"width": viewport[0], "height": viewport[1]}, device_scale_factor=scale, env=env)
            ctx.set_default_timeout(patience(30) * 1000)
            try:
                yield ctx
            finally:
                ctx.close()


# ---------------------------------------------------------------- page actions

def open_notebook(page, lab: Lab, notebook: str, timeout: float = 60_000) -> None:
    """Open a notebook and wait until its kernel is idle (the status bar, not the indicator)."""
    timeout = patience(timeout / 1000) * 1000
    page.goto(lab.url(notebook), timeout=timeout)
    page.wait_for_selector(".jp-NotebookPanel", timeout=timeout)
    wait_until(lambda: kernel_ready(lab, notebook), timeout / 1000 / SLOWDOWN, f"no idle kernel for {notebook} on the server")
    page.get_by_text("Python 3 (ipykernel) | Idle").first.wait_for(timeout=timeout)


def kernel_ready(lab: Lab, notebook: str) -> bool:
    """The server (its REST API) holds a session for ``notebook`` whose kernel is idle."""
    auth = {"Authorization": f"token {lab.token}"}
    try:
        with urllib.request.urlopen(urllib.request.Request(f"{lab.base}/api/sessions", headers=auth), timeout=5) as r:
            sessions = json.loads(r.read())
    except (urllib.error.URLError, ConnectionError, OSError):
        return False
    return any(s.get("path", "").endswith(notebook) and (s.get("kernel") or {}).get("execution_state") == "idle"
               for s in sessions)


_ANY_RUNNING_JS = "ps => ps.some(p => p.textContent.includes('*'))"
_WATCH_RUN_JS = """() => {
  const sel = '.jp-NotebookPanel .jp-InputPrompt';
  const seen = () => [...document.querySelectorAll(sel)].some(p => p.textContent.includes('*'));
  if (window.rbteachRunWatch) window.rbteachRunWatch.disconnect();
  window.rbteachSawRun = false;
  const watch = new MutationObserver(() => { if (seen()) { window.rbteachSawRun = true; watch.disconnect(); } });
  watch.observe(document.body, {subtree: true, childList: true, characterData: true});
  window.rbteachRunWatch = watch;
}"""


def run_all(page, tries: int = 3, seconds: float = 40) -> None:
    """Run ▸ Run All Cells, through the menu as a person would, until a cell shows ``[*]``.

    Run All queues every cell at once, and a queued or running cell shows ``[*]`` until it is done
    (at least as long as the first cell's imports), so ``[*]`` is the sign that the run began. A
    changed prompt is not: the notebook's stored counts are 1, 2, ... and so are a fresh run's, and
    a notebook still coming into the page (Notebook 7 adds its cells in steps) changes its prompts
    without running anything. On a loaded machine a Run All chosen before the page's kernel
    connection is up may queue nothing: then it is chosen again (the condition decides, not a time)."""
    for attempt in range(tries):
        page.evaluate(_WATCH_RUN_JS)            # sees a [*] however briefly it shows (a one-cell notebook)
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
        try:
            wait_until(lambda: page.evaluate("() => window.rbteachSawRun"), seconds,
                       "Run All queued no cell ([*] never shown)")
            return
        except TimeoutError:
            if attempt == tries - 1:
                raise
        finally:
            page.evaluate("() => window.rbteachRunWatch && window.rbteachRunWatch.disconnect()")


def wait_until_run(page, timeout: float = 300.0, quiet: float = 1.0) -> None:
    """Wait until no cell is queued or running (no ``[*]`` prompt) for ``quiet`` seconds, so
    that outputs have stopped growing and the page no longer shifts under the mouse."""
    prompts = page.locator(".jp-NotebookPanel .jp-InputPrompt")
    deadline = time.monotonic() + patience(timeout)
    calm_since = None
    while time.monotonic() < deadline:
        busy = prompts.evaluate_all(_ANY_RUNNING_JS)
        now = time.monotonic()
        if busy:
            calm_since = None
        elif calm_since is None:
            calm_since = now
        elif now - calm_since >= quiet:
            return
        time.sleep(0.2)
    raise TimeoutError(f"cells were still running after {patience(timeout):.0f} s")


def explorer(page, index: int = 0):
    return page.locator(".rbteach-explorer").nth(index)


def scroll_to(page, selector: str, timeout: float = 120.0, index: int = 0):
    """Scroll the notebook down, as a person does with the mouse wheel, until ``selector`` is in
    the page (a windowed notebook leaves far-away cells out of it); return its locator, in view.

    JupyterLab attaches a long notebook's cells to the page in the browser's idle time, and a wheel
    turn (a repaint) takes that time away: while the number of attached cells still grows, the
    wheel waits until none was added for a second (turning it then made notebook 05's explorer
    take 47 s to appear instead of 12).
    A windowed notebook guesses the height of the cells it has not yet drawn, so the bottom is
    where the view has reached the scroll height and the height has stopped growing. At the bottom
    without the element (outputs may still have been coming while it was scrolled past) it starts
    again from the top. A wheel turn that a busy page has not yet acted on is not the bottom: it
    is turned again."""
    loc = page.locator(selector).nth(index)
    panel = page.locator(".jp-NotebookPanel .jp-WindowedPanel-outer").first
    cells = page.locator(".jp-NotebookPanel .jp-Cell")
    deadline = time.monotonic() + patience(timeout)
    attached, grew_at, last_height = -1, 0.0, None
    while time.monotonic() < deadline:
        if loc.count() > 0:
            loc.scroll_into_view_if_needed()
            return loc
        now = cells.count()
        if now != attached:
            attached, grew_at = now, time.monotonic()
        if time.monotonic() - grew_at < 1.0:      # still attaching cells: let the page be idle
            time.sleep(0.25)
            continue
        box = panel.bounding_box()
        if box:
            page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.mouse.wheel(0, 0.8 * box["height"])
        time.sleep(0.15)
        if not panel.count():
            continue
        top, view, height = panel.evaluate("e => [e.scrollTop, e.clientHeight, e.scrollHeight]")
        if top + view < height - 2:
            last_height = None
        elif height != last_height:               # at the bottom for now: it may still grow
            last_height = height
        elif loc.count() == 0:                    # the real bottom, without it: from the top again
            panel.evaluate("e => { e.scrollTop = 0; }")
            time.sleep(0.3)
            last_height = None
    raise TimeoutError(f"{selector!r} never appeared in the notebook (waited {patience(timeout):.0f} s)")


def wait_for_explorer(page, index: int = 0, timeout: float = 120_000):
    ex = scroll_to(page, ".rbteach-explorer", timeout / 1000, index=index)
    ex.locator(".widget-output .jp-OutputArea-output img").first.wait_for(timeout=patience(timeout / 1000) * 1000)
    ex.scroll_into_view_if_needed()
    return ex


_PIXEL_HASH_JS = """
(img) => {
  if (!img.complete || !img.naturalWidth) return null;
  const c = document.createElement('canvas');
  c.width = img.naturalWidth; c.height = img.naturalHeight;
  const g = c.getContext('2d');
  g.drawImage(img, 0, 0);
  const top = Math.floor(c.height * 0.12);           // skip the title band
  const d = g.getImageData(0, top, c.width, c.height - top).data;
  let h1 = 2166136261 >>> 0, h2 = 0;
  for (let i = 0; i < d.length; i += 1) { h1 = Math.imul(h1 ^ d[i], 16777619) >>> 0; h2 = (h2 + d[i] * (i % 251 + 1)) >>> 0; }
  return h1.toString(16) + ':' + h2.toString(16);
}
"""


def image_hash(img) -> str | None:
    """Hash of an ``<img>``'s pixels below its top 12% (a changed title alone does not change it)."""
    try:
        return img.evaluate(_PIXEL_HASH_JS, timeout=2_000)
    except Exception:  # the image was replaced while we read it
        return None


def plot_hash(ex) -> str | None:
    """:func:`image_hash` of the explorer's plot."""
    return image_hash(ex.locator(".widget-output .jp-OutputArea-output img").first)


def summary_text(ex) -> str:
    """The text the explorer printed under its plot (its ``summary`` line)."""
    loc = ex.locator(".widget-output [data-mime-type='application/vnd.jupyter.stdout']")
    if loc.count() == 0:
        return ""
    return loc.first.inner_text().strip()


def main_slider(ex):
    return ex.locator(".widget-slider").first


def slider_readout(ex) -> str:
    return main_slider(ex).locator(".widget-readout").first.inner_text().strip()


def readout_value(readout: str) -> float:
    """The number a slider's readout shows (ipywidgets writes negatives with the sign U+2212 "−")."""
    return float(readout.replace("\u2212", "-"))


def press_slider(ex, key: str = "ArrowRight", times: int = 1) -> None:
    handle = main_slider(ex).locator(".noUi-handle").first
    handle.focus()
    for _ in range(times):
        handle.press(key)


def drag_slider(page, ex, dx: float) -> None:
    """Drag the main slider's handle ``dx`` pixels along its track with the mouse."""
    handle = main_slider(ex).locator(".noUi-handle").first
    box = handle.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    steps = 8
    for i in range(1, steps + 1):
        page.mouse.move(x + dx * i / steps, y)
    page.mouse.up()


def wait_for_new_plot(ex, before: str | None, timeout: float = 15.0, settle: float = 0.0) -> float | None:
    """Seconds until the plot's pixel hash differs from ``before`` (None if it never does)."""
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < patience(timeout):
        h = plot_hash(ex)
        if h is not None and h != before:
            dt = time.perf_counter() - t0
            if settle:
                time.sleep(settle)
            return dt
        time.sleep(0.01)
    return None


def wait_for_summary(ex, expected: str, timeout: float = 10.0) -> str:
    """Wait until the printed summary equals ``expected``; return the last text seen."""
    t0 = time.perf_counter()
    text = summary_text(ex)
    while time.perf_counter() - t0 < patience(timeout):
        text = summary_text(ex)
        if text == expected:
            return text
        time.sleep(0.05)
    return text


def shutdown_kernels(lab: Lab) -> None:
    """Delete every session of the server (frees the CPU between tests)."""
    auth = {"Authorization": f"token {lab.token}"}
    try:
        with urllib.request.urlopen(urllib.request.Request(f"{lab.base}/api/sessions", headers=auth), timeout=5) as r:
            sessions = json.loads(r.read())
        for s in sessions:
            req = urllib.request.Request(f"{lab.base}/api/sessions/{s['id']}", method="DELETE", headers=auth)
            urllib.request.urlopen(req, timeout=10).close()
    except (urllib.error.URLError, ConnectionError, OSError):
        pass


# ---------------------------------------------------------------- live explorers (rbteach.explorers.live)

_LIVE_STATE_JS = """(root) => {
  const s = root.parentElement.rbteachLive;
  return {frames: s.frames, seq: s.seq, shown: s.shown, inflight: s.inflight, pending: s.pending,
          summary: s.summary, error: s.error, lastValues: s.lastValues || null,
          values: s.currentValues ? s.currentValues() : null, orbitFrames: s.orbitFrames || 0,
          panels: s.scene ? s.scene.panels.map(p => p.kind) : []};
}"""

_LIVE_HASH_JS = """(root) => {
  const c = root.querySelector('.rbteach-live-canvas'); const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let h = 2166136261 >>> 0;
  for (let i = 0; i < d.length; i += 4) h = Math.imul(h ^ d[i] ^ (d[i+1] << 8) ^ (d[i+2] << 16), 16777619) >>> 0;
  return h.toString(16);
}"""

_LIVE_INK_JS = """(root) => {
  const c = root.querySelector('.rbteach-live-canvas'); const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let ink = 0;
  for (let i = 0; i < d.length; i += 4) if (d[i] < 200 || d[i+1] < 200 || d[i+2] < 200) ink++;
  return ink;
}"""


def wait_for_live(page, index: int = 0, timeout: float = 120.0):
    """Scroll to the ``index``-th live explorer; wait for its first picture; return its root."""
    scroll_to(page, ".rbteach-live .rbteach-live-canvas", timeout, index=index)
    root = page.locator(".rbteach-live").nth(index)
    root.scroll_into_view_if_needed()
    wait_until(lambda: live_state(root)["frames"] > 0, timeout, "the live explorer never drew a picture")
    return root


def live_state(root) -> dict:
    return root.evaluate(_LIVE_STATE_JS)


def live_hash(root) -> str:
    return root.evaluate(_LIVE_HASH_JS)


def live_ink(root) -> int:
    return root.evaluate(_LIVE_INK_JS)


def live_panels(root) -> list[str]:
    return live_state(root)["panels"]


def live_settled(root, timeout: float = 15.0) -> dict:
    """Wait until no request is in flight or waiting and the last answer is for the current values."""
    deadline = time.monotonic() + patience(timeout)
    st = live_state(root)
    while time.monotonic() < deadline:
        st = live_state(root)
        if st["inflight"] == 0 and not st["pending"] and st["frames"] > 0 and st["shown"] == st["seq"]:
            return st
        time.sleep(0.03)
    return st


def live_slider(root):
    return root.locator("input.rbteach-live-slider").first


def live_press(root, key: str = "ArrowRight", times: int = 1) -> None:
    s = live_slider(root)
    s.focus()
    for _ in range(times):
        s.press(key)


def live_drag(page, root, fraction: float = 0.25, moves: int = 30, hz: float = 60.0) -> float:
    """Drag the main slider's thumb by ``fraction`` of its track with the mouse, ``moves`` steps at
    ``hz``; returns the time (page clock, ms) of the last move. Moves left when there is no room."""
    s = live_slider(root)
    lo, hi = float(s.get_attribute("min")), float(s.get_attribute("max"))
    def aimed():                        # the slider in the middle of the view, nothing over its thumb
        s.evaluate("e => e.scrollIntoView({block: 'center'})")
        box = s.bounding_box()
        v = float(s.input_value())
        x = box["x"] + 8 + (v - lo) / (hi - lo) * (box["width"] - 16)
        y = box["y"] + box["height"] / 2
        if s.evaluate("(e, p) => document.elementFromPoint(p[0], p[1]) === e", [x, y]) and box == s.bounding_box():
            return box, x, y
        return None

    box, x, y = wait_until(aimed, 10, "the live slider's thumb never came clear in the view")
    dx = fraction * box["width"] * (1 if x + fraction * box["width"] < box["x"] + box["width"] - 8 else -1)
    page.mouse.move(x, y)
    page.mouse.down()
    t_next = time.perf_counter()
    for i in range(1, moves + 1):
        page.mouse.move(x + dx * i / moves, y)
        t_next += 1.0 / hz
        pause = t_next - time.perf_counter()
        if pause > 0:
            time.sleep(pause)
    last = page.evaluate("() => performance.now()")
    page.mouse.up()
    return last


def _panel_centre(root, index: int, n: int):
    canvas = root.locator(".rbteach-live-canvas").first
    canvas.scroll_into_view_if_needed()
    c = canvas.bounding_box()
    b = root.evaluate("(r, i) => r.parentElement.rbteachLive.boxes()[i]", index)   # picture units
    k = root.evaluate("r => r.parentElement.rbteachLive.fit.scale")                  # CSS px per unit
    return c["x"] + k * (b[0] + b[2] / 2), c["y"] + k * (b[1] + b[3] / 2)


def live_orbit(page, root, index: int, n: int) -> None:
    """Drag the mouse across 3-D panel ``index`` (of ``n``, equal widths assumed for the aim)."""
    x, y = _panel_centre(root, index, n)
    before = live_state(root)["orbitFrames"]
    page.mouse.move(x, y)
    page.mouse.down()
    for i in range(1, 11):
        page.mouse.move(x + 8 * i, y + 3 * i)
    page.mouse.up()
    # the page repaints on its next animation frame; wait for the repaint after the last move
    wait_until(lambda: live_state(root)["orbitFrames"] > before, 5, "dragging a 3-D panel repainted nothing")
    next_frames(page)                                 # a repaint queued by the last move has happened


def next_frames(page, n: int = 2) -> None:
    """Wait until the page has drawn ``n`` more animation frames (what it queued is on screen)."""
    page.evaluate("n => new Promise(done => { const f = (k) => k ? requestAnimationFrame(() => f(k - 1)) : done(); f(n); })", n)


def live_reset_view(page, root, index: int, n: int) -> None:
    x, y = _panel_centre(root, index, n)
    before = root.evaluate("r => r.parentElement.rbteachLive.resets || 0")
    page.mouse.dblclick(x, y)
    wait_until(lambda: root.evaluate("r => r.parentElement.rbteachLive.resets || 0") > before, 5,
               "a double-click on a 3-D panel did not reset it")


@contextlib.contextmanager
def static_server(directory):
    """Serve ``directory`` on 127.0.0.1 (Python's http.server) until the block ends; yield its base URL."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                             "--directory", str(directory)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + patience(20)
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(base + "/index.html", timeout=1).close()
            break
        except OSError:
            time.sleep(0.1)
    try:
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=10)
