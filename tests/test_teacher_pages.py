"""The teacher's pages (teacher/*.md, rbteach.teaching.pages): up to date, their numbers from rbteach.

* the committed pages equal what the generator writes now (``make teacher``);
* the lesson plans' prose (rbteach.teaching.lessons) has no hand-typed number: no digit outside a
  placeholder, and every plan covers the lesson's minutes without a gap;
* every answer on a page, typed back into its check, is accepted; every misconception's wrong answer,
  typed back, gets the hint whose id the page names (the id the gradebook reports);
* every prediction of a notebook appears on its page with its computed answer;
* the site adds the pages to the teacher edition only; bad input gets a ValueError naming it.
"""

from __future__ import annotations

import dataclasses
import re
import sys
from pathlib import Path

import numpy as np
import pytest

from rbteach import exercises
from rbteach.teaching import lessons, pages, predictions

ROOT = Path(__file__).resolve().parents[1]
TEACHER = ROOT / "teacher"
NOTEBOOKS = pages.notebooks()


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    dest = tmp_path_factory.mktemp("teacher")
    pages.write_pages(dest)
    return dest


def _page(nn: str) -> str:
    return (TEACHER / pages.page_name(nn)).read_text(encoding="utf-8")


def test_the_course_has_twelve_notebooks_each_with_a_lesson():
    assert NOTEBOOKS == [f"{i:02d}" for i in range(12)]
    assert sorted(lessons.LESSONS) == NOTEBOOKS


def test_committed_pages_equal_what_the_generator_writes(written):
    made = sorted(p.name for p in written.iterdir())
    committed = sorted(p.name for p in TEACHER.glob("*.md"))
    assert made == committed, "teacher/ differs from the generator's files: run make teacher"
    for name in made:
        assert (TEACHER / name).read_text(encoding="utf-8") == (written / name).read_text(encoding="utf-8"), \
            f"teacher/{name} is out of date: run make teacher"


_PLACEHOLDER = re.compile(r"\{(section|exercise|notebook):[^{}]*\}")


def _prose(lesson) -> list[str]:
    texts = [lesson.audience, lesson.prepare, lesson.homework]
    for step in lesson.steps:
        texts += [step.text, step.ask or ""]
    return texts


@pytest.mark.parametrize("nn", NOTEBOOKS)
def test_lesson_prose_has_no_hand_typed_number(nn):
    for text in _prose(lessons.LESSONS[nn]):
        outside = _PLACEHOLDER.sub("", text)
        assert not re.search(r"\d", outside), f"lesson {nn}: a digit outside a placeholder in {text!r}"
        assert "{" not in outside and "}" not in outside, f"lesson {nn}: a malformed placeholder in {text!r}"


@pytest.mark.parametrize("nn", NOTEBOOKS)
def test_lesson_covers_the_lesson_without_gaps(nn):
    steps = lessons.LESSONS[nn].steps
    assert steps[0].start == 0 and steps[-1].end == lessons.LESSON_MINUTES
    for a, b in zip(steps, steps[1:]):
        assert a.start < a.end == b.start < b.end, f"lesson {nn}: {a} then {b}"
    assert all((s.ask is None) == (s.predict is None) for s in steps), f"lesson {nn}: a prediction without a follow-up"


def test_the_digit_scan_catches_a_typed_number():
    typed = dataclasses.replace(lessons.LESSONS["07"], homework="Exercise 4, which takes about 20 minutes.")
    assert any(re.search(r"\d", _PLACEHOLDER.sub("", t)) for t in _prose(typed))


def _numbers(text: str) -> np.ndarray:
    """The numbers of an answer as the page prints it: "1.2", "(a, b, c)" or "[a, b; c, d]"."""
    text = text.replace("−", "-")
    rows = [[float(x) for x in re.findall(r"-?\d+(?:\.\d+)?(?:e-?\d+)?", row)] for row in text.split(";")]
    return np.array(rows[0] if len(rows) == 1 else rows)


def _table(page: str, heading: str) -> list[list[str]]:
    part = page.split(f"## {heading}", 1)[1].split("\n## ", 1)[0]
    lines = part.splitlines()
    rows = [line for k, line in enumerate(lines) if line.startswith("| ")
            and not (k + 1 < len(lines) and lines[k + 1].startswith("|---"))]      # not the header row
    return [[c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]] for line in rows]


