package io.jazmin.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.JazminWriter;
import io.jazmin.error.JazminValidationException;
import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.spark.metrics.ChunksTotalMetric;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code key=value} folders become columns, as with Spark's file sources: their types inferred,
 * predicates on them drop whole files before any task runs, and files whose columns disagree fail
 * naming the file.
 */
class PartitionFoldersTest {
    @TempDir
    static Path dir;
    static SparkSession spark;
    static Path sales;

    /** Four files: year=2023 and 2024, region=eu, us and a null region (Hive's default folder). */
    @BeforeAll
    static void setUp() {
        spark = SharedSpark.get();
        sales = dir.resolve("sales");
        sale(sales.resolve("year=2023/region=eu/a.jzm"), 0);
        sale(sales.resolve("year=2023/region=us/a.jzm"), 100);
        sale(sales.resolve("year=2024/region=eu/a.jzm"), 200);
        sale(sales.resolve("year=2024/region=__HIVE_DEFAULT_PARTITION__/a.jzm"), 300);
    }

    /** 100 rows with ids from {@code first}, in chunks of 25. */
    static void sale(Path file, long first) {
        try {
            Files.createDirectories(file.getParent());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        List<Map<String, ?>> rows = new ArrayList<>();
        for (long id = first; id < first + 100; id++) {
            rows.add(Map.of("id", id, "amount", id * 1.5));
        }
        JazminWriter.write(file, List.of(Column.required("id", ColumnType.INT), Column.of("amount", ColumnType.FLOAT)),
                WriteOptions.defaults().withChunkRows(25), rows.iterator());
    }

    private static String description(Dataset<Row> q) {
        return SparkRows.scan(q.queryExecution().executedPlan()).scan().description();
    }

    @Test
    void folderValuesBecomeTypedColumnsAfterTheFilesColumns() {
        Dataset<Row> df = spark.read().format("jazmin").load(sales.toString());
        assertThat(df.schema().simpleString()).isEqualTo("struct<id:bigint,amount:double,year:bigint,region:string>");
        assertThat(df.count()).isEqualTo(400);
        assertThat(df.where("id = 150").select("year", "region", "amount").first().mkString(","))
                .isEqualTo("2023,us,225.0");
        assertThat(df.where("id = 350").first().isNullAt(3)).as("the default folder's value is null").isTrue();
        assertThat(df.select("region").distinct().count()).as("partition columns alone").isEqualTo(3);
    }

    @Test
    void predicatesOnFolderValuesReadOnlyTheFilesTheyKeep() {
        Dataset<Row> df = spark.read().format("jazmin").load(sales.toString());
        Dataset<Row> q = df.where("year = 2024 AND region = 'eu' AND id >= 250").select("id", "region");
        List<Row> rows = q.collectAsList();
        assertThat(rows).hasSize(50).allMatch(r -> r.getString(1).equals("eu") && r.getLong(0) >= 250);
        assertThat(description(q)).contains("files=1");
        assertThat(SparkRows.metric(q.queryExecution().executedPlan(), ChunksTotalMetric.NAME)).as("one file's chunks").isEqualTo(4);

        assertThat(description(df.where("region IS NULL"))).contains("files=1");
        assertThat(description(df.where("year > 2023 OR region = 'us'"))).contains("files=3");
        assertThat(description(df.where("region IN ('us', 'xx')"))).contains("files=1");
        assertThat(description(df.where("NOT (year = 2023)"))).contains("files=2");
        assertThat(df.where("year > 2023 OR region = 'us'").count()).isEqualTo(300);
        assertThat(df.where("year = 2024 AND region IS NOT NULL").count()).isEqualTo(100);
        assertThat(df.where("year = 1999").count()).as("every file pruned").isZero();
        assertThat(df.where("year = 1999").collectAsList()).isEmpty();
    }

    @Test
    void aUserSchemaDecidesTheFolderColumnsTypes() {
        Dataset<Row> df = spark.read().format("jazmin").schema("id BIGINT, amount DOUBLE, year STRING, region STRING")
                .load(sales.toString());
        assertThat(df.where("year = '2024'").count()).isEqualTo(200);
        assertThat(df.where("id = 0").first().get(2)).isEqualTo("2023");
    }

    @Test
    void recursiveFileLookupReadsEveryFolderWithoutPartitionColumns() {
        Dataset<Row> df = spark.read().format("jazmin").option("recursiveFileLookup", "true").load(sales.toString());
        assertThat(df.schema().fieldNames()).containsExactly("id", "amount");
        assertThat(df.count()).isEqualTo(400);
    }

    @Test
    void filesUnderDifferentKeysOrKeysNamingAColumnAreRefused() {
        Path mixed = dir.resolve("mixed");
        sale(mixed.resolve("year=2023/a.jzm"), 0);
        sale(mixed.resolve("region=eu/b.jzm"), 0);
        assertThatThrownBy(() -> spark.read().format("jazmin").load(mixed.toString()))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("different partition folders")
                .hasMessageContaining("year=2023/a.jzm under [year]").hasMessageContaining("region=eu/b.jzm under [region]");
        Path clash = dir.resolve("clash");
        sale(clash.resolve("id=1/a.jzm"), 0);
        assertThatThrownBy(() -> spark.read().format("jazmin").load(clash.toString()))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("id=… name a column");
    }

    @Test
    void aFileWhoseColumnsDisagreeFailsNamingItAndTheFirstFile() throws Exception {
        Path odd = dir.resolve("odd");
        sale(odd.resolve("a.jzm"), 0);
        JazminWriter.write(odd.resolve("b.jzm"), List.of(Column.required("id", ColumnType.INT), Column.of("amount", ColumnType.STRING),
                Column.of("note", ColumnType.STRING)), WriteOptions.defaults(), List.of(Map.of("id", 1L, "amount", "x")).iterator());
        assertThatThrownBy(() -> spark.read().format("jazmin").load(odd.toString()).collectAsList())
                .hasStackTraceContaining("b.jzm: its columns disagree with those of")
                .hasStackTraceContaining("a.jzm (the first file")
                .hasStackTraceContaining("'amount' is string, not double")
                .hasStackTraceContaining("an extra column 'note'");
        Path nullable = dir.resolve("nullable");
        sale(nullable.resolve("a.jzm"), 0);
        JazminWriter.write(nullable.resolve("b.jzm"), List.of(Column.of("id", ColumnType.INT), Column.of("amount", ColumnType.FLOAT)),
                WriteOptions.defaults(), List.of(Map.of("amount", 1.0)).iterator());
        assertThatThrownBy(() -> spark.read().format("jazmin").load(nullable.toString()).count())
                .hasStackTraceContaining("'id' may be null, where the first file's is required");
    }
}
