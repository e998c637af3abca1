"""The website's explorers: rbteach's own frames, computed when ``make site`` builds.

In Jupyter a live explorer (:func:`rbteach.explorers.live.live`) asks the kernel for every new value
of a control, and the kernel answers with ``_answer(module, values)``: the scene (panels of curves
or 3-D polylines, arrays as float32 buffers) and the summary line. A web page has no kernel, so the
site asks the same function in advance, here, along the explorer's main control (a grid fine enough
to look continuous: up to :data:`MAX_STEPS` values, on the slider's own grid) and, where the 2-D table
stays small, along a second control (:data:`CONTROLS`). The page draws them with the same
``live.js`` (site/explorer_site.js gives it a data source that looks the nearest precomputed frame
up instead of messaging a kernel): no physics is written in JavaScript.

One file per explorer, ``_static/explorers/nbNN.bin``: gzip of a little-endian uint32 ``n``, ``n``
bytes of JSON (the page's spec, the grid, the frames' messages, each buffer's offset and length),
padding to 4 bytes, then every distinct float32 buffer once (the frames share their time axes and
the unchanged curves). Budget: :data:`BUDGET` bytes per explorer on disk; the grid is made coarser
until the file fits, and :func:`write_all` prints each size.
"""

from __future__ import annotations

import gzip
import hashlib
import importlib
import json
import math
import struct
import time
from pathlib import Path

#: Per explorer: its main control (the first of ``controls()``, by the contract of
#: :mod:`rbteach.explorers`) and a second control precomputed on a coarse grid (``None``: the main
#: one only). The other controls need a kernel: the page shows them disabled.
CONTROLS = {
    "nb00": ("angle", "axis_x"),
    "nb01": ("a", "shape"),
    "nb02": ("angle", "tilt"),
    "nb03": ("yaw", "pitch"),
    "nb04": ("strike", "direction_deg"),
    "nb05": ("angle_deg", "azimuth_deg"),
    "nb06": ("dt", "update"),
    "nb07": ("I1", "method"),
    "nb08": ("tilt_deg", "I1"),
    "nb09": ("dt", "method"),
    "nb10": ("e", "mu"),
    "nb11": ("spin", "tilt_deg"),
}
#: Bytes per explorer's data file, at most (the issue's budget: 2 MB).
BUDGET = 2_000_000
#: Values of the main control, at most (and at least MIN_STEPS where the budget allows: a drag
#: across a slider 300 px long then moves the picture every 2-5 px).
MAX_STEPS = 121
MIN_STEPS = 61
#: Values of the second control, at most (a slider's grid is made coarser to fit).
MAX_SECOND = 5
#: Frames per explorer, at most (the build's time: 5-50 ms of rbteach per frame).
MAX_FRAMES = 300


def _slider_grid(spec: dict, default, count: int) -> tuple[list, float]:
    """At most ``count`` values of a slider ``spec`` on its own grid, through ``default``: a multiple
    ``k`` of its step (the site's slider then moves by ``k`` steps). Returns (values, new step).
    Log sliders (``kind == "log"``) step in the exponent, as the page does."""
    lo, hi, step = spec["min"], spec["max"], spec["step"]
    log = spec["kind"] == "log"
    x0 = math.log(default, spec["base"]) if log else float(default)
    positions = int(round((hi - lo) / step)) + 1
    k = max(1, math.ceil((positions - 1) / max(1, count - 1)))
    big = round(k * step, 10)            # 0.7, not 0.7000000000000001 (whose last step would pass max)
    j_lo = math.ceil((lo - x0) / big - 1e-9)
    j_hi = math.floor((hi - x0) / big + 1e-9)
    xs = [round(x0 + j * big, 10) for j in range(j_lo, j_hi + 1)]
    if log:
        values = [float(f"{spec['base'] ** x:.12g}") for x in xs]
    elif spec["kind"] == "int":
        values = [int(round(x)) for x in xs]
    else:
        values = xs
    return values, big


