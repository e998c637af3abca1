"""A teacher's page per notebook (Markdown): objectives, a 50-minute lesson plan, the core path, the
predictions' answers, the misconceptions the checks catch, the exercises' answers and the time students need.

``teacher_page("07")`` returns notebook 07's page; ``python -m rbteach.teaching.pages DEST`` writes one page
per notebook 00–11 and an index (``DEST/README.md``); ``make teacher`` writes them into ``teacher/``.

Where every part comes from (no number on a page is typed by hand):

* **learning objectives**: the notebook's "Learning objectives" cell, as written there;
* **lesson plan**: the prose and minutes of :mod:`rbteach.teaching.lessons`, whose placeholders are
  filled in here (sections' headings, exercises' numbers);
* **predictions**: :mod:`rbteach.teaching.predictions` — the question and its choices as the student
  sees them, the answer from :meth:`Prediction.answer` and the deciding numbers from
  :meth:`Prediction.facts`, both computed by rbteach when the page is written;
* **core and going-further sections, reading time**: :mod:`rbteach.teaching.core_path`;
* **misconceptions**: the hints of the notebook's exercise checks (:func:`rbteach.exercises.checks`),
  each with its id (what the gradebook, ``make grade``, counts) and the wrong answer it catches;
* **answers**: each check's expected value (:attr:`rbteach.exercises.Exercise.expected`, computed by
  rbteach), at the 4 significant digits the notebooks print, with one line of reasoning: the first
  sentence of the notebook's worked solution (or the check's formula where the solution is code only);
* **time students need**: estimated from the core path's words (core_path's reading rate) plus
  :data:`CODE_CELL_MINUTES` per core code cell, :data:`EXERCISE_MINUTES` per exercise and
  :data:`EXPLORE_MINUTES` per explorer or player (see :func:`student_minutes`).
"""

from __future__ import annotations

import inspect
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .. import exercises as _exercises
from . import core_path as _core
from . import lessons as _lessons
from . import predictions as _predictions

__all__ = ["NOTEBOOK_DIR", "DIGITS", "RECURRING", "CODE_CELL_MINUTES", "EXERCISE_MINUTES", "EXPLORE_MINUTES",
           "notebook_path", "notebooks", "page_name", "title", "objectives", "sections", "ExerciseInfo",
           "exercise_list", "reasoning", "hint_table", "student_minutes", "teacher_page", "index_page",
           "write_pages", "main"]

#: The course's notebooks (the repository's ``notebooks/``).
NOTEBOOK_DIR = Path(__file__).resolve().parents[2] / "notebooks"

#: Minutes a student spends on one core code cell: reading it, running it and reading its output
#: (an assumption of this estimate, stated on every page).
CODE_CELL_MINUTES = 1.0
#: Minutes a student spends on one exercise, including a second try after a hint (an assumption).
EXERCISE_MINUTES = 8.0
#: Minutes a student spends with one explorer or player: the prediction, then dragging (an assumption).
EXPLORE_MINUTES = 5.0

#: Significant digits of the answers on the pages: what the notebooks print and the checks accept.
DIGITS = 4
#: A misconception caught in this many notebooks or more is listed on the index as one that comes back.
RECURRING = 3

_LETTERS = "abcdefghij"
_PLACEHOLDER = re.compile(r"\{(section|exercise|notebook):([^{}]*)\}")
_FURTHER_LABEL = re.compile(r"\s*[—–-]+\s*going further\s*$", re.I)
_CHECK_CALL = re.compile(r"^[ \t]*nb(\d\d)_ex\.(check_\w+)\(\s*answer\s*\)", re.M)


