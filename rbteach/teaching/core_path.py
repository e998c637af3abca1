"""The core path through the notebooks: which sections an introductory course reads, which it may skip.

A *section* is a Markdown heading (``##``, ``###`` …; the notebook's ``#`` title is not a section)
and the cells after it up to the next heading of the same or a higher level. A section that an
introductory course can skip is marked twice, so that neither a reader nor a program can miss it:

* its heading ends with :data:`FURTHER_LABEL` (" — Going further"), and
* its heading cell carries the metadata ``{"rbteach": {"path": "further"}}``.

A skipped heading must be the first heading of its cell (the metadata belongs to the cell). The
subsections of a skipped section are skipped with it; everything else is the *core path*.

Reading time. :func:`reading_minutes` divides the words of prose by :data:`WORDS_PER_MINUTE` = 120.
Brysbaert (2019, "How many words do we read per minute? A review and meta-analysis of reading
rate", *Journal of Memory and Language* 109, 104047) found 238 words per minute for silent reading
of English non-fiction; a student reading physics prose reads the formulas and the figures too
(neither is counted as words here) and checks them against the text, so this estimate takes half
that rate. It is an estimate of the reading alone, not of running cells, dragging explorers or
doing the exercises.

Word count (:func:`prose_words`): the Markdown cells' text without code blocks, inline code,
display and inline maths, HTML tags and link targets; a word is a run of letters or digits that
contains a letter, so Japanese terms in brackets count as one word each run. Worked solutions
(cells tagged ``solution``) are not counted: they are folded away and read only after an attempt.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

__all__ = ["FURTHER_LABEL", "WORDS_PER_MINUTE", "Section", "sections", "core_sections", "core_words",
           "reading_minutes", "course_sections", "core_summary", "headings", "prose_words", "slug",
           "is_further_cell", "NOTEBOOK_DIR", "readme_line", "map_markdown", "MAP_METADATA"]

#: The label a skippable section's heading ends with.
FURTHER_LABEL = " — Going further"
#: Words of prose per minute for :func:`reading_minutes` (see the module docstring for why).
WORDS_PER_MINUTE = 120
#: The course's notebooks (``notebooks/`` next to the package in a source checkout).
NOTEBOOK_DIR = Path(__file__).resolve().parents[2] / "notebooks"

_FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.S | re.M)
_HEADING = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$", re.M)


@dataclass(frozen=True)
class Section:
    """One section of a notebook (see the module docstring).

    ``words`` counts the prose from this heading to the next heading of *any* level, so that the
    words of a notebook are the sum over its sections; ``end_index`` is the first cell after the
    section *with* its subsections (the next heading of the same or a higher level)."""

    notebook: str          #: "07"
    title: str             #: the heading's text, without the #'s (and with the label, if any)
    level: int             #: 2 for ##, 3 for ###
    further: bool          #: skippable: marked, or inside a marked section
    marked: bool           #: this heading itself carries the label and the metadata
    cell_index: int        #: the heading's cell
    end_index: int         #: the first cell after the section and its subsections
    words: int             #: words of prose (Markdown only) up to the next heading
    anchor: str            #: the heading's id on the website (docutils' make_id of the title)

    @property
    def name(self) -> str:
        """The title without :data:`FURTHER_LABEL`."""
        return self.title[: -len(FURTHER_LABEL)] if self.title.endswith(FURTHER_LABEL) else self.title


def _source(cell) -> str:
    s = cell.get("source", "")
    return s if isinstance(s, str) else "".join(s)


def headings(text: str) -> list[tuple[int, str, int]]:
    """The Markdown headings of ``text`` outside code blocks: ``(level, title, offset)``."""
    out = []
    for m in _HEADING.finditer(text):
        inside = any(f.start() <= m.start() < f.end() for f in _FENCE.finditer(text))
        if not inside:
            out.append((len(m.group(1)), m.group(2).strip(), m.start()))
    return out


def prose_words(markdown: str) -> int:
    """Words of prose in ``markdown`` (see the module docstring for what counts)."""
    t = _FENCE.sub(" ", markdown)
    t = re.sub(r"\$\$.*?\$\$", " ", t, flags=re.S)
    t = re.sub(r"\\\[.*?\\\]", " ", t, flags=re.S)
    t = re.sub(r"(?<!\\)\$[^$\n]+?(?<!\\)\$", " ", t)
    t = re.sub(r"`[^`\n]*`", " ", t)
    t = re.sub(r"<[^>\n]+>", " ", t)
    t = re.sub(r"\]\([^)\s]*\)", "] ", t)
    return sum(1 for w in re.findall(r"[^\W_]+(?:['’][^\W_]+)*", t) if any(ch.isalpha() for ch in w))


def slug(title: str) -> str:
    """The id the website (Sphinx, through docutils' ``make_id``) gives a heading titled ``title``
    (maths as its LaTeX text). Empty for a title with no Latin letters or digits."""
    t = title.replace("$", "").replace("`", "")
    try:
        from docutils.nodes import make_id
    except ImportError:                                   # the same rule, for a machine without docutils
        t = unicodedata.normalize("NFKD", t.lower()).encode("ascii", "ignore").decode("ascii")
        t = re.sub(r"[^a-z0-9]+", "-", " ".join(t.split()))
        return re.sub(r"^[-0-9]+|-+$", "", t)
    return make_id(t)


def is_further_cell(cell) -> bool:
    """True when ``cell``'s metadata marks a skippable section's heading."""
    meta = cell.get("metadata", {}).get("rbteach", {})
    return isinstance(meta, dict) and meta.get("path") == "further"


def _load(notebook) -> tuple[str, dict]:
    if isinstance(notebook, dict):
        return notebook.get("metadata", {}).get("rbteach_name", "??"), notebook
    path = Path(notebook)
    if not path.suffix:
        matches = sorted(NOTEBOOK_DIR.glob(f"{path.name}_*.ipynb"))
        if len(matches) != 1:
            raise ValueError(f"notebook {str(notebook)!r}: expected one notebooks/{path.name}_*.ipynb, found {len(matches)}")
        path = matches[0]
    if not path.is_file():
        raise ValueError(f"notebook {str(notebook)!r}: no such file")
    return path.name[:2], json.loads(path.read_text(encoding="utf-8"))


def sections(notebook_path) -> list[Section]:
    """The sections of a notebook, in order. ``notebook_path`` is a path to an ``.ipynb``, a notebook
    number ("07") or an already loaded notebook (a dict)."""
    number, nb = _load(notebook_path)
    cells = nb.get("cells", [])
    raw = []          # [level, title, cell index, marked, words up to the next heading]
    for i, cell in enumerate(cells):
        if cell.get("cell_type") != "markdown":
            continue
        text = _source(cell)
        prose = "solution" not in cell.get("metadata", {}).get("tags", [])
        cuts = [(level, title, offset) for level, title, offset in headings(text) if level >= 2]
        head = text[: cuts[0][2]] if cuts else text
        if raw and prose:                         # the text before this cell's first heading
            raw[-1][4] += prose_words(head)
        for k, (level, title, offset) in enumerate(cuts):
            marked = title.endswith(FURTHER_LABEL)
            if marked and (k != 0 or not is_further_cell(cell)):
                raise ValueError(f"notebook {number}, cell {i}: the skippable heading {title!r} must be its "
                                 "cell's first heading, and the cell must carry {'rbteach': {'path': 'further'}}")
            stop = cuts[k + 1][2] if k + 1 < len(cuts) else len(text)
            raw.append([level, title, i, marked, prose_words(text[offset:stop]) if prose else 0])
    out = []
    for n, (level, title, i, marked, words) in enumerate(raw):
        end_index = len(cells)
        for later in raw[n + 1:]:
            if later[0] <= level:
                end_index = max(later[2], i + 1)
                break
        out.append([number, title, level, marked, i, end_index, words])
    result = []
    stack: list[tuple[int, bool]] = []          # (level, further) of the enclosing sections
    for number, title, level, marked, i, end_index, words in out:
        while stack and stack[-1][0] >= level:
            stack.pop()
        further = marked or any(f for _, f in stack)
        stack.append((level, further))
        result.append(Section(notebook=number, title=title, level=level, further=further, marked=marked,
                              cell_index=i, end_index=end_index, words=words, anchor=slug(title)))
    return result


def core_sections(notebook_path) -> list[Section]:
    """The sections of the core path in one notebook."""
    return [s for s in sections(notebook_path) if not s.further]


def course_sections(notebook_dir=None) -> list[Section]:
    """The sections of every numbered notebook (``NN_*.ipynb``) in ``notebook_dir``, in order."""
    folder = Path(notebook_dir) if notebook_dir is not None else NOTEBOOK_DIR
    paths = sorted(p for p in folder.glob("*.ipynb") if re.match(r"\d\d_", p.name))
    if not paths:
        raise ValueError(f"notebook_dir {str(folder)!r} holds no numbered notebook (NN_*.ipynb)")
    return [s for p in paths for s in sections(p)]


def core_words(notebook_path=None) -> int:
    """Words of prose on the core path: of one notebook, or of the whole course when ``None``."""
    secs = course_sections() if notebook_path is None else sections(notebook_path)
    return sum(s.words for s in secs if not s.further)


def reading_minutes(words, wpm: float = WORDS_PER_MINUTE) -> float:
    """Minutes to read ``words`` words at ``wpm`` words per minute (default
    :data:`WORDS_PER_MINUTE`, see the module docstring)."""
    if isinstance(words, bool) or not isinstance(words, (int, float)) or not words >= 0 or words == float("inf"):
        raise ValueError(f"words must be a finite number ≥ 0, got {words!r}")
    if isinstance(wpm, bool) or not isinstance(wpm, (int, float)) or not 0 < wpm < float("inf"):
        raise ValueError(f"wpm must be a finite number of words per minute > 0, got {wpm!r}")
    return words / wpm


def core_summary(notebook_dir=None) -> dict:
    """The figures the README gives: sections and words on the core path and skipped, and the core
    path's reading time in whole hours and minutes (rounded to 5 minutes)."""
    secs = course_sections(notebook_dir)
    core = [s for s in secs if not s.further]
    words = sum(s.words for s in core)
    minutes = 5 * round(reading_minutes(words) / 5)
    return {"sections": len(secs), "core_sections": len(core), "further_sections": len(secs) - len(core),
            "core_words": words, "all_words": sum(s.words for s in secs), "core_minutes": minutes,
            "all_minutes": 5 * round(reading_minutes(sum(s.words for s in secs)) / 5),
            "wpm": WORDS_PER_MINUTE}


# ------------------------------------------------------------ the README's line and 00's map

#: The metadata of the map cell in notebook 00 that :func:`map_markdown` writes.
MAP_METADATA = {"rbteach": {"map": "core-path"}}


def readme_line(summary: dict | None = None) -> str:
    """The README's sentence on the core path's length (figures from :func:`core_summary`)."""
    s = core_summary() if summary is None else summary
    h, m = divmod(s["core_minutes"], 60)
    ha, ma = divmod(s["all_minutes"], 60)
    return (f"**The core path** is {s['core_sections']} of the {s['sections']} sections of notebooks 00–11 (the other "
            f"{s['further_sections']} lie in sections marked “Going further”): {s['core_words']} words of prose, about {h} h {m:02d} min "
            f"of reading at {s['wpm']} words per minute (the whole course: {s['all_words']} words, about {ha} h {ma:02d} min), "
            "without running cells, dragging explorers or doing exercises.")


def map_markdown(notebook_dir=None) -> str:
    """The core-path map in notebook 00: per notebook, its core sections, its reading time on the
    core path and the sections an introductory course may skip."""
    folder = Path(notebook_dir) if notebook_dir is not None else NOTEBOOK_DIR
    rows = []
    for path in sorted(p for p in folder.glob("*.ipynb") if re.match(r"\d\d_", p.name)):
        secs = sections(path)
        core = [s for s in secs if not s.further]
        skip = [s.name for s in secs if s.marked]
        minutes = round(reading_minutes(sum(s.words for s in core)))
        skip_text = "; ".join(skip) if skip else "—"
        rows.append(f"| {path.name[:2]} | {len(core)} of {len(secs)} | {minutes} | {skip_text} |")
    s = core_summary(folder)
    h, m = divmod(s["core_minutes"], 60)
    return ("### The core path\n\n"
            "An introductory course reads the core sections and may skip the ones whose heading ends in "
            f"“{FURTHER_LABEL.strip(' —')}” (the derivations beyond a first course, the exact solutions, the "
            "integrator lab's advanced methods). Notebooks 09–11 go beyond a first course; each still has a core that "
            "reads alone. The core path never refers to a skipped section, so a class can stop at the label and go on "
            "at the next core heading.\n\n"
            "| notebook | core sections | core reading (min) | going further: may be skipped |\n"
            "|---|---|---|---|\n" + "\n".join(rows) + "\n\n"
            f"In all: {s['core_sections']} core sections, about {h} h {m:02d} min of reading at {s['wpm']} words per "
            "minute, plus the explorers and the exercises (`rbteach.teaching.core_path` counts the words).")


def _write(root: Path) -> list[str]:
    """Rewrite the README's core-path line and notebook 00's map cell from the notebooks."""
    changed = []
    readme = root / "README.md"
    text = readme.read_text(encoding="utf-8")
    new = re.sub(r"^\*\*The core path\*\* is .*$", lambda _: readme_line(core_summary(root / "notebooks")), text,
                 count=1, flags=re.M)
    if new != text:
        readme.write_text(new, encoding="utf-8")
        changed.append(str(readme))
    nb_path = next((root / "notebooks").glob("00_*.ipynb"))
    nb = json.loads(nb_path.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell.get("metadata", {}).get("rbteach", {}).get("map") == "core-path":
            body = map_markdown(root / "notebooks")
            if _source(cell) != body:
                cell["source"] = body.splitlines(keepends=True)
                nb_path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
                changed.append(str(nb_path))
    return changed


def main(argv=None) -> None:
    """``python -m rbteach.teaching.core_path [--write]``: print the figures, or rewrite the README's line
    and notebook 00's map (after the notebooks' prose changed)."""
    import sys

    args = sys.argv[1:] if argv is None else argv
    if args == ["--write"]:
        for p in _write(NOTEBOOK_DIR.parent):
            print("rewrote", p)
        return
    if args:
        raise SystemExit("usage: python -m rbteach.teaching.core_path [--write]")
    print(readme_line())
    print()
    print(map_markdown())


if __name__ == "__main__":
    main()
