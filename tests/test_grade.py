"""The grader (issue 19 §2), tried on a class that does everything a class does: right answers,
typical mistakes, blanks, broken files, foreign notebooks, deleted and reordered cells, a check called
on the exercise's own data, an endless loop, a 4 GB allocation, a crashed kernel, a 100 MB print,
code that writes, deletes and reads outside its scratch copy, and two files for one notebook.

The notebooks are small but real course notebooks as the grader sees them: they import the course's
exercise module and call its checks; the verdicts come from those checks."""

from __future__ import annotations

import csv
import json
import os
import time
from pathlib import Path

import pytest

from rbteach import grade as G
from rbteach.exercises import hint_id
from rbteach.exercises import nb06

CHECKS = sorted(n for n in vars(nb06) if n.startswith("check_"))
TIMEOUT = 25.0


def _nb(*cells):
    return {"cells": [{"cell_type": "markdown", "metadata": {}, "source": "# 06 Integrating orientation"}]
            + [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "source": c}
               for c in cells], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


def _answers(pick, extra=(), at=1):
    cells = ["from rbteach.exercises import nb06 as nb06_ex"]
    for name in CHECKS:
        value = pick(name, getattr(nb06, name))
        cells.append(f"answer = {value!r}\nnb06_ex.{name}(answer)")
    return _nb(*cells[:at], *extra, *cells[at:])


def _right(name, ex):
    return ex.expected.tolist()


def _first_hint(name, ex):
    text, value = next(iter(ex.hints.items()))
    return value.tolist()


def _write(path: Path, nb):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(nb) if isinstance(nb, dict) else nb, encoding="utf-8")


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    root = tmp_path_factory.mktemp("grading")
    subs, out = root / "class", root / "out"
    _write(subs / "ada" / "my work.ipynb", _answers(_right))
    _write(subs / "bob" / "06.ipynb", _answers(_first_hint))
    _write(subs / "cat" / "untouched.ipynb", _answers(lambda n, ex: None))
    _write(subs / "dan" / "broken.ipynb", '{"cells": [')
    _write(subs / "eve" / "other.ipynb", {"cells": [{"cell_type": "code", "metadata": {}, "outputs": [],
                                                     "source": "print(1)"}], "metadata": {}, "nbformat": 4,
                                          "nbformat_minor": 5})
    nb = _answers(_right)
    nb["cells"] = nb["cells"][:2] + nb["cells"][3:][::-1]          # one exercise deleted, the rest reordered
    _write(subs / "fay" / "reordered.ipynb", nb)
    # an endless loop that sleeps: the grader stops it by the clock all the same, and a busy one would
    # only burn a core of the suite for TIMEOUT seconds
    _write(subs / "gus" / "loop.ipynb", _answers(_right, ["import time\nwhile True:\n    time.sleep(0.05)"], at=2))
    _write(subs / "hal" / "alloc.ipynb", _answers(_right, ["import numpy as np\nx = np.ones(2**29)  # 4 GB"]))
    _write(subs / "ivy" / "crash.ipynb", _answers(_right, ["import os\nos._exit(1)"], at=2))
    _write(subs / "jon" / "big.ipynb", _answers(_right, ["print('x' * 100_000_000)"]))
    evil = (f"import glob, os\n"
            f"open({str(root / 'PWNED')!r}, 'w').write('x')\n"
            f"seen = glob.glob({str(subs)!r} + '/*/*')\n"
            f"try:\n    os.remove({str(subs / 'ada' / 'my work.ipynb')!r})\nexcept OSError:\n    pass\n"
            f"assert not seen, seen")
    _write(subs / "kim" / "evil.ipynb", _answers(_right, [evil]))
    _write(subs / "lea" / "first.ipynb", _answers(_first_hint))
    os.utime(subs / "lea" / "first.ipynb", (time.time() - 60, time.time() - 60))
    _write(subs / "lea" / "second.ipynb", _answers(_right))
    cheat = _answers(_right)
    cheat["cells"][2]["source"] = f"answer = None\nnb06_ex.{CHECKS[0]}(nb06_ex.{CHECKS[0]}.expected)"
    _write(subs / "max" / "cheat.ipynb", cheat)
    _write(subs / "ned_lastname_12345_06.ipynb", _answers(_right))      # Canvas/Moodle's flat layout
    before = {p: p.read_bytes() for p in subs.rglob("*") if p.is_file()}
    result = G.grade(subs, out, timeout=TIMEOUT, log=lambda *a: None)
    book = {r["student"]: r for r in csv.DictReader(open(out / "gradebook.csv", encoding="utf-8"))}
    return {"root": root, "subs": subs, "out": out, "result": result, "book": book, "before": before}


def test_every_student_gets_a_row_and_every_exercise_a_column(graded):
    book = graded["book"]
    assert sorted(book) == ["ada", "bob", "cat", "dan", "eve", "fay", "gus", "hal", "ivy", "jon", "kim", "lea",
                            "max", "ned"]
    header = next(csv.reader(open(graded["out"] / "gradebook.csv", encoding="utf-8")))
    assert header == ["student", *[f"06.{n}" for n in CHECKS], "notes"]
    for row in book.values():
        assert all(row[f"06.{n}"] in G.VERDICTS + ("",) for n in CHECKS)


def _verdicts(row):
    return [row[f"06.{n}"] for n in CHECKS]


def test_right_wrong_and_blank_come_from_the_course_checks(graded):
    book = graded["book"]
    assert _verdicts(book["ada"]) == ["right"] * len(CHECKS) and book["ada"]["notes"] == ""
    assert _verdicts(book["ned"]) == ["right"] * len(CHECKS)
    assert _verdicts(book["bob"]) == ["wrong"] * len(CHECKS)
    assert _verdicts(book["cat"]) == ["blank"] * len(CHECKS)


