package io.jazmin.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.JazminReader;
import io.jazmin.error.JazminException;
import io.jazmin.error.UnsupportedFeatureException;
import io.jazmin.key.JazminKey;
import io.jazmin.options.ReadOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Folders of JAZMIN files as tables of Spark's session catalog: {@code CREATE TABLE … USING jazmin
 * [LOCATION …]} (the catalog's own properties, such as its owner, are no read options), SQL on it,
 * {@code INSERT INTO} and {@code INSERT OVERWRITE}, {@code saveAsTable} in every save mode, managed
 * and external, through Spark's file commit protocol (a failed insert leaves nothing visible).
 */
class CatalogTableTest {
    @TempDir
    Path dir;

    private static final SparkSession spark = SharedSpark.get();

    private static List<Object> rows(Dataset<Row> df) {
        return SparkRows.byId(SparkRows.ofSpark(df.collectAsList()));
    }

    private static List<Object> rows(String sql) {
        return rows(spark.sql(sql));
    }

    private static List<String> names(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aTableCreatedOnAFolderIsQueriedAndInsertedIntoBySql() throws IOException {
        Path folder = dir.resolve("people");
        spark.sql("SELECT id, concat('n', id) AS name FROM range(5)").write().format("jazmin").save(folder.toString());
        spark.sql("CREATE TABLE catalog_people USING jazmin LOCATION '" + folder + "'");
        try {
            assertThat(spark.sql("SELECT count(*) FROM catalog_people").first().getLong(0)).isEqualTo(5);
            assertThat(spark.sql("SELECT name FROM catalog_people WHERE id = 3").first().getString(0)).isEqualTo("n3");
            assertThat(spark.table("catalog_people").schema().simpleString()).isEqualTo("struct<id:bigint,name:string>");

            long saved = names(folder).stream().filter(n -> n.startsWith("part-")).count();
            spark.sql("INSERT INTO catalog_people VALUES (9, 'n9'), (10, 'n10')");
            assertThat(rows("SELECT * FROM catalog_people"))
                    .isEqualTo(rows("SELECT id, concat('n', id) AS name FROM range(5) UNION ALL SELECT 9, 'n9' UNION ALL SELECT 10, 'n10'"));
            assertThat(names(folder).stream().filter(n -> n.startsWith("part-")).count()).as("the insert added files").isGreaterThan(saved);

            spark.sql("INSERT OVERWRITE catalog_people SELECT id + 100, 'm' FROM range(2)");
            assertThat(rows("SELECT * FROM catalog_people")).containsExactly(List.of(100L, "m"), List.of(101L, "m"));
            assertThat(names(folder)).noneMatch(n -> n.startsWith("_temporary"));
        } finally {
            spark.sql("DROP TABLE catalog_people");
        }
        assertThat(folder.resolve("_SUCCESS")).as("an external table's files stay").exists();
        assertThat(rows(spark.read().format("jazmin").load(folder.toString()))).hasSize(2);
    }

    @Test
    void saveAsTableMakesAManagedTableAndTheSaveModesDecideWhatAnExistingOneGets() throws IOException {
        Dataset<Row> first = spark.sql("SELECT id, concat('n', id) AS name, id * 0.5D AS score FROM range(0, 10, 1, 2)");
        first.write().format("jazmin").saveAsTable("catalog_saved");
        Path managed = SharedSpark.warehouse().resolve("catalog_saved");
        try {
            assertThat(rows(spark.table("catalog_saved"))).hasSize(10).isEqualTo(rows(first));
            assertThat(names(managed)).as("files in the warehouse").filteredOn(n -> n.startsWith("part-")).hasSize(2);

            assertThatThrownBy(() -> first.write().format("jazmin").saveAsTable("catalog_saved"))
                    .hasMessageContaining("already exists");
            first.write().format("jazmin").mode("ignore").saveAsTable("catalog_saved");
            assertThat(spark.table("catalog_saved").count()).isEqualTo(10);

            Dataset<Row> more = spark.sql("SELECT id, concat('n', id) AS name, id * 0.5D AS score FROM range(10, 15)");
            more.write().format("jazmin").mode("append").saveAsTable("catalog_saved");
            assertThat(rows(spark.table("catalog_saved"))).isEqualTo(rows(first.unionAll(more)));

            Dataset<Row> replaced = spark.sql("SELECT id, 'r' AS name, 1.5D AS score FROM range(100, 103)");
            replaced.write().format("jazmin").mode("overwrite").saveAsTable("catalog_saved");
            assertThat(rows(spark.table("catalog_saved"))).isEqualTo(rows(replaced));
        } finally {
            spark.sql("DROP TABLE IF EXISTS catalog_saved");
        }
        assertThat(managed).as("a managed table's folder goes with it").doesNotExist();
    }

    @Test
    void saveAsTableWithAPathMakesAnExternalTableAndQueryOptionsReachTheFiles() throws IOException {
        Path folder = dir.resolve("external");
        JazminKey key = JazminKey.generate();
        Dataset<Row> df = spark.sql("SELECT id, concat('s', id) AS secret_name FROM range(0, 6, 1, 2)");
        df.write().format("jazmin").option("path", folder.toString()).option("secretKey", key.text())
                .saveAsTable("catalog_external");
        try {
            Path part = folder.resolve(names(folder).stream().filter(n -> n.startsWith("part-")).findFirst().orElseThrow());
            assertThatThrownBy(() -> JazminReader.open(part)).as("written with the write's key").isInstanceOf(JazminException.class);
            try (JazminReader r = JazminReader.open(part, ReadOptions.defaults().withKey(key))) {
                assertThat(r.table().rowCount()).isEqualTo(3);
            }
            // The key is no table option (saveAsTable keeps none): each read gives it.
            assertThat(rows(spark.read().option("secretKey", key.text()).table("catalog_external"))).isEqualTo(rows(df));
            df.write().format("jazmin").option("secretKey", key.text()).mode("append").saveAsTable("catalog_external");
            assertThat(spark.read().option("secretKey", key.text()).table("catalog_external").count()).isEqualTo(12);
            // Overwrite replaces the table; at the same location, the new files replace the old ones.
            Dataset<Row> other = spark.sql("SELECT id, 'o' AS secret_name FROM range(100, 102, 1, 1)");
            other.write().format("jazmin").option("path", folder.toString()).option("secretKey", key.text()).mode("overwrite")
                    .saveAsTable("catalog_external");
            assertThat(rows(spark.read().option("secretKey", key.text()).table("catalog_external"))).isEqualTo(rows(other));
        } finally {
            spark.sql("DROP TABLE catalog_external");
        }
        assertThat(names(folder).stream().filter(n -> n.startsWith("part-"))).as("an external table's files stay").hasSize(1);
    }

    @Test
    void aFailedInsertLeavesTheTableAsItWas() throws IOException {
        Path folder = dir.resolve("events");
        spark.sql("CREATE TABLE catalog_events (id BIGINT, at TIMESTAMP) USING jazmin LOCATION '" + folder + "'");
        try {
            spark.sql("INSERT INTO catalog_events SELECT id, timestamp_millis(1700000000000 + id) FROM range(0, 8, 1, 2)");
            List<Object> before = rows("SELECT * FROM catalog_events");
            List<String> files = names(folder);
            assertThat(before).hasSize(8);
            // Microseconds that are not whole milliseconds fail the tasks (no truncateMicros option).
            String micros = "SELECT id, timestamp_micros(1700000000000001 + id) FROM range(0, 8, 1, 2)";
            assertThatThrownBy(() -> spark.sql("INSERT INTO catalog_events " + micros))
                    .hasStackTraceContaining("JazminValidationException").hasStackTraceContaining("truncateMicros");
            assertThatThrownBy(() -> spark.sql("INSERT OVERWRITE catalog_events " + micros))
                    .hasStackTraceContaining("truncateMicros");
            assertThat(names(folder)).as("no file of the failed jobs, no _temporary").isEqualTo(files);
            assertThat(rows("SELECT * FROM catalog_events")).isEqualTo(before);
        } finally {
            spark.sql("DROP TABLE catalog_events");
        }
    }

    @Test
    void aTableCreatedWithASchemaReadsEmptyUntilInsertedAndPartitionedTablesAreRefused() {
        spark.sql("CREATE TABLE catalog_empty (id BIGINT, name STRING) USING jazmin");
        try {
            assertThat(spark.sql("SELECT * FROM catalog_empty WHERE id > 1").collectAsList()).isEmpty();
            assertThat(spark.table("catalog_empty").count()).isZero();
            spark.sql("INSERT INTO catalog_empty VALUES (1, 'a'), (2, 'b')");
            assertThat(rows("SELECT * FROM catalog_empty")).containsExactly(List.of(1L, "a"), List.of(2L, "b"));
        } finally {
            spark.sql("DROP TABLE catalog_empty");
        }
        assertThatThrownBy(() -> spark.sql("CREATE TABLE catalog_parts (id BIGINT, k STRING) USING jazmin PARTITIONED BY (k)"))
                .isInstanceOf(UnsupportedFeatureException.class).hasMessageContaining("PARTITIONED BY");
        assertThat(spark.catalog().tableExists("catalog_parts")).isFalse();
    }

    @Test
    void intSmallintAndFloatColumnsReadBackAsTheTableDeclaresThem() {
        Dataset<Row> df = spark.sql("SELECT CAST(id AS INT) AS i, CAST(id AS SMALLINT) AS s, CAST(id / 4 AS FLOAT) AS f FROM range(5)");
        df.write().format("jazmin").saveAsTable("catalog_narrow");
        try {
            spark.sql("INSERT INTO catalog_narrow VALUES (2000000000, -7, 0.1)");
            assertThat(spark.table("catalog_narrow").schema().simpleString()).isEqualTo("struct<i:int,s:smallint,f:float>");
            List<Row> expected = df.unionAll(spark.sql("SELECT 2000000000, CAST(-7 AS SMALLINT), CAST(0.1 AS FLOAT)")).collectAsList();
            for (String columnar : List.of("true", "false")) {
                assertThat(spark.read().option("columnar", columnar).table("catalog_narrow").collectAsList())
                        .as("columnar=" + columnar).containsExactlyInAnyOrderElementsOf(expected);
            }
        } finally {
            spark.sql("DROP TABLE catalog_narrow");
        }
        Path folder = dir.resolve("big");
        spark.sql("SELECT 5000000000 AS i").write().format("jazmin").save(folder.toString());
        spark.sql("CREATE TABLE catalog_big (i INT) USING jazmin LOCATION '" + folder + "'");
        try {
            assertThatThrownBy(() -> spark.table("catalog_big").collectAsList()).hasStackTraceContaining("5000000000 does not fit");
        } finally {
            spark.sql("DROP TABLE catalog_big");
        }
        assertThatThrownBy(() -> spark.sql("CREATE TABLE catalog_dates (d DATE) USING jazmin"))
                .isInstanceOf(UnsupportedFeatureException.class).hasMessageContaining("column 'd'");
    }
}
