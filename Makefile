# rbteach: every target does its own set-up on a fresh machine that has only make and
# CPython 3.11 (3.11.0 or later), 3.12, 3.13 or 3.14.
#   make lab        JupyterLab on notebooks/ (127.0.0.1, token on): installs only what a student needs
#   make test       the whole suite: unit, property, SymPy, nbval over notebooks/ (under several
#                   OpenBLAS kernels), worked solutions, student edition, browser tests; with the
#                   smoke suite on another interpreter (make smoke) alongside
#   make smoke      on SMOKE_PYTHONS (default: the system's /usr/bin/python3): a fresh venv under build/,
#                   '.[lab]' installed from the lock, import rbteach, execute notebooks 00 and 05
#   make notebooks  re-execute every notebook and store its outputs
#   make student    the student edition in student/: built from the committed notebooks, no worked
#                   solutions, exercises blank, no printed answer (EDITION=teacher: solutions folded)
#   make grade      grade handed-in notebooks: SUBMISSIONS=folder OUT=folder (gradebook, misconceptions,
#                   report.html), each run sandboxed by bubblewrap where it works
#   make pdf        printable hand-outs: the website's notebook pages as PDFs in build/pdf/EDITION
#                   (EDITION=teacher: also the teacher's pages, in build/pdf/teacher/for-teachers)
#   make teacher    rewrite teacher/, the teacher's page of every notebook (lesson plan, predictions'
#                   answers, core path, misconceptions, exercises' answers), from rbteach and the notebooks
#   make explorers  the explorer wall (notebooks/explorers.ipynb) served by Voilà, without code
#   make lite       the class without installs: a JupyterLite site in build/lite (any static web server)
#   make site       the website in build/site/html (Sphinx + myst-nb, nothing from a CDN; explorers
#                   drag precomputed frames; with make lite, JupyterLite in its lite/ folder)
#   make bench      run the benchmarks in benchmarks/
#   make lock       regenerate constraints.txt, the exact versions every install uses, on every
#                   supported Python (UPGRADE=1: the newest allowed versions)

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
# One stamp per set of extras: each target installs only what it needs.
LAB_STAMP   := $(VENV)/.rbteach-lab
TEACH_STAMP := $(VENV)/.rbteach-teach
SITE_STAMP  := $(VENV)/.rbteach-site
LITE_STAMP  := $(VENV)/.rbteach-lite
TEST_STAMP  := $(VENV)/.rbteach-test
CONSTRAINTS := constraints.txt
# The installer. uv (from PyPI, put into the venv by the venv's own pip: no step for the user).
# It does not halve the time here (fresh clone to JupyterLab's URL on a loaded 2-core machine:
# 82 s with uv, 78 s with pip, cold caches; see the README), but it is no slower, it prints no
# build output (pip shows setuptools' "BuildBackendWarning: Editable installation" banner for
# the editable install), and `make lock` needs it anyway. --compile-bytecode does what pip does
# (without it, a kernel under PYTHONDONTWRITEBYTECODE recompiles sympy at every start: 12 s vs 4 s).
# INSTALLER=pip uses pip alone (e.g. where only pip is set up for a proxy or a private index);
# both read the same constraints.txt.
INSTALLER  ?= uv
UV_VERSION := 0.13.9
ifeq ($(INSTALLER),pip)
INSTALL_TOOL := $(BIN)/python
INSTALL = $(BIN)/python -m pip install --quiet -c $(CONSTRAINTS)
else
INSTALL_TOOL := $(BIN)/uv
INSTALL = $(BIN)/uv pip install --quiet --compile-bytecode --python $(BIN)/python -c $(CONSTRAINTS)
endif
NOTEBOOKS := $(sort $(wildcard notebooks/[0-9]*.ipynb))
LAB_PORT ?= 8888
# Flags for `make lab` (a test starts the server with exactly these).
LAB_FLAGS = --no-browser --ServerApp.ip=127.0.0.1 --ServerApp.port=$(LAB_PORT) \
            --ServerApp.root_dir=$(LAB_ROOT) $(if $(filter 0,$(shell id -u)),--allow-root)