def test_files_that_cannot_be_graded_get_a_note(graded):
    book = graded["book"]
    assert _verdicts(book["dan"]) == [""] * len(CHECKS) and "not a readable notebook" in book["dan"]["notes"]
    assert "not a notebook of this course" in book["eve"]["notes"]


def test_deleted_and_reordered_cells(graded):
    row = graded["book"]["fay"]
    assert row[f"06.{CHECKS[0]}"] == "blank" and "no cell calls this check" in row["notes"]
    assert all(row[f"06.{n}"] == "right" for n in CHECKS[1:])


def test_a_check_handed_the_exercises_own_data_is_wrong(graded):
    row = graded["book"]["max"]
    assert row[f"06.{CHECKS[0]}"] == "wrong" and "own data" in row["notes"]


def test_runaway_code_is_stopped_and_the_rest_is_graded(graded):
    book = graded["book"]
    gus, ivy = book["gus"], book["ivy"]
    assert gus[f"06.{CHECKS[0]}"] == "right" and all(gus[f"06.{n}"] == "error" for n in CHECKS[1:])
    assert f"ran past the {TIMEOUT:g} s limit" in gus["notes"]
    assert ivy[f"06.{CHECKS[0]}"] == "right" and all(ivy[f"06.{n}"] == "error" for n in CHECKS[1:])
    assert "kernel died" in ivy["notes"]
    assert _verdicts(book["hal"]) == ["right"] * len(CHECKS) and "MemoryError" in book["hal"]["notes"]
    assert _verdicts(book["jon"]) == ["right"] * len(CHECKS)


def test_nobody_is_harmed(graded):
    if not graded["result"]["sandboxed"]:
        pytest.fail("bubblewrap is not working here: make test installs it (as root)")
    assert not (graded["root"] / "PWNED").exists()
    after = {p: p.read_bytes() for p in graded["subs"].rglob("*") if p.is_file()}
    assert after == graded["before"], "a submission was changed or deleted"
    row = graded["book"]["kim"]
    assert _verdicts(row) == ["right"] * len(CHECKS) and "AssertionError" not in row["notes"], row["notes"]
    assert not (graded["out"] / "PWNED").exists()


def test_two_files_for_one_notebook_the_newest_counts(graded):
    row = graded["book"]["lea"]
    assert _verdicts(row) == ["right"] * len(CHECKS)
    assert "the newest counts (second.ipynb)" in row["notes"]


def test_misconceptions_count_each_hint_by_its_stable_id(graded):
    rows = list(csv.DictReader(open(graded["out"] / "misconceptions.csv", encoding="utf-8")))
    takers = sum(1 for r in graded["book"].values() if r[f"06.{CHECKS[0]}"])
    for name in CHECKS:
        text = next(iter(getattr(nb06, name).hints))
        row = next(r for r in rows if r["exercise"] == f"06.{name}")
        assert row["hint"] == f"{hint_id(text)}: {text}"
        assert int(row["students"]) == 1 and float(row["share"]) == pytest.approx(1 / takers, abs=0.005)


def test_the_report_opens_offline_and_shows_bars_and_mistakes(graded):
    page = (graded["out"] / "report.html").read_text(encoding="utf-8")
    assert "http://" not in page and "https://" not in page and "<script" not in page
    assert page.count("class='bar'") == len(CHECKS)
    assert "The most common mistakes" in page and "bubblewrap sandbox" in page


def test_regrading_writes_the_same_files(graded, tmp_path):
    subs = tmp_path / "again"
    for name in ("ada", "bob", "dan"):
        for p in (graded["subs"] / name).iterdir():
            (subs / name).mkdir(parents=True, exist_ok=True)
            (subs / name / p.name).write_bytes(p.read_bytes())
    outs = []
    for k in range(2):
        G.grade(subs, tmp_path / f"out{k}", timeout=TIMEOUT, log=lambda *a: None)
        outs.append({f: (tmp_path / f"out{k}" / f).read_bytes() for f in ("gradebook.csv", "misconceptions.csv",
                                                                          "report.html")})
    assert outs[0] == outs[1]


def test_without_a_sandbox_it_says_so(tmp_path, monkeypatch):
    _write(tmp_path / "class" / "ada" / "a.ipynb", _answers(_right))
    said = []
    result = G.grade(tmp_path / "class", tmp_path / "out", sandbox="none", timeout=TIMEOUT, log=said.append)
    assert not result["sandboxed"] and any("WITHOUT a sandbox" in s for s in said)
    assert "Graded without a sandbox" in (tmp_path / "out" / "report.html").read_text(encoding="utf-8")
    monkeypatch.setattr(G, "have_bwrap", lambda: False)
    with pytest.raises(ValueError, match="bubblewrap"):
        G.grade(tmp_path / "class", tmp_path / "out", sandbox="bwrap")


@pytest.mark.parametrize("kw, word", [({"timeout": 0}, "timeout"), ({"memory": -1}, "memory"),
                                      ({"jobs": True}, "jobs"), ({"sandbox": "docker"}, "sandbox")])
def test_bad_arguments_name_themselves(tmp_path, kw, word):
    with pytest.raises(ValueError, match=word):
        G.grade(tmp_path, tmp_path / "out", **kw)
    with pytest.raises(ValueError, match="SUBMISSIONS"):
        G.grade(tmp_path / "missing", tmp_path / "out")
