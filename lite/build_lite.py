"""Build the class-without-installs site (``make lite``): JupyterLite with the Pyodide kernel.

A static site: the notebooks open and run in the reader's browser (Python compiled to WebAssembly),
with nothing installed and no server beyond one that hands out files. The site serves itself:

* the JupyterLite app, built by ``jupyter lite build`` (the ``lite`` extra, versions in constraints.txt);
* the Pyodide core (``pyodide.mjs``, ``pyodide.asm.wasm``, ``python_stdlib.zip``) from the npm
  package ``pyodide`` (lite/package.json: the version jupyterlite-pyodide-kernel expects);
* the pure-Python wheels the kernel and the course need (sympy, mpmath, ipywidgets, anywidget, the
  kernel's IPython, ... and rbteach, built from this repository), downloaded from PyPI at the
  versions of constraints.txt (Pyodide's own version for the few not in it) and listed with their
  local file name and sha256 in the site's ``pyodide-lock.json``; rbteach (with anywidget),
  ipywidgets and sympy are preloaded when the kernel starts (lite/jupyter-lite.json), and the
  kernel never falls back to PyPI.

numpy and matplotlib are compiled for WebAssembly by the Pyodide project and published only on its
CDN (not on PyPI, not in the npm package): their entries, and every other package the site does not
hold, keep Pyodide's own wheel and sha256 with an absolute URL to that CDN, so a reader's browser
fetches them (with internet) the first time a cell imports them. In the site's copies (notebooks/
is not touched), every notebook names the site's kernel and starts with one more code cell, tagged
``lite-only``: it imports numpy and matplotlib (which makes the kernel load them) and, when they do
not load (no internet), stops with one line saying why, instead of a bare ``ModuleNotFoundError``
from ``%matplotlib inline``.

Usage: python lite/build_lite.py [OUT] [--cache DIR]
  OUT    the site (default build/lite): serve it with any static web server, e.g.
         python -m http.server -d build/lite --bind 127.0.0.1 8000  →  http://127.0.0.1:8000/
  DIR    downloads and the npm install, kept between builds (default build/lite-cache)
"""

from __future__ import annotations

import argparse
import ast
import email.parser
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LITE = ROOT / "lite"
NOTEBOOKS = ROOT / "notebooks"

#: where Pyodide publishes the packages this site does not hold (numpy, matplotlib, ...)
PYODIDE_CDN = "https://cdn.jsdelivr.net/pyodide/v{version}/full/"
#: what the kernel installs when it starts (jupyterlite-pyodide-kernel's worker: micropip, then
#: piplite.install of these), besides the preloaded packages of jupyter-lite.json
KERNEL_PACKAGES = ["micropip", "comm", "ipython", "jedi"]
#: the course's own packages, served by the site (their dependencies follow from their metadata)
COURSE_PACKAGES = ["rbteach", "sympy", "mpmath", "ipywidgets", "anywidget"]
#: the marker environment of Pyodide's Python (PEP 508), to read the wheels' Requires-Dist
PYODIDE_MARKERS = {"sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
                   "platform_machine": "wasm32", "implementation_name": "cpython",
                   "platform_python_implementation": "CPython", "extra": ""}
#: the Pyodide kernel of the site, named in the site's copies of the notebooks
KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
#: what a reader without internet sees instead of "No module named 'matplotlib'"
OFFLINE_MESSAGE = ("numpy and matplotlib did not load: in JupyterLite they come from Pyodide's CDN "
                   "(cdn.jsdelivr.net) on first use, which needs internet. Connect, then run this cell again.")
#: the site's first code cell of every notebook (tag ``lite-only``)
GUARD_TAG = "lite-only"
GUARD_SOURCE = f"""\
# In the browser (JupyterLite), numpy and matplotlib load from Pyodide's CDN on first use: this needs internet.
try:
    import numpy, matplotlib
except ImportError:
    raise ModuleNotFoundError({OFFLINE_MESSAGE!r}) from None
"""
PURE = re.compile(r"-(py3|py2\.py3)-none-any\.whl$")


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def run(cmd, **kw) -> None:
    subprocess.run([str(c) for c in cmd], check=True, **kw)


def locked_versions() -> dict[str, str]:
    """constraints.txt as {canonical name: version}."""
    pins = {}
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        m = re.match(r"^([A-Za-z0-9_.\-]+)==([^\s;#]+)", line)
        if m:
            pins[canonical(m.group(1))] = m.group(2)
    return pins


def pyodide_core(cache: Path) -> Path:
    """The npm package ``pyodide`` at lite/package-lock.json's version (``npm ci`` when it changed)."""
    npm_dir = cache / "npm"
    core = npm_dir / "node_modules" / "pyodide"
    lock = (LITE / "package-lock.json").read_text(encoding="utf-8")
    stamp = npm_dir / "package-lock.json"
    if not (core / "pyodide.asm.wasm").exists() or not stamp.exists() or stamp.read_text(encoding="utf-8") != lock:
        if shutil.which("npm") is None:
            raise SystemExit("npm is needed to build the JupyterLite site (make lite installs it with apt-get as root)")
        npm_dir.mkdir(parents=True, exist_ok=True)
        shutil.copy(LITE / "package.json", npm_dir / "package.json")
        stamp.write_text(lock, encoding="utf-8")
        run(["npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts"], cwd=npm_dir)
    return core