@pytest.mark.parametrize("nn", NOTEBOOKS)
def test_every_answer_on_the_page_is_accepted_by_its_check(nn):
    page = _page(nn)
    checks = exercises.checks([nn])
    listed = pages.exercise_list(nn)
    rows = _table(page, "Exercises: answers")
    assert len(rows) == len(listed) == len(checks) > 0
    for e, row in zip(listed, rows):
        assert row[0].split()[0] == e.number
        answer = re.split(r" \(", row[2])[0].split(":")[0]
        feedback = checks[e.key](_numbers(answer).tolist())
        assert feedback, f"{e.key}: the page's answer {answer!r} is refused: {feedback}"


@pytest.mark.parametrize("nn", NOTEBOOKS)
def test_every_hint_id_on_the_page_is_what_the_check_reports(nn):
    page = _page(nn)
    checks = exercises.checks([nn])
    part = page.split("## Misconceptions the checks catch", 1)[1].split("\n## ", 1)[0]
    blocks = re.split(r"^\*\*Exercise \w+\*\* \(`([^`]+)`\):.*$", part, flags=re.M)[1:]
    assert len(blocks) // 2 == len(checks)
    for key, block in zip(blocks[::2], blocks[1::2]):
        check = checks[key]
        rows = [[c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]] for line in block.splitlines()
                if line.startswith("| `")]
        assert rows, f"{key}: no misconception listed"
        for hid, wrong, _ in rows:
            hid = hid.strip("`")
            if wrong == "—":                      # a check that is a function: the id is in its source
                assert f'"{hid}"' in Path(sys.modules[check.__module__].__file__).read_text(encoding="utf-8")
                continue
            feedback = check(_numbers(wrong).tolist())
            assert feedback.verdict == "hint" and feedback.hint_id == hid, \
                f"{key}: typing the page's {wrong} for `{hid}` gives {feedback.verdict} {feedback.hint_id}: {feedback}"


@pytest.mark.parametrize("nn", NOTEBOOKS)
def test_every_prediction_appears_with_its_computed_answer(nn):
    page = _page(nn)
    for p in predictions.predictions(nn):
        k = p.answer()
        assert f"`{p.id}`" in page, f"prediction {p.id} is not on the page"
        assert f"**Answer**: ({'abcdefghij'[k]}) {p.choices[k]}." in page, f"prediction {p.id}: its answer is not on the page"


@pytest.mark.parametrize("nn", NOTEBOOKS)
def test_every_section_of_the_notebook_is_listed_with_its_path(nn):
    rows = _table(_page(nn), "Core path and going further")
    secs = pages.sections(nn)
    assert [r[1] for r in rows] == ["going further" if s.further else "core" for s in secs]
    assert [int(r[2]) for r in rows] == [s.words for s in secs]


def test_the_objectives_are_the_notebooks_own():
    for nn in NOTEBOOKS:
        assert pages.objectives(nn) in _page(nn)


@pytest.mark.parametrize("bad", ["99", "7", 7, None, "../00"])
def test_an_unknown_notebook_is_refused_by_name(bad):
    with pytest.raises(ValueError, match="notebook"):
        pages.teacher_page(bad)


def test_the_pages_go_into_a_folder_not_a_file(tmp_path):
    target = tmp_path / "teacher.md"
    target.write_text("", encoding="utf-8")
    with pytest.raises(ValueError, match="dest must be a folder"):
        pages.write_pages(target)


def test_a_placeholder_that_does_not_resolve_is_refused():
    secs, ex = pages.sections("07"), pages.exercise_list("07")
    with pytest.raises(ValueError, match="no section"):
        pages._fill("{section:No such heading}", "07", secs, ex)
    with pytest.raises(ValueError, match="no exercise"):
        pages._fill("{exercise:check_nothing}", "07", secs, ex)


def test_the_site_adds_the_pages_to_the_teacher_edition_only(tmp_path):
    sys.path.insert(0, str(ROOT / "site"))
    import teacher_pages

    for edition in ("student", "teacher"):
        src = tmp_path / edition
        src.mkdir()
        (src / "index.md").write_text("# rbteach\n\nThe notebooks.\n", encoding="utf-8")
        added = teacher_pages.add(src, edition)
        index = (src / "index.md").read_text(encoding="utf-8")
        if edition == "student":
            assert added == 0 and not (src / "teachers").exists() and "For teachers" not in index
        else:
            assert added == len(NOTEBOOKS) and "## For teachers" in index
            assert (src / "teachers" / "index.md").is_file()
            assert (src / "teachers" / pages.page_name("07")).read_text(encoding="utf-8") == _page("07")
    with pytest.raises(ValueError, match="edition"):
        teacher_pages.add(tmp_path, "students")
