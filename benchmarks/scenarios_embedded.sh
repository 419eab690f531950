#!/usr/bin/env bash
# The embedded model as the scenario agent, with and without the `calculate` tool (paired, the
# same scenarios): builds a scenario set (PER_TEMPLATE generated per workflow template, 5
# templates, plus the first IMPORTED MedMCP-Calc tasks that have a graded step, among BACKGROUND
# other patients), checks every gold against the record, runs both arms through `bench arms`
# (resumable: rerun the same command after an interruption; attempts stored as errors are
# retried), then writes the process report (every metric with Wilson intervals, paired McNemar).
# Default size: 20 generated + 10 imported = 30 scenarios x 2 arms; each attempt is bounded to
# MAX_TURNS model requests of at most 256 tokens and MAX_WALL_S seconds, about two hours on 2
# idle cores.
#   PER_TEMPLATE=1 IMPORTED=0 BACKGROUND=500 LIMIT=2 ROOT=/tmp/scen-smoke bash benchmarks/scenarios_embedded.sh   # smoke
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=${ROOT:-runs/scenarios-embedded}
PER_TEMPLATE=${PER_TEMPLATE:-4}
IMPORTED=${IMPORTED:-10}
BACKGROUND=${BACKGROUND:-2000}
MODEL=${MODEL:-embedded}
MAX_TURNS=${MAX_TURNS:-10}
MAX_WALL_S=${MAX_WALL_S:-120}
OUT=${OUT:-docs/results}
SET="$ROOT/set-t$PER_TEMPLATE-i$IMPORTED-b$BACKGROUND"
# the same command writes the same set (seeded): build it once
[ -f "$SET/scenarios.jsonl" ] || medreckon scenarios build --out "$SET" --per-template "$PER_TEMPLATE" \
  --imported-limit "$IMPORTED" --background "$BACKGROUND" --seed 0
medreckon scenarios verify "$SET"
ARM="scenario_agent:max_turns=$MAX_TURNS,max_wall_s=$MAX_WALL_S"
BARE="scenario_agent:calculate=false,max_turns=$MAX_TURNS,max_wall_s=$MAX_WALL_S"
LIMIT_ARGS=()
[ -n "${LIMIT:-}" ] && LIMIT_ARGS=(--limit "$LIMIT")
medreckon bench arms --model "$MODEL" --strategies "$ARM,$BARE" --dataset scenarios --data-file "$SET/scenarios.jsonl" \
  "${LIMIT_ARGS[@]}" --max-tokens 256 --concurrency 1 --timeout "${TIMEOUT:-300}" --retry-errors \
  --run-dir "$ROOT/arms" --markdown "$OUT/scenarios-arms-embedded.md" --json "$OUT/scenarios-arms-embedded.json"
medreckon scenarios report "$ROOT/arms/$(echo "$ARM" | sed 's/[^A-Za-z0-9._-]\+/-/g')" \
  "$ROOT/arms/$(echo "$BARE" | sed 's/[^A-Za-z0-9._-]\+/-/g')" \
  --markdown "$OUT/scenarios-embedded.md" --json "$OUT/scenarios-embedded.json"
