"""The core path (issue 20 §1): skippable sections are marked consistently, and the core path reads alone.

The references followed from every cell of the core path (Markdown and code) to the skipped
("Going further") sections:

* Markdown links to a skipped section's anchor (``#anchor`` or ``NN_….ipynb#anchor``);
* "section N" / "sections N and M" for a skipped section numbered N in the same notebook;
* a skipped section's name (its title without number, label and maths; and what its title puts in
  brackets), mentioned in a core cell;
* "above" / "below" in the first (last) Markdown cell of a core section whose previous (next)
  section is skipped;
* Python names that a core code cell uses and whose latest definition is in a skipped cell (``ast``).

A reference in a sentence that says "going further" is a pointer, not a dependency, and is allowed.
"""

from __future__ import annotations

import ast
import builtins
import json
import re
from pathlib import Path

import pytest

from rbteach.teaching import core_path as cp

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))


def _src(cell) -> str:
    s = cell.get("source", "")
    return s if isinstance(s, str) else "".join(s)


def _load(path):
    return json.loads(Path(path).read_text(encoding="utf-8"))


def skipped_cells(nb) -> set[int]:
    """Indices of the cells inside a skipped section."""
    out = set()
    for s in cp.sections(nb):
        if s.marked:
            out.update(range(s.cell_index, s.end_index))
    return out


def _sentences(text: str):
    """Paragraph-ish pieces: a reference is allowed when its piece says "going further"."""
    return re.split(r"(?<=[.!?])\s+(?=[A-Z*(])|\n\s*\n|\n\s*(?:[*-]|\d+\.) ", text)


def _pointer(text: str, start: int) -> bool:
    pos = 0
    for piece in _sentences(text):
        at = text.find(piece, pos)
        if at <= start < at + len(piece) + 1:
            return "going further" in piece.lower()
        pos = max(pos, at)
    return False


def _names_of(title: str) -> list[str]:
    """The phrases by which a section may be mentioned: the pieces of its title (split at ":" and
    "—"), without its number, label and maths, and what it puts in brackets (not article
    references), if of two words or more or one capitalised word of 5 letters or more; and the
    proper names in it (Feynman, Wahba's: a capitalised word not first in the title, or a possessive)."""
    t = title[: -len(cp.FURTHER_LABEL)] if title.endswith(cp.FURTHER_LABEL) else title
    t = re.sub(r"^\d+\s+", "", t)
    t = re.sub(r"\$[^$]*\$", "", t)
    pieces = [inner for inner in re.findall(r"\(([^)]*)\)", t) if not re.search(r"article|§", inner)]
    pieces += re.split(r":|—", re.sub(r"\([^)]*\)", "", t))
    out = []
    words = re.findall(r"[A-Za-z][\w-]*(?:['’]s)?", t)
    for k, w in enumerate(words):                     # proper names: Feynman, Chandler, Wahba's, Poinsot's
        if re.fullmatch(r"[A-Z][a-z]{3,}(['’]s)?", w) and (k > 0 or w[-2:] in ("'s", "’s")):
            out.append(re.sub(r"['’]s$", "", w))
    for p in pieces:
        p = p.strip(" .*`'’")
        if not re.search(r"[A-Za-z]{3}", p):
            continue
        if len(p.split()) >= 2 or (len(p) >= 5 and p[0].isupper()):
            out.append(p)
    return out


