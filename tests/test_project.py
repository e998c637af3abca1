"""The project's spine: light import, environment.yml in sync with pyproject.toml."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent


def test_import_rbteach_loads_no_plotting_widgets_or_sympy():
    code = ("import sys, rbteach, rbteach.quaternion, rbteach.rotation, rbteach.inertia, rbteach.body, "
            "rbteach.dynamics, rbteach.analytic, rbteach.explorers.live; "
            "bad = [m for m in ('matplotlib', 'ipywidgets', 'sympy', 'anywidget') if m in sys.modules]; "
            "print(bad); sys.exit(1 if bad else 0)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def _pins(text, sep="=="):
    out = {}
    for line in text.splitlines():
        m = re.match(r"\s*(?:-\s+)?([A-Za-z0-9_.\-]+)" + re.escape(sep) + r"([^\s#]+)", line)
        if m:
            out[m.group(1).lower().replace("_", "-")] = m.group(2)
    return out


def _requirements():
    from packaging.requirements import Requirement

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    groups = {"run": project["dependencies"], **project["optional-dependencies"]}
    return {g: [Requirement(r) for r in reqs if ";" not in r] for g, reqs in groups.items()}


def test_the_library_pulls_no_server_and_the_lab_no_test_stack():
    reqs = _requirements()
    assert {r.name for r in reqs["run"]} == {"numpy", "sympy", "matplotlib", "ipywidgets", "anywidget"}
    assert {r.name for r in reqs["lab"]} == {"jupyterlab"}
    assert "jupyterlab" not in {r.name for r in reqs["test"]}
    make = (ROOT / "Makefile").read_text()
    lab_rule = make[make.index("$(LAB_STAMP):"):].split("\n\n")[0]
    assert "-e '.[lab]'" in lab_rule and "test" not in lab_rule.split("\n", 1)[1]
    assert "PIP := $(BIN)/python -m pip install --quiet -c $(CONSTRAINTS)" in make


def test_lock_environment_yml_and_pyproject_agree():
    lock = _pins((ROOT / "constraints.txt").read_text())
    env_text = (ROOT / "environment.yml").read_text()
    env = _pins(env_text)
    reqs = _requirements()
    direct = {r.name.lower(): r for g in reqs.values() for r in g}
    # the lock pins every direct dependency, within pyproject's open bounds
    for name, req in direct.items():
        assert name in lock, f"constraints.txt does not pin {name}: run make lock"
        assert req.specifier.contains(lock[name], prereleases=True), f"{name}=={lock[name]} outside {req}"
    # environment.yml pins every direct dependency at the lock's version, and nothing else
    assert set(env) == set(direct), f"environment.yml: {sorted(set(env) ^ set(direct))}"
    for name, version in env.items():
        assert lock[name] == version, f"environment.yml has {name}=={version}, the lock {lock[name]}"
    # an exact Python (Binder treats a range as unpinned) that pyproject allows
    m = re.search(r"^\s*-\s+python=(\d+\.\d+\.\d+)\s*$", env_text, re.M)
    assert m, "environment.yml must pin an exact python=X.Y.Z"
    from packaging.specifiers import SpecifierSet

    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    assert SpecifierSet(requires).contains(m.group(1))
    assert "-c constraints.txt" in env_text and "conda-forge" in env_text


def test_this_environment_has_the_locked_versions():
    """The suite runs with the versions the stored outputs were made with."""
    from importlib.metadata import version

    lock = _pins((ROOT / "constraints.txt").read_text())
    for name in ("numpy", "sympy", "matplotlib", "ipywidgets", "jupyterlab", "nbval"):
        assert version(name) == lock[name], f"{name} {version(name)} installed, {lock[name]} locked"


def test_readme_states_the_commands_and_the_conventions():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for needle in ("make lab", "make test", "(w, x, y, z)", "omega_body", "omega_world", "R I Rᵀ",
                   "py -m venv .venv", r".venv\Scripts\pip install", "LAB_PORT", "Ctrl+C", "00_index_and_conventions",
                   "make student", "constraints.txt", "make lock"):
        assert needle in readme, needle


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text()
    assert "make test" in ci


def test_the_package_never_imports_a_test_oracle():
    """SciPy and mpmath are test oracles and benchmark baselines only: a student's `make lab` has neither."""
    found = []
    for path in sorted((ROOT / "rbteach").rglob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.match(r"\s*(from|import)\s+(scipy|mpmath)\b", line):
                found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not found, found