def rbteach_wheel(dest: Path) -> Path:
    """``pip wheel --no-deps .`` on a copy of the sources (the build leaves nothing in the repo)."""
    with tempfile.TemporaryDirectory(prefix="rbteach-src-") as tmp:
        src = Path(tmp) / "rbteach"
        src.mkdir()
        for name in ("pyproject.toml", "README.md", "LICENSE"):
            shutil.copy(ROOT / name, src / name)
        shutil.copytree(ROOT / "rbteach", src / "rbteach",
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info"))
        run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", dest, src])
    (wheel,) = dest.glob("rbteach-*.whl")
    return wheel


def download(name: str, version: str, cache: Path) -> Path:
    """The pure-Python wheel ``name==version`` from PyPI (kept in the cache)."""
    wheels = cache / "wheels"
    wheels.mkdir(parents=True, exist_ok=True)
    for f in wheels.glob("*.whl"):
        if PURE.search(f.name) and canonical(f.name.split("-")[0]) == canonical(name) and f.name.split("-")[1] == version:
            return f
    run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
         "--platform", "any", "--implementation", "py", "--python-version", "3.14", "--abi", "none",
         "-d", wheels, f"{name}=={version}"])
    found = [f for f in wheels.glob("*.whl") if PURE.search(f.name)
             and canonical(f.name.split("-")[0]) == canonical(name) and f.name.split("-")[1] == version]
    if not found:
        raise SystemExit(f"PyPI has no pure-Python wheel of {name}=={version}")
    return found[0]


def wheel_metadata(wheel: Path):
    with zipfile.ZipFile(wheel) as z:
        meta = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA") and n.count("/") == 1)
        return email.parser.Parser().parsestr(z.read(meta).decode("utf-8")), z.namelist()


def requirements(wheel: Path, python: str) -> list[str]:
    """Canonical names the wheel requires on Pyodide (its Requires-Dist, markers evaluated, no extras)."""
    from packaging.requirements import Requirement

    meta, _ = wheel_metadata(wheel)
    env = dict(PYODIDE_MARKERS, python_version=".".join(python.split(".")[:2]), python_full_version=python)
    names = []
    for line in meta.get_all("Requires-Dist") or []:
        req = Requirement(line)
        if req.marker is None or req.marker.evaluate(env):
            names.append(canonical(req.name))
    return names


def top_level_imports(wheel: Path) -> list[str]:
    _, files = wheel_metadata(wheel)
    tops = set()
    for f in files:
        first = f.split("/")[0]
        if first.endswith((".dist-info", ".data")) or first.startswith("_"):
            continue
        if "/" in f and f.endswith("/__init__.py") and f.count("/") == 1:
            tops.add(first)
        elif "/" not in f and f.endswith(".py"):
            tops.add(f[:-3])
    return sorted(tops)


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def site_lock(core: Path, cache: Path, pyodide_dir: Path, rbteach: Path) -> dict:
    """Pyodide's lock rewritten: the wheels the site holds (copied into ``pyodide_dir``) with their
    local file name and sha256; every other entry with an absolute URL to Pyodide's CDN.
    ``rbteach`` is this repository's wheel."""
    lock = json.loads((core / "pyodide-lock.json").read_text(encoding="utf-8"))
    version = json.loads((core / "package.json").read_text(encoding="utf-8"))["version"]
    python = lock["info"]["python"]
    cdn = PYODIDE_CDN.format(version=version)
    packages = lock["packages"]
    pins = locked_versions()

    def pyodide_only(name: str) -> bool:          # compiled for WebAssembly: only on Pyodide's CDN
        entry = packages.get(name)
        return entry is not None and not PURE.search(entry["file_name"])

    local: dict[str, tuple[Path, list[str]]] = {}
    todo = [canonical(n) for n in KERNEL_PACKAGES + COURSE_PACKAGES]
    skipped = set()
    while todo:
        name = todo.pop(0)
        if name in local:
            continue
        if name == "rbteach":
            wheel = rbteach
        else:
            version_ = pins.get(name) or (packages.get(name) or {}).get("version")
            if version_ is None:
                raise SystemExit(f"{name} is neither in constraints.txt nor in Pyodide's lock")
            wheel = download(name, version_, cache)
        deps = []
        for dep in requirements(wheel, python):
            if pyodide_only(dep):
                skipped.add(dep)                  # loaded by a cell's import, from the CDN
                continue
            deps.append(dep)
            todo.append(dep)
        local[name] = (wheel, deps)

    for name, entry in packages.items():
        if name not in local:
            entry["file_name"] = cdn + entry["file_name"]
    pyodide_dir.mkdir(parents=True, exist_ok=True)
    for name, (wheel, deps) in sorted(local.items()):
        meta, _ = wheel_metadata(wheel)
        old = packages.get(name, {})
        shutil.copy(wheel, pyodide_dir / wheel.name)
        packages[name] = {
            "name": meta["Name"], "version": meta["Version"], "file_name": wheel.name,
            "install_dir": "site", "sha256": sha256(wheel), "package_type": "package",
            "imports": old.get("imports") or top_level_imports(wheel),
            "depends": sorted(set(deps)), "unvendored_tests": False,
        }
    lock["packages"] = dict(sorted(packages.items()))
    print(f"local wheels: {len(local)} ({', '.join(sorted(local))}); "
          f"from Pyodide's CDN when imported: {', '.join(sorted(skipped))} (and the other "
          f"{len(packages) - len(local)} entries of Pyodide's lock)")
    return lock


