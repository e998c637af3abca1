"""The student edition (``make student``): no worked solution left, exercises blank, the rest intact,
and every student notebook runs top to bottom with each exercise check saying "no answer yet".

The same run checks the worked solutions (test_solutions.py checks their form): each one runs as a
code cell right after its exercise, in a copy of the kernel's namespace, and its own check must
accept it. A solution's names never reach the cells after it, so the student's cells run exactly as
they would without it; one kernel run per notebook serves both claims (it was two).
"""

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


_SOLUTION_RUN = """_rbteach_solution = dict(globals())      # the worked solution's own namespace: nothing leaks out
exec(compile({source!r}, "worked solution {n}", "exec"), _rbteach_solution)
assert _rbteach_solution["_feedback"] is not None
del _rbteach_solution
"""


def with_solutions(student, original):
    """The student notebook ``student`` (nbformat) with each worked solution of the committed ``original``
    inserted as a code cell right after its exercise (where the teacher's copy has it), run by
    :data:`_SOLUTION_RUN` (its check asserted by :func:`rbteach.course.solution_as_test_cell`).
    Returns the number of solutions inserted."""
    head, rest = student.cells[:1], iter(student.cells[1:])
    cells, n = list(head), 0
    for c in original["cells"]:
        if course.is_solution(c):
            n += 1
            cell = nbformat.v4.new_code_cell(_SOLUTION_RUN.format(source=course.solution_as_test_cell(c), n=n))
            cell.metadata["rbteach_solution"] = n
            cells.append(cell)
        else:
            cells.append(next(rest))
    assert next(rest, None) is None, "the student edition has cells the committed notebook has not"
    student.cells = cells
    return n


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_student_notebook_runs_every_exercise_says_no_answer_yet_and_every_solution_passes(path, edition, tmp_path):
    nb = nbformat.read(edition / path.name, as_version=4)
    n = with_solutions(nb, course.committed_notebooks(NB_DIR)[path.name])
    assert n >= 1, f"{path.name}: no worked solution"
    # a failing solution (its check's feedback falsy) or any failing student cell raises CellExecutionError
    NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()
    ran = [c for c in nb.cells if "rbteach_solution" in c.metadata]
    assert len(ran) == n and all(c.get("execution_count") for c in ran)
    checks = [c for c in nb.cells if c.cell_type == "code" and re.search(r"^answer = None\b", c.source, re.M)]
    assert checks and len(checks) == n
    for c in checks:
        out = "".join(o.get("text", "") + o.get("data", {}).get("text/plain", "") for o in c.outputs)
        assert "no answer yet" in out, f"{path.name}: {c.source[:60]!r} printed {out[:120]!r}"


def test_a_solution_that_fails_its_check_fails_the_run(edition, tmp_path):
    """Self-test: a worked solution whose check says no (a wrong value) stops the run."""
    nb = nbformat.read(edition / NOTEBOOKS[0].name, as_version=4)
    original = course.committed_notebooks(NB_DIR)[NOTEBOOKS[0].name]
    with_solutions(nb, original)
    first = next(i for i, c in enumerate(nb.cells) if "rbteach_solution" in c.metadata)
    src = nb.cells[first].source
    assert "_feedback" in src
    nb.cells[first].source = src.replace("assert _feedback, _feedback", "assert not _feedback, _feedback")
    nb.cells = nb.cells[:first + 1]
    from nbclient.exceptions import CellExecutionError
    with pytest.raises(CellExecutionError):
        NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()


def test_a_solutions_names_do_not_reach_the_cells_after_it(edition, tmp_path):
    """Self-test: a name the solution defines is not defined for the student's next cell."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(_SOLUTION_RUN.format(source="secret = 1\n_feedback = 'ok'\n", n=1)),
                nbformat.v4.new_code_cell("print('secret' in globals())")]
    NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()
    assert nb.cells[1].outputs[0]["text"].strip() == "False"