# The smoke suite's interpreters: another CPython than the suite's (Debian 12's python3 is 3.11.2).
SMOKE_PYTHONS ?= $(wildcard /usr/bin/python3)

.PHONY: install lab test test-kernels smoke notebooks student teacher grade pdf site explorers lite bench chromium node bwrap poppler lock clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(if $(filter pip,$(INSTALLER)),$(BIN)/python -m pip install --quiet --upgrade pip)

$(BIN)/uv: | $(BIN)/python
	$(BIN)/python -m pip install --quiet uv==$(UV_VERSION)

# What a student needs: numpy, sympy, matplotlib, ipywidgets, jupyterlab (no test stack).
$(LAB_STAMP): pyproject.toml $(CONSTRAINTS) | $(INSTALL_TOOL)
	$(INSTALL) -e '.[lab]'
	touch $(LAB_STAMP)

# The teacher's explorer wall: the lab and Voilà.
$(TEACH_STAMP): pyproject.toml $(CONSTRAINTS) | $(INSTALL_TOOL)
	$(INSTALL) -e '.[lab,teach]'
	touch $(TEACH_STAMP) $(LAB_STAMP)

# The website: the site extra (Sphinx, myst-nb, the theme) and rbteach itself, whose course module
# builds the edition (it needs the exercises' answers to leave printed answers out); no test stack.
$(SITE_STAMP): pyproject.toml $(CONSTRAINTS) | $(INSTALL_TOOL)
	$(INSTALL) -e '.[site]'
	touch $(SITE_STAMP)

# The class without installs needs only the lab and lite extras (not the test stack).
$(LITE_STAMP): pyproject.toml $(CONSTRAINTS) | $(INSTALL_TOOL)
	$(INSTALL) -e '.[lab,lite]'
	touch $(LITE_STAMP) $(LAB_STAMP)

# The test stack on top (pytest, nbval, hypothesis, scipy/mpmath as oracles, playwright), and
# everything the tests of the site, the wall and the lite site drive.
$(TEST_STAMP): pyproject.toml $(CONSTRAINTS) | $(INSTALL_TOOL)
	$(INSTALL) -e '.[lab,test,site,teach,lite]'
	touch $(TEST_STAMP) $(LAB_STAMP) $(TEACH_STAMP) $(SITE_STAMP) $(LITE_STAMP)

install: $(LAB_STAMP)

# EDITION=student (or teacher): JupyterLab on a fresh hand-out in build/lab-EDITION, built from the
# committed notebooks, as a class will see it (typing there never touches notebooks/).
ifneq ($(EDITION),)
LAB_ROOT := build/lab-$(EDITION)
else
LAB_ROOT := notebooks
endif
lab: $(LAB_STAMP)
	$(if $(EDITION),$(BIN)/python -m rbteach.course $(EDITION) $(LAB_ROOT) --fresh)
	$(BIN)/jupyter lab $(LAB_FLAGS) $(LAB_EXTRA)

# Browser tests need Debian's chromium. As root with apt-get, install it; otherwise the
# browser tests say plainly that they were skipped (under CI=true they fail instead).
chromium:
	@if command -v chromium >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "Installing Debian's chromium for the browser tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else \
	  echo "NOTE: chromium is not installed and cannot be installed here: the browser tests will be skipped."; \
	fi

# The grader's sandbox (Debian's bubblewrap) and the PDF tools (poppler-utils), as root like chromium.
bwrap:
	@if command -v bwrap >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "Installing Debian's bubblewrap for the grader's sandbox"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq bubblewrap >/dev/null; \
	else \
	  echo "NOTE: bubblewrap is not installed: make grade will run handed-in notebooks WITHOUT a sandbox."; \
	fi