# --------------------------------------------------------------------------- reading the notebooks
def notebook_path(nn: str) -> Path:
    """The notebook ``nn`` ("07") in :data:`NOTEBOOK_DIR`; ValueError for an unknown one."""
    if not isinstance(nn, str) or not re.fullmatch(r"\d\d", nn):
        raise ValueError(f"notebook must be two digits such as '07', got {nn!r}")
    found = sorted(NOTEBOOK_DIR.glob(f"{nn}_*.ipynb"))
    if not found:
        raise ValueError(f"notebook must be one of the course's notebooks 00–11, got {nn!r} "
                         f"(no {nn}_*.ipynb in {NOTEBOOK_DIR})")
    return found[0]


def _cells(nn: str) -> list[dict]:
    return json.loads(notebook_path(nn).read_text(encoding="utf-8"))["cells"]


def _src(cell) -> str:
    s = cell.get("source", "")
    return s if isinstance(s, str) else "".join(s)


def title(nn: str) -> str:
    """The notebook's title, its first heading ("07 Torque-free Euler")."""
    first = _src(_cells(nn)[0]).splitlines()[0]
    return first.lstrip("#").strip()


def objectives(nn: str) -> str:
    """The notebook's learning objectives, as written in its "Learning objectives" cell (Markdown)."""
    for cell in _cells(nn):
        text = _src(cell)
        if cell["cell_type"] == "markdown" and text.startswith("## Learning objectives"):
            return text.split("\n", 1)[1].strip()
    raise ValueError(f"notebook {nn} has no 'Learning objectives' cell")


def _plain_title(section) -> str:
    return _FURTHER_LABEL.sub("", section.title).strip()


def sections(nn: str) -> list:
    """The notebook's sections (:func:`rbteach.teaching.core_path.sections`)."""
    return list(_core.sections(notebook_path(nn)))


def _section_of(secs, cell_index: int):
    """The innermost section that holds ``cell_index`` (None before the first heading)."""
    holder = None
    for s in secs:
        if s.cell_index <= cell_index:
            holder = s
    return holder


def _is_further(secs, cell_index: int) -> bool:
    """True when the cell lies in a going-further section or in a subsection of one."""
    chain = {}
    for s in secs:
        if s.cell_index > cell_index:
            break
        chain = {lvl: x for lvl, x in chain.items() if lvl < s.level}
        chain[s.level] = s
    return any(x.further for x in chain.values())


# --------------------------------------------------------------------------- exercises
@dataclass(frozen=True)
class ExerciseInfo:
    """One exercise of a notebook: its check, number, what it asks, and where it stands."""

    key: str            # "07.check_world_L"
    name: str           # "check_world_L"
    number: str         # "3" (or "3a")
    asks: str           # the exercise cell's comment: "L_world at t = 5 s, three numbers (N m s)"
    cell_index: int
    further: bool


def exercise_list(nn: str) -> list[ExerciseInfo]:
    """The notebook's exercises in their order: one per exercise cell (``nbNN_ex.check_x(answer)``)."""
    cells, secs = _cells(nn), sections(nn)
    out, last_number = [], None
    for i, cell in enumerate(cells):
        if cell["cell_type"] != "code":
            continue
        m = _CHECK_CALL.search(_src(cell))
        if not m:
            continue
        number = None
        for j in range(i - 1, -1, -1):            # the statement: the nearest markdown "**Exercise N.**" above
            if cells[j]["cell_type"] == "code" and _CHECK_CALL.search(_src(cells[j])):
                break
            found = re.findall(r"\*\*Exercise (\w+)", _src(cells[j]))
            if found:
                number = found[-1]
                break
        if number is None:                        # a second cell of the same exercise (3a, 3b)
            number = last_number or "1"
        last_number = number
        check = _exercises.checks([nn]).get(f"{nn}.{m.group(2)}")
        label = re.match(r"\s*Exercise (\w+):", getattr(check, "__doc__", None) or "")
        if label and label.group(1).startswith(number) and label.group(1) != number:
            number = label.group(1)               # the check names the part: "Exercise 3b: ..."
        comment = re.search(r"#\s*your result:?\s*(.*)$", _src(cell), re.M)
        out.append(ExerciseInfo(f"{nn}.{m.group(2)}", m.group(2), number,
                                comment.group(1).strip() if comment else "", i, _is_further(secs, i)))
    return out


