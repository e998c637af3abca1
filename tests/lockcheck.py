"""The lock against the interpreter it runs on and against the promised range of Pythons.

``constraints.txt`` is one universal lock (``make lock``: ``uv pip compile --universal``). A line
may carry an environment marker, e.g. ``soupsieve==4.1.2 ; python_full_version >= '3.11.5'``
beside ``soupsieve==2.10 ; python_full_version < '3.11.5'``. For every line that applies to this
interpreter and whose package is installed here, two things must hold:

* the installed version is the locked one;
* its ``Requires-Python`` (read from the installed distribution's metadata) admits the *lowest*
  Python that the line promises to serve: the project's ``requires-python`` minimum (3.11.0),
  raised by the line's own marker where it has one. An unmarked ``soupsieve==4.1.2`` (Requires-Python
  >= 3.11.5) fails here, on any interpreter, because the lock would hand it to 3.11.0-3.11.4.

``tests/test_project.py`` runs this in the suite's venv (every extra installed); the smoke suite
(``tests/smoke/run.py``) in a fresh venv of another interpreter, e.g. Debian's 3.11.2, where the
other side of a fork is installed. Lines for other platforms are checked by ``make lock`` (every
promised Python × platform must find a wheel for every pin).

Usage: python lockcheck.py CONSTRAINTS [PYPROJECT]   (PYPROJECT: beside CONSTRAINTS by default)
"""

from __future__ import annotations

import re
import sys
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import Version


def locked(text: str) -> list[Requirement]:
    """Every ``name==version [; marker]`` line of a constraints file (comments dropped)."""
    out = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            req = Requirement(line)
            pins = [s for s in req.specifier if s.operator == "=="]
            if len(pins) != 1 or len(req.specifier) != 1:
                raise ValueError(f"constraints: {line!r} is not one exact pin")
            out.append(req)
    return out


def promised_minimum(pyproject_text: str) -> Version:
    """The lowest Python that ``requires-python`` admits: ``>=3.11`` → 3.11.0."""
    spec = tomllib.loads(pyproject_text)["project"]["requires-python"]
    lows = [Version(s.version) for s in SpecifierSet(spec) if s.operator in (">=", "~=", "==")]
    if len(lows) != 1:
        raise ValueError(f"requires-python {spec!r} has no single lower bound")
    low = lows[0]
    return Version(f"{low.major}.{low.minor}.{low.micro}")


def lowest_python(marker: Marker | None, minimum: Version, env: dict | None = None) -> Version | None:
    """The lowest Python ≥ ``minimum`` for which ``marker`` holds (the other marker variables, such as
    ``sys_platform``, taken from ``env`` or this interpreter); None if it holds for none."""
    if marker is None:
        return minimum
    candidates = {minimum}
    for v in re.findall(r"python(?:_full)?_version\s*[<>=!~]+\s*['\"]([0-9.]+)['\"]", str(marker)):
        ver = Version(v)
        rel = (list(ver.release) + [0, 0])[:3]
        for r in (rel, [rel[0], rel[1], rel[2] + 1], [rel[0], rel[1] + 1, 0]):
            candidates.add(Version(".".join(map(str, r))))
    for v in sorted(c for c in candidates if c >= minimum):
        e = dict(env or {}, python_full_version=str(v), python_version=f"{v.major}.{v.minor}")
        if marker.evaluate(e):
            return v
    return None


def problems(lock_text: str, minimum: Version) -> list[str]:
    """What is wrong with the lock on this interpreter (an empty list when nothing is)."""
    found = []
    for req in locked(lock_text):
        if req.marker is not None and not req.marker.evaluate():
            continue  # another Python's or platform's line
        version = next(iter(req.specifier)).version
        try:
            dist = metadata.distribution(req.name)
        except metadata.PackageNotFoundError:
            continue  # not in this target's extras
        if canonicalize_name(dist.metadata["Name"]) != canonicalize_name(req.name):
            continue
        if Version(dist.version) != Version(version):
            found.append(f"{req.name} {dist.version} is installed, the lock says {version}")
        requires = dist.metadata.get("Requires-Python")
        lowest = lowest_python(req.marker, minimum)
        if requires and lowest is not None and not SpecifierSet(requires).contains(lowest, prereleases=True):
            found.append(f"{req.name}=={version} needs Python {requires}, but the lock gives it to "
                         f"Python {lowest}" + (f" (its marker: {req.marker})" if req.marker else ""))
    return found


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    lock = Path(argv[0])
    pyproject = Path(argv[1]) if len(argv) > 1 else lock.with_name("pyproject.toml")
    minimum = promised_minimum(pyproject.read_text(encoding="utf-8"))
    found = problems(lock.read_text(encoding="utf-8"), minimum)
    for p in found:
        print("lock:", p)
    n = sum(1 for r in locked(lock.read_text(encoding="utf-8")) if r.marker is None or r.marker.evaluate())
    print(f"{n} locked packages apply to Python {sys.version.split()[0]}; promised from {minimum}: "
          + ("ok" if not found else f"{len(found)} problems"))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
