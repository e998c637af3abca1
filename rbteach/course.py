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

Editions (``make student``, ``make site``, ``make lite``)
-------------------------------------------------------
A hand-out is built from the notebooks **as committed** (``git show HEAD:notebooks/…``), never from
the working tree, where a teacher's typed answers and autosaves live (:func:`committed_notebooks`).
Whatever the source, every exercise cell is reset to its blank form (``answer = None`` and the check
call, no output), so a committed answer does not leak either. Two editions:

* ``student``: the worked solutions removed, and every stored output that shows an exercise's
  expected answer (at 4 significant digits, in the exercise's own notebook) replaced by a note;
* ``teacher``: the worked solutions kept (folded), the exercise cells blank.

Each notebook's metadata says which edition it is (``rbteach.edition``), and its first cell says so
to the reader.
"""

from __future__ import annotations

import copy
import json
import math
import re
import subprocess
from pathlib import Path

__all__ = ["SOLUTION_TAG", "SUMMARY", "EDITIONS", "is_solution", "solution_code", "solution_as_test_cell",
           "is_exercise_cell", "blank_exercise", "exercise_answers", "answer_leaks", "committed_notebooks",
           "edition", "student_edition", "write_edition", "write_student_edition"]

#: The two hand-outs: the student's (no worked solutions, no printed answers) and the teacher's.
EDITIONS = ("student", "teacher")

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


#: An exercise cell ends with its check called on ``answer``: ``nb04_ex.check_rod_spin(answer)``.
_CHECK_CALL = re.compile(r"^[ \t]*(nb\d\d_ex\.check_\w+)\(\s*answer\s*\)[ \t]*$", re.M)
_BLANK = re.compile(r"^answer = None\b[^\n]*$", re.M)


def is_exercise_cell(cell) -> bool:
    """True for a code cell that checks ``answer`` with an exercise's check, whatever was typed above."""
    return cell["cell_type"] == "code" and _CHECK_CALL.search(_source(cell)) is not None


def _is_blank(cell) -> bool:
    src = _source(cell).strip().splitlines()
    return is_exercise_cell(cell) and len(src) == 2 and _BLANK.match(src[0]) is not None


def blank_exercise(cell, committed=None) -> dict:
    """The exercise ``cell`` in its blank form, outputs cleared: its source is ``committed``'s when that
    is blank (``answer = None  # your result: …``), else ``answer = None`` and the check call."""
    out = copy.deepcopy(cell)
    if committed is not None and _is_blank(committed):
        out["source"] = copy.deepcopy(committed["source"])
    elif not _is_blank(cell):
        call = _CHECK_CALL.search(_source(cell)).group(0).strip()
        out["source"] = f"answer = None  # your result\n{call}"
    out["outputs"], out["execution_count"] = [], None
    return out


def exercise_answers(notebook_name: str) -> dict:
    """``{"NN.check_name": expected components}`` of notebook ``NN_*.ipynb``'s exercises
    (``rbteach.exercises.nbNN``); components that are short numbers (two significant digits or
    fewer, like 0.5, 2 or −0.8) are left out: they appear in any table and give nothing away."""
    from .exercises import Exercise, checks

    answers = {}
    try:
        found = checks([notebook_name[:2]])
    except ImportError:                              # not a course notebook
        return {}
    for name, ex in found.items():
        if not isinstance(ex, Exercise):
            continue
        values = [float(e) for e in ex.expected.ravel()
                  if math.isfinite(e) and e != 0 and float(f"{e:.2g}") != float(f"{e:.4g}")]
        if values:
            answers[name] = values
    return answers


#: A printed number: not part of a word, a name or encoded data (``x1``, ``nb04``, base64 ``…145Q…``).
_NUMBER = re.compile(r"(?<![\w.])[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?(?![\w])")


def _significant_digits(token: str) -> int:
    return len(token.lower().split("e")[0].lstrip("+-").replace(".", "").lstrip("0"))


def _output_text(output) -> str:
    text = _source({"source": output.get("text", "")})
    for kind, value in output.get("data", {}).items():
        if kind.startswith("text/"):
            value = _source({"source": value})
            if kind == "text/html":                  # the words a reader sees, not tags, embedded pictures
                value = re.sub(r"<(script|style)\b[^>]*>.*?</\1\s*>", " ", value, flags=re.S | re.I)   # or scripts' data
                value = re.sub(r"<[^>]*>", " ", value)
            text += "\n" + value
    return text


def answer_leaks(nb: dict, answers: dict) -> list[tuple[int, int, str, str]]:
    """Every stored output of ``nb`` that prints one of ``answers``' values as a student would copy it:
    ``(cell index, output index, printed number, check name)``. A printed number leaks ``e`` when it
    rounds to ``e`` at 4 significant digits (|x − e| ≤ half a unit of ``e``'s 4th significant digit)
    and has as many significant digits as ``e`` rounded to 4 (``-0.675`` leaks −0.675000…, ``1.351``
    and ``1.351207191960`` leak 1.3512…, ``1.35`` does not)."""
    leaks = []
    for i, cell in enumerate(nb["cells"]):
        for j, output in enumerate(cell.get("outputs", [])):
            numbers = [(t, float(t), _significant_digits(t)) for t in _NUMBER.findall(_output_text(output))]
            for name, values in answers.items():
                for e in values:
                    half = 0.5 * 10.0 ** (math.floor(math.log10(abs(e))) - 3)
                    need = _significant_digits(f"{abs(e):.4g}".split("e")[0])
                    leaks += [(i, j, t, name) for t, x, n in numbers
                              if n >= need and abs(x - e) <= half * (1 + 1e-9)]
    return leaks


def _banner(which: str) -> dict:
    text = {"student": "**Student edition**: exercises blank, worked solutions and printed answers left out.",
            "teacher": "**Teacher edition**: exercises blank, worked solutions folded under each exercise."}[which]
    return {"cell_type": "markdown", "id": f"rbteach-{which}-edition", "metadata": {"tags": ["edition"]},
            "source": text}


def edition(nb: dict, which: str = "student", *, committed: dict | None = None, name: str = "") -> dict:
    """Notebook ``nb`` as the ``which`` edition (see the module docstring). ``committed`` is the same
    notebook as committed (the blank exercise cells are taken from it); ``name`` its file name
    (``NN_….ipynb``: which exercises' answers the student edition hides)."""
    if which not in EDITIONS:
        raise ValueError(f"edition must be one of {EDITIONS}, got {which!r}")
    out = copy.deepcopy(nb)
    blanks = [c for c in (committed or {}).get("cells", []) if is_exercise_cell(c)]
    by_call = {_CHECK_CALL.search(_source(c)).group(1): c for c in blanks}
    cells = [_banner(which)] if re.fullmatch(r"\d\d_.*", name) or not name else []
    for cell in out["cells"]:
        if cell.get("metadata", {}).get("tags") == ["edition"]:
            continue                                  # an edition made from an edition
        if is_solution(cell) and which == "student":
            continue
        if is_exercise_cell(cell):
            cell = blank_exercise(cell, by_call.get(_CHECK_CALL.search(_source(cell)).group(1)))
        cells.append(cell)
    out["cells"] = cells
    if which == "student":
        for i, j, number, check in sorted(set(answer_leaks(out, exercise_answers(name))), reverse=True):
            outputs = out["cells"][i]["outputs"]
            if j < len(outputs):
                outputs[j] = {"output_type": "stream", "name": "stdout",
                              "text": f"(output left out of the student edition: it shows the answer to {check})\n"}
    out.setdefault("metadata", {})["rbteach"] = {"edition": which}
    return out


def student_edition(nb: dict, name: str = "") -> dict:
    """The student edition of ``nb`` (see :func:`edition`)."""
    return edition(nb, "student", name=name)


def committed_notebooks(src_dir, ref: str = "HEAD") -> dict[str, dict] | None:
    """The numbered notebooks of ``src_dir`` as committed at ``ref``: ``{file name: notebook}``, or
    ``None`` when ``src_dir`` is not in a git work tree (a downloaded copy)."""
    src_dir = Path(src_dir).resolve()
    try:
        top = subprocess.run(["git", "-C", str(src_dir), "rev-parse", "--show-toplevel"], check=True,
                             capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    rel = src_dir.relative_to(Path(top).resolve()).as_posix()
    listing = subprocess.run(["git", "-C", top, "ls-tree", "--name-only", f"{ref}:{rel}"], check=True,
                             capture_output=True, text=True).stdout.split()
    found = {}
    for name in sorted(listing):
        if re.fullmatch(r"\d\d_.*\.ipynb", name) or name == "explorers.ipynb":
            blob = subprocess.run(["git", "-C", top, "show", f"{ref}:{rel}/{name}"], check=True,
                                  capture_output=True).stdout
            found[name] = json.loads(blob.decode("utf-8"))
    return found


def write_edition(src_dir, dest_dir, which: str = "student", *, ref: str = "HEAD",
                  extra: tuple = ()) -> list[Path]:
    """Write the ``which`` edition of every numbered notebook (and of ``extra`` names, e.g.
    ``"explorers.ipynb"``) of ``src_dir`` into ``dest_dir``, from the notebooks committed at ``ref``
    (the working tree only where ``src_dir`` is not in git; its exercise cells are blanked all the same)."""
    if which not in EDITIONS:
        raise ValueError(f"edition must be one of {EDITIONS}, got {which!r}")
    src_dir, dest_dir = Path(src_dir), Path(dest_dir)
    committed = committed_notebooks(src_dir, ref)
    if committed is None:
        print(f"NOTE: {src_dir} is not in a git work tree: the {which} edition is built from the files as they "
              f"are (exercise cells blanked).")
        committed = {p.name: json.loads(p.read_text(encoding="utf-8"))
                     for p in sorted(src_dir.glob("*.ipynb"))}
    dest_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, nb in committed.items():
        if not (re.fullmatch(r"\d\d_.*\.ipynb", name) or name in extra):
            continue
        target = dest_dir / name
        text = json.dumps(edition(nb, which, committed=nb, name=name), indent=1, ensure_ascii=False)
        target.write_text(text + "\n", encoding="utf-8")
        written.append(target)
    return written


def write_student_edition(src_dir, dest_dir, *, ref: str = "HEAD") -> list[Path]:
    """The student edition of every numbered notebook of ``src_dir`` into ``dest_dir`` (:func:`write_edition`)."""
    return write_edition(src_dir, dest_dir, "student", ref=ref)


def main(argv=None) -> None:
    """``python -m rbteach.course {student,teacher} DEST [--from notebooks] [--ref HEAD]``."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m rbteach.course",
                                     description="Write a hand-out of the committed notebooks.")
    parser.add_argument("edition", choices=EDITIONS)
    parser.add_argument("dest")
    parser.add_argument("--from", dest="src", default="notebooks")
    parser.add_argument("--ref", default="HEAD", help="the commit to build from (default: HEAD)")
    parser.add_argument("--fresh", action="store_true", help="remove DEST's notebooks first")
    args = parser.parse_args(argv)
    if args.fresh and Path(args.dest).is_dir():
        for old in Path(args.dest).glob("*.ipynb"):
            old.unlink()
    for path in write_edition(args.src, args.dest, args.edition, ref=args.ref):
        print("wrote", path)


if __name__ == "__main__":
    main()
