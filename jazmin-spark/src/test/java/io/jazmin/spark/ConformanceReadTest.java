package io.jazmin.spark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.jazmin.JazminReader;
import io.jazmin.JazminTable;
import io.jazmin.schema.Column;
import io.jazmin.testing.ConformanceCase;
import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/**
 * Every view of every interop case written by the reference library, read through Spark with the
 * view's key, password or access key and table: the columns are those of the view's expected rows
 * (hidden columns absent), the row count is the reference reader's, and the rows are those core's
 * reader gives. {@link #readEveryView} reads them from other file systems too.
 */
class ConformanceReadTest {
    /** Columnar reads are on by default: every view whose columns are all flat is read as column batches. */
    @Test
    void everyViewOfEveryCaseReadsAsItsExpectedRows() throws IOException {
        Map<String, Boolean> columnar = readEveryView(SharedSpark.get(), c -> c.dataFile().toString(), Map.of());
        assertThat(columnar).as("views read as column batches").containsValue(true);
        assertThat(columnar).as("views with nested columns, read as rows").containsValue(false);
    }

    /** With option columnar=false every view is read as rows, and gives the same rows (core's) as with batches. */
    @Test
    void everyViewReadsTheSameRowsWithColumnarReadsOff() throws IOException {
        Map<String, Boolean> columnar = readEveryView(SharedSpark.get(), c -> c.dataFile().toString(), Map.of("columnar", "false"));
        assertThat(columnar.values()).containsOnly(false);
    }

    /**
     * Reads every view of every case from where {@code location} puts the case's data file (a local
     * path, or a copy on HDFS or S3) and checks its columns and rows.
     */
    static void readEveryView(SparkSession spark, Function<ConformanceCase, String> location) throws IOException {
        readEveryView(spark, location, Map.of());
    }

    /**
     * {@link #readEveryView(SparkSession, Function)} with more read {@code options}; also checks that a
     * view is read as column batches exactly when the options allow it and all its columns are flat.
     *
     * @return per view, whether its scan was columnar
     */
    static Map<String, Boolean> readEveryView(SparkSession spark, Function<ConformanceCase, String> location,
                                              Map<String, String> options) throws IOException {
        Map<String, Boolean> columnar = new LinkedHashMap<>();
        List<String> checked = new ArrayList<>();
        boolean allowed = !"false".equals(options.get("columnar"));
        for (ConformanceCase c : ConformanceCase.all()) {
            String file = location.apply(c);
            for (ConformanceCase.View view : c.views()) {
                Expected expected = expected(view);
                Dataset<Row> df = reader(spark, view).options(options).load(file);
                assertThat(df.schema().fieldNames()).as(view + " columns").containsExactlyElementsOf(expected.columns());
                List<Object> rows = SparkRows.ofSpark(df.collectAsList());
                assertThat(rows).as(view + " row count").hasSize((int) expected.rows());
                assertThat(rows).as(view + " rows").isEqualTo(core(view));
                boolean batches = SparkRows.scan(df.queryExecution().executedPlan()).supportsColumnar();
                assertThat(batches).as(view + " read as column batches").isEqualTo(allowed && flat(df.schema()));
                columnar.put(view.toString(), batches);
                checked.add(view.toString());
            }
        }
        assertThat(checked).as("views read").hasSizeGreaterThanOrEqualTo(25)
                .contains("js-access/bob", "js-access/erin", "shared-access/sally", "js-password/password", "js-tables/plain.countries");
        return columnar;
    }

    /** Whether a schema has columns and none of them is an array, struct or map. */
    private static boolean flat(StructType schema) {
        return schema.fields().length > 0 && Arrays.stream(schema.fields())
                .noneMatch(f -> f.dataType() instanceof ArrayType || f.dataType() instanceof StructType || f.dataType() instanceof MapType);
    }

    /** The view's options as Spark options. */
    private static DataFrameReader reader(SparkSession spark, ConformanceCase.View view) {
        DataFrameReader r = spark.read().format("jazmin");
        Map<String, String> optionOf = Map.of("keyText", "secretKey", "accessKeyText", "accessKey", "password", "password");
        String kind = view.secretKind();
        if (kind != null) {
            r = r.option(optionOf.get(kind), view.spec().get(kind).asString());
        }
        return view.table() == null ? r : r.option("table", view.table());
    }

    /** The view's rows as core reads them. */
    private static List<Object> core(ConformanceCase.View view) {
        try (JazminReader r = JazminReader.open(view.owner().dataFile(), view.readOptions())) {
            JazminTable t = view.table() == null ? r.table() : r.table(view.table());
            return SparkRows.ofCore(t.rows());
        }
    }

    /** The column names of the view's first expected row (core's when it has none) and the reference row count. */
    private static Expected expected(ConformanceCase.View view) throws IOException {
        List<String> columns = null;
        try (BufferedReader in = ConformanceCase.openText(view.expectedFile())) {
            String line = in.readLine();
            if (line != null && !line.isBlank()) {
                columns = new ArrayList<>();
                new ObjectMapper().readTree(line).fieldNames().forEachRemaining(columns::add);
            }
        }
        long rows = view.reference().get("rowCount").asLong();
        if (columns == null) {
            try (JazminReader r = JazminReader.open(view.owner().dataFile(), view.readOptions())) {
                columns = (view.table() == null ? r.table() : r.table(view.table())).columns().stream().map(Column::name).toList();
            }
        }
        return new Expected(columns, rows);
    }

    private record Expected(List<String> columns, long rows) {
    }
}
