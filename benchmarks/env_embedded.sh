#!/usr/bin/env bash
# The embedded model on generated cases at two difficulty levels, so the knobs are shown to
# matter: N cases per level (default 100, so 200 in all; stratified over the calculators, seed
# 0: the same calculators and facts at both levels) at `easy` (structured, canonical units, rule
# text) and at `hard` (narrative, mixed units, distractors, later time points, denials,
# unmentioned absent findings), each run with STRATEGIES (default extract,zero_shot_cot) by
# `bench arms`; then `python benchmarks/env_levels.py` pairs the levels. Resumable: rerun after
# an interruption. About 1.5 h of model time for the default size on 2 cores.
# TIMEOUT (default 900 s) bounds one generation;
# attempts that failed (a timeout on a loaded machine) are retried on the next run.
#   N=4 STRATEGIES=direct,zero_shot_cot ROOT=/tmp/env-smoke bash benchmarks/env_embedded.sh   # a smoke test
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=${ROOT:-runs}
N=${N:-100}
STRATEGIES=${STRATEGIES:-extract,zero_shot_cot}
MODEL=${MODEL:-embedded}
OUT=${OUT:-docs/results}
mkdir -p "$ROOT/env-embedded"
for level in easy hard; do
  cases="$ROOT/env-embedded/cases-$level-n$N.jsonl"
  # the same command writes the same file (seeded), so a rerun does not change the cases
  [ -f "$cases" ] || medreckon env generate --n "$N" --seed 0 --level "$level" --out "$cases"
  medreckon env verify "$cases"
  medreckon bench arms --model "$MODEL" --strategies "$STRATEGIES" --dataset synthetic --data-file "$cases" \
    --rule relative --retry-errors --timeout "${TIMEOUT:-900}" --run-dir "$ROOT/env-embedded/$level-n$N" \
    --markdown "$OUT/env-embedded-$level-n$N.md" --json "$OUT/env-embedded-$level-n$N.json"
done
# the two levels paired by case id: do the knobs matter?
python benchmarks/env_levels.py --root "$ROOT/env-embedded" --n "$N" --strategies "$STRATEGIES" \
  --out "$OUT/env-embedded-levels.md"
