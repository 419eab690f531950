#!/usr/bin/env bash
# The main job: install medreckon with the offline embedded model into .venv, replay
# MedCalc-Bench v1.0 through the calculators, then run the embedded model on a stratified
# sample of MedCalc-Bench (clean-940 subset) and report. Rerunning resumes the same run.
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
SLUG=$(echo "$MODEL-$STRATEGY" | sed -E 's/[^A-Za-z0-9._-]+/-/g')
RUN_DIR=${RUN_DIR:-runs/main-${SLUG}-${PER_CALCULATOR}pc${LIMIT:+-limit$LIMIT}}
[ -x .venv/bin/python ] || "$PY" -m venv .venv
PIP=(.venv/bin/python -m pip install -q --disable-pip-version-check)
"${PIP[@]}" --upgrade pip >/dev/null
"${PIP[@]}" torch==2.13.0   # pinned first: the CPU wheel on disk, never a CUDA build
"${PIP[@]}" -e '.[embedded,retrieval,sandbox,reading]'
.venv/bin/medreckon calc verify
.venv/bin/medreckon bench run --model "$MODEL" --strategy "$STRATEGY" --dataset medcalc-bench \
  --subset medrac_clean_940 --per-calculator "$PER_CALCULATOR" --seed 0 ${LIMIT:+--limit "$LIMIT"} \
  --run-dir "$RUN_DIR"
.venv/bin/medreckon bench report "$RUN_DIR" --html "$RUN_DIR/report.html"
echo "report: $RUN_DIR/report.html"
