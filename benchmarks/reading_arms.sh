#!/usr/bin/env bash
# The measurement of issue 17 (reading the note): the embedded model (Qwen2.5-Coder-1.5B Q4_K_M,
# llama.cpp) on MedCalc-Bench v1.0 clean-940, every report against v1.0's labels and the corrected
# ones. Three samples: the design sample (2 per calculator, seed 0; tuned on), seed 1 (3 per
# calculator, the issue's sample) and seed 2 (3 per calculator; 106 of its 152 cases are in
# neither of the others).
#
#   STAGE=design   the new extract on the design sample
#   STAGE=1        seed 1: zero_shot_cot, today's extract, the new extract
#   STAGE=2        seed 2: the new extract and the new extract without each mechanism
#                  (leave-one-out ablations); with ROUND1_SRC, round 1's code on the same sample
#   STAGE=3        seed 3 (3 per calculator, untouched until round 4 was frozen): round 3's and round
#                  4's code (ROUND3_SRC, ROUND4_SRC: checkouts of bfd3399 and d10f30b)
#   STAGE=4        the vignettes v1-v4 (125): round 4's code into reading-vignettes-round4, round
#                  3's on v3-v4 (rows 96-125; round 3 ran v1-v2 into reading-vignettes at its commit)
#   STAGE=5        seed 4 and the vignettes v5-v6 (rows 126-163), untouched until round 5 (this
#                  commit) was frozen: the new extract, and round 4's code (ROUND4_SRC)
#   STAGE=6        seed 5 and the vignettes v7-v8 (rows 164-213), untouched until round 6 (2f6f842)
#                  was frozen: round 6's code (ROUND6_SRC) and round 5's (ROUND5_SRC: 927fce0)
#   STAGE=7        seed 6 and the vignettes v9-v10 (rows 214-263), untouched until round 7 (this
#                  commit) was frozen: the new extract and round 6's code (ROUND6_SRC: 2f6f842)
#   ROUNDS=        with STAGE=6 or 7, run one of its two rounds only (two jobs, one per core)
#   STAGE=report   the reports (Markdown and JSON under docs/results/), no model runs
#   STAGE=28design issue 28: the default reading pipeline (`extract`) on the design sample (seeds 5 and
#                  6), then its confidence fitted on them into src/medreckon/reading/calibration.json
#   STAGE=28       issue 28's measurement on samples nobody designed on (seed 7; vignettes v9-v10):
#                  today's best configuration run by main's code (BASE_SRC: a checkout of dd83335,
#                  git worktree add --detach ../wt-28-base dd83335) and the default pipeline, paired
#                  (TIMEOUT: seconds a request may take, 3600: on a loaded machine a 300-s limit
#                  turned slow requests into errors)
#   STAGE=28report issue 28's tables: the confidence fit, selective prediction and McNemar (docs/results)
#
# The new extract's code changed after seed 1 was measured (rounds 2 and 3, docs/reading.md): the
# seed-1 figures in docs/results were made with commit 58a0ec0 (round 1); STAGE=1 at a later
# commit measures the later extract on seed 1, which rounds 2 and 3 were tuned on. Run STAGE=1 in
# a checkout of 58a0ec0 (git worktree add ../round1 58a0ec0) to reproduce them. Likewise seed 2's
# figures are round 3's (commit bfd3399: ROUND3_SRC=../round3/src after git worktree add ../round3
# bfd3399); round 4 (d10f30b) was measured on seed 3 and vignettes v3-v4, round 5 (927fce0) on seed 4
# and vignettes v5-v6, round 6 (2f6f842) on seed 5 and vignettes v7-v8, round 7 (this commit) on
# seed 6 and vignettes v9-v10, each a sample no round before it was tuned on.
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
SAMPLE2=(--subset medrac_clean_940 --per-calculator 3 --seed 2 --retry-errors)
DIR="$ROOT/reading-3pc-seed1"
DIR2="$ROOT/reading-3pc-seed2"
DIR3="$ROOT/reading-3pc-seed3"
DIR4="$ROOT/reading-3pc-seed4"
DIR5="$ROOT/reading-3pc-seed5"
DIR6="$ROOT/reading-3pc-seed6"
# ROUND SEED RUNDIR VIGDIR FILE...: one round's code (this checkout for 'new', else ROUND<n>_SRC) on a
# seed and on vignettes
measure() {
  local r=$1 seed=$2 dir=$3 vdir=$4 src=""; shift 4
  if [ "$r" != new ]; then src="ROUND${r}_SRC"; src="${!src:?set ROUND${r}_SRC (see above)}"; fi
  PYTHONPATH="$src" arms --strategies "$NEW" --subset medrac_clean_940 --per-calculator 3 --seed "$seed" \
    --retry-errors --run-dir "$dir" --labels v1.0,corrected
  vignettes "$vdir" "$@"
  PYTHONPATH="$src" arms --strategies "$NEW" --dataset medreckon-vignettes --retry-errors \
    --data-file "$vdir/rule_based.csv" --run-dir "$vdir"
}
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
# --data-file takes one CSV: the files joined under one header (each continues the last's row numbers)
vignettes() {  # DIR FILE...: the files as one CSV in DIR
  mkdir -p "$1"; local dir=$1; shift
  { head -n 1 tests/data/vignettes/rule_based_v1.csv; for f in "$@"; do tail -n +2 "$f"; done; } \
    > "$dir/rule_based.csv.tmp" && mv "$dir/rule_based.csv.tmp" "$dir/rule_based.csv"; }
