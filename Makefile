# rbteach: every target does its own set-up on a fresh machine that has only python3 >= 3.10.
#   make lab        JupyterLab on notebooks/ (127.0.0.1, token on)
#   make test       the whole suite: unit, property, SymPy, nbval over notebooks/, browser tests
#   make notebooks  re-execute every notebook and store its outputs
#   make bench      run the benchmarks in benchmarks/

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.rbteach-installed
NOTEBOOKS := $(sort $(wildcard notebooks/[0-9]*.ipynb))
LAB_PORT ?= 8888
# Flags for `make lab` (a test starts the server with exactly these).
LAB_FLAGS = --no-browser --ServerApp.ip=127.0.0.1 --ServerApp.port=$(LAB_PORT) \
            --ServerApp.root_dir=notebooks $(if $(filter 0,$(shell id -u)),--allow-root)

.PHONY: install lab test notebooks bench chromium clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

lab: $(STAMP)
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

test: $(STAMP) chromium
	$(BIN)/python -m pytest

notebooks: $(STAMP)
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
	  --ExecutePreprocessor.record_timing=False --ExecutePreprocessor.kernel_name=python3 \
	  --ExecutePreprocessor.timeout=600 $(NOTEBOOKS)

bench: $(STAMP)
	@for f in benchmarks/bench_*.py; do echo "== $$f"; $(BIN)/python $$f || exit 1; done

clean:
	rm -rf $(VENV) *.egg-info .pytest_cache .hypothesis
