"""Finding the handed-in notebooks: who handed in what, and which course notebook each file is.

Two layouts (:func:`collect`):

* a folder per student, named for the student: ``SUBMISSIONS/ada/anything.ipynb`` (sub-folders too);
* flat, as Canvas and Moodle downloads give them: ``SUBMISSIONS/<student>_<anything>.ipynb``, the
  student being everything before the first ``_`` (``ada_04_frames.ipynb`` and
  ``ada_lovelace_1234_04.ipynb`` are both Ada's only if the download names her ``ada``; Canvas names
  files ``lastnamefirstname_…``, Moodle ``Full Name_…``).

A file is matched to a course notebook by its content, not its name: the exercise checks it calls
(``nb04_ex.check_…``), else the ``rbteach.exercises`` module it imports, else its title ``# 04 …``.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["Submission", "collect", "identify"]

_CHECK = re.compile(r"\bnb(\d\d)_ex\.check_\w+")
_IMPORT = re.compile(r"from rbteach\.exercises import nb(\d\d)\b")
_TITLE = re.compile(r"^#\s*(\d\d)\b")


@dataclass
class Submission:
    """One student's file for one course notebook (``notebook`` is ``"04"``, or ``None`` when unknown)."""

    student: str
    path: Path
    notebook: str | None = None
    nb: dict | None = None
    notes: list = field(default_factory=list)


def identify(nb: dict) -> str | None:
    """The course notebook (``"04"``) that ``nb`` is, from its content; ``None`` if none."""
    code = "\n".join(_text(c) for c in nb.get("cells", []) if isinstance(c, dict) and c.get("cell_type") == "code")
    for pattern in (_CHECK, _IMPORT):
        found = Counter(pattern.findall(code))
        if found:
            return found.most_common(1)[0][0]
    for c in nb.get("cells", []):
        if isinstance(c, dict) and c.get("cell_type") == "markdown":
            m = _TITLE.match(_text(c).lstrip())
            return m.group(1) if m else None
    return None


def _text(cell) -> str:
    s = cell.get("source", "")
    return "".join(s) if isinstance(s, list) else str(s)


def _files(submissions: Path):
    """``(student, path)`` for every ``.ipynb`` in either layout."""
    for entry in sorted(submissions.iterdir()):
        if entry.name.startswith("."):
            continue
        if entry.is_dir():
            for path in sorted(entry.rglob("*.ipynb")):
                if ".ipynb_checkpoints" not in path.parts:
                    yield entry.name, path
        elif entry.suffix == ".ipynb":
            yield entry.name.split("_", 1)[0] if "_" in entry.name else entry.stem, entry


def collect(submissions) -> tuple[dict, list]:
    """``({(student, notebook): Submission}, [Submission that cannot be graded])``.

    Invalid JSON and files that are not course notebooks are returned in the second list with a
    note. Two files of one student for one notebook: the newest (modification time, then name)
    counts, and its note names the other.
    """
    submissions = Path(submissions)
    if not submissions.is_dir():
        raise ValueError(f"SUBMISSIONS must be a folder of handed-in notebooks, got {str(submissions)!r}")
    chosen, rejected = {}, []
    for student, path in _files(submissions):
        sub = Submission(student, path)
        try:
            sub.nb = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(sub.nb, dict) or not isinstance(sub.nb.get("cells"), list):
                raise ValueError("no cells")
        except (ValueError, UnicodeDecodeError) as e:
            sub.notes.append(f"{path.name}: not a readable notebook ({type(e).__name__})")
            rejected.append(sub)
            continue
        sub.notebook = identify(sub.nb)
        if sub.notebook is None:
            sub.notes.append(f"{path.name}: not a notebook of this course")
            rejected.append(sub)
            continue
        key = (student, sub.notebook)
        if key in chosen:
            old = chosen[key]
            newer, older = sorted([old, sub], key=lambda s: (s.path.stat().st_mtime, s.path.name))[::-1]
            newer.notes = [n for n in old.notes + sub.notes if "newest counts" not in n]
            newer.notes.append(f"{older.path.name} and {newer.path.name} are both notebook {sub.notebook}: "
                               f"the newest counts ({newer.path.name})")
            chosen[key] = newer
        else:
            chosen[key] = sub
    return chosen, rejected
