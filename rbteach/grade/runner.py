"""Run one handed-in notebook (inside the sandbox): ``python -m rbteach.grade.runner IN RESULTS MODULES TIMEOUT``.

The notebook's stored outputs are dropped, a first cell installs :mod:`rbteach.grade.kernel`, and every
cell runs in order with nbclient, errors allowed (a cell that raises does not stop the rest). Outputs
are not kept (a 100 MB print costs nothing). The last line of ``RESULTS`` says how the run ended:
``{"status": "finished"}``, ``"timeout"`` or ``"dead-kernel"``.
"""

from __future__ import annotations

import json
import sys


def main(argv=None) -> int:
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellTimeoutError, DeadKernelError

    src, results, modules, timeout = (argv or sys.argv[1:])
    nb = nbformat.read(src, as_version=4)
    cells = [c for c in nb.cells if c.cell_type == "code"]
    for c in cells:
        c.outputs, c.execution_count = [], None
    prelude = nbformat.v4.new_code_cell(
        f"from rbteach.grade.kernel import install as __rbteach_grade\n"
        f"__rbteach_grade({results!r}, {modules.split(',')!r}); del __rbteach_grade")
    nb.cells = [prelude] + cells                                   # markdown is not needed to grade

    class _Quiet(NotebookClient):
        def output(self, outs, msg, display_id, cell_index):       # keep no output at all
            return None

    client = _Quiet(nb, timeout=float(timeout), kernel_name="python3", allow_errors=True,
                    resources={"metadata": {"path": "."}}, record_timing=False)
    status = "finished"
    try:
        client.execute()
    except CellTimeoutError:
        status = "timeout"
    except DeadKernelError:
        status = "dead-kernel"
    except Exception as e:                                         # e.g. a kernel that could not start
        status = f"runner-error: {type(e).__name__}"
    with open(results, "a", encoding="utf-8") as f:
        f.write(json.dumps({"status": status}) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