def _fmt(x) -> str:
    """A number as the notebooks print it: 4 significant digits, no trailing noise."""
    x = float(x)
    if x == 0:
        return "0"
    return f"{x:.{DIGITS}g}".replace("e-0", "e-").replace("e+0", "e").replace("-", "−")


def _fmt_value(v) -> str:
    a = np.asarray(v, dtype=float)
    if a.ndim == 0 or a.size == 1:
        return _fmt(a.ravel()[0])
    if a.ndim == 1:
        return "(" + ", ".join(_fmt(x) for x in a) + ")"
    return "[" + "; ".join(", ".join(_fmt(x) for x in row) for row in a) + "]"


def _one_line(doc: str) -> str:
    """The first paragraph of a check's docstring, on one line, without its "Exercise N:" prefix."""
    first = re.split(r"\n\s*\n", (doc or "").strip())[0]
    first = " ".join(first.split())
    first = re.sub(r"^Exercise \w+:\s*", "", first)
    return first.replace(":data:", "").replace("``", "`")


#: A check that is a function (not an :class:`Exercise`): a right answer computed from rbteach, and why.
def _proper_rotation_answer():
    from ..exercises import nb02
    return np.asarray(nb02.EX3_V, dtype=float) @ np.diag([-1.0, 1.0, 1.0])


_FUNCTION_ANSWERS = {
    "02.check_proper_rotation": (_proper_rotation_answer,
                                 "V with its first column reversed (reversing the second is right too)"),
}


def _first_sentence(text: str) -> str:
    """The first sentence of Markdown prose on one line (a full stop inside ``$…$`` does not end it)."""
    text = " ".join(text.split())
    dollars = 0
    for i, ch in enumerate(text):
        if ch == "$":
            dollars += 1
        elif ch in ".!?" and dollars % 2 == 0 and (i + 1 == len(text) or text[i + 1] == " "):
            return text[: i + 1]
    return text


def reasoning(nn: str, exercise: ExerciseInfo) -> str:
    """One line of reasoning for an exercise: the first sentence of its worked solution's prose (the
    notebook's ``solution`` cell after the exercise cell), or, for a solution that is code only, the
    formula in its check's docstring."""
    cells = _cells(nn)
    for cell in cells[exercise.cell_index + 1: exercise.cell_index + 3]:
        if "solution" in cell.get("metadata", {}).get("tags", []):
            body = _src(cell).split("</summary>", 1)[-1].split("```", 1)[0].strip()
            if body:
                return _first_sentence(body)
    return _one_line(_exercises.checks([nn])[exercise.key].__doc__)


def _answer(key: str, check):
    """(the answer as text, the check's one-line statement) of the check ``key``."""
    if isinstance(check, _exercises.Exercise):
        text = _fmt_value(check.expected)
        if check.kind == "quaternion":
            text += " (either sign: q and −q are one rotation)"
        elif check.kind == "axis":
            text += " (either sense)"
        if check.period:
            text += f" (modulo {_fmt(check.period)})"
        return text, _one_line(check.__doc__)
    make, words = _FUNCTION_ANSWERS[key]
    value = make()
    feedback = check(value.tolist())
    if not feedback:
        raise RuntimeError(f"{key}: the page's answer is refused by its own check: {feedback}")
    return f"{_fmt_value(value)}: {words}", _one_line(check.__doc__)


_FUNCTION_HINT = re.compile(r'Hint: (.*?)",\s*False,\s*"hint",\s*"([a-z0-9-]+)"', re.S)


