"""The project's spine: light import; one lock for every promised Python, in sync with pyproject.toml,
environment.yml, the Makefile and the README; each make target installs only its extras."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import tomllib

import pytest
from packaging.markers import Marker
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
import lockcheck  # noqa: E402


def test_import_rbteach_loads_no_plotting_widgets_or_sympy():
    code = ("import sys, rbteach, rbteach.quaternion, rbteach.rotation, rbteach.inertia, rbteach.body, "
            "rbteach.dynamics, rbteach.analytic, rbteach.explorers.live; "
            "bad = [m for m in ('matplotlib', 'ipywidgets', 'sympy', 'anywidget') if m in sys.modules]; "
            "print(bad); sys.exit(1 if bad else 0)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_nbformat_loads_without_building_a_parser():
    """The lock holds jsonschema below 4.25 (Makefile, LOCK_HOLDS): from 4.25 its format-nongpl extra,
    which jupyter-events asks for, brings rfc3987-syntax, whose import builds a Lark parser (2.5-3 s
    of CPU in every Jupyter server, nbclient and grader run). Neither is locked nor imported."""
    locked = {r.name for r in _lock()}
    assert "jsonschema" in locked and not locked & {"rfc3987-syntax", "lark"}, sorted(locked & {"rfc3987-syntax", "lark"})
    code = "import sys, nbformat, jupyter_events; print(sorted(m for m in ('rfc3987_syntax', 'lark') if m in sys.modules))"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.strip() == "[]", r.stdout + r.stderr


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


def _rule(make: str, target: str) -> str:
    """The recipe of ``target`` in the Makefile (up to the next blank line)."""
    return make[make.index(f"\n{target}:") + 1:].split("\n\n")[0]


def test_the_library_pulls_no_server_and_each_target_installs_only_its_extras():
    reqs = _requirements()
    assert {r.name for r in reqs["run"]} == {"numpy", "sympy", "matplotlib", "ipywidgets", "anywidget"}
    assert {r.name for r in reqs["lab"]} == {"jupyterlab"}
    assert "jupyterlab" not in {r.name for r in reqs["test"]}
    make = (ROOT / "Makefile").read_text()
    # target -> its stamp -> the extras that stamp installs
    for target, stamp, extras in (("lab", "$(LAB_STAMP)", "lab"), ("explorers", "$(TEACH_STAMP)", "lab,teach"),
                                  ("lite", "$(LITE_STAMP)", "lab,lite"),
                                  ("notebooks", "$(LAB_STAMP)", "lab"), ("student", "$(LAB_STAMP)", "lab"),
                                  ("grade", "$(LAB_STAMP)", "lab"), ("site", "$(SITE_STAMP)", "site")):
        deps = _rule(make, target).split("\n", 1)[0]
        assert stamp in deps.split(), f"make {target} depends on {deps!r}, not {stamp}"
        recipe = _rule(make, stamp)
        assert f"$(INSTALL) -e '.[{extras}]'" in recipe, recipe
        assert "test" not in recipe.split("\n", 1)[1], f"make {target} installs the test stack: {recipe}"
    # the website: the site extra and rbteach (its course module builds the edition), no test stack
    assert "$(TEST_STAMP)" in _rule(make, "test").split("\n", 1)[0]
    # both installers read the lock
    assert "INSTALL = $(BIN)/python -m pip install --quiet -c $(CONSTRAINTS)" in make
    assert "INSTALL = $(BIN)/uv pip install --quiet --compile-bytecode --python $(BIN)/python -c $(CONSTRAINTS)" in make


def _lock():
    return lockcheck.locked((ROOT / "constraints.txt").read_text())


def test_lock_environment_yml_and_pyproject_agree():
    lock = {}
    for req in _lock():
        lock.setdefault(req.name.lower().replace("_", "-"), []).append(req)
    env_text = (ROOT / "environment.yml").read_text()
    env = _pins(env_text)
    reqs = _requirements()
    direct = {r.name.lower(): r for g in reqs.values() for r in g}
    # the lock pins every direct dependency once, for every Python and platform, within pyproject's bounds
    for name, req in direct.items():
        assert name in lock, f"constraints.txt does not pin {name}: run make lock"
        assert len(lock[name]) == 1 and lock[name][0].marker is None, f"{name} is forked in the lock: {lock[name]}"
        version = next(iter(lock[name][0].specifier)).version
        assert req.specifier.contains(version, prereleases=True), f"{name}=={version} outside {req}"
    # environment.yml pins every direct dependency at the lock's version, and nothing else
    assert set(env) == set(direct), f"environment.yml: {sorted(set(env) ^ set(direct))}"
    for name, version in env.items():
        assert str(lock[name][0].specifier) == f"=={version}", f"environment.yml has {name}=={version}, the lock {lock[name]}"
    assert "-c constraints.txt" in env_text and "conda-forge" in env_text


def _promised():
    """The promised Pythons, as the Makefile's lock check lists them."""
    make = (ROOT / "Makefile").read_text()
    m = re.search(r"^LOCK_PYTHONS\s*:=\s*(.+)$", make, re.M)
    assert m, "the Makefile has no LOCK_PYTHONS"
    return [Version(v) for v in m.group(1).split()]