slug() { python -c 'import sys; from medreckon.bench.runs.arms import arm_dir; print(arm_dir(sys.argv[1]))' "$1"; }  # the arm's directory

case "$STAGE" in
  design) arms --strategies "$NEW" --subset medrac_clean_940 --per-calculator 2 --seed 0 --retry-errors \
            --run-dir "$ROOT/reading-2pc-seed0" --labels v1.0,corrected \
            --markdown docs/results/reading-design-2pc-seed0.md ;;
  1) arms --strategies "zero_shot_cot,extract,$NEW" "${SAMPLE[@]}" --run-dir "$DIR" --labels v1.0,corrected ;;
  2) arms --strategies "$NEW,$(join "${WITHOUT[@]}")" "${SAMPLE2[@]}" --run-dir "$DIR2" --labels v1.0,corrected
     # round 1 on the same sample: ROUND1_SRC=<a checkout of 58a0ec0>/src runs its code
     if [ -n "${ROUND1_SRC:-}" ]; then
       PYTHONPATH="$ROUND1_SRC" arms --strategies "$NEW" "${SAMPLE2[@]}" --run-dir "$DIR2-round1" --labels v1.0,corrected
     fi ;;
  3) for r in 3 4; do src="ROUND${r}_SRC"
       PYTHONPATH="${!src:?set $src (see above)}" arms --strategies "$NEW" \
         --subset medrac_clean_940 --per-calculator 3 --seed 3 --retry-errors --run-dir "$DIR3-round$r" --labels v1.0,corrected
     done ;;
  4)      vignettes "$ROOT/reading-vignettes-round4" tests/data/vignettes/rule_based_v{1,2,3,4}.csv
     PYTHONPATH="${ROUND4_SRC:?}" arms --strategies "$NEW" --dataset medreckon-vignettes --retry-errors \
       --data-file "$ROOT/reading-vignettes-round4/rule_based.csv" --run-dir "$ROOT/reading-vignettes-round4"
     vignettes "$ROOT/reading-vignettes-v34-round3" tests/data/vignettes/rule_based_v{3,4}.csv
     PYTHONPATH="${ROUND3_SRC:?}" arms --strategies "$NEW" --dataset medreckon-vignettes --retry-errors \
       --data-file "$ROOT/reading-vignettes-v34-round3/rule_based.csv" --run-dir "$ROOT/reading-vignettes-v34-round3" ;;
  5) arms --strategies "$NEW" --subset medrac_clean_940 --per-calculator 3 --seed 4 --retry-errors \
       --run-dir "$DIR4" --labels v1.0,corrected
     vignettes "$ROOT/reading-vignettes-v56" tests/data/vignettes/rule_based_v{5,6}.csv
     arms --strategies "$NEW" --dataset medreckon-vignettes --retry-errors \
       --data-file "$ROOT/reading-vignettes-v56/rule_based.csv" --run-dir "$ROOT/reading-vignettes-v56"
     if [ -n "${ROUND4_SRC:-}" ]; then
       PYTHONPATH="$ROUND4_SRC" arms --strategies "$NEW" --subset medrac_clean_940 --per-calculator 3 --seed 4 \
         --retry-errors --run-dir "$DIR4-round4" --labels v1.0,corrected
       vignettes "$ROOT/reading-vignettes-v56-round4" tests/data/vignettes/rule_based_v{5,6}.csv
       PYTHONPATH="$ROUND4_SRC" arms --strategies "$NEW" --dataset medreckon-vignettes --retry-errors \
         --data-file "$ROOT/reading-vignettes-v56-round4/rule_based.csv" --run-dir "$ROOT/reading-vignettes-v56-round4"
     fi ;;
  6) for r in ${ROUNDS:-6 5}; do
       measure "$r" 5 "$DIR5-round$r" "$ROOT/reading-vignettes-v78-round$r" tests/data/vignettes/rule_based_v{7,8}.csv
     done ;;
  7) for r in ${ROUNDS:-7 6}; do
       measure "$([ "$r" = 7 ] && echo new || echo "$r")" 6 "$DIR6-round$r" "$ROOT/reading-vignettes-v910-round$r" \
         tests/data/vignettes/rule_based_v{9,10}.csv
     done ;;
  report)
    N=$(slug "$NEW")
    python benchmarks/reading_tables.py summary "$DIR" zero_shot_cot extract "$N" \
      --markdown docs/results/reading-summary-3pc-seed1.md
    arms --report-only --strategies "zero_shot_cot,extract,$NEW" --run-dir "$DIR" --labels v1.0,corrected \
      --markdown docs/results/reading-arms-3pc-seed1.md --json docs/results/reading-arms-3pc-seed1.json
    # round 1 against round 3, paired
    python benchmarks/reading_tables.py summary "$ROOT" "round1=$DIR2-round1/$N" "round3=$DIR2/$N" \
      --tuned 0:2 --tuned 1:3 --markdown docs/results/reading-summary-3pc-seed2.md
    RAN=(); for w in "${WITHOUT[@]}"; do [ -d "$DIR2/$(slug "$w")" ] && RAN+=("$w"); done  # the off arms run
    arms --report-only --strategies "$NEW,$(join "${RAN[@]}")" --run-dir "$DIR2" --labels v1.0,corrected \
      --markdown docs/results/reading-ablations-3pc-seed2.md
    # round 3 against round 4 (seed 3, vignettes v1-v4), round 4 against round 5 (seed 4, v5-v6), paired
    python benchmarks/reading_tables.py summary "$ROOT" "round3=$DIR3-round3/$N" "round4=$DIR3-round4/$N" \
      --tuned 0:2 --tuned 1:3 --tuned 2:3 --markdown docs/results/reading-summary-3pc-seed3.md
    python benchmarks/reading_tables.py summary "$ROOT" "round4=$DIR4-round4/$N" "round5=$DIR4/$N" \
      --tuned 0:2 --tuned 1:3 --tuned 2:3 --tuned 3:3 --markdown docs/results/reading-summary-3pc-seed4.md
    medreckon bench attribute "$DIR4/$N" --markdown docs/results/reading-attribution-new-extract-3pc-seed4.md
    # round 5 against round 6 (seed 5, vignettes v7-v8), paired
    python benchmarks/reading_tables.py summary "$ROOT" "round5=$DIR5-round5/$N" "round6=$DIR5-round6/$N" \
      --tuned 0:2 --tuned 1:3 --tuned 2:3 --tuned 3:3 --tuned 4:3 --markdown docs/results/reading-summary-3pc-seed5.md
    medreckon bench attribute "$DIR5-round6/$N" --markdown docs/results/reading-attribution-new-extract-3pc-seed5.md
    python benchmarks/reading_tables.py vignettes "$ROOT" "round5=$ROOT/reading-vignettes-v78-round5/$N" \
      "round6=$ROOT/reading-vignettes-v78-round6/$N" --held-out-from 164 --markdown docs/results/reading-vignettes-v7-v8.md
    # round 6 against round 7 (seed 6, vignettes v9-v10), paired
    python benchmarks/reading_tables.py summary "$ROOT" "round6=$DIR6-round6/$N" "round7=$DIR6-round7/$N" \
      --tuned 0:2 --tuned 1:3 --tuned 2:3 --tuned 3:3 --tuned 4:3 --tuned 5:3 \
      --markdown docs/results/reading-summary-3pc-seed6.md
    medreckon bench attribute "$DIR6-round7/$N" --markdown docs/results/reading-attribution-new-extract-3pc-seed6.md
    python benchmarks/reading_tables.py vignettes "$ROOT" "round6=$ROOT/reading-vignettes-v910-round6/$N" \
      "round7=$ROOT/reading-vignettes-v910-round7/$N" --held-out-from 214 --markdown docs/results/reading-vignettes-v9-v10.md
    python benchmarks/reading_tables.py vignettes "$ROOT" \
      "round3=$ROOT/reading-vignettes/$N,$ROOT/reading-vignettes-v34-round3/$N" \
      "round4=$ROOT/reading-vignettes-round4/$N" --markdown docs/results/reading-vignettes.md
    python benchmarks/reading_tables.py vignettes "$ROOT" "round4=$ROOT/reading-vignettes-v56-round4/$N" \
      "round5=$ROOT/reading-vignettes-v56/$N" --held-out-from 126 --markdown docs/results/reading-vignettes-v5-v6.md
    # the readers alone on each seed, with the code of the round measured on it: round 5's for seeds
    # 0-4, round 6's for seed 5, this commit's for seed 6
    for s in "0 2 5" "1 3 5" "2 3 5" "3 3 5" "4 3 5" "5 3 6" "6 3 new"; do set -- $s
      if [ "$3" = new ]; then src=""; else src="ROUND${3}_SRC"; src="${!src:?set ROUND${3}_SRC (see above)}"; fi
      PYTHONPATH="$src" python benchmarks/reading_tables.py rules --seed "$1" --per-calculator "$2" \
        --markdown "docs/results/reading-rules-${2}pc-seed$1.md"; done
    medreckon bench attribute "$DIR/extract" --markdown docs/results/reading-attribution-extract-3pc-seed1.md
    medreckon bench attribute "$DIR/$N" --markdown docs/results/reading-attribution-new-extract-3pc-seed1.md
    medreckon bench attribute "$DIR2/$N" --markdown docs/results/reading-attribution-new-extract-3pc-seed2.md ;;
  28design)
    for s in 5 6; do
      arms --strategies extract --subset medrac_clean_940 --per-calculator 3 --seed "$s" --retry-errors \
        --run-dir "$ROOT/reading-3pc-seed$s-i28" --labels v1.0,corrected --timeout "${TIMEOUT:-3600}"
    done
    python benchmarks/reading_tables.py calibrate "$ROOT/reading-3pc-seed5-i28/extract" \
      "$ROOT/reading-3pc-seed6-i28/extract" --out src/medreckon/reading/calibration.json \
      --markdown docs/results/reading-confidence-design-seeds5-6.md ;;
  28)
    V="$ROOT/reading-vignettes-v910-i28"
    vignettes "$V" tests/data/vignettes/rule_based_v{9,10}.csv
    for who in base new; do
      if [ "$who" = base ]; then src="${BASE_SRC:?set BASE_SRC (see above)}"; strategy="$NEW"; else src=""; strategy=extract; fi
      PYTHONPATH="$src" arms --strategies "$strategy" --subset medrac_clean_940 --per-calculator 3 --seed 7 \
        --retry-errors --run-dir "$ROOT/reading-3pc-seed7-$who" --labels v1.0,corrected --timeout "${TIMEOUT:-3600}"
      PYTHONPATH="$src" arms --strategies "$strategy" --dataset medreckon-vignettes --retry-errors \
        --data-file "$V/rule_based.csv" --run-dir "$V-$who" --timeout "${TIMEOUT:-3600}"
    done ;;
  28report)
    N=$(slug "$NEW")
    python benchmarks/reading_tables.py calibrate "$ROOT/reading-3pc-seed5-i28/extract" \
      "$ROOT/reading-3pc-seed6-i28/extract" --markdown docs/results/reading-confidence-design-seeds5-6.md
    python benchmarks/reading_tables.py selective "$ROOT" "main=$ROOT/reading-3pc-seed7-base/$N" \
      "pipeline=$ROOT/reading-3pc-seed7-new/extract" --svg docs/results/reading-risk-coverage-3pc-seed7.svg \
      --markdown docs/results/reading-selective-3pc-seed7.md
    python benchmarks/reading_tables.py selective "$ROOT" "main=$ROOT/reading-vignettes-v910-i28-base/$N" \
      "pipeline=$ROOT/reading-vignettes-v910-i28-new/extract" --svg docs/results/reading-risk-coverage-v9-v10.svg \
      --markdown docs/results/reading-selective-v9-v10.md
    python benchmarks/reading_tables.py summary "$ROOT" "main=$ROOT/reading-3pc-seed7-base/$N" \
      "pipeline=$ROOT/reading-3pc-seed7-new/extract" --tuned 0:2 --tuned 1:3 --tuned 2:3 --tuned 3:3 --tuned 4:3 \
      --tuned 5:3 --tuned 6:3 --markdown docs/results/reading-summary-3pc-seed7.md ;;
  *) echo "STAGE must be design, 1, 2, 3, 4, 5, 6, 7, report, 28design, 28 or 28report" >&2; exit 2 ;;
esac
