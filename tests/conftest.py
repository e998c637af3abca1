"""Suite-wide settings: tests never write into the repo (no hypothesis database), headless plots.

The Agg backend is chosen in-process only (no MPLBACKEND in the environment, which nbval's
kernels would inherit and then show no inline figures).
"""

import importlib.util

import matplotlib
from hypothesis import settings

matplotlib.use("Agg")

settings.register_profile("rbteach", database=None, deadline=None)
settings.load_profile("rbteach")



if importlib.util.find_spec("xdist") is not None:
    def pytest_xdist_make_scheduler(config, log):
        """``make test`` runs the suite on two pytest-xdist workers, in these units of work: all
        the browser tests together on one worker (one JupyterLab server, one Chromium and one
        teacher site per session, not one per worker), and each other file or notebook on one
        worker (a notebook's nbval cells run in order in one kernel; a module's fixture, e.g.
        test_grade's grading, is built once). With ``--no-loadscope-reorder`` the units go out in
        collection order, the browser tests (the longest unit) first.

        (xdist's own ``--dist loadgroup`` marks groups by renaming each test's node id, which
        pytest 9 no longer lets a plugin do: this scheduler needs no renaming.)"""
        from xdist.scheduler import LoadScopeScheduling

        class ByFileBrowserTogether(LoadScopeScheduling):
            def _split_scope(self, nodeid: str) -> str:
                path = nodeid.split("::", 1)[0]
                return "tests/browser/" if path.startswith("tests/browser/") else path

        return ByFileBrowserTogether(config, log)
