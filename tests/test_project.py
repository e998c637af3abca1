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


def _names(requirements):
    # Requirements with an environment marker (tomli on Python 3.10) are pip-only back-ports.
    return {re.split(r"[<>=!~ \[;]", r, maxsplit=1)[0].strip().lower() for r in requirements if ";" not in r}


def test_import_rbteach_loads_no_plotting_widgets_or_sympy():
    code = ("import sys, rbteach, rbteach.quaternion, rbteach.rotation, rbteach.inertia, rbteach.body, "
            "rbteach.dynamics, rbteach.analytic; "
            "bad = [m for m in ('matplotlib', 'ipywidgets', 'sympy') if m in sys.modules]; "
            "print(bad); sys.exit(1 if bad else 0)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_environment_yml_lists_the_same_dependencies_as_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = _names(project["dependencies"]) | _names(project["optional-dependencies"]["test"])
    env = (ROOT / "environment.yml").read_text()
    listed = set()
    for line in env.splitlines():
        m = re.match(r"\s*-\s+([A-Za-z0-9_.\-]+)", line)
        if m and m.group(1).lower() not in ("pip", "python", "conda-forge"):
            listed.add(m.group(1).lower())
    listed.discard("-e")
    assert "conda-forge" in env
    assert wanted <= listed, f"missing from environment.yml: {sorted(wanted - listed)}"
    assert listed <= wanted | {"rbteach", "nodejs"}, f"only in environment.yml: {sorted(listed - wanted)}"


def test_readme_states_the_commands_and_the_conventions():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for needle in ("make lab", "make test", "(w, x, y, z)", "omega_body", "omega_world", "R I Rᵀ"):
        assert needle in readme, needle


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text()
    assert "make test" in ci
