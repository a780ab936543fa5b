#!/usr/bin/env bash
# The headline of issue 33 in one quick run (about 6 minutes on 2 cores): HeadlineBenchmark, the five
# questions in fair pairings plus the no-index write against MessagePack, in one JMH run with -prof gc
# and the process CPU profiler; each fork checks its system's answers first and -foe stops the run on
# a wrong one. Then HeadlineRounds asks the same systems interleaved in one JVM (random order per round;
# ROUNDS=0 skips it) and HeadlineReport prints the Markdown of RESULTS.md's headline.
#
#   jazmin-benchmarks/headline.sh
#
# JMH: 1 fork, 2×1 s warm-up + 3×1 s measurement per system and question. Environment: SKIP_BUILD=1,
# MVN_OFFLINE=1 (mvn -o), JAZMIN_BENCH_DIR (cached data files, default jazmin-benchmarks/target/bench-data),
# JMH_ARGS (replaces the iteration options), JMH_EXTRA (more JMH options, e.g. '-p system=jazmin-cache-off,sqlite-per-query'
# or a benchmark regex such as 'HeadlineBenchmark.findById').
# Output: jazmin-benchmarks/target/results/<time>-headline/{machine.txt,jmh.json,jmh.txt,rounds.md,report.md}.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(dirname "$HERE")"
cd "$ROOT"

# shellcheck source=bench-env.sh
source "$HERE/bench-env.sh"
bench_env headline
read -r -a ITERATIONS <<< "${JMH_ARGS:--wi 2 -w 1s -i 3 -r 1s -f 1}"

{
  echo "start: $(date -u +%Y-%m-%dT%H:%M:%SZ), load average $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), nproc $(nproc), memory $(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo)"
  echo "jdk: $("$JAVA" -version 2>&1 | head -1)"
  echo "commit: $(git -C "$ROOT" rev-parse --short HEAD)$(git -C "$ROOT" diff --quiet HEAD -- . || echo ' (with uncommitted changes)')"
  echo "jmh: ${ITERATIONS[*]} -prof gc -prof io.jazmin.benchmarks.ProcessCpuProfiler ${JMH_EXTRA:-}"
} | tee "$OUT/machine.txt"

# shellcheck disable=SC2086
"$JAVA" -jar "$JAR" 'HeadlineBenchmark' "${ITERATIONS[@]}" -foe true \
  -prof gc -prof io.jazmin.benchmarks.ProcessCpuProfiler \
  -jvmArgsAppend "-Xms1g -Xmx2g -Djazmin.bench.dir=$DATA" \
  -rf json -rff "$OUT/jmh.json" ${JMH_EXTRA:-} | tee "$OUT/jmh.txt"

ROUNDS="${ROUNDS:-10}"
if [[ "$ROUNDS" -gt 0 ]]; then
  echo "== the same systems interleaved in one JVM ($ROUNDS rounds)"
  "$JAVA" -Xms1g -Xmx2g -Djazmin.bench.dir="$DATA" -cp "$JAR" io.jazmin.benchmarks.HeadlineRounds "$ROUNDS" 150 \
    > "$OUT/rounds.md"
fi
echo "end: $(date -u +%Y-%m-%dT%H:%M:%SZ), load average $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$OUT/machine.txt"
{
  "$JAVA" -cp "$JAR" io.jazmin.benchmarks.HeadlineReport "$OUT/jmh.json" "$OUT/machine.txt"
  if [[ -s "$OUT/rounds.md" ]]; then echo; echo "## Interleaved (HeadlineRounds)"; echo; cat "$OUT/rounds.md"; fi
} > "$OUT/report.md"
cat "$OUT/report.md"
echo
echo "results in $OUT"
