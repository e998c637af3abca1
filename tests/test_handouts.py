"""Hand-outs never leak (issue 19 §1): the student and teacher editions are built from the notebooks
as committed, every exercise cell blank, and the student edition shows no exercise's answer.

The tests stand where a teacher stands: a clone whose notebooks/ has answers typed into every
exercise cell (right ones and wrong ones), some of them even committed."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from rbteach import course

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
TYPED = "TYPED-BY-THE-TEACHER"


def _git(cwd, *args):
    return subprocess.run(["git", "-C", str(cwd), *args], check=True, capture_output=True, text=True).stdout


def _type_answers(nb: dict, marker: str) -> int:
    """Type an answer into every exercise cell, as a teacher would (a right answer, then a marker)."""
    n = 0
    for cell in nb["cells"]:
        if course.is_exercise_cell(cell):
            call = course._CHECK_CALL.search(course._source(cell)).group(0)
            name = call.split(".", 1)[1].split("(")[0]
            ex = getattr(__import__(f"rbteach.exercises.{call[:4]}", fromlist=["x"]), name)
            right = ex.expected.tolist() if hasattr(ex, "expected") else None
            cell["source"] = f"right = {right!r}\nanswer = {marker!r}  # {marker}\n{call}"
            cell["outputs"] = [{"output_type": "execute_result", "execution_count": 1, "metadata": {},
                                "data": {"text/plain": f"{name}: correct ✓ {marker}"}}]
            n += 1
    return n


@pytest.fixture(scope="module")
def teachers_clone(tmp_path_factory):
    """A clone of this commit with answers typed into every notebook's exercises, one notebook's
    answers committed, the rest left in the working tree (autosaved, not committed)."""
    clone = tmp_path_factory.mktemp("clone") / "rbteach"
    head = _git(ROOT, "rev-parse", "HEAD").strip()
    subprocess.run(["git", "clone", "-q", "--no-checkout", str(ROOT), str(clone)], check=True)
    _git(clone, "checkout", "-q", head)
    # the working tree may hold uncommitted notebooks (this very change): copy them in and commit
    for path in NOTEBOOKS:
        shutil.copy(path, clone / "notebooks" / path.name)
    _git(clone, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-a", "--allow-empty", "-m", "as is")
    first = clone / "notebooks" / NOTEBOOKS[0].name
    nb = json.loads(first.read_text(encoding="utf-8"))
    assert _type_answers(nb, TYPED + "-COMMITTED")
    first.write_text(json.dumps(nb, indent=1, ensure_ascii=False), encoding="utf-8")
    _git(clone, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-a", "-m", "a teacher's answers")
    typed = 0
    for path in sorted((clone / "notebooks").glob("[0-9][0-9]_*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        typed += _type_answers(nb, TYPED)
        path.write_text(json.dumps(nb, indent=1, ensure_ascii=False), encoding="utf-8")
    assert typed >= len(NOTEBOOKS)
    return clone


@pytest.mark.parametrize("which", course.EDITIONS)
def test_no_typed_answer_reaches_an_edition(teachers_clone, tmp_path, which):
    written = course.write_edition(teachers_clone / "notebooks", tmp_path, which)
    assert sorted(p.name for p in written) == [p.name for p in NOTEBOOKS]
    for path in written:
        text = path.read_text(encoding="utf-8")
        assert TYPED not in text, f"{which} edition {path.name}: a typed answer leaked"
        nb = json.loads(text)
        assert nb["metadata"]["rbteach"]["edition"] == which
        assert which.capitalize() + " edition" in course._source(nb["cells"][0])
        exercises = [c for c in nb["cells"] if course.is_exercise_cell(c)]
        assert exercises, path.name
        for cell in exercises:
            assert cell["outputs"] == [] and course._source(cell).startswith("answer = None")
        solutions = [c for c in nb["cells"] if course.is_solution(c)]
        assert bool(solutions) == (which == "teacher"), path.name


def test_without_git_the_working_tree_is_blanked(teachers_clone, tmp_path):
    loose = tmp_path / "download"
    shutil.copytree(teachers_clone / "notebooks", loose)          # a zip download: no .git above it
    written = course.write_edition(loose, tmp_path / "out", "student")
    assert written and all(TYPED not in p.read_text(encoding="utf-8") for p in written)


@pytest.fixture(scope="module")
def student_copies(tmp_path_factory):
    out = tmp_path_factory.mktemp("student")
    return course.write_edition(ROOT / "notebooks", out, "student")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_stored_output_of_a_student_copy_shows_an_answer(path, student_copies):
    answers = course.exercise_answers(path.name)
    assert answers, f"{path.name}: no exercise answers found to scan for"
    copy = next(p for p in student_copies if p.name == path.name)
    leaks = course.answer_leaks(json.loads(copy.read_text(encoding="utf-8")), answers)
    assert not leaks, f"{path.name}: stored outputs show exercise answers: {leaks[:5]}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_the_scan_finds_every_answer_printed_as_a_cell_would(path):
    """Generic, no list of cells: print each answer (4 significant digits, 12 digits as 09's
    γ1 = 1.351207191960 was, and inside an array) into an output, and the student edition hides it."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    answers = course.exercise_answers(path.name)
    code = next(c for c in nb["cells"] if c["cell_type"] == "code" and not course.is_exercise_cell(c))
    for name, values in answers.items():
        for e in values:
            for text in (f"{e:.4g}", f"{e:.12f}", f"[ 0.1 {e:.5f} 2.0]"):
                code["outputs"] = [{"output_type": "stream", "name": "stdout", "text": f"γ = {text}\n"}]
                assert any(n == name for *_, n in course.answer_leaks(nb, {name: [e]})), (name, text)
                student = course.edition(nb, "student", name=path.name)
                assert not course.answer_leaks(student, answers), (name, text)
                assert any("left out of the student edition" in json.dumps(c.get("outputs", []))
                           for c in student["cells"])