def hint_table(key: str, check) -> list[tuple[str, str, str | None]]:
    """``[(hint id, what went wrong (the hint's text), the wrong answer it catches or None)]`` of a check."""
    if isinstance(check, _exercises.Exercise):
        rows = []
        for hints in (check.hints, check.exact_hints):
            for text, wrong in hints.items():
                rows.append((_exercises.hint_id(text), " ".join(str(text).split()), _fmt_value(wrong)))
        if type(check).__call__ is not _exercises.Exercise.__call__:
            rows = _coded_hints(check, rows)
        return rows
    return _coded_hints(check, [])


def _coded_hints(check, rows) -> list:
    """Hints a check writes in its own code (``Feedback(..., "hint", "id")``): a check that is a function,
    or an :class:`Exercise` subclass with its own ``__call__``. Read from the source of the function (or
    class) and of the module's private functions it calls; a ``{CONSTANT}`` in the text is the module's."""
    module = sys.modules[check.__module__]
    todo = [check if inspect.isfunction(check) else type(check)]
    sources, done = [], set()
    while todo:
        obj = todo.pop()
        if obj in done:
            continue
        done.add(obj)
        src = inspect.getsource(obj)
        sources.append(src)
        for name in re.findall(r"\b(_\w+)\(", src):
            f = getattr(module, name, None)
            if inspect.isfunction(f) and f.__module__ == module.__name__:
                todo.append(f)
    seen = {(hid, text) for hid, text, _ in rows}
    for text, hid in _FUNCTION_HINT.findall("\n".join(sources)):
        text = re.sub(r'"\s*\n\s*f?"', "", text)
        text = re.sub(r"\{([A-Z_][A-Z0-9_]*)\}", lambda m: str(getattr(module, m.group(1), "…")), text)
        text = " ".join(re.sub(r"\{[^{}]*\}", "…", text).split())
        if (hid, text) not in seen:
            seen.add((hid, text))
            rows.append((hid, text, None))
    return rows


# --------------------------------------------------------------------------- time
def _counts(nn: str) -> dict:
    """The core path's words and code cells, the going-further words, exercises and explorers/players."""
    cells, secs = _cells(nn), sections(nn)
    core_words = sum(s.words for s in secs if not _is_further(secs, s.cell_index))
    further_words = sum(s.words for s in secs if _is_further(secs, s.cell_index))
    core_code = sum(1 for i, c in enumerate(cells) if c["cell_type"] == "code" and secs
                    and i > secs[0].cell_index and not _is_further(secs, i) and not _CHECK_CALL.search(_src(c)))
    exercises = [e for e in exercise_list(nn) if not e.further]
    explorers = sum(1 for i, c in enumerate(cells) if c["cell_type"] == "code"
                    and re.search(r"^\s*(live\(|\S*attitude_player\()", _src(c), re.M) and not _is_further(secs, i))
    return {"core_words": core_words, "further_words": further_words, "core_code": core_code,
            "n_exercises": len(exercises), "n_explorers": explorers,
            "core_sections": sum(1 for s in secs if not _is_further(secs, s.cell_index)),
            "further_sections": sum(1 for s in secs if _is_further(secs, s.cell_index))}


def student_minutes(nn: str) -> dict:
    """The estimated time (minutes) a student needs for the notebook's core path, and its parts."""
    c = _counts(nn)
    reading = float(_core.reading_minutes(c["core_words"]))
    parts = {"reading": reading, "code": c["core_code"] * CODE_CELL_MINUTES,
             "exercises": c["n_exercises"] * EXERCISE_MINUTES, "explorers": c["n_explorers"] * EXPLORE_MINUTES}
    return {**c, **parts, "total": sum(parts.values()),
            "further_reading": float(_core.reading_minutes(c["further_words"]))}


def _n(count: int, one: str, many: str) -> str:
    """"1 exercise", "3 exercises"."""
    return f"{count} {one if count == 1 else many}"


def _minutes(x: float) -> str:
    return f"{int(round(x))} min"


