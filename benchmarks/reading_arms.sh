#!/usr/bin/env bash
# The measurement of issue 17 (reading the note): the embedded model (Qwen2.5-Coder-1.5B Q4_K_M,
# llama.cpp) on MedCalc-Bench v1.0 clean-940, 3 cases per calculator, seed 1 (152 cases; the
# design sample was 2 per calculator, seed 0), every report against v1.0's labels and the
# corrected ones.
#
#   STAGE=design   the new extract (and today's) on the design sample: 2 per calculator, seed 0
#   STAGE=1        zero_shot_cot, today's extract, the new extract                    (seed 1)
#   STAGE=3        the new extract without each mechanism (leave-one-out ablations)   (seed 1)
#   STAGE=4        the vignettes (tests/data/vignettes, v1 + v2: 95, every rule-based
#                  MedCalc-Bench calculator) with today's and the new extract
#   STAGE=report   the reports (Markdown and JSON under docs/results/), no model runs
#
# The new extract is today's extract with the mechanisms below; the leave-one-out arms replace one
# mechanism by its "off" form (for `context`, the findings go into the one JSON request, as in the
# prototype of ../shared/notes/extraction-lessons.md, instead of one quoted question each).
# Every command is resumable: rerun it after an interruption (attempts are stored as they finish).
# Timings are only comparable between arms run on a quiet machine; the script does not check.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=${ROOT:-runs}
STAGE=${STAGE:-1}
SAMPLE=(--subset medrac_clean_940 --per-calculator 3 --seed 1 --retry-errors)
DIR="$ROOT/reading-3pc-seed1"
join() { local IFS=,; echo "$*"; }
# mechanism=on form|off form ("" = the parameter's default)
MECHS=("context=alone|split_findings=false" "choices=logprob|" "candidates=first|" "apply_hints=true|"
       "item_lists=true|" "abstain=true|" "max_repairs=1|")
ON=(); for m in "${MECHS[@]}"; do ON+=("${m%%|*}"); done
NEW="extract:$(join "${ON[@]}")"
WITHOUT=()  # the new extract without each mechanism
for i in "${!MECHS[@]}"; do
  rest=("${ON[@]:0:$i}" "${ON[@]:$((i + 1))}")
  off="${MECHS[$i]#*|}"
  [ -n "$off" ] && rest+=("$off")
  WITHOUT+=("extract:$(join "${rest[@]}")")
done
arms() { medreckon bench arms --model embedded "$@"; }
slug() { echo "$1" | sed -E 's/[^A-Za-z0-9._-]+/-/g; s/^-+|-+$//g'; }

case "$STAGE" in
  design) arms --strategies "extract,$NEW" --subset medrac_clean_940 --per-calculator 2 --seed 0 --retry-errors \
            --run-dir "$ROOT/reading-2pc-seed0" --labels v1.0,corrected \
            --markdown docs/results/reading-design-2pc-seed0.md ;;
  1) arms --strategies "zero_shot_cot,extract,$NEW" "${SAMPLE[@]}" --run-dir "$DIR" --labels v1.0,corrected ;;
  3) arms --strategies "$NEW,$(join "${WITHOUT[@]}")" "${SAMPLE[@]}" --run-dir "$DIR" --labels v1.0,corrected ;;
  4) # --data-file takes one CSV: the files joined under one header (each continues the last's
     # row numbers; v1 + v2 are 95 rows)
     VIG="$ROOT/reading-vignettes"; mkdir -p "$VIG"
     { head -n 1 tests/data/vignettes/rule_based_v1.csv
       for f in tests/data/vignettes/rule_based_v*.csv; do tail -n +2 "$f"; done; } \
       > "$VIG/rule_based.csv.tmp" && mv "$VIG/rule_based.csv.tmp" "$VIG/rule_based.csv"
     arms --strategies "$NEW,extract" --dataset medreckon-vignettes \
       --data-file "$VIG/rule_based.csv" --retry-errors --run-dir "$VIG" ;;
  report)
    arms --report-only --strategies "zero_shot_cot,extract,$NEW" --run-dir "$DIR" --labels v1.0,corrected \
      --markdown docs/results/reading-arms-3pc-seed1.md --json docs/results/reading-arms-3pc-seed1.json
    arms --report-only --strategies "$NEW,$(join "${WITHOUT[@]}")" --run-dir "$DIR" --labels v1.0,corrected \
      --markdown docs/results/reading-ablations-3pc-seed1.md
    arms --report-only --strategies "extract,$NEW" --run-dir "$ROOT/reading-vignettes" \
      --markdown docs/results/reading-vignettes.md
    medreckon bench attribute "$DIR/extract" --markdown docs/results/reading-attribution-extract.md
    medreckon bench attribute "$DIR/$(slug "$NEW")" --markdown docs/results/reading-attribution-new-extract.md ;;
  *) echo "STAGE must be design, 1, 3, 4 or report" >&2; exit 2 ;;
esac
