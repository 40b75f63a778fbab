# The two commands a player needs: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint typecheck unit simulate clean

$(STAMP): pyproject.toml
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/doorkick play

test: $(STAMP) lint typecheck unit

lint: $(STAMP)
	$(BIN)/ruff check .

typecheck: $(STAMP)
	$(BIN)/mypy shared

# Every core; the tests that use real zeroconf share one worker (xdist_group "lan").
unit: $(STAMP)
	$(BIN)/pytest -n auto --dist loadgroup

simulate: $(STAMP)
	$(BIN)/doorkick simulate --game munchkin --players 4 --games 200 --seed 1

clean:
	rm -rf $(VENV) build *.egg-info
