"""The live explorers' prefetch, kernel side (rbteach.explorers.live._answer_many and the widget's
``compute_many`` message), without a browser: one message answers many values, each frame equal to
the single answer for its values, within the time, byte and count budgets; bad messages are ignored
without raising. The page side is driven in tests/browser/test_explorer_prefetch.py."""

from __future__ import annotations

import importlib
import json

import numpy as np
import pytest

from rbteach.explorers import live as L
from test_live import _Toy


def _frames(content, buffers):
    """Each frame of a batch with its own buffers, as the page slices them."""
    out = []
    for f in content["frames"]:
        first, count = f["buffers"]
        own = {k: v for k, v in f.items() if k != "buffers"}
        out.append((own, buffers[first:first + count]))
    return out


def _send(widget, content):
    sent = []
    widget.send = lambda c, buffers=None: sent.append((c, buffers))
    for cb in widget._msg_callbacks.callbacks:
        cb(widget, content, [])
    return sent


@pytest.mark.parametrize("name", ["nb02", "nb07", "nb09"])
def test_each_frame_of_a_batch_is_the_single_answer_for_its_values(name):
    module = importlib.import_module(f"rbteach.explorers.{name}")
    controls = module.controls()
    main, slider = next(iter(controls.items()))
    start = {k: c.value for k, c in controls.items()}
    factor = getattr(slider, "base", None)
    steps = [slider.value * factor ** (k * slider.step) if factor else slider.value + k * slider.step
             for k in (0, 1, -1, 2)]
    asked = [{main: v} for v in steps]
    content, buffers = L._answer_many(module, asked, start, seconds=60.0)
    assert content["done"] == 4 and len(content["frames"]) == 4
    starts = [f["buffers"][0] for f in content["frames"]]
    assert starts == sorted(starts) and sum(f["buffers"][1] for f in content["frames"]) == len(buffers)
    for (frame, own), given in zip(_frames(content, buffers), asked):
        single, single_bufs = L._answer(module, dict(start, **given))
        assert frame == single
        assert own == single_bufs
    json.dumps(content)


def test_the_widget_answers_a_compute_many_message_in_one_message():
    w = L.live(_Toy)
    sent = _send(w, {"type": "compute_many", "seq": 3, "values_list": [{"a": 0.5}, {"a": -0.5}, {"a": 1.25}]})
    assert len(sent) == 1
    content, buffers = sent[0]
    assert content["type"] == "frames" and content["seq"] == 3 and content["done"] == 3 and content["ms"] >= 0
    frames = _frames(content, buffers)
    assert [f["values"] for f, _ in frames] == [{"a": 0.5}, {"a": -0.5}, {"a": 1.25}]
    assert frames[1][0]["error"].startswith("No picture for these values") and frames[1][1] == []
    y = frames[2][0]["scene"]["panels"][0]["series"][0]["y"]["__buf__"]
    np.testing.assert_array_equal(np.frombuffer(frames[2][1][y], dtype=np.float32),
                                  np.float32(1.25 * np.linspace(0, 1, 5)))


def test_a_batch_stops_at_its_time_budget():
    ticks = iter(np.arange(0.0, 100.0, 0.05))          # a clock that advances 50 ms per reading
    content, _ = L._answer_many(_Toy, [{"a": 0.01 * k} for k in range(40)], {"a": 1.0},
                                seconds=0.15, clock=lambda: next(ticks))
    assert content["done"] == len(content["frames"]) == 3          # 0.05, 0.10, then 0.15 ≥ budget
    assert [f["values"]["a"] for f in content["frames"]] == [0.0, 0.01, 0.02]


def test_a_batch_stops_at_its_byte_and_frame_budgets():
    per_frame = 2 * 5 * 4                                    # two float32 arrays of five
    content, buffers = L._answer_many(_Toy, [{"a": 0.01 * k} for k in range(40)], {"a": 1.0},
                                      seconds=60.0, max_bytes=3 * per_frame + 1)
    assert len(content["frames"]) == content["done"] == 3
    assert sum(len(b) for b in buffers) <= 3 * per_frame + 1
    content, _ = L._answer_many(_Toy, [{"a": 0.01 * k} for k in range(40)], {"a": 1.0}, seconds=60.0, max_frames=5)
    assert len(content["frames"]) == content["done"] == 5
    # a first frame larger than the budget still goes (alone): the page is never left without an answer
    content, _ = L._answer_many(_Toy, [{"a": 0.5}, {"a": 0.6}], {"a": 1.0}, seconds=60.0, max_bytes=1)
    assert len(content["frames"]) == content["done"] == 1


class _Fussy(_Toy):
    @staticmethod
    def summary(a):
        return f"a = {a + 0:.2f}"          # a string for a raises TypeError (not the ValueError of no picture)


@pytest.mark.parametrize("message", [None, 3, "compute_many", [], {"type": "compute_many"},
                                     {"type": "compute_many", "values_list": "abc"},
                                     {"type": "compute_many", "values_list": {"a": 1}},
                                     {"type": "compute", "values": [1, 2]}, {"type": "something else"}])
def test_bad_messages_are_ignored_without_raising(message):
    assert _send(L.live(_Toy), message) == []


def test_bad_entries_of_a_batch_are_dealt_with_and_left_out():
    w = L.live(_Fussy)
    sent = _send(w, {"type": "compute_many", "seq": 1, "values_list": [7, {"a": "x"}, {"a": 0.5}, None, {"b": 2}]})
    content, _ = sent[0]
    assert content["done"] == 5
    assert [f["values"] for f in content["frames"]] == [{"a": 0.5}, {"a": 1.0}]   # unknown names: the start's values