# --------------------------------------------------------------------------- the page
def _fill(text: str, nn: str, secs, exercises) -> str:
    """``text`` with its placeholders filled in; ValueError naming one that does not resolve."""
    by_name = {e.name: e for e in exercises}

    def sub(m):
        kind, arg = m.group(1), m.group(2)
        if kind == "section":
            for s in secs:
                if arg in s.title:
                    tag = " (going further)" if _is_further(secs, s.cell_index) else ""
                    return f"“{_plain_title(s)}”{tag}"
            raise ValueError(f"lesson {nn}: no section of notebook {nn} has {arg!r} in its heading")
        if kind == "exercise":
            if arg not in by_name:
                raise ValueError(f"lesson {nn}: notebook {nn} has no exercise checked by {arg!r}")
            e = by_name[arg]
            return f"Exercise {e.number}" + (" (going further)" if e.further else "")
        return f"notebook {title(arg)}"

    return _PLACEHOLDER.sub(sub, text)


def _prediction_lines(p) -> list[str]:
    """A prediction for the teacher: as posed, then its answer, reason and deciding numbers."""
    k = int(p.answer())
    if not 0 <= k < len(p.choices):
        raise ValueError(f"prediction {p.id}: answer() gave {k}, not the index of one of {len(p.choices)} choices")
    facts = p.facts()
    choices = "  ".join(f"({_LETTERS[i]}) {c}" for i, c in enumerate(p.choices))
    lines = [f"   - **Pose** (prediction `{p.id}`): {' '.join(p.question.split())}  {choices}"]
    if p.settings:
        lines.append("   - **Set**: " + ", ".join(f"{k_} = {_fmt_fact(v)}" for k_, v in p.settings.items()))
    lines.append(f"   - **Answer**: ({_LETTERS[k]}) {p.choices[k]}. "
                 + p.reason.format(**facts).strip())
    shown = ", ".join(f"{k_} = {_fmt_fact(v)}" for k_, v in facts.items())
    if shown:
        lines.append(f"   - **Deciding numbers** (rbteach): {shown}")
    return lines


def _fmt_fact(v) -> str:
    if isinstance(v, (bool, np.bool_)):
        return "yes" if v else "no"
    if isinstance(v, (int, np.integer)):
        return str(int(v))
    if isinstance(v, str):
        return v
    try:
        return _fmt_value(v)
    except (TypeError, ValueError):
        return str(v)


