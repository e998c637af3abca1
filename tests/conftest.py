"""Suite-wide settings: tests never write into the repo (no hypothesis database), headless plots."""

import os

import matplotlib
from hypothesis import settings

matplotlib.use("Agg")
os.environ.setdefault("MPLBACKEND", "Agg")

settings.register_profile("rbteach", database=None, deadline=None)
settings.load_profile("rbteach")
