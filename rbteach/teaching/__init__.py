"""What a teacher needs besides the notebooks: the core path and the predict-then-observe questions.

* :mod:`rbteach.teaching.core_path` reads the notebooks' sections, says which ones an introductory
  course can skip (headings labelled " — Going further", cell metadata ``{"rbteach": {"path":
  "further"}}``) and measures the core path (sections, words, reading time).
* :mod:`rbteach.teaching.predictions` holds one question per explorer and attitude player that the
  student answers *before* dragging (PhET's predict-then-observe), with its answer computed by
  rbteach at the settings the question names. The notebooks show the question (the markdown cell
  just before the explorer, metadata ``{"rbteach": {"predict": "<id>"}}``); the answer is only on
  the teacher's page.
"""

__all__ = ["core_path", "predictions"]