def teacher_page(notebook: str) -> str:
    """The teacher's page of ``notebook`` ("07") as Markdown."""
    nn = notebook
    path = notebook_path(nn)
    if nn not in _lessons.LESSONS:
        raise ValueError(f"notebook {nn!r} has no lesson plan in rbteach.teaching.lessons")
    lesson = _lessons.LESSONS[nn]
    secs, exercises = sections(nn), exercise_list(nn)
    checks = _exercises.checks([nn])
    preds = list(_predictions.predictions(nn))
    fill = lambda text: _fill(text, nn, secs, exercises)        # noqa: E731
    t = student_minutes(nn)
    out = [f"# Teacher's page: {title(nn)}", "",
           f"For the teacher; the students' notebook is [{path.name}](../notebooks/{path.name}). "
           "Everything numerical on this page is computed by rbteach or read from the notebook "
           "(`make teacher` rewrites it).", "",
           "## At a glance", "",
           f"* **For**: {fill(lesson.audience)}",
           f"* **Before the lesson**: {fill(lesson.prepare)}",
           f"* **Core path**: {_n(t['core_sections'], 'section', 'sections')}, about {_minutes(t['reading'])} of "
           f"reading; {_n(t['further_sections'], 'going-further section', 'going-further sections')}"
           f" ({_minutes(t['further_reading'])} more).",
           f"* **Students need** about {_minutes(t['total'])} for the core path (see the last section).",
           f"* **Homework**: {fill(lesson.homework)}", "",
           "## Learning objectives", "", "As the notebook states them:", "", objectives(nn), "",
           f"## A {_lessons.LESSON_MINUTES}-minute lesson", ""]
    used = set()
    for n, step in enumerate(lesson.steps, 1):
        out.append(f"{n}. **{step.start}–{step.end} min.** {fill(step.text)}")
        if step.predict:
            mine = [p for p in preds if p.target == step.predict]
            if not mine:
                raise ValueError(f"lesson {nn}: no prediction of notebook {nn} targets {step.predict!r}")
            for p in mine:
                out += _prediction_lines(p)
                used.add(p.id)
            if step.ask:
                out.append(f"   - **Ask after**: {fill(step.ask)}")
    left = [p for p in preds if p.id not in used]
    if left:
        out += ["", "Further predictions of this notebook (for another lesson or for homework):", ""]
        for p in left:
            out.append(f"* At the {'player' if p.target == 'player' else 'explorer'}:")
            out += _prediction_lines(p)
    out += ["", "## Core path and going further", "",
            "The core path is what an introductory course needs; a going-further section can be skipped "
            "without breaking what follows. Reading time is estimated from the words of the section's prose.", "",
            "| section | path | words | reading |", "|---|---|---|---|"]
    for s in secs:
        further = _is_further(secs, s.cell_index)
        indent = "&nbsp;&nbsp;" * (s.level - 2)
        out.append(f"| {indent}{_cell(_plain_title(s))} | {'going further' if further else 'core'} | {s.words} | "
                   f"{_minutes(float(_core.reading_minutes(s.words)))} |")
    out += ["", "## Misconceptions the checks catch", "",
            "Each exercise's check recognises typical wrong answers and shows the student a hint. The id is what "
            "the gradebook (`make grade`) counts per class; the wrong answer is what the mistake gives, so it "
            "can be spotted on paper too.", ""]
    for e in exercises:
        check = checks.get(e.key)
        rows = hint_table(e.key, check)
        asks = f" asks for {e.asks}." if e.asks else ""
        out += [f"**Exercise {e.number}** (`{e.key}`):{asks}", "",
                "| id | the student's answer | what went wrong (the hint the student sees) |", "|---|---|---|"]
        for hid, text, wrong in rows:
            out.append(f"| `{hid}` | {wrong if wrong is not None else '—'} | {_cell(text)} |")
        out.append("")
    out += ["## Exercises: answers", "",
            f"At the {DIGITS} significant digits the notebooks print (any answer within rounding is accepted); "
            "the worked solutions are in the notebook, folded, in the teacher edition.", "",
            "| exercise | asks for | answer | why |", "|---|---|---|---|"]
    for e in exercises:
        answer, _ = _answer(e.key, checks[e.key])
        tag = " (going further)" if e.further else ""
        out.append(f"| {e.number}{tag} | {_cell(e.asks)} | {_cell(answer)} | {_cell(reasoning(nn, e))} |")
    out += ["", "## Time students need", "", _time_paragraph(t), ""]
    return "\n".join(out)


def _time_paragraph(t: dict) -> str:
    """How long the core path takes a student, and how that is estimated."""
    parts = [
        f"{t['core_words']} words of core prose read at {_core.WORDS_PER_MINUTE} words per minute "
        f"({_minutes(t['reading'])}; the rate is core_path's, for physics prose)",
        f"{_n(t['core_code'], 'core code cell', 'core code cells')} at {_fmt(CODE_CELL_MINUTES)} min each "
        f"({_minutes(t['code'])})",
        f"{_n(t['n_exercises'], 'core exercise', 'core exercises')} at {_fmt(EXERCISE_MINUTES)} min each "
        f"({_minutes(t['exercises'])})",
        f"{_n(t['n_explorers'], 'explorer or player', 'explorers and players')} at {_fmt(EXPLORE_MINUTES)} min "
        f"each ({_minutes(t['explorers'])})",
    ]
    return (f"About **{_minutes(t['total'])}** for the core path on one's own, estimated as: " + ", ".join(parts)
            + f". The going-further sections add about {_minutes(t['further_reading'])} of reading. The per-item "
            "minutes are this page's assumptions (rbteach.teaching.pages), not measurements; a class that works "
            "in pairs and discusses the predictions takes longer.")


