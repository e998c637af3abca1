"""Grading speed: a class of 30 hands in one course notebook; how many notebooks a minute?

Each of the 30 copies is the course's notebook 04 as committed, every exercise answered (a third
right, a third with a typical mistake, a third blank), graded by ``rbteach.grade`` as a teacher
would (sandboxed, 2 at a time on this 2-core machine). Floor (issue 19): 30 in at most 5 minutes.
Usage: ``python benchmarks/bench_grade.py [NOTEBOOK] [N]``.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rbteach import course, grade  # noqa: E402


def main(name: str = "04", n: int = 30) -> None:
    path = next((ROOT / "notebooks").glob(f"{name}_*.ipynb"))
    nb = course.committed_notebooks(ROOT / "notebooks")[path.name]
    module = __import__(f"rbteach.exercises.nb{name}", fromlist=["x"])
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(n):
            copy = json.loads(json.dumps(nb))
            for cell in copy["cells"]:
                if course.is_exercise_cell(cell):
                    call = course._CHECK_CALL.search(course._source(cell)).group(0).strip()
                    check = getattr(module, call.split(".")[1].split("(")[0])
                    value = None
                    if k % 3 == 0 and hasattr(check, "expected"):
                        value = check.expected.tolist()
                    elif k % 3 == 1 and getattr(check, "hints", None):
                        value = next(iter(check.hints.values())).tolist()
                    cell["source"] = f"answer = {value!r}\n{call}"
            (Path(tmp) / "class" / f"student{k:02d}").mkdir(parents=True)
            (Path(tmp) / "class" / f"student{k:02d}" / path.name).write_text(json.dumps(copy), encoding="utf-8")
        start = time.perf_counter()
        result = grade.grade(Path(tmp) / "class", Path(tmp) / "out", log=lambda *a: None)
        wall = time.perf_counter() - start
        book = (Path(tmp) / "out" / "gradebook.csv").read_text(encoding="utf-8")
    print(f"{n} handed-in copies of notebook {name} graded in {wall:.0f} s "
          f"({'sandboxed' if result['sandboxed'] else 'NOT sandboxed'}, 2 at a time): "
          f"{60 * n / wall:.1f} notebooks a minute; floor 30 in 300 s: {'met' if wall <= 300 else 'MISSED'}")
    print(f"verdicts: {book.count(',right')} right, {book.count(',wrong')} wrong, {book.count(',blank')} blank, "
          f"{book.count(',error')} error")


if __name__ == "__main__":
    main(*(sys.argv[1:2] or ["04"]), *(int(a) for a in sys.argv[2:3]))
