# rbteach: every target does its own set-up on a fresh machine that has only python3 >= 3.11.
#   make lab        JupyterLab on notebooks/ (127.0.0.1, token on): installs only what a student needs
#   make test       the whole suite: unit, property, SymPy, nbval over notebooks/ (under several
#                   OpenBLAS kernels), worked solutions, student edition, browser tests
#   make notebooks  re-execute every notebook and store its outputs
#   make student    the student edition (no worked solutions) in student/
#   make explorers  the explorer wall (notebooks/explorers.ipynb) served by Voilà, without code
#   make lite       the class without installs: a JupyterLite site in build/lite (any static web server)
#   make site       the website in build/site/html (Sphinx + myst-nb, nothing from a CDN)
#   make bench      run the benchmarks in benchmarks/
#   make lock       regenerate constraints.txt, the exact versions every install uses

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
LAB_STAMP  := $(VENV)/.rbteach-lab
TEST_STAMP := $(VENV)/.rbteach-test
LITE_STAMP := $(VENV)/.rbteach-lite
CONSTRAINTS := constraints.txt
PIP := $(BIN)/python -m pip install --quiet -c $(CONSTRAINTS)
NOTEBOOKS := $(sort $(wildcard notebooks/[0-9]*.ipynb))
LAB_PORT ?= 8888
# Flags for `make lab` (a test starts the server with exactly these).
LAB_FLAGS = --no-browser --ServerApp.ip=127.0.0.1 --ServerApp.port=$(LAB_PORT) \
            --ServerApp.root_dir=notebooks $(if $(filter 0,$(shell id -u)),--allow-root)
# Stored outputs must not depend on the CPU: strict nbval runs again under these OpenBLAS kernels
# (besides the default). SkylakeX needs AVX-512, Sandybridge AVX; Prescott runs on any x86-64.
ifeq ($(shell uname -m),x86_64)
OTHER_KERNELS ?= Prescott $(if $(shell grep -m1 -o avx512f /proc/cpuinfo 2>/dev/null),SkylakeX,$(if $(shell grep -m1 -ow avx /proc/cpuinfo 2>/dev/null),Sandybridge))
else
OTHER_KERNELS ?= ARMV8
endif

.PHONY: install lab test test-kernels notebooks student site explorers lite bench chromium node lock clean

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# What a student needs: numpy, sympy, matplotlib, ipywidgets, jupyterlab (no test stack).
$(LAB_STAMP): pyproject.toml $(CONSTRAINTS) | $(VENV)/bin/python
	$(PIP) -e '.[lab]'
	touch $(LAB_STAMP)

# The test stack on top (pytest, nbval, hypothesis, scipy/mpmath as oracles, playwright).
$(TEST_STAMP): $(LAB_STAMP)
	$(PIP) -e '.[lab,test,site,teach,lite]'
	touch $(TEST_STAMP)

# The class without installs needs only the lab and lite extras (not the test stack).
$(LITE_STAMP): $(LAB_STAMP)
	$(PIP) -e '.[lab,lite]'
	touch $(LITE_STAMP)

install: $(LAB_STAMP)

lab: $(LAB_STAMP)
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

# The website's build copies MathJax, require.js and the widget manager from npm packages.
node:
	@if command -v npm >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "Installing Debian's nodejs and npm for the website's assets"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null; \
	else \
	  echo "NOTE: npm is not installed: make site and its browser test need it."; \
	fi

lite: $(LITE_STAMP) node
	$(BIN)/python lite/build_lite.py build/lite

site: $(TEST_STAMP) node
	$(BIN)/python site/build_site.py build/site

test: $(TEST_STAMP) chromium node test-kernels
	$(BIN)/python -m pytest

# Strict nbval over the stored notebooks under other BLAS kernels: the outputs are the same on any CPU.
test-kernels: $(TEST_STAMP)
	@for k in $(OTHER_KERNELS); do \
	  core=$$(OPENBLAS_CORETYPE=$$k OPENBLAS_VERBOSE=2 $(BIN)/python -c "import numpy" 2>&1 | sed -n 's/^Core: //p'); \
	  echo "== strict nbval under OPENBLAS_CORETYPE=$$k (OpenBLAS runs its $$core kernel)"; \
	  [ -n "$$core" ] || { echo "OpenBLAS did not report its kernel"; exit 1; }; \
	  OPENBLAS_CORETYPE=$$k $(BIN)/python -m pytest -q -p no:randomly notebooks || exit 1; \
	done

WALL_PORT ?= 8866
WALL_FLAGS = --no-browser --Voila.ip=127.0.0.1 --Voila.port=$(WALL_PORT) --Voila.port_retries=0 --token

explorers: $(TEST_STAMP)
	$(BIN)/voila notebooks/explorers.ipynb $(WALL_FLAGS)

notebooks: $(LAB_STAMP)
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
	  --ExecutePreprocessor.record_timing=False --ExecutePreprocessor.kernel_name=python3 \
	  --ExecutePreprocessor.timeout=600 $(NOTEBOOKS) notebooks/explorers.ipynb

student: $(LAB_STAMP)
	$(BIN)/python -c "from rbteach.course import write_student_edition as w; \
	  [print('wrote', p) for p in w('notebooks', 'student')]"

bench: $(TEST_STAMP)
	@for f in benchmarks/bench_*.py; do echo "== $$f"; $(BIN)/python $$f || exit 1; done

# The lock: a fresh venv with the newest allowed versions, frozen. Commit constraints.txt, then
# re-run `make notebooks` and `make test` (stored outputs are made with these versions).
lock:
	rm -rf .lockenv && $(PYTHON) -m venv .lockenv
	.lockenv/bin/python -m pip install --quiet --upgrade pip
	.lockenv/bin/python -m pip install --quiet -e '.[lab,test,site,teach,lite]'
	{ echo "# Exact versions for make lab / make test (generated by 'make lock'; do not edit by hand)."; \
	  .lockenv/bin/python -m pip freeze --exclude-editable | grep -v '^rbteach'; } > $(CONSTRAINTS)
	rm -rf .lockenv

clean:
	rm -rf $(VENV) *.egg-info .pytest_cache .hypothesis student
