#!/usr/bin/env bash
# The arms run behind docs/results/arms-embedded.md: the embedded model (Qwen2.5-Coder-1.5B
# Q4_K_M, llama.cpp, 2 CPU threads) on a stratified sample of MedCalc-Bench v1.0 clean-940.
#   1. zero_shot_cot and extract on 2 cases per calculator (102 cases, seed 0);
#   2. tools and direct on 1 case per calculator (51 cases; with seed 0 the 1-per-calculator
#      sample is the first pick of the 2-per-calculator one, so the two arms above are reused
#      through symbolic links and every arm is compared on the same cases).
# Each command is resumable: rerun it after an interruption. Hours on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=${ROOT:-runs}
medreckon bench arms --model embedded --strategies zero_shot_cot,extract \
  --subset medrac_clean_940 --per-calculator 2 --seed 0 --retry-errors --run-dir "$ROOT/arms-embedded-2pc"
mkdir -p "$ROOT/arms-embedded-1pc"
for a in zero_shot_cot extract; do ln -sfn "../arms-embedded-2pc/$a" "$ROOT/arms-embedded-1pc/$a"; done
medreckon bench arms --model embedded --strategies zero_shot_cot,extract,tools,direct \
  --subset medrac_clean_940 --per-calculator 1 --seed 0 --run-dir "$ROOT/arms-embedded-1pc"
medreckon bench arms --report-only --strategies zero_shot_cot,extract --run-dir "$ROOT/arms-embedded-2pc" \
  --markdown docs/results/arms-embedded-2pc.md --json docs/results/arms-embedded-2pc.json
medreckon bench attribute "$ROOT/arms-embedded-2pc/extract" --markdown docs/results/attribution-extract.md
