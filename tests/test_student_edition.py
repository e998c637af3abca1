"""The student edition (``make student``): no worked solution left, exercises blank, the rest intact,
and every student notebook runs top to bottom with each exercise check saying "no answer yet"."""

from __future__ import annotations

import json
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from rbteach import course

NB_DIR = Path(__file__).resolve().parent.parent / "notebooks"
NOTEBOOKS = sorted(NB_DIR.glob("[0-9][0-9]_*.ipynb"))


@pytest.fixture(scope="module")
def edition(tmp_path_factory):
    out = tmp_path_factory.mktemp("student")
    written = course.write_student_edition(NB_DIR, out)
    assert [p.name for p in written] == [p.name for p in NOTEBOOKS]
    return out


def _code_lines(cell):
    """The solution's lines worth searching for (not blank, not the check call alone)."""
    return [ln.strip() for ln in course.solution_code(cell).splitlines()
            if len(ln.strip()) > 12 and not ln.strip().startswith("#")]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_solution_text_or_code_remains_and_the_rest_is_intact(path, edition):
    original = course.committed_notebooks(NB_DIR)[path.name]      # what the edition is built from
    student = json.loads((edition / path.name).read_text(encoding="utf-8"))
    assert student["cells"][0]["source"].startswith("**Student edition**")
    student["cells"] = student["cells"][1:]
    solutions = [c for c in original["cells"] if course.is_solution(c)]
    assert solutions
    text = json.dumps(student["cells"], ensure_ascii=False)
    assert "Worked solution" not in text
    exercise_src = {"".join(c["source"]) for c in original["cells"]
                    if c["cell_type"] == "code" and re.search(r"^answer = None\b", "".join(c["source"]), re.M)}
    for sol in solutions:
        for line in _code_lines(sol):
            # a line the exercise cell itself shows (e.g. the check call) is no give-away
            if any(line in src for src in exercise_src):
                continue
            for c in student["cells"]:
                assert line not in "".join(c["source"]), f"{path.name}: solution line {line!r} left in the student copy"
    kept = [c for c in original["cells"] if not course.is_solution(c)]
    assert [c["source"] for c in kept] == [c["source"] for c in student["cells"]]
    # outputs that show an exercise's answer are left out (tests/test_handouts.py); nothing else is
    hidden = [c for c in student["cells"] if "left out of the student edition" in json.dumps(c.get("outputs", []))]
    assert len(hidden) == len({i for i, *_ in course.answer_leaks(original, course.exercise_answers(path.name))})
    figures = lambda cells: sum("image/png" in o.get("data", {}) for c in cells for o in c.get("outputs", []))  # noqa: E731
    assert figures(student["cells"]) == figures(kept), "figures must stay"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_student_notebook_runs_and_every_exercise_says_no_answer_yet(path, edition, tmp_path):
    nb = nbformat.read(edition / path.name, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()
    checks = [c for c in nb.cells if c.cell_type == "code" and re.search(r"^answer = None\b", c.source, re.M)]
    assert checks
    for c in checks:
        out = "".join(o.get("text", "") + o.get("data", {}).get("text/plain", "") for o in c.outputs)
        assert "no answer yet" in out, f"{path.name}: {c.source[:60]!r} printed {out[:120]!r}"
