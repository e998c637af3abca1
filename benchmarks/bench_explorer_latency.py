"""Latency of an explorer in a real browser: slider change → redrawn plot (issue 6).

Starts JupyterLab on a temporary copy of notebooks/ and drives notebook 07's torque-free explorer
in headless Debian chromium: after Run All, it presses ArrowRight/ArrowLeft on the main slider
``--changes`` times and measures, for each change, the time until the plot's pixels differ.
It then splits the time: the simulation (``compute``), the Matplotlib figure and its PNG render
(``draw`` + ``savefig``, as the inline backend does), measured in this process for the same
values, and the rest (transport: comm messages, kernel ↔ browser, image decode and layout).

Prints median and 90th percentile. Target: median ≤ 300 ms. Not a test: exits 0 either way.
Usage: python benchmarks/bench_explorer_latency.py [--notebook 07] [--changes 12]
"""

from __future__ import annotations

import argparse
import importlib
import io
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
    """Median seconds of compute(), of draw() alone, and of the PNG render, for the given values."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    sim, fig_t, render = [], [], []
    main = next(iter(module.controls()))
    for v in values:
        params = dict(module.DEFAULTS, **{main: v})
        for _ in range(repeats):
            t0 = time.perf_counter()
            module.compute(**params)
            t1 = time.perf_counter()
            fig = module.draw(**params)
            t2 = time.perf_counter()
            fig.savefig(io.BytesIO(), format="png", dpi=fig.dpi)  # as rbteach.explorers.build renders
            t3 = time.perf_counter()
            plt.close(fig)
            sim.append(t1 - t0)
            fig_t.append((t2 - t1) - (t1 - t0))   # draw() calls compute() itself: count it once
            render.append(t3 - t2)
    return statistics.median(sim), statistics.median(fig_t), statistics.median(render)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--notebook", default="07")
    ap.add_argument("--changes", type=int, default=12)
    args = ap.parse_args(argv)
    if labdriver.chromium_path() is None:
        print("SKIPPED: Debian's chromium is not installed (apt-get install chromium)")
        return 0
    nb = next(labdriver.NOTEBOOKS.glob(f"{args.notebook}_*.ipynb"))
    module = importlib.import_module(f"rbteach.explorers.nb{args.notebook}")
    main_name = next(iter(module.controls()))
    latencies, values = [], []
    with labdriver.running_lab() as lab, labdriver.chromium_context() as ctx:
        page = ctx.new_page()
        labdriver.open_notebook(page, lab, nb.name)
        labdriver.run_all(page)
        ex = labdriver.wait_for_explorer(page)
        time.sleep(1.0)
        for i in range(args.changes):
            before = labdriver.plot_hash(ex)
            key = "ArrowRight" if (i // 3) % 2 == 0 else "ArrowLeft"
            t0 = time.perf_counter()
            labdriver.press_slider(ex, key, 1)
            dt = labdriver.wait_for_new_plot(ex, before, timeout=15.0)
            if dt is None:
                print(f"change {i}: the plot did not change")
                continue
            latencies.append(time.perf_counter() - t0)
            values.append(float(labdriver.slider_readout(ex)))
            time.sleep(0.3)  # let the output settle (summary printed) before the next change
    if not latencies:
        print("FAIL: no change was observed")
        return 0
    med, hi = statistics.median(latencies) * 1e3, p90(latencies) * 1e3
    sim, fig_t, render = (x * 1e3 for x in in_process_split(module, values[:4]))
    transport = med - sim - fig_t - render
    print(f"explorer nb{args.notebook} ({main_name}), {len(latencies)} slider changes in headless chromium")
    print(f"  slider change -> redrawn plot: median {med:.0f} ms, p90 {hi:.0f} ms "
          f"(target median <= {TARGET_MEDIAN_MS:.0f} ms: {'PASS' if med <= TARGET_MEDIAN_MS else 'FAIL'})")
    print(f"  where the median goes: simulation {sim:.0f} ms, matplotlib figure {fig_t:.0f} ms, "
          f"PNG render {render:.0f} ms, transport and browser {transport:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
