#!/usr/bin/env bash
# Profiles JAZMIN operations on the customers table with JFR and prints the top sampled frames.
#   jazmin-benchmarks/profile.sh [op ...]      ops: readAll readAllRows write write3Indexes findById findByIdNoCache filterCount containsCount, cache off: *NoCache, key file: *Key
# (default: readAll write). Needs target/benchmarks.jar (run.sh builds it). SECONDS=30 by default.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
JAR="$HERE/target/benchmarks.jar"
DATA="${JAZMIN_BENCH_DIR:-$HERE/target/bench-data}"
SECS="${SECONDS_PER_OP:-30}"
OUT="$HERE/target/profile"
mkdir -p "$OUT"
OPS=("$@"); [[ ${#OPS[@]} -gt 0 ]] || OPS=(readAll write)
for op in "${OPS[@]}"; do
  jfr_file="$OUT/$op.jfr"
  # DebugNonSafepoints: samples name the line that runs, not the nearest safepoint (without it a write's
  # profile put a quarter of its samples on the first line of ValueCoercion.toText).
  java -Xmx2g -XX:+UnlockDiagnosticVMOptions -XX:+DebugNonSafepoints \
    --add-opens=java.base/java.nio=ALL-UNNAMED -Djazmin.bench.dir="$DATA" \
    -XX:StartFlightRecording=duration=$((SECS + 5))s,filename="$jfr_file",settings=profile \
    -cp "$JAR" io.jazmin.benchmarks.ProfileLoop "$op" "$SECS" 2>&1 | grep -v 'Started recording\|Use jcmd\|^$' || true
  jfr print --stack-depth 64 --events jdk.ExecutionSample "$jfr_file" > "$OUT/$op.samples.txt"
  total=$(grep -c 'jdk.ExecutionSample' "$OUT/$op.samples.txt" || true)
  echo "## $op: $total samples"
  echo "### top frames (self)"
  # the first frame line after "stackTrace = [" is the top (self) frame
  awk '/stackTrace = \[/ {getline; sub(/^[ \t]+/, ""); sub(/[ \t]+line:.*/, ""); print}' "$OUT/$op.samples.txt" \
    | sort | uniq -c | sort -rn | head -25 || true  # head closes the pipe early: not a failure
  echo "### top io.jazmin frames (inclusive: samples with the method anywhere on the stack, stack depth 64)"
  awk '/stackTrace = \[/ {inst=1; delete seen; next} inst && /^[ \t]*\]/ {inst=0; next}
       inst && /io\.jazmin\./ {l=$0; sub(/^[ \t]+/, "", l); sub(/[ \t]+line:.*/, "", l); if (!(l in seen)) {seen[l]=1; print l}}' \
    "$OUT/$op.samples.txt" | sort | uniq -c | sort -rn | head -25 || true
  # Native code (Deflate, fsync, rename) is not in the samples above: JFR samples it apart, every 20 ms.
  echo "### top native frames per thread (jdk.NativeMethodSample, every 20 ms)"
  jfr print --stack-depth 1 --events jdk.NativeMethodSample "$jfr_file" \
    | awk '/sampledThread/ {t=$3} /stackTrace = \[/ {getline; sub(/^[ \t]+/, ""); print t, $0}' \
    | sort | uniq -c | sort -rn | head -10 || true
  echo
done
