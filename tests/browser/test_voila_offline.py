"""The explorer wall with nothing from the internet: Voilà's "lab" template links Font Awesome's
stylesheets from cdn.jsdelivr.net (hard-coded in its ``notebook_css`` block; no Voilà setting
removes them). The course's template ``rbteach`` (share/jupyter/voila/templates/rbteach, found
through ``JUPYTER_PATH``) is that template without the two links; the wall uses no icon.

Served as ``make explorers`` serves it plus ``--template=rbteach``, opened in Chromium with every
request recorded (those leaving 127.0.0.1 aborted): the explorers draw, and no request leaves
127.0.0.1. Control: the page Voilà serves with its default template does link the CDN."""

from __future__ import annotations

import os
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

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
WALL = ROOT / "notebooks" / "explorers.ipynb"
TEMPLATES = ROOT / "share" / "jupyter"
LOCAL = re.compile(r"^(http://127\.0\.0\.1[:/]|data:|blob:|about:)")


def _flags() -> list[str]:
    make = (ROOT / "Makefile").read_text()
    flags = re.search(r"^WALL_FLAGS = (.*)$", make, re.M).group(1).split()
    return [f for f in flags if not f.startswith("--Voila.port=") and f != "--token"]


def _serve(tmp: Path, template: str | None):
    shutil.copy(WALL, tmp / WALL.name)
    env = labdriver.isolated_env(tmp)
    env["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(TEMPLATES), env.get("JUPYTER_PATH")]))
    port, token = labdriver.free_port(), secrets.token_hex(16)
    cmd = [str(Path(sys.executable).parent / "voila"), WALL.name, *_flags(), f"--Voila.port={port}",
           f"--token={token}"] + ([f"--template={template}"] if template else [])
    log = open(tmp / "voila.log", "wb")
    proc = subprocess.Popen(cmd, cwd=tmp, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + labdriver.patience(60)
    while time.monotonic() < deadline:
        assert proc.poll() is None, (tmp / "voila.log").read_text()[-2000:]
        try:
            urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2).close()
            break
        except urllib.error.HTTPError:
            break
        except OSError:
            time.sleep(0.2)
    return proc, log, base, token


def _stop(proc, log):
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    log.close()


def _page_html(base: str, token: str) -> str:
    # the page streams while the notebook runs: read it whole (generous: a loaded machine)
    with urllib.request.urlopen(f"{base}/?token={token}", timeout=300) as r:
        return r.read().decode("utf-8", errors="replace")


def test_default_template_links_the_cdn(chromium, tmp_path):
    """The control: what the check below would catch."""
    proc, log, base, token = _serve(tmp_path, None)
    try:
        assert "cdn.jsdelivr.net/npm/@fortawesome" in _page_html(base, token)
    finally:
        _stop(proc, log)


def test_the_wall_asks_nothing_of_any_other_host(chromium, browser_context, tmp_path):
    proc, log, base, token = _serve(tmp_path, "rbteach")
    outside, failed = [], []
    route = lambda r: (outside.append(r.request.url), r.abort())  # noqa: E731
    pattern = re.compile(r"^(?!http://127\.0\.0\.1[:/])[a-z]+://.*")
    browser_context.route(pattern, route)
    page = browser_context.new_page()
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    try:
        page.goto(f"{base}/?token={token}", timeout=300_000)
        page.locator(".rbteach-live-canvas").first.wait_for(timeout=300_000)
        html = page.content()
        assert "cdn.jsdelivr.net" not in html, "the page still links the CDN"
        assert "Hide empty cells" in html, "the template lost the rest of Voilà's lab styles"
        page.wait_for_function("() => document.querySelectorAll('.rbteach-live-canvas').length >= 10",
                               timeout=300_000)
        assert outside == [], f"requests outside 127.0.0.1: {outside[:5]}"
        assert not [f for f in failed if "favicon" not in f], failed[:5]
    finally:
        page.close()
        browser_context.unroute(pattern, route)
        _stop(proc, log)