def markdown_problems(path) -> list[str]:
    nb = _load(path)
    secs = cp.sections(nb)
    skipped = skipped_cells(nb)
    number = Path(path).name[:2]
    further = [s for s in secs if s.further]
    by_number = {}
    for s in further:
        m = re.match(r"(\d+)\s", s.title)
        if m:
            by_number[int(m.group(1))] = s
    problems = []
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "markdown" or i in skipped:
            continue
        text = _src(cell)
        where = f"{number} cell {i}"
        for m in re.finditer(r"\]\(([^)#\s]*)#([^)\s]+)\)", text):
            target = m.group(1)
            anchors = {s.anchor for s in further} if not target else {
                s.anchor for p in NOTEBOOKS if p.name == Path(target).name for s in cp.sections(p) if s.further}
            if m.group(2) in anchors and not _pointer(text, m.start()):
                problems.append(f"{where}: links to the skipped section #{m.group(2)}")
        for m in re.finditer(r"(?i)\bsections?\s+(\d+(?:\s*(?:,|and|&|–|-)\s*\d+)*)", text):
            for n in map(int, re.findall(r"\d+", m.group(1))):
                if n in by_number and not _pointer(text, m.start()):
                    problems.append(f"{where}: refers to section {n}, skipped ({by_number[n].title!r})")
        for s in further:
            for name in _names_of(s.title):
                flags = re.I if " " in name else 0          # one word: as a proper name, case and all
                for m in re.finditer(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", text, flags):
                    if not _pointer(text, m.start()):
                        problems.append(f"{where}: names the skipped section {s.title!r} ({name!r})")
    # above/below at the edge of a core section next to a skipped one
    for k, s in enumerate(secs):
        if s.further:
            continue
        prev_skipped = k > 0 and secs[k - 1].further and secs[k - 1].cell_index < s.cell_index
        nxt = secs[k + 1] if k + 1 < len(secs) else None
        md = [i for i in range(s.cell_index, (nxt.cell_index if nxt else len(nb["cells"])))
              if nb["cells"][i]["cell_type"] == "markdown"]
        text_first = _src(nb["cells"][s.cell_index])
        if prev_skipped:
            for m in re.finditer(r"(?i)\b(above|previous section)\b", text_first):
                if not _pointer(text_first, m.start()):
                    problems.append(f"{number} cell {s.cell_index}: says {m.group(1)!r} just after a skipped section")
        end = nxt.cell_index if nxt else len(nb["cells"])
        code_after = md and any(nb["cells"][j]["cell_type"] == "code" for j in range(md[-1] + 1, end))
        if nxt is not None and nxt.further and md and not code_after:      # "below" then means the next section
            last = _src(nb["cells"][md[-1]])
            for m in re.finditer(r"(?i)\b(below|next section)\b", last):
                if not _pointer(last, m.start()):
                    problems.append(f"{number} cell {md[-1]}: says {m.group(1)!r} just before a skipped section")
    return problems


# ----------------------------------------------------------------- Python names, with ast

_BUILTINS = set(dir(builtins)) | {"get_ipython", "display", "__name__", "__file__"}


def _code(cell) -> str:
    lines = []
    for line in _src(cell).splitlines():
        lines.append("pass" if line.lstrip().startswith(("%", "!")) else line)
    return "\n".join(lines)


def _bound_inside(node) -> set[str]:
    """Names bound by the comprehensions and lambdas inside an expression (local to them)."""
    out = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.comprehension):
            out |= {n.id for n in ast.walk(sub.target) if isinstance(n, ast.Name)}
        elif isinstance(sub, ast.Lambda):
            out |= {a.arg for a in ast.walk(sub.args) if isinstance(a, ast.arg)}
        elif isinstance(sub, ast.NamedExpr):
            pass
    return out


