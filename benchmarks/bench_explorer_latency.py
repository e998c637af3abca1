"""Latency of an explorer in a real browser: slider change → redrawn plot (issue 6).

Starts JupyterLab on a temporary copy of notebooks/ and drives notebook 07's torque-free explorer
in headless Debian chromium: after Run All, it presses ArrowRight/ArrowLeft on the main slider
``--changes`` times and measures, for each change, the time from the keydown to the new plot
painted, timed inside the page (so the driver's polling adds nothing); each new plot must differ
in its pixels from the one before.
It then splits the time: the simulation (``compute``), the Matplotlib figure (``redraw`` or
``draw``) and its PNG render (``rbteach.explorers.png``), measured in this process for the same
values as ``rbteach.explorers.build`` does them; image decode and paint, timed in the page; and the
rest (comm messages both ways, the kernel's own overhead).

Prints median and 90th percentile. Target: median ≤ 300 ms. Not a test: exits 0 either way.
Usage: python benchmarks/bench_explorer_latency.py [--notebook 07|all] [--changes 12]
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
import labdriver  # noqa: E402

TARGET_MEDIAN_MS = 300.0


def p90(xs):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(0.9 * (len(xs) - 1))))]


def in_process_split(module, values, repeats=3):
    """Median seconds of compute(), of making the frame's figure, and of its PNG, for ``values``.

    The figure is made as ``rbteach.explorers.build`` makes it: ``redraw`` of the previous frame's
    figure when the explorer has one (else ``draw``); its own call of ``compute`` is counted once.
    """
    import matplotlib

    matplotlib.use("Agg")
    from rbteach import explorers

    redraw = getattr(module, "redraw", None)
    fig = module.draw(**module.DEFAULTS)
    explorers.png(fig)
    sim, fig_t, render = [], [], []
    main = next(iter(module.controls()))
    for v in values:
        params = dict(module.DEFAULTS, **{main: v})
        for _ in range(repeats):
            t0 = time.perf_counter()
            module.compute(**params)
            t1 = time.perf_counter()
            if redraw is None or not redraw(fig, **params):
                fig = module.draw(**params)
            t2 = time.perf_counter()
            explorers.png(fig)                    # what build sends to the page
            t3 = time.perf_counter()
            sim.append(t1 - t0)
            fig_t.append((t2 - t1) - (t1 - t0))
            render.append(t3 - t2)
    return statistics.median(sim), statistics.median(fig_t), statistics.median(render)


def measure(lab, ctx, number: str, changes: int) -> tuple[list, list, list]:
    """Open notebook ``number``, Run All, and time ``changes`` key presses on its explorer's slider.

    Returns the seconds to the painted plot, the seconds of image decode and paint, and the slider
    values reached (for the in-process split).
    """
    nb = next(labdriver.NOTEBOOKS.glob(f"{number}_*.ipynb"))
    latencies, paint, values = [], [], []
    page = ctx.new_page()
    try:
        labdriver.open_notebook(page, lab, nb.name)
        labdriver.run_all(page)
        ex = labdriver.wait_for_explorer(page)
        time.sleep(1.0)
        for i in range(changes):
            before = labdriver.plot_hash(ex)
            key = "ArrowRight" if (i // 3) % 2 == 0 else "ArrowLeft"
            inserted, painted = labdriver.timed_key_press(page, ex, key)
            if labdriver.wait_for_new_plot(ex, before, timeout=5.0) is None:
                print(f"nb{number} change {i}: the plot's pixels did not change")
                continue
            latencies.append(painted)
            paint.append(painted - inserted)
            values.append(labdriver.readout_value(labdriver.slider_readout(ex)))
            time.sleep(0.3)  # let the output settle (summary printed) before the next change
    finally:
        page.close()
        labdriver.shutdown_kernels(lab)
    return latencies, paint, values


def report(number: str, latencies, paint, values) -> None:
    module = importlib.import_module(f"rbteach.explorers.nb{number}")
    main_name = next(iter(module.controls()))
    if not latencies:
        print(f"explorer nb{number}: FAIL, no change was observed")
        return
    med, hi = statistics.median(latencies) * 1e3, p90(latencies) * 1e3
    sim, fig_t, render = (x * 1e3 for x in in_process_split(module, values[:4]))
    browser = statistics.median(paint) * 1e3
    rest = med - browser - sim - fig_t - render
    target = (f" (target median <= {TARGET_MEDIAN_MS:.0f} ms: {'PASS' if med <= TARGET_MEDIAN_MS else 'FAIL'})"
              if number == "07" else "")
    print(f"explorer nb{number} ({main_name}), {len(latencies)} slider changes in headless chromium")
    print(f"  slider change -> redrawn plot: median {med:.0f} ms, p90 {hi:.0f} ms{target}")
    print(f"  where the median goes: simulation {sim:.0f} ms, matplotlib figure {fig_t:.0f} ms, "
          f"PNG render {render:.0f} ms (these three in this process), image decode and paint "
          f"{browser:.0f} ms (in the page), the rest {rest:.0f} ms (comm messages both ways, "
          f"kernel overhead)")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--notebook", default="07", help='two digits, or "all" for every explorer')
    ap.add_argument("--changes", type=int, default=12)
    args = ap.parse_args(argv)
    if labdriver.chromium_path() is None:
        print("SKIPPED: Debian's chromium is not installed (apt-get install chromium)")
        return 0
    numbers = ([p.name[:2] for p in sorted(labdriver.NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))]
               if args.notebook == "all" else [args.notebook])
    with labdriver.running_lab() as lab, labdriver.chromium_context() as ctx:
        for number in numbers:
            report(number, *measure(lab, ctx, number, args.changes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
