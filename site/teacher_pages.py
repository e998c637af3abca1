"""The website's "For teachers" section: the teacher's pages (``teacher/*.md``), in the teacher edition only.

``add(src, edition)`` copies the committed pages (written by ``make teacher``, checked against
:mod:`rbteach.teaching.pages` by tests/test_teacher_pages.py) into the Sphinx source folder as
``teachers/`` (``README.md`` becomes the section's ``index.md``) and adds a "For teachers" entry to the
site's index. The student edition gets nothing: the pages carry the exercises' answers and the
predictions' answers. Their links to the notebooks (``../notebooks/NN_x.ipynb``) resolve in the site as
in the repository.
"""

from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGES = ROOT / "teacher"
FOLDER = "teachers"


def add(src: Path, edition: str) -> int:
    """Add the teacher's pages to the Sphinx source ``src`` when ``edition`` is "teacher"; returns how
    many notebook pages were added (0 for the student edition)."""
    if edition not in ("student", "teacher"):
        raise ValueError(f"edition must be 'student' or 'teacher', got {edition!r}")
    if edition != "teacher":
        return 0
    from rbteach.teaching.lessons import LESSON_MINUTES
    pages = sorted(PAGES.glob("[0-9][0-9]_*.md"))
    if not pages or not (PAGES / "README.md").is_file():
        raise SystemExit(f"no teacher's pages in {PAGES}: run make teacher")
    dest = src / FOLDER
    dest.mkdir(parents=True, exist_ok=True)
    for page in pages:
        shutil.copy(page, dest / page.name)
    toc = "\n".join(["", "```{toctree}", ":hidden:", ":maxdepth: 1", ""] + [p.stem for p in pages] + ["```", ""])
    index = (PAGES / "README.md").read_text(encoding="utf-8")
    (dest / "index.md").write_text(index + toc, encoding="utf-8")
    site_index = src / "index.md"
    site_index.write_text(site_index.read_text(encoding="utf-8").rstrip("\n")
                          + f"\n\n## For teachers\n\nA [teacher's page for every notebook]({FOLDER}/index.md): "
                          f"a {LESSON_MINUTES}-minute lesson plan, the predictions' answers, the core path, the misconceptions "
                          "the checks catch and the exercises' answers.\n\n"
                          f"```{{toctree}}\n:hidden:\n:caption: For teachers\n\n{FOLDER}/index\n```\n",
                          encoding="utf-8")
    return len(pages)