class _Uses:
    """The names a cell reads before it sets them, in execution order (loops, with, try followed)."""

    def __init__(self):
        self.loads: list[str] = []
        self.stores: set[str] = set()

    def expr(self, node):
        if node is None:
            return
        local = _bound_inside(node)
        for sub in ast.walk(node):
            if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Load):
                if sub.id not in self.stores and sub.id not in local:
                    self.loads.append(sub.id)
        for sub in ast.walk(node):
            if isinstance(sub, ast.NamedExpr):
                self.stores.add(sub.target.id)

    def target(self, node):
        for sub in ast.walk(node):
            if isinstance(sub, ast.Name):
                if isinstance(sub.ctx, ast.Store):
                    self.stores.add(sub.id)
                elif sub.id not in self.stores:
                    self.loads.append(sub.id)
            elif isinstance(sub, (ast.Subscript, ast.Attribute)):
                self.expr(sub.value)

    def body(self, stmts):
        for st in stmts:
            self.statement(st)

    def statement(self, st):
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            bound = {a.arg for a in ast.walk(st) if isinstance(a, ast.arg)}
            bound |= {n.id for n in ast.walk(st) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
            for n in ast.walk(st):
                if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id not in bound | self.stores:
                    self.loads.append(n.id)
            self.stores.add(st.name)
        elif isinstance(st, (ast.Import, ast.ImportFrom)):
            self.stores |= {(a.asname or a.name).split(".")[0] for a in st.names}
        elif isinstance(st, (ast.For, ast.AsyncFor)):
            self.expr(st.iter)
            self.target(st.target)
            self.body(st.body + st.orelse)
        elif isinstance(st, (ast.While, ast.If)):
            self.expr(st.test)
            self.body(st.body + st.orelse)
        elif isinstance(st, (ast.With, ast.AsyncWith)):
            for item in st.items:
                self.expr(item.context_expr)
                if item.optional_vars is not None:
                    self.target(item.optional_vars)
            self.body(st.body)
        elif isinstance(st, ast.Try) or type(st).__name__ == "TryStar":
            self.body(st.body)
            for h in st.handlers:
                self.expr(h.type)
                if h.name:
                    self.stores.add(h.name)
                self.body(h.body)
            self.body(st.orelse + st.finalbody)
        elif isinstance(st, ast.Assign):
            self.expr(st.value)
            for t in st.targets:
                self.target(t)
        elif isinstance(st, (ast.AugAssign, ast.AnnAssign)):
            self.expr(st.value)
            if isinstance(st, ast.AugAssign) and isinstance(st.target, ast.Name) and st.target.id not in self.stores:
                self.loads.append(st.target.id)
            self.target(st.target)
        else:
            self.expr(st)


def cell_names(cell) -> tuple[list[str], set[str]]:
    """(names a code cell reads before it sets them, names it sets)."""
    tree = ast.parse(_code(cell))
    u = _Uses()
    for stmt in tree.body:
        u.statement(stmt)
    return u.loads, u.stores


def code_problems(path) -> list[str]:
    nb = _load(path)
    skipped = skipped_cells(nb)
    number = Path(path).name[:2]
    last_def: dict[str, int] = {}
    problems = []
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code":
            continue
        loads, stores = cell_names(cell)
        if i not in skipped:
            for n in dict.fromkeys(loads):
                if n in last_def and last_def[n] in skipped:
                    problems.append(f"{number} cell {i}: uses {n!r}, last set in the skipped cell {last_def[n]}")
        for n in stores:
            last_def[n] = i
    return problems


# ----------------------------------------------------------------- the tests


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name[:2])
def test_labels_and_metadata_agree(path):
    """A heading with the label has the metadata on its cell, and the reverse; the label is spelled once."""
    nb = _load(path)
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "markdown":
            continue
        heads = cp.headings(_src(cell))
        labelled = [t for lvl, t, _ in heads if lvl >= 2 and t.endswith(cp.FURTHER_LABEL)]
        first_labelled = bool(heads) and heads[0][0] >= 2 and heads[0][1].endswith(cp.FURTHER_LABEL)
        assert cp.is_further_cell(cell) == first_labelled, f"cell {i}: label and metadata disagree: {heads}"
        assert len(labelled) <= 1 and (not labelled or first_labelled), f"cell {i}: a label not on the first heading"
        assert not re.search(r"(?i)going further", " ".join(t for _, t, _ in heads).replace(cp.FURTHER_LABEL, "")), \
            f"cell {i}: 'going further' spelled another way in a heading"
    for s in cp.sections(nb):
        assert s.level >= 2
        if s.marked and s.end_index < len(nb["cells"]):     # a skipped section ends where a cell begins
            nxt = nb["cells"][s.end_index]
            heads = cp.headings(_src(nxt))
            assert heads and not _src(nxt)[: heads[0][2]].strip(), f"cell {s.end_index}: text of {s.title!r} before its heading"


def test_every_notebook_has_a_core():
    """Every notebook keeps its objectives, explorer, exercises and summary on the core path."""
    for path in NOTEBOOKS:
        core = [s.title for s in cp.core_sections(path)]
        for needed in ("Learning objectives", "Exercises", "Summary"):
            assert any(needed in t for t in core), f"{path.name}: {needed!r} is not on the core path"
        assert any("Explorer" in t for t in core), f"{path.name}: its explorer is not on the core path"


def test_some_sections_are_skippable():
    """The introductory course has something to skip in most notebooks (09–11 go beyond the syllabus)."""
    marked = {p.name[:2] for p in NOTEBOOKS for s in cp.sections(p) if s.marked}
    assert len(marked) >= 9, sorted(marked)
    s = cp.core_summary()
    assert 0 < s["core_words"] < s["all_words"] and s["further_sections"] > 0


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name[:2])
def test_core_markdown_refers_to_no_skipped_section(path):
    assert markdown_problems(path) == []


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name[:2])
def test_core_code_uses_no_name_from_a_skipped_cell(path):
    assert code_problems(path) == []


def test_exercises_stay_on_the_core_path_unless_skipped_whole():
    """Every notebook keeps exercises on the core path. An exercise that needs a skipped section is
    skipped whole: its check cell lies under its own heading "### Exercise N — Going further"."""
    from rbteach import course

    for path in NOTEBOOKS:
        nb = _load(path)
        skipped = skipped_cells(nb)
        checks = [i for i, c in enumerate(nb["cells"]) if course.is_exercise_cell(c)]
        assert [i for i in checks if i not in skipped], f"{path.name}: no exercise on the core path"
        secs = cp.sections(nb)
        for i in checks:
            if i not in skipped:
                continue
            (own,) = [s for s in secs if s.cell_index < i < s.end_index and s.level == max(
                x.level for x in secs if x.cell_index < i < x.end_index)]
            assert re.fullmatch(r"Exercise \d+" + re.escape(cp.FURTHER_LABEL), own.title), \
                f"{path.name}: the exercise check in cell {i} is skipped with the section {own.title!r}"
            number = own.title.split()[1]
            assert f"**Exercise {number}.**" in _src(nb["cells"][own.cell_index])


