# Sourced by run.sh and headline.sh (from the repository root): builds target/benchmarks.jar unless
# SKIP_BUILD=1 (MVN_OFFLINE=1: mvn -o) and sets JAR, DATA (JAZMIN_BENCH_DIR, default target/bench-data),
# OUT (target/results/<time>-$1) and JAVA, making the directories.
bench_env() {
  if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
    echo "== build"
    mvn -B -q ${MVN_OFFLINE:+-o} -pl jazmin-benchmarks -am package -DskipTests
  fi
  JAR="$HERE/target/benchmarks.jar"
  DATA="${JAZMIN_BENCH_DIR:-$HERE/target/bench-data}"
  OUT="$HERE/target/results/$(date -u +%Y%m%d-%H%M%S)-$1"
  JAVA="${JAVA:-java}"
  mkdir -p "$DATA" "$OUT"
}
