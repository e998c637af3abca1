"""Grading handed-in notebooks with the course's own checks: ``python -m rbteach.grade SUBMISSIONS --out OUT``.

Each submission (:mod:`.collect`) runs in its own process in a scratch copy, within a time and a
memory limit, sandboxed by bubblewrap where it can be (:mod:`.sandbox`). The verdicts come from the
same checks the students saw (:mod:`rbteach.exercises`): a small hook in the student's kernel
(:mod:`.kernel`) judges the value each exercise cell hands its check. An answer made of numbers is
judged once more here, by checks no student code has touched. Then :mod:`.report` writes

* ``OUT/gradebook.csv``: a row per student, a column per exercise (``04.check_rod_spin``) valued
  ``right``, ``close``, ``wrong``, ``blank`` or ``error``, and ``notes``;
* ``OUT/misconceptions.csv``: for every known mistake (hint id and text), how many students made it;
* ``OUT/report.html``: per notebook, a bar per exercise and the most common mistakes (offline).

Nothing is lost: a file that cannot be graded (not JSON, not from the course, a run that timed
out, ran out of memory or crashed) gets a note on its student's row, and the rest is graded.
Re-running on the same files writes the same files.
"""

from __future__ import annotations

import re
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from .collect import collect
from ..exercises import checks
from .sandbox import have_bwrap, run_one

__all__ = ["grade", "VERDICTS", "DEFAULT_TIMEOUT", "DEFAULT_MEMORY"]

#: The values of a gradebook cell.
VERDICTS = ("right", "close", "wrong", "blank", "error")
#: Seconds a notebook may run.
DEFAULT_TIMEOUT = 120.0
#: Bytes of address space a notebook's processes may use each.
DEFAULT_MEMORY = 3 << 30
_FROM_FEEDBACK = {"correct": "right", "close": "close", "hint": "wrong", "not yet": "wrong",
                  "unreadable": "wrong", "empty": "blank"}
_ENDED = {"timeout": "it ran past the {t:g} s limit", "dead-kernel": "its kernel died (out of memory or a crash)",
          "killed": "its run stopped without finishing"}


def _verdicts(sub, records, ended, timeout, fresh):
    """``({exercise: verdict}, {exercise: hint id}, notes)`` of one run."""
    names = list(checks([sub.notebook]))
    verdict, hints, notes = {}, {}, list(sub.notes)
    seen = {}
    for row in records:                                    # the last call of each check counts
        if row["status"] == "cell-error":
            if row["note"] not in notes:
                notes.append(row["note"])
        else:
            seen[row["check"]] = row
    for name in names:
        row = seen.get(name)
        if row is None:
            verdict[name] = "error" if ended != "finished" else "blank"
            if ended == "finished":
                notes.append(f"{name}: no cell calls this check (deleted?)")
            continue
        if row.get("status") != "ran":
            verdict[name] = "error"
            notes.append(f"{name}: {row.get('note', row.get('status'))}")
            continue
        v, hint = row.get("verdict"), row.get("hint_id")
        check = fresh.get(name)
        if row.get("value") is not None and hasattr(check, "expected"):
            again = check(row["value"])                     # judged by a check no student code touched
            if again.verdict != v:
                notes.append(f"{name}: the notebook's check said {v!r}, the grader's says {again.verdict!r}")
            v, hint = again.verdict, getattr(again, "hint_id", None)
        if row.get("arg") not in (None, "answer"):
            notes.append(f"{name}: the check was called on {row['arg'][:40]!r}, not on answer")
            if re.search(r"\b\w+_ex\b|\bexpected\b|\bhints\b", row["arg"]):
                v, hint = "not yet", None
                notes.append(f"{name}: graded wrong: the check was handed the exercise's own data")
        verdict[name] = _FROM_FEEDBACK.get(v, "wrong")
        if hint and verdict[name] == "wrong":
            hints[name] = hint
    if ended != "finished":
        notes.append(f"notebook {sub.notebook}: {_ENDED.get(ended, ended).format(t=timeout)}; "
                     f"the exercises checked before that are graded")
    return verdict, hints, notes


def grade(submissions, out, *, timeout: float = DEFAULT_TIMEOUT, memory: int = DEFAULT_MEMORY, jobs: int = 2,
          sandbox: str = "auto", log=print) -> dict:
    """Grade every handed-in notebook in ``submissions`` and write the three files into ``out``.

    ``sandbox``: ``"auto"`` (bubblewrap where it works), ``"bwrap"`` (required) or ``"none"``.
    Returns ``{"students": …, "rows": …, "sandboxed": bool}``.
    """
    from . import report

    submissions, out = Path(submissions).resolve(), Path(out).resolve()
    for name, value in (("timeout", timeout), ("memory", memory), ("jobs", jobs)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
            raise ValueError(f"{name} must be a positive number, got {value!r}")
    if sandbox not in ("auto", "bwrap", "none"):
        raise ValueError(f"sandbox must be 'auto', 'bwrap' or 'none', got {sandbox!r}")
    sandboxed = sandbox != "none" and have_bwrap()
    if sandbox == "bwrap" and not sandboxed:
        raise ValueError("sandbox='bwrap' was asked for, but bubblewrap (bwrap) does not work here")
    if not sandboxed:
        log("NOTE: grading WITHOUT a sandbox (no working bubblewrap): handed-in code runs with your rights.")
    chosen, rejected = collect(submissions)
    out.mkdir(parents=True, exist_ok=True)
    fresh = checks(sorted({nn for _, nn in chosen}))
    with tempfile.TemporaryDirectory(prefix="rbteach-grade-") as tmp:
        def one(item):
            i, (key, sub) = item
            scratch = Path(tmp) / f"run{i:04d}"
            records, ended = run_one(sub.nb, [sub.notebook], scratch, timeout=timeout, memory=int(memory),
                                     sandbox=sandboxed, hidden=[submissions, out, Path(tmp)])
            log(f"graded {sub.student} / {sub.notebook} ({sub.path.name}): {ended}")
            return key, _verdicts(sub, records, ended, timeout, fresh)

        with ThreadPoolExecutor(max_workers=int(jobs)) as pool:
            results = dict(pool.map(one, enumerate(sorted(chosen.items()))))
    rows = report.write(out, chosen, rejected, results, fresh, sandboxed=sandboxed)
    return {"students": sorted(rows), "rows": rows, "sandboxed": sandboxed}