def imports_numeric(cell_source: str) -> bool:
    """Whether the cell's code imports numpy and matplotlib (IPython magics and shell lines aside)."""
    code = "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in cell_source.splitlines())
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return False
    modules = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            modules.add(node.module.split(".")[0])
    return {"numpy", "matplotlib"} <= modules


def guard_cell() -> dict:
    return {"cell_type": "code", "execution_count": None, "id": "rbteach-lite-guard",
            "metadata": {"tags": [GUARD_TAG]}, "outputs": [],
            "source": GUARD_SOURCE.splitlines(keepends=True)}


def contents(dest: Path, edition: str = "student") -> list[str]:
    """The ``edition`` of the committed numbered notebooks and the explorer wall
    (:func:`rbteach.course.write_edition`), as the site's copies: they name the site's kernel
    (``python``, Pyodide: no "Select Kernel" question when a notebook opens) and start with the guard
    cell (:data:`GUARD_SOURCE`), before the first code cell. Returns the notebooks."""
    from rbteach.course import write_edition

    dest.mkdir(parents=True, exist_ok=True)
    done = []
    for path in write_edition(NOTEBOOKS, dest, edition, extra=("explorers.ipynb",)):
        nb = json.loads(path.read_text(encoding="utf-8"))
        nb.setdefault("metadata", {})["kernelspec"] = dict(KERNELSPEC)
        first = next((i for i, c in enumerate(nb["cells"]) if c["cell_type"] == "code"), len(nb["cells"]))
        nb["cells"].insert(first, guard_cell())
        (dest / path.name).write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        done.append(path.name)
    return done


def size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def build(out: Path, cache: Path | None = None, edition: str = "student") -> Path:
    """Build the site into ``out`` (replaced); return ``out``."""
    t0 = time.perf_counter()
    out = Path(out).resolve()
    cache = Path(cache or ROOT / "build" / "lite-cache").resolve()
    cache.mkdir(parents=True, exist_ok=True)
    core = pyodide_core(cache)
    with tempfile.TemporaryDirectory(prefix="rbteach-lite-") as tmp:
        stage = Path(tmp) / "lite"
        wheel = rbteach_wheel(Path(tmp) / "wheel")
        pyodide_dir = stage / "static" / "pyodide"        # JupyterLite's well-known place for Pyodide
        pyodide_dir.mkdir(parents=True)
        for f in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "package.json"):
            shutil.copy(core / f, pyodide_dir / f)
        lock = site_lock(core, cache, pyodide_dir, wheel)
        (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n", encoding="utf-8")
        shutil.copy(LITE / "jupyter-lite.json", stage / "jupyter-lite.json")
        contents(stage / "files", edition)
        if out.exists():
            shutil.rmtree(out)
        lite = subprocess.run(
            [str(Path(sys.executable).parent / "jupyter"), "lite", "build", "--lite-dir", str(stage),
             "--output-dir", str(out), "--contents", str(stage / "files"), "--no-sourcemaps",
             "--apps", "lab", "--apps", "tree", "--apps", "notebooks"],
            cwd=stage, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if lite.returncode:
            print(lite.stdout[-6000:])
            raise SystemExit(f"jupyter lite build failed (exit code {lite.returncode})")
    config = json.loads((out / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    if not kernel.get("pyodideUrl", "").startswith("./"):
        raise SystemExit(f"the site does not load its own Pyodide: pyodideUrl = {kernel.get('pyodideUrl')!r}")
    print(f"JupyterLite site in {out}: {size(out) / 1e6:.1f} MB, built in {time.perf_counter() - t0:.1f} s")
    return out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", nargs="?", default=str(ROOT / "build" / "lite"),
                    help="the site, replaced (default build/lite): serve it with any static web server")
    ap.add_argument("--cache", default=str(ROOT / "build" / "lite-cache"),
                    help="downloads and the npm install, kept between builds (default build/lite-cache)")
    ap.add_argument("--edition", choices=("student", "teacher"), default="student",
                    help="student (default: publish this for a class) or teacher (worked solutions folded)")
    args = ap.parse_args(argv)
    build(Path(args.out), Path(args.cache), args.edition)


if __name__ == "__main__":
    main()
