#!/usr/bin/env bash
# Runs the JAZMIN benchmark suite (issue 6): the headline's fair pairings (HeadlineBenchmark, issue 33;
# headline.sh runs it alone), the customers table against Jackson 3, SQLite and MessagePack, and beside other formats (issue 17: Parquet through DuckDB's JDBC driver, Arrow IPC,
# H2 MVStore, Jackson 2 + Blackbird), and under each priority (PriorityBenchmark), in one JMH run
# (-prof gc); then the wide table one operation per JVM under -Xmx256m; and prints a Markdown report
# with ratios from this run.
#
#   jazmin-benchmarks/run.sh [quick|full]
#
# quick: 1 fork, 3×1 s warmup + 3×1 s measurement per benchmark, wide table 100,000 × 300
#        (about 25 minutes on a quiet 2-core machine, the headline included); full: 2 forks, 5×2 s + 8×2 s, wide table 1,000,000 × 300.
# Environment: JAZMIN_BENCH_DIR (cached data files, default jazmin-benchmarks/target/bench-data),
# JMH_EXTRA (more JMH options, e.g. a benchmark regex), SKIP_BUILD=1, MVN_OFFLINE=1 (mvn -o),
# WIDE_ROWS (override the wide table's rows).
# Output: jazmin-benchmarks/target/results/<time>/{sizes.json,jmh.json,jmh.txt,wide.tsv,report.md}.
set -euo pipefail

MODE="${1:-quick}"
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(dirname "$HERE")"
cd "$ROOT"

case "$MODE" in
  quick) JMH_ARGS=(-wi 3 -w 1s -i 3 -r 1s -f 1); WIDE_DEFAULT=100000 ;;
  full)  JMH_ARGS=(-wi 5 -w 2s -i 8 -r 2s -f 2); WIDE_DEFAULT=1000000 ;;
  *) echo "usage: $0 [quick|full]" >&2; exit 2 ;;
esac
WIDE_ROWS="${WIDE_ROWS:-$WIDE_DEFAULT}"
ROWS=200000

# shellcheck source=bench-env.sh
source "$HERE/bench-env.sh"
bench_env "$MODE"
# Arrow's memory module reads java.nio internals on Java 17.
OPENS=--add-opens=java.base/java.nio=ALL-UNNAMED

echo "== machine"
{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "nproc: $(nproc)"
  echo "memory: $(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo)"
  echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
  echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "jdk: $("$JAVA" -version 2>&1 | head -2 | tr '\n' ' ')"
  echo "mode: $MODE (JMH ${JMH_ARGS[*]}; wide table $WIDE_ROWS × 300)"
} | tee "$OUT/machine.txt"

echo "== prepare data and verify every system's answers"
"$JAVA" "$OPENS" -Djazmin.bench.dir="$DATA" -cp "$JAR" io.jazmin.benchmarks.Prepare "$ROWS" "$OUT"

echo "== JMH"
# shellcheck disable=SC2086
"$JAVA" -jar "$JAR" 'HeadlineBenchmark' 'CustomersBenchmark' 'CustomersReadBenchmark' 'PriorityBenchmark' "${JMH_ARGS[@]}" \
  -prof gc -prof io.jazmin.benchmarks.ProcessCpuProfiler \
  -jvmArgsAppend "-Xms1g -Xmx2g $OPENS -Djazmin.bench.dir=$DATA" \
  -rf json -rff "$OUT/jmh.json" ${JMH_EXTRA:-} | tee "$OUT/jmh.txt"

echo "== wide table ($WIDE_ROWS × 300, -Xmx256m, one JVM per operation)"
WIDE_FILE="$DATA/wide-$WIDE_ROWS.jzm"
: > "$OUT/wide.tsv"
for op in write open lookup sum3 filter readAll; do
  "$JAVA" -Xmx256m -cp "$JAR" io.jazmin.benchmarks.WideTable "$op" "$WIDE_ROWS" "$WIDE_FILE" | tee -a "$OUT/wide.tsv" \
    || echo "WIDE	$op	$WIDE_ROWS	0	-1	-1	-1	FAILED	FAILED" | tee -a "$OUT/wide.tsv"
done

echo "== report"
{
  "$JAVA" -cp "$JAR" io.jazmin.benchmarks.HeadlineReport "$OUT/jmh.json"
  echo
  "$JAVA" -cp "$JAR" io.jazmin.benchmarks.Report "$OUT/jmh.json" "$OUT/sizes.json" "$OUT/wide.tsv"
} > "$OUT/report.md"
cat "$OUT/machine.txt" "$OUT/report.md"
echo
echo "results in $OUT"