def _cell(text: str) -> str:
    """Text safe in a Markdown table cell."""
    return " ".join(str(text).split()).replace("|", "\\|")


# --------------------------------------------------------------------------- the index and the CLI
def notebooks() -> list[str]:
    """The numbers of the course's notebooks ("00" … "11")."""
    return sorted(p.name[:2] for p in NOTEBOOK_DIR.glob("[0-9][0-9]_*.ipynb"))


def page_name(nn: str) -> str:
    """The page's file name: the notebook's, ``.md`` (``07_torque_free_euler.md``)."""
    return notebook_path(nn).stem + ".md"


def index_page() -> str:
    """``README.md`` of the teacher's pages: a table of the notebooks and the course's recurring mistakes."""
    out = ["# For teachers", "",
           "One page per notebook, for the evening before the lesson: the learning objectives, a plan for one "
           f"{_lessons.LESSON_MINUTES}-minute lesson (what to project and when, which prediction to pose and its "
           "answer, what to ask after), the core path and what can be skipped, the misconceptions the exercise "
           "checks catch (with the ids the gradebook reports), the exercises' answers and the time students need.",
           "", "These pages are written by `make teacher` from rbteach and the notebooks; do not edit them by hand.",
           "", "| notebook | core sections | going further | core reading | students need | exercises | predictions |",
           "|---|---|---|---|---|---|---|"]
    ids: dict[str, set] = {}
    total = 0.0
    for nn in notebooks():
        t = student_minutes(nn)
        total += t["total"]
        out.append(f"| [{title(nn)}]({page_name(nn)}) | {t['core_sections']} | {t['further_sections']} | "
                   f"{_minutes(t['reading'])} | {_minutes(t['total'])} | {len(exercise_list(nn))} | "
                   f"{len(_predictions.predictions(nn))} |")
        for key, check in _exercises.checks([nn]).items():
            for hid, _, _ in hint_table(key, check):
                ids.setdefault(hid, set()).add(nn)
    out += ["", f"The core path of the whole course: about {_minutes(total)} of a student's time "
            "(the sum of the pages' estimates).", "",
            "## Mistakes that come back", "",
            f"The same misconception caught in {RECURRING} notebooks or more: worth a word in class the first time "
            "it appears.", "", "| id | notebooks |", "|---|---|"]
    for hid, nns in sorted(ids.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        if len(nns) >= RECURRING:
            out.append(f"| `{hid}` | {', '.join(sorted(nns))} |")
    return "\n".join(out) + "\n"


def write_pages(dest) -> list[Path]:
    """Write every notebook's page and the index into ``dest``; returns the files written."""
    dest = Path(dest)
    if dest.exists() and not dest.is_dir():
        raise ValueError(f"dest must be a folder, got the file {str(dest)!r}")
    dest.mkdir(parents=True, exist_ok=True)
    written = []
    for nn in notebooks():
        target = dest / page_name(nn)
        target.write_text(teacher_page(nn) + "\n", encoding="utf-8")
        written.append(target)
    index = dest / "README.md"
    index.write_text(index_page(), encoding="utf-8")
    return written + [index]


def main(argv=None) -> None:
    import argparse

    ap = argparse.ArgumentParser(prog="python -m rbteach.teaching.pages", description=__doc__.splitlines()[0])
    ap.add_argument("dest", help="the folder to write the pages into (the repository's teacher/)")
    args = ap.parse_args(argv)
    for path in write_pages(args.dest):
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
