package io.jazmin.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.JazminReader;
import io.jazmin.error.JazminException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.error.UnsupportedFeatureException;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import io.jazmin.options.ReadOptions;
import io.jazmin.schema.ColumnType;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.jdk.javaapi.CollectionConverters;

/** {@code df.write().format("jazmin")}: round trips of every type, save modes, options, failed jobs. */
class JazminWriteTest {
    @TempDir
    static Path dir;
    static SparkSession spark;
    static final StructType SCHEMA = StructType.fromDDL("id BIGINT NOT NULL, name STRING, score DOUBLE, "
            + "price DECIMAL(10,2), at TIMESTAMP, flag BOOLEAN, data BINARY, tags ARRAY<STRING>, "
            + "addr STRUCT<city: STRING, zip: BIGINT>");
    static Dataset<Row> df;

    @BeforeAll
    static void setUp() {
        spark = SharedSpark.get();
        List<Row> rows = new ArrayList<>();
        for (long i = 0; i < 60; i++) {
            boolean nulls = i % 10 == 9;
            rows.add(RowFactory.create(i, nulls ? null : i % 4 == 0 ? "\uD83D\uDE00" + i : "n" + i,
                    nulls ? null : i == 3 ? Double.NaN : i == 4 ? -0.0 : i * 0.5,
                    nulls ? null : new BigDecimal(i + ".50"), nulls ? null : Instant.ofEpochMilli(1_700_000_000_123L + i),
                    nulls ? null : i % 3 == 0, nulls ? null : new byte[] {(byte) i, 7},
                    nulls ? null : CollectionConverters.asScala(List.of("a" + i, "b")).toSeq(),
                    nulls ? null : RowFactory.create(i % 2 == 0 ? null : "c" + i, i * 10)));
        }
        df = spark.createDataFrame(rows, SCHEMA).repartition(3);
    }

    private static List<Object> sorted(Dataset<Row> rows) {
        return SparkRows.byId(SparkRows.ofSpark(rows.collectAsList()));
    }

    private static List<String> names(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** The folder's data files (without the commit's _SUCCESS marker, the folder summary and their checksums). */
    private static List<String> parts(Path folder) throws IOException {
        return names(folder).stream().filter(n -> n.startsWith("part-") && n.endsWith(".jzm")).toList();
    }

    @Test
    void everyTypeAndNullRoundTripsOneFilePerPartition() throws IOException {
        Path out = dir.resolve("all");
        df.write().format("jazmin").save(out.toString());
        // Spark's commit protocol names the files and marks the committed job with _SUCCESS.
        assertThat(names(out)).contains("_SUCCESS", "_jazmin_summary.jzm");
        assertThat(parts(out)).hasSize(3).allMatch(n -> n.matches("part-0000[0-2]-[0-9a-f-]{36}\\.jzm"));
        Dataset<Row> back = spark.read().format("jazmin").schema(SCHEMA).load(out.toString());
        assertThat(sorted(back)).hasSize(60).isEqualTo(sorted(df));
        // Without a schema: decimals come back as their text with the scale kept.
        Row r = spark.read().format("jazmin").load(out.toString()).where("id = 2").first();
        assertThat(r.getString(r.fieldIndex("price"))).isEqualTo("2.50");
        try (JazminReader reader = JazminReader.open(out.resolve(parts(out).get(0)))) {
            assertThat(reader.table().column("id").nullable()).isFalse();
            assertThat(reader.table().column("tags").type()).isEqualTo(ColumnType.LIST);
        }
    }

    @Test
    void saveModesAppendOverwriteErrorIfExistsAndIgnore() throws IOException {
        Path out = dir.resolve("modes");
        Dataset<Row> ten = df.where("id < 10");
        ten.write().format("jazmin").mode("errorIfExists").save(out.toString());
        assertThatThrownBy(() -> ten.write().format("jazmin").save(out.toString()))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("already exists");
        ten.write().format("jazmin").mode("append").save(out.toString());
        assertThat(spark.read().format("jazmin").load(out.toString()).count()).isEqualTo(20);
        ten.write().format("jazmin").mode("ignore").save(out.toString());
        assertThat(spark.read().format("jazmin").load(out.toString()).count()).isEqualTo(20);
        df.where("id >= 50").write().format("jazmin").mode("overwrite").save(out.toString());
        assertThat(sorted(spark.read().format("jazmin").schema(SCHEMA).load(out.toString())))
                .isEqualTo(sorted(df.where("id >= 50")));
        assertThat(names(out)).noneMatch(n -> n.startsWith("_temporary"));
    }

