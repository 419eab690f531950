#!/usr/bin/env bash
# The step-verification results behind docs/results/steps-embedded-2pc.md: the embedded model
# (Qwen2.5-Coder-1.5B Q4_K_M, llama.cpp, 2 CPU threads) on MedCalc-Bench v1.0 clean-940, 2 cases
# per calculator, seed 0 (the 102 cases of the arms run):
#   1. extract and structured_cot (chain of thought answered as {calculator, values,
#      calculation, answer}), then exact step verdicts of both (bench arms reports them);
#   2. the embedded model as judge of the extract attempts, measured against the exact verdicts
#      (JUDGE_LIMIT attempts per call: the judge takes about half a minute an attempt here;
#      rerun to judge the rest);
#   3. error types side by side, and the first wrong step against bench attribute's causes.
# Every step is resumable (attempts and evaluations are stored as they finish).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=${ROOT:-runs}
JUDGE_LIMIT=${JUDGE_LIMIT:-102}
OUT=${OUT:-docs/results}
DIR="$ROOT/steps-2pc"
medreckon bench arms --model embedded --strategies extract,structured_cot \
  --subset medrac_clean_940 --per-calculator 2 --seed 0 --retry-errors --run-dir "$DIR" \
  --markdown "$OUT/steps-arms-embedded-2pc.md" --json "$OUT/steps-arms-embedded-2pc.json"
medreckon bench verify "$DIR/extract" --judge embedded --judge-limit "$JUDGE_LIMIT" \
  --markdown "$OUT/steps-verify-extract.md" --json "$OUT/steps-verify-extract.json"
medreckon bench verify "$DIR/structured_cot" --markdown "$OUT/steps-verify-structured_cot.md"
medreckon bench errors "$DIR/extract" "$DIR/structured_cot" --markdown "$OUT/steps-errors.md"
python benchmarks/fe_vs_attribution.py "$DIR/extract"
