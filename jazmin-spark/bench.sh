#!/usr/bin/env bash
# The Spark benchmark: JAZMIN against Parquet over a folder of customers files (BENCHMARK.md).
#
#   jazmin-spark/bench.sh [-Djazmin.spark.bench.files=100] [-Djazmin.spark.bench.rows=200000]
#                         [-Djazmin.spark.bench.warmups=2] [-Djazmin.spark.bench.runs=5]
#                         [-Djazmin.spark.bench.fs=hdfs|local] [-Djazmin.spark.bench.hdfsDir=target/spark-bench-hdfs]
#                         [-Djazmin.spark.bench.dir=target/spark-bench-data] [-Djazmin.spark.bench.out=FILE]
#
# Builds the bench profile (jazmin-core, jazmin-benchmarks' generator, this module), then runs
# io.jazmin.spark.bench.SparkFolderBenchmark in local[2]. The data is made on the first run and
# cached under jazmin-spark/target/spark-bench-data (by files × rows), so reruns skip it. By default
# (fs=hdfs) both folders are copied into a MiniDFSCluster started in the JVM and read through
# hdfs://, the caches cleared before each action; fs=local reads the local cache directly.
# jazmin-spark/bench.sh --trace [same properties] prints, instead, every read of one JAZMIN file of the
# data (the open, the count, the lookup) through Hadoop's file system (io.jazmin.spark.bench.ReadTrace).
# Environment: MVN_OFFLINE=1 (mvn -o), SKIP_BUILD=1 (reuse the last build), BENCH_HEAP (default 3g).
# Output: the Markdown report on stdout and in jazmin-spark/target/spark-bench-results/.
set -euo pipefail

MAIN=io.jazmin.spark.bench.SparkFolderBenchmark
if [ "${1:-}" = --trace ]; then
  MAIN=io.jazmin.spark.bench.ReadTrace
  shift
fi
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(dirname "$HERE")"
COMMAND="jazmin-spark/bench.sh $*"

if [ "${SKIP_BUILD:-0}" != 1 ]; then
  (cd "$ROOT" && mvn ${MVN_OFFLINE:+-o} -q -Pbench -pl jazmin-spark -am process-test-classes)
fi

cd "$HERE"
CP="target/test-classes:target/classes:$(cat target/bench-classpath.txt)"
export SPARK_LOCAL_IP=127.0.0.1
# Spark 4.2.0's JVM options, as in the Surefire argLine of pom.xml (the first flag lets Java 17
# skip the Java 23+ option at the end).
exec java -XX:+IgnoreUnrecognizedVMOptions --add-modules=jdk.incubator.vector \
  --add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.lang.invoke=ALL-UNNAMED \
  --add-opens=java.base/java.lang.reflect=ALL-UNNAMED --add-opens=java.base/java.io=ALL-UNNAMED \
  --add-opens=java.base/java.net=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED \
  --add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.util.concurrent=ALL-UNNAMED \
  --add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED --add-opens=java.base/jdk.internal.ref=ALL-UNNAMED \
  --add-opens=java.base/sun.nio.ch=ALL-UNNAMED --add-opens=java.base/sun.nio.cs=ALL-UNNAMED \
  --add-opens=java.base/sun.security.action=ALL-UNNAMED --add-opens=java.base/sun.util.calendar=ALL-UNNAMED \
  --add-opens=java.security.jgss/sun.security.krb5=ALL-UNNAMED -Dio.netty.tryReflectionSetAccessible=true \
  --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow \
  -Xmx"${BENCH_HEAP:-3g}" -Djazmin.spark.bench.command="$COMMAND" "$@" \
  -cp "$CP" "$MAIN"
