"""The live explorers' prefetch and cache, in a default JupyterLab (rbteach.explorers.live): after
the kernel's first answer the page asks, in one message, for the main control's slider steps around
its value; once they are in (a condition, waited for with a generous deadline), moving the main
control by a step draws a new picture with NO request to the kernel (the page counts what it
sends; prefetch batches around the new value may go on meanwhile), and that picture is rbteach's for exactly the values shown: its summary is
``module.summary(**values)``. Without the cache every step is a round trip to the kernel and the
count of messages sent grows. The prefetch starts at a sign of interest (here the pointer over the
explorer); test_wall checks that untouched explorers ask for nothing more.

:func:`check_prefetch` runs in ``test_explorers.py::test_notebook_in_lab``, after the notebook's one
Run All and its explorer's own check.
"""

from __future__ import annotations

import importlib

import pytest

import labdriver

pytestmark = pytest.mark.browser

#: a plain slider (02), a 3-D explorer with solid bodies (07), a log slider (09)
NOTEBOOKS = ["02_principal_axes.ipynb", "07_torque_free_euler.ipynb", "09_integrator_lab.ipynb"]

_NEXT_CACHED_JS = """(r, [key, steps]) => {
  const st = r.parentElement.rbteachLive, s = r.querySelector('input.rbteach-live-slider');
  const lo = +s.min, hi = +s.max, step = +s.step, v = st.currentValues();
  const c = st.spec.controls.find((c) => c.name === key);
  const k = Math.round((+s.value - lo) / step);
  return steps.every((d) => {
    const kk = k + d;
    if (lo + kk * step > hi + 1e-9 || kk < 0) return true;           // beyond an end: nothing to draw
    const x = Number((kk * step + lo).toFixed(10));
    v[key] = c.kind === 'log' ? Number(Math.pow(c.base, x).toPrecision(12)) : (c.kind === 'int' ? Math.round(x) : x);
    return st.cached(v);
  });
}"""


def _counts(root) -> dict:
    return root.evaluate("r => { const s = r.parentElement.rbteachLive; "
                         "return {sent: s.sent, requests: s.requests, hits: s.cacheHits, frames: s.frames, batches: s.batches}; }")


def test_the_notebooks_are_checked_in_lab():
    from test_explorers import EXPLORER_NOTEBOOKS

    assert set(NOTEBOOKS) <= {p.name for p in EXPLORER_NOTEBOOKS}


def check_prefetch(page, name: str) -> None:
    """A step of the main control is drawn from the prefetched answers (the module docstring), in a
    page where notebook ``name`` ran and its explorer answered."""
    module = importlib.import_module(f"rbteach.explorers.nb{name[:2]}")
    main = next(iter(module.controls()))
    root = labdriver.wait_for_live(page)
    labdriver.live_settled(root, timeout=30)
    root.hover()                         # interest: the prefetch starts (it may have already)
    # the prefetch: one step either way is in the page's cache, asked for in batches
    labdriver.wait_until(lambda: root.evaluate(_NEXT_CACHED_JS, [main, [1, -1, 2]]), 60,
                         f"{name}: the steps next to the main control's value were never prefetched")
    assert _counts(root)["batches"] >= 1
    for key, presses in (("ArrowRight", 1), ("ArrowRight", 1), ("ArrowLeft", 1)):
        labdriver.wait_until(lambda: root.evaluate(_NEXT_CACHED_JS, [main, [1, -1]]), 60,
                             f"{name}: the next steps were never prefetched")
        before, h0 = _counts(root), labdriver.live_hash(root)
        labdriver.live_press(root, key, presses)
        labdriver.wait_until(lambda: _counts(root)["frames"] > before["frames"], 15, f"{name}: no new picture after {key}")
        st = labdriver.live_settled(root, timeout=15)
        after = _counts(root)
        # prefetch batches may go on meanwhile (around the new value); no request for the step itself
        assert after["requests"] == before["requests"], \
            f"{name}: {key} sent {after['requests'] - before['requests']} request(s) to the kernel"
        assert after["hits"] > before["hits"]
        assert labdriver.live_hash(root) != h0, f"{name}: the picture did not change after {key}"
        assert st["lastValues"] == st["values"], f"{name}: the picture is for {st['lastValues']}, the controls say {st['values']}"
        expected = module.summary(**st["lastValues"])
        assert st["summary"] == expected, f"{name}: printed {st['summary']!r}, rbteach computes {expected!r}"
    assert page.js_errors == [], f"{name}: JavaScript errors {page.js_errors}"
