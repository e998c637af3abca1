"""Every notebook's kernel-side Run All: wall and CPU time, and its slowest cell (issue 18, §3).

    .venv/bin/python benchmarks/bench_runall.py [--notebook 08] [--cells] [--repeat 1]

Executes each numbered notebook (notebooks/0*.ipynb, 1*.ipynb; or the one given) with nbclient in a
fresh python3 kernel, in a temporary copy (nothing is written into the repo). Inside the kernel an
IPython ``pre_run_cell``/``post_run_cell`` hook times each cell with ``time.perf_counter`` (wall)
and ``time.process_time`` (the kernel's CPU time, which a loaded machine inflates much less than
the wall time). Kernel start-up is not counted; the first cell's imports are.

Prints one line per notebook: total wall, total CPU, the slowest cell (index, CPU, wall) and
PASS/FAIL against the target (total CPU < 8 s, the quiet-machine figure); ``--cells`` adds a line
for every cell over 0.3 s CPU. With ``--repeat N`` each figure is the minimum over N runs.
Not a test: exits 0 either way.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET_CPU_S = 8.0

_HOOK = r"""
import time as _rbt_time
_rbt_times, _rbt_t0 = [], None
def _rbt_pre(info):
    global _rbt_t0
    _rbt_t0 = (_rbt_time.perf_counter(), _rbt_time.process_time())
def _rbt_post(result):
    if _rbt_t0 is None:      # this cell, which registered the hooks: not counted
        return
    w, c = _rbt_t0
    _rbt_times.append((_rbt_time.perf_counter() - w, _rbt_time.process_time() - c))
get_ipython().events.register('pre_run_cell', _rbt_pre)
get_ipython().events.register('post_run_cell', _rbt_post)
"""
_REPORT = "import json as _rbt_json; print(_rbt_json.dumps(_rbt_times))"


def run_notebook(path: Path) -> list[tuple[int, float, float]]:
    """(cell index, wall s, CPU s) for every code cell of the notebook at ``path``."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    code_idx = [i for i, c in enumerate(nb.cells) if c.cell_type == "code"]
    hook = nbformat.v4.new_code_cell(_HOOK)
    report = nbformat.v4.new_code_cell(_REPORT)
    nb.cells = [hook] + nb.cells + [report]
    with tempfile.TemporaryDirectory() as tmp:
        # a copy of the notebooks folder: cells that read or write files next to the notebook do so there
        work = Path(tmp) / "notebooks"
        shutil.copytree(path.parent, work, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "_build"))
        env = dict(os.environ)
        env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")  # this checkout's rbteach
        executed = _execute(nb, work, env)
    out = executed.cells[-1].outputs
    text = "".join(o.get("text", "") for o in out if o.get("output_type") == "stream")
    times = json.loads(text.strip().splitlines()[-1])
    return [(i, w, c) for i, (w, c) in zip(code_idx, times)]


def _execute(nb, work: Path, env: dict):
    from nbclient import NotebookClient

    client = NotebookClient(nb, timeout=600, kernel_name="python3", record_timing=False,
                            resources={"metadata": {"path": str(work)}})
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = env["PYTHONPATH"]
    try:
        return client.execute()
    finally:
        if old is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = old


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--notebook", default="all", help="two digits (e.g. 08), or 'all'")
    ap.add_argument("--cells", action="store_true", help="also list every cell over 0.3 s CPU")
    ap.add_argument("--repeat", type=int, default=1, help="runs per notebook; the minimum is shown")
    args = ap.parse_args()
    paths = sorted((ROOT / "notebooks").glob("[01][0-9]_*.ipynb"))
    if args.notebook != "all":
        paths = [p for p in paths if p.name.startswith(args.notebook + "_")]
    print(f"{'notebook':<32} | {'wall s':>6} | {'CPU s':>6} | {'slowest cell (CPU / wall s)':>28} | verdict")
    worst = 0.0
    for p in paths:
        runs = [run_notebook(p) for _ in range(max(1, args.repeat))]
        cells = [(i, min(r[k][1] for r in runs), min(r[k][2] for r in runs)) for k, (i, _, _) in enumerate(runs[0])]
        wall = min(sum(w for _, w, _ in r) for r in runs)
        cpu = min(sum(c for _, _, c in r) for r in runs)
        i, w, c = max(cells, key=lambda t: t[2])
        worst = max(worst, cpu)
        print(f"{p.stem:<32} | {wall:6.2f} | {cpu:6.2f} | {'cell ' + str(i):>12} {c:6.2f} / {w:6.2f} | "
              f"{'PASS' if cpu < TARGET_CPU_S else 'FAIL'}", flush=True)
        if args.cells:
            for i, w, c in cells:
                if c > 0.3:
                    print(f"{'':<32}   cell {i:3d}: CPU {c:6.2f} s, wall {w:6.2f} s")
    print(f"slowest notebook: {worst:.2f} s CPU (target < {TARGET_CPU_S:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
