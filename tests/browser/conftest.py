"""Fixtures for the browser tests: one JupyterLab server and one headless Chromium per worker process, one teacher site per run.

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
NEGATIVE_MODULE = "negative_control_explorer.py"
NEGATIVE_SOURCE = '''\
import numpy as np
import ipywidgets as w
from rbteach.explorers import live as L

DEFAULTS = {"a": 1.0}

def controls():
    return {"a": w.FloatSlider(value=1.0, min=0.0, max=2.0, step=0.1, description="a")}

def summary(a):
    return "a = %.1f" % a          # the summary follows the control ...

def scene(a):                      # ... the picture does not, on purpose
    x = np.linspace(0, 1, 5)
    return {"panels": [L.xy([L.series(x, x, color="#0072B2")], xlim=(0, 1), ylim=(0, 1))]}
'''


class NegativeControl:
    """The same explorer, for the test's own expectations."""
    DEFAULTS = {"a": 1.0}

    @staticmethod
    def summary(a):
        return "a = %.1f" % a


def _negative_control_notebook(directory: Path) -> list[Path]:
    (directory / NEGATIVE_MODULE).write_text(NEGATIVE_SOURCE)
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nb.cells = [nbformat.v4.new_markdown_cell("# Negative control: an explorer whose picture ignores its control"),
                nbformat.v4.new_code_cell("import negative_control_explorer as nc\nfrom rbteach.explorers.live import live\nlive(nc)")]
    path = directory / NEGATIVE_CONTROL
    nbformat.write(nb, path)
    return [path, directory / NEGATIVE_MODULE]


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
    with labdriver.running_lab(extra_files=extra) as server:
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


#: The Binder links' repository in the tests' site (pyproject's ``[tool.rbteach] repository`` may be empty).
TEST_REPOSITORY = "rbteach-tests/rbteach"


@pytest.fixture(scope="session")
def teacher_site(tmp_path_factory, chromium):
    """The website's teacher edition (worked solutions folded), built once for the whole run
    (test_site and test_site_explorers read it, test_pdf prints it), with the JupyterLite build of
    the same edition in its ``lite/`` folder (downloads cached in $TMPDIR/rbteach-lite-cache, as
    test_lite) and Binder links to :data:`TEST_REPOSITORY`. Returns its ``html`` folder.

    Under pytest-xdist the first worker to ask builds it in the run's shared temporary folder while
    holding a lock; the others wait for the lock and read the same build (tests only read it)."""
    import fcntl
    import sys

    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    done = shared / "teacher-site.done"
    with open(shared / "teacher-site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            root = Path(__file__).resolve().parents[2]
            sys.path.insert(0, str(root / "site"))
            sys.path.insert(0, str(root / "lite"))
            import build_lite
            import build_site

            out = shared / "teacher-site"
            (out / "lite").mkdir(parents=True, exist_ok=True)
            (out / "site").mkdir(parents=True, exist_ok=True)
            lite = build_lite.build(out / "lite" / "site", Path(tempfile.gettempdir()) / "rbteach-lite-cache",
                                    "teacher")
            html = build_site.build(out / "site", "teacher", lite=lite, repository=TEST_REPOSITORY)
            done.write_text(str(html), encoding="utf-8")
    return Path(done.read_text(encoding="utf-8"))