def test_a_printed_neighbour_is_not_an_answer():
    nb = {"cells": [{"cell_type": "code", "source": "", "metadata": {}, "outputs": [
        {"output_type": "stream", "name": "stdout", "text": "1.353 1.3500 1.351 0.5000 2.0000\n"}]}]}
    assert course.answer_leaks(nb, {"check": [1.351207191960]}) == [(0, 0, "1.351", "check")]
    assert course.answer_leaks(nb, {"check": [1.3556]}) == []
    assert course.exercise_answers("99_none.ipynb") == {}


def test_edition_names_are_checked():
    with pytest.raises(ValueError, match="edition"):
        course.edition({"cells": []}, "answers")


def _load(path, name):
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("which", course.EDITIONS)
def test_the_site_and_lite_copies_of_a_dirty_clone_hold_no_typed_answer(teachers_clone, tmp_path, monkeypatch,
                                                                       which):
    """`make site` and `make lite` (their notebook steps, run on the teacher's clone): no answer typed
    into notebooks/ reaches a page or a Lite notebook; every copy says its edition."""
    site = _load(ROOT / "site" / "build_site.py", "build_site_for_test")
    lite = _load(ROOT / "lite" / "build_lite.py", "build_lite_for_test")
    monkeypatch.setattr(site, "ROOT", teachers_clone)
    monkeypatch.setattr(lite, "NOTEBOOKS", teachers_clone / "notebooks")
    site.notebooks(tmp_path / "site", which)
    names = lite.contents(tmp_path / "lite", which)
    assert "explorers.ipynb" in names and len(names) == len(NOTEBOOKS) + 1
    for folder in (tmp_path / "site" / "notebooks", tmp_path / "lite"):
        copies = sorted(folder.glob("[0-9][0-9]_*.ipynb"))
        assert [p.name for p in copies] == [p.name for p in NOTEBOOKS]
        for path in copies:
            text = path.read_text(encoding="utf-8")
            assert TYPED not in text, f"{folder.name}/{path.name}: a typed answer leaked"
            nb = json.loads(text)
            assert f"{which.capitalize()} edition" in json.dumps(nb["cells"][0]["source"], ensure_ascii=False)
            assert any(course.is_solution(c) for c in nb["cells"]) == (which == "teacher")
            if which == "student":                    # and no stored output prints an exercise's answer
                assert not course.answer_leaks(nb, course.exercise_answers(path.name)), path.name