    @Test
    void codecChunkRowsAndSecretKeyOptionsReachTheFiles() throws IOException {
        Path out = dir.resolve("keyed");
        JazminKey key = JazminKey.generate();
        df.coalesce(1).write().format("jazmin").option("codec", "brotli").option("chunkRows", "16")
                .option("secretKey", key.text()).save(out.toString());
        Path file = out.resolve(parts(out).get(0));
        try (JazminReader r = JazminReader.open(file, ReadOptions.defaults().withKey(key))) {
            assertThat(r.table().chunkCount()).isEqualTo(4);
        }
        assertThatThrownBy(() -> JazminReader.open(file)).isInstanceOf(JazminException.class);
        assertThat(spark.read().format("jazmin").option("secretKey", key.text()).load(out.toString()).count()).isEqualTo(60);
        assertThatThrownBy(() -> df.write().format("jazmin").option("codec", "zip").save(dir.resolve("bad").toString()))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("unknown codec 'zip'");
    }

    @Test
    void microsecondsFailNamingTheColumnAndTheAbortedJobLeavesNothing() throws IOException {
        Dataset<Row> micros = spark.sql("SELECT id, timestamp_micros(1700000000000000 + id) AS at FROM range(0, 40, 1, 1)");
        Path fresh = dir.resolve("micros-new");
        assertThatThrownBy(() -> micros.write().format("jazmin").save(fresh.toString()))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("column 'at'")
                .hasMessageContaining("truncateMicros");
        assertThat(fresh).doesNotExist();
        Path existing = dir.resolve("micros-old");
        df.write().format("jazmin").save(existing.toString());
        List<String> before = names(existing);
        assertThatThrownBy(() -> micros.write().format("jazmin").mode("overwrite").save(existing.toString()))
                .isInstanceOf(JazminValidationException.class);
        assertThat(names(existing)).isEqualTo(before);
        Path truncated = dir.resolve("micros-truncated");
        micros.write().format("jazmin").option("truncateMicros", "true").save(truncated.toString());
        Row r = spark.read().format("jazmin").load(truncated.toString()).where("id = 1").first();
        assertThat(r.get(1)).isEqualTo(Instant.ofEpochMilli(1_700_000_000_000L));
    }

    @Test
    void narrowerNumbersWidenMapsBecomeJsonAndUnknownTypesAreRefusedBeforeAnyTask() {
        Path out = dir.resolve("widened");
        spark.sql("SELECT CAST(id AS INT) AS i, CAST(id AS SMALLINT) AS s, CAST(id / 4 AS FLOAT) AS f, "
                + "map('k', id) AS m FROM range(3)").write().format("jazmin").save(out.toString());
        Dataset<Row> back = spark.read().format("jazmin").load(out.toString());
        assertThat(back.schema().simpleString()).isEqualTo("struct<i:bigint,s:bigint,f:double,m:string>");
        assertThat(sorted(back)).containsExactly(List.of(0L, 0L, 0.0, "{\"k\":0}"), List.of(1L, 1L, 0.25, "{\"k\":1}"),
                List.of(2L, 2L, 0.5, "{\"k\":2}"));
        Path dates = dir.resolve("dates");
        assertThatThrownBy(() -> spark.sql("SELECT current_date() AS d").write().format("jazmin").save(dates.toString()))
                .isInstanceOf(UnsupportedFeatureException.class).hasMessageContaining("column 'd'");
        assertThat(dates).doesNotExist();
        String accessKey = AccessKeyText.generate(JazminKey.generate()).text();
        assertThatThrownBy(() -> df.write().format("jazmin").option("accessKey", accessKey).save(dir.resolve("ak").toString()))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("only reads");
    }
}
