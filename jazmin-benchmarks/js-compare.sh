#!/usr/bin/env bash
# Side by side with the JavaScript reference library (issue 17): the same operations on the same
# 200,000-customer data (shared/conformance/cases/customers-200k), each read from a fresh open, best of
# RUNS per round, rounds alternating JS / Java in fresh processes, median of the round-bests per side.
# Run by hand on a quiet machine, never by CI.
#
#   jazmin-benchmarks/js-compare.sh REF_DIR       REF_DIR: the reference's js/ folder, dependencies installed
#   jazmin-benchmarks/js-compare.sh --java-only   our side alone (the JS column shows —)
#
# Both sides read the same files: read-plain.jzm is the case's data.jzm (written by the reference, 3
# indexes), read-key.jzm is the same rows with 3 indexes and the key of customers.key, written once by the
# reference (by us with --java-only). Each side writes its own out-<side>-*.jzm from the case's input rows.
# Our plain-file reads run twice, with the process-wide chunk cache on and off (the *NoCache rows, each set
# beside the reference's same read); the key file's reads never use that cache.
# Environment: ROUNDS (3), RUNS (7), JS_COMPARE_DIR (default jazmin-benchmarks/target/js-compare),
# REBUILD=1 (rebuild the benchmarks jar), JAVA, NODE. The reference's commit is read from REF_DIR/COMMIT
# (write it there when you extract the folder) or from git.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(dirname "$HERE")"
CASE="$ROOT/../shared/conformance/cases/customers-200k"
ROUNDS="${ROUNDS:-3}"
RUNS="${RUNS:-7}"
JAVA="${JAVA:-java}"
NODE="${NODE:-node}"
WORK="${JS_COMPARE_DIR:-$HERE/target/js-compare}"
JAR="$HERE/target/benchmarks.jar"

die() { echo "js-compare: $*" >&2; exit 2; }
[[ $# -eq 1 ]] || die "usage: $0 REF_DIR | --java-only"
if [[ "$1" == --java-only ]]; then
  REF=""
else
  REF="$(cd "$1" && pwd)" || die "no folder $1"
  [[ -f "$REF/package.json" ]] || die "$REF has no package.json: give the reference's js/ folder"
fi
[[ -f "$CASE/input.jsonl.gz" && -f "$CASE/data.jzm" ]] || die "no customers-200k case at $CASE"

if [[ ! -f "$JAR" || "${REBUILD:-0}" == 1 ]]; then
  echo "== build benchmarks jar" >&2
  (cd "$ROOT" && mvn -o -q -pl jazmin-benchmarks -am package -DskipTests)
fi
run_java() { "$JAVA" -Xms1g -Xmx2g -cp "$JAR" io.jazmin.benchmarks.JsComparison "$@"; }
run_js() { "$NODE" --expose-gc "$HERE/js-compare/compare.mjs" "$REF" "$WORK" "$@"; }

echo "== prepare $WORK" >&2
mkdir -p "$WORK/rounds"
rm -f "$WORK"/rounds/*.tsv
if [[ ! -s "$WORK/customers.jsonl" ]]; then
  gzip -dc "$CASE/input.jsonl.gz" > "$WORK/customers.jsonl.tmp" && mv "$WORK/customers.jsonl.tmp" "$WORK/customers.jsonl"
fi
install -m 644 "$CASE/schema.json" "$WORK/schema.json"
install -m 644 "$CASE/data.jzm" "$WORK/read-plain.jzm"
run_java prepare "$WORK"
KEYED_BY="${REF:+reference}"
KEYED_BY="${KEYED_BY:-ours}"
if [[ ! -f "$WORK/read-key.jzm" || "$WORK/customers.key" -nt "$WORK/read-key.jzm"
      || "$(cat "$WORK/read-key.writer" 2>/dev/null)" != "$KEYED_BY" ]]; then
  rm -f "$WORK/read-key.jzm" "$WORK/read-key.writer"
  if [[ -n "$REF" ]]; then run_js write-keyed >&2; else run_java write-keyed "$WORK"; fi
  echo "$KEYED_BY" > "$WORK/read-key.writer"
fi

if [[ -n "$REF" ]]; then
  REF_VERSION="$(run_js version)"
  REF_COMMIT="$(cat "$REF/COMMIT" 2>/dev/null || git -C "$REF" rev-parse HEAD 2>/dev/null || echo unknown)"
else
  REF_VERSION="not run (--java-only)"
  REF_COMMIT="-"
fi
LOAD_BEFORE="$(cut -d' ' -f1-3 /proc/loadavg)"
ROUND_LOADS=""
for r in $(seq 1 "$ROUNDS"); do
  ROUND_LOADS+="${ROUND_LOADS:+, }round $r: $(cut -d' ' -f1 /proc/loadavg)"
  if [[ -n "$REF" ]]; then
    echo "== round $r/$ROUNDS: JS" >&2
    run_js run "$RUNS" > "$WORK/rounds/js-$r.tsv"
  fi
  echo "== round $r/$ROUNDS: Java" >&2
  run_java run "$WORK" "$RUNS" > "$WORK/rounds/java-$r.tsv"
done
LOAD_AFTER="$(cut -d' ' -f1-3 /proc/loadavg)"

{
  echo "## JAZMIN: JavaScript reference vs JAZMIN for Java"
  echo
  echo "- date: $(date -u +%Y-%m-%dT%H:%M:%SZ); machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo)"
  echo "- load average (1, 5, 15 min): before $LOAD_BEFORE, after $LOAD_AFTER; 1 min at each round's start: $ROUND_LOADS"
  echo "- reference: $REF_VERSION, commit $REF_COMMIT; node $("$NODE" --version)"
  echo "- ours: commit $(git -C "$ROOT" rev-parse --short HEAD)$(git -C "$ROOT" diff --quiet HEAD -- 2>/dev/null || echo ' (with local changes)'); $("$JAVA" -version 2>&1 | head -1)"
  echo "- $ROUNDS rounds alternating JS / Java (fresh process each), best of $RUNS runs after one checked warm-up run"
  echo "- both sides read the same files: read-plain.jzm = the case's data.jzm (written by the reference), read-key.jzm written by $KEYED_BY with customers.key; writes from the case's input rows"
  echo
  run_java report "$WORK" "$ROUNDS"
} | tee "$WORK/report.md"
