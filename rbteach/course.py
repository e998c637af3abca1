"""The notebooks as course material: worked solutions, found by machine (tests, student edition).

A worked solution is a **Markdown** cell tagged ``solution``, so Run All never executes it and it
is collapsed in JupyterLab, Notebook 7, on GitHub and on the website alike::

    <details>
    <summary>Worked solution</summary>

    One or two sentences of reasoning (optional).

    ```python
    q1 = ...
    answer = ...
    nb06_ex.check_norm_after_step(answer)
    ```

    </details>

The summary line says only "Worked solution"; the code's last line is the exercise's check call,
so the test suite runs every solution in its notebook and asserts that its own check accepts it.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

__all__ = ["SOLUTION_TAG", "SUMMARY", "is_solution", "solution_code", "solution_as_test_cell",
           "student_edition", "write_student_edition"]

SOLUTION_TAG = "solution"
SUMMARY = "<summary>Worked solution</summary>"
_FENCE = re.compile(r"^```python[ \t]*\n(.*?)^```[ \t]*$", re.S | re.M)


def _source(cell) -> str:
    s = cell.get("source", "")
    return s if isinstance(s, str) else "".join(s)


def is_solution(cell) -> bool:
    """True for a worked-solution cell (tagged ``solution``)."""
    return SOLUTION_TAG in cell.get("metadata", {}).get("tags", [])


def solution_code(cell) -> str:
    """The Python code of a worked-solution cell (its ```python blocks, joined)."""
    blocks = _FENCE.findall(_source(cell))
    if not blocks:
        raise ValueError("a worked-solution cell has no ```python block")
    return "\n".join(b.rstrip("\n") for b in blocks) + "\n"


def solution_as_test_cell(cell) -> str:
    """The solution's code with its last line, the check call, asserted: for the test suite."""
    lines = solution_code(cell).rstrip("\n").split("\n")
    last = lines[-1]
    if not re.match(r"^[\w.]+\(", last):
        raise ValueError(f"a worked solution must end with its exercise's check call, not {last!r}")
    return "\n".join(lines[:-1] + [f"_feedback = {last}", "assert _feedback, _feedback", "_feedback"]) + "\n"


def _is_exercise_cell(cell) -> bool:
    return cell["cell_type"] == "code" and re.search(r"^answer = None\b", _source(cell), re.M) is not None


def student_edition(nb: dict) -> dict:
    """A copy of notebook ``nb`` without its worked solutions, the exercise cells' outputs cleared
    (so that they run to "no answer yet" again); everything else, outputs included, as it was."""
    out = copy.deepcopy(nb)
    cells = []
    for cell in out["cells"]:
        if is_solution(cell):
            continue
        if _is_exercise_cell(cell):
            cell["outputs"], cell["execution_count"] = [], None
        cells.append(cell)
    out["cells"] = cells
    return out


def write_student_edition(src_dir, dest_dir) -> list[Path]:
    """Write the student edition of every numbered notebook of ``src_dir`` into ``dest_dir``."""
    src_dir, dest_dir = Path(src_dir), Path(dest_dir)
    dest_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for path in sorted(src_dir.glob("[0-9][0-9]_*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        target = dest_dir / path.name
        target.write_text(json.dumps(student_edition(nb), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(target)
    return written
