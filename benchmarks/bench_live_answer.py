"""The kernel's share of a live explorer's frame: ``live._answer`` along each explorer's main control.

    .venv/bin/python benchmarks/bench_live_answer.py [--notebook 04] [--values 60] [--profile]

For every explorer (rbteach/explorers/nbNN.py), the main control (the first of ``controls()``) is
swept over ``--values`` values between its min and max, the others at their starting values, and
each value is answered as the page's request is: ``live._answer(module, values)`` (summary, scene
and packing) and the reply's size. A drag sends every new value, so a kernel that answers in
under 1/50 s leaves the page room to draw 50 frames per second (issue 21, §5). Prints one line per
explorer: median and worst ms per answer (CPU and wall), the reply's bytes, and the answers per
second it allows; then, with every remembered computation of the module cleared before each
value, the CPU ms of ``summary`` (which computes), ``scene`` (the computation remembered: its own
drawing work) and ``pack``. ``--profile`` prints the top functions of the slowest explorer (cProfile).
Not a test: exits 0 either way.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# --package DIR (used by --before-rev): time the rbteach in DIR instead of this checkout's
_PKG = sys.argv[sys.argv.index("--package") + 1] if "--package" in sys.argv else str(ROOT)
sys.path.insert(0, _PKG)

import numpy as np  # noqa: E402

from rbteach.explorers import live  # noqa: E402


def sweep(nn: str, n: int):
    """The explorer module and the values a drag of its main control sends: ``n`` values from its min to
    max (snapped to its step), the other controls at their starting values."""
    mod = importlib.import_module(f"rbteach.explorers.nb{nn}")
    controls = mod.controls()
    values = {k: c.value for k, c in controls.items()}
    name, ctrl = next(iter(controls.items()))
    spec = live.control_spec(name, ctrl)
    if spec["kind"] == "log":
        xs = spec["base"] ** np.linspace(spec["min"], spec["max"], n)
    elif spec["kind"] in ("float", "int"):
        xs = np.linspace(spec["min"], spec["max"], n)
        xs = spec["min"] + np.round((xs - spec["min"]) / spec["step"]) * spec["step"]
        xs = [int(x) for x in xs] if spec["kind"] == "int" else [round(float(x), 10) for x in xs]
    else:
        xs = [o[1] for o in spec["options"]]
    return mod, [dict(values, **{name: x}) for x in xs]


def measure(nn: str, n: int) -> dict:
    mod, frames = sweep(nn, n)
    live._answer(mod, frames[0])                       # warm: imports, first-call caches
    cpu, wall, size, parts = [], [], [], []
    for v in frames:
        w0, c0 = time.perf_counter(), time.process_time()
        content, buffers = live._answer(mod, v)
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
        size.append(sum(len(b) for b in buffers))
    # the same answers again, split: summary (it computes), scene (the computation remembered), pack
    for v in frames:
        for f in _caches(mod):
            f.cache_clear()
        try:
            c0 = time.process_time()
            mod.summary(**v)
            c1 = time.process_time()
            sc = mod.scene(**v)
            c2 = time.process_time()
            live.pack(sc)
            c3 = time.process_time()
        except ValueError:
            continue
        parts.append((c1 - c0, c2 - c1, c3 - c2))
    return {"cpu": cpu, "wall": wall, "bytes": size, "parts": parts}


def _caches(mod):
    """The module's remembered computations (anything with ``cache_clear``), cleared for a cold split."""
    return [f for f in vars(mod).values() if callable(getattr(f, "cache_clear", None))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--notebook", default="all")
    ap.add_argument("--values", type=int, default=60)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--before-rev", default="", metavar="REV",
                    help="also time rbteach as it was at git revision REV, explorer by explorer in the same run")
    ap.add_argument("--package", default="", help=argparse.SUPPRESS)
    ap.add_argument("--label", default="now", help=argparse.SUPPRESS)
    ap.add_argument("--no-header", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    nns = sorted(p.name[2:4] for p in (ROOT / "rbteach" / "explorers").glob("nb[0-9][0-9].py"))
    if args.notebook != "all":
        nns = args.notebook.split(",")
    if not args.no_header:
        print(f"{'explorer':>16} | {'CPU ms med/max':>15} | {'wall ms med/max':>15} | {'reply kB':>8} | answers/s (CPU) | "
              f"cold CPU ms: summary / scene / pack")
    before = None
    if args.before_rev:
        import io
        import subprocess
        import tarfile
        import tempfile
        before = tempfile.TemporaryDirectory()
        data = subprocess.run(["git", "-C", str(ROOT), "archive", args.before_rev, "rbteach"], check=True,
                              capture_output=True).stdout
        with tarfile.open(fileobj=io.BytesIO(data)) as tar:
            tar.extractall(before.name, filter="data")
    worst = None
    for nn in nns:
        if before is not None:            # the old code first, in its own interpreter, then this one
            subprocess.run([sys.executable, __file__, "--notebook", nn, "--values", str(args.values), "--package",
                            before.name, "--label", args.before_rev[:8], "--no-header"], check=True)
        r = measure(nn, args.values)
        med = statistics.median(r["cpu"])
        print(f"{'nb' + nn + ' (' + args.label + ')':>16} | {1e3 * med:6.1f} / {1e3 * max(r['cpu']):6.1f} | "
              f"{1e3 * statistics.median(r['wall']):6.1f} / {1e3 * max(r['wall']):6.1f} | "
              f"{statistics.median(r['bytes']) / 1e3:8.1f} | {1 / med if med else float('inf'):15.0f} | "
              + " / ".join(f"{1e3 * statistics.median(p[i] for p in r['parts']):5.2f}" for i in range(3)), flush=True)
        if worst is None or med > worst[1]:
            worst = (nn, med)
    if args.profile and worst:
        import cProfile
        import pstats
        mod, frames = sweep(worst[0], args.values)
        pr = cProfile.Profile()
        pr.enable()
        for v in frames:
            live._answer(mod, v)
        pr.disable()
        print(f"\nprofile of nb{worst[0]}:")
        pstats.Stats(pr).sort_stats("tottime").print_stats(20)
    return 0


if __name__ == "__main__":
    sys.exit(main())
