"""Running one handed-in notebook in its own process, in a scratch copy, within limits.

On Linux with bubblewrap (``bwrap``, Debian's ``bubblewrap``) the run sees the file system read-only,
``/tmp`` empty, the submissions and the grader's output folder hidden, no network, and only its own
scratch folder writable (:func:`bwrap_command`). Elsewhere it runs without that sandbox, and the
gradebook says so. Either way the time limit is a wall clock in the grader (the whole process group
is killed), and the memory limit an address-space limit (``RLIMIT_AS``) on the run's processes.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

__all__ = ["have_bwrap", "bwrap_command", "run_one"]


def have_bwrap() -> bool:
    """True when bubblewrap is installed and works here (it needs user namespaces or root)."""
    exe = shutil.which("bwrap")
    if not exe or not sys.platform.startswith("linux"):
        return False
    probe = subprocess.run([exe, "--ro-bind", "/", "/", "--unshare-net", "--", "true"], capture_output=True)
    return probe.returncode == 0


def _needed() -> list[Path]:
    """What the run reads wherever it lives (even under ``/tmp``): Python, the venv, rbteach's source."""
    paths = {Path(sys.prefix).resolve(), Path(sys.base_prefix).resolve(),
             Path(__file__).resolve().parents[2]}          # the folder holding rbteach (an editable install)
    return sorted(p for p in paths if p.exists())


def bwrap_command(scratch: Path, hidden: list[Path]) -> list[str]:
    """The bubblewrap prefix: ``/`` read-only, ``/tmp`` and every ``hidden`` folder empty (Python, the
    venv and rbteach's source stay readable even under ``/tmp``), ``scratch`` writable, no network,
    its own process ids, killed with the grader."""
    cmd = ["bwrap", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp"]
    for p in _needed():
        cmd += ["--ro-bind", str(p), str(p)]
    for h in hidden:
        if h.exists():
            cmd += ["--tmpfs", str(h.resolve())]
    s = str(scratch.resolve())
    cmd += ["--bind", s, s, "--unshare-net", "--unshare-pid", "--die-with-parent", "--chdir", s]
    return cmd + ["--"]


def _limits(memory: int):
    def apply():
        import resource

        os.setsid()
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        resource.setrlimit(resource.RLIMIT_FSIZE, (256 << 20, 256 << 20))      # no file over 256 MB
    return apply


def run_one(nb: dict, modules: list[str], scratch: Path, *, timeout: float, memory: int, sandbox: bool,
            hidden: list[Path]) -> tuple[list[dict], str]:
    """Run notebook ``nb`` in ``scratch`` (created here); ``(records, how it ended)``.

    ``how it ended`` is ``"finished"``, ``"timeout"``, ``"dead-kernel"`` (the kernel died: out of
    memory, a crash) or ``"killed"`` (no final status: the run itself died)."""
    scratch.mkdir(parents=True)
    (scratch / "in.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    results = scratch / "results.jsonl"
    results.touch()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "IPYTHON"))}
    env.update(HOME=str(scratch), JUPYTER_RUNTIME_DIR=str(scratch / ".rt"), IPYTHONDIR=str(scratch / ".ipython"),
               MPLCONFIGDIR=str(scratch / ".mpl"), JUPYTER_PLATFORM_DIRS="1", PYDEVD_DISABLE_FILE_VALIDATION="1",
               MPLBACKEND="agg", OPENBLAS_NUM_THREADS="1")
    cmd = [sys.executable, "-m", "rbteach.grade.runner", str(scratch / "in.ipynb"), str(results),
           ",".join(modules), str(timeout)]
    if sandbox:
        cmd = bwrap_command(scratch, hidden) + cmd
    proc = subprocess.Popen(cmd, cwd=scratch, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            preexec_fn=_limits(memory))
    timed_out = False
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    records, ended = [], "timeout" if timed_out else "killed"
    for line in results.read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            row = json.loads(line)
        except ValueError:
            continue
        if set(row) == {"status"}:
            ended = row["status"]
        elif isinstance(row, dict) and "status" in row:
            records.append(row)
    return records, ended