poppler:
	@if command -v pdfunite >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "Installing Debian's poppler-utils for the PDFs"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils >/dev/null; \
	else \
	  echo "NOTE: poppler-utils is not installed: make pdf needs pdfunite."; \
	fi

# The website's build copies MathJax, require.js and the widget manager from npm packages.
node:
	@if command -v npm >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "Installing Debian's nodejs and npm for the website's assets"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null; \
	else \
	  echo "NOTE: npm is not installed: make site and its browser test need it."; \
	fi

# Hand-outs are the student edition unless EDITION=teacher (worked solutions folded, for colleagues).
EDITION_OR_STUDENT = $(or $(EDITION),student)

# The site's "Run this page in your browser" links lead to its lite/ folder: make site copies
# build/lite there (when it is the same edition), and make lite copies itself into a built site.
lite: $(LITE_STAMP) node
	$(BIN)/python lite/build_lite.py build/lite --edition $(EDITION_OR_STUDENT)
	$(BIN)/python site/build_site.py build/site --attach-lite build/lite

# The teacher's pages (teacher/*.md): what a student needs installed is enough; no notebook is run.
teacher: $(LAB_STAMP)
	$(BIN)/python -m rbteach.teaching.pages teacher

site: $(SITE_STAMP) node
	$(BIN)/python site/build_site.py build/site --edition $(EDITION_OR_STUDENT) --lite build/lite

pdf: $(TEST_STAMP) node chromium poppler
	$(BIN)/python site/build_site.py build/pdf-site-$(EDITION_OR_STUDENT) --edition $(EDITION_OR_STUDENT)
	$(BIN)/python site/build_pdf.py build/pdf-site-$(EDITION_OR_STUDENT)/html build/pdf/$(EDITION_OR_STUDENT) \
	  --edition $(EDITION_OR_STUDENT)

SUBMISSIONS ?= submissions
OUT ?= marks
TIMEOUT ?= 120
grade: $(LAB_STAMP) bwrap
	$(BIN)/python -m rbteach.grade $(SUBMISSIONS) --out $(OUT) --timeout $(TIMEOUT)

# The suite runs on TEST_WORKERS processes (pytest-xdist; 0: in one process), in units of work that
# tests/conftest.py hands out longest first: a file, a notebook (its cells in order in one kernel), or
# one test of the files whose tests are long and independent (each notebook in JupyterLab, each
# notebook under another OpenBLAS kernel: tests/test_blas_kernels.py). The browser tests share one
# JupyterLab and one Chromium per worker and one teacher site per run. The smoke suite on another
# interpreter runs at the same time (its output follows pytest's).
TEST_WORKERS ?= 3
test: $(TEST_STAMP) chromium node bwrap poppler
	@mkdir -p build; $(MAKE) --no-print-directory smoke > build/smoke.log 2>&1 & smoke=$$!; \
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadscope; rc=$$?; \
	wait $$smoke; src=$$?; echo "== make smoke (run alongside)"; cat build/smoke.log; \
	[ $$rc = 0 ] && [ $$src = 0 ]

# The smoke suite on other interpreters (tests/smoke/run.py: a fresh venv in build/smoke, never in
# the repo; '.[lab]' from the lock; import rbteach; notebooks 00 and 05 executed without an error).
smoke: $(INSTALL_TOOL)
	@[ -n "$(SMOKE_PYTHONS)" ] || echo "NOTE: no other interpreter for the smoke suite (set SMOKE_PYTHONS)"
	@for py in $(SMOKE_PYTHONS); do \
	  $$py tests/smoke/run.py --installer $(INSTALLER) $(if $(filter uv,$(INSTALLER)),--uv $(BIN)/uv) || exit 1; \
	done

# Strict nbval over the stored notebooks under other OpenBLAS kernels (part of make test; alone here):
# the outputs are the same on any CPU. RBTEACH_OTHER_KERNELS="Prescott Haswell" chooses the kernels.
test-kernels: $(TEST_STAMP)
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadscope tests/test_blas_kernels.py

