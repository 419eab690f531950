#!/usr/bin/env bash
# The measurement of issue 17 (reading the note): the embedded model (Qwen2.5-Coder-1.5B Q4_K_M,
# llama.cpp) on MedCalc-Bench v1.0 clean-940, 3 cases per calculator, seed 1 (153 cases; a
# sample nothing was tuned on), every report against v1.0's labels and the corrected ones.
#
#   STAGE=1  zero_shot_cot, today's extract, the new extract (every mechanism on)   ~3 h on 2 cores
#   STAGE=2  each mechanism alone on top of today's extract                         ~7 arms
#   STAGE=3  the new extract without each mechanism (leave-one-out ablations)       ~6 arms
#   STAGE=4  the vignettes (tests/data/vignettes, v1 + v2: 95, every rule-based calculator)
#            with today's and the new extract (95 cases per arm)
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
NEW="extract:context=with_model,decide=logprob,threshold=$T,candidates=true,apply_hints=true,item_lists=true,abstain=true"
ALONE=(extract:context=alone extract:context=with_model "extract:decide=logprob,threshold=$T"
       extract:candidates=true extract:apply_hints=true extract:item_lists=true extract:abstain=true)
WITHOUT=("extract:decide=logprob,threshold=$T,candidates=true,apply_hints=true,item_lists=true,abstain=true"  # no context
         "extract:context=with_model,candidates=true,apply_hints=true,item_lists=true,abstain=true"            # no logprob
         "extract:context=with_model,decide=logprob,threshold=$T,apply_hints=true,item_lists=true,abstain=true" # no candidates
         "extract:context=with_model,decide=logprob,threshold=$T,candidates=true,item_lists=true,abstain=true"  # no hints
         "extract:context=with_model,decide=logprob,threshold=$T,candidates=true,apply_hints=true,abstain=true" # no item lists
         "extract:context=with_model,decide=logprob,threshold=$T,candidates=true,apply_hints=true,item_lists=true") # no abstention
join() { local IFS=,; echo "$*"; }
arms() { medreckon bench arms --model embedded "$@"; }

case "$STAGE" in
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
  *) echo "STAGE must be 1, 2, 3, 4 or report" >&2; exit 2 ;;
esac