def test_requires_python_readme_environment_and_lock_promise_the_same_range():
    minimum = lockcheck.promised_minimum((ROOT / "pyproject.toml").read_text())
    assert minimum == Version("3.11.0")
    promised = _promised()
    # make lock checks from the very minimum (3.11.0), through Debian 12's 3.11.2, to the newest minor
    assert min(promised) == minimum and Version("3.11.2") in promised
    minors = sorted({(v.major, v.minor) for v in promised})
    assert minors == [(3, 11), (3, 12), (3, 13), (3, 14)], minors
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "Python 3.11 (3.11.0 or later), 3.12, 3.13 or 3.14" in readme
    makefile = (ROOT / "Makefile").read_text()
    assert "CPython 3.11 (3.11.0 or later), 3.12, 3.13 or 3.14" in makefile
    # environment.yml: an exact Python (Binder treats a range as unpinned) inside the range
    env_text = (ROOT / "environment.yml").read_text()
    m = re.search(r"^\s*-\s+python=(\d+\.\d+\.\d+)\s*$", env_text, re.M)
    assert m, "environment.yml must pin an exact python=X.Y.Z"
    v = Version(m.group(1))
    assert v >= minimum and (v.major, v.minor) in minors
    # the lock is the universal one make lock writes
    head = (ROOT / "constraints.txt").read_text().splitlines()[:2]
    assert head == ["# This file was autogenerated by uv via the following command:", "#    make lock"], head


_ENVS = [dict(sys_platform=p, platform_machine=m, os_name=o, platform_system=s, implementation_name="cpython",
              platform_python_implementation="CPython")
         for p, m, o, s in (("linux", "x86_64", "posix", "Linux"), ("linux", "aarch64", "posix", "Linux"),
                            ("darwin", "arm64", "posix", "Darwin"), ("darwin", "x86_64", "posix", "Darwin"),
                            ("win32", "AMD64", "nt", "Windows"))]


@pytest.mark.parametrize("python", ["3.11.0", "3.11.2", "3.11.4", "3.11.5", "3.11.7", "3.12.0", "3.13.0", "3.14.0"])
def test_the_lock_gives_each_python_and_platform_one_version_of_each_package(python):
    """Forked lines (soupsieve below and above 3.11.5) never overlap and never leave a gap."""
    lock = _lock()
    names = {r.name.lower() for r in lock}
    for env in _ENVS:
        env = dict(env, python_full_version=python, python_version=python.rsplit(".", 1)[0])
        chosen = {}
        for req in lock:
            if req.marker is None or req.marker.evaluate(env):
                assert req.name.lower() not in chosen, f"two versions of {req.name} on {python} {env['sys_platform']}"
                chosen[req.name.lower()] = req
        # a package with several lines (a fork) has one of them here: no gap between the sides
        forked = {n for n in names if sum(r.name.lower() == n for r in lock) > 1}
        assert forked <= set(chosen), sorted(forked - set(chosen))
    assert {"numpy", "soupsieve"} <= names


def test_every_installed_locked_package_admits_the_lowest_python_the_lock_gives_it_to():
    """Its Requires-Python (installed metadata) against the promised minimum raised by its marker; the
    smoke suite runs the same check on Debian's 3.11.2, where the other side of each fork is installed."""
    minimum = lockcheck.promised_minimum((ROOT / "pyproject.toml").read_text())
    assert lockcheck.problems((ROOT / "constraints.txt").read_text(), minimum) == []


def test_the_lock_check_refuses_a_pin_that_drops_the_promised_minimum():
    """The lock of issue 18: soupsieve 4.1.2 (Requires-Python >= 3.11.5) for every Python."""
    from importlib.metadata import version

    installed = version("soupsieve")
    from importlib.metadata import metadata

    requires = metadata("soupsieve")["Requires-Python"]
    found = lockcheck.problems(f"soupsieve=={installed}\n", Version("3.11.0"))
    if Version(installed) >= Version("4.1"):  # this interpreter has the >= 3.11.5 side of the fork
        assert found == [f"soupsieve=={installed} needs Python {requires}, but the lock gives it to Python 3.11.0"]
        marked = f"soupsieve=={installed} ; python_full_version >= '3.11.5'\n"
        assert lockcheck.problems(marked, Version("3.11.0")) == []
    else:
        assert found == []
    assert lockcheck.problems(f"soupsieve=={installed}.999\n", Version("3.11.0"))[0].startswith(
        f"soupsieve {installed} is installed, the lock says {installed}.999")


@pytest.mark.parametrize("marker, lowest", [
    (None, "3.11.0"),
    ("python_full_version >= '3.11.5'", "3.11.5"),
    ("python_full_version < '3.11.5'", "3.11.0"),
    ("python_full_version > '3.11.5'", "3.11.6"),
    ("python_version < '3.12'", "3.11.0"),
    ("python_version >= '3.13'", "3.13.0"),
    ("python_version > '3.12'", "3.13.0"),
    ("python_full_version < '3.11'", None),
])
def test_lowest_python_of_a_marker(marker, lowest):
    got = lockcheck.lowest_python(Marker(marker) if marker else None, Version("3.11.0"))
    assert got == (Version(lowest) if lowest else None)


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


def test_make_test_also_runs_the_smoke_suite_on_another_python():
    make = (ROOT / "Makefile").read_text()
    assert "$(MAKE) --no-print-directory smoke" in _rule(make, "test")
    assert "SMOKE_PYTHONS ?= $(wildcard /usr/bin/python3)" in make
    smoke = (ROOT / "tests" / "smoke" / "run.py").read_text()
    # a fresh venv under build/ (git-ignored), the package installed from a copy, not editable
    assert 'ROOT / "build" / "smoke"' in smoke and "shutil.rmtree(venv" in smoke and '"-e"' not in smoke
    assert "build/" in (ROOT / ".gitignore").read_text().split()
    assert '"00_index_and_conventions.ipynb", "05_quaternions.ipynb"' in smoke


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


def test_no_two_test_files_share_a_name():
    """The tests are imported by basename (rootdir-relative, no packages): two files with one name in
    tests/ and tests/browser/ make pytest refuse the second at collection."""
    names = [p.name for p in (ROOT / "tests").rglob("test_*.py")]
    assert sorted(n for n in set(names) if names.count(n) > 1) == []
