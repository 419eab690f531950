#!/usr/bin/env bash
# The main job: install medreckon with the offline embedded model into .venv, replay
# MedCalc-Bench v1.0 through the calculators, then run the embedded model on a stratified
# sample of MedCalc-Bench (clean-940 subset) and report. Rerunning resumes the same run and
# retries the attempts stored as errors (a request past TIMEOUT, a crashed server).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
# extract = the default reading pipeline (docs/reading.md): the note read by rule first, the model asked
# what the rules leave open, every input with its evidence and confidence (the run of an older checkout
# resumes with STRATEGY=extract:configuration=issue17, its flags' frozen key)
STRATEGY=${STRATEGY:-extract}
MODEL=${MODEL:-embedded}
PER_CALCULATOR=${PER_CALCULATOR:-1}
LIMIT=${LIMIT:-}   # empty: every sampled case (1 per calculator of clean-940 = 51 cases)
TIMEOUT=${TIMEOUT:-900}   # seconds per model request; the embedded model on 2 busy cores needs minutes for a long note
# The run's name: the model and strategy names, the sample, and a hash of the full configuration
# (the strategy's parameters are in the report and the viewer, not in the name).
SLUG=$(echo "${MODEL##*/}-${STRATEGY%%:*}" | sed -E 's/[^A-Za-z0-9._-]+/-/g')
HASH=$(printf '%s|%s|%s|%s' "$MODEL" "$STRATEGY" "$PER_CALCULATOR" "$LIMIT" | sha256sum | cut -c1-8)
if [ -z "${RUN_DIR:-}" ]; then
  RUN_DIR=runs/main-${SLUG}-${PER_CALCULATOR}pc${LIMIT:+-limit$LIMIT}-${HASH}
  # a run started under the earlier, long name (the whole strategy spec) is resumed where it is
  OLD=runs/main-$(echo "$MODEL-$STRATEGY" | sed -E 's/[^A-Za-z0-9._-]+/-/g')-${PER_CALCULATOR}pc${LIMIT:+-limit$LIMIT}
  if [ ! -e "$RUN_DIR" ] && [ -d "$OLD" ]; then RUN_DIR=$OLD; fi
fi
[ -x .venv/bin/python ] || "$PY" -m venv .venv
PIP=(.venv/bin/python -m pip install -q --disable-pip-version-check)
"${PIP[@]}" --upgrade pip >/dev/null
"${PIP[@]}" torch==2.13.0   # pinned first: the CPU wheel on disk, never a CUDA build
. scripts/llama_wheel.sh   # llama-cpp-python for any x86-64 CPU, not pip's -march=native build
"${PIP[@]}" --find-links "$WHEELS" -e '.[embedded,retrieval,sandbox,reading]'
install_llama_wheel
.venv/bin/medreckon calc verify
.venv/bin/medreckon bench run --model "$MODEL" --strategy "$STRATEGY" --dataset medcalc-bench \
  --subset medrac_clean_940 --per-calculator "$PER_CALCULATOR" --seed 0 ${LIMIT:+--limit "$LIMIT"} \
  --timeout "$TIMEOUT" --retry-errors --run-dir "$RUN_DIR"
.venv/bin/medreckon bench report "$RUN_DIR" --html "$RUN_DIR/report.html"
echo "report: $RUN_DIR/report.html"
