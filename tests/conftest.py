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



#: Files whose every test is a unit of work of its own (no costly module fixture; each test long).
PER_TEST = ("tests/browser/test_explorers.py",
            "tests/browser/test_site_explorers.py", "tests/test_blas_kernels.py", "tests/test_student_edition.py",
            "tests/test_text_overlap.py", "tests/test_explorer_sweep.py")
#: Units that go out first, longest first (measured with --durations; the rest follow in collection
#: order): the browser tests, then the runs of whole notebooks.
FIRST = ("tests/browser/test_explorers.py", "tests/browser/test_a11y.py",
         "tests/browser/test_voila_offline.py", "tests/browser/test_lite.py", "tests/browser/test_notebook7.py",
         "tests/browser/test_site.py", "tests/browser/test_view.py", "tests/browser/test_formulas.py",
         "tests/browser/", "tests/test_grade.py", "tests/test_blas_kernels.py", "tests/test_student_edition.py",
         "notebooks/09", "notebooks/0", "notebooks/1")


def unit_of(nodeid: str) -> str:
    """The unit of work of a test (see ``pytest_xdist_make_scheduler``): its file, or the test itself
    for the files of :data:`PER_TEST`."""
    path = nodeid.split("::", 1)[0]
    return nodeid if path in PER_TEST else path


def unit_rank(unit: str) -> int:
    """Where a unit goes in the queue: the index of the first prefix of :data:`FIRST` it starts with."""
    return next((i for i, prefix in enumerate(FIRST) if unit.startswith(prefix)), len(FIRST))


if importlib.util.find_spec("xdist") is not None:
    def pytest_xdist_make_scheduler(config, log):
        """``make test`` runs the suite on TEST_WORKERS pytest-xdist workers, in units of work: each
        file (a notebook's nbval cells run in order in one kernel; a module's fixture, e.g.
        test_grade's grading, is built once), or each test of the files of :data:`PER_TEST`. The
        long units go out first (:data:`FIRST`, a longest-first order that keeps the workers
        evenly loaded to the end), and a worker gets its next unit only when it is on the last test
        of its current one (a worker runs a test only once it knows the next, to tear fixtures down;
        xdist hands out a new unit at two tests left, which can leave a long unit waiting behind
        another while a worker idles).

        The browser tests' costly shared state is made once per worker (one JupyterLab, one
        Chromium), or once per run (the teacher site: tests/browser/conftest.py).

        (xdist's own ``--dist loadgroup`` marks groups by renaming each test's node id, which
        pytest 9 no longer lets a plugin do: this scheduler needs no renaming.)"""
        from collections import OrderedDict

        from xdist.scheduler import LoadScopeScheduling

        class LongestFirst(LoadScopeScheduling):
            def _split_scope(self, nodeid: str) -> str:
                return unit_of(nodeid)

            def schedule(self):
                # xdist's LoadScopeScheduling.schedule, with the units queued by unit_rank
                assert self.collection_is_completed
                if self.collection is not None:
                    for node in self.nodes:
                        self._reschedule(node)
                    return
                if not self._check_nodes_have_same_collection():
                    self.log("**Different tests collected, aborting run**")
                    return
                self.collection = list(next(iter(self.registered_collections.values())))
                if not self.collection:
                    return
                units = OrderedDict()
                for nodeid in self.collection:
                    units.setdefault(unit_of(nodeid), OrderedDict())[nodeid] = False
                for _, (scope, work) in sorted(enumerate(units.items()), key=lambda x: (unit_rank(x[1][0]), x[0])):
                    self.workqueue[scope] = work
                for _ in range(len(self.nodes) - len(self.workqueue)):     # more workers than units
                    unused, _assigned = self.assigned_work.popitem()
                    unused.shutdown()
                for node in self.nodes:
                    self._assign_work_unit(node)
                for node in self.nodes:        # a worker runs a test once it knows the next one
                    self._reschedule(node)
                if not self.workqueue:
                    for node in self.nodes:
                        node.shutdown()

            def _reschedule(self, node):
                if node.shutting_down:
                    return
                if not self.workqueue:
                    node.shutdown()
                    return
                if self._pending_of(self.assigned_work[node]) > 1:
                    return
                self._assign_work_unit(node)

        return LongestFirst(config, log)
