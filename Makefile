# The two commands a player needs: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint typecheck unit simulate clean lock

# Development and CI install the locked versions (requirements-dev.lock); pyproject.toml keeps lower bounds for users.
$(STAMP): pyproject.toml requirements-dev.lock
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c requirements-dev.lock -e '.[test]'
	touch $(STAMP)

# After changing a dependency: a fresh venv resolves pyproject.toml's bounds, and its versions become the lock.
lock:
	rm -rf .venv-lock && $(PYTHON) -m venv .venv-lock
	.venv-lock/bin/python -m pip install --quiet -e '.[test]'
	{ sed -n '1,2p' requirements-dev.lock; .venv-lock/bin/python -m pip freeze --exclude-editable; } > requirements-dev.lock.new
	mv requirements-dev.lock.new requirements-dev.lock && rm -rf .venv-lock

play: $(STAMP)
	$(BIN)/doorkick play

test: $(STAMP) lint typecheck unit

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# The folders become `doorkick.*` only through setuptools' import hook, which mypy and editors cannot follow:
# a tree of links, `.venv/typing/doorkick/<folder>`, shows them the package as it is installed.
# The tests import their folder's helpers by bare name (pytest puts each test folder on sys.path) and several
# folders have a conftest.py, so each folder that holds tests is checked on its own, with itself on the path.
# Strict, but without warn_unreachable (not part of --strict): a test asserts a state, acts, and asserts the new
# state, and mypy keeps the first assertion's narrowing across the act, calling the second one unreachable.
TYPING := $(VENV)/typing
typecheck: $(STAMP)
	mkdir -p $(TYPING)/doorkick
	for d in shared server client assets bench; do ln -sfn $(CURDIR)/$$d $(TYPING)/doorkick/$$d; done
	MYPYPATH=$(TYPING) $(BIN)/mypy -p doorkick.shared -p doorkick.server -p doorkick.client -p doorkick.bench
	status=0; for d in $$(find tests -name '*.py' -printf '%h\n' | sort -u); do \
		MYPYPATH=$(TYPING):$$d $(BIN)/mypy --no-warn-unreachable $$d/*.py || status=1; done; exit $$status

# Every core; the tests that use real zeroconf share one worker (xdist_group "lan").
unit: $(STAMP)
	$(BIN)/pytest -n auto --dist loadgroup

simulate: $(STAMP)
	$(BIN)/doorkick simulate --game munchkin --players 4 --games 200 --seed 1

clean:
	rm -rf $(VENV) build *.egg-info
