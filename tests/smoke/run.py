"""The smoke suite: a fresh install of ``.[lab]`` from the lock on another interpreter.

Run by ``make smoke`` (and so by ``make test`` and CI) with the interpreter to check, e.g. Debian
12's ``/usr/bin/python3`` (3.11.2), while the full suite runs on the venv's Python::

    /usr/bin/python3 tests/smoke/run.py [--installer uv --uv .venv/bin/uv] [--keep]

It needs only the standard library of that interpreter. Nothing is written into the repository:
the package's files and notebooks 00 and 05 are copied to a temporary directory, the venv is made in
``build/smoke/<python version>`` (git-ignored, made fresh each run) and the package is installed
from the copy, *not* editable, so the wheel's contents (the explorers' JavaScript) are checked too.
Then, with the venv's Python:

1. ``import rbteach`` and its explorers' JavaScript is found in the installed package;
2. every installed distribution that the lock pins has the lock's version on this Python, and its
   ``Requires-Python`` admits this interpreter (``tests/lockcheck.py``);
3. notebooks 00 and 05 run top to bottom in a kernel of that venv (nbclient), with no error output.

It ends with the line ``smoke: N passed, N failed`` and exits non-zero on any failure.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STEPS = 5
NOTEBOOKS = ("00_index_and_conventions.ipynb", "05_quaternions.ipynb")

RUN_NOTEBOOKS = r"""
import sys, nbformat
from nbclient import NotebookClient
for path in sys.argv[1:]:
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": "."}}).execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
              if o.get("output_type") == "error"]
    code = sum(c.cell_type == "code" for c in nb.cells)
    assert not errors, f"{path}: {errors[0].get('ename')}: {errors[0].get('evalue')}"
    print(f"{path}: {code} code cells ran, no error")
"""

IMPORT = r"""
import importlib.resources, sys, rbteach, rbteach.explorers.live
js = [p.name for p in importlib.resources.files("rbteach.explorers").iterdir() if p.name.endswith(".js")]
assert js, "the installed package has no explorer JavaScript"
assert "site-packages" in rbteach.__file__, rbteach.__file__
print("import rbteach from", rbteach.__file__, "with", ", ".join(sorted(js)))
"""


def _run(cmd, **kw):
    print("+", " ".join(str(c) for c in cmd), flush=True)
    return subprocess.run([str(c) for c in cmd], **kw)


def _copy_project(dest: Path) -> None:
    """What a build of the package needs, and the two notebooks (never the repository itself)."""
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, dest / name)
    shutil.copytree(ROOT / "rbteach", dest / "rbteach", ignore=shutil.ignore_patterns("__pycache__"))
    (dest / "notebooks").mkdir()
    for name in NOTEBOOKS:
        shutil.copy2(ROOT / "notebooks" / name, dest / "notebooks" / name)
    shutil.copy2(ROOT / "constraints.txt", dest / "constraints.txt")
    shutil.copy2(ROOT / "tests" / "lockcheck.py", dest / "lockcheck.py")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--installer", choices=("uv", "pip"), default="pip")
    ap.add_argument("--uv", default=None, help="the uv executable (with --installer uv)")
    ap.add_argument("--keep", action="store_true", help="keep the venv in build/smoke")
    args = ap.parse_args(argv)

    version = platform.python_version()
    # (a regular expression, not tomllib: an interpreter below the range may have no tomllib)
    found = re.search(r'^requires-python\s*=\s*"([^"]*)"', (ROOT / "pyproject.toml").read_text(encoding="utf-8"), re.M)
    requires = found.group(1) if found else "?"
    m = re.fullmatch(r">=\s*(\d+)\.(\d+)", requires.strip())
    if m is None:
        raise SystemExit(f"tests/smoke/run.py reads requires-python '>=X.Y' only, not {requires!r}")
    if sys.version_info[:2] < (int(m.group(1)), int(m.group(2))):
        print(f"NOTE: {sys.executable} is Python {version}, outside requires-python {requires}: no smoke suite on it")
        return 0
    print(f"== smoke suite on {sys.executable} (CPython {version})", flush=True)
    venv = ROOT / "build" / "smoke" / version
    shutil.rmtree(venv, ignore_errors=True)
    venv.parent.mkdir(parents=True, exist_ok=True)
    results: list[tuple[str, bool, float]] = []

    with tempfile.TemporaryDirectory(prefix="rbteach-smoke-") as tmp:
        src = Path(tmp)
        _copy_project(src)
        env = dict(os.environ, PYTHONNOUSERSITE="1", MPLBACKEND="Agg",
                   JUPYTER_CONFIG_DIR=str(src / ".jupyter"), JUPYTER_DATA_DIR=str(src / ".jupyter-data"),
                   JUPYTER_RUNTIME_DIR=str(src / ".jupyter-runtime"), IPYTHONDIR=str(src / ".ipython"),
                   MPLCONFIGDIR=str(src / ".mpl"))
        env.pop("PYTHONPATH", None)
        py = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")

        def step(name, cmd, **kw):
            t0 = time.monotonic()
            ok = _run(cmd, env=env, **kw).returncode == 0
            results.append((name, ok, time.monotonic() - t0))
            print(f"{'PASSED' if ok else 'FAILED'}: {name} ({time.monotonic() - t0:.1f} s)", flush=True)
            return ok

        if args.installer == "uv":
            if not args.uv:
                ap.error("--installer uv needs --uv PATH")
            make_venv = [args.uv, "venv", "--quiet", "--python", sys.executable, venv]
            install = [args.uv, "pip", "install", "--quiet", "--compile-bytecode", "--python", py,
                       "-c", src / "constraints.txt", f"{src}[lab]"]
        else:
            make_venv = [sys.executable, "-m", "venv", venv]
            install = [py, "-m", "pip", "install", "--quiet", "-c", src / "constraints.txt", f"{src}[lab]"]
        ok = (step(f"a fresh venv on CPython {version}", make_venv)
              and step("install .[lab] from constraints.txt", install))
        if ok:
            step("import rbteach (installed, with its JavaScript)", [py, "-c", IMPORT], cwd=src / "notebooks")
            step("the lock's versions and Requires-Python hold on this Python",
                 [py, src / "lockcheck.py", src / "constraints.txt"], cwd=src / "notebooks")
            step("notebooks 00 and 05 run without an error", [py, "-c", RUN_NOTEBOOKS, *NOTEBOOKS],
                 cwd=src / "notebooks")
    if not args.keep:
        shutil.rmtree(venv, ignore_errors=True)

    passed = sum(ok for _, ok, _ in results)
    failed = STEPS - passed  # a step not reached counts as failed
    print(f"smoke suite on CPython {version} took {sum(t for _, _, t in results):.0f} s")
    print(f"smoke: {passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
