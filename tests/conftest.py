"""Suite-wide settings: tests never write into the repo (no hypothesis database), headless plots.

The Agg backend is chosen in-process only (no MPLBACKEND in the environment, which nbval's
kernels would inherit and then show no inline figures).
"""

import matplotlib
from hypothesis import settings

matplotlib.use("Agg")

settings.register_profile("rbteach", database=None, deadline=None)
settings.load_profile("rbteach")
