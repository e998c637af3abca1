"""The grader's side inside a student's kernel: after every cell, judge each exercise check it called.

:func:`install` is the only code the grader adds to a handed-in notebook (as its first cell). It keeps
its own references to the course's checks, taken before any student code runs, and registers an
IPython ``post_run_cell`` hook: after a cell that calls ``nbNN_ex.check_name(ARG)``, the hook
evaluates ``ARG`` in the student's namespace and judges it with that check, and appends one JSON line
to the results file (so the results survive a later timeout or a crashed kernel). A cell that raised
is recorded as ``error`` with the exception's name.
"""

from __future__ import annotations

import ast
import json
import math
import re

__all__ = ["install", "CHECK_CALL"]

#: A check call in a cell: ``nb04_ex.check_rod_spin(answer)``.
CHECK_CALL = re.compile(r"\bnb(\d\d)_ex\.(check_\w+)\s*\(")


def _calls(source: str):
    """``(key, argument source)`` of every check call in ``source`` (``None`` argument when unparsable)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return [(f"{m.group(1)}.{m.group(2)}", None) for m in CHECK_CALL.finditer(source)]
    out = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name)):
            m = re.fullmatch(r"nb(\d\d)_ex", node.func.value.id)
            if m and node.func.attr.startswith("check_"):
                arg = ast.get_source_segment(source, node.args[0]) if len(node.args) == 1 and not node.keywords else None
                out.append((f"{m.group(1)}.{node.func.attr}", arg))
    return out


def _plain(value):
    """``value`` as nested lists of finite floats (for the grader to judge again), or ``None``."""
    try:
        import numpy as np

        a = np.asarray(value, dtype=float)
    except Exception:
        return None
    if a.size == 0 or a.size > 64 or not all(math.isfinite(x) for x in a.ravel().tolist()):
        return None
    return a.tolist()


def install(results_path: str, module_numbers) -> None:
    """Register the hook (see the module docstring) in the running IPython kernel."""
    from IPython import get_ipython

    from rbteach.exercises import checks as course_checks

    ip = get_ipython()
    checks = course_checks(module_numbers)
    write = open(results_path, "a", encoding="utf-8", buffering=1).write   # one line per record, flushed

    def record(**row):
        write(json.dumps(row, ensure_ascii=False, default=str) + "\n")

    def hook(result):
        source = result.info.raw_cell if result.info is not None else ""
        calls = _calls(source)
        error = result.error_in_exec or result.error_before_exec
        if error is not None and not calls:
            record(check=None, status="cell-error", note=f"a cell raised {type(error).__name__}")
        for key, arg in calls:
            if key not in checks:
                record(check=key, status="unknown-check")
                continue
            if result.error_before_exec is not None:
                record(check=key, status="error", note="the exercise cell has a syntax error")
                continue
            if result.error_in_exec is not None:
                e = result.error_in_exec
                record(check=key, status="error", note=f"the exercise cell raised {type(e).__name__}")
                continue
            if arg is None:
                record(check=key, status="error", note="the check was not called on one answer")
                continue
            try:
                value = eval(arg, ip.user_ns)
                feedback = checks[key](value)
            except Exception as e:                                  # a check never raises; the argument may
                record(check=key, status="error", note=f"evaluating {arg[:40]!r} raised {type(e).__name__}")
                continue
            verdict = getattr(feedback, "verdict", "correct" if feedback else "not yet")
            record(check=key, status="ran", arg=arg, verdict=verdict, hint_id=getattr(feedback, "hint_id", None),
                   message=str(feedback)[:500], value=_plain(value))

    ip.events.register("post_run_cell", hook)
