#!/usr/bin/env bash
# The measurement of issue 17 (reading the note): the embedded model (Qwen2.5-Coder-1.5B Q4_K_M,
# llama.cpp) on MedCalc-Bench v1.0 clean-940, 3 cases per calculator, seed 1 (153 cases; a
# sample nothing was tuned on), every report against v1.0's labels and the corrected ones.
#
#   STAGE=1  zero_shot_cot, today's extract, the new extract (every mechanism on)   ~3 h on 2 cores
#   STAGE=2  each mechanism alone on top of today's extract                         8 arms
#   STAGE=3  the new extract without each mechanism (leave-one-out ablations)       7 arms
#   STAGE=4  the vignettes (tests/data/vignettes, v1 + v2: 95, every rule-based calculator)
#            with today's and the new extract (95 cases per arm)
#   STAGE=design  the tuning sample (2 per calculator, seed 0; 102 cases): today's and the new
#            extract, to decide what the new extract keeps before seed 1 is run
#   STAGE=report  the reports (Markdown and JSON under docs/results/), no model runs
#
# The threshold of decide=logprob stays 0.5 unless THRESHOLD is set, e.g. from
#   python benchmarks/calibrate_threshold.py   (the one-shot exemplars; never test cases)
# Every command is resumable: rerun it after an interruption (attempts are stored as they finish).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=${ROOT:-runs}
STAGE=${STAGE:-1}
T=${THRESHOLD:-0.5}
SAMPLE=(--subset medrac_clean_940 --per-calculator 3 --seed 1 --retry-errors)
DIR="$ROOT/reading-3pc-seed1"
join() { local IFS=,; echo "$*"; }
# each mechanism as extract's parameters; the new extract has them all
MECHS=(context=with_model "decide=logprob,threshold=$T" choices=logprob candidates=true apply_hints=true
       item_lists=true abstain=true)
NEW="extract:$(join "${MECHS[@]}")"
ALONE=(extract:context=alone)  # each mechanism alone on top of today's extract
WITHOUT=()                     # the new extract without each mechanism (leave-one-out)
for i in "${!MECHS[@]}"; do
  ALONE+=("extract:${MECHS[$i]}")
  rest=("${MECHS[@]:0:$i}" "${MECHS[@]:$((i + 1))}")
  WITHOUT+=("extract:$(join "${rest[@]}")")
done
arms() { medreckon bench arms --model embedded "$@"; }

case "$STAGE" in
  design) arms --strategies "extract,$NEW" --subset medrac_clean_940 --per-calculator 2 --seed 0 --retry-errors \
            --run-dir "$ROOT/reading-2pc-seed0" --labels v1.0,corrected \
            --markdown docs/results/reading-design-2pc-seed0.md ;;
  1) arms --strategies "zero_shot_cot,extract,$NEW" "${SAMPLE[@]}" --run-dir "$DIR" --labels v1.0,corrected ;;
  2) arms --strategies "extract,$(join "${ALONE[@]}")" "${SAMPLE[@]}" --run-dir "$DIR" --labels v1.0,corrected ;;
  3) arms --strategies "$NEW,$(join "${WITHOUT[@]}")" "${SAMPLE[@]}" --run-dir "$DIR" --labels v1.0,corrected ;;
  4) # --data-file takes one CSV: the files joined under one header (each continues the last's
     # row numbers; v1 + v2 are 95 rows)
     VIG="$ROOT/reading-vignettes"; mkdir -p "$VIG"
     { head -n 1 tests/data/vignettes/rule_based_v1.csv
       for f in tests/data/vignettes/rule_based_v*.csv; do tail -n +2 "$f"; done; } \
       > "$VIG/rule_based.csv.tmp" && mv "$VIG/rule_based.csv.tmp" "$VIG/rule_based.csv"
     arms --strategies "extract,$NEW" --dataset medreckon-vignettes \
       --data-file "$VIG/rule_based.csv" --retry-errors --run-dir "$VIG" ;;
  report)
    arms --report-only --strategies "zero_shot_cot,extract,$NEW" --run-dir "$DIR" --labels v1.0,corrected \
      --markdown docs/results/reading-arms-3pc-seed1.md --json docs/results/reading-arms-3pc-seed1.json
    arms --report-only --strategies "extract,$(join "${ALONE[@]}")" --run-dir "$DIR" --labels v1.0,corrected \
      --markdown docs/results/reading-alone-3pc-seed1.md
    arms --report-only --strategies "$NEW,$(join "${WITHOUT[@]}")" --run-dir "$DIR" --labels v1.0,corrected \
      --markdown docs/results/reading-ablations-3pc-seed1.md
    arms --report-only --strategies "extract,$NEW" --run-dir "$ROOT/reading-vignettes" \
      --markdown docs/results/reading-vignettes.md
    medreckon bench attribute "$DIR/extract" --markdown docs/results/reading-attribution-extract.md
    medreckon bench attribute "$DIR/$(echo "$NEW" | sed -E 's/[^A-Za-z0-9._-]+/-/g')" \
      --markdown docs/results/reading-attribution-new-extract.md ;;
  *) echo "STAGE must be design, 1, 2, 3, 4 or report" >&2; exit 2 ;;
esac
