"""``python -m rbteach.grade SUBMISSIONS --out OUT [--timeout 120] [--memory-gb 3] [--jobs 2] [--no-sandbox]``."""

from __future__ import annotations

import argparse
import sys

from . import DEFAULT_MEMORY, DEFAULT_TIMEOUT, grade


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m rbteach.grade", description=__doc__.split("``")[0] +
                                "Grade handed-in notebooks with the course's own checks.")
    p.add_argument("submissions", help="a folder per student, or <student>_<anything>.ipynb files (Canvas, Moodle)")
    p.add_argument("--out", required=True, help="where gradebook.csv, misconceptions.csv and report.html go")
    p.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, help="seconds one notebook may run (120)")
    p.add_argument("--memory-gb", type=float, default=DEFAULT_MEMORY / 2**30, help="memory per notebook (3)")
    p.add_argument("--jobs", type=int, default=2, help="notebooks run at once (2)")
    p.add_argument("--no-sandbox", action="store_true", help="run without bubblewrap (say so in the report)")
    a = p.parse_args(argv)
    try:
        result = grade(a.submissions, a.out, timeout=a.timeout, memory=int(a.memory_gb * 2**30), jobs=a.jobs,
                       sandbox="none" if a.no_sandbox else "auto")
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(f"graded {len(result['students'])} students: {a.out}/gradebook.csv, misconceptions.csv, report.html")
    return 0


if __name__ == "__main__":
    sys.exit(main())
