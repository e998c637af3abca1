"""Fixtures for the browser tests: one JupyterLab server and one headless Chromium per session.

Without Debian's chromium the browser tests are skipped with a plain message, except under CI
(``CI`` set), where a missing browser is a failure: `.ci/run` installs it.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import nbformat
import pytest

import labdriver

NEGATIVE_CONTROL = "negative_control.ipynb"
NEGATIVE_SOURCE = '''\
import ipywidgets as w
import matplotlib.pyplot as plt
from rbteach.explorers import build

def draw(**values):  # ignores the slider on purpose
    fig, ax = plt.subplots(figsize=(4, 3))
    ax.set_title("the title changes: a = %.1f" % values["a"])
    ax.plot([0, 1], [0, 1])
    return fig

def summary(**values):
    return "constant"

build(draw, summary, {"a": w.FloatSlider(value=1.0, min=0.0, max=2.0, step=0.1, continuous_update=False)})
'''


def _negative_control_notebook(directory: Path) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nb.cells = [nbformat.v4.new_markdown_cell("# Negative control: an explorer that ignores its slider"),
                nbformat.v4.new_code_cell(NEGATIVE_SOURCE)]
    path = directory / NEGATIVE_CONTROL
    nbformat.write(nb, path)
    return path


@pytest.fixture(scope="session")
def chromium():
    exe = labdriver.chromium_path()
    if exe is None:
        if os.environ.get("CI"):
            pytest.fail("Debian's chromium is missing under CI: .ci/run (make test) must install it")
        pytest.skip("browser tests skipped: Debian's chromium is not installed "
                    "(sudo apt-get install chromium, then make test again)")
    return exe


@pytest.fixture(scope="session")
def lab(chromium, tmp_path_factory):
    extra = _negative_control_notebook(tmp_path_factory.mktemp("fixture-notebooks"))
    with labdriver.running_lab(extra_files=[extra]) as server:
        yield server


@pytest.fixture(scope="session")
def browser_context(chromium):
    with labdriver.chromium_context() as ctx:
        yield ctx


@pytest.fixture
def page(browser_context, lab):
    """A fresh page that records uncaught JavaScript errors in ``page.js_errors``."""
    pg = browser_context.new_page()
    pg.js_errors = []
    pg.on("pageerror", lambda exc: pg.js_errors.append(str(exc)))
    yield pg
    pg.close()
    labdriver.shutdown_kernels(lab)


@pytest.fixture(scope="session")
def screenshot_dir():
    d = Path(os.environ.get("RBTEACH_SCREENSHOTS", Path(tempfile.gettempdir()) / "rbteach-screenshots"))
    d.mkdir(parents=True, exist_ok=True)
    return d
