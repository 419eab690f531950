#!/usr/bin/env bash
# The main job: installs medreckon into .venv and replays MedCalc-Bench v1.0 through the calculators.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
.venv/bin/python -m pip install -q -e .
.venv/bin/medreckon calc verify "$@"