def _axis(spec: dict, default, count: int) -> tuple[dict, dict]:
    """The grid of one control (``{"name", "values", "log"}``) and its spec as the site shows it."""
    if spec["kind"] == "select":
        return {"name": spec["name"], "values": [v for _, v in spec["options"]], "log": False}, dict(spec)
    if spec["kind"] == "check":
        return {"name": spec["name"], "values": [False, True], "log": False}, dict(spec)
    values, big = _slider_grid(spec, default, count)
    # max a hair beyond the last value: the browser's range input allows min + n·step only up to max,
    # and min + n·step can come out 1 ulp above the last value (the thumb would then stop one short)
    shown = dict(spec, step=big)
    if spec["kind"] == "log":
        shown.update(min=round(math.log(values[0], spec["base"]), 10),
                     max=round(math.log(values[-1], spec["base"]), 10) + big * 1e-6)
    else:
        shown.update(min=values[0], max=values[-1] + big * 1e-6)
        if spec["kind"] == "float":
            from rbteach.explorers.live import _decimals
            shown["decimals"] = _decimals(big)
    return {"name": spec["name"], "values": values, "log": spec["kind"] == "log"}, shown


def _frames(module, values: dict, axes: list[dict], disabled: list[str], cache: dict):
    """Every frame of the grid ``axes`` (main first, row-major), the other controls at ``values``:
    (messages, distinct buffers). Each message is ``_answer``'s, its buffers renumbered into the
    shared list; ``inactive`` also names the controls that need a kernel."""
    from itertools import product

    from rbteach.explorers.live import _answer

    buffers: list[bytes] = []
    seen: dict[bytes, int] = {}
    frames = []
    for combo in product(*[a["values"] for a in axes]):
        vals = dict(values)
        vals.update({a["name"]: v for a, v in zip(axes, combo)})
        key = tuple(sorted(vals.items()))
        if key not in cache:
            cache[key] = _answer(module, vals)
        msg, bufs = cache[key]
        msg = dict(msg)
        ids = []
        for b in bufs:
            key = hashlib.blake2b(b, digest_size=16).digest()
            if key not in seen:
                seen[key] = len(buffers)
                buffers.append(b)
            ids.append(seen[key])
        if "scene" in msg:
            msg["scene"] = _renumber(msg["scene"], ids)
        msg["inactive"] = sorted(set(msg.get("inactive", [])) | set(disabled))
        frames.append(msg)
    return frames, buffers


def _renumber(obj, ids):
    if isinstance(obj, dict):
        if "__buf__" in obj:
            return dict(obj, __buf__=ids[obj["__buf__"]])
        return {k: _renumber(v, ids) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_renumber(v, ids) for v in obj]
    return obj


