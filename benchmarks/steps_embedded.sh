#!/usr/bin/env bash
# The step-verification results behind docs/results/README.md ("Step verification"): the
# embedded model (Qwen2.5-Coder-1.5B Q4_K_M, llama.cpp, 2 CPU threads) on MedCalc-Bench v1.0
# clean-940, seed 0:
#   1. extract on 2 cases per calculator (the 102 cases of the arms run);
#   2. structured_cot (chain of thought answered as {calculator, values, calculation, answer})
#      on 1 case per calculator: with seed 0 that sample is the first pick of the 2-per-
#      calculator one, so the arms live under steps-2pc and steps-1pc links to them;
#   3. the embedded model as judge of JUDGE_LIMIT extract attempts per call, measured against
#      the exact verdicts (about 40 s an attempt here; rerun to judge more);
#   4. exact verdicts and error types of both arms, and the first wrong step against
#      bench attribute's causes;
#   5. structured_cot on the other 51 cases, and the 2-per-calculator arms report.
# Every step is resumable (attempts and evaluations are stored as they finish).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=${ROOT:-runs}
JUDGE_LIMIT=${JUDGE_LIMIT:-102}
OUT=${OUT:-docs/results}
TWO="$ROOT/steps-2pc"
ONE="$ROOT/steps-1pc"
medreckon bench arms --model embedded --strategies extract \
  --subset medrac_clean_940 --per-calculator 2 --seed 0 --retry-errors --run-dir "$TWO"
mkdir -p "$TWO/structured_cot" "$ONE"
for a in extract structured_cot; do ln -sfn "../steps-2pc/$a" "$ONE/$a"; done
medreckon bench arms --model embedded --strategies extract,structured_cot \
  --subset medrac_clean_940 --per-calculator 1 --seed 0 --retry-errors --run-dir "$ONE" \
  --markdown "$OUT/steps-arms-embedded-1pc.md" --json "$OUT/steps-arms-embedded-1pc.json"
medreckon bench verify "$TWO/extract" --judge embedded --judge-limit "$JUDGE_LIMIT" \
  --markdown "$OUT/steps-verify-extract-2pc.md" --json "$OUT/steps-verify-extract-2pc.json"
medreckon bench verify "$TWO/structured_cot" --markdown "$OUT/steps-verify-structured_cot.md"
medreckon bench errors "$TWO/extract" "$TWO/structured_cot" --markdown "$OUT/steps-errors.md"
python benchmarks/fe_vs_attribution.py "$TWO/extract"
medreckon bench arms --model embedded --strategies extract,structured_cot \
  --subset medrac_clean_940 --per-calculator 2 --seed 0 --retry-errors --run-dir "$TWO" \
  --markdown "$OUT/steps-arms-embedded-2pc.md" --json "$OUT/steps-arms-embedded-2pc.json"
