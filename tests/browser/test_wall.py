"""The explorer wall (``make explorers``): notebooks/explorers.ipynb served by Voilà, as the Makefile
starts it (127.0.0.1, a token), opened in Chromium. The page shows no code, every explorer of the
collection draws its picture, and every one answers its main control with rbteach's summary for the
new value. A request without the token is refused."""

from __future__ import annotations

import importlib
import re
import secrets
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

import labdriver
from _view_js import MONOSPACE_JS

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
WALL = ROOT / "notebooks" / "explorers.ipynb"


def _makefile_flags() -> list[str]:
    make = (ROOT / "Makefile").read_text()
    flags = re.search(r"^WALL_FLAGS = (.*)$", make, re.M).group(1).split()
    assert "--Voila.ip=127.0.0.1" in flags and "--token" in flags
    return [f for f in flags if not f.startswith("--Voila.port=") and f != "--token"]


@pytest.fixture(scope="module")
def wall(chromium, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("wall")
    shutil.copy(WALL, tmp / WALL.name)
    env = labdriver.isolated_env(tmp)
    # as `make explorers` serves it: the course's copy of Voilà's template (no CDN links)
    env["JUPYTER_PATH"] = str(ROOT / "share" / "jupyter")
    port, token = labdriver.free_port(), secrets.token_hex(16)
    cmd = [str(Path(sys.executable).parent / "voila"), WALL.name, "--template=rbteach", *_makefile_flags(),
           f"--Voila.port={port}", f"--token={token}"]
    log = open(tmp / "voila.log", "wb")
    proc = subprocess.Popen(cmd, cwd=tmp, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + labdriver.patience(60)
    while time.monotonic() < deadline:
        assert proc.poll() is None, (tmp / "voila.log").read_text()[-2000:]
        try:
            urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=1).close()
            break
        except urllib.error.HTTPError:
            break
        except OSError:
            time.sleep(0.2)
    try:
        yield base, token
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def test_wall_lists_every_explorer():
    text = WALL.read_text(encoding="utf-8")
    mods = sorted(p.stem for p in (ROOT / "rbteach" / "explorers").glob("nb[0-9][0-9].py"))
    for m in mods:
        assert f"live({m})" in text, f"the wall does not show {m}"


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def test_wall_needs_its_token(wall):
    """Without the token the page is not served: a refusal or a redirect to the login page."""
    base, token = wall
    opener = urllib.request.build_opener(_NoRedirect)
    with pytest.raises(urllib.error.HTTPError) as refused:
        opener.open(base + "/", timeout=30)
    assert refused.value.code in (401, 403) or (
        refused.value.code == 302 and "/login" in refused.value.headers.get("Location", ""))
    with opener.open(f"{base}/?token={token}", timeout=120) as ok:   # with it, the wall
        assert ok.status == 200


def test_every_explorer_on_the_wall_answers_its_main_control(wall, browser_context, screenshot_dir):
    base, token = wall
    mods = sorted(p.stem for p in (ROOT / "rbteach" / "explorers").glob("nb[0-9][0-9].py"))
    page = browser_context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{base}/?token={token}", timeout=labdriver.patience(180) * 1000)
        page.wait_for_function(f"() => document.querySelectorAll('.rbteach-live-canvas').length >= {len(mods)}",
                               timeout=labdriver.patience(180) * 1000)
        body = page.locator("body").inner_text()
        assert "from rbteach" not in body and "live(nb" not in body, "the wall shows code"
        # untouched, an explorer asks the kernel for its first picture and nothing more (no prefetch
        # before the pointer, the focus or a control comes to it: the wall's twelve would otherwise
        # make the kernel compute every main slider's whole range)
        roots = [page.locator(".rbteach-live").nth(i) for i in range(len(mods))]
        for name, root in zip(mods, roots):
            labdriver.wait_until(lambda: root.evaluate("r => r.parentElement.rbteachLive.frames > 0"), 120,
                                 f"{name}: no first picture on the wall")
        sent = [root.evaluate("r => [r.parentElement.rbteachLive.batches, r.parentElement.rbteachLive.armed]")
                for root in roots]
        assert all(b == 0 and not armed for b, armed in sent), f"untouched explorers prefetched: {dict(zip(mods, sent))}"
        for i, name in enumerate(mods):
            mod = importlib.import_module(f"rbteach.explorers.{name}")
            root = page.locator(".rbteach-live").nth(i)
            root.scroll_into_view_if_needed()
            st0 = labdriver.live_settled(root, timeout=60)
            assert st0["summary"] == mod.summary(**mod.DEFAULTS), f"{name}: {st0['summary']!r}"
            labdriver.live_press(root, "ArrowRight", 2)
            st = labdriver.live_settled(root)
            assert st["frames"] > st0["frames"] and st["lastValues"] != st0["lastValues"], f"{name}: did not answer"
            assert st["summary"] == mod.summary(**st["lastValues"]), f"{name}: {st['summary']!r}"
            # the summary's matrix rows line up: a monospace font on the wall too (teacher's problem 4)
            mono = root.locator(".rbteach-live-summary").first.evaluate(MONOSPACE_JS)
            assert abs(mono["narrow"] - mono["wide"]) <= 0.5, f"{name}: the summary is not monospace on the wall ({mono})"
        page.screenshot(path=str(screenshot_dir / "explorer-wall.png"))
        assert not errors, errors[:3]
    finally:
        page.close()
