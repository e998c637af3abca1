"""The website's precomputed explorer frames (site/explorer_frames.py), without a browser.

Each explorer's data file, made exactly as ``make site`` makes it (the notebook's ``live(...)``
size and starting values), fits the budget (2 MB); its main control is the explorer's first control
and keeps at least MIN_STEPS values; the site's slider (min, max, step, as live.js reads a position)
lands exactly on the grid's values; the frames decode to rbteach's own answer (``_answer``) at
their grid values; the controls outside the grid are listed as needing a kernel.
"""

from __future__ import annotations

import importlib
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "site"))
import build_site  # noqa: E402
import explorer_frames  # noqa: E402


def _explorers():
    """name → (width, height, overrides) of every notebook's live(...) call, as build_site reads it."""
    from rbteach.explorers.live import CANVAS_SIZE

    found = {}
    for path in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            call = build_site._explorer_call("".join(cell["source"])) if cell["cell_type"] == "code" else None
            if call:
                name, kw = call
                found[name] = (kw.pop("width", CANVAS_SIZE[0]), kw.pop("height", CANVAS_SIZE[1]), kw)
    return found


EXPLORERS = _explorers()


def test_every_explorer_has_a_row_in_the_table():
    assert sorted(EXPLORERS) == sorted(explorer_frames.CONTROLS) == [f"nb{i:02d}" for i in range(12)]


def _js_slider_values(spec) -> list:
    """Every value live.js reads from the site's slider (its ``read``: on the step grid from min,
    toFixed(10); a log slider's value is base**x at 12 significant digits)."""
    n = int((spec["max"] - spec["min"]) / spec["step"] + 1e-9) + 1       # the input's positions up to max
    xs = [float(f"{i * spec['step'] + spec['min']:.10f}") for i in range(n)]
    if spec["kind"] == "log":
        return [float(f"{spec['base'] ** x:.12g}") for x in xs]
    return [int(round(x)) for x in xs] if spec["kind"] == "int" else xs


@pytest.mark.parametrize("name", sorted(EXPLORERS))
def test_data_within_budget_and_frames_are_rbteachs(name):
    from rbteach.explorers.live import _answer, pack

    width, height, overrides = EXPLORERS[name]
    data, facts = explorer_frames.explorer_data(name, width=width, height=height, overrides=overrides)
    print(f"\n{name}: {facts}")
    assert len(data) <= explorer_frames.BUDGET
    index, buffers = explorer_frames.decode(data)
    module = importlib.import_module(f"rbteach.explorers.{name}")
    controls = module.controls()
    main = index["axes"][0]
    assert main["name"] == next(iter(controls)) == explorer_frames.CONTROLS[name][0]
    assert len(main["values"]) >= explorer_frames.MIN_STEPS - 5       # the grid through the start: ±a few
    assert len(index["frames"]) == facts["frames"] == len(main["values"]) * (
        len(index["axes"][1]["values"]) if len(index["axes"]) > 1 else 1)
    live = [a["name"] for a in index["axes"]]
    assert index["kernel"] == [k for k in controls if k not in live]
    specs = {c["name"]: c for c in index["spec"]["controls"]}
    assert [c["name"] for c in index["spec"]["controls"]] == list(controls)
    for axis in index["axes"]:
        spec = specs[axis["name"]]
        assert not spec["disabled"]
        if spec["kind"] in ("float", "int", "log"):
            assert _js_slider_values(spec) == axis["values"], f"{name}: the slider does not land on the grid"
            last = spec["min"] + (len(axis["values"]) - 1) * spec["step"]      # as the browser computes it
            assert last <= spec["max"], f"{name}: the browser's range stops one step short of the last value"
            assert index["values"][axis["name"]] in axis["values"], "the starting value is not on the grid"
    for k in index["kernel"]:
        assert specs[k]["disabled"]
    # a few frames decode to _answer's own reply at their grid values
    n2 = len(index["axes"][1]["values"]) if len(index["axes"]) > 1 else 1
    for k in sorted({0, len(index["frames"]) // 3, len(index["frames"]) - 1}):
        values = dict(index["values"], **{main["name"]: main["values"][k // n2]})
        if n2 > 1:
            values[index["axes"][1]["name"]] = index["axes"][1]["values"][k % n2]
        frame = index["frames"][k]
        assert frame["values"] == values
        reply, bufs = _answer(module, values)
        if "error" in reply:
            assert frame["error"] == reply["error"]
            continue
        assert frame["summary"] == module.summary(**values) == reply["summary"]
        assert set(index["kernel"]) <= set(frame["inactive"])
        ours = []

        def walk(o):
            if isinstance(o, dict):
                if "__buf__" in o:
                    ours.append(buffers[o["__buf__"]])
                for v in o.values():
                    walk(v)
            elif isinstance(o, list):
                for v in o:
                    walk(v)

        walk(frame["scene"])
        assert ours == bufs, f"{name}: frame {k}'s arrays are not _answer's"
        assert json.dumps(_strip(frame["scene"])) == json.dumps(_strip(pack(module.scene(**values))[0]))


def _strip(o):
    """A scene without its buffer numbers (they are renumbered in the file)."""
    if isinstance(o, dict):
        return {k: _strip(v) for k, v in o.items() if k != "__buf__"}
    if isinstance(o, list):
        return [_strip(v) for v in o]
    return o


def test_a_small_budget_makes_the_grid_coarser_not_the_file_bigger():
    data, facts = explorer_frames.explorer_data("nb06", width=860, height=340, budget=60_000)
    assert len(data) <= 60_000 and facts["frames"] < 100, facts
    with pytest.raises(ValueError, match="unknown control 'nope'"):
        explorer_frames.explorer_data("nb06", width=860, height=340, overrides={"nope": 1})


def test_launch_links_take_the_repository_from_one_setting():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r"^\[tool\.rbteach\]\s*\n(#.*\n)*repository = ", text, re.M)
    links = build_site.launch_links("07_torque_free_euler", "someone/rbteach")
    assert 'href="../lite/lab/index.html?path=07_torque_free_euler.ipynb"' in links
    assert ('href="https://mybinder.org/v2/gh/someone/rbteach/HEAD?urlpath=lab/tree/notebooks/'
            '07_torque_free_euler.ipynb"') in links
    assert "mybinder" not in build_site.launch_links("07_torque_free_euler", "")
    with pytest.raises(ValueError, match="owner/name"):
        build_site.build(Path("/nonexistent-never-written"), "student", repository="not a repo")