# the checker itself: it must find what it claims to find


def _toy(cells):
    return {"cells": [{"cell_type": t, "metadata": m, "source": s, **({"outputs": [], "execution_count": None}
                                                                       if t == "code" else {})}
                      for t, m, s in cells], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


def test_checker_finds_each_kind_of_reference(tmp_path):
    further = {"rbteach": {"path": "further"}}
    nb = _toy([
        ("markdown", {}, "# 99 Toy\n"),
        ("markdown", {}, "## 1 Basics\nText."),
        ("code", {}, "a = 1"),
        ("markdown", further, "## 2 Elliptic functions" + cp.FURTHER_LABEL + "\nHard."),
        ("code", {}, "k = a + 1\ndef f(x):\n    return x + k"),
        ("markdown", {}, "## 3 Explorer\nAs shown above. Section 2 has it; see [there](#elliptic-functions-going-further). "
                         "The elliptic functions give it."),
        ("code", {}, "print(k, f(a))"),
        ("markdown", {}, "## 4 Pitfalls\nGoing further: section 2 and elliptic functions, for the curious."),
    ])
    path = tmp_path / "99_toy.ipynb"
    path.write_text(json.dumps(nb), encoding="utf-8")
    md = markdown_problems(path)
    assert any("links to the skipped section" in p for p in md), md
    assert any("refers to section 2" in p for p in md), md
    assert any("names the skipped section" in p and "cell 5" in p for p in md), md
    assert any("'above'" in p for p in md), md
    assert not any("cell 7" in p for p in md), md          # the "going further" pointer is allowed
    code = code_problems(path)
    assert code == ["99 cell 6: uses 'k', last set in the skipped cell 4",
                    "99 cell 6: uses 'f', last set in the skipped cell 4"], code


def test_sections_and_words():
    nb = _toy([
        ("markdown", {}, "# 99 Toy\nIntro words here."),
        ("markdown", {}, "## One\nalpha beta $x^2 + y$ gamma `code here`\n\n```python\nnot counted\n```\n### Sub\ndelta"),
        ("markdown", {"tags": ["solution"]}, "solution words are not counted"),
        ("markdown", {"rbteach": {"path": "further"}}, "## Two" + cp.FURTHER_LABEL + "\nepsilon [link](#one)"),
        ("markdown", {}, "### Deep\nzeta eta"),
        ("markdown", {}, "## Three\ntheta"),
    ])
    secs = cp.sections(nb)
    assert [(s.title, s.level, s.words, s.further, s.cell_index, s.end_index) for s in secs] == [
        ("One", 2, 4, False, 1, 3), ("Sub", 3, 2, False, 1, 3), ("Two — Going further", 2, 5, True, 3, 5),
        ("Deep", 3, 3, True, 4, 5), ("Three", 2, 2, False, 5, 6)]
    assert secs[2].anchor == "two-going-further" and secs[2].name == "Two"
    bad = _toy([("markdown", {}, "## A\ntext\n## B" + cp.FURTHER_LABEL + "\nmore")])
    with pytest.raises(ValueError, match="first heading"):
        cp.sections(bad)


def test_reading_minutes_rejects_bad_input():
    assert cp.reading_minutes(1200) == 10.0 and cp.reading_minutes(300, wpm=150) == 2.0
    for words, wpm in ((-1, 120), (float("nan"), 120), ("100", 120), (100, 0), (100, float("inf")), (True, 120)):
        with pytest.raises(ValueError, match="words|wpm"):
            cp.reading_minutes(words, wpm=wpm)
    with pytest.raises(ValueError, match="notebook"):
        cp.sections("99")


def test_readme_states_the_core_path_as_computed():
    """The README's core-path line gives the figures core_summary() computes."""
    s = cp.core_summary()
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    line = cp.readme_line(s)
    assert line in text, f"README.md should contain:\n{line}"


def test_the_map_in_00_shows_the_core_path():
    nb = _load(ROOT / "notebooks" / "00_index_and_conventions.ipynb")
    cells = [c for c in nb["cells"] if c.get("metadata", {}).get("rbteach", {}).get("map") == "core-path"]
    assert len(cells) == 1, "00 needs one cell with metadata {'rbteach': {'map': 'core-path'}}"
    assert _src(cells[0]) == cp.map_markdown()