def _encode(index: dict, buffers: list[bytes]) -> bytes:
    offsets, at = [], 0
    for b in buffers:
        offsets.append([at, len(b)])
        at += len(b)
    index = dict(index, buffers=offsets)
    head = json.dumps(index, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode("utf-8")
    pad = b" " * (-(4 + len(head)) % 4)                   # the buffers start 4-byte aligned
    raw = struct.pack("<I", len(head) + len(pad)) + head + pad + b"".join(buffers)
    return gzip.compress(raw, compresslevel=9, mtime=0)


def decode(data: bytes) -> tuple[dict, list[bytes]]:
    """The index and buffers of a data file (what the page reads; for the tests)."""
    raw = gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data
    (n,) = struct.unpack("<I", raw[:4])
    index = json.loads(raw[4:4 + n].decode("utf-8"))
    start = 4 + n
    return index, [raw[start + o:start + o + ln] for o, ln in index["buffers"]]


def explorer_data(name: str, *, width: int, height: int, overrides: dict | None = None,
                  budget: int = BUDGET) -> tuple[bytes, dict]:
    """The data file of explorer ``name`` (e.g. ``"nb07"``) drawn at ``width`` × ``height`` starting
    at ``overrides``: (gzip bytes, facts: frames, steps, size, seconds)."""
    from rbteach.explorers.live import control_spec

    t0 = time.perf_counter()
    module = importlib.import_module(f"rbteach.explorers.{name}")
    controls = module.controls()
    overrides = dict(overrides or {})
    for key in overrides:
        if key not in controls:
            raise ValueError(f"explorer {name}: unknown control {key!r}; expected one of {sorted(controls)}")
    values = {k: overrides.get(k, c.value) for k, c in controls.items()}
    specs = {k: control_spec(k, c) for k, c in controls.items()}
    main, second = CONTROLS[name]
    first = next(iter(controls))
    if main != first:
        raise ValueError(f"explorer {name}: the main control is {first!r} (the first of controls()), "
                         f"not {main!r}")
    cache: dict = {}                      # _answer's replies by values, across attempts

    def attempt(steps, n_second):
        main_axis, main_spec = _axis(specs[main], values[main], steps)
        axes, shown = [main_axis], {main: main_spec}
        if second and n_second > 1:
            second_axis, second_spec = _axis(specs[second], values[second], n_second)
            axes.append(second_axis)
            shown[second] = second_spec
        live = [a["name"] for a in axes]
        disabled = [k for k in controls if k not in live]
        spec = {"controls": [dict(shown.get(k, specs[k]), disabled=k in disabled) for k in controls],
                "width": int(width), "height": int(height)}
        # the page starts on the grid (a log slider's starting value is the grid's, within 1e-10)
        start = dict(values)
        for a in axes:
            if a["log"]:
                start[a["name"]] = min(a["values"], key=lambda g: abs(math.log(g) - math.log(values[a["name"]])))
        frames, buffers = _frames(module, start, axes, disabled, cache)
        index = {"module": name, "spec": spec, "values": start, "axes": axes, "kernel": disabled,
                 "frames": frames}
        return _encode(index, buffers), axes

    def plan(allowed, axes):
        """(steps, n_second) for about ``allowed`` frames: the main control keeps at least
        MIN_STEPS values where it can; a second slider gets coarser first, a second menu goes."""
        allowed = min(allowed, MAX_FRAMES)
        if len(axes) == 1:
            return max(2, min(MAX_STEPS, allowed)), 1
        n2 = len(axes[1]["values"])
        if allowed // n2 >= MIN_STEPS:
            return min(MAX_STEPS, allowed // n2), n2
        if specs[second]["kind"] not in ("select", "check") and n2 > 3 and allowed // 3 >= MIN_STEPS:
            n2 = max(3, allowed // MIN_STEPS)
            return min(MAX_STEPS, allowed // n2), n2
        return max(2, min(MAX_STEPS, allowed)), 1

    # a probe of a few frames says how many fit; then the grid, made coarser while it does not fit
    probe, axes = attempt(9, 3 if second else 1)
    n_probe = math.prod(len(a["values"]) for a in axes)
    steps, n_second = plan(int(budget * 0.85 * n_probe / len(probe)),
                           [_axis(specs[main], values[main], MAX_STEPS)[0]]
                           + ([_axis(specs[second], values[second], MAX_SECOND)[0]] if second else []))
    for _attempt in range(6):
        data, axes = attempt(steps, n_second)
        if len(data) <= budget:
            break
        frames = math.prod(len(a["values"]) for a in axes)
        steps, n_second = plan(int(frames * budget / len(data) * 0.95), axes)
    else:
        raise RuntimeError(f"explorer {name}: no grid fits {budget} bytes")
    live = [a["name"] for a in axes]
    frames = math.prod(len(a["values"]) for a in axes)
    facts = {"frames": frames, "steps": [len(a["values"]) for a in axes], "controls": live,
             "bytes": len(data), "seconds": time.perf_counter() - t0}
    return data, facts


def write_all(folder: Path, explorers: dict[str, dict]) -> dict[str, dict]:
    """Write ``folder/nbNN.bin`` for every explorer of ``explorers`` (name → {"width", "height",
    "overrides"}); print and return each one's facts."""
    folder.mkdir(parents=True, exist_ok=True)
    report = {}
    for name, how in sorted(explorers.items()):
        data, facts = explorer_data(name, width=how["width"], height=how["height"], overrides=how.get("overrides"))
        (folder / f"{name}.bin").write_bytes(data)
        report[name] = facts
        print(f"  explorer {name}: {facts['frames']} frames ({' x '.join(map(str, facts['steps']))} along "
              f"{', '.join(facts['controls'])}), {facts['bytes'] / 1e6:.2f} MB, {facts['seconds']:.1f} s")
    return report
