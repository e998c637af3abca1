"""Stored outputs do not depend on the CPU: strict nbval again under other OpenBLAS kernels.

numpy's OpenBLAS picks a kernel for the CPU it runs on; ``OPENBLAS_CORETYPE`` forces another. Each
notebook is compared with its stored outputs (strict nbval, the suite's own settings) in a kernel
started under each of :data:`KERNELS`, besides the default kernel of the main run:

* on x86-64, ``Prescott`` (SSE3 only: runs on any x86-64 CPU) and the widest other kernel this CPU
  can run: ``SkylakeX`` (AVX-512) or else ``Sandybridge`` (AVX);
* on ARM, ``ARMV8``.

``RBTEACH_OTHER_KERNELS`` (space-separated) chooses others. Each (kernel, notebook) pair is one test,
so that pytest-xdist spreads them over the workers with the rest of the suite. Before the notebook
runs, OpenBLAS must report the kernel it runs (``OPENBLAS_VERBOSE=2``): a name it does not know would
otherwise fall back to the default silently.
"""

from __future__ import annotations

import os
import platform
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def _cpu_flags() -> set[str]:
    try:
        text = Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return set()
    m = re.search(r"^flags\s*:(.*)$", text, re.M)
    return set(m.group(1).split()) if m else set()


def other_kernels() -> list[str]:
    """The OpenBLAS kernels besides the default one (see the module docstring)."""
    chosen = os.environ.get("RBTEACH_OTHER_KERNELS")
    if chosen is not None:
        return chosen.split()
    if platform.machine() in ("x86_64", "AMD64"):
        flags = _cpu_flags()
        wide = "SkylakeX" if "avx512f" in flags else "Sandybridge" if "avx" in flags else None
        return ["Prescott"] + ([wide] if wide else [])
    return ["ARMV8"]


KERNELS = other_kernels()


def _env(kernel: str) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_XDIST", "PYTEST_CURRENT"))}
    env["OPENBLAS_CORETYPE"] = kernel
    return env


@pytest.fixture(scope="module", params=KERNELS)
def kernel(request):
    """The kernel's name, once OpenBLAS has reported that it runs it."""
    probe = subprocess.run([sys.executable, "-c", "import numpy"], env=dict(_env(request.param), OPENBLAS_VERBOSE="2"),
                           capture_output=True, text=True, timeout=120)
    core = re.search(r"^Core: (\S+)", probe.stdout + probe.stderr, re.M)
    assert core, f"OpenBLAS did not report its kernel under OPENBLAS_CORETYPE={request.param}"
    return request.param


def test_the_kernels_are_known():
    assert KERNELS and all(re.fullmatch(r"[A-Za-z0-9]+", k) for k in KERNELS)


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_stored_outputs_under_another_openblas_kernel(kernel, notebook):
    # no hypothesis plugin: importing hypothesis was 2 of the 3.5 s this pytest took to start
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-p", "no:xdist",
                          "-p", "no:hypothesispytest", str(notebook.relative_to(ROOT))], cwd=ROOT, env=_env(kernel),
                         capture_output=True, text=True, timeout=1800)
    tail = run.stdout[-4000:] + run.stderr[-2000:]
    assert run.returncode == 0, f"{notebook.name} under OPENBLAS_CORETYPE={kernel}:\n{tail}"
    assert re.search(r"\d+ passed", run.stdout) and " failed" not in run.stdout, tail