WALL_PORT ?= 8866
WALL_FLAGS = --no-browser --Voila.ip=127.0.0.1 --Voila.port=$(WALL_PORT) --Voila.port_retries=0 --token

# The wall uses its own copy of Voilà's lab template (share/jupyter/voila/templates/rbteach) without
# the Font Awesome links to a CDN: nothing is loaded from the internet.
explorers: $(TEACH_STAMP)
	JUPYTER_PATH=$(CURDIR)/share/jupyter $(BIN)/voila notebooks/explorers.ipynb --template=rbteach $(WALL_FLAGS)

notebooks: $(LAB_STAMP)
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
	  --ExecutePreprocessor.record_timing=False --ExecutePreprocessor.kernel_name=python3 \
	  --ExecutePreprocessor.timeout=600 $(NOTEBOOKS) notebooks/explorers.ipynb

student: $(LAB_STAMP)
	$(BIN)/python -m rbteach.course $(EDITION_OR_STUDENT) student --fresh

bench: $(TEST_STAMP)
	@for f in benchmarks/bench_*.py; do echo "== $$f"; $(BIN)/python $$f || exit 1; done

# The lock: one constraints file for every supported Python, written by uv's universal resolver
# (`uv pip compile --universal`). Where a package's newest version drops an older Python, the line
# carries a marker and an older version stands beside it for that Python (soupsieve 4.1 needs
# 3.11.5, so 3.11.0-3.11.4 get 2.10); pip and uv both read such markers. Kept versions stay (the
# old file is uv's preference); UPGRADE=1 takes the newest allowed. Then every Python of
# LOCK_PYTHONS on every platform of LOCK_PLATFORMS must find a wheel for every locked package.
# After a change, commit constraints.txt and re-run `make notebooks` and `make test`.
LOCK_PYTHONS   := 3.11.0 3.11.2 3.12 3.13 3.14
LOCK_PLATFORMS := x86_64-manylinux_2_28 aarch64-manylinux_2_28 x86_64-apple-darwin aarch64-apple-darwin x86_64-pc-windows-msvc
# Where a locked version has no wheel for a platform: an older version there only (26.2.0 of
# argon2-cffi-bindings, jupyter-server's password hashing, has no wheel for Intel macOS).
LOCK_FORKS := "argon2-cffi-bindings<26 ; sys_platform == 'darwin' and platform_machine == 'x86_64'"
# Held back on purpose. jsonschema 4.25 added rfc3987-syntax to its format-nongpl extra (which
# jupyter-events asks for); importing it builds a Lark Earley parser, 2.5-3 s of CPU in every process
# that imports nbformat: each Jupyter server, Voila, nbconvert, nbclient, and the grader's runner
# for each student (jsonschema#1428). It checks only the `iri` format, which no Jupyter schema uses.
LOCK_HOLDS := "jsonschema<4.25"
lock: $(BIN)/uv
	@mkdir -p build && printf '%s\n' $(LOCK_FORKS) $(LOCK_HOLDS) > build/lock-pins.txt
	$(BIN)/uv pip compile pyproject.toml --all-extras --universal --annotation-style line \
	  -c build/lock-pins.txt \
	  --custom-compile-command 'make lock' $(if $(UPGRADE),--upgrade) -o $(CONSTRAINTS)
	@for py in $(LOCK_PYTHONS); do for plat in $(LOCK_PLATFORMS); do \
	  $(BIN)/uv pip compile $(CONSTRAINTS) --python-version $$py --python-platform $$plat --only-binary :all: \
	    --quiet --no-header -o /dev/null || { echo "the lock does not install on Python $$py, $$plat"; exit 1; }; \
	done; echo "the lock installs from wheels on Python $$py ($(LOCK_PLATFORMS))"; done

clean:
	rm -rf $(VENV) *.egg-info .pytest_cache .hypothesis student
