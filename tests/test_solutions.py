"""Every worked solution is hidden from Run All and still right.

Worked solutions are Markdown cells tagged ``solution`` (see rbteach.course): collapsed
``<details>`` blocks that say only "Worked solution" until opened. This file checks their form, and
that the exercise cells say "no answer yet" in the stored notebook. That each solution's own check
accepts it is checked by running it: tests/test_student_edition.py runs every student notebook with
each solution as a code cell right after its exercise (one kernel run per notebook for both).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rbteach import course

NB_DIR = Path(__file__).resolve().parent.parent / "notebooks"
NOTEBOOKS = sorted(NB_DIR.glob("[0-9][0-9]_*.ipynb"))


def _src(cell):
    s = cell.get("source", "")
    return s if isinstance(s, str) else "".join(s)


def _outputs_text(cell):
    return "".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                   for o in cell.get("outputs", []))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_solutions_are_collapsed_labelled_and_follow_their_exercise(path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    solutions = [i for i, c in enumerate(cells) if course.is_solution(c)]
    exercises = [i for i, c in enumerate(cells) if c["cell_type"] == "code" and re.search(r"^answer = None\b", _src(c), re.M)]
    assert solutions, f"{path.name}: no worked solution"
    assert len(solutions) == len(exercises), f"{path.name}: {len(exercises)} exercise cells, {len(solutions)} solutions"
    for i, j in zip(exercises, solutions):
        assert i < j, f"{path.name}: a solution stands before its exercise"
        assert "no answer yet" in _outputs_text(cells[i]), f"{path.name}: exercise cell {i} does not say 'no answer yet'"
        sol = cells[j]
        assert sol["cell_type"] == "markdown", f"{path.name}: a solution must be a Markdown cell (Run All skips it)"
        text = _src(sol).strip()
        assert text.startswith("<details>") and text.endswith("</details>"), f"{path.name}: solution {j} is not a <details> block"
        first_visible = text.split("\n")[1].strip()
        assert first_visible == course.SUMMARY, f"{path.name}: solution {j} is labelled {first_visible!r}"
        course.solution_as_test_cell(sol)         # has code that ends with its check call
    for c in cells:
        if c["cell_type"] == "code":
            assert not c.get("metadata", {}).get("jupyter", {}).get("source_hidden"), (
                f"{path.name}: a hidden code cell runs with Run All: make it a worked-solution Markdown cell")
